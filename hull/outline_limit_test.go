package hull

import (
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"testing"
)

// collapseBoundProblem returns what is wrong with the bounds that the
// collapse steps of c's live vertices come with, or "": each must be at
// most the step's cost, the triangle up to the point moved outward, or
// limitRing could take the steps in another order than their costs'.
func collapseBoundProblem(c *capper) (string, int) {
	checked := 0
	for ri := range c.rings {
		r := &c.rings[ri]
		if r.gone {
			continue
		}
		for v, k := r.head, int32(0); k < r.n; v, k = c.next[v], k+1 {
			s, ok := c.collapse(v)
			if !ok {
				continue
			}
			x, ok := c.outward(v, c.meet[v])
			if !ok {
				continue
			}
			checked++
			if cost := c.collapseCost(v, x); s.cost > cost {
				return fmt.Sprintf("collapse(%v at %v) bound %v, over its cost %v", v, c.pos[v], s.cost, cost), checked
			}
		}
	}
	return "", checked
}

// TestCollapseBound holds the bound a collapse step is offered with below
// its cost, over seeded random masks, on the rings as traced and after
// tight vertex limits (whose new vertices are off the pixel grid).
func TestCollapseBound(t *testing.T) {
	rng := rand.New(rand.NewPCG(21, 22))
	checked := 0
	for i := range 400 {
		m, kind := outlineMask(rng)
		for _, max := range []int{1 << 20, 12, 5} {
			tr := new(tracing)
			tr.trace(m)
			tr.simplify(0.5)
			tr.labelIslands()
			c := newCapper(tr, tr.islandAt)
			if max < 1<<20 {
				c.limit(max)
			}
			e, n := collapseBoundProblem(c)
			if e != "" {
				t.Fatalf("case %d (%s), limit %d: %s in %s", i, kind, max, e, maskString(m))
			}
			checked += n
		}
	}
	if checked < 1000 {
		t.Errorf("checked %d collapse steps, want at least 1000", checked)
	}
}

// TestLinksLive holds what blocked takes a link to mean: a vertex with a
// next lies on a ring that has not gone, after tight vertex limits over
// seeded random masks, where rings give way and holes and islands go.
func TestLinksLive(t *testing.T) {
	rng := rand.New(rand.NewPCG(25, 26))
	gone := 0
	for i := range 400 {
		m, kind := outlineMask(rng)
		for _, max := range []int{12, 5} {
			tr := new(tracing)
			tr.trace(m)
			tr.simplify(0.5)
			tr.labelIslands()
			c := newCapper(tr, tr.islandAt)
			c.limit(max)
			live := make([]bool, len(c.pos))
			for ri := range c.rings {
				if r := &c.rings[ri]; r.gone {
					gone++
				} else {
					for v, k := r.head, int32(0); k < r.n; v, k = c.next[v], k+1 {
						live[v] = true
					}
				}
			}
			for v, n := range c.next {
				if n >= 0 && !live[v] {
					t.Fatalf("case %d (%s), limit %d: vertex %d at %v links to %d but is on no ring left in %s",
						i, kind, max, v, c.pos[v], n, maskString(m))
				}
			}
		}
	}
	if gone < 1000 {
		t.Errorf("%d rings went, want at least 1000", gone)
	}
}

// TestCapperBounds holds newCapper's grid origin and size, and its scale,
// which it takes from the mask's runs, to those of the rings' vertices
// themselves, over seeded random masks and tolerances: simplify must not
// have moved the rings' bounds.
func TestCapperBounds(t *testing.T) {
	rng := rand.New(rand.NewPCG(23, 24))
	for i := range 600 {
		m, kind := outlineMask(rng)
		for _, tol := range []float64{0, 0.5, 2, 8} {
			tr := new(tracing)
			tr.trace(m)
			tr.simplify(tol)
			tr.labelIslands()
			if len(tr.rings) == 0 {
				continue
			}
			c := newCapper(tr, tr.islandAt)
			minX, minY, maxX, maxY := math.Inf(1), math.Inf(1), math.Inf(-1), math.Inf(-1)
			scale := 1.0
			for _, p := range c.pos {
				minX, minY, maxX, maxY = min(minX, p.X), min(minY, p.Y), max(maxX, p.X), max(maxY, p.Y)
				scale = max(scale, math.Abs(p.X), math.Abs(p.Y))
			}
			w, h := int((maxX-minX)/gridCell)+1, int((maxY-minY)/gridCell)+1
			g := c.grid
			if g.x0 != minX || g.y0 != minY || g.w != w || g.h != h || c.scale != scale {
				t.Fatalf("case %d (%s), tolerance %v: grid at (%v, %v), %d x %d cells, scale %v; want (%v, %v), %d x %d, %v in %s",
					i, kind, tol, g.x0, g.y0, g.w, g.h, c.scale, minX, minY, w, h, scale, maskString(m))
			}
		}
	}
}

// TestStepHeapBuild holds a heap filled by push and build, then changed by
// set and drop, to pop its steps in the order of before, over seeded
// random steps (costs drawn from few values, so that ties are common).
func TestStepHeapBuild(t *testing.T) {
	rng := rand.New(rand.NewPCG(25, 26))
	for i := range 300 {
		var h stepHeap
		want := map[int]capStep{} // by key
		for v := range int32(rng.IntN(60)) {
			for kind := range int8(2) {
				if rng.IntN(3) > 0 {
					s := capStep{cost: float64(rng.IntN(8)), kind: kind, v: v}
					h.push(s)
					want[s.key()] = s
				}
			}
		}
		h.build()
		for range rng.IntN(20) {
			s := capStep{cost: float64(rng.IntN(8)), kind: int8(rng.IntN(2)), v: int32(rng.IntN(60))}
			if rng.IntN(2) == 0 {
				h.set(s)
				want[s.key()] = s
			} else {
				h.drop(s.v, s.kind)
				delete(want, s.key())
			}
		}
		var sorted []capStep
		for _, s := range want {
			sorted = append(sorted, s)
		}
		slices.SortFunc(sorted, func(a, b capStep) int {
			if a.before(b) {
				return -1
			}
			return 1
		})
		for j, s := range sorted {
			if len(h.steps) == 0 {
				t.Fatalf("case %d: heap empty after %d pops, want %d steps", i, j, len(sorted))
			}
			if got := h.pop(); got != s {
				t.Fatalf("case %d: pop %d = %+v, want %+v", i, j, got, s)
			}
		}
		if len(h.steps) != 0 {
			t.Fatalf("case %d: %d steps left, want none", i, len(h.steps))
		}
	}
}

// TestSpan3 holds span3 to min and max over seeded random triples drawn
// from few values (so that ties are common), in every order.
func TestSpan3(t *testing.T) {
	rng := rand.New(rand.NewPCG(27, 28))
	for range 2000 {
		v := [3]float64{float64(rng.IntN(4)) - 1.5, float64(rng.IntN(4)) - 1.5, float64(rng.IntN(4)) - 1.5}
		for _, p := range [][3]int{{0, 1, 2}, {0, 2, 1}, {1, 0, 2}, {1, 2, 0}, {2, 0, 1}, {2, 1, 0}} {
			a, b, c := v[p[0]], v[p[1]], v[p[2]]
			lo, hi := span3(a, b, c)
			if lo != min(a, b, c) || hi != max(a, b, c) {
				t.Fatalf("span3(%v, %v, %v) = %v, %v, want %v, %v", a, b, c, lo, hi, min(a, b, c), max(a, b, c))
			}
		}
	}
}
