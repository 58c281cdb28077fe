package export

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"slices"
	"strconv"
	"strings"
)

// WriteJSON writes lib to w as JSON in the layout of DESIGN.md: two-space
// indentation, one line per sprite key, points, rings, frames and quality
// entries each on one line, and one line per piece or outline ring when a
// sprite has several. The sprites are written sorted by name (lib itself
// is not changed), map keys are sorted, numbers are plain JSON numbers in
// their shortest form (as encoding/json writes them), and an empty Format
// is written as shapegen/v1: the same library always gives the same bytes.
// It returns an error, writing nothing, when lib is not valid (as
// ReadLibrary checks it: NaN or infinite numbers, duplicate names, rings
// with fewer than three points, ...), so it never writes a library that
// cannot be read back.
func WriteJSON(w io.Writer, lib *Library) error {
	c, err := prepare(lib)
	if err != nil {
		return err
	}
	sprites := make([]SpriteJSON, len(c.Sprites))
	for i := range c.Sprites {
		sprites[i] = SpriteJSON{Name: c.Sprites[i].Name, JSON: appendSprite(nil, &c.Sprites[i])}
	}
	return writeJSON(w, c, sprites)
}

// SpriteJSON is one sprite encoded by AppendSpriteJSON, with its name.
type SpriteJSON struct {
	Name string
	JSON []byte
}

// AppendSpriteJSON appends sp to dst as WriteJSON lays it out inside a
// library's sprite list: from its "{" to its "}", inner lines indented for
// that place. It is the encoder WriteJSON uses, so that a build can encode
// each sprite as soon as it is computed, on any core, and assemble the
// library with WriteJSONSprites. It returns dst unchanged and an error
// when sp is not valid (as WriteJSON checks it).
func AppendSpriteJSON(dst []byte, sp *Sprite) ([]byte, error) {
	if sp.Name == "" {
		return dst, errors.New("sprite has no name")
	}
	if err := checkSprite(sp, true); err != nil {
		return dst, fmt.Errorf("sprite %q: %w", sp.Name, err)
	}
	return appendSprite(dst, sp), nil
}

// WriteJSONSprites writes to w the library lib (whose own Sprites are not
// used) with the sprites encoded by AppendSpriteJSON, giving the same bytes
// as WriteJSON of lib with those sprites. The sprites must be sorted by
// name with no name twice; it returns an error, writing nothing, when they
// are not or when lib's format or settings are not valid.
func WriteJSONSprites(w io.Writer, lib *Library, sprites []SpriteJSON) error {
	head := *lib
	head.Sprites = nil
	if head.Format == "" {
		head.Format = Format
	}
	if err := validate(&head, false); err != nil {
		return err
	}
	for i := 1; i < len(sprites); i++ {
		if sprites[i-1].Name >= sprites[i].Name {
			return fmt.Errorf("sprite %q after %q: sprites not sorted by name or a name twice", sprites[i].Name, sprites[i-1].Name)
		}
	}
	return writeJSON(w, &head, sprites)
}

// writeJSON writes the checked library head with the encoded sprites.
func writeJSON(w io.Writer, head *Library, sprites []SpriteJSON) error {
	n := 256
	for _, s := range sprites {
		n += len(s.JSON) + 6
	}
	b := make([]byte, 0, n)
	b = append(b, "{\n  \"format\": "...)
	b = appendString(b, head.Format)
	if head.Generator != "" {
		b = append(b, ",\n  \"generator\": "...)
		b = appendString(b, head.Generator)
	}
	st := head.Settings
	b = append(b, ",\n  \"settings\": {\"alpha_threshold\": "...)
	b = strconv.AppendInt(b, int64(st.AlphaThreshold), 10)
	b = append(b, ", \"max_vertices\": "...)
	b = strconv.AppendInt(b, int64(st.MaxVertices), 10)
	b = append(b, ", \"max_pieces\": "...)
	b = strconv.AppendInt(b, int64(st.MaxPieces), 10)
	if len(st.Shapes) > 0 {
		b = append(b, ", \"shapes\": ["...)
		for i, k := range st.Shapes {
			if i > 0 {
				b = append(b, ", "...)
			}
			b = appendString(b, k)
		}
		b = append(b, ']')
	}
	if st.Pivot != "" {
		b = append(b, ", \"pivot\": "...)
		b = appendString(b, st.Pivot)
	}
	b = append(b, "},\n  \"sprites\": ["...)
	for i, s := range sprites {
		if i > 0 {
			b = append(b, ',')
		}
		b = append(b, "\n    "...)
		b = append(b, s.JSON...)
	}
	if len(sprites) > 0 {
		b = append(b, "\n  "...)
	}
	b = append(b, "]\n}\n"...)
	_, err := w.Write(b)
	return err
}

