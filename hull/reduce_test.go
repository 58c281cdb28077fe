package hull

import (
	"math"
	"math/rand/v2"
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

// pointsHull returns the convex hull of pts (gift wrapping, O(n h)),
// positive shoelace sum, no collinear vertex; nil for fewer than three
// points not on one line.
func pointsHull(pts []collide.Vec) collide.Polygon {
	if len(pts) < 3 {
		return nil
	}
	start := 0
	for i, p := range pts {
		if p.X < pts[start].X || p.X == pts[start].X && p.Y < pts[start].Y {
			start = i
		}
	}
	var h collide.Polygon
	cur := start
	for {
		h = append(h, pts[cur])
		next := -1
		for i, p := range pts {
			if p == pts[cur] {
				continue
			}
			if next < 0 {
				next = i
				continue
			}
			// Keep the candidate that every other point lies left of
			// (positive cross), the farthest on ties.
			c := pts[next].Sub(pts[cur]).Cross(p.Sub(pts[cur]))
			if c < 0 || c == 0 && p.Sub(pts[cur]).Len() > pts[next].Sub(pts[cur]).Len() {
				next = i
			}
		}
		if next < 0 || next == start || len(h) > len(pts) {
			break
		}
		cur = next
	}
	if len(h) < 3 || h.Area() <= 0 {
		return nil
	}
	return h
}

// lineMeet returns where the line through a and b meets the line through
// c and d, by Cramer's rule on their equations, and false when they are
// parallel.
func lineMeet(a, b, c, d collide.Vec) (collide.Vec, bool) {
	a1, b1 := b.Y-a.Y, a.X-b.X
	c1 := a1*a.X + b1*a.Y
	a2, b2 := d.Y-c.Y, c.X-d.X
	c2 := a2*c.X + b2*c.Y
	det := a1*b2 - a2*b1
	if det == 0 {
		return collide.Vec{}, false
	}
	return collide.V((c1*b2-c2*b1)/det, (a1*c2-a2*c1)/det), true
}

// flushOptimum is the reference for Reduce on large hulls: the least
// area of a convex polygon of at most k edges, all on lines of edges of
// h, by a plain dynamic program over every start line and every pair of
// lines (O(n^3 k)). A cap between edge lines i and j (j after i) is the
// shoelace area of the hull's vertices from the end of i to the start of
// j closed through the lines' meeting point, allowed when edge directions
// from i to j turn by less than pi (summed angles).
func flushOptimum(h collide.Polygon, k int) float64 {
	n := len(h)
	edge := func(i int) (collide.Vec, collide.Vec) { return h[i%n], h[(i+1)%n] }
	turned := make([]float64, 2*n+1) // turned[i]: the turn from edge 0 to edge i
	for i := 1; i <= 2*n; i++ {
		a0, a1 := edge(i - 1)
		b0, b1 := edge(i)
		u, v := a1.Sub(a0), b1.Sub(b0)
		turned[i] = turned[i-1] + math.Atan2(u.Cross(v), u.Dot(v))
	}
	capArea := func(i, j int) float64 { // 0 <= i < j < i+n
		if j == i+1 {
			return 0
		}
		if turned[j]-turned[i] >= math.Pi-1e-12 {
			return math.Inf(1)
		}
		a0, a1 := edge(i)
		b0, b1 := edge(j)
		x, ok := lineMeet(a0, a1, b0, b1)
		if !ok {
			return math.Inf(1)
		}
		var ring []collide.Vec
		for t := i + 1; t <= j; t++ {
			ring = append(ring, h[t%n])
		}
		ring = append(ring, x)
		return math.Abs(ringArea(ring))
	}
	// caps[i][d]: the cap from line i to line i+d, for i < n.
	caps := make([][]float64, n)
	for i := range caps {
		caps[i] = make([]float64, n)
		for d := 1; d < n; d++ {
			caps[i][d] = capArea(i, i+d)
		}
	}
	cp := func(i, j int) float64 { return caps[i%n][j-i] }
	best := math.Inf(1)
	for s := range n {
		// f[m][j]: least caps of a chain of m+1 lines s < ... < j.
		f := make([][]float64, k)
		for m := range f {
			f[m] = make([]float64, s+n)
			for j := range f[m] {
				f[m][j] = math.Inf(1)
			}
		}
		f[0][s] = 0
		for m := 1; m < k; m++ {
			for j := s + 1; j < s+n; j++ {
				for i := s; i < j; i++ {
					f[m][j] = math.Min(f[m][j], f[m-1][i]+cp(i, j))
				}
			}
		}
		for m := 2; m < k; m++ {
			for j := s + 1; j < s+n; j++ {
				best = math.Min(best, f[m][j]+cp(j, s+n))
			}
		}
	}
	return h.Area() + best
}

// randomConvex returns a seeded random convex polygon of up to 64
// vertices: the hull of random integer points in an ellipse or a square,
// of a pixel disc, or of points at random angles on an ellipse (not on
// the integer grid).
func randomConvex(rng *rand.Rand) (collide.Polygon, string) {
	switch rng.IntN(4) {
	case 0, 1:
		r := 3 + rng.Float64()*float64([]int{10, 100, 2000}[rng.IntN(3)])
		ax, ay := r, r*(0.2+rng.Float64())
		var pts []collide.Vec
		square := rng.IntN(2) == 0
		for range 3 + rng.IntN(300) {
			x, y := (2*rng.Float64()-1)*ax, (2*rng.Float64()-1)*ay
			if !square && (x*x)/(ax*ax)+(y*y)/(ay*ay) > 1 {
				continue
			}
			pts = append(pts, collide.V(math.Round(x), math.Round(y)))
		}
		return pointsHull(pts), "integer points"
	case 2:
		return Convex(disc(4 + rng.IntN(90))), "disc"
	default:
		n := 3 + rng.IntN(62)
		ax, ay := 1+rng.Float64()*500, 1+rng.Float64()*500
		var pts []collide.Vec
		for range n {
			a := rng.Float64() * 2 * math.Pi
			pts = append(pts, collide.V(ax*math.Cos(a), ay*math.Sin(a)))
		}
		return pointsHull(pts), "ellipse"
	}
}

// TestReduceFlushOptimum checks, on seeded random convex polygons of up
// to 64 vertices, that the edge-flush search finds exactly the reference
// optimum (flushOptimum, a different and plain O(n^3 k) program), and that
// Reduce never has more area than it.
func TestReduceFlushOptimum(t *testing.T) {
	rng := rand.New(rand.NewPCG(17, 18))
	cases, big := 0, 0
	for cases < 250 {
		h, kind := randomConvex(rng)
		if len(h) < 4 || polyProblem(h) != "" {
			continue
		}
		cases++
		if len(h) > 32 {
			big++
		}
		for _, k := range []int{3, 4, 5, 6, 8, 12} {
			if len(h) <= k {
				continue
			}
			want := flushOptimum(h, k)
			r := newReducer(h)
			got := math.Inf(1)
			if ls := r.bestFlush(k); ls != nil {
				q := make(collide.Polygon, len(ls))
				for j := range ls {
					q[j] = meet(ls[(j+len(ls)-1)%len(ls)], ls[j])
				}
				got = q.Area()
			}
			tol := 1e-9 * want
			if math.IsInf(want, 1) != math.IsInf(got, 1) || math.Abs(got-want) > tol {
				t.Fatalf("%s, %d vertices: best flush %d-gon of %v has area %v, want %v", kind, len(h), k, h, got, want)
			}
			if a := Reduce(h, k).Area(); !math.IsInf(want, 1) && a > want+tol {
				t.Fatalf("%s, %d vertices: Reduce(%v, %d) has area %v, more than the best flush polygon's %v", kind, len(h), h, k, a, want)
			}
		}
	}
	if big < 50 {
		t.Errorf("only %d of %d random polygons have more than 32 vertices", big, cases)
	}
}
