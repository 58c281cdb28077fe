package collide

import "math"

// Circle is the closed disc of points at distance <= Radius from Center.
// A circle of radius 0 is a point.
type Circle struct {
	Center Vec
	Radius float64
}

// Area returns the area of c.
func (c Circle) Area() float64 { return math.Pi * c.Radius * c.Radius }

// Bounds returns the smallest Rect containing c.
func (c Circle) Bounds() Rect {
	d := V(c.Radius, c.Radius)
	return Rect{c.Center.Sub(d), c.Center.Add(d)}
}

// ContainsPoint reports whether p lies in c, boundary included, decided
// exactly (see OverlapCircleCircle).
func (c Circle) ContainsPoint(p Vec) bool { return OverlapCircleCircle(Circle{p, 0}, c) }

// Translate returns c moved by d.
func (c Circle) Translate(d Vec) Circle { return Circle{c.Center.Add(d), c.Radius} }

// Scale returns c scaled by s about the origin; the radius scales by |s|.
func (c Circle) Scale(s float64) Circle { return Circle{c.Center.Scale(s), c.Radius * math.Abs(s)} }

// Rotate returns c rotated by angle radians about the origin.
func (c Circle) Rotate(angle float64) Circle { return Circle{c.Center.Rotate(angle), c.Radius} }
