package collide

import "math"

// Box is an oriented rectangle: the closed set of points
// Center + R(Angle)*(u, v) with |u| <= Half.X and |v| <= Half.Y, where
// R = [cos -sin; sin cos]. Half-extents are not negative.
type Box struct {
	Center Vec
	Half   Vec
	Angle  float64
}

// Corners returns the four corners Center + R(Angle)*(±Half.X, ±Half.Y),
// listed with positive winding.
func (b Box) Corners() [4]Vec {
	s, c := math.Sincos(b.Angle)
	ax := V(c*b.Half.X, s*b.Half.X)  // R * (hx, 0)
	ay := V(-s*b.Half.Y, c*b.Half.Y) // R * (0, hy)
	return [4]Vec{
		b.Center.Sub(ax).Sub(ay),
		b.Center.Add(ax).Sub(ay),
		b.Center.Add(ax).Add(ay),
		b.Center.Sub(ax).Add(ay),
	}
}

// Area returns the area of b.
func (b Box) Area() float64 { return 4 * b.Half.X * b.Half.Y }

// Bounds returns the smallest Rect containing b.
func (b Box) Bounds() Rect {
	s, c := math.Sincos(b.Angle)
	ex := math.Abs(c)*b.Half.X + math.Abs(s)*b.Half.Y
	ey := math.Abs(s)*b.Half.X + math.Abs(c)*b.Half.Y
	return Rect{b.Center.Sub(V(ex, ey)), b.Center.Add(V(ex, ey))}
}

// ContainsPoint reports whether p lies in b, boundary included: decided in
// b's frame, and exactly against b's Corners when p is within rounding of
// the boundary (see OverlapPointBox).
func (b Box) ContainsPoint(p Vec) bool { return touchBox(Circle{p, 0}, b) }

// Translate returns b moved by d.
func (b Box) Translate(d Vec) Box { return Box{b.Center.Add(d), b.Half, b.Angle} }

// Scale returns b scaled by s about the origin; the half-extents scale by
// |s| (a mirrored box is the same set turned by pi).
func (b Box) Scale(s float64) Box {
	return Box{b.Center.Scale(s), b.Half.Scale(math.Abs(s)), b.Angle}
}

// Rotate returns b rotated by angle radians about the origin.
func (b Box) Rotate(angle float64) Box {
	return Box{b.Center.Rotate(angle), b.Half, b.Angle + angle}
}

// Polygon returns the corners of b as a Polygon with positive winding, or
// nil when b has zero width or height.
func (b Box) Polygon() Polygon {
	if b.Half.X <= 0 || b.Half.Y <= 0 {
		return nil
	}
	c := b.Corners()
	return Polygon(c[:])
}
