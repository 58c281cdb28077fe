package verify

import (
	"encoding/binary"
	"math/bits"
	"sync"

	"github.com/shapegen/shapegen/mask"
)

// Pairs is what the false-positive figure needs of a sprite's mask,
// computed once by PairsOf and shared by every shape kind.
type Pairs struct {
	// Area is area(P ⊕ −P) in square pixels, P being the union of the
	// opaque pixel squares: the area of the offsets at which two copies
	// of the pixels overlap. It is a whole, even number, 0 for an empty
	// mask and at least 4 otherwise.
	Area float64
}

// PairsOf returns the Pairs of m; an empty or nil mask gives the zero
// Pairs. The result does not depend on where the pixels sit in m.
//
// P ⊕ −P is the union of the closed 2×2 squares centred on the integer
// vectors of the mask's autocorrelation support A = {q − p : p, q opaque},
// so its area is the number of unit cells with a corner in A. A is built
// from row runs, one row of offsets dy at a time: rows y and y+dy with runs
// [a1, b1] and [a2, b2] put dx from a2−b1 to b2−a1 in A, and nothing else
// does. Row runs rather than ANDs of shifted bit rows because the cost
// then follows the runs, not the pixels: a sprite's row has one to a few,
// and testing every offset by ANDs would cost O(width² · height² / 64)
// whatever the art, hundreds of times more on a 300 px sprite.
//
// Most pairs of rows add nothing new, and are found so cheaply. For each
// dy, the least and greatest dx over all pairs of rows (the envelope: one
// pass over dense arrays of the rows' ends, the hot loop on most sprites)
// bound the row of A, and the two pairs reaching them go first:
// on most sprites their intervals overlap and fill the envelope, which
// ends the row. Otherwise every pair follows until the row is full; an
// interval inside the longest run of set bits met so far costs one
// comparison, and rows of several runs skip the runs whose intervals fall
// there. Where rows repeat (dithering, patterns), a pair of rows of many
// runs whose contents were already paired at this dy is skipped. The
// worst case is still O(height² · runs²), for rows of many runs that
// differ and a support with holes (BenchmarkPairsOf: a 1024×1024 lattice
// of single pixels, about 0.2 s; noise of that size, about 0.05 s).
//
// A is symmetric about the origin, so only dy >= 0 is built and the cells
// above y = 0 are counted twice. Memory is about twice the mask's bits
// over its bounds, (height+1) rows of 2·width+1 bits, plus its runs.
func PairsOf(m *mask.Mask) Pairs {
	if m == nil {
		return Pairs{}
	}
	return Pairs{Area: float64(2 * supportCells(m, heavyPair))}
}

// heavyPair is the product of the two rows' run counts from which a pair
// of rows is first looked up among those already done at its dy: below
// it, the lookup costs more than the pair.
const heavyPair = 64

// supportCells returns the number of unit cells with y >= 0 that have a
// corner in m's autocorrelation support (half of area(P ⊕ −P)), pairs of
// rows whose run counts multiply to heavy or more being looked up among
// those done (see PairsOf).
func supportCells(m *mask.Mask, heavy int) int {
	work := pairsWork.Get().(*supportWork)
	defer work.put()
	rs := &work.rs
	rs.set(m)
	w, h := rs.w, len(rs.rows)
	if h == 0 {
		return 0
	}
	// Support row dy (0 <= dy <= h; row h stays clear) holds dx at bit
	// dx+w, |dx| < w, so bits 0 and 2w stay clear and every cell's corners
	// have a place.
	nw := (2*w)/64 + 1
	work.sup = grow(work.sup, (h+1)*nw)
	sup := work.sup
	clear(sup)
	var done map[[2]int]bool               // heavy pairs of row contents done at dy
	p := pairing{rowSet: rs, heavy: heavy} // the rest is set for each dy
	// whole[dy]: support row dy is known to be the bits from span[dy].lo
	// to span[dy].hi and no others (none when lo > hi), as it is when its
	// pairs fill its envelope; row h is clear.
	work.whole, work.span = grow(work.whole, h+1), grow(work.span, h+1)
	whole, spans := work.whole, work.span
	clear(whole)
	whole[h], spans[h] = true, span{lo: far, hi: -far}
	for dy := range h {
		envLo, envHi, yLo, yHi := rs.envelope(dy)
		if envLo > envHi {
			whole[dy], spans[dy] = true, span{lo: far, hi: -far}
			continue // no two non-empty rows dy apart
		}
		envLo, envHi = envLo+w, envHi+w
		clear(done)
		p.dst, p.c, p.dy, p.done = sup[dy*nw:(dy+1)*nw], span{lo: far, hi: -far}, dy, done
		p.pair(yLo)
		p.pair(yHi)
		for y1 := 0; y1+dy < h && !p.c.holds(envLo, envHi); y1++ {
			e1, e2 := rs.ends[y1], rs.ends[y1+dy]
			lo, hi := e2.first-e1.last+w, e2.last-e1.first+w
			if p.c.lo <= lo && hi <= p.c.hi || lo > hi {
				continue // held, or a row empty
			}
			p.pair(y1)
		}
		if p.c.holds(envLo, envHi) { // the envelope bounds every pair's bits
			whole[dy], spans[dy] = true, span{lo: envLo, hi: envHi}
		}
		done = p.done
	}

	// Cell row j (dy from j to j+1) lies between support rows j and j+1,
	// cell k of it (dx+w from k to k+1) between bits k and k+1.
	cells := 0
	for j := range h {
		if whole[j] && whole[j+1] {
			cells += cellsOf(spans[j], spans[j+1])
			continue
		}
		lo, hi := sup[j*nw:(j+1)*nw], sup[(j+1)*nw:(j+2)*nw]
		for i := range nw {
			or := lo[i] | hi[i]
			c := or | or>>1
			if i+1 < nw {
				c |= (lo[i+1] | hi[i+1]) << 63
			}
			cells += bits.OnesCount64(c)
		}
	}
	return cells
}