// appendSprite appends the checked sprite sp (see AppendSpriteJSON).
func appendSprite(b []byte, sp *Sprite) []byte {
	const in = "\n      " // a sprite key's line
	b = append(b, "{"+in+"\"name\": "...)
	b = appendString(b, sp.Name)
	b = append(b, ","+in+"\"image\": "...)
	b = appendString(b, sp.Image)
	f := sp.Frame
	b = append(b, ","+in+"\"frame\": {\"x\": "...)
	b = strconv.AppendInt(b, int64(f.X), 10)
	b = append(b, ", \"y\": "...)
	b = strconv.AppendInt(b, int64(f.Y), 10)
	b = append(b, ", \"w\": "...)
	b = strconv.AppendInt(b, int64(f.W), 10)
	b = append(b, ", \"h\": "...)
	b = strconv.AppendInt(b, int64(f.H), 10)
	b = append(b, '}')
	if sp.Rotated {
		b = append(b, ","+in+"\"rotated\": true"...)
	}
	if sp.Offset != nil {
		b = append(b, ","+in+"\"offset\": "...)
		b = appendInts(b, sp.Offset[0], sp.Offset[1])
	}
	b = append(b, ","+in+"\"size\": "...)
	b = appendInts(b, sp.Size[0], sp.Size[1])
	b = append(b, ","+in+"\"pivot\": "...)
	b = appendPoint(b, sp.Pivot)
	b = append(b, ","+in+"\"pixels\": "...)
	b = strconv.AppendInt(b, int64(sp.Pixels), 10)
	if a := sp.AABB; a != nil {
		b = append(b, ","+in+"\"aabb\": {\"min\": "...)
		b = appendPoint(b, a.Min)
		b = append(b, ", \"max\": "...)
		b = appendPoint(b, a.Max)
		b = append(b, '}')
	}
	if c := sp.Circle; c != nil {
		b = append(b, ","+in+"\"circle\": {\"center\": "...)
		b = appendPoint(b, c.Center)
		b = append(b, ", \"radius\": "...)
		b = appendFloat(b, c.Radius)
		b = append(b, '}')
	}
	if x := sp.Box; x != nil {
		b = append(b, ","+in+"\"box\": {\"center\": "...)
		b = appendPoint(b, x.Center)
		b = append(b, ", \"half\": "...)
		b = appendPoint(b, x.Half)
		b = append(b, ", \"angle\": "...)
		b = appendFloat(b, x.Angle)
		b = append(b, '}')
	}
	if len(sp.Hull) > 0 {
		b = append(b, ","+in+"\"hull\": "...)
		b = appendRing(b, sp.Hull)
	}
	if len(sp.Polygon) > 0 {
		b = append(b, ","+in+"\"polygon\": "...)
		b = appendRing(b, sp.Polygon)
	}
	if len(sp.Pieces) > 0 {
		b = append(b, ","+in+"\"pieces\": "...)
		b = appendRings(b, sp.Pieces)
	}
	if len(sp.Outline) > 0 {
		b = append(b, ","+in+"\"outline\": "...)
		b = appendRings(b, sp.Outline)
	}
	if len(sp.Quality) > 0 {
		b = append(b, ","+in+"\"quality\": {"...)
		for i, k := range sortedKeys(sp.Quality) {
			q := sp.Quality[k]
			if i > 0 {
				b = append(b, ',')
			}
			b = append(b, in+"  "...)
			b = appendString(b, k)
			b = append(b, ": {\"outside\": "...)
			b = strconv.AppendInt(b, int64(q.Outside), 10)
			b = append(b, ", \"area_ratio\": "...)
			b = appendFloat(b, q.AreaRatio)
			b = append(b, ", \"fp_area\": "...)
			b = appendFloat(b, q.FPArea)
			b = append(b, '}')
		}
		b = append(b, in+"}"...)
	}
	if m := sp.Mask; m != nil {
		b = append(b, ","+in+"\"mask\": {\"w\": "...)
		b = strconv.AppendInt(b, int64(m.W), 10)
		b = append(b, ", \"h\": "...)
		b = strconv.AppendInt(b, int64(m.H), 10)
		b = append(b, ", \"rle\": "...)
		b = appendString(b, m.RLE)
		b = append(b, '}')
	}
	if len(sp.Warnings) > 0 {
		b = append(b, ","+in+"\"warnings\": ["...)
		for i, w := range sp.Warnings {
			if i > 0 {
				b = append(b, ", "...)
			}
			b = appendString(b, w)
		}
		b = append(b, ']')
	}
	return append(b, "\n    }"...)
}

