package export

import (
	"fmt"
	"image/color"

	"github.com/shapegen/shapegen/collide"
	"github.com/shapegen/shapegen/hull"
	"github.com/shapegen/shapegen/mask"
)

// Facts is what a sprite's shape kinds are made from: its mask (in the
// sprite's own pixel coordinates), the exact convex hull of its opaque
// pixel squares (hull.Convex of the mask) and the settings. A zero
// setting takes hull.DefaultPieces's or hull.DefaultOutline's value,
// except PiecesGain, where 0 spends the whole budget of pieces.
type Facts struct {
	Mask *mask.Mask
	Hull collide.Polygon
	// MaxVertices bounds the polygon and each piece.
	MaxVertices int
	// MaxPieces and PiecesGain are hull.PiecesOptions's MaxPieces and Gain.
	MaxPieces  int
	PiecesGain float64
	// MaxOutlineVertices bounds each ring of the outline.
	MaxOutlineVertices int
}

// kind is one row of the table of shape kinds: how the kind is made from a
// sprite's facts, where it is kept on a Sprite, and the colour previews
// and the report draw it in. Its name and whether it is convex are the
// collide.Kind's. Every stage walks this table: the build makes, checks
// and stores each kind, the writers and the report write what is stored,
// previews draw it, and Sprite.Body loads it. Adding a kind is a
// collide.Kind, a row here and a field of Sprite.
type kind struct {
	make func(f *Facts) collide.Region
	get  func(s *Sprite) (collide.Region, bool)
	set  func(s *Sprite, r collide.Region)
	// check refuses what Read must not pass to collide in the kind's
	// stored values (not finite, past MaxCoord, not convex, ...), naming
	// the key; an absent shape passes.
	check  func(s *Sprite) error
	colour color.NRGBA
	// noFP says the kind has no false-positive figure (it is not a
	// union of convex sets: the outline).
	noFP bool
}

