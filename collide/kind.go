package collide

import (
	"iter"
	"strconv"
)

// Kind is one of the shape kinds a shape library holds for a sprite. The
// kinds are listed here once, in the order a library lists them; every
// stage of shapegen (making, verifying, writing, drawing, loading) walks
// this list.
type Kind uint8

// The shape kinds. Each is a closed set containing every opaque pixel
// square of its sprite.
const (
	KindAABB    Kind = iota // the axis-aligned bounding box, a Rect
	KindCircle              // the smallest enclosing circle, a Circle
	KindBox                 // the smallest oriented box, a Box
	KindHull                // the convex hull, a Polygon
	KindPolygon             // the hull reduced to at most max_vertices, a Polygon
	KindPieces              // a cover by convex pieces, a Compound
	KindOutline             // the traced outline of each island, Rings (not a Shape)
	NumKinds                // the number of kinds
)

var kindNames = [NumKinds]string{"aabb", "circle", "box", "hull", "polygon", "pieces", "outline"}

// String returns the kind's name in a library ("aabb", "circle", ...).
func (k Kind) String() string {
	if k < NumKinds {
		return kindNames[k]
	}
	return "kind(" + strconv.Itoa(int(k)) + ")"
}

// ParseKind returns the kind called name, and false when there is none.
func ParseKind(name string) (Kind, bool) {
	for k, n := range kindNames {
		if n == name {
			return Kind(k), true
		}
	}
	return 0, false
}

// Kinds returns the kinds in order.
func Kinds() iter.Seq[Kind] {
	return func(yield func(Kind) bool) {
		for k := range NumKinds {
			if !yield(k) {
				return
			}
		}
	}
}

// Convex reports whether shapes of kind k are single convex sets
// (everything but pieces and the outline).
func (k Kind) Convex() bool { return k < KindPieces }

// Phase returns the phase of Body.Hits that tests shapes of kind k; 0 for
// the outline, which Body does not hold.
func (k Kind) Phase() Phase {
	if k >= KindOutline {
		return 0
	}
	return PhaseAABB << k
}
