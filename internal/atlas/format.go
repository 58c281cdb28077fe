package atlas

import (
	"bufio"
	"bytes"
	"errors"
	"path"
	"strings"
	"unicode/utf16"
	"unicode/utf8"
)

// Format is a frame-list file format.
type Format uint8

const (
	// Unknown is no supported format.
	Unknown Format = iota
	// Starling is Starling / Sparrow TextureAtlas XML (.xml).
	Starling
	// JSON is TexturePacker JSON, hash or array form, and Aseprite JSON
	// (.json).
	JSON
	// Plist is a TexturePacker / Cocos2d XML property list, formats 1 to
	// 3 (.plist).
	Plist
	// LibGDX is libGDX / Spine atlas text, old and new syntax (.atlas).
	LibGDX
	// List is lines "name = x y w h [n]" or "name x y w h [n]" (.txt).
	List
)

// String returns the format's name as used in messages.
func (f Format) String() string {
	switch f {
	case Starling:
		return "Starling XML"
	case JSON:
		return "TexturePacker/Aseprite JSON"
	case Plist:
		return "plist"
	case LibGDX:
		return "libGDX atlas"
	case List:
		return "frame list"
	}
	return "unknown"
}

// FormatOf returns the format that a data file's extension names, or
// Unknown.
func FormatOf(name string) Format {
	switch strings.ToLower(path.Ext(name)) {
	case ".xml":
		return Starling
	case ".json":
		return JSON
	case ".plist":
		return Plist
	case ".atlas":
		return LibGDX
	case ".txt":
		return List
	}
	return Unknown
}

// sniffLimit is how much of a file Sniff reads.
const sniffLimit = 64 << 10

// Sniff returns the frame-list format that data looks like, from its
// first 64 KiB, or Unknown. It is a hint for a file that is not named
// after an image (such as "tiles_list_v1.4"): Decode still decides. A list
// must start with a line that parses as a list line, and its first five
// entries must all parse; a libGDX atlas must start with a page name and
// a "key: value" line that libGDX knows.
func Sniff(data []byte) Format {
	if len(data) > sniffLimit {
		data = data[:sniffLimit]
		if bytes.HasPrefix(data, []byte{0xFF, 0xFE}) || bytes.HasPrefix(data, []byte{0xFE, 0xFF}) {
			data = data[:len(data)&^1]
		}
	}
	text, err := Text(data)
	if err != nil {
		return Unknown
	}
	return sniffText(text)
}

// sniffText is Sniff on UTF-8 text of any length; it reads at most
// sniffLimit bytes of it.
func sniffText(text []byte) Format {
	if len(text) > sniffLimit {
		text = text[:sniffLimit]
	}
	t := bytes.TrimSpace(text)
	switch {
	case bytes.HasPrefix(t, []byte("<")):
		if bytes.Contains(t, []byte("<plist")) || bytes.Contains(t, []byte("<!DOCTYPE plist")) {
			return Plist
		}
		if bytes.Contains(t, []byte("<TextureAtlas")) {
			return Starling
		}
		return Unknown
	case bytes.HasPrefix(t, []byte("{")):
		if bytes.Contains(t, []byte(`"frames"`)) {
			return JSON
		}
		return Unknown
	}
	if looksLibGDX(t) {
		return LibGDX
	}
	if looksList(t) {
		return List
	}
	return Unknown
}

// looksList reports whether the first five entries of text (skipping
// blank and comment lines; at least one) parse as list lines.
func looksList(text []byte) bool {
	sc := bufio.NewScanner(bytes.NewReader(text))
	sc.Buffer(nil, sniffLimit)
	n := 0
	for n < 5 && sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		if _, _, err := listLine(line); err != nil {
			return false
		}
		n++
	}
	return n > 0
}

// libgdxKeys are the page and region keys of libGDX and Spine atlases.
var libgdxKeys = map[string]bool{
	"size": true, "format": true, "filter": true, "repeat": true, "pma": true, "scale": true,
	"xy": true, "bounds": true, "rotate": true, "orig": true, "offset": true, "offsets": true, "index": true,
}

// looksLibGDX reports whether text starts with a page name (a line
// without a colon) followed by a libGDX "key: value" line.
func looksLibGDX(text []byte) bool {
	sc := bufio.NewScanner(bytes.NewReader(text))
	sc.Buffer(nil, sniffLimit)
	var lines []string
	for len(lines) < 2 && sc.Scan() {
		if line := strings.TrimSpace(sc.Text()); line != "" {
			lines = append(lines, line)
		}
	}
	if len(lines) < 2 || strings.Contains(lines[0], ":") {
		return false
	}
	key, _, ok := strings.Cut(lines[1], ":")
	return ok && libgdxKeys[strings.TrimSpace(key)]
}

// Text returns data as UTF-8: a UTF-16 file (with a byte-order mark) is
// converted and a UTF-8 byte-order mark is dropped.
func Text(data []byte) ([]byte, error) {
	switch {
	case bytes.HasPrefix(data, []byte{0xEF, 0xBB, 0xBF}):
		return data[3:], nil
	case bytes.HasPrefix(data, []byte{0xFF, 0xFE}), bytes.HasPrefix(data, []byte{0xFE, 0xFF}):
		if len(data)%2 != 0 {
			return nil, errors.New("truncated UTF-16 text")
		}
		big := data[0] == 0xFE
		u := make([]uint16, 0, len(data)/2-1)
		for i := 2; i < len(data); i += 2 {
			if big {
				u = append(u, uint16(data[i])<<8|uint16(data[i+1]))
			} else {
				u = append(u, uint16(data[i+1])<<8|uint16(data[i]))
			}
		}
		b := make([]byte, 0, len(data))
		for _, r := range utf16.Decode(u) {
			b = utf8.AppendRune(b, r)
		}
		return b, nil
	}
	return data, nil
}
