package export

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"maps"
	"slices"

	"gopkg.in/yaml.v3"
)

// ReadLibrary reads a shape library written as JSON or YAML (told apart by
// the first character: '{' is JSON). It rejects a missing or unknown
// format ("unsupported format %q, want shapegen/v1") before looking at
// anything else, ignores unknown keys, and checks the structure: names
// present and unique, no negative sizes, finite numbers, rings of at least
// three points, hull, polygon and pieces convex with positive winding,
// masks that decode. Errors name the sprite. It returns (nil, err) on any
// error, never a half-read library.
func ReadLibrary(r io.Reader) (*Library, error) {
	data, err := io.ReadAll(r)
	if err != nil {
		return nil, err
	}
	return parse(data)
}

// parse decodes and validates a library.
func parse(data []byte) (*Library, error) {
	data = bytes.TrimPrefix(data, []byte("\xef\xbb\xbf"))
	unmarshal, kind := yaml.Unmarshal, "YAML"
	if t := bytes.TrimLeft(data, " \t\r\n"); len(t) > 0 && t[0] == '{' {
		unmarshal, kind = json.Unmarshal, "JSON"
	}
	var probe struct {
		Format any `json:"format" yaml:"format"`
	}
	if err := unmarshal(data, &probe); err != nil {
		return nil, fmt.Errorf("not a shape library (%s): %w", kind, err)
	}
	if probe.Format == nil {
		return nil, fmt.Errorf("missing format, want %s", Format)
	}
	if f, ok := probe.Format.(string); !ok || f != Format {
		return nil, fmt.Errorf("unsupported format %q, want %s", fmt.Sprint(probe.Format), Format)
	}
	var lib Library
	if err := unmarshal(data, &lib); err != nil {
		return nil, fmt.Errorf("bad shape library (%s): %w", kind, err)
	}
	if err := validate(&lib, true); err != nil {
		return nil, err
	}
	return &lib, nil
}

// sortedKeys returns the keys of m in order.
func sortedKeys[V any](m map[string]V) []string { return slices.Sorted(maps.Keys(m)) }
