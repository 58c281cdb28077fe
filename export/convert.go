package export

import (
	"image"

	"github.com/shapegen/shapegen/collide"
)

// Conversions between the wire types and the collide types. The wire keeps
// float64 as is, so a conversion both ways returns the same numbers.

// PointOf returns v as a wire point.
func PointOf(v collide.Vec) Point { return Point{v.X, v.Y} }

// Vec returns p as a collide vector.
func (p Point) Vec() collide.Vec { return collide.Vec{X: p[0], Y: p[1]} }

// RingOf returns the vertices of p as a wire ring, in the same order; nil
// for an empty polygon.
func RingOf(p collide.Polygon) Ring {
	if len(p) == 0 {
		return nil
	}
	r := make(Ring, len(p))
	for i, v := range p {
		r[i] = PointOf(v)
	}
	return r
}

// Polygon returns r as a collide polygon, in the same order; nil for an
// empty ring. It does not check convexity or winding (Read does).
func (r Ring) Polygon() collide.Polygon {
	if len(r) == 0 {
		return nil
	}
	p := make(collide.Polygon, len(r))
	for i, q := range r {
		p[i] = q.Vec()
	}
	return p
}

// RingsOf returns each polygon of ps as a ring; nil for none.
func RingsOf(ps []collide.Polygon) []Ring {
	if len(ps) == 0 {
		return nil
	}
	rs := make([]Ring, len(ps))
	for i, p := range ps {
		rs[i] = RingOf(p)
	}
	return rs
}

// Polygons returns each ring of rs as a collide polygon; nil for none.
func Polygons(rs []Ring) []collide.Polygon {
	if len(rs) == 0 {
		return nil
	}
	ps := make([]collide.Polygon, len(rs))
	for i, r := range rs {
		ps[i] = r.Polygon()
	}
	return ps
}

// AABBOf returns r on the wire.
func AABBOf(r collide.Rect) *AABB { return &AABB{Min: PointOf(r.Min), Max: PointOf(r.Max)} }

// Rect returns a as a collide rectangle.
func (a *AABB) Rect() collide.Rect { return collide.Rect{Min: a.Min.Vec(), Max: a.Max.Vec()} }

// CircleOf returns c on the wire.
func CircleOf(c collide.Circle) *Circle { return &Circle{Center: PointOf(c.Center), Radius: c.Radius} }

// Shape returns c as a collide circle.
func (c *Circle) Shape() collide.Circle {
	return collide.Circle{Center: c.Center.Vec(), Radius: c.Radius}
}

// BoxOf returns b on the wire.
func BoxOf(b collide.Box) *Box {
	return &Box{Center: PointOf(b.Center), Half: PointOf(b.Half), Angle: b.Angle}
}

// Shape returns b as a collide oriented box.
func (b *Box) Shape() collide.Box {
	return collide.Box{Center: b.Center.Vec(), Half: b.Half.Vec(), Angle: b.Angle}
}

// FrameOf returns r (in image coordinates) as a wire frame.
func FrameOf(r image.Rectangle) Frame { return Frame{X: r.Min.X, Y: r.Min.Y, W: r.Dx(), H: r.Dy()} }

// Rect returns f as an image rectangle.
func (f Frame) Rect() image.Rectangle { return image.Rect(f.X, f.Y, f.X+f.W, f.Y+f.H) }
