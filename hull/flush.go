package hull

import (
	"math"
	"sync"

	"github.com/shapegen/shapegen/collide"
)

// bestFlush returns the lines of the convex polygon of exactly k edges,
// each on the line of an edge of the hull, with the least area, or nil
// when there is none (a parallelogram and k = 3) or the hull is not
// strictly convex with positive winding. It needs k < n, the hull's
// vertex count. The search is exact over all n edge lines.
//
// Method. Number the edge lines cyclically and unroll them (line i+n is
// line i again). A polygon of k edge lines is a path i_0 < i_1 < ... <
// i_k = i_0 + n of k links; it encloses the hull plus, for each link, the
// cap C(i, j) between lines i and j and the hull, finite only when line j
// turns from line i by less than half a turn. Its area is the hull's plus
// the sum of its caps, so the best polygon is a shortest cyclic path of k
// links.
//
// The caps form a Monge array: for i < i' < j < j',
// C(i, j) + C(i', j') <= C(i, j') + C(i', j). Proof: when C(i, j') is
// finite, adding line i' between i and j' cuts a triangle T(j') off the
// corner where i meets j', so C(i, j') = C(i, i') + C(i', j') + T(j'), and
// likewise C(i, j) = C(i, i') + C(i', j) + T(j); both triangles are the
// wedge between lines i and i' beyond their meeting point, closed by line
// j or j', and since line j' meets lines i and i' further along both than
// line j does, T(j) lies inside T(j'); so the difference of the two sides
// is area(T(j')) - area(T(j)) >= 0. When C(i, j') is infinite so is the
// right side. Two consequences, by the usual exchange argument (for two
// paths x, y the pointwise max and min are paths, and the inequality
// applied link by link gives cost(max) + cost(min) <= cost(x) + cost(y)):
//
//   - In one step of the dynamic program, g'(j) = min over i of
//     g(i) + C(i, j), the least minimizing i never decreases with j, so a
//     layer is found by divide and conquer in O(n log n).
//   - Let A be the best cycle through some line a_0 = s0 and a_1 its next
//     line. Some optimal cycle P has a_m <= p_m <= a_(m+1) for every m:
//     rotate an optimal cycle to start at its last line q before s0 and
//     take its pointwise min with A (still optimal from q, and its second
//     line lies in [s0, a_1]); start it from that second line instead and
//     take its pointwise max with A. So only starts in [a_0, a_1] need be
//     searched, each within those bands; and by the same exchange, for
//     starts s < s' < s” the best path from s' may be sought between
//     those found for s and s”, a divide and conquer over the starts.
//
// The cost is O(k n log n) for A and about as much again for the starts,
// all cap areas computed on the fly in O(1) from prefix sums. For k = 3 a
// triangle through s0 may not exist; the next lines are tried as s0. For
// k >= 4 it always does: put s0 into any k-gon of edge lines, then some
// other line's neighbours meet on its outer side and it can go.
func (r *reducer) bestFlush(k int) []line {
	n := len(r.h)
	if n <= k || !strictlyConvex(r.h) {
		return nil
	}
	f := newFlushSearch(r, k)
	defer f.release()
	if u, ok := f.spread(); ok {
		// Rounding aside, no link of the best polygon is more than u.
		f.prune(u*(1+1e-9) + 1e-300)
	}
	a := make([]int, k+1)
	cost := math.Inf(1)
	for s0 := 0; s0 < n && math.IsInf(cost, 1); s0++ {
		// The m-th line is at least s0+m and reaches s0+n in k-m links.
		back := s0 + n
		for m := k; m >= 0; m-- {
			f.lo[m], f.hi[m] = max(s0+m, back), s0+n-(k-m)
			back = f.first[back]
		}
		f.hi[0], f.lo[0] = s0, s0
		cost = f.path(a)
	}
	if math.IsInf(cost, 1) {
		return nil
	}
	f.best, f.bestPath = cost, append([]int(nil), a...)
	// Some optimal cycle has a line in every gap of A: search the
	// narrowest, with A started at that gap (a[t+k] is a[t]+n), when it is
	// less than half the first (which saves finding the lower path).
	w := 0
	for m := 1; m < k; m++ {
		if a[m+1]-a[m] < a[w+1]-a[w] {
			w = m
		}
	}
	if 2*(a[w+1]-a[w]) >= a[1]-a[0] {
		w = 0
	}
	p := make([]int, k+1)
	for t := range p {
		if w+t <= k {
			p[t] = a[w+t]
		} else {
			p[t] = a[w+t-k] + n
		}
	}
	// Rotated, A is a path from p[0] in the bands but not always the best
	// one (that need not pass s0): find it, unless it is A.
	lower := p
	if w > 0 {
		lower = make([]int, k+1)
		if !f.banded(p[0], p, p[1:], lower) {
			lower = p // cannot happen: p itself is such a path
		}
	}
	q := make([]int, k+1)
	if f.banded(p[1], p, p[1:], q) {
		f.starts(p[0], p[1], lower, q)
	}
	out := make([]line, k)
	for m := range k {
		out[m] = r.edges[f.bestPath[m]%n]
	}
	return out
}

