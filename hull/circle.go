package hull

import (
	"math"

	"github.com/shapegen/shapegen/collide"
)

// MinCircle returns the smallest circle containing every vertex of p (for
// a convex polygon: containing p). It is Welzl's algorithm in its iterative
// move-to-front form over the vertices in a fixed pseudo-random order, so
// the result is deterministic and expected O(n).
//
// The radius is then the largest float64 distance from the centre to a
// vertex, raised by whole ulps until v.Sub(c.Center).Len2() <= r*r,
// math.Hypot of that difference <= r and the exact Circle.ContainsPoint
// hold for every vertex v: the circle is conservative in float64 and in
// exact arithmetic, and exceeds the exact minimum by a few ulps.
// An empty p gives the zero Circle; one vertex gives radius 0, two the
// circle on their segment as diameter.
func MinCircle(p collide.Polygon) collide.Circle {
	if len(p) == 0 {
		return collide.Circle{}
	}
	pts := shuffled(p)
	// r2 is the squared radius.
	c, r2 := pts[0], 0.0
	for i := 1; i < len(pts); i++ {
		if !outside(c, r2, pts[i]) {
			continue
		}
		c, r2 = pts[i], 0
		for j := 0; j < i; j++ {
			if !outside(c, r2, pts[j]) {
				continue
			}
			c = pts[i].Add(pts[j]).Scale(0.5)
			r2 = pts[i].Sub(c).Len2()
			for k := 0; k < j; k++ {
				if !outside(c, r2, pts[k]) {
					continue
				}
				c, r2 = circle3(pts[i], pts[j], pts[k])
			}
		}
	}
	return seal(p, c)
}

// outside reports whether q is outside the circle of centre c and squared
// radius r2 by more than a relative 1e-12, the slack that keeps Welzl's
// loops from chasing rounding.
func outside(c collide.Vec, r2 float64, q collide.Vec) bool {
	return q.Sub(c).Len2() > r2*(1+1e-12)
}

// shuffled returns a copy of p in a fixed pseudo-random order (xorshift),
// which gives Welzl's algorithm its expected linear time deterministically.
func shuffled(p collide.Polygon) []collide.Vec {
	pts := append([]collide.Vec(nil), p...)
	seed := uint64(0x9E3779B97F4A7C15)
	for i := len(pts) - 1; i > 0; i-- {
		seed ^= seed << 13
		seed ^= seed >> 7
		seed ^= seed << 17
		j := int(seed % uint64(i+1))
		pts[i], pts[j] = pts[j], pts[i]
	}
	return pts
}

// circle3 returns the centre and squared radius of the smallest circle
// through or around a, b, c: the circumcircle, or for collinear points the
// circle on the farthest pair as diameter.
func circle3(a, b, c collide.Vec) (collide.Vec, float64) {
	ab, ac := b.Sub(a), c.Sub(a)
	d := 2 * ab.Cross(ac)
	if d != 0 {
		l1, l2 := ab.Len2(), ac.Len2()
		o := a.Add(collide.V(ac.Y*l1-ab.Y*l2, ab.X*l2-ac.X*l1).Scale(1 / d))
		if r2 := o.Sub(a).Len2(); !math.IsInf(r2, 0) && !math.IsNaN(r2) {
			return o, r2
		}
	}
	p, q := a, b
	if a.Sub(c).Len2() > p.Sub(q).Len2() {
		q = c
	}
	if b.Sub(c).Len2() > p.Sub(q).Len2() {
		p, q = b, c
	}
	o := p.Add(q).Scale(0.5)
	return o, o.Sub(p).Len2()
}

// seal returns the circle centred at c through the farthest vertex of p,
// its radius raised ulp by ulp until every vertex passes both float64
// containment tests.
func seal(p collide.Polygon, c collide.Vec) collide.Circle {
	r := 0.0
	for _, v := range p {
		r = math.Max(r, c.Dist(v))
	}
	for _, v := range p {
		d := v.Sub(c)
		for (d.Len2() > r*r || math.Hypot(d.X, d.Y) > r || !(collide.Circle{Center: c, Radius: r}).ContainsPoint(v)) && r < math.MaxFloat64 {
			r = math.Nextafter(r, math.Inf(1))
		}
	}
	return collide.Circle{Center: c, Radius: r}
}
