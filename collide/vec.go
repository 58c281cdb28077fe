package collide

import "math"

// Vec is a point or a vector in the plane.
type Vec struct {
	X, Y float64
}

// V is shorthand for Vec{x, y}.
func V(x, y float64) Vec { return Vec{x, y} }

// Add returns v+w.
func (v Vec) Add(w Vec) Vec { return Vec{v.X + w.X, v.Y + w.Y} }

// Sub returns v-w.
func (v Vec) Sub(w Vec) Vec { return Vec{v.X - w.X, v.Y - w.Y} }

// Scale returns v*s.
func (v Vec) Scale(s float64) Vec { return Vec{v.X * s, v.Y * s} }

// Neg returns -v.
func (v Vec) Neg() Vec { return Vec{-v.X, -v.Y} }

// Dot returns the dot product v·w.
func (v Vec) Dot(w Vec) float64 { return v.X*w.X + v.Y*w.Y }

// Cross returns the z component of the cross product v×w. It is positive
// when w lies counter-clockwise of v in y-up terms (clockwise on screen).
func (v Vec) Cross(w Vec) float64 { return v.X*w.Y - v.Y*w.X }

// Len2 returns the squared length of v.
func (v Vec) Len2() float64 { return v.X*v.X + v.Y*v.Y }

// Len returns the length of v.
func (v Vec) Len() float64 { return math.Hypot(v.X, v.Y) }

// Unit returns v scaled to length 1, or the zero vector when v is zero.
func (v Vec) Unit() Vec {
	l := v.Len()
	if l == 0 {
		return Vec{}
	}
	return Vec{v.X / l, v.Y / l}
}

// Perp returns v turned by +90 degrees in y-up terms: (-y, x).
func (v Vec) Perp() Vec { return Vec{-v.Y, v.X} }

// Rotate returns v rotated by angle radians about the origin, using
// R = [cos -sin; sin cos] as everywhere in shapegen.
func (v Vec) Rotate(angle float64) Vec {
	s, c := math.Sincos(angle)
	return Vec{c*v.X - s*v.Y, s*v.X + c*v.Y}
}

// Dist returns the distance between v and w.
func (v Vec) Dist(w Vec) float64 { return math.Hypot(v.X-w.X, v.Y-w.Y) }
