package hull

import (
	"math"

	"github.com/shapegen/shapegen/collide"
)

// Reduce returns a convex polygon of at most k vertices that contains the
// convex polygon p (positive winding, as Convex returns), with as little
// extra area as it can find. It panics when k < 3, a programmer error. When
// p has at most k vertices Reduce returns a copy of p.
//
// Reduce only ever grows the shape; it never keeps a subset of vertices
// (which would cut corners and lose pixels). Every edge of the result lies
// on a supporting line of p:
//
//  1. Greedy: starting from the edges of p, repeatedly drop the edge whose
//     two neighbouring edges, extended until they meet, add the least area
//     (only edges whose neighbours meet on the outer side can go).
//  2. Refine: move one edge at a time to the supporting line that, with its
//     two neighbours fixed, gives the least area: flush with an edge of p
//     or pivoting on a vertex of p that becomes the edge's midpoint (the
//     local optimality conditions of a minimum-area enclosing k-gon,
//     Aggarwal, Chang & Yap), until no move helps.
//  3. Seal: every line is moved outward by 2^-40 * max(1, S), S the largest
//     coordinate magnitude of p, doubling that amount until
//     collide.Polygon.ContainsPoint holds for every vertex of p and the
//     vertices are clearly convex (no three collinear).
//
// The refinement is a local search: the result is a local minimum, usually
// within a fraction of a percent of the hull's area of the optimum.
func Reduce(p collide.Polygon, k int) collide.Polygon {
	if k < 3 {
		panic("hull.Reduce: k < 3")
	}
	if len(p) <= k {
		return p.Clone()
	}
	r := newReducer(p)
	ls := r.greedy(k)
	if q := r.seal(ls); q != nil {
		best := q
		r.refine(ls)
		if q := r.seal(ls); q != nil && q.Area() < best.Area() {
			best = q
		}
		return best
	}
	// Unreachable for valid input: the greedy lines are edges of p.
	return p.Bounds().Polygon()
}

// line is a supporting line of the hull: the points x with
// d.Cross(x.Sub(p)) >= 0 are on its inner side. t is the index of a hull
// vertex on it.
type line struct {
	p, d  collide.Vec
	t     int
	angle float64
}

func newLine(p, d collide.Vec, t int) line {
	return line{p, d, t, math.Atan2(d.Y, d.X)}
}

// meet returns the intersection of lines a and b, which must not be
// parallel.
func meet(a, b line) collide.Vec {
	s := b.d.Cross(b.p.Sub(a.p)) / b.d.Cross(a.d)
	return a.p.Add(a.d.Scale(s))
}

// reducer holds the hull being reduced.
type reducer struct {
	h     collide.Polygon
	edges []line // edges[i]: the line of hull edge i, from h[i]
	scale float64
}

func newReducer(h collide.Polygon) *reducer {
	n := len(h)
	r := &reducer{h: h, edges: make([]line, n), scale: 1}
	for i, v := range h {
		r.edges[i] = newLine(v, h[(i+1)%n].Sub(v), i)
		r.scale = math.Max(r.scale, math.Max(math.Abs(v.X), math.Abs(v.Y)))
	}
	return r
}

// greedy drops hull edges, cheapest first, until k lines remain. A
// parallelogram that must become a triangle (its edges cannot be dropped)
// becomes the triangle of twice its area.
func (r *reducer) greedy(k int) []line {
	n := len(r.h)
	next, prev := make([]int, n), make([]int, n)
	q := make([]collide.Vec, n) // q[i]: the vertex where edge i starts
	cost := make([]float64, n)
	for i := range n {
		next[i], prev[i], q[i] = (i+1)%n, (i+n-1)%n, r.h[i]
	}
	ls := r.edges
	costOf := func(j int) float64 {
		a, b := prev[j], next[j]
		if ls[a].d.Cross(ls[b].d) <= 0 {
			return math.Inf(1)
		}
		x := meet(ls[a], ls[b])
		return math.Abs(q[b].Sub(q[j]).Cross(x.Sub(q[j])))
	}
	for i := range n {
		cost[i] = costOf(i)
	}
	first := 0
	for m := n; m > k; m-- {
		j := -1
		for i, c := first, 0; c < m; i, c = next[i], c+1 {
			if !math.IsInf(cost[i], 1) && (j < 0 || cost[i] < cost[j] || cost[i] == cost[j] && i < j) {
				j = i
			}
		}
		if j < 0 { // a parallelogram, k == 3
			a := first
			b, c, d := next[a], next[next[a]], prev[a]
			u, v := q[b].Sub(q[a]), q[d].Sub(q[a])
			return []line{ls[a], newLine(q[c], v.Sub(u), ls[c].t), ls[d]}
		}
		a, b := prev[j], next[j]
		q[b] = meet(ls[a], ls[b])
		next[a], prev[b] = b, a
		if first == j {
			first = b
		}
		cost[a], cost[b] = costOf(a), costOf(b)
	}
	out := make([]line, 0, k)
	for i, c := first, 0; c < k; i, c = next[i], c+1 {
		out = append(out, ls[i])
	}
	return out
}

