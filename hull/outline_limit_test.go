package hull

import (
	"fmt"
	"math/rand/v2"
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
