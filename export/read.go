package export

import (
	"bytes"
	"encoding/json"
	"fmt"
	"maps"
	"slices"
	"strings"

	"gopkg.in/yaml.v3"
)

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
		s := &lib.Sprites[i]
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
