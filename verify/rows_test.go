package verify

import (
	"cmp"
	"math"
	"math/big"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/shapegen/shapegen/collide"
	"github.com/shapegen/shapegen/hull"
	"github.com/shapegen/shapegen/internal/masktest"
	"github.com/shapegen/shapegen/mask"
)

// naiveLine returns the least and greatest x in [0, w] with (x, y) in p by
// p.ContainsPoint, testing every x; lo > hi for none.
func naiveLine(p collide.Polygon, y, w int) (lo, hi int) {
	lo, hi = 1, 0
	for x := 0; x <= w; x++ {
		if p.ContainsPoint(collide.V(float64(x), float64(y))) {
			if lo > hi {
				lo = x
			}
			hi = x
		}
	}
	return lo, hi
}

// TestLineRowsMatchesNaive checks lineRows (the integer rows of a convex
// polygon, exact for integer vertices and settled by ContainsPoint for
// the others) against ContainsPoint at every point, over thousands of
// seeded polygons: hulls, Reduce of hulls (fractional corners), and both
// moved by fractions and scaled, on lines inside, beside and past them.
func TestLineRowsMatchesNaive(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for i := range 3000 {
		m := randomMask(rng, 1+rng.IntN(24), 1+rng.IntN(24), rng.Float64())
		if m.Empty() {
			continue
		}
		h := hull.Convex(m)
		p := h
		if rng.IntN(2) == 0 {
			p = hull.Reduce(h, 3+rng.IntN(4))
		}
		if len(p) < 3 {
			continue
		}
		d := collide.V(rng.Float64()*float64(rng.IntN(2))+float64(rng.IntN(3)-1), rng.Float64()*float64(rng.IntN(2)))
		p = p.Translate(d)
		if rng.IntN(4) == 0 {
			p = p.Scale(1 + rng.Float64())
		}
		w := m.Width() + rng.IntN(4) - 2
		y0, y1 := rng.IntN(4)-2, m.Height()+rng.IntN(6)
		r := lineRows(rows{}, p, y0, y1, max(w, 0))
		for y := y0; y <= y1; y++ {
			lo, hi := r.lo[y-y0], r.hi[y-y0]
			wlo, whi := naiveLine(p, y, max(w, 0))
			if (lo > hi) != (wlo > whi) || lo <= hi && (lo != wlo || hi != whi) {
				t.Fatalf("case %d: lineRows(%v) on line %d in [0, %d] = %d..%d, want %d..%d", i, p, y, w, lo, hi, wlo, whi)
			}
		}
	}
}

// TestOutsideUnionFractions checks the count of pieces with fractional
// corners (Reduce of the pieces, moved by fractions both ways) against the
// pixel-by-pixel reference.
func TestOutsideUnionFractions(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	for i := range 1000 {
		m := randomMask(rng, 1+rng.IntN(20), 1+rng.IntN(20), rng.Float64())
		if m.Empty() {
			continue
		}
		var c collide.Compound
		for _, p := range hull.Pieces(m, hull.PiecesOptions{MaxPieces: 1 + rng.IntN(6), MaxVertices: 8}) {
			c = append(c, hull.Reduce(p, 3+rng.IntN(3)))
		}
		c = moved(c, collide.V(rng.Float64()-0.5, rng.Float64()-0.5)).(collide.Compound)
		if got, want := Outside(m, c), naiveOutsideUnion(m, c); got != want {
			t.Fatalf("case %d: Outside(%v, %v) = %d, want %d", i, m, c, got, want)
		}
	}
	// A mask wider than a word.
	m := mask.New(150, 3)
	for x := 5; x < 142; x++ { // pixel 141 sticks out
		m.Set(x, 1, true)
	}
	c := collide.Compound{collide.R(4.5, 0, 70, 3).Polygon(), collide.R(70, 0.5, 141, 2).Polygon()}
	if got, want := Outside(m, c), naiveOutsideUnion(m, c); got != want || got != 1 {
		t.Errorf("Outside(wide, %v) = %d, want %d (and 1)", c, got, want)
	}
}

