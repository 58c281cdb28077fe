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
	// rows[y] is row y's runs in bounds coordinates (x from 0 to w).
	var flat []mask.Run
	start := make([]int, h+1)
	for y := range h {
		n := len(flat)
		flat = m.AppendRuns(flat, b.Min.Y+y)
		for i := n; i < len(flat); i++ {
			flat[i].X0 -= b.Min.X
			flat[i].X1 -= b.Min.X
		}
		start[y+1] = len(flat)
	}
	row := func(y int) []mask.Run { return flat[start[y]:start[y+1]] }

	// Support row dy (0 <= dy <= h; row h stays clear) holds dx at bit
	// dx+w, |dx| < w, so bits 0 and 2w stay clear and every cell's corners
	// have a place.
	nw := (2*w)/64 + 1
	sup := make([]uint64, (h+1)*nw)
	var br *bitRows // built when first needed
	for y1 := range h {
		r1 := row(y1)
		if len(r1) == 0 {
			continue
		}
		for y2 := y1; y2 < h; y2++ {
			r2 := row(y2)
			if len(r2) == 0 {
				continue
			}
			dst := bitRow(sup[(y2-y1)*nw : (y2-y1+1)*nw])
			lo := r2[0].X0 - (r1[len(r1)-1].X1 - 1) + w
			hi := r2[len(r2)-1].X1 - 1 - r1[0].X0 + w
			if len(r1) == 1 && len(r2) == 1 {
				dst.set(lo, hi)
				continue
			}
			if dst.all(lo, hi) {
				continue
			}
			if max(len(r1), len(r2)) <= cut*nw {
				for _, u := range r1 {
					for _, v := range r2 {
						dst.set(v.X0-(u.X1-1)+w, v.X1-1-u.X0+w)
					}
				}
				continue
			}
			if br == nil {
				br = newBitRows(flat, start, w, nw)
			}
			br.pair(dst, r1, r2, y1, y2, w)
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

// newBitRows returns the rows whose runs are flat[start[y]:start[y+1]], w
// pixels wide, with nw-word scratch.
func newBitRows(flat []mask.Run, start []int, w, nw int) *bitRows {
	h := len(start) - 1
	nr := (w + 63) / 64
	b := &bitRows{fwd: make([]uint64, h*nr), rev: make([]uint64, h*nr), nr: nr, tmp: make(bitRow, nw)}
	for y := range h {
		f, r := bitRow(b.fwd[y*nr:(y+1)*nr]), bitRow(b.rev[y*nr:(y+1)*nr])
		for _, u := range flat[start[y]:start[y+1]] {
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

// or sets in r every bit set in s.
func (r bitRow) or(s bitRow) {
	for i, v := range s {
		r[i] |= v
	}
}
