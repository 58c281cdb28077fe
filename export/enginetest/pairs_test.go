package enginetest

import (
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/shapegen/shapegen/collide"
	"github.com/shapegen/shapegen/export"
)

// Pair is two sprites placed at random: each shape kind's pivot drawn at
// its position, turned by its angle. Hit is collide's verdict and Gap the
// exact signed gap between the two shapes: the least, over their convex
// parts, of the separation (> 0) or minus the penetration depth. Face is
// the gap as Box2D measures two polygons (see faceGap).
type Pair struct {
	A, B   string     // sprite names
	KA, KB string     // shape kinds
	PA, PB [2]float64 // where each pivot lies
	AA, AB float64    // angles, radians
	Hit    bool
	Gap    float64
	Face   float64
}

// convex is one placed convex part of a shape: a circle or a polygon
// (boxes and AABBs as their four corners).
type convex struct {
	round bool
	c     collide.Circle
	p     collide.Polygon
}

// kindsOf returns the shape kinds sprite s has, of those in allowed.
func kindsOf(s *export.Sprite, allowed []string) []string {
	var ks []string
	for _, k := range allowed {
		switch {
		case k == "aabb" && s.AABB != nil, k == "circle" && s.Circle != nil, k == "box" && s.Box != nil,
			k == "hull" && len(s.Hull) > 0, k == "polygon" && len(s.Polygon) > 0, k == "pieces" && len(s.Pieces) > 0:
			ks = append(ks, k)
		}
	}
	return ks
}

// placed returns s's kind k placed with its pivot at pos, turned by angle,
// as collide places it.
func placed(s *export.Sprite, k string, pos [2]float64, angle float64) []convex {
	t := collide.Transform{Pos: collide.V(pos[0], pos[1]), Angle: angle}.About(s.Pivot.Vec())
	poly := func(r export.Ring) convex { return convex{p: t.Polygon(nil, r.Polygon())} }
	switch k {
	case "aabb":
		return []convex{{p: t.Rect(s.AABB.Rect()).Polygon()}}
	case "box":
		return []convex{{p: t.Box(s.Box.Shape()).Polygon()}}
	case "circle":
		return []convex{{round: true, c: t.Circle(s.Circle.Shape())}}
	case "hull":
		return []convex{poly(s.Hull)}
	case "polygon":
		return []convex{poly(s.Polygon)}
	case "pieces":
		var out []convex
		for _, r := range s.Pieces {
			out = append(out, poly(r))
		}
		return out
	}
	return nil
}

// verdict returns collide's verdict on two placed convex parts (its typed
// functions) and their exact signed gap.
func verdict(a, b convex) (bool, float64) {
	switch {
	case a.round && b.round:
		c, ok := collide.CollideCircleCircle(a.c, b.c)
		return ok, gapOf(ok, c, a.c.Center.Dist(b.c.Center)-a.c.Radius-b.c.Radius)
	case a.round:
		c, ok := collide.CollideCirclePolygon(a.c, b.p)
		return ok, gapOf(ok, c, pointPolygonDist(a.c.Center, b.p)-a.c.Radius)
	case b.round:
		c, ok := collide.CollideCirclePolygon(b.c, a.p)
		return ok, gapOf(ok, c, pointPolygonDist(b.c.Center, a.p)-b.c.Radius)
	}
	ok := collide.OverlapPolygonPolygon(a.p, b.p)
	c, _ := collide.CollidePolygonPolygon(a.p, b.p)
	return ok, gapOf(ok, c, polygonDist(a.p, b.p))
}

func gapOf(ok bool, c collide.Contact, sep float64) float64 {
	if ok {
		return -c.Depth
	}
	return sep
}

// pointPolygonDist is the distance from q to the boundary of p.
func pointPolygonDist(q collide.Vec, p collide.Polygon) float64 {
	d := math.Inf(1)
	for i := range p {
		d = min(d, segDist(q, p[i], p[(i+1)%len(p)]))
	}
	return d
}