// scanOutsideRings is outsideRings's pixel-by-pixel scan: each pixel's
// winding from the crossings sorted left of its centre, one at a time.
func scanOutsideRings(m *mask.Mask, rs collide.Rings) int {
	crossed := mask.New(m.Width(), m.Height())
	for _, r := range rs {
		for i := range r {
			markCrossed(crossed, r[i], r[(i+1)%len(r)])
		}
	}
	n := 0
	for y := range m.Height() {
		cy := float64(y) + 0.5
		type crossing struct {
			x float64
			d int
		}
		var xs []crossing
		for _, ring := range rs {
			for i, a := range ring {
				b := ring[(i+1)%len(ring)]
				if (a.Y <= cy) == (b.Y <= cy) {
					continue
				}
				d := 1
				if b.Y < a.Y {
					d = -1
				}
				xs = append(xs, crossing{a.X + (cy-a.Y)*(b.X-a.X)/(b.Y-a.Y), d})
			}
		}
		slices.SortFunc(xs, func(p, q crossing) int { return cmp.Compare(p.x, q.x) })
		k, winding := 0, 0
		for x := range m.Width() {
			for k < len(xs) && xs[k].x < float64(x)+0.5 {
				winding += xs[k].d
				k++
			}
			if m.Get(x, y) && (crossed.Get(x, y) || winding == 0) {
				n++
			}
		}
	}
	return n
}

// TestOutsideRingsMatchesScan checks Outside of rings, which counts a row
// a word at a time between crossings, against the pixel-by-pixel scan and
// the area reference, on outlines of seeded masks up to 150 pixels wide
// moved by fractions both ways, and against the scan alone on rings with
// a vertex that is not finite.
func TestOutsideRingsMatchesScan(t *testing.T) {
	rng := rand.New(rand.NewPCG(9, 10))
	for i := range 600 {
		m := randomMask(rng, 1+rng.IntN(150), 1+rng.IntN(12), rng.Float64())
		if m.Empty() {
			continue
		}
		rs := collide.Rings(hull.Outline(m, hull.OutlineOptions{MaxVertices: 3 + rng.IntN(60), Tolerance: rng.Float64()}))
		for _, r := range []collide.Region{rs, moved(rs, collide.V(rng.Float64()-0.5, rng.Float64()-0.5))} {
			got, scan := Outside(m, r), scanOutsideRings(m, r.(collide.Rings))
			if got != scan {
				t.Fatalf("case %d: Outside(%v, %v) = %d, the scan says %d", i, m, r, got, scan)
			}
			if m.Width() <= 40 {
				if want := naiveOutsideRings(m, r.(collide.Rings)); got != want {
					t.Fatalf("case %d: Outside(%v, %v) = %d, want %d", i, m, r, got, want)
				}
			}
		}
	}
	m := masktest.Pic("######", "######", "######")
	inf, nan := math.Inf(1), math.NaN()
	for _, rs := range []collide.Rings{
		{{collide.V(0, 0), collide.V(nan, 1), collide.V(6, 3), collide.V(0, 3)}},
		{{collide.V(0, 0), collide.V(6, 0), collide.V(6, 3), collide.V(0, 3)}, {collide.V(2, 1), collide.V(2, 2), collide.V(nan, 2), collide.V(4, 1)}},
		{{collide.V(-inf, 0), collide.V(6, 0), collide.V(6, 3), collide.V(0, 3)}},
		{{collide.V(0, 0), collide.V(inf, 0.5), collide.V(6, 3), collide.V(0, 3)}},
	} {
		if got, want := Outside(m, rs), scanOutsideRings(m, rs); got != want {
			t.Errorf("Outside(m, %v) = %d, the scan says %d", rs, got, want)
		}
	}
	flat := collide.Rings{{collide.V(0, -1), collide.V(4, -1), collide.V(4, 1), collide.V(0, 1)}}
	if got := Outside(mask.New(4, 0), flat); got != 0 {
		t.Errorf("Outside(a mask of no rows, %v) = %d, want 0", flat, got)
	}
}

