package hull

import (
	"math"
	"math/bits"
	"slices"
)

// A cut splits a set of pixels by a straight line between pixel centres:
// along rows (the pixels of rows y <= k against the rest), or, for a
// direction (1, b) with b in {0, 1, -1} (columns and the two diagonals),
// the pixels with x + b y <= k against the rest.
type cut struct {
	rows bool
	b    int32
	k    int32
}

// split returns the parts of run r on the first side of c and on the
// second (either may be empty).
func (c cut) split(r prun) (first, second prun) {
	if c.rows {
		if r.y <= c.k {
			return r, prun{}
		}
		return prun{}, r
	}
	x := c.k - c.b*r.y + 1 // first side: x0 <= x' < x
	x = min(max(x, r.x0), r.x1)
	return prun{r.y, r.x0, x}, prun{r.y, x, r.x1}
}

// apply splits runs (sorted) by c, into one array from ar: it counts the
// runs of each side first.
func (c cut) apply(runs []prun, ar *arenas) (first, second []prun) {
	n1, n2 := 0, 0
	for _, r := range runs {
		a, b := c.split(r)
		if a.x1 > a.x0 {
			n1++
		}
		if b.x1 > b.x0 {
			n2++
		}
	}
	both := ar.newRuns(n1 + n2)
	first, second = both[:0:n1], both[n1:n1]
	for _, r := range runs {
		a, b := c.split(r)
		if a.x1 > a.x0 {
			first = append(first, a)
		}
		if b.x1 > b.x0 {
			second = append(second, b)
		}
	}
	return first, second
}

// slants are the directions (1, b) of cuts other than between rows.
var slants = [...]int32{0, 1, -1}

// slant returns the index in slants of c's direction, -1 for rows.
func (c cut) slant() int {
	if c.rows {
		return -1
	}
	return slices.Index(slants[:], c.b)
}

// cutter finds the best cut of a set of pixels: the one with the least sum
// of twice the hull areas of the two sides, over all four directions and
// every position. It reuses its buffers.
type cutter struct {
	lo, hi      []int32  // the lines' rows (see lines), for the slant swept
	filled      []uint64 // the lines filled so far, a bit each
	pre, suf    []int64  // the sweeps' values, scaled (see sweep)
	groups      []group
	spans       int64 // the groups' spans summed
	right, left []ipt
	// The best cut found so far and its sum.
	best cut
	sum  float64
}

// group is a line of pixel centres with pixels (a row, or x + b y = k):
// its sweep coordinate k, the least and greatest coordinate q across the
// sweep, the bounds x0 <= x <= x1, y0 <= y <= y1 of its pixels, and its
// span: how many pixel squares it has from its first pixel to its last,
// gaps included, which lie in the hull of any pixels that include the
// line's, as its end squares do.
type group struct{ k, qlo, qhi, x0, x1, y0, y1, span int64 }

// bestBelow returns the best cut of runs (sorted) whose two sides have a
// sum of twice the hull areas below limit, and that sum; ok is false when
// there is none.
func (t *cutter) bestBelow(runs []prun, limit float64) (best cut, sum float64, ok bool) {
	return t.bestBelowLines(runs, limit, func(d int, box bounds) lines { return t.runLines(runs, slants[d], box) })
}

// bestBelowLines is bestBelow with the lines across each slant,
// slants[d], from linesOf (box: the bounds of the pixels of runs), which
// it asks only for the slants it sweeps. The lines may be in t.lo and
// t.hi.
func (t *cutter) bestBelowLines(runs []prun, limit float64, linesOf func(d int, box bounds) lines) (best cut, sum float64, ok bool) {
	t.sum = limit
	box, floor := t.rowsCut(runs)
	for d, b := range slants {
		if float64(floor) >= t.sum { // no slant cut can win now
			break
		}
		t.slantCut(b, linesOf(d, box))
	}
	return t.best, t.sum, t.sum < limit
}

// bounds are the least and greatest x and y of a set of pixels.
type bounds struct{ x0, x1, y0, y1 int32 }