// supportWork is supportCells's memory, kept between calls in pairsWork:
// the rows and the support's bits take a few words per row, which a build
// would otherwise allocate for every sprite.
type supportWork struct {
	rs    rowSet
	sup   []uint64
	whole []bool
	span  []span
}

var pairsWork = sync.Pool{New: func() any { return new(supportWork) }}

// put returns w to pairsWork, unless it holds more than a large sprite's
// rows and support (about 1024 x 1024 pixels), which are left to the
// collector.
func (w *supportWork) put() {
	if cap(w.sup) <= 1<<16 && cap(w.rs.ends) <= 1<<12 {
		pairsWork.Put(w)
	}
}

// cellsOf returns the number of cells between two support rows that are
// the bits of a and of b (none when lo > hi) with a corner set: a row's
// bits lo to hi give cells lo-1 to hi.
func cellsOf(a, b span) int {
	switch {
	case a.lo > a.hi && b.lo > b.hi:
		return 0
	case a.lo > a.hi:
		return b.hi - b.lo + 2
	case b.lo > b.hi:
		return a.hi - a.lo + 2
	case max(a.lo, b.lo) <= min(a.hi, b.hi)+2: // the cells overlap or touch
		return max(a.hi, b.hi) - min(a.lo, b.lo) + 2
	}
	return a.hi - a.lo + 2 + b.hi - b.lo + 2
}

// rowSet is a mask's rows as runs, in the coordinates of its bounds.
type rowSet struct {
	w    int // the bounds' width
	flat []mask.Run
	rows []rowInfo
	ends []rowEnds // each row's first and last opaque pixel, far and -far for none
	// reach[y] is the least first and the greatest last of ends[y:]: what
	// the rows from y on can reach at most.
	reach []rowEnds
	class []int // rows with equal runs have equal classes; built when needed
}

// rowEnds is a first and a last pixel, in one pair so that envelope reads
// its four figures through two slices, not four (eight slices did not fit
// the registers).
type rowEnds struct {
	first, last int
}

// newRowSet returns m's rows within its bounds.
func newRowSet(m *mask.Mask) *rowSet {
	rs := new(rowSet)
	rs.set(m)
	return rs
}

// set makes rs m's rows within its bounds, reusing its memory (the runs
// grow as they are found: in a pool's rowSet they seldom need to).
func (rs *rowSet) set(m *mask.Mask) {
	b := m.Bounds()
	h := b.Dy()
	rs.ends, rs.reach = grow(rs.ends, h), grow(rs.reach, h)
	rs.w, rs.flat, rs.rows, rs.class = b.Dx(), rs.flat[:0], grow(rs.rows, h), nil
	for y := range h {
		n := len(rs.flat)
		rs.flat = m.AppendRuns(rs.flat, b.Min.Y+y)
		for i := n; i < len(rs.flat); i++ {
			rs.flat[i].X0 -= b.Min.X
			rs.flat[i].X1 -= b.Min.X
		}
		rs.rows[y] = rowInfo{s: n, n: len(rs.flat) - n}
		rs.ends[y] = rowEnds{far, -far}
		if len(rs.flat) > n {
			rs.ends[y] = rowEnds{rs.flat[n].X0, rs.flat[len(rs.flat)-1].X1 - 1}
		}
	}
	f, l := far, -far
	for y := h - 1; y >= 0; y-- {
		f, l = min(f, rs.ends[y].first), max(l, rs.ends[y].last)
		rs.reach[y] = rowEnds{f, l}
	}
}