// adversarialPolygon returns a triangle with an edge line through, or
// within rounding of, an integer point (x, y) with 0 <= x <= w and
// 0 <= y <= h, where lineBounds's error decides: edges near level or
// upright, vertices from 2^-1060 to 2^460 away, either winding (the
// reversed one holds no point), and sometimes a third vertex almost on
// the line.
func adversarialPolygon(rng *rand.Rand, w, h int) collide.Polygon {
	k := collide.V(float64(rng.IntN(w+1)), float64(rng.IntN(h+1)))
	slope := math.Ldexp(rng.Float64()+0.5, -rng.IntN(64))
	d := collide.V(1, slope)
	if rng.IntN(2) == 0 {
		d = collide.V(slope, 1)
	}
	if rng.IntN(2) == 0 {
		d.X = -d.X
	}
	near := func() float64 { return math.Ldexp(rng.Float64()+0.5, rng.IntN(1520)-1060) }
	a, b := k.Sub(d.Scale(near())), k.Add(d.Scale(near()))
	side := collide.V(-d.Y, d.X).Scale(near())
	if rng.IntN(4) == 0 {
		side = side.Scale(0x1p-50)
	}
	c := a.Add(b).Scale(0.5).Add(side)
	p := collide.Polygon{a, b, c}
	if rng.IntN(2) == 0 {
		p = collide.Polygon{a, c, b}
	}
	return p
}

// ratString returns r in decimals, "none" for nil.
func ratString(r *big.Rat) string {
	if r == nil {
		return "none"
	}
	return r.FloatString(30)
}

// exactLineBounds returns, in rationals, the interval lineBounds
// approximates: the greatest crossing of p's lower-bounding edge lines
// with the line at height y and the least of the upper-bounding ones
// (nil for none), and whether a level edge has the line outside it.
func exactLineBounds(p collide.Polygon, y float64) (lo, hi *big.Rat, empty bool) {
	r := func(v float64) *big.Rat { return new(big.Rat).SetFloat64(v) }
	a := p[len(p)-1]
	for _, b := range p {
		dy, dx, ey := new(big.Rat).Sub(r(y), r(a.Y)), new(big.Rat).Sub(r(b.X), r(a.X)), new(big.Rat).Sub(r(b.Y), r(a.Y))
		if ey.Sign() == 0 {
			empty = empty || dx.Sign()*dy.Sign() < 0
			a = b
			continue
		}
		x := new(big.Rat).Add(r(a.X), new(big.Rat).Quo(new(big.Rat).Mul(dy, dx), ey))
		if ey.Sign() > 0 && (hi == nil || x.Cmp(hi) < 0) {
			hi = x
		} else if ey.Sign() < 0 && (lo == nil || x.Cmp(lo) > 0) {
			lo = x
		}
		a = b
	}
	return lo, hi, empty
}

// TestLineBoundsWithinError checks that lineBounds's brackets hold the
// ends computed in rationals, on adversarial triangles (a third of them
// with vertices moved by a few ulps) and random ones, on lines through
// them.
func TestLineBoundsWithinError(t *testing.T) {
	rng := rand.New(rand.NewPCG(11, 12))
	// within reports whether want, nil for none, is in [lo, hi].
	within := func(lo, hi float64, want *big.Rat) bool {
		if want == nil {
			return math.IsInf(lo, 0) && lo == hi
		}
		return (math.IsInf(lo, -1) || new(big.Rat).SetFloat64(lo).Cmp(want) <= 0) &&
			(math.IsInf(hi, 1) || want.Cmp(new(big.Rat).SetFloat64(hi)) <= 0)
	}
	checked := 0
	for i := range 20000 {
		p := adversarialPolygon(rng, 8, 8)
		if i%3 == 0 {
			for j := range p {
				p[j].X = math.Nextafter(p[j].X, math.Inf(rng.IntN(3)-1))
			}
		}
		if !boundedCoords(p) {
			continue
		}
		y := float64(rng.IntN(9))
		outLo, outHi, inLo, inHi, empty, ok := lineBounds(p, y)
		if !ok {
			continue
		}
		checked++
		wlo, whi, wempty := exactLineBounds(p, y)
		if empty != wempty || !within(outLo, inLo, wlo) || !within(inHi, outHi, whi) {
			t.Fatalf("case %d: lineBounds(%v, %v) = [%v..%v, %v..%v] empty %v, want [%v, %v] empty %v",
				i, p, y, outLo, inLo, inHi, outHi, empty, ratString(wlo), ratString(whi), wempty)
		}
	}
	if checked < 10000 {
		t.Errorf("only %d of the cases checked", checked)
	}
}

