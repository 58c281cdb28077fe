package verify

import (
	"cmp"
	"math"
	"slices"
	"sync"

	"github.com/shapegen/shapegen/collide"
)

// compoundDiffArea returns area(S ⊕ −S) for S the union of the convex
// hulls of c's pieces (pieces may overlap): S ⊕ −S is the union over all
// i, j of Pi ⊕ −Pj, each a convex polygon, and the union is centrally
// symmetric, so its area is twice that of its part with y >= 0
// (unionArea). No piece gives 0; one piece is its difference body.
func compoundDiffArea(c collide.Compound) float64 {
	switch len(c) {
	case 0:
		return 0
	case 1:
		return convexDiffArea(c[0])
	}
	work := diffWorks.Get().(*diffWork)
	defer work.put()
	hulls := grow(work.hulls, len(c))
	// Where each hull's walk starts in minkowski, as a and as b.
	lows, highs := grow(work.lows, len(c)), grow(work.highs, len(c))
	total := 0
	for i, p := range c {
		hulls[i] = p
		if !strictlyConvex(p) {
			hulls[i] = convex(nil, p)
		}
		total += len(hulls[i])
		lows[i], highs[i] = lowest(hulls[i]), highest(hulls[i])
	}
	// Pi ⊕ −Pj has at most len(Pi) + len(Pj) vertices: all sums fit in
	// one buffer of 2·n·total.
	sums := slices.Grow(work.sums[:0], len(c)*len(c))
	buf := slices.Grow(work.buf[:0], 2*len(c)*total)
	for i, a := range hulls {
		for j, b := range hulls {
			if len(a) == 0 || len(b) == 0 {
				continue
			}
			n := len(buf)
			if s := minkowskiFrom(buf[n:n], a, b, lows[i], highs[j]); len(s) >= 3 {
				buf = append(buf[:n], s...) // s is in place: a copy onto itself
				sums = append(sums, buf[n:len(buf):len(buf)])
			}
		}
	}
	work.hulls, work.sums, work.buf, work.lows, work.highs = hulls, sums, buf, lows, highs
	return 2 * work.sw.area(sums, 0)
}

// diffWork is compoundDiffArea's memory, kept between calls in diffWorks:
// the pieces' hulls, their differences and the sweep's lists, which a
// build would otherwise allocate for every sprite's pieces.
type diffWork struct {
	sw          sweep
	hulls, sums [][]collide.Vec
	buf         []collide.Vec
	lows, highs []int // each hull's lowest and highest vertex
}

var diffWorks = sync.Pool{New: func() any { return new(diffWork) }}

// put returns w to diffWorks without the polygons it points to, unless
// it holds more than many pieces' vertices, which are left to the
// collector.
func (w *diffWork) put() {
	clear(w.hulls)
	clear(w.sums)
	clear(w.sw.polys)
	if cap(w.buf) <= 1<<14 && cap(w.sw.buf) <= 1<<14 && cap(w.sw.polys) <= 1<<10 {
		diffWorks.Put(w)
	}
}

// unionArea returns the area of the part with y >= y0 of the union of the
// convex polygons ps (positive winding, as minkowski returns them; closed,
// so overlaps and shared edges count once), exactly up to rounding.
//
// A polygon inside another is dropped first (on the corpus's pieces,
// about half of all Pi ⊕ −Pj are inside another one); the test is exact
// for integer vertices, and for others can only drop a polygon that sticks
// out by a rounding error. The rest is a sweep in y. Between two
// consecutive vertex heights each polygon is a trapezoid whose left and
// right ends move linearly with y, and the length of the union of those
// intervals is linear in y wherever no two ends cross; there its integral
// is the length at mid-height times the height. The ends stay sorted from
// one slab to the next (insertion sort: O(m) per slab when few change
// places). A slab in which two ends cross (two ends adjacent at
// mid-height out of order at a slab end) is split at the crossing and each
// part done alike (slab). Crossings closer to a slab end than a billionth
// of its height are not split at, which moves the result by about that
// fraction of the slab's area at most.
//
// The cost is O(s · m) for s slabs (distinct vertex heights plus
// crossings) and m polygons, plus m² bounding-box checks and O(v²) per
// containment test for polygons of v vertices; its O(m·v) memory is
// kept between calls (diffWorks).
func unionArea(ps [][]collide.Vec, y0 float64) float64 {
	work := diffWorks.Get().(*diffWork)
	defer work.put()
	return work.sw.area(ps, y0)
}

