package collide

import (
	"fmt"
	"math"
	"math/big"
	"math/rand/v2"
	"testing"
)

// The reference for the circle tests: exact rational arithmetic on the
// float inputs, written as "nearest point, then compare squared
// distances" (the package compares signs of polynomials instead).

func rat(x float64) *big.Rat { return new(big.Rat).SetFloat64(x) }

type rvec struct{ x, y *big.Rat }

func rv(v Vec) rvec { return rvec{rat(v.X), rat(v.Y)} }

func rsub(a, b *big.Rat) *big.Rat { return new(big.Rat).Sub(a, b) }
func radd(a, b *big.Rat) *big.Rat { return new(big.Rat).Add(a, b) }
func rmul(a, b *big.Rat) *big.Rat { return new(big.Rat).Mul(a, b) }

// rdist2 is the squared distance between p and q.
func rdist2(p, q rvec) *big.Rat {
	dx, dy := rsub(p.x, q.x), rsub(p.y, q.y)
	return radd(rmul(dx, dx), rmul(dy, dy))
}

// rsegDist2 is the squared distance from p to the closed segment ab: the
// foot a + t(b-a) with t clamped to [0, 1].
func rsegDist2(a, b, p rvec) *big.Rat {
	ex, ey := rsub(b.x, a.x), rsub(b.y, a.y)
	l2 := radd(rmul(ex, ex), rmul(ey, ey))
	if l2.Sign() == 0 {
		return rdist2(a, p)
	}
	t := new(big.Rat).Quo(radd(rmul(ex, rsub(p.x, a.x)), rmul(ey, rsub(p.y, a.y))), l2)
	if t.Sign() < 0 {
		t.SetInt64(0)
	} else if t.Cmp(big.NewRat(1, 1)) > 0 {
		t.SetInt64(1)
	}
	return rdist2(rvec{radd(a.x, rmul(t, ex)), radd(a.y, rmul(t, ey))}, p)
}

// rpolyDist2 is the squared distance from p to the convex vertex list v
// (any winding, possibly with repeated vertices), 0 inside; a list of no
// area (a flat box's corners) is the segments between its vertices.
func rpolyDist2(v []Vec, p rvec) *big.Rat {
	pos, neg := false, false
	for i := range v {
		a, b := rv(v[i]), rv(v[(i+1)%len(v)])
		c := rsub(rmul(rsub(b.x, a.x), rsub(p.y, a.y)), rmul(rsub(b.y, a.y), rsub(p.x, a.x)))
		pos, neg = pos || c.Sign() > 0, neg || c.Sign() < 0
	}
	area := new(big.Rat)
	for i := range v {
		a, b := rv(v[i]), rv(v[(i+1)%len(v)])
		area.Add(area, rsub(rmul(a.x, b.y), rmul(b.x, a.y)))
	}
	if area.Sign() != 0 && !(pos && neg) {
		return new(big.Rat) // on the inner side of every edge (or on it)
	}
	var best *big.Rat
	for i := range v {
		d := rsegDist2(rv(v[i]), rv(v[(i+1)%len(v)]), p)
		if best == nil || d.Cmp(best) < 0 {
			best = d
		}
	}
	return best
}

// refTouch reports exactly whether circle c and shape s share a point.
func refTouch(c Circle, s Shape) bool {
	p, r := rv(c.Center), rat(c.Radius)
	within := func(d2 *big.Rat, r *big.Rat) bool { return d2.Cmp(rmul(r, r)) <= 0 }
	switch s := s.(type) {
	case Vec:
		return within(rdist2(p, rv(s)), r)
	case Circle:
		return within(rdist2(p, rv(s.Center)), radd(r, rat(s.Radius)))
	case Rect:
		k := [4]Vec{s.Min, {s.Max.X, s.Min.Y}, s.Max, {s.Min.X, s.Max.Y}}
		return !s.Empty() && within(rpolyDist2(k[:], p), r)
	case Box:
		k := s.Corners()
		return within(rpolyDist2(k[:], p), r)
	case Polygon:
		return len(s) > 0 && within(rpolyDist2(s, p), r)
	case Compound:
		for _, q := range s {
			if len(q) > 0 && within(rpolyDist2(q, p), r) {
				return true
			}
		}
	}
	return false
}

// tangentCase is a circle touching a shape exactly, and the direction in
// which moving the circle's centre brings it closer.
type tangentCase struct {
	name   string
	c      Circle
	s      Shape
	toward Vec // a unit axis direction
}