// refine moves single lines of ls to better supporting lines until no move
// lowers the area by more than a relative 1e-12, or a sweep limit is hit.
func (r *reducer) refine(ls []line) {
	k := len(ls)
	for sweep := 0; sweep < 50; sweep++ {
		moved := false
		for j := range ls {
			a, b := ls[(j+k-1)%k], ls[(j+1)%k]
			qa := meet(ls[(j+k-2)%k], a) // start of edge a
			qb := meet(b, ls[(j+2)%k])   // end of edge b
			if k == 3 {
				qa = meet(b, a)
				qb = qa
			}
			score := func(l line) (float64, bool) {
				if a.d.Cross(l.d) <= 0 || l.d.Cross(b.d) <= 0 {
					return 0, false
				}
				x, y := meet(a, l), meet(l, b)
				if x.Sub(qa).Dot(a.d) <= 0 || y.Sub(x).Dot(l.d) <= 0 || qb.Sub(y).Dot(b.d) <= 0 {
					return 0, false
				}
				return qa.Cross(x) + x.Cross(y) + y.Cross(qb), true
			}
			cur, ok := score(ls[j])
			if !ok {
				continue
			}
			best, bestLine := cur, ls[j]
			try := func(l line) {
				if s, ok := score(l); ok && s < best {
					best, bestLine = s, l
				}
			}
			r.candidates(a, b, try)
			if best < cur-1e-12*math.Abs(cur)-1e-12 {
				ls[j] = bestLine
				moved = true
			}
		}
		if !moved {
			return
		}
	}
}

// candidates calls try with every supporting line that can lie between
// lines a and b: the hull edges from a's contact vertex to b's, and for
// each vertex between them the line through it that makes it the midpoint
// of the segment cut by a and b, when that line supports the hull there.
func (r *reducer) candidates(a, b line, try func(line)) {
	n := len(r.h)
	for t, c := a.t, 0; c < n; t, c = (t+1)%n, c+1 {
		try(r.edges[t])
		w := r.h[t]
		// x on a and y on b with x + y = 2w.
		if den := b.d.Cross(a.d); den != 0 {
			s := b.d.Cross(w.Scale(2).Sub(a.p).Sub(b.p)) / den
			x := a.p.Add(a.d.Scale(s))
			d := w.Sub(x)
			in, out := r.edges[(t+n-1)%n].d, r.edges[t].d
			if in.Cross(d) >= 0 && d.Cross(out) >= 0 && d != (collide.Vec{}) {
				try(newLine(w, d, t))
			}
		}
		if t == b.t {
			break
		}
	}
}

// seal returns the polygon of the lines ls moved outward as Reduce
// documents, or nil if no small move makes a valid polygon containing the
// hull.
func (r *reducer) seal(ls []line) collide.Polygon {
	k := len(ls)
	q := make(collide.Polygon, k)
	for eps := math.Ldexp(r.scale, -40); eps < 1e-3*r.scale; eps *= 2 {
		moved := make([]line, k)
		for j, l := range ls {
			moved[j] = l
			moved[j].p = l.p.Sub(l.d.Perp().Scale(eps / l.d.Len()))
		}
		for j := range moved {
			q[j] = meet(moved[(j+k-1)%k], moved[j])
		}
		if r.valid(q) {
			return q
		}
	}
	return nil
}

// valid reports whether q is clearly convex with positive winding and no
// three (nearly) collinear vertices, and contains every hull vertex by
// collide.Polygon.ContainsPoint.
func (r *reducer) valid(q collide.Polygon) bool {
	k := len(q)
	s := r.scale
	for _, v := range q {
		s = math.Max(s, math.Max(math.Abs(v.X), math.Abs(v.Y)))
	}
	turning := 0.0
	for i := range q {
		a, b, c := q[i], q[(i+1)%k], q[(i+2)%k]
		e, f := b.Sub(a), c.Sub(b)
		if math.IsNaN(e.X) || math.IsInf(e.X, 0) || math.IsNaN(e.Y) || math.IsInf(e.Y, 0) {
			return false
		}
		if e.Cross(f) <= 1e-10*s*s {
			return false
		}
		turning += math.Atan2(e.Cross(f), e.Dot(f))
	}
	if math.Abs(turning-2*math.Pi) > 1e-6 {
		return false
	}
	for _, v := range r.h {
		if !q.ContainsPoint(v) {
			return false
		}
	}
	return true
}
