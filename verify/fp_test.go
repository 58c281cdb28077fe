package verify

import (
	"math"
	"math/rand/v2"
	"sync"
	"testing"

	"github.com/shapegen/shapegen/collide"
	"github.com/shapegen/shapegen/hull"
	"github.com/shapegen/shapegen/internal/masktest"
	"github.com/shapegen/shapegen/mask"
)

// TestDiffAreaPolygon compares DiffArea of polygons with the area of the
// hull of all their vertex differences: convex polygons as the library
// stores them, the same reversed, and raw point lists (not convex,
// repeated, collinear), which count as their hull. Integer vertices must
// agree exactly.
func TestDiffAreaPolygon(t *testing.T) {
	r := rand.New(rand.NewPCG(17, 6))
	for i := range 3000 {
		integer := i%2 == 0
		var p []collide.Vec
		switch i % 3 {
		case 0:
			p = fpRandomConvex(r, integer)
		case 1:
			p = fpRandomConvex(r, integer)
			for a, b := 0, len(p)-1; a < b; a, b = a+1, b-1 {
				p[a], p[b] = p[b], p[a]
			}
		default:
			for range 1 + r.IntN(10) {
				p = append(p, collide.V(float64(r.IntN(7)), float64(r.IntN(7))))
			}
		}
		want := shoelace(refDiff(p, p))
		got := DiffArea(collide.Polygon(p))
		if integer && got != want || !fpNear(got, want, 1e-12) {
			t.Fatalf("case %d: DiffArea(%v) = %v, want %v", i, p, got, want)
		}
	}
}

// TestDiffAreaShapes checks the closed forms of Rect, Box and Circle
// against polygon methods: a Rect's and a Box's corners through the
// hull of differences, a circle between the difference bodies of the
// regular 256-gons inscribed in it and circumscribed about it.
func TestDiffAreaShapes(t *testing.T) {
	r := rand.New(rand.NewPCG(17, 7))
	for range 1000 {
		c := collide.V(r.Float64()*100-50, r.Float64()*100-50)
		half := collide.V(r.Float64()*20, r.Float64()*20)
		rect := collide.Rect{Min: c.Sub(half), Max: c.Add(half)}
		if got, want := DiffArea(rect), shoelace(refDiff(rect.Polygon(), rect.Polygon())); !fpNear(got, want, 1e-12) {
			t.Fatalf("DiffArea(%v) = %v, want %v", rect, got, want)
		}
		box := collide.Box{Center: c, Half: half, Angle: r.Float64() * 7}
		bp := box.Polygon()
		if got, want := DiffArea(box), shoelace(refDiff(bp, bp)); !fpNear(got, want, 1e-9) {
			t.Fatalf("DiffArea(%v) = %v, want %v", box, got, want)
		}
		circle := collide.Circle{Center: c, Radius: half.X}
		var in, out []collide.Vec
		const n = 256
		for k := range n {
			a := 2 * math.Pi * float64(k) / n
			in = append(in, c.Add(collide.V(math.Cos(a), math.Sin(a)).Scale(half.X)))
			out = append(out, c.Add(collide.V(math.Cos(a), math.Sin(a)).Scale(half.X/math.Cos(math.Pi/n))))
		}
		lo, hi := DiffArea(collide.Polygon(in)), DiffArea(collide.Polygon(out))
		if got := DiffArea(circle); got < lo*(1-1e-12) || got > hi*(1+1e-12) {
			t.Fatalf("DiffArea(%v) = %v, want between %v and %v", circle, got, lo, hi)
		}
	}
	for _, c := range []struct {
		name string
		s    collide.Shape
	}{
		{"nil", nil},
		{"point", collide.V(3, 4)},
		{"empty rect", collide.Rect{Min: collide.V(2, 2), Max: collide.V(1, 5)}},
		{"flat rect", collide.R(1, 2, 5, 2)},
		{"zero circle", collide.Circle{Center: collide.V(1, 1)}},
		{"flat box", collide.Box{Half: collide.V(3, 0), Angle: 1}},
		{"no vertex", collide.Polygon{}},
		{"one vertex", collide.Polygon{collide.V(1, 2)}},
		{"segment", collide.Polygon{collide.V(1, 2), collide.V(3, 4)}},
		{"collinear", collide.Polygon{collide.V(1, 1), collide.V(2, 2), collide.V(3, 3), collide.V(2, 2)}},
		{"no piece", collide.Compound{}},
		{"empty pieces", collide.Compound{nil, {}}},
		{"parallel segments", collide.Compound{{collide.V(0, 0), collide.V(1, 0)}, {collide.V(0, 1), collide.V(2, 1)}}},
	} {
		if got := DiffArea(c.s); got != 0 {
			t.Errorf("%s: DiffArea(%v) = %v, want 0", c.name, c.s, got)
		}
	}
}