// strictlyConvex reports whether h turns the positive way at every vertex
// and winds once: its edge directions, turning by less than half a turn
// each, pass the direction +x once.
func strictlyConvex(h collide.Polygon) bool {
	n := len(h)
	if n < 3 {
		return false
	}
	passes := 0
	for i := range h {
		e, g := h[(i+1)%n].Sub(h[i]), h[(i+2)%n].Sub(h[(i+1)%n])
		if !(e.Cross(g) > 0) {
			return false
		}
		if e.Y < 0 && g.Y >= 0 {
			passes++
		}
	}
	return passes == 1
}

// flushSearch holds the edge lines of a hull of n vertices unrolled three
// times (index i is edge i mod n), and the dynamic program's buffers.
type flushSearch struct {
	n, k  int
	ln    []flushLine
	reach []int // reach[i]: lines i+1 .. i+reach[i] meet line i on its outer side
	first []int // first[j]: the least i with i+reach[i] >= j
	// lo[m], hi[m]: the band of the m-th line of the path being searched.
	lo, hi []int
	// g[m*n+j-base[m]]: the least cost of m links from the start to j;
	// from: the line before j on it.
	g    []float64
	from []int32
	base []int
	// The layer being filled: the previous layer's costs over [pl, pr],
	// this layer's from line cb on.
	gp       []float64
	gc       []float64
	fc       []int32
	pl, pr   int
	cb       int
	best     float64
	bestPath []int
}

// flushLine is edge line i: the hull vertex a where edge i ends, its
// direction d, and pre, the sum of h[u] x h[u+1] over u <= i (twice the
// area swept from the origin up to a).
type flushLine struct{ ax, ay, dx, dy, pre float64 }

// newFlushSearch returns the search over r's hull for k lines, its buffers
// zeroed, taken from flushSearches; release returns them.
func newFlushSearch(r *reducer, k int) *flushSearch {
	n := len(r.h)
	f := flushSearches.Get().(*flushSearch)
	*f = flushSearch{
		n: n, k: k,
		ln: grown(f.ln, 3*n+1), reach: grown(f.reach, 3*n), first: grown(f.first, 3*n),
		lo: grown(f.lo, k+1), hi: grown(f.hi, k+1), base: grown(f.base, k+1),
		g: grown(f.g, (k+1)*n), from: grown(f.from, (k+1)*n),
	}
	ln, pre := f.ln, 0.0 // through a local, as in setFirst
	for i, v := range r.h {
		a := r.h[0]
		if i+1 < n {
			a = r.h[i+1]
		}
		pre += v.Cross(a)
		d := a.Sub(v)
		ln[i] = flushLine{a.X, a.Y, d.X, d.Y, pre}
	}
	for i := n; i < len(ln); i++ {
		ln[i] = ln[i-n]
		ln[i].pre += ln[n-1].pre
		if i >= 2*n {
			ln[i].pre += ln[n-1].pre
		}
	}
	// The end i+reach[i] never decreases with i: a line turning less than
	// half a turn from line i does so from line i+1 too. reach is periodic.
	e := 1
	for i := range n {
		e = max(e, i+1)
		for e+1 < i+n && f.turnsLess(i, e+1) {
			e++
		}
		f.reach[i] = e - i
	}
	f.setFirst()
	return f
}

// flushSearches keeps the buffers of searches that are done, so that
// Reduce, called for every piece and polygon, does not allocate them each
// time.
var flushSearches = sync.Pool{New: func() any { return new(flushSearch) }}

