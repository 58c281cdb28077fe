package export

import (
	"bufio"
	"fmt"
	"io"
	"os"
	"slices"
	"strings"

	"github.com/shapegen/shapegen/collide"
	"github.com/shapegen/shapegen/mask"
)

// Load reads the shape library file at path (JSON, YAML or compact) as
// Read does.
// Errors name the file.
func Load(path string) (*Library, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, fmt.Errorf("load shapes: %w", err)
	}
	defer f.Close()
	lib, err := Read(f)
	if err != nil {
		return nil, fmt.Errorf("load shapes %s: %w", path, err)
	}
	return lib, nil
}

// Read reads a shape library written as JSON, YAML or compact (told apart
// by the start: '{' is JSON, "shapegen-compact/" the compact library of
// WriteCompact, anything else YAML). It rejects a missing or unknown format
// ("unsupported format %q, want shapegen/v1") before anything else,
// ignores unknown keys, and checks the structure: names present and
// unique, no negative sizes, finite numbers, rings of at least three
// points, hull, polygon and pieces convex with positive winding, masks
// that decode. A JSON library is decoded a sprite at a time, so that
// reading it takes little more memory than the library it gives; a YAML
// one is read whole first (yaml.v3 decodes whole documents). Empty lists
// and maps read as absent (nil), and the sprites are sorted by name.
// Errors name the sprite. It returns (nil, err) on any error, never a
// half-read library. A compact library is read a sprite at a time too,
// and checked as a JSON one.
func Read(r io.Reader) (*Library, error) {
	br := bufio.NewReaderSize(r, 1<<16)
	if isCompact(br) {
		return readCompact(br)
	}
	if first, err := firstByte(br); err == nil && first == '{' {
		return readJSON(br)
	}
	data, err := io.ReadAll(br)
	if err != nil {
		return nil, fmt.Errorf("read shapes: %w", err)
	}
	lib, err := decode(data)
	if err != nil {
		return nil, err
	}
	normalize(lib)
	if err := validate(lib, true); err != nil {
		return nil, err
	}
	return lib, nil
}

// Sprite returns the sprite called name and true, or nil and false when
// the library has none. The library's sprites must be sorted by name, as
// Read and the build leave them.
func (lib *Library) Sprite(name string) (*Sprite, bool) {
	i, ok := slices.BinarySearchFunc(lib.Sprites, name, func(s Sprite, n string) int { return strings.Compare(s.Name, n) })
	if !ok {
		return nil, false
	}
	return &lib.Sprites[i], true
}

// Body returns a new collide.Body for the sprite: every shape kind the
// sprite has but the outline (which is not convex; engines that take
// concave polygons read Outline), its pivot, and its mask when the library
// was built with masks. The body starts unturned with its pivot at the
// pivot's own position; place it with Body.Place. Each call makes a new
// body with its own copy of the shapes and mask (the mask is decoded from
// its run lengths): make one per game object, not one per frame.
func (s *Sprite) Body() *collide.Body {
	var shapes collide.Shapes
	for k := range collide.Kinds() {
		if r, ok := s.Shape(k); ok {
			if sh, ok := r.(collide.Shape); ok {
				shapes[k] = sh
			}
		}
	}
	return collide.NewBody(shapes, s.Pivot.Vec(), s.pixels())
}

// pixels returns the sprite's mask, decoded, or nil when it has none (or
// it does not decode, which Read refuses).
func (s *Sprite) pixels() *mask.Mask {
	if s.Mask == nil {
		return nil
	}
	m, err := s.Mask.Decode()
	if err != nil {
		return nil
	}
	return m
}
