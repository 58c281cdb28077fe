package hull

import (
	"math"

	"github.com/shapegen/shapegen/mask"
)

// The least width and area of a piece of Pieces, unless its pixels are
// that thin or small themselves (see Pieces).
const (
	MinPieceWidth = 3  // pixels, across the piece in every direction
	MinPieceArea  = 16 // square pixels
)

// thickRows returns, per row of m, the bits of the pixels that lie in a
// fully opaque MinPieceWidth x MinPieceWidth block (bit x%64 of word x/64).
func thickRows(m *mask.Mask) [][]uint64 {
	const s = MinPieceWidth
	h := m.Height()
	n := (m.Width() + 63) / 64
	// starts[y]: the pixels x where row y is opaque from x to x+s-1.
	starts := make([][]uint64, h)
	row := make([]uint64, 0, n)
	for y := range h {
		row = m.AppendRow(row[:0], y)
		st := make([]uint64, n)
		copy(st, row)
		for k := 1; k < s; k++ {
			for i := range st {
				sh := row[i] >> uint(k)
				if i+1 < n {
					sh |= row[i+1] << uint(64-k)
				}
				st[i] &= sh
			}
		}
		starts[y] = st
	}
	thick := make([][]uint64, h)
	for y := range h {
		thick[y] = make([]uint64, n)
	}
	for y := 0; y+s <= h; y++ {
		block := make([]uint64, n)
		copy(block, starts[y])
		for k := 1; k < s; k++ {
			for i := range block {
				block[i] &= starts[y+k][i]
			}
		}
		// Each block start covers x .. x+s-1 of rows y .. y+s-1.
		for k := range s {
			for i := range block {
				sh := block[i] << uint(k)
				if i > 0 && k > 0 {
					sh |= block[i-1] >> uint(64-k)
				}
				for j := range s {
					thick[y+j][i] |= sh
				}
			}
		}
	}
	return thick
}

// anyThick reports whether some pixel of runs is thick (see thickRows).
func anyThick(thick [][]uint64, runs []prun) bool {
	for _, r := range runs {
		row := thick[r.y]
		for x := r.x0; x < r.x1; {
			w := row[x/64] >> uint(x%64)
			if n := min(64-x%64, r.x1-x); n < 64 {
				w &= 1<<uint(n) - 1
			}
			if w != 0 {
				return true
			}
			x += 64 - x%64
		}
	}
	return false
}

// tooSmall reports whether a hull (positive shoelace, twice its area
// area2) is narrower than MinPieceWidth or smaller than MinPieceArea.
func tooSmall(h []ipt, area2 int64) bool {
	if area2 < 2*MinPieceArea {
		return true
	}
	for i, a := range h {
		b := h[0]
		if i+1 < len(h) {
			b = h[i+1]
		}
		dx, dy := float64(b.x-a.x), float64(b.y-a.y)
		far := 0.0
		for _, v := range h {
			far = max(far, dx*float64(v.y-a.y)-dy*float64(v.x-a.x))
		}
		if far < MinPieceWidth*math.Hypot(dx, dy) {
			return true
		}
	}
	return false
}
