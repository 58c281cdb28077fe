package export

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"slices"
	"strings"

	"gopkg.in/yaml.v3"
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

// WriteYAML writes lib to w as YAML with the same keys, order and checks as
// WriteJSON: block style for the library, the sprites and the quality map,
// flow style ([x, y], {x: 0, ...}) for everything WriteJSON puts on one
// line.
func WriteYAML(w io.Writer, lib *Library) error {
	raw, err := marshal(lib)
	if err != nil {
		return err
	}
	// JSON is YAML: parse the compact JSON as a node tree (which keeps the
	// key order) and choose each node's style with the JSON layout's rule.
	var doc yaml.Node
	if err := yaml.Unmarshal(raw, &doc); err != nil {
		return err
	}
	restyle(doc.Content[0], nil)
	var buf bytes.Buffer
	enc := yaml.NewEncoder(&buf)
	enc.SetIndent(2)
	if err := enc.Encode(&doc); err != nil {
		return err
	}
	if err := enc.Close(); err != nil {
		return err
	}
	_, err = w.Write(buf.Bytes())
	return err
}

// marshal validates lib and returns it as compact JSON with the sprites
// sorted by name.
func marshal(lib *Library) ([]byte, error) {
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
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(&c); err != nil {
		return nil, err
	}
	return bytes.TrimSuffix(buf.Bytes(), []byte("\n")), nil
}

// block reports whether the value at path (object keys, "#" for an array
// element) is laid out one entry per line rather than on one line. n is
// its number of entries.
func block(path []string, n int) bool {
	switch {
	case n == 0:
		return false
	case len(path) == 0: // the library
		return true
	case len(path) == 1:
		return path[0] == "sprites"
	case len(path) == 2:
		return path[0] == "sprites" // a sprite
	case len(path) == 3 && path[0] == "sprites":
		switch path[2] {
		case "quality":
			return true
		case "pieces", "outline":
			return n > 1
		}
	}
	return false
}

// field is one key and its value of a JSON object, in order.
type field struct {
	key string
	val json.RawMessage
}

// layoutJSON writes the compact JSON value raw at path to b, with the
// layout of block; indent is the current line's indentation.
func layoutJSON(b *bytes.Buffer, raw json.RawMessage, path []string, indent string) error {
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
		var elems []json.RawMessage
		if err := json.Unmarshal(raw, &elems); err != nil {
			return err
		}
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

// objectFields returns the fields of the JSON object raw in order.
func objectFields(raw json.RawMessage) ([]field, error) {
	dec := json.NewDecoder(bytes.NewReader(raw))
	if _, err := dec.Token(); err != nil {
		return nil, err
	}
	var fields []field
	for dec.More() {
		t, err := dec.Token()
		if err != nil {
			return nil, err
		}
		key, ok := t.(string)
		if !ok {
			return nil, fmt.Errorf("object key %v is not a string", t)
		}
		var v json.RawMessage
		if err := dec.Decode(&v); err != nil {
			return nil, err
		}
		fields = append(fields, field{key, v})
	}
	return fields, nil
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

// restyle sets the style of the YAML node n at path and below: block where
// block says so, flow otherwise, and plain scalars wherever the encoder
// finds them unambiguous (it quotes strings that would read as numbers).
func restyle(n *yaml.Node, path []string) {
	entries := len(n.Content)
	if n.Kind == yaml.MappingNode {
		entries /= 2
	}
	switch n.Kind {
	case yaml.ScalarNode:
		n.Style = 0
		return
	case yaml.MappingNode:
		for i := 0; i+1 < len(n.Content); i += 2 {
			restyle(n.Content[i], nil)
			restyle(n.Content[i+1], append(path, n.Content[i].Value))
		}
	case yaml.SequenceNode:
		for _, c := range n.Content {
			restyle(c, append(path, "#"))
		}
	}
	if block(path, entries) {
		n.Style = 0
	} else {
		n.Style = yaml.FlowStyle
	}
}
