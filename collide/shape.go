package collide

// Shape is one of the package's shape types: Vec (a point), Circle, Rect,
// Box, Polygon or Compound. The set is closed (the interface has an
// unexported method), so Overlap, Collide and RayCast handle every Shape and
// have no "unimplemented" case.
type Shape interface {
	// Bounds returns the smallest Rect containing the shape.
	Bounds() Rect
	isShape()
}

func (Vec) isShape()      {}
func (Circle) isShape()   {}
func (Rect) isShape()     {}
func (Box) isShape()      {}
func (Polygon) isShape()  {}
func (Compound) isShape() {}

// Bounds returns the Rect holding only v.
func (v Vec) Bounds() Rect { return Rect{v, v} }

// Contact describes how two overlapping shapes a and b interpenetrate.
// Normal is a unit vector pointing from a into b (for separated shapes it
// would point from a towards b), and Depth >= 0 is the length of the
// minimum translation: moving a by -Normal*Depth (or b by +Normal*Depth)
// leaves the two touching, with no interior point in common. Depth is 0
// when the shapes only touch, or when one of them has no interior (a point,
// a zero-radius circle, a zero-width rect) and lies on the other's boundary.
type Contact struct {
	Normal Vec
	Depth  float64
}

// flip returns c as seen from the other shape: the normal reversed.
func (c Contact) flip() Contact { return Contact{c.Normal.Neg(), c.Depth} }

// Compound is the union of convex pieces, as a convex decomposition of a
// concave sprite produces. Each piece follows the Polygon conventions. An
// empty Compound is the empty set.
type Compound []Polygon

// Bounds returns the smallest Rect containing every piece of c, or an empty
// Rect when c has no vertex.
func (c Compound) Bounds() Rect {
	r := Rect{V(1, 1), V(0, 0)}
	for _, p := range c {
		if len(p) > 0 {
			r = r.Union(p.Bounds())
		}
	}
	return r
}

// Area returns the sum of the areas of the pieces of c (the area of the
// union when the pieces do not overlap, as a decomposition's do not).
func (c Compound) Area() float64 {
	s := 0.0
	for _, p := range c {
		s += p.Area()
	}
	return s
}

// ContainsPoint reports whether q lies in some piece of c, boundary
// included.
func (c Compound) ContainsPoint(q Vec) bool {
	for _, p := range c {
		if p.ContainsPoint(q) {
			return true
		}
	}
	return false
}
