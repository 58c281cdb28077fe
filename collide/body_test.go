package collide

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/shapegen/shapegen/mask"
)

// shapesOf returns conservative shapes for m without the hull package: the
// AABB, its circumscribed circle, the AABB as a polygon, and one rect piece
// per opaque row span.
func shapesOf(m *mask.Mask) Shapes {
	bb := m.Bounds()
	aabb := R(float64(bb.Min.X), float64(bb.Min.Y), float64(bb.Max.X), float64(bb.Max.Y))
	var pieces Compound
	for y := range m.Height() {
		if l, r, ok := m.RowSpan(y); ok {
			pieces = append(pieces, R(float64(l), float64(y), float64(r+1), float64(y+1)).Polygon())
		}
	}
	return Shapes{KindAABB: aabb, KindCircle: Circle{aabb.Center(), aabb.Size().Len() / 2}, KindBox: aabb.Box(),
		KindHull: aabb.Polygon(), KindPolygon: aabb.Polygon(), KindPieces: pieces}
}

func TestBodyHitsCases(t *testing.T) {
	l := maskOf(
		"#...",
		"#...",
		"#...",
		"####",
	)
	flipped := maskOf(
		"####",
		"...#",
		"...#",
		"...#",
	)
	a, b := NewBody(shapesOf(l), Vec{}, l), NewBody(shapesOf(flipped), Vec{}, flipped)
	// The ⌝ up and right of the L: its column passes one pixel right of
	// the L's foot, though their boxes, circles and polygons overlap.
	b.Place(Transform{Pos: V(2, -1)})
	tests := []struct {
		name  string
		phase Phase
		want  bool
	}{
		{"bounds only", PhaseBounds, true},
		{"aabb", PhaseAABB, true},
		{"circle", PhaseCircle, true},
		{"box", PhaseBox, true},
		{"hull", PhaseHull, true},
		{"polygon", PhasePolygon, true},
		{"pieces", PhasePieces, false},
		{"pixels", PhasePixels, false},
		{"circle then pixels", PhaseCircle | PhasePixels, false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := a.Hits(b, tc.phase); got != tc.want {
				t.Errorf("a.Hits(b, %b) = %v, want %v", tc.phase, got, tc.want)
			}
			if got := b.Hits(a, tc.phase); got != tc.want {
				t.Errorf("b.Hits(a, %b) = %v, want %v", tc.phase, got, tc.want)
			}
		})
	}
	b.Place(Transform{Pos: V(1, -1)}) // the pieces touch at a corner only: pixels share no area
	if !a.Hits(b, PhasePieces) || a.Hits(b, PhasePixels) {
		t.Errorf("a.Hits(b) at a corner: pieces %v, pixels %v, want true, false", a.Hits(b, PhasePieces), a.Hits(b, PhasePixels))
	}
	b.Place(Transform{}) // the ⌝'s column ends on the L's last pixel
	if !a.Hits(b, PhasePieces|PhasePixels) {
		t.Errorf("a.Hits(b) after moving onto the L = false, want true")
	}
}

// TestBodyHitsConservative: every phase passes whenever the pixels overlap,
// and with all phases Hits is the pixel answer, for random placements.
func TestBodyHitsConservative(t *testing.T) {
	r := rand.New(rand.NewPCG(10, 10))
	all := PhaseAABB | PhaseCircle | PhaseBox | PhaseHull | PhasePolygon | PhasePieces | PhasePixels
	hits := 0
	for i := range 400 {
		ma, mb := randMask(r, 2+r.IntN(8), 2+r.IntN(8), 0.4), randMask(r, 2+r.IntN(8), 2+r.IntN(8), 0.4)
		if ma.Empty() || mb.Empty() {
			continue
		}
		ta, tb := randTransform(r), randTransform(r)
		if i%3 == 0 { // whole-pixel moves take the mask.Overlap path
			ta, tb = Transform{Pos: V(float64(r.IntN(10)), float64(r.IntN(10)))}, Transform{Pos: V(float64(r.IntN(10)), float64(r.IntN(10)))}
		} else {
			ta.Pos, tb.Pos = V(40, 40), V(40+r.Float64()*16-8, 40+r.Float64()*16-8)
		}
		// The bodies turn about the transforms' random pivots.
		a, b := NewBody(shapesOf(ma), ta.Pivot(), ma), NewBody(shapesOf(mb), tb.Pivot(), mb)
		a.Place(ta)
		b.Place(tb)
		pix := OverlapMasksPlaced(ma, ta, mb, tb)
		if pix {
			hits++
		}
		for _, ph := range []Phase{PhaseBounds, PhaseAABB, PhaseCircle, PhaseBox, PhaseHull, PhasePolygon, PhasePieces} {
			if pix && !a.Hits(b, ph) {
				t.Errorf("case %d: pixels overlap but Hits(%b) = false", i, ph)
			}
		}
		if got := a.Hits(b, all); got != pix {
			t.Errorf("case %d: Hits(all) = %v, pixels say %v", i, got, pix)
		}
		if got := b.Hits(a, all); got != pix {
			t.Errorf("case %d: b.Hits(a, all) = %v, pixels say %v", i, got, pix)
		}
	}
	if hits < 40 {
		t.Errorf("only %d placements overlap", hits)
	}
}