// rowsCut offers every cut between rows, with the hulls as slantCut finds
// them (a row's extreme pixels are its ends), and returns the bounds of
// the pixels of runs (not empty) and a floor under the sum of twice the
// hull areas of the sides of every slant cut.
//
// A slant cut splits each row at one place: the row's squares from its
// first pixel to its last lie in the two sides' hulls but for at most the
// widest gap between its runs, so the floor is twice the rows' spans less
// their widest gaps.
func (t *cutter) rowsCut(runs []prun) (box bounds, floor int64) {
	t.groups, t.spans = t.groups[:0], 0
	box = bounds{math.MaxInt32, math.MinInt32, runs[0].y, runs[len(runs)-1].y}
	for i := 0; i < len(runs); {
		y, l, r := int64(runs[i].y), int64(runs[i].x0), int64(runs[i].x1)
		gap := int64(0)
		for i++; i < len(runs) && int64(runs[i].y) == y; i++ {
			gap = max(gap, int64(runs[i].x0)-r)
			l, r = min(l, int64(runs[i].x0)), max(r, int64(runs[i].x1))
		}
		box.x0, box.x1 = min(box.x0, int32(l)), max(box.x1, int32(r-1))
		t.groups = append(t.groups, group{k: y, qlo: l, qhi: r - 1, x0: l, x1: r - 1, y0: y, y1: y, span: r - l})
		t.spans += r - l
		floor += 2 * (r - l - gap)
	}
	t.offer(1, cut{rows: true})
	return box, floor
}

// lines are the lines x + b y = k of a slant direction (1, b) through a
// set of pixels, k0 <= k < k0 + len(lo): on each, the least and greatest
// row of its pixels, lo[i] and hi[i]; lo[i] > hi[i] on a line with none.
// The extreme pixels of a line are its topmost and bottommost (x is
// monotone along it).
type lines struct {
	k0     int32
	lo, hi []int32
}

// lineRange returns the first line x + b y = k through the corners of
// box and how many lines there are from it to the last.
func lineRange(b int32, box bounds) (k0 int32, g int) {
	k0 = box.x0 + min(b*box.y0, b*box.y1)
	k1 := box.x1 + max(b*box.y0, b*box.y1)
	return k0, int(k1-k0) + 1
}

// fillLines returns the lines across (1, b) of the pixels of runs
// (sorted) in lo and hi, which hold the lines from k0 on and every line
// with pixels; finding them costs O(runs + lines), not O(pixels).
func (t *cutter) fillLines(runs []prun, b, k0 int32, lo, hi []int32) lines {
	g := len(lo)
	if cap(t.filled) < (g+63)/64 {
		t.filled = make([]uint64, (g+63)/64)
	}
	filled := t.filled[:(g+63)/64]
	// Each run covers a range of lines. The topmost and bottommost pixel of
	// each line by filling the lines not yet filled, runs top down, then
	// bottom up: a bit set of the filled lines gives a run's unfilled ones
	// 64 at a time, with no branch per line. Filled in the end, the bits
	// are the lines with pixels. Lines ia..ie are all filled, an interval
	// that grows with each run that meets it: inside a blob, a run whose
	// lines are all filled is passed over at once.
	ia, ie := int32(0), int32(-1)
	fill := func(dst []int32, r prun) {
		a := r.x0 + b*r.y - k0
		e := a + r.x1 - 1 - r.x0
		if ia <= a && e <= ie {
			return
		}
		if a <= ie+1 && ia-1 <= e { // it meets the interval
			ia, ie = min(ia, a), max(ie, e)
		} else if e-a > ie-ia { // apart and longer (or there is none)
			ia, ie = a, e
		}
		set, last := ^uint64(0)<<(uint(a)&63), e>>6
		for w := a >> 6; ; w++ {
			if w == last {
				set &= ^uint64(0) >> (uint(63-e) & 63)
			}
			free := set &^ filled[w]
			filled[w] |= set
			for ; free != 0; free &= free - 1 {
				dst[w<<6|int32(bits.TrailingZeros64(free))] = r.y
			}
			if w == last {
				return
			}
			set = ^uint64(0)
		}
	}
	clear(filled)
	for _, r := range runs {
		fill(lo, r)
	}
	clear(filled)
	ia, ie = 0, -1
	for i := len(runs) - 1; i >= 0; i-- {
		fill(hi, runs[i])
	}
	for w, set := range filled { // the lines with no pixel
		if w == len(filled)-1 && g&63 != 0 {
			set |= ^uint64(0) << (g & 63)
		}
		for free := ^set; free != 0; free &= free - 1 {
			i := w<<6 | bits.TrailingZeros64(free)
			lo[i], hi[i] = math.MaxInt32, math.MinInt32
		}
	}
	return lines{k0, lo, hi}
}

