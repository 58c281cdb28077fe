package collide

import "math"

// Polygon is a convex polygon: its vertices in order, with a positive
// shoelace sum (clockwise on a y-down screen), no repeated vertex and no
// three collinear vertices. It is the closed region they bound.
type Polygon []Vec

// Area returns the signed shoelace area of p, positive for a polygon with
// the conventional winding, 0 for fewer than three vertices.
func (p Polygon) Area() float64 {
	if len(p) < 3 {
		return 0
	}
	s := 0.0
	for i, a := range p {
		b := p[(i+1)%len(p)]
		s += a.Cross(b)
	}
	return s / 2
}

// Bounds returns the smallest Rect containing p; for an empty polygon it
// returns an empty Rect.
func (p Polygon) Bounds() Rect {
	if len(p) == 0 {
		return Rect{V(1, 1), V(0, 0)}
	}
	r := Rect{p[0], p[0]}
	for _, v := range p[1:] {
		r.Min.X, r.Min.Y = math.Min(r.Min.X, v.X), math.Min(r.Min.Y, v.Y)
		r.Max.X, r.Max.Y = math.Max(r.Max.X, v.X), math.Max(r.Max.Y, v.Y)
	}
	return r
}

// ContainsPoint reports whether q lies in the convex polygon p, boundary
// included, decided exactly from the float coordinates as given (see
// OverlapPointPolygon). A polygon of one or two vertices is a point or a
// closed segment; an empty one contains nothing.
func (p Polygon) ContainsPoint(q Vec) bool {
	if len(p) < 3 {
		return OverlapCirclePolygon(Circle{q, 0}, p)
	}
	return containsPoint(p, q)
}

// containsPoint is OverlapCirclePolygon for a circle of radius 0 and a p
// of three vertices or more, with the same answers at less cost: an edge
// whose float side is certain decides in float, as there, and each other
// edge by its exact orientation at once, so a point on one edge's line
// costs one exact predicate rather than one per edge. Only input that is
// not finite (an exact predicate fails) takes OverlapCirclePolygon's path.
func containsPoint(p Polygon, q Vec) bool {
	failed := false
	a := p[len(p)-1]
	for _, b := range p {
		s, bound := edgeSide(a, b, q)
		if s < -bound {
			a = b
			continue // certainly behind this edge's line
		}
		if s > bound {
			return false // certainly outside it
		}
		// Near the line: OverlapCirclePolygon would settle it with
		// touchPolygon, which returns at the first edge that fails or
		// has the point outside; an earlier failure must win.
		if !failed {
			if o, ok := exactOrient(a, b, q); !ok {
				failed = true
			} else if o < 0 {
				return false
			}
		}
		a = b
	}
	if failed {
		return OverlapCirclePolygon(Circle{q, 0}, p)
	}
	return true
}

// Translate returns a new polygon, p moved by d.
func (p Polygon) Translate(d Vec) Polygon {
	out := make(Polygon, len(p))
	for i, v := range p {
		out[i] = v.Add(d)
	}
	return out
}

// Scale returns a new polygon, p scaled by s about the origin. A negative s
// is a half turn, so the winding is kept.
func (p Polygon) Scale(s float64) Polygon {
	out := make(Polygon, len(p))
	for i, v := range p {
		out[i] = v.Scale(s)
	}
	return out
}

// Rotate returns a new polygon, p rotated by angle radians about the origin.
func (p Polygon) Rotate(angle float64) Polygon {
	out := make(Polygon, len(p))
	for i, v := range p {
		out[i] = v.Rotate(angle)
	}
	return out
}

// Clone returns a copy of p.
func (p Polygon) Clone() Polygon { return append(Polygon(nil), p...) }

// onSegment reports whether q lies on the closed segment ab (exact for
// integer coordinates that fit in 26 bits).
func onSegment(a, b, q Vec) bool {
	if b.Sub(a).Cross(q.Sub(a)) != 0 {
		return false
	}
	return math.Min(a.X, b.X) <= q.X && q.X <= math.Max(a.X, b.X) &&
		math.Min(a.Y, b.Y) <= q.Y && q.Y <= math.Max(a.Y, b.Y)
}
