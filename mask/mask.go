package mask

import (
	"image"
	"math/bits"
)

// Mask is a width x height grid of bits, one per pixel; a set bit is an
// opaque pixel. The zero Mask is a valid 0x0 mask.
type Mask struct {
	w, h int
	// bits holds stripe s (pixels 64s .. 64s+63 of each row) for row y at
	// bits[s*h+y]; pixel x of the stripe is bit x%64 (bit 0 is leftmost).
	// Bits beyond the width in the last stripe are always zero.
	bits []uint64
}

// New returns an empty (all transparent) mask of the given size. Negative
// sizes count as zero.
func New(w, h int) *Mask {
	w, h = max(w, 0), max(h, 0)
	return &Mask{w: w, h: h, bits: make([]uint64, stripes(w)*h)}
}

// stripes returns how many 64-pixel column stripes cover width w.
func stripes(w int) int { return (w + 63) / 64 }

// Width returns the width of m in pixels.
func (m *Mask) Width() int { return m.w }

// Height returns the height of m in pixels.
func (m *Mask) Height() int { return m.h }

// Size returns the width and height of m as a point.
func (m *Mask) Size() image.Point { return image.Pt(m.w, m.h) }

// Get reports whether pixel (x, y) is set; pixels outside m are not.
func (m *Mask) Get(x, y int) bool {
	if uint(x) >= uint(m.w) || uint(y) >= uint(m.h) {
		return false
	}
	return m.bits[(x>>6)*m.h+y]>>(uint(x)&63)&1 != 0
}

// Set sets pixel (x, y) to v; pixels outside m are ignored.
func (m *Mask) Set(x, y int, v bool) {
	if uint(x) >= uint(m.w) || uint(y) >= uint(m.h) {
		return
	}
	i, b := (x>>6)*m.h+y, uint64(1)<<(uint(x)&63)
	if v {
		m.bits[i] |= b
	} else {
		m.bits[i] &^= b
	}
}

// Count returns the number of set pixels.
func (m *Mask) Count() int {
	n := 0
	for _, w := range m.bits {
		n += bits.OnesCount64(w)
	}
	return n
}

// Empty reports whether m has no set pixel.
func (m *Mask) Empty() bool {
	for _, w := range m.bits {
		if w != 0 {
			return false
		}
	}
	return true
}

// RowSpan returns the leftmost and rightmost set pixel of row y and true,
// or 0, 0, false when the row has none (or y is outside m). The pixels of
// the row cover the squares [left, right+1] x [y, y+1].
func (m *Mask) RowSpan(y int) (left, right int, ok bool) {
	if uint(y) >= uint(m.h) {
		return 0, 0, false
	}
	n := stripes(m.w)
	left = -1
	for s := 0; s < n; s++ {
		if w := m.bits[s*m.h+y]; w != 0 {
			left = s*64 + bits.TrailingZeros64(w)
			break
		}
	}
	if left < 0 {
		return 0, 0, false
	}
	for s := n - 1; s >= 0; s-- {
		if w := m.bits[s*m.h+y]; w != 0 {
			right = s*64 + 63 - bits.LeadingZeros64(w)
			break
		}
	}
	return left, right, true
}

// AppendRow appends row y of m to dst as words, pixel x at bit x%64 of
// word x/64 (bits past the width zero), and returns the extended slice:
// one word per 64 pixels of width, all zero for a row outside m. Whole
// rows in words let a caller find a row's edges with shifts and masks.
func (m *Mask) AppendRow(dst []uint64, y int) []uint64 {
	for s := range stripes(m.w) {
		var w uint64
		if uint(y) < uint(m.h) {
			w = m.bits[s*m.h+y]
		}
		dst = append(dst, w)
	}
	return dst
}

// Bounds returns the smallest rectangle holding every set pixel, as pixel
// indices with the image.Rectangle convention (Min inclusive, Max
// exclusive); it is also the closed box [Min, Max] of the pixel squares.
// It returns the zero Rectangle when m is empty. It reads each stripe's
// words once and ORs them, so it costs one pass over the mask.
func (m *Mask) Bounds() image.Rectangle {
	var r image.Rectangle
	found := false
	for s := range stripes(m.w) {
		col := m.bits[s*m.h : (s+1)*m.h]
		var or uint64
		for _, w := range col {
			or |= w
		}
		if or == 0 {
			continue
		}
		top, bottom := 0, len(col)-1
		for col[top] == 0 {
			top++
		}
		for col[bottom] == 0 {
			bottom--
		}
		left, right := 64*s+bits.TrailingZeros64(or), 64*s+64-bits.LeadingZeros64(or)
		if !found {
			r, found = image.Rect(left, top, right, bottom+1), true
			continue
		}
		r = r.Union(image.Rect(left, top, right, bottom+1))
	}
	return r
}

// tail returns the word mask of the valid pixels of stripe s in a mask of
// width w: all ones except in a last stripe that the width does not fill.
func tail(w, s int) uint64 {
	if n := w - 64*s; n < 64 {
		return 1<<uint(n) - 1
	}
	return ^uint64(0)
}

// Clone returns a copy of m that shares no memory with it.
func (m *Mask) Clone() *Mask {
	return &Mask{w: m.w, h: m.h, bits: append([]uint64(nil), m.bits...)}
}

// Equal reports whether m and b have the same size and the same set
// pixels.
func (m *Mask) Equal(b *Mask) bool {
	if m.w != b.w || m.h != b.h {
		return false
	}
	for i, w := range m.bits {
		if w != b.bits[i] {
			return false
		}
	}
	return true
}

// SetRun sets pixels x0 <= x < x1 of row y to v, a word at a time; the
// part of the run outside m is ignored.
func (m *Mask) SetRun(y, x0, x1 int, v bool) {
	x0, x1 = max(x0, 0), min(x1, m.w)
	if uint(y) >= uint(m.h) || x0 >= x1 {
		return
	}
	for s := x0 >> 6; s <= (x1-1)>>6; s++ {
		lo, hi := max(x0-64*s, 0), min(x1-64*s, 64)
		word := ^uint64(0) << uint(lo) & (^uint64(0) >> uint(64-hi))
		if v {
			m.bits[s*m.h+y] |= word
		} else {
			m.bits[s*m.h+y] &^= word
		}
	}
}

// OrRow sets the pixels of row y whose bits are set in words, pixel x at
// bit x%64 of word x/64 as AppendRow gives them, a word at a time; it
// clears none. Bits past m's width, in words or past them, are ignored,
// and so is a row outside m.
func (m *Mask) OrRow(y int, words []uint64) {
	if uint(y) >= uint(m.h) {
		return
	}
	for s, w := range words[:min(len(words), stripes(m.w))] {
		m.bits[s*m.h+y] |= w & tail(m.w, s)
	}
}

// fill sets every pixel of m.
func (m *Mask) fill() {
	for s := range stripes(m.w) {
		t := tail(m.w, s)
		col := m.bits[s*m.h : (s+1)*m.h]
		for y := range col {
			col[y] = t
		}
	}
}

// String returns m as text: one line per row, '#' for a set pixel and '.'
// for a clear one, each line ending in a newline.
func (m *Mask) String() string {
	b := make([]byte, 0, (m.w+1)*m.h)
	for y := 0; y < m.h; y++ {
		for x := 0; x < m.w; x++ {
			c := byte('.')
			if m.Get(x, y) {
				c = '#'
			}
			b = append(b, c)
		}
		b = append(b, '\n')
	}
	return string(b)
}
