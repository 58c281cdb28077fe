package collide

import "github.com/shapegen/shapegen/mask"

// Shapes are the collision shapes of one sprite, in its own pixel
// coordinates, as a shape library stores them. A zero or empty field is
// absent: a zero or empty AABB, a Circle with Radius <= 0, a Polygon or
// Pieces of length 0.
type Shapes struct {
	AABB    Rect
	Circle  Circle
	Polygon Polygon
	Pieces  Compound
}

// hasAABB reports whether s has an AABB (the zero Rect, a point at the
// origin, counts as none).
func (s *Shapes) hasAABB() bool { return s.AABB != (Rect{}) && !s.AABB.Empty() }

// Phase selects the tests Body.Hits runs, as a set of flags.
type Phase uint8

// The phases, cheapest first; Hits runs the selected ones in this order.
const (
	// PhaseBounds compares the placed bodies' bounding rects; Hits always
	// runs it first.
	PhaseBounds Phase = 1 << iota
	// PhaseAABB compares the sprites' AABBs as placed (boxes when turned).
	PhaseAABB
	// PhaseCircle compares the placed bounding circles.
	PhaseCircle
	// PhasePolygon compares the placed convex polygons.
	PhasePolygon
	// PhasePieces compares the placed convex decompositions.
	PhasePieces
	// PhasePixels compares the opaque pixels of the masks.
	PhasePixels
)

// Body is a sprite placed in the world: its shapes and optional mask in
// sprite coordinates, a Transform, and the placed shapes, kept in buffers
// the body owns so that Place and Hits do not allocate once warm. A Body is
// not safe for concurrent use while it is being placed.
type Body struct {
	local Shapes
	mask  *mask.Mask
	t     Transform
	// placed shapes
	bounds  Rect
	aabb    Box
	circle  Circle
	polygon Polygon
	pieces  Compound
	// whole-pixel placement, for the mask.Overlap shortcut
	ix, iy   int
	integral bool
}

// NewBody returns a body for a sprite with the given shapes and mask (nil
// for none), placed by the identity transform. The body keeps s and m; do
// not change them afterwards.
func NewBody(s Shapes, m *mask.Mask) *Body {
	b := &Body{local: s, mask: m}
	b.Place(Transform{})
	return b
}

// Shapes returns the body's shapes in sprite coordinates.
func (b *Body) Shapes() Shapes { return b.local }

// Mask returns the body's mask, or nil.
func (b *Body) Mask() *mask.Mask { return b.mask }

// Transform returns the body's current placement.
func (b *Body) Transform() Transform { return b.t }

// Place moves the body to t and places its shapes. It allocates only the
// first time a polygon or pieces buffer is needed.
func (b *Body) Place(t Transform) {
	b.t = t
	b.ix, b.iy, b.integral = t.integral()
	s := &b.local
	b.bounds = Rect{V(1, 1), V(0, 0)}
	if s.hasAABB() {
		b.aabb = t.Rect(s.AABB)
		b.bounds = b.aabb.Bounds()
	}
	if s.Circle.Radius > 0 {
		b.circle = t.Circle(s.Circle)
		b.bounds = intersectOr(b.bounds, b.circle.Bounds())
	}
	if len(s.Polygon) > 0 {
		b.polygon = t.Polygon(b.polygon, s.Polygon)
		b.bounds = intersectOr(b.bounds, b.polygon.Bounds())
	}
	if len(s.Pieces) > 0 {
		b.pieces = t.Compound(b.pieces, s.Pieces)
	}
	if b.bounds.Empty() && b.mask != nil {
		w, h := float64(b.mask.Width()), float64(b.mask.Height())
		b.bounds = t.Bounds(R(0, 0, w, h))
	}
}

// intersectOr returns the intersection of r and s, or s when r is empty:
// every shape contains the sprite, so their bounds' intersection does too.
func intersectOr(r, s Rect) Rect {
	if r.Empty() {
		return s
	}
	i := Rect{V(max(r.Min.X, s.Min.X), max(r.Min.Y, s.Min.Y)), V(min(r.Max.X, s.Max.X), min(r.Max.Y, s.Max.Y))}
	if i.Empty() {
		return s
	}
	return i
}

// Bounds returns a world Rect containing the placed body, for a broad
// phase such as Grid; it is empty for a body with no shape and no mask.
func (b *Body) Bounds() Rect { return b.bounds }

// Placed returns the body's shapes as placed in the world: AABB as a Box,
// and Polygon and Pieces in the body's buffers (valid until the next
// Place).
func (b *Body) Placed() (aabb Box, c Circle, p Polygon, pieces Compound) {
	return b.aabb, b.circle, b.polygon, b.pieces
}

// Hits runs the phases selected in phase on a and b, cheapest first, and
// reports false at the first that rejects the pair, true when all pass.
// PhaseBounds always runs. A phase runs only when both bodies have its
// shape (a mask, for PhasePixels); otherwise it is skipped, which is
// conservative because every shape contains its sprite.
func (a *Body) Hits(b *Body, phase Phase) bool {
	if !OverlapRectRect(a.bounds, b.bounds) {
		return false
	}
	as, bs := &a.local, &b.local
	if phase&PhaseAABB != 0 && as.hasAABB() && bs.hasAABB() && !OverlapBoxBox(a.aabb, b.aabb) {
		return false
	}
	if phase&PhaseCircle != 0 && as.Circle.Radius > 0 && bs.Circle.Radius > 0 && !OverlapCircleCircle(a.circle, b.circle) {
		return false
	}
	if phase&PhasePolygon != 0 && len(a.polygon) > 0 && len(b.polygon) > 0 && !OverlapPolygonPolygon(a.polygon, b.polygon) {
		return false
	}
	if phase&PhasePieces != 0 && len(a.pieces) > 0 && len(b.pieces) > 0 && !OverlapCompoundCompound(a.pieces, b.pieces) {
		return false
	}
	if phase&PhasePixels != 0 && a.mask != nil && b.mask != nil {
		if a.integral && b.integral {
			return mask.Overlap(a.mask, b.mask, b.ix-a.ix, b.iy-a.iy)
		}
		return overlapMasksMapped(a.mask, a.t, b.mask, b.t)
	}
	return true
}
