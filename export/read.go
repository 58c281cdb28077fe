package export

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"maps"
	"slices"
	"strings"

	"gopkg.in/yaml.v3"
)

// firstByte returns the first byte of br after a byte-order mark and white
// space, which it consumes.
func firstByte(br *bufio.Reader) (byte, error) {
	if b, err := br.Peek(3); err == nil && string(b) == "\xef\xbb\xbf" {
		br.Discard(3)
	}
	for {
		c, err := br.ReadByte()
		if err != nil {
			return 0, err
		}
		if c != ' ' && c != '\t' && c != '\r' && c != '\n' {
			return c, br.UnreadByte()
		}
	}
}

// readJSON reads a JSON library from br, a sprite at a time: each sprite
// is decoded, normalized and checked as it comes, so the memory Read takes
// is the library's and a sprite's text. The format must be the first key,
// as the writers put it, for the rest to be streamed; otherwise the input
// is read whole and decoded by decode, which checks the format first.
func readJSON(br *bufio.Reader) (*Library, error) {
	dec := json.NewDecoder(br)
	syntax := func(err error) error { return fmt.Errorf("not a shape library (JSON): %w", err) }
	bad := func(err error) error { return fmt.Errorf("bad shape library (JSON): %w", err) }
	if _, err := dec.Token(); err != nil { // the '{' firstByte saw
		return nil, syntax(err)
	}
	lib := &Library{Sprites: []Sprite{}}
	seen := map[string]bool{}
	first := true
	for dec.More() {
		tok, err := dec.Token()
		if err != nil {
			return nil, syntax(err)
		}
		key, _ := tok.(string)
		if first && key != "format" {
			// Not as the writers lay it out: read it all the plain way.
			rest, err := io.ReadAll(io.MultiReader(dec.Buffered(), br))
			if err != nil {
				return nil, fmt.Errorf("read shapes: %w", err)
			}
			head, _ := json.Marshal(key)
			lib, err := decode(append(append([]byte("{"), head...), rest...))
			if err != nil {
				return nil, err
			}
			normalize(lib)
			if err := validate(lib, true); err != nil {
				return nil, err
			}
			return lib, nil
		}
		first = false
		switch key {
		case "format":
			var f any
			if err := dec.Decode(&f); err != nil {
				return nil, syntax(err)
			}
			if err := checkFormat(f); err != nil {
				return nil, err
			}
			lib.Format = f.(string)
		case "generator":
			if err := dec.Decode(&lib.Generator); err != nil {
				return nil, bad(err)
			}
		case "settings":
			if err := dec.Decode(&lib.Settings); err != nil {
				return nil, bad(err)
			}
			if err := checkHead(lib); err != nil {
				return nil, err
			}
		case "sprites":
			tok, err := dec.Token()
			if err != nil {
				return nil, syntax(err)
			}
			if d, ok := tok.(json.Delim); !ok || d != '[' {
				if tok == nil { // null: no sprites
					continue
				}
				return nil, bad(fmt.Errorf("sprites is %v, want a list", tok))
			}
			for dec.More() {
				var s Sprite
				if err := dec.Decode(&s); err != nil {
					return nil, bad(err)
				}
				if err := addRead(lib, seen, &s); err != nil {
					return nil, err
				}
			}
			if _, err := dec.Token(); err != nil {
				return nil, syntax(err)
			}
		case "animations":
			var as []Animation
			if err := dec.Decode(&as); err != nil {
				return nil, bad(err)
			}
			lib.Animations = append(lib.Animations, as...)
		default: // unknown keys are ignored
			var skip json.RawMessage
			if err := dec.Decode(&skip); err != nil {
				return nil, syntax(err)
			}
		}
	}
	if _, err := dec.Token(); err != nil {
		return nil, syntax(err)
	}
	if lib.Format == "" {
		return nil, checkFormat(nil)
	}
	if _, err := dec.Token(); err != io.EOF {
		return nil, syntax(fmt.Errorf("data after the library"))
	}
	return finishRead(lib, seen)
}

// addRead adds s, read as the next sprite of lib, after checking it:
// named, a name not seen before (seen holds the names of lib's sprites),
// valid.
func addRead(lib *Library, seen map[string]bool, s *Sprite) error {
	normalizeSprite(s)
	switch {
	case s.Name == "":
		return fmt.Errorf("sprite %d has no name", len(lib.Sprites))
	case seen[s.Name]:
		return fmt.Errorf("sprite %q appears twice", s.Name)
	}
	seen[s.Name] = true
	if err := checkSprite(s, true); err != nil {
		return fmt.Errorf("sprite %q: %w", s.Name, err)
	}
	lib.Sprites = append(lib.Sprites, *s)
	return nil
}

