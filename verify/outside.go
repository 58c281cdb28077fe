package verify

import (
	"cmp"
	"image"
	"math"
	"math/bits"
	"slices"
	"sync"

	"github.com/shapegen/shapegen/collide"
	"github.com/shapegen/shapegen/mask"
)

// Outside returns the number of opaque pixel squares of m that the region
// r does not contain, boundary included: a square is contained when every
// point of it is in r. r is a shape of the sprite in its own pixel
// coordinates: a collide.Rect, Circle, Box or Polygon (convex: a square is
// in it when its four corners are), a Compound (a square counts as
// contained when one piece holds all of it; the pieces shapegen makes hold
// whole pixels, so for them this is exact, and in general it never counts
// a square that is not contained as contained), or Rings (a square is in
// it when no ring edge passes through its interior and its centre is in
// the region). A
// nil region contains nothing.
func Outside(m *mask.Mask, r collide.Region) int {
	switch s := r.(type) {
	case nil:
		return m.Count()
	case collide.Compound:
		return outsideUnion(m, s)
	case collide.Rings:
		return outsideRings(m, s)
	}
	return outsideConvex(m, r)
}

// AreaRatio returns the area of r over the opaque pixel count, 0 for no
// pixels.
func AreaRatio(r collide.Region, pixels int) float64 {
	if pixels == 0 {
		return 0
	}
	return r.Area() / float64(pixels)
}

// outsideConvex counts the opaque pixel squares of m not contained in the
// convex region r: a square is contained when its four corners are.
//
// Fast path: on each grid line y the corners of the rows above and below
// span a segment from the leftmost to the rightmost corner; when r holds
// both ends of every such segment it holds every corner (r is convex), so
// nothing is outside. Otherwise, per row, when the outer corners of the
// two end pixels are inside so is the whole row, and only the other rows
// are checked pixel by pixel. A Box or Polygon whose test is exactly a
// convex set (exactlyConvex), and dear, is asked about the corners of
// the extremes' hull alone (holdsGridHull), which gives the same answer
// for fewer tests. A polygon with rows keeps the scan: two comparisons a
// point cost less than its hull's corners, which lie on its edges, by
// ContainsPoint, and the rows of a polygon that is not convex (a
// hand-edited file) need not be a convex set.
func outsideConvex(m *mask.Mask, r collide.Region) int {
	contains, hullOnly := r.ContainsPoint, exactlyConvex(r)
	var in rowsIn
	var held *rows // the grid extremes' test by rows, when they cover it
	if p, ok := r.(collide.Polygon); ok {
		buf := rowsBufs.Get().(*rows)
		defer putRows(buf)
		if in.r, ok = integerRows(*buf, p); ok { // hulls: by rows, the same answers
			*buf, in.p = in.r, p
			contains, hullOnly = in.contains, false
			if max(m.Width(), m.Height()) < maxExact { // every corner as in.contains takes it
				held = &in.r
			}
		}
	}
	// Called directly, not through a func value, so that contains stays
	// on the stack.
	if hullOnly && holdsGridHull(m, contains) || !hullOnly && holdsGridExtremes(m, contains, held) {
		return 0
	}
	return countOutside(m, contains)
}

// rowsBufs keeps the memory of polygons' rows between calls of
// outsideConvex, which a build would otherwise allocate for the hull and
// the polygon of every sprite.
var rowsBufs = sync.Pool{New: func() any { return new(rows) }}

// putRows returns r to rowsBufs, unless it holds more than a large
// sprite's rows, which are left to the collector.
func putRows(r *rows) {
	if cap(r.lo) <= 1<<12 {
		rowsBufs.Put(r)
	}
}

