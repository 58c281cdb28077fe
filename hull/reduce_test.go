package hull

import (
	"math"
	"slices"

	"testing"

	"github.com/shapegen/shapegen/collide"
	"github.com/shapegen/shapegen/mask"
)

func TestReduce(t *testing.T) {
	V := collide.V
	plus := Convex(pic(".#.", "###", ".#."))
	tests := []struct {
		name string
		p    collide.Polygon
		k    int
		area float64 // the area Reduce must reach
	}{
		{"unit square to triangle", Convex(pic("#")), 3, 2},
		{"row to triangle", Convex(pic("###")), 3, 6},
		{"unit square kept", Convex(pic("#")), 4, 1},
		{"plus to diamond", plus, 4, 8},
		{"plus kept", plus, 8, 7},
		{"plus to hexagon", plus, 6, 7.5},
		{"staircase to quadrilateral", Convex(pic("#..", ".#.", "..#")), 4, 6},
		{"octagon to triangle", collide.Polygon{V(1, 0), V(2, 0), V(3, 1), V(3, 2), V(2, 3), V(1, 3), V(0, 2), V(0, 1)}, 3, 12}, // 12: a numeric search over three support angles agrees
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := Reduce(tt.p, tt.k)
			if len(got) > tt.k {
				t.Errorf("Reduce(%v, %d) = %v: %d vertices", tt.p, tt.k, got, len(got))
			}
			if e := polyProblem(got); e != "" {
				t.Errorf("Reduce(%v, %d) = %v: %s", tt.p, tt.k, got, e)
			}
			if v, bad := firstOutside(got, tt.p); bad {
				t.Errorf("Reduce(%v, %d) = %v leaves %v outside", tt.p, tt.k, got, v)
			}
			if a := got.Area(); math.Abs(a-tt.area) > 1e-9 {
				t.Errorf("Reduce(%v, %d) = %v, area %v, want area %v", tt.p, tt.k, got, a, tt.area)
			}
		})
	}
}

func TestReduceCopies(t *testing.T) {
	p := Convex(pic(".#.", "###", ".#."))
	got := Reduce(p, len(p))
	if !sameCycle(got, p) {
		t.Fatalf("Reduce(%v, %d) = %v, want a copy", p, len(p), got)
	}
	got[0] = collide.V(-1, -1)
	if p[0] == got[0] {
		t.Errorf("Reduce(%v, %d) returned p itself, want a copy", p, len(p))
	}
}

// TestReduceBadInput: input that breaks the polygon convention (repeated
// vertices, the opposite winding) still gives a valid container.
func TestReduceBadInput(t *testing.T) {
	V := collide.V
	octagon := collide.Polygon{V(1, 0), V(2, 0), V(3, 1), V(3, 2), V(2, 3), V(1, 3), V(0, 2), V(0, 1)}
	repeated := append(collide.Polygon{V(1, 0)}, octagon...)
	reversed := octagon.Clone()
	slices.Reverse(reversed)
	for _, p := range []collide.Polygon{repeated, reversed} {
		for k := 3; k <= 5; k++ {
			got := Reduce(p, k)
			if e := polyProblem(got); e != "" || len(got) > k {
				t.Errorf("Reduce(%v, %d) = %v: %d vertices, %s", p, k, got, len(got), e)
			}
			if v, bad := firstOutside(got, p); bad {
				t.Errorf("Reduce(%v, %d) = %v leaves %v outside", p, k, got, v)
			}
		}
	}
}

func TestReducePanicsBelowThree(t *testing.T) {
	defer func() {
		if recover() == nil {
			t.Errorf("Reduce(p, 2) did not panic")
		}
	}()
	Reduce(Convex(pic("#")), 2)
}

// bestFlushAll is a naive reference for small hulls: best[k] is the least
// area of a convex polygon of at most k edges all lying on lines of edges
// of p, by trying every subset of edges.
func bestFlushAll(p collide.Polygon) []float64 {
	n := len(p)
	best := make([]float64, n+1)
	for i := range best {
		best[i] = math.Inf(1)
	}
	for set := 1; set < 1<<n; set++ {
		var ls []line
		for i := range n {
			if set>>i&1 != 0 {
				ls = append(ls, newLine(p[i], p[(i+1)%n].Sub(p[i]), i))
			}
		}
		if len(ls) < 3 {
			continue
		}
		q := make(collide.Polygon, len(ls))
		ok := true
		for j := range ls {
			a, b := ls[(j+len(ls)-1)%len(ls)], ls[j]
			if a.d.Cross(b.d) <= 0 {
				ok = false
				break
			}
			q[j] = meet(a, b)
		}
		if ok && polyProblem(q) == "" {
			best[len(q)] = math.Min(best[len(q)], q.Area())
		}
	}
	for k := 1; k <= n; k++ {
		best[k] = math.Min(best[k], best[k-1])
	}
	return best
}

// TestReduceRandom checks Reduce for k = 3..8, 16, 20 over thousands of seeded
// random masks: at most k vertices, the polygon convention, every pixel
// corner inside, never less area than the hull, a copy when the hull has
// at most k vertices, and on small hulls never more area than the best
// polygon flush with hull edges (up to 1e-9).
func TestReduceRandom(t *testing.T) {
	worse := 0
	eachRandomHull(7, 3000, func(name string, m *mask.Mask, h collide.Polygon) {
		pts := corners(m)
		var flush []float64
		if len(h) <= 12 {
			flush = bestFlushAll(h)
		}
		for _, k := range []int{3, 4, 5, 6, 7, 8, 16, 20} {
			r := Reduce(h, k)
			if len(r) > k {
				t.Fatalf("%s: Reduce(%v, %d) = %v: %d vertices", name, h, k, r, len(r))
			}
			if e := polyProblem(r); e != "" {
				t.Fatalf("%s: Reduce(%v, %d) = %v: %s", name, h, k, r, e)
			}
			if v, bad := firstOutside(r, pts); bad {
				t.Fatalf("%s: Reduce(%v, %d) = %v leaves pixel corner %v outside", name, h, k, r, v)
			}
			if r.Area() < h.Area() {
				t.Fatalf("%s: Reduce(%v, %d) = %v has area %v below the hull's %v", name, h, k, r, r.Area(), h.Area())
			}
			if len(h) <= k && !sameCycle(r, h) {
				t.Fatalf("%s: Reduce(%v, %d) = %v, want the hull", name, h, k, r)
			}
			if len(h) > k && flush != nil {
				if want := flush[k]; r.Area() > want*(1+1e-9) {
					worse++
					t.Logf("%s: Reduce(%v, %d) = %v, area %v, a flush polygon has %v", name, h, k, r, r.Area(), want)
				}
			}
		}
	})
	if worse > 0 {
		t.Errorf("Reduce was worse than the best flush polygon %d times", worse)
	}
}
