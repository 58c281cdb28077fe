package export

import (
	"fmt"
	"image"
	"io"
	"iter"
	"math"
	"os"
	"slices"

	"github.com/shapegen/shapegen/collide"
	"github.com/shapegen/shapegen/mask"
)

// Set is a shape library loaded for a game: every sprite's shapes as
// collide values ready to test, looked up by name. A Set is read-only once
// loaded and safe for concurrent use.
type Set struct {
	// Generator and Settings are as stored in the library.
	Generator string
	Settings  Settings

	names  []string // sorted
	byName map[string]*Shapes
}

// Kind is a set of shape kinds, one bit each.
type Kind uint8

// The shape kinds a sprite may carry.
const (
	KindAABB Kind = 1 << iota
	KindCircle
	KindBox
	KindHull
	KindPolygon
	KindPieces
	KindOutline
	KindMask
)

// Shapes is one sprite's shapes, in the sprite's own pixel coordinates
// (origin at its top-left, y down). A kind the library does not hold for
// the sprite (all of them when Pixels is 0) has its zero value and is not
// in Kinds: test Has before using AABB, Circle or Box, whose zero values
// are not empty sets.
type Shapes struct {
	Name  string // path under the asset root without extension, slash-separated
	Image string // image file the sprite comes from, relative to the asset root
	// Frame is the sprite's rectangle inside Image, as stored.
	Frame image.Rectangle
	// Rotated says the frame is stored turned a quarter turn clockwise
	// (Sprite.Rotated): the upright pixel (x, y) is Image's pixel
	// (Frame.Max.X-1-y, Frame.Min.Y+x), and Frame is Size (trimmed) with
	// width and height swapped.
	Rotated bool
	// Size is the sprite's own (untrimmed) size, and Offset where Frame's
	// top-left lies inside it.
	Size, Offset image.Point
	// Pivot is the sprite's anchor point: the point a game draws at the
	// sprite's position (see At).
	Pivot  collide.Vec
	Pixels int  // opaque pixel count
	Kinds  Kind // the shape kinds present

	AABB    collide.Rect
	Circle  collide.Circle
	Box     collide.Box
	Hull    collide.Polygon
	Polygon collide.Polygon
	// Pieces is the convex decomposition; their union covers every opaque
	// pixel.
	Pieces collide.Compound
	// Outline holds the traced outline rings of each island: outer rings
	// have a positive shoelace sum, holes a negative one. They are not
	// convex in general, so they are plain vertex lists.
	Outline [][]collide.Vec
	// Mask is the opaque-pixel mask when the library was built with masks,
	// else nil.
	Mask *mask.Mask
	// Quality maps a shape kind ("hull", ...) to its figures.
	Quality map[string]Quality
}

// Has reports whether s holds every kind in k.
func (s *Shapes) Has(k Kind) bool { return s.Kinds&k == k }

// At returns the transform that draws s with its pivot at pos, unturned and
// unscaled; set its Angle, Scale or flips to turn, scale or mirror the
// sprite about its pivot.
func (s *Shapes) At(pos collide.Vec) collide.Transform {
	return collide.Transform{Pos: pos, Pivot: s.Pivot}
}

// Load reads the shape library file at path (JSON or YAML) as Read does.
// Errors name the file.
func Load(path string) (*Set, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("load shapes: %w", err)
	}
	set, err := read(data)
	if err != nil {
		return nil, fmt.Errorf("load shapes %s: %w", path, err)
	}
	return set, nil
}

// Read reads a shape library (JSON or YAML) with all the checks of
// ReadLibrary and converts it to collide values, decoding the masks.
func Read(r io.Reader) (*Set, error) {
	data, err := io.ReadAll(r)
	if err != nil {
		return nil, fmt.Errorf("read shapes: %w", err)
	}
	set, err := read(data)
	if err != nil {
		return nil, fmt.Errorf("read shapes: %w", err)
	}
	return set, nil
}

func read(data []byte) (*Set, error) {
	lib, err := decode(data)
	if err != nil {
		return nil, err
	}
	normalize(lib)
	return NewSet(lib)
}

// NewSet converts lib to a Set after checking it as ReadLibrary does
// (masks are checked as they are decoded). The Set shares nothing with lib.
func NewSet(lib *Library) (*Set, error) {
	if err := validate(lib, false); err != nil {
		return nil, err
	}
	set := &Set{Generator: lib.Generator, Settings: lib.Settings, byName: make(map[string]*Shapes, len(lib.Sprites))}
	for i := range lib.Sprites {
		s, err := shapesOf(&lib.Sprites[i])
		if err != nil {
			return nil, fmt.Errorf("sprite %q: %w", lib.Sprites[i].Name, err)
		}
		set.byName[s.Name] = s
		set.names = append(set.names, s.Name)
	}
	slices.Sort(set.names)
	return set, nil
}