// runs returns row y's runs.
func (rs *rowSet) runs(y int) []mask.Run {
	r := &rs.rows[y]
	return rs.flat[r.s : r.s+r.n]
}

// classOf returns row y's class: the index of the first row with the
// same runs.
func (rs *rowSet) classOf(y int) int {
	if rs.class == nil {
		rs.class = make([]int, len(rs.rows))
		first := map[string]int{}
		var key []byte
		for i := range rs.rows {
			key = key[:0]
			for _, u := range rs.runs(i) {
				key = binary.AppendUvarint(binary.AppendUvarint(key, uint64(u.X0)), uint64(u.X1))
			}
			c, ok := first[string(key)]
			if !ok {
				c = int(i)
				first[string(key)] = c
			}
			rs.class[i] = c
		}
	}
	return rs.class[y]
}

// pairing is the work on one row of the support, dy: its bits dst, the
// longest run of them known set c, and the heavy pairs of row contents
// done.
type pairing struct {
	*rowSet
	dst   bitRow
	c     span
	dy    int
	heavy int
	done  map[[2]int]bool
}

// pair adds to the support row the offsets between rows y1 and y1+dy.
func (p *pairing) pair(y1 int) {
	y2, w := y1+p.dy, p.w
	r1, r2 := &p.rows[y1], &p.rows[y2]
	e1, e2 := p.ends[y1], p.ends[y2]
	lo, hi := e2.first-e1.last+w, e2.last-e1.first+w
	switch {
	case p.c.lo <= lo && hi <= p.c.hi || lo > hi: // held, or a row empty
		return
	case r1.n == 1 && r2.n == 1:
		p.c.add(p.dst, lo, hi)
		return
	case p.dst.all(lo, hi):
		return
	}
	if r1.n*r2.n >= p.heavy {
		k := [2]int{p.classOf(y1), p.classOf(y2)}
		if p.done[k] {
			return
		}
		if p.done == nil {
			p.done = map[[2]int]bool{}
		}
		p.done[k] = true
	}
	runs2 := p.runs(y2)
	for _, u := range p.runs(y1) {
		p.c.addShifted(p.dst, runs2, w-(u.X1-1), w-u.X0)
	}
}

// far is beyond any coordinate: an empty row's first pixel is far and its
// last -far, and a span holding nothing runs from far to -far. It is 2^40
// where int has 64 bits and 2^29 where it has 32, so that far - -far
// still fits; a 32-bit build takes images up to 2^29 pixels wide.
const far = 1 << (29 + 11*(bits.UintSize-32)/32)

// envelope returns the least and greatest dx = x2 − x1 over opaque x1 in
// row y and x2 in row y+dy, over all y, and the first y where each is
// reached, from the rows' first and last opaque pixels (far and -far for
// empty rows, which then never reach either); lo > hi when no two
// non-empty rows are dy apart. It is the hot loop of PairsOf on most
// sprites, so it reads dense slices, and it stops early: the rows from y
// on give no dx below reach[y+dy].first − reach[y].last nor above
// reach[y+dy].last − reach[y].first, so once neither bound beats what was
// found, the rest cannot change the answer. A sprite of straight sides
// stops at once, a round one about halfway.
func (rs *rowSet) envelope(dy int) (lo, hi, yLo, yHi int) {
	l, g := far, -far
	// Slices of one length: the loop needs no bounds checks.
	e2 := rs.ends[dy:]
	e1, r2, r1 := rs.ends[:len(e2)], rs.reach[dy:][:len(e2)], rs.reach[:len(e2)]
	for y := range e2 {
		// The bounds are checked every envelopeStride rows, in the same
		// loop: a loop of blocks, each sliced apart, cost more than the
		// early stop saved on a round sprite.
		if y%envelopeStride == 0 && r2[y].first-r1[y].last >= l && r2[y].last-r1[y].first <= g {
			break
		}
		if d := e2[y].first - e1[y].last; d < l {
			l, yLo = d, y
		}
		if d := e2[y].last - e1[y].first; d > g {
			g, yHi = d, y
		}
	}
	return l, g, yLo, yHi
}

// envelopeStride is how many rows envelope reads between two checks of
// its bounds.
const envelopeStride = 8

// rowInfo says where one row's runs are: flat[s : s+n].
type rowInfo struct {
	s, n int
}

// span is a run of bits lo to hi, inclusive, all set in a bitRow, as long
// as the set bits around it allow (grow); span{far, -far} holds nothing.
type span struct {
	lo, hi int
	moves  int // how many times the span moved to a longer, disjoint run
}