// polygonDist is the distance between the boundaries of two polygons that
// do not overlap: the least distance of a vertex of one to an edge of the
// other.
func polygonDist(a, b collide.Polygon) float64 {
	d := math.Inf(1)
	for _, v := range a {
		d = min(d, pointPolygonDist(v, b))
	}
	for _, v := range b {
		d = min(d, pointPolygonDist(v, a))
	}
	return d
}

// faceGap is the separation of two polygons as Box2D's b2CollidePolygons
// measures it: the largest, over the face normals of both, of the
// distance along it from the face to the other polygon. It is at most the
// true distance: Box2D compares it with its skin, so its skin is not
// rounded at corners, and polygons whose corners lie up to a little more
// than the skin apart may touch.
func faceGap(a, b collide.Polygon) float64 {
	sep := func(a, b collide.Polygon) float64 {
		best := math.Inf(-1)
		for i := range a {
			e := a[(i+1)%len(a)].Sub(a[i])
			l := e.Len()
			if l == 0 {
				continue
			}
			n := collide.V(e.Y/l, -e.X/l) // outward for positive winding, y down
			m := math.Inf(1)
			for _, v := range b {
				m = min(m, v.Sub(a[i]).Dot(n))
			}
			best = max(best, m)
		}
		return best
	}
	return max(sep(a, b), sep(b, a))
}

func segDist(q, a, b collide.Vec) float64 {
	ab, aq := b.Sub(a), q.Sub(a)
	t := 0.0
	if l := ab.Len2(); l > 0 {
		t = max(0, min(1, aq.Dot(ab)/l))
	}
	return q.Dist(a.Add(ab.Scale(t)))
}

// reach is the largest distance of s's kind k from its pivot.
func reach(s *export.Sprite, k string) float64 {
	r := 0.0
	for _, c := range placed(s, k, [2]float64{}, 0) {
		if c.round {
			r = max(r, c.c.Center.Len()+c.c.Radius)
		}
		for _, v := range c.p {
			r = max(r, v.Len())
		}
	}
	return r
}

// pairs returns n pairs of sprites of lib with shape kinds among allowed
// (a sprite only where ok says its kind is in the engine's format), placed
// at random, turned at random, with collide's verdicts: B's pivot lies
// within 1.1 times the two shapes' reach of A's, so that about half of the
// pairs collide, many of them near their boundary.
func pairs(lib *export.Library, n int, seed uint64, allowed []string, ok func(name, kind string) bool) []Pair {
	type sk struct {
		s *export.Sprite
		k string
	}
	var pool []sk
	for i := range lib.Sprites {
		s := &lib.Sprites[i]
		for _, k := range kindsOf(s, allowed) {
			if ok == nil || ok(s.Name, k) {
				pool = append(pool, sk{s, k})
			}
		}
	}
	if len(pool) == 0 {
		return nil
	}
	r := rand.New(rand.NewPCG(seed, 13))
	out := make([]Pair, 0, n)
	for range n {
		a, b := pool[r.IntN(len(pool))], pool[r.IntN(len(pool))]
		p := Pair{A: a.s.Name, B: b.s.Name, KA: a.k, KB: b.k, AA: r.Float64() * 2 * math.Pi, AB: r.Float64() * 2 * math.Pi}
		p.PA = [2]float64{r.Float64()*100 - 50, r.Float64()*100 - 50}
		d := 1.1 * (reach(a.s, a.k) + reach(b.s, b.k)) * math.Sqrt(r.Float64())
		th := r.Float64() * 2 * math.Pi
		p.PB = [2]float64{p.PA[0] + d*math.Cos(th), p.PA[1] + d*math.Sin(th)}
		p.Gap, p.Face = math.Inf(1), math.Inf(1)
		for _, ca := range placed(a.s, a.k, p.PA, p.AA) {
			for _, cb := range placed(b.s, b.k, p.PB, p.AB) {
				hit, gap := verdict(ca, cb)
				p.Hit = p.Hit || hit
				p.Gap = min(p.Gap, gap)
				p.Face = min(p.Face, gap)
				if !ca.round && !cb.round {
					p.Face = min(p.Face, faceGap(ca.p, cb.p))
				}
			}
		}
		out = append(out, p)
	}
	return out
}