// appendRings appends the pieces or outline rs: on one line when there is
// one ring, else one ring per line.
func appendRings(b []byte, rs []Ring) []byte {
	if len(rs) == 1 {
		b = append(b, '[')
		return append(appendRing(b, rs[0]), ']')
	}
	b = append(b, '[')
	for i, r := range rs {
		if i > 0 {
			b = append(b, ',')
		}
		b = append(b, "\n        "...)
		b = appendRing(b, r)
	}
	return append(b, "\n      ]"...)
}

// appendRing appends r as [[x, y], ...] (null for a nil ring, as
// encoding/json writes it).
func appendRing(b []byte, r Ring) []byte {
	if r == nil {
		return append(b, "null"...)
	}
	b = append(b, '[')
	for i, p := range r {
		if i > 0 {
			b = append(b, ", "...)
		}
		b = appendPoint(b, p)
	}
	return append(b, ']')
}

func appendPoint(b []byte, p Point) []byte {
	b = append(b, '[')
	b = appendFloat(b, p[0])
	b = append(b, ", "...)
	b = appendFloat(b, p[1])
	return append(b, ']')
}

func appendInts(b []byte, x, y int) []byte {
	b = append(b, '[')
	b = strconv.AppendInt(b, int64(x), 10)
	b = append(b, ", "...)
	b = strconv.AppendInt(b, int64(y), 10)
	return append(b, ']')
}

// appendFloat appends the finite f as encoding/json writes a float64: the
// shortest form that reads back exactly, in exponent form only below 1e-6
// or from 1e21 on, with a two-digit exponent cut to one ("1e-7").
func appendFloat(b []byte, f float64) []byte {
	abs := math.Abs(f)
	format := byte('f')
	if abs != 0 && (abs < 1e-6 || abs >= 1e21) {
		format = 'e'
	}
	b = strconv.AppendFloat(b, f, format, -1, 64)
	if format == 'e' {
		if n := len(b); n >= 4 && b[n-4] == 'e' && b[n-3] == '-' && b[n-2] == '0' {
			b[n-2] = b[n-1]
			b = b[:n-1]
		}
	}
	return b
}

// appendString appends s as a JSON string, escaped as encoding/json does
// without HTML escaping. Plain printable ASCII, the usual case, is copied.
func appendString(b []byte, s string) []byte {
	for i := 0; i < len(s); i++ {
		if c := s[i]; c < 0x20 || c >= 0x80 || c == '"' || c == '\\' {
			return append(b, quote(s)...)
		}
	}
	b = append(b, '"')
	b = append(b, s...)
	return append(b, '"')
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
