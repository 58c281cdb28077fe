package verify

import (
	"math/rand/v2"
	"testing"

	"github.com/shapegen/shapegen/collide"
	"github.com/shapegen/shapegen/hull"
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
