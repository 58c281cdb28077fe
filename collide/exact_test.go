package collide

import (
	"math"
	"math/big"
	"math/rand/v2"
	"testing"
)

// The exact predicates against math/big.Rat, on inputs built to sit on or
// within an ulp or two of their boundary (collinear points, points on a
// circle), at scales 2^-150 to 2^150 and beyond (the big.Int path), so
// that every stage decides some: the float bound, the heads-exact stage
// and the full expansions.

func ratSign(x *big.Rat) int { return x.Sign() }

func refOrient(a, b, c Vec) int {
	ex, ey := rsub(rat(b.X), rat(a.X)), rsub(rat(b.Y), rat(a.Y))
	wx, wy := rsub(rat(c.X), rat(a.X)), rsub(rat(c.Y), rat(a.Y))
	return ratSign(rsub(rmul(ex, wy), rmul(ey, wx)))
}

func refDot(a, b, c, d Vec) int {
	return ratSign(radd(rmul(rsub(rat(b.X), rat(a.X)), rsub(rat(d.X), rat(c.X))), rmul(rsub(rat(b.Y), rat(a.Y)), rsub(rat(d.Y), rat(c.Y)))))
}

func refDist(p, q Vec, r1, r2 float64) int {
	r := radd(rat(r1), rat(r2))
	return ratSign(rsub(rdist2(rv(p), rv(q)), rmul(r, r)))
}

func refLine(a, b, c Vec, r float64) int {
	ex, ey := rsub(rat(b.X), rat(a.X)), rsub(rat(b.Y), rat(a.Y))
	wx, wy := rsub(rat(c.X), rat(a.X)), rsub(rat(c.Y), rat(a.Y))
	s := rsub(rmul(ex, wy), rmul(ey, wx))
	rr := rat(r)
	return ratSign(rsub(rmul(s, s), rmul(rmul(rr, rr), radd(rmul(ex, ex), rmul(ey, ey)))))
}

// jitter moves x by up to two ulps either way.
func jitter(r *rand.Rand, x float64) float64 {
	for range r.IntN(3) {
		x = nudge(x, r.Float64()-0.5)
	}
	return x
}

func TestExactPredicates(t *testing.T) {
	r := rand.New(rand.NewPCG(16, 2))
	n := 20000
	if testing.Short() {
		n = 2000
	}
	signs := map[int]int{}
	for i := range n {
		scale := math.Ldexp(1, r.IntN(340)-170)
		v := func() Vec { return V(r.NormFloat64()*scale, r.NormFloat64()*scale) }
		a, b := v(), v()
		// c on the line ab (as nearly as floats allow), then jittered.
		u := r.Float64()*3 - 1
		c := V(jitter(r, a.X+u*(b.X-a.X)), jitter(r, a.Y+u*(b.Y-a.Y)))
		switch i % 5 {
		case 0:
			c = V(jitter(r, a.X), jitter(r, a.Y)) // a repeated point
		case 1:
			// Exactly collinear on y = kx, at wildly different magnitudes,
			// so that no difference is exact: only the full expansions can
			// tell the sign is 0.
			k := []float64{1, -1, 2, 0.5}[r.IntN(4)]
			m := func() float64 { return r.NormFloat64() * math.Ldexp(1, r.IntN(200)-100) }
			x, y, z := m(), m(), m()
			a, b, c = V(x, k*x), V(y, k*y), V(z, k*z)
		}
		got, ok := exactOrient(a, b, c)
		if want := refOrient(a, b, c); !ok || got != want {
			t.Fatalf("exactOrient(%v, %v, %v) = %d, %v, want %d", a, b, c, got, ok, want)
		}
		signs[got]++
		// d with (b-a)·(d-c) near 0: c plus a turned (b-a).
		d := V(jitter(r, c.X-(b.Y-a.Y)*u), jitter(r, c.Y+(b.X-a.X)*u))
		if i%5 == 1 { // exactly 0, from inexact differences
			x := r.NormFloat64() * math.Ldexp(1, r.IntN(200)-100)
			c, d = V(c.X, -c.X), V(x, -x)
			a, b = V(a.X, a.X), V(b.X, b.X)
		}
		if got, ok := exactDot(a, b, c, d); !ok || got != refDot(a, b, c, d) {
			t.Fatalf("exactDot(%v, %v, %v, %v) = %d, %v, want %d", a, b, c, d, got, ok, refDot(a, b, c, d))
		}
		// q at distance r1+r2 from p, as nearly as floats allow.
		r1, r2 := math.Abs(r.NormFloat64()*scale), math.Abs(r.NormFloat64()*scale)
		ang := r.Float64() * 2 * math.Pi
		q := V(jitter(r, a.X+(r1+r2)*math.Cos(ang)), jitter(r, a.Y+(r1+r2)*math.Sin(ang)))
		if got, ok := exactDist(a, q, r1, r2); !ok || got != refDist(a, q, r1, r2) {
			t.Fatalf("exactDist(%v, %v, %g, %g) = %d, %v, want %d", a, q, r1, r2, got, ok, refDist(a, q, r1, r2))
		}
		// c at distance rl from the line ab.
		if i%4 == 0 {
			l := math.Hypot(b.X-a.X, b.Y-a.Y)
			rl := math.Abs(r.NormFloat64() * scale)
			e := V(jitter(r, c.X-(b.Y-a.Y)/l*rl), jitter(r, c.Y+(b.X-a.X)/l*rl))
			if got, ok := exactLine(a, b, e, rl); !ok || got != refLine(a, b, e, rl) {
				t.Fatalf("exactLine(%v, %v, %v, %g) = %d, %v, want %d", a, b, e, rl, got, ok, refLine(a, b, e, rl))
			}
		}
	}
	if signs[0] < n/20 || signs[1] < n/20 || signs[-1] < n/20 {
		t.Errorf("orientation signs %v: the generator does not reach every outcome", signs)
	}
}