// tangentCases returns the cases at scale k (coordinates times 2^k, so
// still exact), shifted by off*2^k.
func tangentCases(k int, off Vec) []tangentCase {
	f := math.Ldexp(1, k)
	v := func(x, y float64) Vec { return V((x+off.X)*f, (y+off.Y)*f) }
	circ := func(x, y, r float64) Circle { return Circle{v(x, y), r * f} }
	// The case of issue 16: a long thin polygon 13383 above the centre.
	slab := Polygon{v(-20075, 13383), v(20075, 13383), v(20075, 13384), v(-20075, 13384)}
	tri := Polygon{v(3, 4), v(13, 4), v(3, 14)} // nearest the origin at its vertex (3, 4)
	return []tangentCase{
		{"point on circle", circ(0, 0, 29), v(20, 21), V(1, 0)},
		{"circles outside", circ(0, 0, 13), circ(20, 21, 16), V(1, 0)},
		{"circles inside", circ(0, 0, 5), circ(20, 21, 34), V(-1, 0)},
		{"rect face", circ(0, 0, 13383), Rect{v(-20075, 13383), v(20075, 13384)}, V(0, 1)},
		{"rect corner", circ(0, 0, 5), Rect{v(3, 4), v(10, 10)}, V(1, 0)},
		{"box face", circ(0, 0, 13383), Box{Center: v(0, 13383.5), Half: V(20075*f, 0.5*f)}, V(0, 1)},
		{"box corner", circ(0, 0, 5), Box{Center: v(6.5, 7), Half: V(3.5*f, 3*f)}, V(1, 0)},
		{"flat box end", circ(0, 0, 5), Box{Center: v(8, 0), Half: V(3*f, 0)}, V(1, 0)},
		{"flat box side", circ(0, 0, 13383), Box{Center: v(0, 13383), Half: V(0, 0)}, V(0, 1)},
		{"polygon face (issue 16)", circ(0, 0, 13383), slab, V(0, 1)},
		{"polygon vertex", circ(0, 0, 5), tri, V(1, 0)},
		{"segment", circ(0, 0, 13383), Polygon{v(-20075, 13383), v(20075, 13383)}, V(0, 1)},
		{"compound", circ(0, 0, 13383), Compound{Polygon{v(30000, 0), v(30002, 0), v(30001, 1)}, slab}, V(0, 1)},
	}
}

// mirrored returns s mirrored through the y axis (mx) and the x axis (my),
// polygon orders reversed so the winding stays positive.
func mirrored(s Shape, mx, my bool) Shape {
	m := func(p Vec) Vec {
		if mx {
			p.X = -p.X
		}
		if my {
			p.Y = -p.Y
		}
		return p
	}
	poly := func(p Polygon) Polygon {
		q := make(Polygon, len(p))
		for i, v := range p {
			q[i] = m(v)
		}
		if mx != my {
			for i, j := 0, len(q)-1; i < j; i, j = i+1, j-1 {
				q[i], q[j] = q[j], q[i]
			}
		}
		return q
	}
	switch s := s.(type) {
	case Vec:
		return m(s)
	case Circle:
		return Circle{m(s.Center), s.Radius}
	case Rect:
		a, b := m(s.Min), m(s.Max)
		return R(a.X, a.Y, b.X, b.Y)
	case Box:
		return Box{m(s.Center), s.Half, s.Angle} // angle 0 only
	case Polygon:
		return poly(s)
	case Compound:
		c := make(Compound, len(s))
		for i, p := range s {
			c[i] = poly(p)
		}
		return c
	}
	panic("mirrored")
}

// nudge moves x by one ulp in the direction of d's sign.
func nudge(x, d float64) float64 {
	switch {
	case d > 0:
		return math.Nextafter(x, math.Inf(1))
	case d < 0:
		return math.Nextafter(x, math.Inf(-1))
	}
	return x
}

// TestTangency: circles touching every other kind exactly, at scales 2^-8
// to 2^30, on all four sides (mirrored), at the touching position and moved
// one ulp towards and away: Overlap and Collide, both argument orders,
// agree with the exact reference; touching and towards collide; away does
// not, except where the exact answer is still true (a circle inside
// another).
func TestTangency(t *testing.T) {
	count := 0
	for k := -8; k <= 30; k++ {
		for _, off := range []Vec{{0, 0}, {12345, -6789}} {
			for _, tc := range tangentCases(k, off) {
				for mi := range 4 {
					mx, my := mi&1 != 0, mi&2 != 0
					s := mirrored(tc.s, mx, my)
					if p, ok := s.(Polygon); ok && len(p) > 2 && p.Area() <= 0 {
						t.Fatalf("%s: %v has negative winding", tc.name, p)
					}
					c0 := mirrored(tc.c, mx, my).(Circle)
					dir := mirrored(tc.toward, mx, my).(Vec)
					for _, move := range []float64{0, 1, -1} {
						c := c0
						c.Center = V(nudge(c.Center.X, move*dir.X), nudge(c.Center.Y, move*dir.Y))
						want := refTouch(c, s)
						name := fmt.Sprintf("%s k=%d off=%v mirror=%d move=%v", tc.name, k, off, mi, move)
						if move >= 0 && !want {
							t.Fatalf("%s: the reference says %v and %v do not touch: the case is wrong", name, c, s)
						}
						if move < 0 && want && tc.name != "circles inside" {
							t.Fatalf("%s: the reference says %v and %v still touch: the case is wrong", name, c, s)
						}
						checkCircleAgainst(t, name, c, s, want)
						count++
					}
				}
			}
		}
	}
	if count < 3000 {
		t.Fatalf("only %d cases ran", count)
	}
}