// release returns f to flushSearches, unless a large hull has grown its
// buffers past maxKept entries.
func (f *flushSearch) release() {
	if cap(f.ln) <= maxKept && cap(f.g) <= maxKept {
		flushSearches.Put(f)
	}
}

// setFirst extends reach[0:n] periodically and sets first.
func (f *flushSearch) setFirst() {
	// Through locals: through f, each store would have f's fields read
	// again.
	n := f.n
	reach, first := f.reach[:3*n], f.first[:3*n]
	copy(reach[n:], reach[:n])
	copy(reach[2*n:], reach[:n])
	i := 0
	for j := range first {
		for i+reach[i] < j {
			i++
		}
		first[j] = i
	}
}

// prune drops from reach every link whose cap is more than u (twice an
// area): no polygon of total cap u or less uses one. The caps of lines i
// to j grow with j and shrink with i, so i+reach[i] still never decreases,
// and the caps left are still a Monge array (a finite right side of the
// inequality has its left side's entries no larger, so finite).
func (f *flushSearch) prune(u float64) {
	ln, reach := f.ln, f.reach[:f.n] // through locals, as in setFirst
	e := 1
	for i := range reach {
		e = max(e, i+1)
		// cap2(i, e+1), whose reach test the loop's makes needless.
		for e+1 <= i+reach[i] && capFrom(&ln[i], ln[e].ax, ln[e].ay, ln[e+1].dx, ln[e+1].dy, ln[e].pre) <= u {
			e++
		}
		reach[i] = e - i
	}
	f.setFirst()
}

// spread returns twice the cap area of the polygon of k edge lines, the
// first line 0, spread evenly by direction (the line reaching each k-th of
// a turn first, a pseudo-angle serving), and whether those lines make a
// polygon; an upper bound for prune.
func (f *flushSearch) spread() (float64, bool) {
	n, k := f.n, f.k
	angle := func(i int) float64 { // turns the quarter turns as 0..4
		l := &f.ln[i]
		p := l.dy / (math.Abs(l.dx) + math.Abs(l.dy))
		switch {
		case l.dx < 0:
			return 2 - p
		case l.dy < 0:
			return 4 + p
		}
		return p
	}
	a0 := angle(0)
	total, prev := 0.0, 0
	i := 1
	for m := 1; m <= k; m++ {
		next := n
		if m < k {
			for i < n {
				a := angle(i) - a0
				if a < 0 {
					a += 4
				}
				if a >= 4*float64(m)/float64(k) {
					break
				}
				i++
			}
			if i >= n {
				return 0, false
			}
			next, i = i, i+1
		}
		total += f.cap2(prev, next)
		prev = next
	}
	return total, !math.IsInf(total, 1)
}

// turnsLess reports whether line j turns from line i by less than half a
// turn (the positive way).
func (f *flushSearch) turnsLess(i, j int) bool {
	a, b := &f.ln[i], &f.ln[j%f.n]
	return a.dx*b.dy-a.dy*b.dx > 0
}

// cap2 returns twice the area between edge lines i < j and the hull
// (unrolled indices), +Inf when they do not meet on the outer side.
//
// With a the end of edge i, b the start of edge j and w = b - a, the lines
// meet at x = a + t d_i, t = (d_j x w) / (d_j x d_i); the cap is the
// triangle a, x, b less the hull's part beyond the chord ab, whose twice
// area is pre(j-1) - pre(i) - a x b. For j = i+1 it is 0 (w = 0).
func (f *flushSearch) cap2(i, j int) float64 {
	if j-i > f.reach[i] {
		return math.Inf(1)
	}
	bl, lj, li := &f.ln[j-1], &f.ln[j], &f.ln[i]
	return capFrom(li, bl.ax, bl.ay, lj.dx, lj.dy, bl.pre)
}

// capFrom is cap2 for line l and a line j given by the start (bx, by) of
// its edge, its direction (djx, djy) and pj = pre(j-1). It is written so
// that the compiler inlines it (the chord, unnamed, is the first term of
// the difference), into bestBefore's loop too.
func capFrom(l *flushLine, bx, by, djx, djy, pj float64) float64 {
	wx, wy := bx-l.ax, by-l.ay
	tri := (l.dx*wy - l.dy*wx) * (djx*wy - djy*wx) / (djx*l.dy - djy*l.dx)
	return math.Abs(pj - l.pre - (l.ax*by - l.ay*bx) - tri)
}

