package collide

import "github.com/shapegen/shapegen/mask"

// Shapes holds a sprite's shapes by kind, in the sprite's own pixel
// coordinates: Shapes[KindAABB] a Rect, Shapes[KindCircle] a Circle,
// Shapes[KindBox] a Box, Shapes[KindHull] and Shapes[KindPolygon] a
// Polygon, Shapes[KindPieces] a Compound. A nil entry is a kind the sprite
// does not have; Shapes[KindOutline] is always nil (the outline is Rings,
// not a Shape).
type Shapes [NumKinds]Shape

// Phase selects the tests Body.Hits runs, as a set of flags.
type Phase uint16

// The phases. Hits always runs PhaseBounds first, then the selected shape
// phases cheapest first, then PhasePixels.
const (
	// PhaseBounds compares the placed bodies' bounding rects.
	PhaseBounds Phase = 1 << iota
	// PhasePixels compares the opaque pixels of the masks.
	PhasePixels
	// PhaseAABB compares the sprites' AABBs as placed (boxes when turned).
	PhaseAABB
	// PhaseCircle compares the placed bounding circles.
	PhaseCircle
	// PhaseBox compares the placed oriented boxes.
	PhaseBox
	// PhaseHull compares the placed convex hulls.
	PhaseHull
	// PhasePolygon compares the placed vertex-limited polygons.
	PhasePolygon
	// PhasePieces compares the placed convex covers.
	PhasePieces
)

// hitOrder is the order Hits runs the shape phases in: cheapest first.
var hitOrder = [...]Kind{KindAABB, KindCircle, KindBox, KindPolygon, KindHull, KindPieces}

// Body is a sprite placed in the world: its shapes and optional mask in
// sprite coordinates, its pivot, a Transform, and the placed shapes, kept
// in buffers the body owns so that placing and testing do not allocate
// once warm. A shape is placed when a test first needs it after Place.
// A Body is not safe for concurrent use.
type Body struct {
	local Shapes
	pivot Vec
	mask  *mask.Mask
	t     Transform
	// placed holds the shapes as placed, valid for the kinds in fresh.
	placed [NumKinds]placed
	fresh  uint16
	bounds Rect
	// whole-pixel placement, for the mask.Overlap shortcut
	ix, iy   int
	integral bool
}

// NewBody returns a body for a sprite with the given shapes, pivot (in
// sprite coordinates) and mask (nil for none), placed by the identity
// transform. The body keeps s's shapes and m; do not change them
// afterwards.
func NewBody(s Shapes, pivot Vec, m *mask.Mask) *Body {
	b := &Body{local: s, pivot: pivot, mask: m}
	b.local[KindOutline] = nil
	b.Place(Transform{Pos: pivot})
	return b
}

// Local returns the body's shape of kind k in sprite coordinates, or nil.
func (b *Body) Local(k Kind) Shape {
	if k >= NumKinds {
		return nil
	}
	return b.local[k]
}

// Pivot returns the sprite point that Place puts at the transform's Pos.
func (b *Body) Pivot() Vec { return b.pivot }

// Mask returns the body's mask, or nil.
func (b *Body) Mask() *mask.Mask { return b.mask }

// Transform returns the body's current placement, with the body's pivot.
func (b *Body) Transform() Transform { return b.t }

