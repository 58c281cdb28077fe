package verify

import (
	"math/bits"

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
// Pairs.
//
// P ⊕ −P is the union of the closed 2×2 squares centred on the integer
// vectors of the mask's autocorrelation support A = {q − p : p, q opaque},
// so its area is the number of unit cells with a corner in A. A is built
// from row runs: for rows y1 <= y2 with runs [a1, b1] and [a2, b2], the
// offsets (dx, y2−y1) with a2−b1 <= dx <= b2−a1 are in A, and nothing else
// is. The cost depends on the runs, not the pixels: a sprite row has one to
// a few runs, so a pair of rows is usually one interval written into a bit
// row, and a pair whose whole interval is already in A is skipped after a
// check. Testing each offset by ANDing shifted bit rows instead would cost
// O(width² · height² / 64) whatever the art, about a hundred times more on
// a 300 px sprite. Rows with many runs (dithering, noise) switch to bit
// rows: the other row's bits shifted and spread over each run, so a pair
// costs O(runs · width / 64) instead of O(runs²).
//
// A is symmetric about the origin, so only dy >= 0 is built and the cells
// above y = 0 are counted twice. Memory is about twice the mask's bits
// over its bounds: (height+1) rows of 2·width+1 bits.
func PairsOf(m *mask.Mask) Pairs {
	if m == nil {
		return Pairs{}
	}
	return Pairs{Area: float64(2 * supportCells(m, runsPerWord))}
}

// runsPerWord is where a pair of rows switches from run pairs to bit rows:
// when one row has more than runsPerWord runs per 64-bit word of a support
// row. The run pairs cost about k1·k2 interval writes, the bit rows
// about min(k1, k2) · words · (2 + log₂ run length) word operations; on
// noise masks (BenchmarkPairsOf) the switch pays from about here.
const runsPerWord = 4

// supportCells returns the number of unit cells with y >= 0 that have a
// corner in m's autocorrelation support (half of area(P ⊕ −P)), a pair of
// rows using bit rows when either has more than cut runs per support word.
func supportCells(m *mask.Mask, cut int) int {
	b := m.Bounds()
	w, h := b.Dx(), b.Dy()
	if w == 0 || h == 0 {
		return 0
	}
	// Row y's runs, in bounds coordinates (x from 0 to w), are
	// flat[rows[y].s : rows[y].s+rows[y].n].
	var flat []mask.Run
	rows := make([]rowInfo, h)
	firsts, lasts := make([]int32, h), make([]int32, h) // rows' first and last, dense
	for y := range h {
		n := len(flat)
		flat = m.AppendRuns(flat, b.Min.Y+y)
		for i := n; i < len(flat); i++ {
			flat[i].X0 -= b.Min.X
			flat[i].X1 -= b.Min.X
		}
		rows[y] = rowInfo{first: far, last: -far, s: n, n: len(flat) - n}
		if len(flat) > n {
			rows[y].first, rows[y].last = flat[n].X0, flat[len(flat)-1].X1-1
		}
		firsts[y], lasts[y] = int32(rows[y].first), int32(rows[y].last)
	}

	// Support row dy (0 <= dy <= h; row h stays clear) holds dx at bit
	// dx+w, |dx| < w, so bits 0 and 2w stay clear and every cell's corners
	// have a place.
	nw := (2*w)/64 + 1
	sup := make([]uint64, (h+1)*nw)
	var br *bitRows // built when first needed
	for dy := range h {
		dst := bitRow(sup[dy*nw : (dy+1)*nw])
		// c is the longest run of set bits of dst met so far: most
		// intervals of a sprite's rows fall in it or extend it, so they
		// cost a comparison, or O(1) plus the bits they add.
		c := span{lo: far, hi: -far}
		// pair adds the offsets of rows y1 and y1+dy.
		pair := func(y1 int) {
			r1, r2 := &rows[y1], &rows[y1+dy]
			lo, hi := r2.first-r1.last+w, r2.last-r1.first+w
			switch {
			case c.lo <= lo && hi <= c.hi || lo > hi: // held, or a row empty
			case r1.n == 1 && r2.n == 1:
				c.add(dst, lo, hi)
			case max(r1.n, r2.n) <= cut*nw:
				runs2 := flat[r2.s : r2.s+r2.n]
				for _, u := range flat[r1.s : r1.s+r1.n] {
					c.addShifted(dst, runs2, w-(u.X1-1), w-u.X0)
				}
			default:
				if br == nil {
					br = newBitRows(flat, rows, w, nw)
				}
				br.pair(dst, flat[r1.s:r1.s+r1.n], flat[r2.s:r2.s+r2.n], y1, y1+dy, w)
				c.grow(dst)
			}
		}
		// The row's bits lie in [envLo, envHi], reached by the pairs at
		// yLo and yHi. Those two first: for most sprites their intervals
		// overlap and fill the envelope, which ends the row.
		envLo, envHi, yLo, yHi := envelope(firsts, lasts, dy)
		if envLo > envHi {
			continue // no pair of rows dy apart
		}
		envLo, envHi = envLo+w, envHi+w
		pair(yLo)
		pair(yHi)
		for y1 := 0; y1+dy < h && !c.holds(envLo, envHi); y1++ {
			r1, r2 := &rows[y1], &rows[y1+dy]
			if lo, hi := r2.first-r1.last+w, r2.last-r1.first+w; c.lo <= lo && hi <= c.hi || lo > hi {
				continue
			}
			pair(y1)
		}
	}

	// Cell row j (dy from j to j+1) lies between support rows j and j+1,
	// cell k of it (dx+w from k to k+1) between bits k and k+1.
	cells := 0
	for j := range h {
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

// far is beyond any coordinate (masks are narrower than 2²⁸, the pixel
// limit being far lower), and far-(-far) fits an int32: an empty row's
// first pixel is far and its last -far, and a span holding nothing runs
// from far to -far.
const far = 1 << 29

// envelope returns the least and greatest dx = x2 − x1 over opaque x1 in
// row y and x2 in row y+dy, over all y, and a y where each is reached,
// from the rows' first and last opaque pixels (far and -far for empty
// rows, which then never reach either); lo > hi when no two non-empty
// rows are dy apart. It is the hot loop of PairsOf on most sprites, so
// it reads two dense int32 slices.
func envelope(firsts, lasts []int32, dy int) (lo, hi, yLo, yHi int) {
	l, g := int32(far), int32(-far)
	n := len(firsts) - dy
	f2, l2, f1, l1 := firsts[dy:], lasts[dy:], firsts[:n], lasts[:n]
	for y := range n {
		if d := f2[y] - l1[y]; d < l {
			l, yLo = d, y
		}
		if d := l2[y] - f1[y]; d > g {
			g, yHi = d, y
		}
	}
	return int(l), int(g), yLo, yHi
}

// rowInfo is one row of the mask: its leftmost and rightmost opaque
// pixels (far and -far when it has none) and where its runs are.
type rowInfo struct {
	first, last int
	s, n        int // runs flat[s : s+n]
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

// set sets bits lo to hi, inclusive; lo <= hi.
func (r bitRow) set(lo, hi int) {
	for k := lo; k <= hi; {
		n := min(hi-k+1, 64-k%64)
		r[k/64] |= ^uint64(0) >> uint(64-n) << uint(k%64)
		k += n
	}
}

// all reports whether bits lo to hi, inclusive, are all set.
func (r bitRow) all(lo, hi int) bool {
	for k := lo; k <= hi; {
		n := min(hi-k+1, 64-k%64)
		want := ^uint64(0) >> uint(64-n) << uint(k%64)
		if r[k/64]&want != want {
			return false
		}
		k += n
	}
	return true
}

// bitRows holds each row of the mask's bounds as bits, as is (bit x for
// pixel x) and reversed (bit w−1−x), for the pairs of rows with many runs.
type bitRows struct {
	fwd, rev []uint64 // row y at [y*nr, (y+1)*nr)
	nr       int
	tmp      bitRow // a support row's worth of scratch
}

// newBitRows returns the rows whose runs are in flat, w pixels wide, with
// nw-word scratch.
func newBitRows(flat []mask.Run, rows []rowInfo, w, nw int) *bitRows {
	h := len(rows)
	nr := (w + 63) / 64
	b := &bitRows{fwd: make([]uint64, h*nr), rev: make([]uint64, h*nr), nr: nr, tmp: make(bitRow, nw)}
	for y := range h {
		f, r := bitRow(b.fwd[y*nr:(y+1)*nr]), bitRow(b.rev[y*nr:(y+1)*nr])
		for _, u := range flat[rows[y].s : rows[y].s+rows[y].n] {
			f.set(u.X0, u.X1-1)
			r.set(w-u.X1, w-1-u.X0)
		}
	}
	return b
}

// pair sets in dst every dx+w with dx = x2 − x1, x1 opaque in row y1 (runs
// r1) and x2 in row y2 (runs r2), spreading the other row's bits over each
// run of the row with fewer runs.
func (b *bitRows) pair(dst bitRow, r1, r2 []mask.Run, y1, y2, w int) {
	if len(r1) <= len(r2) {
		// x1 = b1 − k for a run [a1, b1], 0 <= k <= b1−a1: bit x2 of row
		// y2 goes to x2 + w − b1 + k.
		src := b.fwd[y2*b.nr : (y2+1)*b.nr]
		for _, u := range r1 {
			b.tmp.shiftFrom(src, w-(u.X1-1))
			b.tmp.spread(u.X1 - 1 - u.X0)
			dst.or(b.tmp)
		}
		return
	}
	// x2 = a2 + k for a run [a2, b2]: reversed bit j = w−1−x1 of row y1
	// goes to j + a2 + 1 + k.
	src := b.rev[y1*b.nr : (y1+1)*b.nr]
	for _, v := range r2 {
		b.tmp.shiftFrom(src, v.X0+1)
		b.tmp.spread(v.X1 - 1 - v.X0)
		dst.or(b.tmp)
	}
}

// shiftFrom sets r to src moved s >= 0 bits up, dropping what passes r's
// end.
func (r bitRow) shiftFrom(src []uint64, s int) {
	clear(r)
	ws, bs := s/64, uint(s%64)
	for i, v := range src {
		k := i + ws
		if k >= len(r) {
			break
		}
		r[k] |= v << bs
		if bs != 0 && k+1 < len(r) {
			r[k+1] |= v >> (64 - bs)
		}
	}
}

// spread sets every bit k + i of r, 0 <= i <= n, for each bit k set in r,
// dropping what passes r's end, by doubling shifts: O(len(r) · log n).
func (r bitRow) spread(n int) {
	for cover := 1; cover <= n; {
		s := min(cover, n+1-cover)
		ws, bs := s/64, uint(s%64)
		for i := len(r) - 1; i >= ws; i-- {
			v := r[i-ws] << bs
			if bs != 0 && i-ws-1 >= 0 {
				v |= r[i-ws-1] >> (64 - bs)
			}
			r[i] |= v
		}
		cover += s
	}
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

// or sets in r every bit set in s.
func (r bitRow) or(s bitRow) {
	for i, v := range s {
		r[i] |= v
	}
}