// countOutside counts the opaque pixel squares of m with a corner that
// contains does not hold. A row whose two end pixels are held is held
// whole, as contains holds an interval of each grid line.
func countOutside(m *mask.Mask, contains func(collide.Vec) bool) int {
	n := 0
	in := func(x, y int) bool {
		fx, fy := float64(x), float64(y)
		return contains(collide.V(fx, fy)) && contains(collide.V(fx+1, fy)) &&
			contains(collide.V(fx, fy+1)) && contains(collide.V(fx+1, fy+1))
	}
	for y := 0; y < m.Height(); y++ {
		l, r, ok := m.RowSpan(y)
		if !ok || in(l, y) && in(r, y) {
			continue
		}
		for x := l; x <= r; x++ {
			if m.Get(x, y) && !in(x, y) {
				n++
			}
		}
	}
	return n
}

// holdsGridExtremes reports whether contains (a convex shape's
// ContainsPoint) holds, on every grid line, the leftmost and rightmost
// pixel corner of the rows touching it. When rs is not nil it holds
// contains's integer points, and is asked instead: two comparisons a
// point, without a call.
func holdsGridExtremes(m *mask.Mask, contains func(collide.Vec) bool, rs *rows) bool {
	// The lines in a loop of its own, not through a function value: the
	// cheap tests (Rect, Circle) took a fifth longer that way.
	pl, pr, pok := 0, 0, false // span of the row above the line
	for y := 0; y <= m.Height(); y++ {
		l, r, ok := m.RowSpan(y)
		if lo, hi, any := gridLine(pl, pr, pok, l, r, ok); any {
			if rs != nil {
				if !rs.contains(lo, y) || !rs.contains(hi, y) {
					return false
				}
			} else if !(contains(collide.V(float64(lo), float64(y))) && contains(collide.V(float64(hi), float64(y)))) {
				return false
			}
		}
		pl, pr, pok = l, r, ok
	}
	return true
}

// holdsGridHull reports what holdsGridExtremes does, for a contains whose
// points form a convex set exactly (no rounding makes a dent): then it
// holds every grid extreme when it holds the corners of their convex
// hull, and it is only asked about those (with some collinear points of
// the hull's sides, at most two a line, usually a few dozen in all).
func holdsGridHull(m *mask.Mask, contains func(collide.Vec) bool) bool {
	// The hull's left side is the left extremes' left chain, its right
	// side the right extremes' right chain (a left extreme is left of its
	// line's right one, so only the first and last line give hull
	// corners of both, and both chains keep their ends). Each chain is
	// built by the monotone-chain rule, in y order: a point that is not
	// strictly outside the chord of its neighbours goes.
	var leftBuf, rightBuf [64]image.Point // most hulls' sides fit (TestOutsideConvexAllocs)
	left, right := leftBuf[:0], rightBuf[:0]
	pl, pr, pok := 0, 0, false // span of the row above the line
	for y := 0; y <= m.Height(); y++ {
		l, r, ok := m.RowSpan(y)
		if lo, hi, any := gridLine(pl, pr, pok, l, r, ok); any {
			left = pushChain(left, image.Pt(lo, y), 1)
			right = pushChain(right, image.Pt(hi, y), -1)
		}
		pl, pr, pok = l, r, ok
	}
	for _, side := range [2][]image.Point{left, right} {
		for _, p := range side {
			if !contains(collide.V(float64(p.X), float64(p.Y))) {
				return false
			}
		}
	}
	return true
}

// pushChain appends c to the chain ch of points in increasing y, first
// dropping its last points while they are not strictly outside the
// chord to c: left of it for side 1, right of it for side -1.
func pushChain(ch []image.Point, c image.Point, side int64) []image.Point {
	for n := len(ch); n >= 2; n-- {
		a, b := ch[n-2], ch[n-1]
		// b is left of the chord ac when (b.X-a.X)(c.Y-a.Y) < (c.X-a.X)(b.Y-a.Y),
		// as c.Y > a.Y; in int64, as the products reach twice the bits
		// of a coordinate.
		d := int64(c.X-a.X)*int64(b.Y-a.Y) - int64(b.X-a.X)*int64(c.Y-a.Y)
		if d*side > 0 {
			break
		}
		ch = ch[:n-1]
	}
	return append(ch, c)
}