// finishRead sorts lib's sprites (read one at a time, each checked, their
// names seen) and its animations, and checks the animations.
func finishRead(lib *Library, seen map[string]bool) (*Library, error) {
	slices.SortStableFunc(lib.Sprites, func(a, b Sprite) int { return strings.Compare(a.Name, b.Name) })
	lib.Sprites = slices.Clip(lib.Sprites)
	normalizeAnimations(lib)
	seenAnim := map[string]bool{}
	for i := range lib.Animations {
		a := &lib.Animations[i]
		if seenAnim[a.Name] {
			return nil, fmt.Errorf("animation %q appears twice", a.Name)
		}
		seenAnim[a.Name] = true
		if err := checkAnimation(a, seen); err != nil {
			return nil, err
		}
	}
	return lib, nil
}

// decode parses a library and checks its format, parsing the input once.
func decode(data []byte) (*Library, error) {
	data = bytes.TrimPrefix(data, []byte("\xef\xbb\xbf"))
	var lib Library
	if t := bytes.TrimLeft(data, " \t\r\n"); len(t) > 0 && t[0] == '{' {
		if err := json.Unmarshal(data, &lib); err != nil {
			// A library of another format may not fit Library: say so
			// rather than report a type mismatch.
			var probe struct {
				Format any `json:"format"`
			}
			if json.Unmarshal(data, &probe) == nil {
				if err := checkFormat(probe.Format); err != nil {
					return nil, err
				}
				return nil, fmt.Errorf("bad shape library (JSON): %w", err)
			}
			return nil, fmt.Errorf("not a shape library (JSON): %w", err)
		}
		if lib.Format == "" {
			return nil, checkFormat(nil)
		}
		if err := checkFormat(lib.Format); err != nil {
			return nil, err
		}
		return &lib, nil
	}
	var doc yaml.Node
	if err := yaml.Unmarshal(data, &doc); err != nil {
		return nil, fmt.Errorf("not a shape library (YAML): %w", err)
	}
	var format any
	if len(doc.Content) == 1 && doc.Content[0].Kind == yaml.MappingNode {
		m := doc.Content[0]
		for i := 0; i+1 < len(m.Content); i += 2 {
			if m.Content[i].Value == "format" {
				if err := m.Content[i+1].Decode(&format); err != nil {
					return nil, fmt.Errorf("bad shape library (YAML): %w", err)
				}
			}
		}
	} else if len(doc.Content) == 1 {
		return nil, fmt.Errorf("not a shape library (YAML): the document is not a mapping")
	}
	if err := checkFormat(format); err != nil {
		return nil, err
	}
	if err := doc.Decode(&lib); err != nil {
		return nil, fmt.Errorf("bad shape library (YAML): %w", err)
	}
	return &lib, nil
}

// normalize turns the empty lists and maps of lib's sprites into nil, so
// that "hull": [] reads as an absent hull, as the writers omit it.
func normalize(lib *Library) {
	if lib.Sprites == nil {
		lib.Sprites = []Sprite{}
	}
	slices.SortStableFunc(lib.Sprites, func(a, b Sprite) int { return strings.Compare(a.Name, b.Name) })
	for i := range lib.Sprites {
		normalizeSprite(&lib.Sprites[i])
	}
	normalizeAnimations(lib)
}

// normalizeAnimations sorts lib's animations by name, turns their
// empty lists into nil, as normalize does for sprites, and empties the
// keys an animation does not have (see Animation), which a library
// written before may hold.
func normalizeAnimations(lib *Library) {
	if len(lib.Animations) == 0 {
		lib.Animations = nil
		return
	}
	slices.SortStableFunc(lib.Animations, func(a, b Animation) int { return strings.Compare(a.Name, b.Name) })
	for i := range lib.Animations {
		s := &lib.Animations[i].Sprite
		normalizeSprite(s)
		s.Image, s.Frame, s.Offset, s.Rotated, s.Turn, s.SameAs, s.Mask = "", Frame{}, nil, false, 0, "", nil
	}
}

// normalizeSprite turns the empty lists and maps of s into nil.
func normalizeSprite(s *Sprite) {
	if len(s.Hull) == 0 {
		s.Hull = nil
	}
	if len(s.Polygon) == 0 {
		s.Polygon = nil
	}
	if len(s.Pieces) == 0 {
		s.Pieces = nil
	}
	if len(s.Outline) == 0 {
		s.Outline = nil
	}
	if len(s.Quality) == 0 {
		s.Quality = nil
	}
	if len(s.Warnings) == 0 {
		s.Warnings = nil
	}
}

// checkFormat checks the value of the format key (nil when absent).
func checkFormat(format any) error {
	if format == nil {
		return fmt.Errorf("missing format, want %s", Format)
	}
	if f, ok := format.(string); !ok || f != Format {
		return fmt.Errorf("unsupported format %q, want %s", fmt.Sprint(format), Format)
	}
	return nil
}

// sortedKeys returns the keys of m in order.
func sortedKeys[V any](m map[string]V) []string { return slices.Sorted(maps.Keys(m)) }