// checkCircleAgainst runs Overlap and Collide on (c, s) and (s, c) (and as
// a point when c has radius 0) and compares them with want.
func checkCircleAgainst(t *testing.T, name string, c Circle, s Shape, want bool) {
	t.Helper()
	var cs Shape = c
	if p, ok := s.(Vec); ok { // the point's own typed test takes the point first
		cs, s = p, c
	}
	for _, ab := range [2][2]Shape{{cs, s}, {s, cs}} {
		if got := Overlap(ab[0], ab[1]); got != want {
			t.Errorf("%s: Overlap(%v, %v) = %v, want %v", name, ab[0], ab[1], got, want)
		}
		con, ok := Collide(ab[0], ab[1])
		if ok != want {
			t.Errorf("%s: Collide(%v, %v) ok = %v, want %v", name, ab[0], ab[1], ok, want)
		}
		if ok && (math.Abs(con.Normal.Len()-1) > 1e-12 || !(con.Depth >= 0)) {
			t.Errorf("%s: Collide(%v, %v) = %v: not a unit normal and a depth >= 0", name, ab[0], ab[1], con)
		}
	}
	if c.Radius == 0 {
		if got := Overlap(c.Center, s); got != want {
			t.Errorf("%s: Overlap(point %v, %v) = %v, want %v", name, c.Center, s, got, want)
		}
	}
}

// TestNearTangentRandom places circles within a few ulps of touching
// random turned boxes, polygons and segments (so the float tests cannot
// decide) and compares every answer with the exact reference.
func TestNearTangentRandom(t *testing.T) {
	r := rand.New(rand.NewPCG(16, 16))
	n := 3000
	if testing.Short() {
		n = 300
	}
	hits := 0
	for i := range n {
		scale := math.Ldexp(1, r.IntN(38)-8)
		var s Shape
		switch i % 4 {
		case 0:
			s = Box{randVec(r).Scale(scale / 10), V(1+r.Float64()*9, r.Float64()*9).Scale(scale / 10), r.Float64() * 7}
		case 1:
			s = randPolygon(r, randVec(r).Scale(scale/10), scale, 3+r.IntN(6))
		case 2:
			a := randVec(r).Scale(scale / 10)
			s = Polygon{a, a.Add(randVec(r).Scale(scale / 50))}
		default:
			s = Circle{randVec(r).Scale(scale / 10), r.Float64() * scale}
		}
		// Aim at a random point of the boundary from a random direction,
		// at the radius measured in float, then jitter by a few ulps.
		target := boundaryPoint(r, s)
		u := V(1, 0).Rotate(r.Float64() * 2 * math.Pi)
		rad := r.Float64() * scale
		if i%7 == 0 {
			rad = 0
		}
		c := Circle{target.Add(u.Scale(rad)), rad}
		for range r.IntN(4) {
			c.Center.X = nudge(c.Center.X, r.Float64()-0.5)
			c.Center.Y = nudge(c.Center.Y, r.Float64()-0.5)
		}
		want := refTouch(c, s)
		if want {
			hits++
		}
		checkCircleAgainst(t, fmt.Sprintf("case %d", i), c, s, want)
	}
	if hits < n/10 || hits > n-n/10 {
		t.Errorf("%d of %d cases touch: the generator does not exercise both outcomes", hits, n)
	}
}

// boundaryPoint returns a point on (or, for a turned box, within rounding
// of) the boundary of s.
func boundaryPoint(r *rand.Rand, s Shape) Vec {
	var v []Vec
	switch s := s.(type) {
	case Circle:
		return s.Center.Add(V(s.Radius, 0).Rotate(r.Float64() * 2 * math.Pi))
	case Box:
		k := s.Corners()
		v = k[:]
	case Polygon:
		v = s
	}
	i := r.IntN(len(v))
	if r.IntN(3) == 0 {
		return v[i]
	}
	a, b := v[i], v[(i+1)%len(v)]
	return a.Add(b.Sub(a).Scale(r.Float64()))
}

// TestTangencyAllocs: deciding touching exactly does not allocate for
// inputs of magnitude within [2^-150, 2^150] (the expansions' range).
func TestTangencyAllocs(t *testing.T) {
	if raceDetector {
		t.Skip("allocation counts mean nothing under the race detector (see race_on_test.go)")
	}
	for k := -8; k <= 30; k += 2 {
		for _, tc := range tangentCases(k, V(12345, -6789)) {
			for _, move := range []float64{0, 1, -1} {
				c := tc.c
				c.Center = V(nudge(c.Center.X, move*tc.toward.X), nudge(c.Center.Y, move*tc.toward.Y))
				var s Shape = tc.s
				if n := testing.AllocsPerRun(5, func() {
					_ = Overlap(c, s)
					_, _ = Collide(s, c)
				}); n != 0 {
					t.Errorf("%s k=%d move=%v: %v allocations per call, want 0", tc.name, k, move, n)
				}
			}
		}
	}
}
