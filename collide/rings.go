package collide

// Region is a closed set of the plane with an area: Rect, Circle, Box,
// Polygon, Compound or Rings. It is what a shape kind of a sprite is, and
// what the checks of a shape against its pixels take.
type Region interface {
	// Bounds returns the smallest Rect containing the region.
	Bounds() Rect
	// Area returns the region's area (for a Compound, the sum of its
	// pieces' areas).
	Area() float64
	// ContainsPoint reports whether q lies in the region, boundary
	// included.
	ContainsPoint(q Vec) bool
}

// Rings is a region bounded by rings (closed polylines, each a list of
// vertices with no repeated vertex): outer rings have a positive shoelace
// sum, holes a negative one, and a hole lies inside an outer ring. The
// region is the closed set of points whose winding number over all rings
// is positive, together with every ring's boundary. Rings is not a Shape:
// it may be concave and have holes, and the collision tests take convex
// shapes only.
type Rings [][]Vec

// Area returns the region's area: the sum of the rings' signed areas
// (holes subtract).
func (rs Rings) Area() float64 {
	s := 0.0
	for _, r := range rs {
		s += Polygon(r).Area()
	}
	return s
}

// Bounds returns the smallest Rect containing every vertex, or an empty
// Rect when there is none.
func (rs Rings) Bounds() Rect {
	b := Rect{V(1, 1), V(0, 0)}
	for _, r := range rs {
		if len(r) > 0 {
			b = b.Union(Polygon(r).Bounds())
		}
	}
	return b
}

// ContainsPoint reports whether q lies in the region: on some ring's
// boundary, or with a positive winding number over all rings.
func (rs Rings) ContainsPoint(q Vec) bool {
	w := 0
	for _, r := range rs {
		n := len(r)
		for i := range n {
			a, b := r[i], r[(i+1)%n]
			if onSegment(a, b, q) {
				return true
			}
			// Winding number by crossings of the horizontal line
			// through q, counted with the edge's direction.
			if a.Y <= q.Y {
				if b.Y > q.Y && b.Sub(a).Cross(q.Sub(a)) > 0 {
					w++
				}
			} else if b.Y <= q.Y && b.Sub(a).Cross(q.Sub(a)) < 0 {
				w--
			}
		}
	}
	return w != 0
}
