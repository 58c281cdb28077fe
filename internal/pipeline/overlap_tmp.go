package pipeline

import (
	"encoding/json"
	"fmt"
	"github.com/shapegen/shapegen/collide"
	"github.com/shapegen/shapegen/export"
	"github.com/shapegen/shapegen/mask"
	"gopkg.in/yaml.v3"
	"io"
	"os"
)

// overlap reports whether a and b overlap. TEMPORARY until collide.Overlap
// exists: bounds only.
func overlap(a, b shape) bool { return a.Bounds().Intersects(b.Bounds()) }

var _ = collide.V

// encodeMask TEMPORARY until export.EncodeMask exists.
func encodeMask(m *mask.Mask) *export.EncodedMask { return nil }

// writeJSON TEMPORARY until export.WriteJSON exists.
func writeJSON(w io.Writer, lib *export.Library) error {
	e := json.NewEncoder(w)
	e.SetIndent("", "  ")
	return e.Encode(lib)
}

// writeYAML TEMPORARY until export.WriteYAML exists.
func writeYAML(w io.Writer, lib *export.Library) error { return yaml.NewEncoder(w).Encode(lib) }

// ReadLibrary reads a shape library file. TEMPORARY body until the export
// reader exists.
func ReadLibrary(path string) (*export.Library, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	var lib export.Library
	if err := json.Unmarshal(b, &lib); err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return &lib, nil
}