// gridLine returns the least and greatest x of the pixel corners on a
// grid line of the rows above and below it (spans pl..pr and l..r, when
// pok and ok say they have pixels), and whether either has any.
func gridLine(pl, pr int, pok bool, l, r int, ok bool) (lo, hi int, any bool) {
	lo, hi, any = l, r, ok
	if pok {
		if !any {
			lo, hi, any = pl, pr, true
		} else {
			lo, hi = min(lo, pl), max(hi, pr)
		}
	}
	return lo, hi + 1, any
}

// exactlyConvex reports whether the points r.ContainsPoint holds form a
// convex set exactly, with no dent from rounding, so that holdsGridHull
// answers for them as holdsGridExtremes does:
//
//   - a finite Box: its test is decided exactly against the polygon of
//     its float corners, after a test in the box's frame that rejects
//     only points far outside them (many orders of magnitude beyond
//     rounding), so the set is that polygon's;
//   - a finite Polygon of three vertices or more: its test is exactly the
//     intersection of the closed half-planes left of its edges, whatever
//     the polygon.
//
// Rect and Circle tests are cheap, and keep the scan.
func exactlyConvex(r collide.Region) bool {
	switch s := r.(type) {
	case collide.Box:
		return finite(s.Center.X, s.Center.Y, s.Half.X, s.Half.Y, s.Angle)
	case collide.Polygon:
		if len(s) < 3 {
			return false
		}
		for _, v := range s {
			if !finite(v.X, v.Y) {
				return false
			}
		}
		return true
	}
	return false
}

// finite reports whether every one of vs is a finite number.
func finite(vs ...float64) bool {
	for _, v := range vs {
		if math.IsNaN(v) || math.IsInf(v, 0) {
			return false
		}
	}
	return true
}

// outsideUnion counts the opaque pixel squares of m not contained in any
// single piece of c (all four corners in that piece). A convex piece holds
// the points of an interval of each grid line (lineRows: exact), so on
// each row the squares of an interval, those whose corners are in the
// intervals of the lines above and below. Piece by piece, these are set
// in the rows of one bit grid, and the opaque pixels outside them are
// counted a word at a time: the work follows the pieces' rows, not every
// piece on every row.
func outsideUnion(m *mask.Mask, c collide.Compound) int {
	w, h := m.Width(), m.Height()
	nw := (w + 63) / 64 // words a row, as m.AppendRow gives them
	held := make([]uint64, h*nw)
	var r rows // a piece's lines, its memory reused for the next
	for _, p := range c {
		b := p.Bounds()
		if len(p) < 3 || b.Empty() {
			continue
		}
		y0 := int(max(math.Ceil(b.Min.Y), 0))
		y1 := int(min(math.Floor(b.Max.Y), float64(h)))
		if y0 >= y1 {
			continue
		}
		r = lineRows(r, p, y0, y1, w)
		// Squares of row y: corners on lines y and y+1.
		for i := range y1 - y0 {
			if lo, hi := max(r.lo[i], r.lo[i+1]), min(r.hi[i], r.hi[i+1])-1; lo <= hi {
				y := y0 + i
				setBits(held[y*nw:(y+1)*nw], lo, hi+1)
			}
		}
	}
	n := 0
	var rm []uint64
	for y := range h {
		rm = m.AppendRow(rm[:0], y)
		for i, word := range rm {
			n += bits.OnesCount64(word &^ held[y*nw+i])
		}
	}
	return n
}

// setBits sets bits x0 <= x < x1 of the row words ws (bit x%64 of word
// x/64).
func setBits(ws []uint64, x0, x1 int) {
	for x0 < x1 {
		i, b := x0>>6, uint(x0&63)
		n := min(x1-x0, 64-int(b))
		ws[i] |= (^uint64(0) >> (64 - uint(n))) << b
		x0 += n
	}
}

