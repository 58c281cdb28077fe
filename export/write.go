package export

import (
	"bytes"
	"encoding/json"
	"io"
	"slices"
	"strings"
)

// WriteJSON writes lib to w as JSON in the layout of DESIGN.md: two-space
// indentation, one line per sprite key, points, rings, frames and quality
// entries each on one line, and one line per piece or outline ring when a
// sprite has several. The sprites are written sorted by name (lib itself
// is not changed), map keys are sorted, numbers are plain JSON numbers in
// their shortest form, and an empty Format is written as shapegen/v1: the
// same library always gives the same bytes. It returns an error, writing
// nothing, when lib is not valid (as ReadLibrary checks it: NaN or
// infinite numbers, duplicate names, rings with fewer than three points,
// ...), so it never writes a library that cannot be read back.
func WriteJSON(w io.Writer, lib *Library) error {
	raw, err := marshal(lib)
	if err != nil {
		return err
	}
	var buf bytes.Buffer
	if err := layoutJSON(&buf, raw, nil, ""); err != nil {
		return err
	}
	buf.WriteByte('\n')
	_, err = w.Write(buf.Bytes())
	return err
}

// marshal validates lib and returns it as compact JSON with the sprites
// sorted by name.
func marshal(lib *Library) ([]byte, error) {
	c, err := prepare(lib)
	if err != nil {
		return nil, err
	}
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(c); err != nil {
		return nil, err
	}
	return bytes.TrimSuffix(buf.Bytes(), []byte("\n")), nil
}

// prepare returns a shallow copy of lib with its sprites sorted by name and
// an empty Format set, after validating it.
func prepare(lib *Library) (*Library, error) {
	c := *lib
	if c.Format == "" {
		c.Format = Format
	}
	c.Sprites = slices.Clone(lib.Sprites)
	if c.Sprites == nil {
		c.Sprites = []Sprite{} // "sprites": [], not null
	}
	slices.SortStableFunc(c.Sprites, func(a, b Sprite) int { return strings.Compare(a.Name, b.Name) })
	if err := validate(&c, true); err != nil {
		return nil, err
	}
	return &c, nil
}

// block reports whether the value at path (object keys, "#" for an array
// element) is laid out one entry per line rather than on one line. n is
// its number of entries.
func block(path []string, n int) bool {
	return n > 0 && mayBlock(path) && (n > 1 || !manyOnly(path))
}

// mayBlock reports whether the value at path is laid out one entry per line
// when it has enough entries: the library, its sprites, each sprite, each
// sprite's quality map, pieces and outline.
func mayBlock(path []string) bool {
	switch len(path) {
	case 0:
		return true
	case 1:
		return path[0] == "sprites"
	case 2:
		return path[0] == "sprites"
	case 3:
		return path[0] == "sprites" && (path[2] == "quality" || manyOnly(path))
	}
	return false
}

// manyOnly reports whether the value at path is laid out one entry per line
// only when it has more than one entry.
func manyOnly(path []string) bool {
	return len(path) == 3 && (path[2] == "pieces" || path[2] == "outline")
}

// field is one key and its value of a JSON object, in order.
type field struct {
	key string
	val json.RawMessage
}

// layoutJSON writes the compact JSON value raw at path to b, with the
// layout of block; indent is the current line's indentation.
func layoutJSON(b *bytes.Buffer, raw json.RawMessage, path []string, indent string) error {
	if !mayBlock(path) {
		spaced(b, raw)
		return nil
	}
	switch raw[0] {
	case '{':
		fields, err := objectFields(raw)
		if err != nil {
			return err
		}
		if !block(path, len(fields)) {
			break
		}
		b.WriteString("{\n")
		for i, f := range fields {
			b.WriteString(indent + "  ")
			b.Write(quote(f.key))
			b.WriteString(": ")
			if err := layoutJSON(b, f.val, append(path, f.key), indent+"  "); err != nil {
				return err
			}
			if i < len(fields)-1 {
				b.WriteByte(',')
			}
			b.WriteByte('\n')
		}
		b.WriteString(indent + "}")
		return nil
	case '[':
		elems := splitTop(raw)
		if !block(path, len(elems)) {
			break
		}
		b.WriteString("[\n")
		for i, e := range elems {
			b.WriteString(indent + "  ")
			if err := layoutJSON(b, e, append(path, "#"), indent+"  "); err != nil {
				return err
			}
			if i < len(elems)-1 {
				b.WriteByte(',')
			}
			b.WriteByte('\n')
		}
		b.WriteString(indent + "]")
		return nil
	}
	spaced(b, raw)
	return nil
}

// objectFields returns the fields of the compact JSON object raw, as
// encoding/json wrote it, in order.
func objectFields(raw json.RawMessage) ([]field, error) {
	var fields []field
	for _, kv := range splitTop(raw) {
		colon := valueEnd(kv, 0) // the key is a string: its end is the colon
		var key string
		if err := json.Unmarshal(kv[:colon], &key); err != nil {
			return nil, err
		}
		fields = append(fields, field{key, kv[colon+1:]})
	}
	return fields, nil
}

// splitTop returns the top-level entries of the compact JSON object or
// array raw ("key":value for an object).
func splitTop(raw []byte) [][]byte {
	var parts [][]byte
	if len(raw) <= 2 {
		return nil
	}
	start := 1
	for i := 1; i < len(raw)-1; {
		i = valueEnd(raw, i)
		if raw[i] == ':' {
			i = valueEnd(raw, i+1)
		}
		parts = append(parts, raw[start:i])
		start = i + 1
		i++
	}
	return parts
}

// valueEnd returns the index just past the compact JSON value (or object
// key) that starts at raw[i].
func valueEnd(raw []byte, i int) int {
	depth, inString, escaped := 0, false, false
	for ; i < len(raw); i++ {
		c := raw[i]
		switch {
		case escaped:
			escaped = false
		case inString:
			if c == '\\' {
				escaped = true
			} else if c == '"' {
				inString = false
				if depth == 0 {
					return i + 1
				}
			}
		case c == '"':
			inString = true
		case c == '{' || c == '[':
			depth++
		case c == '}' || c == ']':
			depth--
			if depth == 0 {
				return i + 1
			}
			if depth < 0 {
				return i
			}
		case depth == 0 && (c == ',' || c == ':'):
			return i
		}
	}
	return i
}

// quote returns s as a JSON string, without HTML escaping.
func quote(s string) []byte {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	_ = enc.Encode(s) // a string always encodes
	return bytes.TrimSuffix(buf.Bytes(), []byte("\n"))
}

// spaced writes the compact JSON raw to b with a space after each colon
// and comma outside strings: {"x": 0, "y": 1}, [[3, 20], [10, 5]].
func spaced(b *bytes.Buffer, raw []byte) {
	inString, escaped := false, false
	for _, c := range raw {
		b.WriteByte(c)
		switch {
		case escaped:
			escaped = false
		case inString && c == '\\':
			escaped = true
		case c == '"':
			inString = !inString
		case !inString && (c == ':' || c == ','):
			b.WriteByte(' ')
		}
	}
}