// runLines returns the lines across (1, b) of the pixels of runs
// (sorted), whose bounds are box, in t.lo and t.hi.
func (t *cutter) runLines(runs []prun, b int32, box bounds) lines {
	k0, g := lineRange(b, box)
	if cap(t.lo) < g {
		t.lo, t.hi = make([]int32, g), make([]int32, g)
	}
	return t.fillLines(runs, b, k0, t.lo[:g], t.hi[:g])
}

// unionLines returns the lines of the union of the pixels of a and b
// (across the same slant) in t.lo and t.hi: on each line, the least of
// their least rows and the greatest of their greatest, O(lines).
func (t *cutter) unionLines(a, b lines) lines {
	k0 := min(a.k0, b.k0)
	g := int(max(a.k0+int32(len(a.lo)), b.k0+int32(len(b.lo))) - k0)
	if cap(t.lo) < g {
		t.lo, t.hi = make([]int32, g), make([]int32, g)
	}
	lo, hi := t.lo[:g], t.hi[:g]
	ia, ea := int(a.k0-k0), int(a.k0-k0)+len(a.lo)
	for i := range ia { // no line of a's
		lo[i], hi[i] = math.MaxInt32, math.MinInt32
	}
	for i := ea; i < g; i++ {
		lo[i], hi[i] = math.MaxInt32, math.MinInt32
	}
	copy(lo[ia:ea], a.lo)
	copy(hi[ia:ea], a.hi)
	ib := int(b.k0 - k0)
	blo, bhi := lo[ib:ib+len(b.lo)], hi[ib:ib+len(b.lo)]
	for i, y := range b.lo {
		blo[i], bhi[i] = min(blo[i], y), max(bhi[i], b.hi[i])
	}
	return lines{k0, lo, hi}
}

// slantCut offers every cut across direction (1, b), whose lines with
// pixels are the groups.
func (t *cutter) slantCut(b int32, l lines) {
	groups := slices.Grow(t.groups[:0], len(l.lo))[:len(l.lo)] // filled in place
	m, spans := 0, int64(0)
	bb := int64(b)
	his := l.hi[:len(l.lo)]
	for i, ylo := range l.lo {
		yhi := int64(his[i])
		if int64(ylo) > yhi {
			continue
		}
		k, ylo := int64(l.k0)+int64(i), int64(ylo)
		xlo, xhi := k-bb*ylo, k-bb*yhi // x is monotone along the line
		e := &groups[m]
		e.k, e.qlo, e.qhi = k, -bb*xlo+ylo, -bb*xhi+yhi
		e.x0, e.x1, e.y0, e.y1 = min(xlo, xhi), max(xlo, xhi), ylo, yhi
		e.span = yhi - ylo + 1 // as many squares as rows, along a slant
		spans += e.span
		m++
	}
	t.groups, t.spans = groups[:m], spans
	t.offer(float64(1+bb*bb), cut{b: b})
}

// offer sweeps the groups both ways and keeps the best cut after a group
// (c with its k set) below the best so far (scale: the factor by which
// the sweep frame scales areas). A sweep stops once its side and a bound
// on the other (see sweep) reach the best sum, and the suffixes are not
// swept at all when no prefix plus the spans of the lines after it (a
// side's hull holds their squares) is below it.
func (t *cutter) offer(scale float64, c cut) {
	n := len(t.groups)
	inv := 1 / scale // exact: the sweeps' integers over scale, 1 or 2
	t.pre = t.sweep(t.pre, scale, 1, t.sum)
	// The kept prefixes in order: across rows and columns the first one
	// kept is hopeful already, as the sweep kept it by the same bound.
	rest, hopeful := t.spans, false
	for i := 0; i < len(t.pre) && i+1 < n && !hopeful; i++ {
		rest -= t.groups[i].span
		hopeful = float64(t.pre[i])*inv+2*float64(rest) < t.sum
	}
	if !hopeful {
		return
	}
	t.suf = t.sweep(t.suf, scale, -1, t.sum)
	// pre[i]: groups 0..i; suf[n-2-i]: groups i+1..n-1.
	for i := max(n-1-len(t.suf), 0); i < len(t.pre) && i+1 < n; i++ {
		if s := float64(t.pre[i]+t.suf[n-2-i]) * inv; s < t.sum {
			c.k = int32(t.groups[i].k)
			t.best, t.sum = c, s
		}
	}
}