// fpKindsOf returns the shapes the build makes for m, by kind: its box,
// circle, oriented box, hull, 8-vertex polygon and pieces.
func fpKindsOf(m *mask.Mask) map[string]collide.Shape {
	h := hull.Convex(m)
	return map[string]collide.Shape{
		"aabb":    h.Bounds(),
		"circle":  hull.MinCircle(h),
		"box":     hull.MinBox(h),
		"hull":    h,
		"polygon": hull.Reduce(h, 8),
		"pieces":  collide.Compound(hull.Pieces(m, hull.DefaultPieces)),
	}
}

// TestFPAreaRectangle checks that a rectangle of pixels anywhere in its
// frame gets exactly 0 with every kind, each of which is then the
// rectangle itself (pieces: one piece).
func TestFPAreaRectangle(t *testing.T) {
	r := rand.New(rand.NewPCG(17, 8))
	for range 300 {
		w, h := 1+r.IntN(80), 1+r.IntN(80)
		m := mask.New(w+r.IntN(100), h+r.IntN(100))
		x0, y0 := r.IntN(m.Width()-w+1), r.IntN(m.Height()-h+1)
		for y := y0; y < y0+h; y++ {
			m.SetRun(y, x0, x0+w, true)
		}
		p := PairsOf(m)
		for kind, s := range fpKindsOf(m) {
			if kind == "circle" {
				continue
			}
			if got := FPArea(p, s); got != 0 {
				t.Errorf("FPArea(%dx%d rectangle at (%d, %d), %s %v) = %v, want 0", w, h, x0, y0, kind, s, got)
			}
		}
	}
}

// TestFPAreaTranslation checks that a mask's figures do not depend on
// where it sits in its frame. The integer kinds (aabb, hull) are made
// anew for each place and must agree exactly; the others are made once
// and moved with the mask (hull.Reduce's float vertices need not come
// out the same from a moved hull), and must agree to rounding.
func TestFPAreaTranslation(t *testing.T) {
	r := rand.New(rand.NewPCG(17, 9))
	for i := range 300 {
		m := fpRandomMask(r, 1+r.IntN(60), 1+r.IntN(60))
		if m.Empty() {
			continue
		}
		b := m.Bounds()
		moved := mask.New(b.Dx()+r.IntN(300), b.Dy()+r.IntN(300))
		x, y := r.IntN(moved.Width()-b.Dx()+1), r.IntN(moved.Height()-b.Dy()+1)
		moved.Draw(m.Sub(b), x, y)
		d := collide.V(float64(x-b.Min.X), float64(y-b.Min.Y))
		p, q := PairsOf(m), PairsOf(moved)
		anew := fpKindsOf(moved)
		for kind, s := range fpKindsOf(m) {
			var s2 collide.Shape
			switch s := s.(type) {
			case collide.Rect, collide.Polygon:
				if kind == "aabb" || kind == "hull" {
					s2 = anew[kind]
				} else {
					s2 = s.(collide.Polygon).Translate(d)
				}
			case collide.Circle:
				s2 = s.Translate(d)
			case collide.Box:
				s2 = s.Translate(d)
			case collide.Compound:
				var c collide.Compound
				for _, piece := range s {
					c = append(c, piece.Translate(d))
				}
				s2 = c
			}
			got, want := FPArea(q, s2), FPArea(p, s)
			exact := kind == "aabb" || kind == "hull" || kind == "circle" || kind == "box"
			if exact && got != want || !fpNear(got, want, 1e-9) {
				t.Fatalf("case %d: %s figure moved = %v, in place %v", i, kind, got, want)
			}
		}
	}
}

// TestFPAreaOrder checks, on random masks, that every kind's figure lies
// in [0, 1) and that a kind containing the hull (all but pieces) never
// scores better than the hull: a larger shape has a larger difference
// body.
func TestFPAreaOrder(t *testing.T) {
	r := rand.New(rand.NewPCG(17, 10))
	for i := range 1000 {
		m := fpRandomMask(r, 1+r.IntN(40), 1+r.IntN(40))
		if m.Empty() {
			continue
		}
		p := PairsOf(m)
		ks := fpKindsOf(m)
		fh := FPArea(p, ks["hull"])
		for kind, s := range ks {
			f := FPArea(p, s)
			if !(f >= 0 && f < 1) {
				t.Fatalf("case %d: FPArea(\n%v, %s %v) = %v, want in [0, 1)", i, m, kind, s, f)
			}
			if kind != "pieces" && f < fh-1e-12 {
				t.Fatalf("case %d: FPArea(\n%v, %s) = %v, below the hull's %v", i, m, kind, f, fh)
			}
		}
	}
}

