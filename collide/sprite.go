package collide

import (
	"math"

	"github.com/shapegen/shapegen/mask"
)

// Pixel-exact tests. Two opaque pixels collide when their unit squares
// share area: at integer offsets that is the same pixel position, as
// mask.Overlap counts it. At other placements the squares are mapped into
// one frame and compared as shapes, with one tolerance: squares that
// overlap by less than pixelEps pixels along some axis (touching ones
// included) do not collide, so the integer case agrees exactly with
// mask.Overlap.
const pixelEps = 1e-9

// OverlapMasks reports whether a and b share an opaque pixel when b's pixel
// (x, y) lies at a's (x+dx, y+dy). It is mask.Overlap, here so a game needs
// one package; it does not allocate.
func OverlapMasks(a, b *mask.Mask, dx, dy int) bool { return mask.Overlap(a, b, dx, dy) }

// integral reports whether t is a whole-pixel move (no turn, scale or
// flip) and returns the offset of the sprite's pixel (0, 0).
func (t Transform) integral() (dx, dy int, ok bool) {
	kx, ky := t.factors()
	o := t.Pos.Sub(t.pivot)
	if t.Angle != 0 || kx != 1 || ky != 1 || o.X != math.Trunc(o.X) || o.Y != math.Trunc(o.Y) ||
		math.Abs(o.X) > 1<<30 || math.Abs(o.Y) > 1<<30 {
		return 0, 0, false
	}
	return int(o.X), int(o.Y), true
}

// OverlapMasksPlaced reports whether masks a and b, placed in the world by
// ta and tb, share an opaque pixel (see the package's pixel rule above).
// When both transforms are whole-pixel moves it is one mask.Overlap call;
// otherwise each opaque pixel of b that can reach a's mask is mapped into
// a's frame as a parallelogram and tested against a's opaque pixels under
// it. It does not allocate.
func OverlapMasksPlaced(a *mask.Mask, ta Transform, b *mask.Mask, tb Transform) bool {
	if ax, ay, ok := ta.integral(); ok {
		if bx, by, ok := tb.integral(); ok {
			return mask.Overlap(a, b, bx-ax, by-ay)
		}
	}
	return overlapMasksMapped(a, ta, b, tb)
}

// overlapMasksMapped is OverlapMasksPlaced without the whole-pixel shortcut.
func overlapMasksMapped(a *mask.Mask, ta Transform, b *mask.Mask, tb Transform) bool {
	ab := a.Bounds()
	if ab.Empty() {
		return false
	}
	// b's local -> a's local: x -> ta⁻¹(tb(x)), an affine map.
	m := relative(ta, tb)
	mirror := ta.Mirrors() != tb.Mirrors()
	// The part of b that can reach a's opaque bounds.
	inv := relative(tb, ta)
	reach := Rect{V(float64(ab.Min.X), float64(ab.Min.Y)), V(float64(ab.Max.X), float64(ab.Max.Y))}
	var rb Rect
	{
		c, _ := reach.corners()
		rb = Rect{inv.apply(c[0]), inv.apply(c[0])}
		for _, v := range c[1:] {
			rb = rb.Union(Rect{inv.apply(v), inv.apply(v)})
		}
	}
	x0, y0 := max(int(math.Floor(rb.Min.X))-1, 0), max(int(math.Floor(rb.Min.Y))-1, 0)
	x1, y1 := min(int(math.Ceil(rb.Max.X))+1, b.Width()-1), min(int(math.Ceil(rb.Max.Y))+1, b.Height()-1)
	for y := y0; y <= y1; y++ {
		l, r, ok := b.RowSpan(y)
		if !ok {
			continue
		}
		for x := max(x0, l); x <= min(x1, r); x++ {
			if b.Get(x, y) && pixelHits(a, &m, mirror, x, y) {
				return true
			}
		}
	}
	return false
}

// relative returns the affine map from tb's local frame to ta's local
// frame.
func relative(ta, tb Transform) affine {
	mb := tb.affine()
	ma := ta.affine()
	// ma⁻¹ = [d -b; -c a]/det, applied after mb.
	det := ma.a*ma.d - ma.b*ma.c
	ia, ib, ic, id := ma.d/det, -ma.b/det, -ma.c/det, ma.a/det
	return affine{
		a: ia*mb.a + ib*mb.c, b: ia*mb.b + ib*mb.d,
		c: ic*mb.a + id*mb.c, d: ic*mb.b + id*mb.d,
		ox: ia*(mb.ox-ma.ox) + ib*(mb.oy-ma.oy),
		oy: ic*(mb.ox-ma.ox) + id*(mb.oy-ma.oy),
	}
}

// pixelHits reports whether b's pixel (x, y), mapped by m into a's frame,
// shares area with an opaque pixel of a.
func pixelHits(a *mask.Mask, m *affine, mirror bool, x, y int) bool {
	fx, fy := float64(x), float64(y)
	// Quick accept: the pixel's centre strictly inside an opaque pixel of a.
	if c := m.apply(V(fx+0.5, fy+0.5)); c.X != math.Floor(c.X) && c.Y != math.Floor(c.Y) &&
		a.Get(int(math.Floor(c.X)), int(math.Floor(c.Y))) {
		return true
	}
	q := [4]Vec{m.apply(V(fx, fy)), m.apply(V(fx+1, fy)), m.apply(V(fx+1, fy+1)), m.apply(V(fx, fy+1))}
	if mirror {
		q[1], q[3] = q[3], q[1]
	}
	bb := Rect{q[0], q[0]}
	for _, v := range q[1:] {
		bb.Min.X, bb.Min.Y = min(bb.Min.X, v.X), min(bb.Min.Y, v.Y)
		bb.Max.X, bb.Max.Y = max(bb.Max.X, v.X), max(bb.Max.Y, v.Y)
	}
	px0, py0 := max(int(math.Floor(bb.Min.X)), 0), max(int(math.Floor(bb.Min.Y)), 0)
	px1, py1 := min(int(math.Ceil(bb.Max.X))-1, a.Width()-1), min(int(math.Ceil(bb.Max.Y))-1, a.Height()-1)
	for py := py0; py <= py1; py++ {
		for px := px0; px <= px1; px++ {
			if !a.Get(px, py) {
				continue
			}
			sq, _ := R(float64(px), float64(py), float64(px+1), float64(py+1)).corners()
			if c, ok := collideConvex(sq[:], q[:], false, false); ok && c.Depth > pixelEps {
				return true
			}
		}
	}
	return false
}