// sweep returns in out, for each prefix of the groups (step 1) or each
// suffix (step -1, shortest first), twice the area of the hull of its
// pixel squares times scale (an integer), up to the first that, with a bound on the other side's,
// is not below limit: no later one can be part of a cut below limit.
//
// The bound counts, for each line of the other side, area that the hull
// of that side holds past the lines before it along the sweep: these
// areas do not overlap, and when the sweep reaches the line it adds at
// least that much to its own side. So side plus bound never falls along a
// sweep. Across rows and columns that area is the line's span squares (a
// group's span), which lie wholly past the lines before: twice the span.
// Across diagonals those lines reach the middle of the line's squares:
// past it lie half of each square and the triangles between them,
// s - 1/2 for span s, twice that 2s - 1.
//
// Twice the hull's area is the
// hull C of the pixel centres grown by the unit square: 2 area(C) +
// 2 (width_x(C) + width_y(C) + 1). C comes from Andrew's monotone chain in
// the frame (q, k) (k the sweep coordinate, q across it), which scales
// areas by scale (1 or 2); a line's two extreme pixels are all it takes.
// The sweep counts in units of 1/scale, so that its test against limit is
// one of integers; the values it returns are exact, and kept as integers
// so that the loop has no float work (offer divides a cut's sum once).
func (t *cutter) sweep(out []int64, scale float64, step int, limit float64) []int64 {
	gs := t.groups
	n := len(gs)
	out = slices.Grow(out[:0], n)[:n] // cut to the prefixes below limit
	if n == 0 {
		return out
	}
	if cap(t.right) < n {
		t.right, t.left = make([]ipt, n), make([]ipt, n)
	}
	right, left := t.right[:n], t.left[:n]
	first := 0 // the group the sweep starts from
	if step < 0 {
		first = n - 1
	}
	minX, maxX, minY, maxY := int64(math.MaxInt64), int64(math.MinInt64), int64(math.MaxInt64), int64(math.MinInt64)
	// A side's value v, scaled, is z = scale v, an integer, and the test
	// v + bound < limit reads z < room = ceil(scale limit) - scale bound,
	// bound being past summed over the other side's lines: room starts
	// with all of them (past is linear in the span) and grows by each
	// line's as the other side loses it.
	sc := int64(scale)
	room := ceilInt(scale*limit) - past(t.spans, sc) - int64(n-1)*past(0, sc)
	wide := 2 * sc // z per unit of width
	// One shoelace sum: along the right chain, back along the left one,
	// and from the left chain's first point to the right one's (which
	// stay); each chain's last point is read back, not kept.
	e := &gs[first]
	k := e.k * int64(step)
	sum := cross(ipt{e.qlo, k}, ipt{e.qhi, k})
	right[0], left[0] = ipt{e.qhi, k}, ipt{e.qlo, k}
	nr, nl := 1, 1 // chain lengths
	for c := range out {
		e := &gs[first+c*step]
		k := e.k * int64(step)
		pl, pr := ipt{e.qlo, k}, ipt{e.qhi, k}
		if c > 0 {
			top := right[nr-1]
			for ; nr >= 2; nr-- {
				a := right[nr-2]
				if turn(a, top, pr) > 0 {
					break
				}
				sum -= cross(a, top)
				top = a
			}
			sum += cross(top, pr)
			right[nr] = pr
			nr++
			top = left[nl-1]
			for ; nl >= 2; nl-- {
				a := left[nl-2]
				if turn(a, top, pl) < 0 {
					break
				}
				sum += cross(a, top)
				top = a
			}
			sum -= cross(top, pl)
			left[nl] = pl
			nl++
		}
		a := sum + cross(pr, pl)
		if a < 0 {
			a = -a
		}
		minX, maxX = min(minX, e.x0), max(maxX, e.x1)
		minY, maxY = min(minY, e.y0), max(maxY, e.y1)
		z := a + wide*(maxX-minX+maxY-minY+1)
		room += past(e.span, sc)
		if z >= room {
			return out[:c]
		}
		out[c] = z
	}
	return out
}

// past returns the least that a line of span s adds to twice the area of
// a side's hull past the lines before it along a sweep (see sweep), in the
// units of a sweep of scale sc: 2s across rows and columns (sc 1), twice
// 2s - 1 across diagonals (sc 2).
func past(s, sc int64) int64 { return sc * (2*s - (sc - 1)) }

// ceilInt returns the least integer not below x, within ±2^62 (beyond
// which no sweep's values reach); -2^62 for NaN, which no value is below.
func ceilInt(x float64) int64 {
	const lim = 1 << 62
	switch {
	case x >= lim:
		return lim
	case !(x > -lim):
		return -lim
	}
	return int64(math.Ceil(x))
}