// TestBoundedSpanMatchesNaive checks boundedSpan, which asks
// ContainsPoint only near the float ends, against ContainsPoint at every
// point, on adversarial triangles (bounded or not) and on reversed and
// shuffled polygons, whose points are not those of their vertices' hull.
func TestBoundedSpanMatchesNaive(t *testing.T) {
	rng := rand.New(rand.NewPCG(13, 14))
	for i := range 20000 {
		p := adversarialPolygon(rng, 8, 8)
		if i%4 == 0 {
			m := randomMask(rng, 1+rng.IntN(8), 1+rng.IntN(8), rng.Float64())
			if m.Empty() {
				continue
			}
			p = hull.Reduce(hull.Convex(m), 3+rng.IntN(4)).Translate(collide.V(rng.Float64()-0.5, rng.Float64()-0.5))
			rng.Shuffle(len(p), func(i, j int) { p[i], p[j] = p[j], p[i] })
		}
		if len(p) < 3 || !boundedCoords(p) {
			continue
		}
		y := rng.IntN(9)
		lo, hi := boundedSpan(p, y, 8)
		if wlo, whi := naiveLine(p, y, 8); lo != wlo || hi != whi {
			t.Fatalf("case %d: boundedSpan(%v, %d, 8) = %d..%d, want %d..%d", i, p, y, lo, hi, wlo, whi)
		}
	}
	// Crossings past the float range (a long edge all but level), and
	// below the normal one.
	for _, p := range []collide.Polygon{
		{collide.V(-0x1p499, 0x1p-1074), collide.V(0x1p499, 0), collide.V(4, 8)},
		{collide.V(0x1p499, 0x1p-1074), collide.V(-0x1p499, 0), collide.V(4, -8)},
		{collide.V(4, 0), collide.V(4+0x1p-1000, 0x1p-60), collide.V(2, 8)},
	} {
		r := slices.Clone(p)
		slices.Reverse(r)
		for _, q := range []collide.Polygon{p, r} {
			for y := range 9 {
				lo, hi := boundedSpan(q, y, 8)
				if wlo, whi := naiveLine(q, y, 8); lo != wlo || hi != whi {
					t.Errorf("boundedSpan(%v, %d, 8) = %d..%d, want %d..%d", q, y, lo, hi, wlo, whi)
				}
			}
		}
	}
}

// TestBoundedSpanCorpus checks boundedSpan against settledSpan, which it
// replaced for bounded coordinates, on every line of every corpus
// sprite's pieces and of their reductions to four vertices.
func TestBoundedSpanCorpus(t *testing.T) {
	if testing.Short() {
		t.Skip("the corpus's lines take a few seconds")
	}
	for _, s := range fpCorpus(t) {
		if s.m.Empty() {
			continue
		}
		for _, p := range hull.Pieces(s.m, hull.DefaultPieces) {
			for _, q := range []collide.Polygon{p, hull.Reduce(p, 4)} {
				if len(q) < 3 {
					continue
				}
				w := s.m.Width()
				for y := -1; y <= s.m.Height()+1; y++ {
					lo, hi := boundedSpan(q, y, w)
					if wlo, whi := settledSpan(q, y, w); lo != wlo || hi != whi {
						t.Fatalf("%s: boundedSpan(%v, %d, %d) = %d..%d, settledSpan says %d..%d", s.name, q, y, w, lo, hi, wlo, whi)
					}
				}
			}
		}
	}
}