// TestBodyMaskOnly: a body with no shapes (the zero Shapes) is bounded by
// its mask, and its pixels decide.
func TestBodyMaskOnly(t *testing.T) {
	m := maskOf(
		"##.",
		"#..",
	)
	a, b := NewBody(Shapes{}, Vec{}, m), NewBody(Shapes{}, Vec{}, m)
	b.Place(Transform{Pos: V(10, 20)})
	if got, want := b.Bounds(), R(10, 20, 13, 22); got != want {
		t.Errorf("Bounds() = %v, want %v", got, want)
	}
	for _, tc := range []struct {
		pos  Vec
		want bool
	}{{V(1, 0), true}, {V(2, 0), false}, {V(1, 1), false}, {V(0, 1), true}} {
		b.Place(Transform{Pos: tc.pos})
		if got := a.Hits(b, PhasePixels); got != tc.want {
			t.Errorf("Hits with b at %v = %v, want %v", tc.pos, got, tc.want)
		}
	}
}

// TestBodyCollide: Collide uses the kind asked for, falls back to the
// tightest kind a body has, and turns about the body's pivot.
func TestBodyCollide(t *testing.T) {
	sq := R(0, 0, 4, 4)
	full := Shapes{KindAABB: sq, KindCircle: Circle{V(2, 2), 2 * math.Sqrt2}, KindPolygon: sq.Polygon()}
	a := NewBody(full, V(2, 2), nil)
	b := NewBody(Shapes{KindCircle: Circle{V(2, 2), 2}}, V(2, 2), nil)
	a.Place(Transform{Pos: V(10, 10)})
	b.Place(Transform{Pos: V(13, 10)}) // circle of radius 2 at (13, 10): 1 deep into the square
	c, ok := a.Collide(b, KindPolygon) // b has no polygon: its circle stands in
	if !ok || !near(c.Normal, V(1, 0), 1e-12) || math.Abs(c.Depth-1) > 1e-12 {
		t.Errorf("Collide(polygon) = %+v, %v, want normal (1, 0) depth 1", c, ok)
	}
	if c, ok = a.Collide(b, KindCircle); !ok || math.Abs(c.Depth-(2*math.Sqrt2+2-3)) > 1e-12 {
		t.Errorf("Collide(circle) = %+v, %v, want depth %v", c, ok, 2*math.Sqrt2+2-3)
	}
	// Turned a quarter about the pivot, the square's corner (0, 0) is at
	// pivot + R(90°)(-2, -2) = (12, 8).
	a.Place(Transform{Pos: V(10, 10), Angle: math.Pi / 2})
	if got := a.Shape(KindPolygon).(Polygon); !near(got[0], V(12, 8), 1e-12) {
		t.Errorf("turned polygon starts at %v, want (12, 8)", got[0])
	}
	if a.Shape(KindOutline) != nil || a.Shape(KindHull) != nil {
		t.Errorf("Shape of a kind the body lacks is not nil")
	}
	empty := NewBody(Shapes{}, Vec{}, nil)
	if _, ok := a.Collide(empty, KindPolygon); ok {
		t.Errorf("Collide with a body without shapes = true")
	}
}