// area is unionArea, in sw's memory.
func (sw *sweep) area(ps [][]collide.Vec, y0 float64) float64 {
	n := 0
	for _, p := range ps {
		n += len(p) + 2
	}
	// Room for every chain at once: the polygons' chains point into buf.
	sw.buf = slices.Grow(sw.buf[:0], n)
	sw.polys = slices.Grow(sw.polys[:0], len(ps)) // not grown: a sweepPoly is large
	for _, p := range ps {
		sw.addPoly(p, y0)
	}
	sw.prune()
	return sw.run(y0)
}

// sweep is the state of unionArea's sweep.
type sweep struct {
	polys []sweepPoly
	ends  []end         // ends[2i], ends[2i+1]: the two ends of polys[i]
	act   []int         // active polygons, by index
	ord   []int32       // active ends, left to right at the last mid-height
	tmp   []end         // a split slab's ends
	buf   []collide.Vec // the polygons' chains
}

// sweepPoly is a convex polygon as two chains of vertices from its lowest
// to its highest, each walked upwards by the sweep.
type sweepPoly struct {
	v      []collide.Vec
	a, b   chain
	y0, y1 float64    // lowest (or the sweep's start) and highest y
	box    [4]float64 // least x, least y, greatest x, greatest y
	gone   bool       // inside another polygon
	// next is where the chains' current edges end first (-Inf before the
	// sweep reaches the polygon): until the sweep passes it, neither
	// chain steps, and the slab ends there at the latest.
	next float64
}

// chain is a y-monotone chain of vertices (y not decreasing) with the
// index of the edge a sweep is at, and that edge's start p and slope t
// (dx/dy; level says the edge is level), set by step: a polygon's edges
// stay for many slabs.
type chain struct {
	v     []collide.Vec
	k     int
	p     collide.Vec
	t     float64
	level bool
}

// addPoly adds p, unless it has no height above y0.
func (sw *sweep) addPoly(p []collide.Vec, y0 float64) {
	if len(p) < 3 {
		return
	}
	// The least and greatest y (first of each) and x of p.
	lo, hi := 0, 0
	box := [4]float64{p[0].X, p[0].Y, p[0].X, p[0].Y}
	for i, v := range p {
		if v.Y < box[1] {
			lo, box[1] = i, v.Y
		}
		if v.Y > box[3] {
			hi, box[3] = i, v.Y
		}
		box[0], box[2] = min(box[0], v.X), max(box[2], v.X)
	}
	if !(box[3] > box[1]) || !(box[3] > y0) {
		return
	}
	n := len(p)
	// Both chains in one slice: forward from lo to hi, then backward.
	na := (hi-lo+n)%n + 1
	nb := (lo-hi+n)%n + 1
	start := len(sw.buf)
	sw.buf = slices.Grow(sw.buf, na+nb)[:start+na+nb]
	v := sw.buf[start:]
	copy(v[copy(v[:na], p[lo:]):na], p) // p[lo:], then from p[0] when hi < lo
	for k, i := na, lo; k < len(v); k++ {
		v[k] = p[i]
		if i--; i < 0 {
			i = n - 1
		}
	}
	sw.polys = append(sw.polys, sweepPoly{
		v: p, a: chain{v: v[:na]}, b: chain{v: v[na:]},
		y0: max(p[lo].Y, y0), y1: p[hi].Y, box: box, next: math.Inf(-1),
	})
}