// shapesOf converts one wire sprite.
func shapesOf(w *Sprite) (*Shapes, error) {
	s := &Shapes{
		Name: w.Name, Image: w.Image, Frame: w.Frame.Rect(), Rotated: w.Rotated,
		Size: image.Pt(w.Size[0], w.Size[1]), Pivot: w.Pivot.Vec(), Pixels: w.Pixels,
		Hull: w.Hull.Polygon(), Polygon: w.Polygon.Polygon(), Pieces: collide.Compound(Polygons(w.Pieces)),
	}
	if w.Offset != nil {
		s.Offset = image.Pt(w.Offset[0], w.Offset[1])
	}
	if w.AABB != nil {
		s.AABB, s.Kinds = w.AABB.Rect(), s.Kinds|KindAABB
	}
	if w.Circle != nil {
		s.Circle, s.Kinds = w.Circle.Shape(), s.Kinds|KindCircle
	}
	if w.Box != nil {
		s.Box, s.Kinds = w.Box.Shape(), s.Kinds|KindBox
	}
	if s.Hull != nil {
		s.Kinds |= KindHull
	}
	if s.Polygon != nil {
		s.Kinds |= KindPolygon
	}
	if s.Pieces != nil {
		s.Kinds |= KindPieces
	}
	if len(w.Outline) > 0 {
		s.Kinds |= KindOutline
		for _, r := range w.Outline {
			s.Outline = append(s.Outline, []collide.Vec(r.Polygon()))
		}
	}
	if w.Mask != nil {
		m, err := w.Mask.Decode()
		if err != nil {
			return nil, fmt.Errorf("mask: %w", err)
		}
		s.Mask, s.Kinds = m, s.Kinds|KindMask
	}
	if len(w.Quality) > 0 {
		s.Quality = make(map[string]Quality, len(w.Quality))
		for k, q := range w.Quality {
			s.Quality[k] = q
		}
	}
	return s, nil
}

// Get returns the shapes of the sprite called name and true, or nil and
// false when the set has no such sprite.
func (set *Set) Get(name string) (*Shapes, bool) {
	s, ok := set.byName[name]
	return s, ok
}

// Names returns the sprite names in order; the caller may keep the slice.
func (set *Set) Names() []string { return slices.Clone(set.names) }

// All returns the sprites in name order.
func (set *Set) All() iter.Seq[*Shapes] {
	return func(yield func(*Shapes) bool) {
		for _, n := range set.names {
			if !yield(set.byName[n]) {
				return
			}
		}
	}
}

// Len returns the number of sprites.
func (set *Set) Len() int { return len(set.names) }

// OverlapPixels reports whether the opaque pixels of s drawn unturned and
// unscaled with its pivot at pos meet those of o drawn likewise at opos,
// each sprite's top-left rounded to the nearest pixel as a renderer snaps
// it. It is the exact test to run after a shape test passes. When either
// sprite has no mask (a library built without --masks) it returns true:
// the shape test's answer stands. It does not allocate.
func (s *Shapes) OverlapPixels(pos collide.Vec, o *Shapes, opos collide.Vec) bool {
	if s.Mask == nil || o.Mask == nil {
		return true
	}
	ax, ay := math.Round(pos.X-s.Pivot.X), math.Round(pos.Y-s.Pivot.Y)
	bx, by := math.Round(opos.X-o.Pivot.X), math.Round(opos.Y-o.Pivot.Y)
	return mask.Overlap(s.Mask, o.Mask, int(bx-ax), int(by-ay))
}

// Placed is a sprite's shapes placed in the world by a Transform. Its
// polygons are buffers that Place reuses, so a game can keep one Placed
// per object and place it every frame without allocating.
type Placed struct {
	Kinds   Kind
	Bounds  collide.Rect // world bounds of the placed AABB: for a broad phase
	AABB    collide.Box  // the sprite's AABB, turned with the sprite
	Circle  collide.Circle
	Box     collide.Box
	Hull    collide.Polygon
	Polygon collide.Polygon
	Pieces  collide.Compound
}

// Place places s by t into p, reusing p's polygon buffers; kinds s does not
// have are left zero (and out of p.Kinds). With t = s.At(pos), the sprite's
// pivot lands at pos. Place allocates only while p's buffers grow.
func (s *Shapes) Place(t collide.Transform, p *Placed) {
	p.Kinds = s.Kinds &^ (KindOutline | KindMask)
	p.Bounds, p.AABB, p.Circle, p.Box = collide.Rect{}, collide.Box{}, collide.Circle{}, collide.Box{}
	if s.Has(KindAABB) {
		p.Bounds, p.AABB = t.Bounds(s.AABB), t.Rect(s.AABB)
	}
	if s.Has(KindCircle) {
		p.Circle = t.Circle(s.Circle)
	}
	if s.Has(KindBox) {
		p.Box = t.Box(s.Box)
	}
	p.Hull = placePolygon(t, p.Hull, s.Hull)
	p.Polygon = placePolygon(t, p.Polygon, s.Polygon)
	if s.Pieces == nil {
		p.Pieces = p.Pieces[:0]
	} else {
		p.Pieces = t.Compound(p.Pieces, s.Pieces)
	}
}

// placePolygon places src into dst, or empties dst for a nil src.
func placePolygon(t collide.Transform, dst, src collide.Polygon) collide.Polygon {
	if src == nil {
		return dst[:0]
	}
	return t.Polygon(dst, src)
}