// Place moves the body to t: the sprite is mirrored, scaled and turned
// about its pivot, and the pivot put at t.Pos (any pivot set on t with
// About is replaced by the body's). It does not allocate.
func (b *Body) Place(t Transform) {
	t = t.About(b.pivot)
	b.t = t
	b.fresh = 0
	b.ix, b.iy, b.integral = t.integral()
	// Every shape contains the sprite, so the bounds of the cheap ones
	// intersected bound it too.
	b.bounds = Rect{V(1, 1), V(0, 0)}
	for _, k := range [...]Kind{KindAABB, KindCircle} {
		if p := b.at(k); p != nil {
			b.bounds = intersectOr(b.bounds, p.bounds())
		}
	}
	if b.bounds.Empty() {
		for _, k := range [...]Kind{KindBox, KindPolygon, KindHull, KindPieces} {
			if p := b.at(k); p != nil {
				b.bounds = intersectOr(b.bounds, p.bounds())
			}
		}
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

// Shape returns the body's shape of kind k as placed in the world, or nil
// when the body has none: an AABB comes back as a Box (it turns with the
// sprite), the other kinds as their own type. Polygons and compounds live
// in the body's buffers and are valid until the next Place.
func (b *Body) Shape(k Kind) Shape {
	if p := b.at(k); p != nil {
		return p.shape()
	}
	return nil
}

// at returns the body's shape of kind k placed, placing it if it is not
// yet, or nil when the body has none.
func (b *Body) at(k Kind) *placed {
	if k >= NumKinds || b.local[k] == nil {
		return nil
	}
	p := &b.placed[k]
	if b.fresh&(1<<k) == 0 {
		p.set(b.t, b.local[k])
		b.fresh |= 1 << k
	}
	return p
}

// placed is a shape placed by a transform, kept by type so that placing
// reuses the polygon buffers and nothing is boxed in an interface.
type placed struct {
	tag    uint8 // one of the tag constants
	point  Vec
	circle Circle
	box    Box // a placed Rect or Box
	poly   Polygon
	comp   Compound
}

const (
	tagNone = iota
	tagPoint
	tagCircle
	tagBox
	tagPolygon
	tagCompound
)

// set places src by t into p.
func (p *placed) set(t Transform, src Shape) {
	switch s := src.(type) {
	case Vec:
		p.tag, p.point = tagPoint, t.Apply(s)
	case Circle:
		p.tag, p.circle = tagCircle, t.Circle(s)
	case Rect:
		p.tag, p.box = tagBox, t.Rect(s)
	case Box:
		p.tag, p.box = tagBox, t.Box(s)
	case Polygon:
		p.tag, p.poly = tagPolygon, t.Polygon(p.poly, s)
	case Compound:
		p.tag, p.comp = tagCompound, t.Compound(p.comp, s)
	default:
		p.tag = tagNone
	}
}

// shape returns p as a Shape.
func (p *placed) shape() Shape {
	switch p.tag {
	case tagPoint:
		return p.point
	case tagCircle:
		return p.circle
	case tagBox:
		return p.box
	case tagPolygon:
		return p.poly
	case tagCompound:
		return p.comp
	}
	return nil
}

// bounds returns the bounds of p.
func (p *placed) bounds() Rect {
	switch p.tag {
	case tagPoint:
		return p.point.Bounds()
	case tagCircle:
		return p.circle.Bounds()
	case tagBox:
		return p.box.Bounds()
	case tagPolygon:
		return p.poly.Bounds()
	case tagCompound:
		return p.comp.Bounds()
	}
	return Rect{V(1, 1), V(0, 0)}
}

// overlapPlaced reports whether the placed shapes p and q overlap, with
// the typed tests for the pairs a body meets most.
func overlapPlaced(p, q *placed) bool {
	switch {
	case p.tag == tagBox && q.tag == tagBox:
		return OverlapBoxBox(p.box, q.box)
	case p.tag == tagCircle && q.tag == tagCircle:
		return OverlapCircleCircle(p.circle, q.circle)
	case p.tag == tagPolygon && q.tag == tagPolygon:
		return OverlapPolygonPolygon(p.poly, q.poly)
	case p.tag == tagCompound && q.tag == tagCompound:
		return OverlapCompoundCompound(p.comp, q.comp)
	}
	return Overlap(p.shape(), q.shape())
}

// Hits reports whether a and b may collide, running the phases selected in
// phase: PhaseBounds always, then the selected shape phases cheapest first
// (aabb, circle, box, polygon, hull, pieces), then PhasePixels; it reports
// false at the first phase that rejects the pair, true when all pass. In a
// shape phase each body uses its shape of that kind or, when it has none,
// the first it has of polygon, hull, box, circle, aabb (as Collide does);
// a body with no shape at all skips the shape phases, and the pixel phase
// runs only when both bodies have masks. Skipping is conservative because
// every shape contains its sprite. Shapes are closed sets: touching
// counts. The pixel phase is exact (pixel squares that share area; see
// OverlapMasksPlaced).
func (a *Body) Hits(b *Body, phase Phase) bool {
	if !OverlapRectRect(a.bounds, b.bounds) {
		return false
	}
	for _, k := range hitOrder {
		if phase&k.Phase() == 0 {
			continue
		}
		p, q := a.contactShape(k), b.contactShape(k)
		if p != nil && q != nil && !overlapPlaced(p, q) {
			return false
		}
	}
	if phase&PhasePixels != 0 && a.mask != nil && b.mask != nil {
		if a.integral && b.integral {
			return mask.Overlap(a.mask, b.mask, b.ix-a.ix, b.iy-a.iy)
		}
		return overlapMasksMapped(a.mask, a.t, b.mask, b.t)
	}
	return true
}

// collideFallback is the order Hits and Collide try kinds in when a body
// lacks the one asked for: the tightest single convex shapes first.
var collideFallback = [...]Kind{KindPolygon, KindHull, KindBox, KindCircle, KindAABB}

// Collide returns the contact between the placed shapes of kind k of a and
// b (Normal from a into b, Depth the minimum translation; see Contact),
// and whether they overlap, touching included. A body without a shape of
// kind k uses its first of polygon, hull, box, circle, aabb instead; ok is
// false when either body has no shape at all.
func (a *Body) Collide(b *Body, k Kind) (c Contact, ok bool) {
	p, q := a.contactShape(k), b.contactShape(k)
	if p == nil || q == nil {
		return Contact{}, false
	}
	return Collide(p.shape(), q.shape())
}

// contactShape returns the placed shape Hits and Collide use for kind k.
func (b *Body) contactShape(k Kind) *placed {
	if p := b.at(k); p != nil {
		return p
	}
	for _, f := range collideFallback {
		if p := b.at(f); p != nil {
			return p
		}
	}
	return nil
}
