package atlas

import (
	"bufio"
	"bytes"
	"encoding/json"
	"encoding/xml"
	"errors"
	"fmt"
	"image"
	"path"
	"sort"
	"strconv"
	"strings"
	"unicode/utf16"
	"unicode/utf8"
)

// Frame is one sprite of a sheet.
type Frame struct {
	// Name is the frame's cleaned name, without extension.
	Name string
	// Rect is the frame's rectangle in the image as stored: for a rotated
	// frame its width is the sprite's height and vice versa.
	Rect image.Rectangle
	// Rotated reports whether the frame was turned 90 degrees clockwise
	// when packed; it must be turned back counter-clockwise.
	Rotated bool
	// Offset is where the stored (turned back) frame's top-left lies inside
	// the untrimmed sprite; zero for an untrimmed frame.
	Offset image.Point
	// Size is the untrimmed sprite's size.
	Size image.Point
}

// Atlas is a parsed frame list.
type Atlas struct {
	// Image is the image file the data file names (imagePath, meta.image),
	// or "" when it names none.
	Image  string
	Frames []Frame
}

// Parse reads an atlas data file, choosing the parser by the extension of
// name: .xml (Starling / Sparrow), .json (TexturePacker), .txt (lists).
func Parse(name string, data []byte) (*Atlas, error) {
	var a *Atlas
	var err error
	switch strings.ToLower(path.Ext(name)) {
	case ".xml":
		a, err = ParseXML(data)
	case ".json":
		a, err = ParseJSON(data)
	case ".txt":
		a, err = ParseList(data)
	default:
		return nil, fmt.Errorf("%s: not an atlas file (want .xml, .json or .txt)", name)
	}
	if err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	return a, nil
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
		var b []byte
		for _, r := range utf16.Decode(u) {
			b = utf8.AppendRune(b, r)
		}
		return b, nil
	}
	return data, nil
}

type xmlAtlas struct {
	ImagePath string `xml:"imagePath,attr"`
	Sub       []struct {
		Name        string `xml:"name,attr"`
		X           int    `xml:"x,attr"`
		Y           int    `xml:"y,attr"`
		Width       int    `xml:"width,attr"`
		Height      int    `xml:"height,attr"`
		FrameX      *int   `xml:"frameX,attr"`
		FrameY      *int   `xml:"frameY,attr"`
		FrameWidth  *int   `xml:"frameWidth,attr"`
		FrameHeight *int   `xml:"frameHeight,attr"`
		Rotated     bool   `xml:"rotated,attr"`
	} `xml:"SubTexture"`
}

// ParseXML reads a Starling / Sparrow TextureAtlas. x, y, width, height
// are the region as stored (for rotated="true" the packed, turned region);
// frameX, frameY (zero or negative) and frameWidth, frameHeight give the
// untrimmed frame, so the trimmed region sits at (-frameX, -frameY) in it.
func ParseXML(data []byte) (*Atlas, error) {
	data, err := Text(data)
	if err != nil {
		return nil, err
	}
	var x xmlAtlas
	if err := xml.Unmarshal(data, &x); err != nil {
		return nil, err
	}
	a := &Atlas{Image: x.ImagePath}
	for _, s := range x.Sub {
		r := image.Rect(s.X, s.Y, s.X+s.Width, s.Y+s.Height)
		size := r.Size()
		if s.Rotated {
			size = image.Pt(size.Y, size.X)
		}
		f := Frame{Name: s.Name, Rect: r, Rotated: s.Rotated, Size: size}
		if s.FrameX != nil && s.FrameY != nil {
			f.Offset = image.Pt(-*s.FrameX, -*s.FrameY)
		}
		if s.FrameWidth != nil && s.FrameHeight != nil {
			f.Size = image.Pt(*s.FrameWidth, *s.FrameHeight)
		}
		a.Frames = append(a.Frames, f)
	}
	return a, finish(a)
}

type tpRect struct{ X, Y, W, H int }

type tpFrame struct {
	Filename         string             `json:"filename"`
	Frame            tpRect             `json:"frame"`
	Rotated          bool               `json:"rotated"`
	Trimmed          bool               `json:"trimmed"`
	SpriteSourceSize tpRect             `json:"spriteSourceSize"`
	SourceSize       struct{ W, H int } `json:"sourceSize"`
}

// ParseJSON reads a TexturePacker JSON atlas, hash form ("frames": {name:
// frame}) or array form ("frames": [{"filename": name, ...}]). frame is
// the region in the sheet with the sprite's own (unturned) width and
// height; a rotated frame occupies h x w in the sheet. A trimmed frame
// sits at spriteSourceSize.x, .y inside sourceSize.
func ParseJSON(data []byte) (*Atlas, error) {
	data, err := Text(data)
	if err != nil {
		return nil, err
	}
	var doc struct {
		Frames json.RawMessage `json:"frames"`
		Meta   struct {
			Image string `json:"image"`
		} `json:"meta"`
	}
	if err := json.Unmarshal(data, &doc); err != nil {
		return nil, err
	}
	var list []tpFrame
	switch t := bytes.TrimSpace(doc.Frames); {
	case len(t) > 0 && t[0] == '{':
		var hash map[string]tpFrame
		if err := json.Unmarshal(t, &hash); err != nil {
			return nil, fmt.Errorf("frames: %w", err)
		}
		for name, f := range hash {
			f.Filename = name
			list = append(list, f)
		}
		sort.Slice(list, func(i, j int) bool { return list[i].Filename < list[j].Filename })
	case len(t) > 0 && t[0] == '[':
		if err := json.Unmarshal(t, &list); err != nil {
			return nil, fmt.Errorf("frames: %w", err)
		}
	default:
		return nil, errors.New(`no "frames" object or array`)
	}
	a := &Atlas{Image: doc.Meta.Image}
	for _, f := range list {
		w, h := f.Frame.W, f.Frame.H
		r := image.Rect(f.Frame.X, f.Frame.Y, f.Frame.X+w, f.Frame.Y+h)
		if f.Rotated {
			r = image.Rect(f.Frame.X, f.Frame.Y, f.Frame.X+h, f.Frame.Y+w)
		}
		fr := Frame{Name: f.Filename, Rect: r, Rotated: f.Rotated, Size: image.Pt(w, h)}
		if f.Trimmed || f.SourceSize.W > 0 {
			fr.Offset = image.Pt(f.SpriteSourceSize.X, f.SpriteSourceSize.Y)
			fr.Size = image.Pt(f.SourceSize.W, f.SourceSize.H)
		}
		a.Frames = append(a.Frames, fr)
	}
	return a, finish(a)
}

