package collide

import "math"

// Rect is an axis-aligned rectangle, the closed set of points with
// Min.X <= X <= Max.X and Min.Y <= Y <= Max.Y. A Rect with Min == Max is a
// point; one with Max < Min on either axis is empty.
type Rect struct {
	Min, Max Vec
}

// R is shorthand for Rect{V(x0, y0), V(x1, y1)}, with the corners sorted.
func R(x0, y0, x1, y1 float64) Rect {
	return Rect{V(math.Min(x0, x1), math.Min(y0, y1)), V(math.Max(x0, x1), math.Max(y0, y1))}
}

// Empty reports whether r contains no point.
func (r Rect) Empty() bool { return r.Max.X < r.Min.X || r.Max.Y < r.Min.Y }

// Size returns the width and height of r.
func (r Rect) Size() Vec { return r.Max.Sub(r.Min) }

// Center returns the centre of r.
func (r Rect) Center() Vec { return V((r.Min.X+r.Max.X)/2, (r.Min.Y+r.Max.Y)/2) }

// Area returns the area of r, 0 when it is empty.
func (r Rect) Area() float64 {
	if r.Empty() {
		return 0
	}
	s := r.Size()
	return s.X * s.Y
}

// Bounds returns r itself.
func (r Rect) Bounds() Rect { return r }

// ContainsPoint reports whether p lies in r, boundary included.
func (r Rect) ContainsPoint(p Vec) bool {
	return r.Min.X <= p.X && p.X <= r.Max.X && r.Min.Y <= p.Y && p.Y <= r.Max.Y
}

// ContainsRect reports whether s lies in r, boundaries included. An empty s
// is contained in every r.
func (r Rect) ContainsRect(s Rect) bool {
	return s.Empty() || (r.ContainsPoint(s.Min) && r.ContainsPoint(s.Max))
}

// Intersects reports whether r and s share a point; rectangles that only
// touch along an edge or at a corner intersect.
func (r Rect) Intersects(s Rect) bool {
	return r.Min.X <= s.Max.X && s.Min.X <= r.Max.X && r.Min.Y <= s.Max.Y && s.Min.Y <= r.Max.Y
}

// Union returns the smallest rectangle containing r and s.
func (r Rect) Union(s Rect) Rect {
	if r.Empty() {
		return s
	}
	if s.Empty() {
		return r
	}
	return Rect{V(math.Min(r.Min.X, s.Min.X), math.Min(r.Min.Y, s.Min.Y)), V(math.Max(r.Max.X, s.Max.X), math.Max(r.Max.Y, s.Max.Y))}
}

// Translate returns r moved by d.
func (r Rect) Translate(d Vec) Rect { return Rect{r.Min.Add(d), r.Max.Add(d)} }

// Scale returns r scaled by s about the origin; a negative s mirrors it and
// the corners are sorted again.
func (r Rect) Scale(s float64) Rect {
	return R(r.Min.X*s, r.Min.Y*s, r.Max.X*s, r.Max.Y*s)
}

// Rotate returns r rotated by angle radians about the origin, as a Box.
func (r Rect) Rotate(angle float64) Box {
	return r.Box().Rotate(angle)
}

// Box returns r as an oriented box with angle 0.
func (r Rect) Box() Box {
	return Box{Center: r.Center(), Half: r.Size().Scale(0.5)}
}

// Polygon returns the four corners of r with positive winding. It returns
// nil when r is empty or degenerate (zero width or height).
func (r Rect) Polygon() Polygon {
	if r.Max.X <= r.Min.X || r.Max.Y <= r.Min.Y {
		return nil
	}
	return Polygon{r.Min, V(r.Max.X, r.Min.Y), r.Max, V(r.Min.X, r.Max.Y)}
}