// prune drops each polygon inside another that is kept, and sorts the
// rest by their lowest y.
func (sw *sweep) prune() {
	for i := range sw.polys {
		p := &sw.polys[i]
		for j := range sw.polys {
			q := &sw.polys[j]
			if j != i && !q.gone && q.box[0] <= p.box[0] && q.box[1] <= p.box[1] &&
				p.box[2] <= q.box[2] && p.box[3] <= q.box[3] && inside(p.v, q.v) {
				p.gone = true
				break
			}
		}
	}
	sw.polys = slices.DeleteFunc(sw.polys, func(p sweepPoly) bool { return p.gone })
	slices.SortFunc(sw.polys, func(p, q sweepPoly) int { return cmp.Compare(p.y0, q.y0) })
}

// inside reports whether every vertex of p lies in the convex polygon q
// (positive winding), boundary included: then p, convex, is inside q.
func inside(p, q []collide.Vec) bool {
	// Edge by edge, so that each edge's vector is found once, not once a
	// vertex: the same products, so the same answer.
	prev := q[len(q)-1]
	for _, w := range q {
		e := w.Sub(prev)
		for _, v := range p {
			if e.Cross(v.Sub(prev)) < 0 {
				return false
			}
		}
		prev = w
	}
	return true
}

// run sweeps upwards from y0 and returns the area.
func (sw *sweep) run(y0 float64) float64 {
	// Room for every polygon at once, so that nothing grows slab by slab.
	sw.ends = grow(sw.ends, 2*len(sw.polys))
	sw.tmp = slices.Grow(sw.tmp[:0], len(sw.ends))
	sw.act, sw.ord = slices.Grow(sw.act[:0], len(sw.polys)), slices.Grow(sw.ord[:0], len(sw.ends))
	total, ya, next := 0.0, y0, 0
	for {
		for ; next < len(sw.polys) && sw.polys[next].y0 <= ya; next++ {
			sw.act = append(sw.act, next)
			sw.ord = append(sw.ord, int32(2*next), int32(2*next+1))
		}
		// Drop the polygons that end at ya, and find where the next
		// slab ends: the next vertex of an active chain, or the next
		// polygon's start.
		yb := math.Inf(1)
		if next < len(sw.polys) {
			yb = sw.polys[next].y0
		}
		done := false
		for _, i := range sw.act {
			p := &sw.polys[i]
			if p.y1 <= ya {
				done = true
				continue
			}
			if p.next <= ya { // else neither chain steps: the slab's few changes
				p.next = min(p.a.step(ya), p.b.step(ya))
			}
			yb = min(yb, p.next)
		}
		if done { // in place, in order, as slices.DeleteFunc without a call an element
			act, ord, polys := sw.act[:0], sw.ord[:0], sw.polys
			for _, i := range sw.act {
				if !(polys[i].y1 <= ya) {
					act = append(act, i)
				}
			}
			for _, e := range sw.ord {
				if !(polys[e/2].y1 <= ya) {
					ord = append(ord, e)
				}
			}
			sw.act, sw.ord = act, ord
		}
		if math.IsInf(yb, 1) || !(yb > ya) { // done; or NaN coordinates
			return total
		}
		if len(sw.act) > 0 {
			total += sw.slab(ya, yb)
		}
		ya = yb
	}
}

// step moves c to its edge that starts at or below ya and ends above it,
// and returns where that edge ends. at needs a step first.
func (c *chain) step(ya float64) float64 {
	for c.k+2 < len(c.v) && c.v[c.k+1].Y <= ya {
		c.k++
	}
	p, q := c.v[c.k], c.v[c.k+1]
	c.p, c.level = p, q.Y == p.Y
	if !c.level {
		c.t = (q.X - p.X) / (q.Y - p.Y)
	}
	return q.Y
}

// at returns the x of c's current edge line at ya and at yb.
func (c *chain) at(ya, yb float64) (xa, xb float64) {
	p := c.p
	if c.level {
		return p.X, p.X
	}
	return p.X + (ya-p.Y)*c.t, p.X + (yb-p.Y)*c.t
}