// ParseList reads lines "name = x y w h"; blank lines and lines starting
// with # are skipped.
func ParseList(data []byte) (*Atlas, error) {
	data, err := Text(data)
	if err != nil {
		return nil, err
	}
	a := &Atlas{}
	sc := bufio.NewScanner(bytes.NewReader(data))
	for n := 1; sc.Scan(); n++ {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		name, nums, ok := strings.Cut(line, "=")
		f := strings.Fields(nums)
		if !ok || len(f) != 4 {
			return nil, fmt.Errorf("line %d: want \"name = x y w h\", got %q", n, line)
		}
		var v [4]int
		for i, s := range f {
			if v[i], err = strconv.Atoi(s); err != nil {
				return nil, fmt.Errorf("line %d: %q is not an integer", n, s)
			}
		}
		a.Frames = append(a.Frames, Frame{
			Name: strings.TrimSpace(name),
			Rect: image.Rect(v[0], v[1], v[0]+v[2], v[1]+v[3]),
			Size: image.Pt(v[2], v[3]),
		})
	}
	if err := sc.Err(); err != nil {
		return nil, err
	}
	return a, finish(a)
}

// GridFrames cuts a w x h image into cells of cw x ch pixels with margin
// pixels around the sheet and spacing pixels between cells, row by row;
// frame i is named by its index. Cells that do not fit whole are dropped.
func GridFrames(w, h, cw, ch, margin, spacing int) []Frame {
	var fs []Frame
	if cw <= 0 || ch <= 0 {
		return nil
	}
	for y := margin; y+ch <= h-margin; y += ch + spacing {
		for x := margin; x+cw <= w-margin; x += cw + spacing {
			fs = append(fs, Frame{Name: strconv.Itoa(len(fs)), Rect: image.Rect(x, y, x+cw, y+ch), Size: image.Pt(cw, ch)})
		}
	}
	return fs
}

// finish cleans the frame names and checks the frames are well formed and
// uniquely named.
func finish(a *Atlas) error {
	if len(a.Frames) == 0 {
		return errors.New("no frames")
	}
	seen := make(map[string]bool, len(a.Frames))
	for i := range a.Frames {
		f := &a.Frames[i]
		raw := f.Name
		f.Name = CleanName(raw)
		if f.Name == "" {
			return fmt.Errorf("frame %q: empty name", raw)
		}
		if seen[f.Name] {
			return fmt.Errorf("frame %q: duplicate name %q", raw, f.Name)
		}
		seen[f.Name] = true
		if f.Rect.Empty() || f.Rect.Min.X < 0 || f.Rect.Min.Y < 0 {
			return fmt.Errorf("frame %q: bad rectangle %v", raw, f.Rect)
		}
		in := f.Rect.Size()
		if f.Rotated {
			in = image.Pt(in.Y, in.X)
		}
		if f.Offset.X < 0 || f.Offset.Y < 0 || f.Offset.X+in.X > f.Size.X || f.Offset.Y+in.Y > f.Size.Y {
			return fmt.Errorf("frame %q: trimmed %dx%d at %v does not fit size %dx%d", raw, in.X, in.Y, f.Offset, f.Size.X, f.Size.Y)
		}
	}
	return nil
}

// CleanName turns a name taken from an input (a frame name, a file path)
// into a safe relative slash-separated name without extension: backslashes
// become slashes, ".", ".." and empty elements are dropped (so the name
// cannot climb out of the folder it is placed under nor be absolute), and
// control characters and ':' become '_'. It returns "" when nothing is left.
func CleanName(name string) string {
	name = strings.ReplaceAll(name, `\`, "/")
	if ext := path.Ext(name); isExt(ext) && ext != name {
		name = strings.TrimSuffix(name, ext)
	}
	var parts []string
	for _, p := range strings.Split(name, "/") {
		p = strings.Map(func(r rune) rune {
			if r < 0x20 || r == 0x7f || r == ':' {
				return '_'
			}
			return r
		}, strings.TrimSpace(p))
		if p == "" || p == "." || p == ".." {
			continue
		}
		parts = append(parts, p)
	}
	return strings.Join(parts, "/")
}

// isExt reports whether ext looks like a file extension: a dot and one to
// five letters or digits.
func isExt(ext string) bool {
	if len(ext) < 2 || len(ext) > 6 {
		return false
	}
	for _, r := range ext[1:] {
		if !('a' <= r && r <= 'z' || 'A' <= r && r <= 'Z' || '0' <= r && r <= '9') {
			return false
		}
	}
	return true
}
