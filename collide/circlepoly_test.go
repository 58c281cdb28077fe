package collide

import (
	"math"
	"math/rand/v2"
	"testing"
)

// refCirclePolygon is CollideCirclePolygon computed the plain way, for
// the differential test: the nearest point of every edge when the centre
// is outside some edge line, else the edge line of least penetration. It
// also returns the margin by which its choice won (the gap to the
// runner-up), so that near ties, where rounding may pick either, can be
// skipped.
func refCirclePolygon(c Circle, p Polygon) (con Contact, hit bool, margin float64) {
	o := c.Center
	outside := false
	for i, b := range p {
		a := p[(i+len(p)-1)%len(p)]
		if b.Sub(a).Cross(o.Sub(a)) < 0 { // p turns left (positive area)
			outside = true
		}
	}
	best, second := math.Inf(1), math.Inf(1)
	var n Vec
	a := p[len(p)-1]
	for _, b := range p {
		e := b.Sub(a)
		var d float64
		var m Vec
		if outside {
			t := math.Max(0, math.Min(1, e.Dot(o.Sub(a))/e.Len2()))
			q := a.Add(e.Scale(t))
			d, m = q.Dist(o), q.Sub(o).Unit()
		} else {
			m = e.Perp().Unit() // inward: the circle leaves by -m
			d = e.Cross(o.Sub(a)) / e.Len()
		}
		switch {
		case d < best-1e-12*(1+math.Abs(best)) || math.IsInf(best, 1):
			best, second, n = d, best, m
		case d < second:
			second = d
		}
		a = b
	}
	if outside {
		return Contact{n, math.Max(0, c.Radius-best)}, best <= c.Radius, second - best
	}
	return Contact{n, c.Radius + best}, true, second - best
}

// TestCollideCirclePolygonReference compares CollideCirclePolygon with
// refCirclePolygon over seeded random convex polygons of 3 to 12 vertices
// and circles inside, across and outside them: hit or miss must agree
// (cases within 1e-9 of touching are left to the exact tests), and for a
// hit the normal and the depth must agree to 1e-9 (the normal only when
// the nearest feature is not a near tie).
func TestCollideCirclePolygonReference(t *testing.T) {
	r := rand.New(rand.NewPCG(15, 1))
	n := 200000
	if testing.Short() {
		n /= 10
	}
	hits, misses, bad := 0, 0, 0
	for i := range n {
		size := 1 + r.Float64()*30
		p := randPolygon(r, randVec(r), size, 3+r.IntN(10))
		if r.IntN(4) == 0 {
			p = regular(3+r.IntN(10), randVec(r), size)
		}
		bb := p.Bounds()
		o := V(bb.Min.X-size+r.Float64()*(bb.Max.X-bb.Min.X+2*size), bb.Min.Y-size+r.Float64()*(bb.Max.Y-bb.Min.Y+2*size))
		c := Circle{o, r.Float64() * size}
		if r.IntN(10) == 0 {
			c.Radius = 0
		}
		want, wantHit, margin := refCirclePolygon(c, p)
		if wantHit && want.Depth < 1e-9 && c.Radius > 0 || !wantHit && -want.Depth < 1e-9 && math.Abs(c.Radius-oPolyDist(c.Center, p)) < 1e-9 {
			continue // too close to touching to call in floating point
		}
		got, gotHit := CollideCirclePolygon(c, p)
		if gotHit != wantHit {
			if bad++; bad < 5 {
				t.Errorf("case %d: CollideCirclePolygon(%v, %v) hit = %v, want %v", i, c, p, gotHit, wantHit)
			}
			continue
		}
		if !gotHit {
			misses++
			continue
		}
		hits++
		if math.Abs(got.Depth-want.Depth) > 1e-9 || margin > 1e-6 && got.Normal.Sub(want.Normal).Len() > 1e-9 {
			if bad++; bad < 5 {
				t.Errorf("case %d: CollideCirclePolygon(%v, %v) = %v, want %v", i, c, p, got, want)
			}
		}
	}
	t.Logf("%d hits, %d misses, %d skipped as too close to call", hits, misses, n-hits-misses-bad)
	if hits < n/10 || misses < n/10 {
		t.Errorf("%d hits and %d misses in %d cases: the generator does not exercise both outcomes", hits, misses, n)
	}
}

// oPolyDist returns the distance from q to the boundary of p.
func oPolyDist(q Vec, p Polygon) float64 {
	d := math.Inf(1)
	a := p[len(p)-1]
	for _, b := range p {
		d = math.Min(d, math.Sqrt(segDist2(a, b, q)))
		a = b
	}
	return d
}

// TestCollideCirclePolygonNaNCentre: a circle whose centre has a NaN
// coordinate meets nothing, as OverlapCirclePolygon says; it once came
// out as a hit with NaN depth when every edge test was false.
func TestCollideCirclePolygonNaNCentre(t *testing.T) {
	g := regular(8, V(0, 0), 10)
	for _, c := range []Circle{{V(math.NaN(), 0), 4}, {V(0, math.NaN()), 4}, {V(math.NaN(), math.NaN()), 0}} {
		if con, ok := CollideCirclePolygon(c, g); ok || OverlapCirclePolygon(c, g) {
			t.Errorf("CollideCirclePolygon(%v, 8-gon) = %v, %v and OverlapCirclePolygon = %v, want no contact", c, con, ok, OverlapCirclePolygon(c, g))
		}
	}
}