// agreement compares an engine's verdicts with collide's: pairs whose gap
// lies within tol (the engine's own tolerance) are counted apart, every
// other pair must agree. It returns the counts and up to 5 disagreements.
type agreement struct {
	Agreed, Band, Disagreed, Hits int
	Examples                      []string
}

func agree(ps []Pair, engine []bool, tol float64) agreement {
	return agreeBand(ps, engine, tol, false)
}

// agreeBox2D is agree for the Box2D family (LÖVE, planck.js), whose skin
// of tol is measured along face normals (Pair.Face): pairs apart by less
// than it that way are in the band too.
func agreeBox2D(ps []Pair, engine []bool, tol float64) agreement {
	return agreeBand(ps, engine, tol, true)
}

func agreeBand(ps []Pair, engine []bool, tol float64, face bool) agreement {
	var a agreement
	for i, p := range ps {
		if p.Hit {
			a.Hits++
		}
		switch {
		case math.Abs(p.Gap) <= tol, face && !p.Hit && p.Face <= tol:
			a.Band++
		case engine[i] == p.Hit:
			a.Agreed++
		default:
			a.Disagreed++
			if len(a.Examples) < 5 {
				a.Examples = append(a.Examples, fmt.Sprintf("%s %s at %v turned %.4f vs %s %s at %v turned %.4f: collide %v (gap %.6g), engine %v",
					p.A, p.KA, p.PA, p.AA, p.B, p.KB, p.PB, p.AB, p.Hit, p.Gap, engine[i]))
			}
		}
	}
	return a
}

// report logs an agreement and fails the test on any disagreement.
func (a agreement) report(t *testing.T, engine, lib string, n int) {
	t.Helper()
	t.Logf("%s on %s: %d pairs (%d collide), %d agreed, %d within the engine's tolerance, %d disagreed",
		engine, lib, n, a.Hits, a.Agreed, a.Band, a.Disagreed)
	if a.Disagreed > 0 {
		t.Errorf("%s disagrees with collide on %d pairs of %s:\n%s", engine, a.Disagreed, lib, strings.Join(a.Examples, "\n"))
	}
	if a.Agreed < n*9/10 || a.Hits < n/4 || a.Hits > n*3/4 {
		t.Errorf("%s on %s: %d of %d pairs agreed, %d collide: the pairs do not test much", engine, lib, a.Agreed, n, a.Hits)
	}
}

// libs returns the libraries the engine tests use: golden/shapes.json and,
// when the corpus is present, a build of it with every kind.
func libs(t *testing.T) map[string]*export.Library {
	t.Helper()
	out := map[string]*export.Library{"golden": goldenLib(t)}
	if _, err := os.Stat(corpus); err == nil {
		out["corpus"] = buildLib(t, corpus)
	} else {
		t.Logf("corpus not found at %s: golden/shapes.json only", corpus)
	}
	return out
}

// sortedKeys returns m's keys in order.
func sortedKeys[V any](m map[string]V) []string {
	var ks []string
	for k := range m {
		ks = append(ks, k)
	}
	slices.Sort(ks)
	return ks
}

func TestPairsVerdicts(t *testing.T) {
	// The gap's sign must match the verdict, and the pairs must be
	// balanced between hits and misses.
	lib := goldenLib(t)
	ps := pairs(lib, 500, 1, []string{"aabb", "circle", "box", "hull", "polygon"}, nil)
	hits := 0
	for _, p := range ps {
		if p.Hit != (p.Gap <= 1e-9) && math.Abs(p.Gap) > 1e-9 {
			t.Errorf("%+v: verdict and gap disagree", p)
		}
		if p.Hit {
			hits++
		}
	}
	if hits < 100 || hits > 400 {
		t.Errorf("%d of 500 pairs collide, want about half", hits)
	}
}