// path finds the least-cost path of k links from lo[0] to lo[k] (lo[0] ==
// hi[0], lo[k] == hi[k]) whose m-th line lies in [lo[m], hi[m]], stores
// its lines in out and returns twice its cap area, +Inf when there is no
// such path (out is then unchanged).
func (f *flushSearch) path(out []int) float64 {
	n, k := f.n, f.k
	f.base[0] = f.lo[0]
	f.g[0] = 0
	pl, pr := f.lo[0], f.lo[0] // lines reached by the previous layer
	for m := 1; m <= k; m++ {
		jl, jr := max(f.lo[m], pl+1), min(f.hi[m], pr+f.reach[pr])
		if jl > jr || jr-jl >= n {
			return math.Inf(1)
		}
		f.base[m] = jl
		f.gp, f.pl, f.pr = f.g[(m-1)*n:], pl, pr
		f.gp = f.gp[:pr-pl+1]
		f.gc, f.fc, f.cb = f.g[m*n:], f.from[m*n:], jl
		f.layer(jl, jr, pl, pr)
		pl, pr = jl, jr
	}
	cost := f.g[k*n]
	if math.IsInf(cost, 1) || math.IsNaN(cost) {
		return math.Inf(1)
	}
	out[k] = f.lo[k]
	for m := k; m > 0; m-- {
		out[m-1] = int(f.from[m*n+out[m]-f.base[m]])
	}
	return cost
}

// layer fills the current layer's rows jl..jr, whose least minimizing
// lines lie in [il, ir] (divide and conquer on the Monge property). Every
// row has a line of the previous layer that meets it on the outer side.
func (f *flushSearch) layer(jl, jr, il, ir int) {
	for jl <= jr {
		j := (jl + jr) / 2
		lo, hi := max(il, f.first[j]), min(ir, j-1)
		best, arg := f.bestBefore(j, lo, hi)
		f.gc[j-f.cb], f.fc[j-f.cb] = best, int32(arg)
		// The left half recursively, the right half in this loop.
		if jl < j {
			f.layer(jl, j-1, il, arg)
		}
		jl, il = j+1, arg
	}
}

// bestBefore returns the least g(i) + cap2(i, j) over the previous layer's
// lines i in [lo, hi] (lo <= hi, all meeting line j on the outer side),
// and the least i that gives it. This is the innermost loop.
func (f *flushSearch) bestBefore(j, lo, hi int) (float64, int) {
	bl, lj := &f.ln[j-1], &f.ln[j]
	bx, by, djx, djy, pj := bl.ax, bl.ay, lj.dx, lj.dy, bl.pre
	ls := f.ln[lo : hi+1]
	g := f.gp[lo-f.pl : hi-f.pl+1]
	g = g[:len(ls)]
	best, arg := math.Inf(1), 0
	for t := range ls {
		if c := g[t] + capFrom(&ls[t], bx, by, djx, djy, pj); c < best {
			best, arg = c, t
		}
	}
	return best, lo + arg
}

// banded finds the best path from start s whose m-th line lies in
// [lo[m], hi[m]] for 0 < m < k, records it if it beats the best so far,
// and stores it in out; it reports whether there is one.
func (f *flushSearch) banded(s int, lo, hi, out []int) bool {
	k := f.k
	f.lo[0], f.hi[0] = s, s
	f.lo[k], f.hi[k] = s+f.n, s+f.n
	for m := 1; m < k; m++ {
		f.lo[m], f.hi[m] = lo[m], hi[m]
	}
	cost := f.path(out)
	if math.IsInf(cost, 1) {
		return false
	}
	if cost < f.best {
		f.best = cost
		copy(f.bestPath, out)
	}
	return true
}

// starts searches every start strictly between sl and sh, whose best
// paths lie between p (found for sl) and q (found for sh).
func (f *flushSearch) starts(sl, sh int, p, q []int) {
	if sh-sl < 2 {
		return
	}
	s := (sl + sh) / 2
	mid := make([]int, f.k+1)
	if f.banded(s, p, q, mid) {
		f.starts(sl, s, p, mid)
		f.starts(s, sh, mid, q)
		return
	}
	f.starts(sl, s, p, q)
	f.starts(s, sh, p, q)
}