// slab returns the area of the union of the active polygons between ya
// and yb, where every polygon's ends are linear.
func (sw *sweep) slab(ya, yb float64) float64 {
	// In locals: sw's slices are not read again for each polygon.
	ord, ends, polys := sw.ord, sw.ends, sw.polys
	for _, i := range sw.act {
		p := &polys[i]
		la, lb := p.a.at(ya, yb)
		ra, rb := p.b.at(ya, yb)
		if la+lb > ra+rb {
			la, lb, ra, rb = ra, rb, la, lb
		}
		e := ends[2*i : 2*i+2]
		e[0] = end{la, lb, (la + lb) / 2, 1}
		e[1] = end{ra, rb, (ra + rb) / 2, -1}
	}
	// Insertion sort by mid-height x: the order changes little from one
	// slab to the next.
	for i := 1; i < len(ord); i++ {
		o := ord[i]
		x := ends[o].xm
		j := i
		for ; j > 0 && ends[ord[j-1]].xm > x; j-- {
			ord[j] = ord[j-1]
		}
		ord[j] = o
	}
	// The length is summed while the neighbours are checked, in one pass
	// over the ends: most slabs have no crossing, and a slab that has one
	// drops its sum.
	length, open, from := 0.0, 0, 0.0
	var prev *end
	for _, o := range ord {
		e := &ends[o]
		if prev != nil && (prev.xa > e.xa || prev.xb > e.xb) {
			tmp := sw.tmp[:len(ord)] // run made room
			for k, o := range ord {
				tmp[k] = ends[o]
			}
			return slab(tmp, ya, yb, ya, yb, 0)
		}
		prev = e
		if open == 0 {
			from = e.xm
		}
		open += e.up
		if open == 0 {
			length += e.xm - from
		}
	}
	return length * (yb - ya)
}

// maxSplits bounds the nesting of slab splits at crossings: a backstop
// against rounding, far above what the crossings of a few hundred
// polygons need.
const maxSplits = 64

// end is one end of one polygon's interval in a slab [ya, yb]: x goes
// linearly from xa at ya to xb at yb, through xm at mid-height; up is +1
// for a left end, -1 for a right end.
type end struct {
	xa, xb, xm float64
	up         int
}

// slab returns the area of the union of the intervals ends, given over
// [ya, yb], between heights lo and hi inside it, splitting at crossings.
// It leaves ends sorted by x at mid-height, xm holding that x.
func slab(ends []end, ya, yb, lo, hi float64, depth int) float64 {
	h := yb - ya
	tm := ((lo+hi)/2 - ya) / h
	for i := range ends {
		e := &ends[i]
		e.xm = e.xa + (e.xb-e.xa)*tm
	}
	for i := 1; i < len(ends); i++ {
		if !(ends[i-1].xm > ends[i].xm) {
			continue // in place: most are, and an end is a large copy
		}
		e := ends[i]
		j := i
		for ; j > 0 && ends[j-1].xm > e.xm; j-- {
			ends[j] = ends[j-1]
		}
		ends[j] = e
	}
	if depth < maxSplits {
		tl, th, margin := (lo-ya)/h, (hi-ya)/h, (hi-lo)*1e-9
		for i := 1; i < len(ends); i++ {
			e, f := &ends[i-1], &ends[i]
			de, df := e.xb-e.xa, f.xb-f.xa
			if e.xa+de*tl <= f.xa+df*tl && e.xa+de*th <= f.xa+df*th || de == df {
				continue
			}
			// e − f is linear and changes sign between lo and hi.
			y := ya + (f.xa-e.xa)/(de-df)*h
			if y-lo > margin && hi-y > margin {
				return slab(ends, ya, yb, lo, y, depth+1) + slab(ends, ya, yb, y, hi, depth+1)
			}
		}
	}
	length, open, from := 0.0, 0, 0.0
	for i := range ends {
		e := &ends[i]
		if open == 0 {
			from = e.xm
		}
		open += e.up
		if open == 0 {
			length += e.xm - from
		}
	}
	return length * (hi - lo)
}