// extentAt returns the least and greatest x of the convex polygon p on the
// line at height y, and false when the line misses it.
func extentAt(p collide.Polygon, y float64) (lo, hi float64, ok bool) {
	lo, hi = math.Inf(1), math.Inf(-1)
	for i, a := range p {
		b := p[(i+1)%len(p)]
		if (a.Y < y && b.Y < y) || (a.Y > y && b.Y > y) {
			continue
		}
		if a.Y == b.Y {
			lo, hi = min(lo, a.X, b.X), max(hi, a.X, b.X)
			continue
		}
		x := a.X + (y-a.Y)*(b.X-a.X)/(b.Y-a.Y)
		lo, hi = min(lo, x), max(hi, x)
	}
	return lo, hi, lo <= hi
}

// outsideRings counts the opaque pixel squares of m not contained in the
// region rs: a square is contained when no ring edge passes through its
// interior (an edge along its boundary is fine) and its centre is in rs.
// The squares an edge passes through are found by walking each edge
// across the pixel grid; the centres are tested a row at a time, by the
// winding of the edges that cross the row's centre line left of each
// centre: between two crossings the winding holds, so the row's pixels
// are counted a word at a time, those crossed and, where the winding is
// 0, the others. The cost is the pixels over 64 and, per row, the
// edges that span it.
func outsideRings(m *mask.Mask, rs collide.Rings) int {
	w, h := m.Width(), m.Height()
	if h == 0 {
		return 0 // no rows to put the edges in
	}
	crossed := mask.New(w, h)
	for _, r := range rs {
		for i := range r {
			markCrossed(crossed, r[i], r[(i+1)%len(r)])
		}
	}
	// The edges by the rows whose centre lines they may cross: row y's,
	// y + 0.5, when lo <= y + 0.5 < hi, so y from ceil(lo - 0.5) to
	// floor(hi - 0.5) (rounding lo - 0.5 and hi - 0.5 cannot pass an
	// integer y; the exact test is made below). A level edge crosses no
	// centre line, and bounds not finite give every row.
	work := ringsWorks.Get().(*ringsWork)
	defer work.put()
	edges := work.edges[:0]
	for _, ring := range rs {
		for i, a := range ring {
			b := ring[(i+1)%len(ring)]
			if a.Y == b.Y {
				continue
			}
			lo, hi := min(a.Y, b.Y), max(a.Y, b.Y)
			y0, y1 := 0, h-1
			if lo >= -1 && lo <= float64(h) {
				y0 = int(math.Ceil(lo - 0.5))
			} else if lo > float64(h) {
				continue // below every row
			}
			if hi >= -1 && hi <= float64(h) {
				y1 = int(math.Floor(hi - 0.5))
			} else if hi < -1 {
				continue // above every row
			}
			if y0, y1 = max(y0, 0), min(y1, h-1); y0 <= y1 {
				edges = append(edges, ringEdge{a, b, y0, y1})
			}
		}
	}
	work.edges = edges
	order := work.byFirstRow(h)
	active := work.active[:0] // indices into edges
	next := 0
	xs, rm, rc := work.xs, work.rm, work.rc
	n := 0
	for y := 0; y < h; y++ {
		for ; next < len(order) && edges[order[next]].y0 <= y; next++ {
			active = append(active, order[next])
		}
		// In one pass: keep the edges that reach this row, in order, and
		// find where they cross its centre line.
		cy := float64(y) + 0.5
		kept := active[:0]
		xs = xs[:0]
		for _, i := range active {
			e := &edges[i]
			if e.y1 < y {
				continue
			}
			kept = append(kept, i)
			if a, b := e.a, e.b; (a.Y <= cy) != (b.Y <= cy) {
				d := 1
				if b.Y < a.Y {
					d = -1
				}
				xs = append(xs, crossing{a.X + (cy-a.Y)*(b.X-a.X)/(b.Y-a.Y), d})
			}
		}
		active = kept
		l, r, ok := m.RowSpan(y)
		if !ok {
			continue
		}
		sortCrossings(xs)
		rm, rc = m.AppendRow(rm[:0], y), crossed.AppendRow(rc[:0], y)
		for i, word := range rm {
			n += bits.OnesCount64(word & rc[i])
		}
		// Pixel x's winding sums the crossings left of its centre,
		// xs[k].x < x + 0.5. NaN sorts first and is left of nothing:
		// firstRight puts it past the row, so it holds back every
		// crossing after it, as a pixel-by-pixel scan would.
		x, winding := l, 0
		for k := 0; x <= r; k++ {
			end := r + 1
			if k < len(xs) {
				end = firstRight(xs[k].x, x, r+1)
			}
			if winding == 0 {
				n += countFree(rm, rc, x, end)
			}
			if k == len(xs) {
				break
			}
			winding += xs[k].d
			x = end
		}
	}
	work.active, work.xs, work.rm, work.rc = active, xs, rm, rc
	return n
}

