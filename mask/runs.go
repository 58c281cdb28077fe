package mask

import (
	"iter"
	"math/bits"
)

// Run is a horizontal run of set pixels: pixels X0 <= x < X1 of row Y.
type Run struct {
	Y, X0, X1 int
}

// AppendRuns appends the maximal runs of set pixels of row y to dst, left
// to right, and returns the extended slice; a row outside m has none. It
// reads whole words, so a sparse row costs little.
func (m *Mask) AppendRuns(dst []Run, y int) []Run {
	if uint(y) >= uint(m.h) {
		return dst
	}
	open := -1 // start of the run that crosses into this stripe, if any
	for s := range stripes(m.w) {
		w := m.bits[s*m.h+y]
		for pos := 0; pos < 64; {
			if open < 0 {
				rest := w >> uint(pos)
				if rest == 0 {
					break
				}
				pos += bits.TrailingZeros64(rest)
				open = 64*s + pos
				continue
			}
			// Zeros shifted in from the top read as set: a run reaching
			// the end of the word carries on into the next stripe.
			rest := ^w >> uint(pos)
			if rest == 0 {
				break
			}
			pos += bits.TrailingZeros64(rest)
			dst = append(dst, Run{y, open, 64*s + pos})
			open = -1
		}
	}
	if open >= 0 {
		dst = append(dst, Run{y, open, m.w})
	}
	return dst
}

// Runs returns an iterator over the maximal runs of set pixels of m, row
// by row from the top, left to right within a row.
func (m *Mask) Runs() iter.Seq[Run] {
	return func(yield func(Run) bool) {
		var buf []Run
		for y := range m.h {
			buf = m.AppendRuns(buf[:0], y)
			for _, r := range buf {
				if !yield(r) {
					return
				}
			}
		}
	}
}