// TestFPAreaEdges checks the documented results: an empty mask gives 0,
// a shape without a difference body 0, a shape that leaves pixels out a
// negative figure; and a diagonal line of pixels, whose pairs meet only
// along the diagonal, scores above 0 in its box.
func TestFPAreaEdges(t *testing.T) {
	m := masktest.Pic(
		"......",
		".####.",
		".####.",
		"......",
	)
	p := PairsOf(m)
	for _, c := range []struct {
		name string
		p    Pairs
		s    collide.Shape
		want int // the figure's sign
	}{
		{"empty mask", PairsOf(mask.New(4, 4)), collide.R(0, 0, 4, 4), 0},
		{"nil shape", p, nil, 0},
		{"point", p, collide.V(2, 2), 0},
		{"segment", p, collide.Polygon{collide.V(1, 1), collide.V(5, 3)}, 0},
		{"NaN circle", p, collide.Circle{Radius: math.NaN()}, 0},
		{"inside the pixels", p, collide.R(2, 1, 4, 3), -1},
		{"diagonal in its box", PairsOf(masktest.Pic("#..", ".#.", "..#")), collide.R(0, 0, 3, 3), 1},
	} {
		got := FPArea(c.p, c.s)
		sign := 0
		if got < 0 {
			sign = -1
		} else if got > 0 {
			sign = 1
		}
		if sign != c.want {
			t.Errorf("%s: FPArea(%v, %v) = %v, want sign %d", c.name, c.p, c.s, got, c.want)
		}
	}
}

// TestDiffAreaNotFinite checks that shapes with coordinates that are not
// finite come back (with any value) rather than hang or panic, and that
// FPArea then gives a figure that is a number.
func TestDiffAreaNotFinite(t *testing.T) {
	nan, inf := math.NaN(), math.Inf(1)
	sq := func(v float64) collide.Polygon {
		return collide.Polygon{collide.V(0, 0), collide.V(v, 0), collide.V(v, v), collide.V(0, v)}
	}
	shapes := []collide.Shape{
		collide.Circle{Radius: nan}, collide.Circle{Radius: inf},
		collide.Box{Half: collide.V(nan, 1)}, collide.Rect{Max: collide.V(inf, 1)},
		sq(nan), sq(inf), collide.Polygon{collide.V(nan, 0), collide.V(1, 0), collide.V(0, 1)},
		collide.Compound{sq(nan), sq(1)}, collide.Compound{sq(inf), sq(1)},
		collide.Compound{{collide.V(nan, 0), collide.V(1, 0), collide.V(0, 1)}, sq(2)},
	}
	p := PairsOf(masktest.Pic("##"))
	for _, s := range shapes {
		DiffArea(s)
		if f := FPArea(p, s); math.IsNaN(f) {
			t.Errorf("FPArea(%v, %v) = NaN", p, s)
		}
	}
}

// TestFPAreaDeterministic checks that the figures computed at once on
// many goroutines are bit for bit those computed one after the other.
func TestFPAreaDeterministic(t *testing.T) {
	r := rand.New(rand.NewPCG(17, 11))
	var masks []*mask.Mask
	for range 50 {
		masks = append(masks, fpRandomMask(r, 1+r.IntN(60), 1+r.IntN(60)))
	}
	figures := func(m *mask.Mask) map[string]float64 {
		out := map[string]float64{}
		p := PairsOf(m)
		for kind, s := range fpKindsOf(m) {
			out[kind] = FPArea(p, s)
		}
		return out
	}
	want := make([]map[string]float64, len(masks))
	for i, m := range masks {
		want[i] = figures(m)
	}
	got := make([]map[string]float64, len(masks))
	var wg sync.WaitGroup
	for i, m := range masks {
		wg.Go(func() { got[i] = figures(m.Clone()) })
	}
	wg.Wait()
	for i := range masks {
		for kind, f := range want[i] {
			if math.Float64bits(got[i][kind]) != math.Float64bits(f) {
				t.Errorf("mask %d %s: %v concurrently, %v alone", i, kind, got[i][kind], f)
			}
		}
	}
}