// ringsWork is outsideRings's memory, kept between calls in ringsWorks:
// the edges and their order, the active edges, a row's crossings and
// words.
type ringsWork struct {
	edges         []ringEdge
	order, active []int32
	end           []int
	xs            []crossing
	rm, rc        []uint64
}

var ringsWorks = sync.Pool{New: func() any { return new(ringsWork) }}

// put returns w to ringsWorks, unless it holds more than a large sprite's
// edges and rows, which are left to the collector.
func (w *ringsWork) put() {
	if cap(w.edges) <= 1<<14 && cap(w.end) <= 1<<12 {
		ringsWorks.Put(w)
	}
}

// ringEdge is an edge ab of a ring and the rows y0 to y1 whose centre
// lines it may cross.
type ringEdge struct {
	a, b   collide.Vec
	y0, y1 int
}

// byFirstRow returns the indices of w.edges ordered by y0, in [0, h),
// those of one row in index order: a counting sort, as the rows are few
// and known, where a comparison sort of the edges took a sixth of
// outsideRings' time.
func (w *ringsWork) byFirstRow(h int) []int32 {
	es := w.edges
	w.end = grow(w.end, h+1)
	end := w.end // then where each row's edges start
	clear(end)
	for _, e := range es {
		end[e.y0+1]++
	}
	for y := range h {
		end[y+1] += end[y]
	}
	w.order = grow(w.order, len(es))
	order := w.order
	for i, e := range es {
		order[end[e.y0]] = int32(i)
		end[e.y0]++
	}
	return order
}

// sortCrossings sorts xs by x as cmp.Compare orders floats (NaN first).
// A row meets few edges, so insertion sort with the comparison inlined,
// where SortFunc's call per comparison took a tenth of outsideRings'
// time; many crossings, as a sheet of sprites has, take SortFunc.
// Crossings of equal x may come in any order: outsideRings counts no
// pixel between them.
func sortCrossings(xs []crossing) {
	if len(xs) > 24 {
		slices.SortFunc(xs, func(p, q crossing) int { return cmp.Compare(p.x, q.x) })
		return
	}
	for i := 1; i < len(xs); i++ {
		c := xs[i]
		j := i
		for ; j > 0 && cmp.Less(c.x, xs[j-1].x); j-- {
			xs[j] = xs[j-1]
		}
		xs[j] = c
	}
}

// crossing is where a ring edge crosses a row's centre line, and the
// edge's direction there: 1 downwards (y growing), -1 upwards.
type crossing struct {
	x float64
	d int
}