// holds reports whether s holds bits lo to hi.
func (s *span) holds(lo, hi int) bool { return s.lo <= lo && hi <= s.hi }

// add sets bits lo to hi (lo <= hi) in r, of which s is a run of set
// bits, writing only those outside s when the two overlap or touch. s
// then grows over the new bits, or moves to them when they are apart from
// it and make a longer run.
func (s *span) add(r bitRow, lo, hi int) {
	switch {
	case s.lo <= lo && hi <= s.hi:
		return
	case s.lo > s.hi:
		r.set(lo, hi)
		s.lo, s.hi = lo, hi
	case hi+1 < s.lo || lo > s.hi+1:
		r.set(lo, hi)
		lo, hi = r.prevClear(lo)+1, r.nextClear(hi)-1
		if hi-lo <= s.hi-s.lo {
			return
		}
		s.lo, s.hi = lo, hi
		s.moves++
		return
	default:
		if lo < s.lo {
			r.set(lo, s.lo-1)
			s.lo = lo
		}
		if hi > s.hi {
			r.set(s.hi+1, hi)
			s.hi = hi
		}
	}
	s.grow(r)
}

// grow extends s over the set bits of r next to it.
func (s *span) grow(r bitRow) {
	if s.lo <= s.hi {
		s.lo, s.hi = r.prevClear(s.lo)+1, r.nextClear(s.hi)-1
	}
}

// addShifted adds to r and s the intervals [v.X0+a, v.X1-1+b] of the
// runs v of one row, left to right: both ends grow with v, so once one
// from the left and one from the right are held by s, so is every one
// between them (unless s moved meanwhile), and only the intervals outside
// s cost more than a comparison.
func (s *span) addShifted(r bitRow, runs []mask.Run, a, b int) {
	i, j := 0, len(runs)-1
	for ; i <= j && !s.holds(runs[i].X0+a, runs[i].X1-1+b); i++ {
		s.add(r, runs[i].X0+a, runs[i].X1-1+b)
	}
	moves := s.moves
	for ; j > i && !s.holds(runs[j].X0+a, runs[j].X1-1+b); j-- {
		s.add(r, runs[j].X0+a, runs[j].X1-1+b)
	}
	if s.moves != moves {
		for _, v := range runs[i+1 : j+1] {
			s.add(r, v.X0+a, v.X1-1+b)
		}
	}
}

// bitRow is a row of bits, bit k at bit k%64 of word k/64.
type bitRow []uint64

// set sets bits lo to hi, inclusive; 0 <= lo <= hi.
func (r bitRow) set(lo, hi int) {
	i, j := lo>>6, hi>>6
	first, last := ^uint64(0)<<uint(lo&63), ^uint64(0)>>uint(63-(hi&63))
	if i == j {
		r[i] |= first & last
		return
	}
	r[i] |= first
	for k := i + 1; k < j; k++ {
		r[k] = ^uint64(0)
	}
	r[j] |= last
}

// all reports whether bits lo to hi, inclusive, are all set; 0 <= lo <=
// hi. The words between the end ones are compared whole.
func (r bitRow) all(lo, hi int) bool {
	i, j := lo>>6, hi>>6
	first, last := ^uint64(0)<<uint(lo&63), ^uint64(0)>>uint(63-(hi&63))
	if i == j {
		return r[i]&first&last == first&last
	}
	if r[i]&first != first || r[j]&last != last {
		return false
	}
	for _, w := range r[i+1 : j] {
		if w != ^uint64(0) {
			return false
		}
	}
	return true
}

// nextClear returns the least k' >= k with bit k' of r clear (len(r)*64
// when there is none).
func (r bitRow) nextClear(k int) int {
	i := k / 64
	if i >= len(r) {
		return k
	}
	if x := ^r[i] >> uint(k%64); x != 0 {
		return k + bits.TrailingZeros64(x)
	}
	for i++; i < len(r); i++ {
		if x := ^r[i]; x != 0 {
			return 64*i + bits.TrailingZeros64(x)
		}
	}
	return 64 * len(r)
}

// prevClear returns the greatest k' <= k with bit k' of r clear (-1 when
// there is none).
func (r bitRow) prevClear(k int) int {
	if k < 0 {
		return k
	}
	i := k / 64
	if x := ^r[i] << uint(63-k%64); x != 0 {
		return k - bits.LeadingZeros64(x)
	}
	for i--; i >= 0; i-- {
		if x := ^r[i]; x != 0 {
			return 64*i + 63 - bits.LeadingZeros64(x)
		}
	}
	return -1
}