var kinds = [collide.NumKinds]kind{
	collide.KindAABB: {
		make: func(f *Facts) collide.Region { return f.Hull.Bounds() },
		get: func(s *Sprite) (collide.Region, bool) {
			if s.AABB == nil {
				return nil, false
			}
			return s.AABB.Rect(), true
		},
		set: func(s *Sprite, r collide.Region) { s.AABB = AABBOf(r.(collide.Rect)) },
		check: func(s *Sprite) error {
			a := s.AABB
			if a == nil {
				return nil
			}
			if !finite(a.Min[0], a.Min[1], a.Max[0], a.Max[1]) || a.Min[0] > a.Max[0] || a.Min[1] > a.Max[1] {
				return fmt.Errorf("aabb %v-%v is not a finite box with min <= max", a.Min, a.Max)
			}
			return within("aabb", a.Min[0], a.Min[1], a.Max[0], a.Max[1])
		},
		colour: color.NRGBA{0x56, 0xb4, 0xe9, 0xff},
	},
	collide.KindCircle: {
		make: func(f *Facts) collide.Region { return hull.MinCircle(f.Hull) },
		get: func(s *Sprite) (collide.Region, bool) {
			if s.Circle == nil {
				return nil, false
			}
			return s.Circle.Shape(), true
		},
		set: func(s *Sprite, r collide.Region) { s.Circle = CircleOf(r.(collide.Circle)) },
		check: func(s *Sprite) error {
			c := s.Circle
			if c == nil {
				return nil
			}
			if !finite(c.Center[0], c.Center[1], c.Radius) || c.Radius < 0 {
				return fmt.Errorf("circle %v radius %v is not finite with radius >= 0", c.Center, c.Radius)
			}
			return within("circle", c.Center[0], c.Center[1], c.Radius)
		},
		colour: color.NRGBA{0xe6, 0x9f, 0x00, 0xff},
	},
	collide.KindBox: {
		make: func(f *Facts) collide.Region { return hull.MinBox(f.Hull) },
		get: func(s *Sprite) (collide.Region, bool) {
			if s.Box == nil {
				return nil, false
			}
			return s.Box.Shape(), true
		},
		set: func(s *Sprite, r collide.Region) { s.Box = BoxOf(r.(collide.Box)) },
		check: func(s *Sprite) error {
			b := s.Box
			if b == nil {
				return nil
			}
			if !finite(b.Center[0], b.Center[1], b.Half[0], b.Half[1], b.Angle) || b.Half[0] < 0 || b.Half[1] < 0 {
				return fmt.Errorf("box %+v is not finite with half-extents >= 0", *b)
			}
			return within("box", b.Center[0], b.Center[1], b.Half[0], b.Half[1], b.Angle)
		},
		colour: color.NRGBA{0x00, 0x9e, 0x73, 0xff},
	},
	collide.KindHull: {
		make:   func(f *Facts) collide.Region { return f.Hull },
		get:    func(s *Sprite) (collide.Region, bool) { return polygon(s.Hull) },
		set:    func(s *Sprite, r collide.Region) { s.Hull = RingOf(r.(collide.Polygon)) },
		check:  func(s *Sprite) error { return checkConvexKey("hull", s.Hull) },
		colour: color.NRGBA{0xcc, 0x79, 0xa7, 0xff},
	},
	collide.KindPolygon: {
		make:   func(f *Facts) collide.Region { return hull.Reduce(f.Hull, f.MaxVertices) },
		get:    func(s *Sprite) (collide.Region, bool) { return polygon(s.Polygon) },
		set:    func(s *Sprite, r collide.Region) { s.Polygon = RingOf(r.(collide.Polygon)) },
		check:  func(s *Sprite) error { return checkConvexKey("polygon", s.Polygon) },
		colour: color.NRGBA{0x00, 0x4f, 0xb8, 0xff},
	},
	collide.KindPieces: {
		make: func(f *Facts) collide.Region {
			return collide.Compound(hull.Pieces(f.Mask, hull.PiecesOptions{MaxPieces: f.MaxPieces, MaxVertices: f.MaxVertices, Gain: f.PiecesGain}))
		},
		get: func(s *Sprite) (collide.Region, bool) {
			if len(s.Pieces) == 0 {
				return nil, false
			}
			return collide.Compound(Polygons(s.Pieces)), true
		},
		set: func(s *Sprite, r collide.Region) { s.Pieces = RingsOf(r.(collide.Compound)) },
		check: func(s *Sprite) error {
			if len(s.Pieces) > MaxPieces {
				return fmt.Errorf("pieces: %d pieces, at most %d", len(s.Pieces), MaxPieces)
			}
			for i, p := range s.Pieces {
				if len(s.Pieces) == 1 && len(p) > 0 && sameRing(p, s.Polygon) {
					// The polygon's ring, which checkSprite checked just
					// before (KindPolygon comes first), as for four
					// sprites in ten.
					continue
				}
				if err := checkConvex(p); err != nil {
					return fmt.Errorf("piece %d: %w", i, err)
				}
			}
			return nil
		},
		colour: color.NRGBA{0x7b, 0x3f, 0xbf, 0xff},
	},
	collide.KindOutline: {
		make: func(f *Facts) collide.Region {
			opt := hull.DefaultOutline
			if f.MaxOutlineVertices > 0 {
				opt.MaxVertices = f.MaxOutlineVertices
			}
			return collide.Rings(hull.Outline(f.Mask, opt))
		},
		get: func(s *Sprite) (collide.Region, bool) {
			if len(s.Outline) == 0 {
				return nil, false
			}
			rs := make(collide.Rings, len(s.Outline))
			for i, r := range s.Outline {
				rs[i] = r.Polygon()
			}
			return rs, true
		},
		set: func(s *Sprite, r collide.Region) {
			rs := r.(collide.Rings)
			s.Outline = make([]Ring, len(rs))
			for i, ring := range rs {
				s.Outline[i] = RingOf(ring)
			}
		},
		check: func(s *Sprite) error {
			for i, r := range s.Outline {
				if err := checkRing(r); err != nil {
					return fmt.Errorf("outline ring %d: %w", i, err)
				}
			}
			return nil
		},
		colour: color.NRGBA{0x8c, 0x56, 0x1e, 0xff},
		noFP:   true,
	},
}

// Make returns the shape of kind k for a sprite with facts f: a
// collide.Rect for KindAABB, Circle, Box, Polygon (hull and polygon),
// Compound (pieces) or Rings (outline). f.Mask must have an opaque pixel.
func Make(k collide.Kind, f *Facts) collide.Region { return kinds[k].make(f) }

// Shape returns the sprite's shape of kind k as Make gives it, and false
// when the sprite has none. The shape shares no memory with s.
func (s *Sprite) Shape(k collide.Kind) (collide.Region, bool) {
	if k >= collide.NumKinds {
		return nil, false
	}
	return kinds[k].get(s)
}

// SetShape stores r, a shape of kind k of the type Make gives, on s.
func (s *Sprite) SetShape(k collide.Kind, r collide.Region) { kinds[k].set(s, r) }

// Colour returns the colour previews and the report draw kind k in.
func Colour(k collide.Kind) color.NRGBA { return kinds[k].colour }

// polygon returns r as a Polygon, and false when r is empty.
func polygon(r Ring) (collide.Region, bool) {
	if len(r) == 0 {
		return nil, false
	}
	return r.Polygon(), true
}

// HasFPArea reports whether the shape kind named kind has a false-positive
// figure (every kind but the outline; a name that is no kind has one).
func HasFPArea(kind string) bool {
	k, ok := collide.ParseKind(kind)
	return !ok || !kinds[k].noFP
}