// firstRight returns the least x in [lo, hi) whose pixel centre x + 0.5
// is right of c (c < x + 0.5), and hi when there is none.
func firstRight(c float64, lo, hi int) int {
	switch {
	case c < float64(lo)+0.5:
		return lo
	case !(c < float64(hi)+0.5): // NaN too
		return hi
	}
	x := int(math.Floor(c-0.5)) + 1 // c is within [lo, hi] here
	for float64(x)+0.5 <= c {
		x++
	}
	for x > lo && c < float64(x-1)+0.5 {
		x--
	}
	return x
}

// countFree returns the number of pixels x0 <= x < x1 set in the row
// words rm and not in rc.
func countFree(rm, rc []uint64, x0, x1 int) int {
	n := 0
	for x0 < x1 {
		i, b := x0>>6, uint(x0&63)
		k := min(x1-x0, 64-int(b))
		n += bits.OnesCount64(rm[i] &^ rc[i] & ((^uint64(0) >> (64 - uint(k))) << b))
		x0 += k
	}
	return n
}

// markCrossed sets in c every pixel of c whose open square the segment ab
// passes through. It tests each pixel of the segment's bounding box row
// span; a segment along a grid line touches no interior, and one along a
// column line (most of an outline's) is passed over whole.
func markCrossed(c *mask.Mask, a, b collide.Vec) {
	if a.X == b.X && a.X == math.Trunc(a.X) {
		return
	}
	y0 := max(int(math.Floor(min(a.Y, b.Y))), 0)
	y1 := min(int(math.Ceil(max(a.Y, b.Y))), c.Height())
	for y := y0; y < y1; y++ {
		// The part of ab within the row's open band (y, y+1).
		lo, hi := clipBand(a, b, float64(y), float64(y+1))
		if lo > hi {
			continue
		}
		p, q := a.Add(b.Sub(a).Scale(lo)), a.Add(b.Sub(a).Scale(hi))
		x0 := max(int(math.Floor(min(p.X, q.X))), 0)
		x1 := min(int(math.Ceil(max(p.X, q.X))), c.Width())
		for x := x0; x < x1; x++ {
			if segmentCrossesOpen(a, b, float64(x), float64(y)) {
				c.Set(x, y, true)
			}
		}
	}
}

// clipBand returns the parameter range [lo, hi] of the segment a + t(b-a),
// t in [0, 1], with y in [y0, y1]; lo > hi when there is none.
func clipBand(a, b collide.Vec, y0, y1 float64) (lo, hi float64) {
	lo, hi = 0, 1
	d := b.Y - a.Y
	if d == 0 {
		if a.Y <= y0 || a.Y >= y1 {
			return 1, 0
		}
		return 0, 1
	}
	t0, t1 := (y0-a.Y)/d, (y1-a.Y)/d
	if t0 > t1 {
		t0, t1 = t1, t0
	}
	return max(lo, t0), min(hi, t1)
}

// segmentCrossesOpen reports whether the segment ab meets the open unit
// square (x, x+1) × (y, y+1), by clipping the segment to it.
func segmentCrossesOpen(a, b collide.Vec, x, y float64) bool {
	d := b.Sub(a)
	lo, hi, in0 := clipOpen(-d.X, a.X-x, 0, 1)
	lo, hi, in1 := clipOpen(d.X, x+1-a.X, lo, hi)
	lo, hi, in2 := clipOpen(-d.Y, a.Y-y, lo, hi)
	lo, hi, in3 := clipOpen(d.Y, y+1-a.Y, lo, hi)
	return in0 && in1 && in2 && in3 && lo < hi
}

// clipOpen narrows the parameter interval [lo, hi] of a segment to the
// open half-plane p·t < q, and reports false when p is 0 and the segment
// lies outside it.
func clipOpen(p, q, lo, hi float64) (float64, float64, bool) {
	switch {
	case p == 0:
		return lo, hi, !(q <= 0)
	case p < 0:
		return max(lo, q/p), hi, true
	default:
		return lo, min(hi, q/p), true
	}
}
