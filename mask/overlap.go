package mask

import (
	"image"
	"math/bits"
)

// Overlap reports whether some pixel set in a is also set in b placed with
// its top-left at (dx, dy) in a's coordinates, that is whether a(x+dx,
// y+dy) and b(x, y) are both set for some (x, y). Any offset is allowed;
// masks that do not meet do not overlap. It does not allocate.
func Overlap(a, b *Mask, dx, dy int) bool {
	p, ok := align(a, b, dx, dy)
	if !ok {
		return false
	}
	for s := p.s0; s < p.s1; s++ {
		c := p.column(s)
		var hit bool
		switch {
		case c.sh == 0: // aligned: b's word is one of its words
			hit = anyAnd(c.a, c.lo)
		case c.mHi == 0: // b's word is one of its words, shifted down
			hit = anyAndShr(c.a, c.lo, c.sh)
		case c.mLo == 0: // b's word is one of its words, shifted up
			hit = anyAndShl(c.a, c.hi, 64-c.sh)
		default:
			hit = anyAndPair(c.a, c.lo, c.hi, c.sh)
		}
		if hit {
			return true
		}
	}
	return false
}

// OverlapArea returns the number of pixels set in both a and b, with b
// placed at (dx, dy) as in Overlap. It does not allocate.
func OverlapArea(a, b *Mask, dx, dy int) int {
	p, ok := align(a, b, dx, dy)
	if !ok {
		return 0
	}
	n := 0
	for s := p.s0; s < p.s1; s++ {
		c := p.column(s)
		switch {
		case c.sh == 0:
			n += countAnd(c.a, c.lo)
		case c.mHi == 0:
			n += countAndShr(c.a, c.lo, c.sh)
		case c.mLo == 0:
			n += countAndShl(c.a, c.hi, 64-c.sh)
		default:
			n += countAndPair(c.a, c.lo, c.hi, c.sh)
		}
	}
	return n
}

// The kernels below compare a column of a's words with b's words row by
// row. The ones that stop at the first common pixel take eight rows a step
// and test their union once; the counting ones take four. Each step views
// its rows as arrays (one bounds check a slice), and shift counts are
// 1..63, masked with &63 so that the compiler emits bare shifts. b's
// slices are at least as long as a's. On amd64 the aligned test, anyAnd,
// is assembly: two words a load halve the loads that bound it.

// anyAndWords reports whether a[y] & b[y] != 0 for some y. It is anyAnd
// where there is no assembly version (see overlap_amd64.s).
func anyAndWords(a, b []uint64) bool {
	n := len(a)
	b = b[:n]
	i := 0
	for ; i <= n-8; i += 8 {
		x, y := (*[8]uint64)(a[i:i+8]), (*[8]uint64)(b[i:i+8])
		if x[0]&y[0]|x[1]&y[1]|x[2]&y[2]|x[3]&y[3]|x[4]&y[4]|x[5]&y[5]|x[6]&y[6]|x[7]&y[7] != 0 {
			return true
		}
	}
	for ; i < n; i++ {
		if a[i]&b[i] != 0 {
			return true
		}
	}
	return false
}

// anyAndShr reports whether a[y] & lo[y]>>s != 0 for some y.
func anyAndShr(a, lo []uint64, s uint) bool {
	n := len(a)
	lo, s = lo[:n], s&63
	i := 0
	for ; i <= n-8; i += 8 {
		x, l := (*[8]uint64)(a[i:i+8]), (*[8]uint64)(lo[i:i+8])
		if x[0]&(l[0]>>s)|x[1]&(l[1]>>s)|x[2]&(l[2]>>s)|x[3]&(l[3]>>s)|
			x[4]&(l[4]>>s)|x[5]&(l[5]>>s)|x[6]&(l[6]>>s)|x[7]&(l[7]>>s) != 0 {
			return true
		}
	}
	for ; i < n; i++ {
		if a[i]&(lo[i]>>s) != 0 {
			return true
		}
	}
	return false
}

// anyAndShl reports whether a[y] & hi[y]<<s != 0 for some y.
func anyAndShl(a, hi []uint64, s uint) bool {
	n := len(a)
	hi, s = hi[:n], s&63
	i := 0
	for ; i <= n-8; i += 8 {
		x, h := (*[8]uint64)(a[i:i+8]), (*[8]uint64)(hi[i:i+8])
		if x[0]&(h[0]<<s)|x[1]&(h[1]<<s)|x[2]&(h[2]<<s)|x[3]&(h[3]<<s)|
			x[4]&(h[4]<<s)|x[5]&(h[5]<<s)|x[6]&(h[6]<<s)|x[7]&(h[7]<<s) != 0 {
			return true
		}
	}
	for ; i < n; i++ {
		if a[i]&(hi[i]<<s) != 0 {
			return true
		}
	}
	return false
}

// anyAndPair reports whether a[y] & (lo[y]>>s | hi[y]<<(64-s)) != 0 for
// some y (0 < s < 64).
func anyAndPair(a, lo, hi []uint64, s uint) bool {
	n := len(a)
	lo, hi = lo[:n], hi[:n]
	s, t := s&63, (64-s)&63
	i := 0
	for ; i <= n-8; i += 8 {
		x, l, h := (*[8]uint64)(a[i:i+8]), (*[8]uint64)(lo[i:i+8]), (*[8]uint64)(hi[i:i+8])
		if x[0]&(l[0]>>s|h[0]<<t)|x[1]&(l[1]>>s|h[1]<<t)|x[2]&(l[2]>>s|h[2]<<t)|x[3]&(l[3]>>s|h[3]<<t)|
			x[4]&(l[4]>>s|h[4]<<t)|x[5]&(l[5]>>s|h[5]<<t)|x[6]&(l[6]>>s|h[6]<<t)|x[7]&(l[7]>>s|h[7]<<t) != 0 {
			return true
		}
	}
	for ; i < n; i++ {
		if a[i]&(lo[i]>>s|hi[i]<<t) != 0 {
			return true
		}
	}
	return false
}

// countAnd returns the sum of OnesCount(a[y] & b[y]).
func countAnd(a, b []uint64) int {
	n := len(a)
	b = b[:n]
	c0, c1, i := 0, 0, 0
	for ; i <= n-4; i += 4 {
		x, y := (*[4]uint64)(a[i:i+4]), (*[4]uint64)(b[i:i+4])
		c0 += bits.OnesCount64(x[0]&y[0]) + bits.OnesCount64(x[1]&y[1])
		c1 += bits.OnesCount64(x[2]&y[2]) + bits.OnesCount64(x[3]&y[3])
	}
	for ; i < n; i++ {
		c0 += bits.OnesCount64(a[i] & b[i])
	}
	return c0 + c1
}

// countAndShr returns the sum of OnesCount(a[y] & lo[y]>>s).
func countAndShr(a, lo []uint64, s uint) int {
	n := len(a)
	lo, s = lo[:n], s&63
	c0, c1, i := 0, 0, 0
	for ; i <= n-4; i += 4 {
		x, l := (*[4]uint64)(a[i:i+4]), (*[4]uint64)(lo[i:i+4])
		c0 += bits.OnesCount64(x[0]&(l[0]>>s)) + bits.OnesCount64(x[1]&(l[1]>>s))
		c1 += bits.OnesCount64(x[2]&(l[2]>>s)) + bits.OnesCount64(x[3]&(l[3]>>s))
	}
	for ; i < n; i++ {
		c0 += bits.OnesCount64(a[i] & (lo[i] >> s))
	}
	return c0 + c1
}

// countAndShl returns the sum of OnesCount(a[y] & hi[y]<<s).
func countAndShl(a, hi []uint64, s uint) int {
	n := len(a)
	hi, s = hi[:n], s&63
	c0, c1, i := 0, 0, 0
	for ; i <= n-4; i += 4 {
		x, h := (*[4]uint64)(a[i:i+4]), (*[4]uint64)(hi[i:i+4])
		c0 += bits.OnesCount64(x[0]&(h[0]<<s)) + bits.OnesCount64(x[1]&(h[1]<<s))
		c1 += bits.OnesCount64(x[2]&(h[2]<<s)) + bits.OnesCount64(x[3]&(h[3]<<s))
	}
	for ; i < n; i++ {
		c0 += bits.OnesCount64(a[i] & (hi[i] << s))
	}
	return c0 + c1
}

// countAndPair returns the sum of OnesCount(a[y] & (lo[y]>>s |
// hi[y]<<(64-s))).
func countAndPair(a, lo, hi []uint64, s uint) int {
	n := len(a)
	lo, hi = lo[:n], hi[:n]
	s, t := s&63, (64-s)&63
	c0, c1, i := 0, 0, 0
	for ; i <= n-4; i += 4 {
		x, l, h := (*[4]uint64)(a[i:i+4]), (*[4]uint64)(lo[i:i+4]), (*[4]uint64)(hi[i:i+4])
		c0 += bits.OnesCount64(x[0]&(l[0]>>s|h[0]<<t)) + bits.OnesCount64(x[1]&(l[1]>>s|h[1]<<t))
		c1 += bits.OnesCount64(x[2]&(l[2]>>s|h[2]<<t)) + bits.OnesCount64(x[3]&(l[3]>>s|h[3]<<t))
	}
	for ; i < n; i++ {
		c0 += bits.OnesCount64(a[i] & (lo[i]>>s | hi[i]<<t))
	}
	return c0 + c1
}

// FirstOverlap returns the first pixel, in a's coordinates, that is set in
// both a and b, with b placed at (dx, dy) as in Overlap, and true; or the
// zero Point and false when they do not overlap. First means row-major
// order: the topmost such pixel, and the leftmost of that row. It does not
// allocate.
func FirstOverlap(a, b *Mask, dx, dy int) (image.Point, bool) {
	p, ok := align(a, b, dx, dy)
	if !ok {
		return image.Point{}, false
	}
	var first image.Point
	found := false
	for s := p.s0; s < p.s1; s++ {
		c := p.column(s)
		lo, hi, k, mLo, mHi := c.lo[:len(c.a)], c.hi[:len(c.a)], c.k, c.mLo, c.mHi
		for y, w := range c.a {
			if w &= bits.RotateLeft64(lo[y]&mLo|hi[y]&mHi, k); w != 0 {
				// Stripes run left to right, so a later stripe wins only
				// with a smaller y: later stripes scan only rows above.
				first, found = image.Pt(64*s+bits.TrailingZeros64(w), p.y0+y), true
				p.y1 = first.Y
				break
			}
		}
	}
	return first, found
}

// Draw sets every pixel of m that is set in b placed with its top-left at
// (dx, dy) in m's coordinates (m |= b shifted); the part of b outside m is
// clipped. b may be m itself.
func (m *Mask) Draw(b *Mask, dx, dy int) {
	if m == b {
		b = b.Clone()
	}
	p, ok := align(m, b, dx, dy)
	if !ok {
		return
	}
	for s := p.s0; s < p.s1; s++ {
		c := p.column(s)
		lo, hi, k, mLo, mHi := c.lo[:len(c.a)], c.hi[:len(c.a)], c.k, c.mLo, c.mHi
		t := tail(m.w, s)
		for y := range c.a {
			c.a[y] |= (bits.RotateLeft64(lo[y]&mLo|hi[y]&mHi, k)) & t
		}
	}
}

// alignment is how b, placed at (dx, dy), lines up with a's words: rows
// y0 <= y < y1 and stripes s0 <= s < s1 of a meet b.
type alignment struct {
	a, b           *Mask
	dx, dy         int
	y0, y1, s0, s1 int
}

// align returns the alignment of b placed at (dx, dy) over a, and false
// when the two do not meet (which includes every empty-sized mask). It
// compares before it adds, so no offset can overflow.
func align(a, b *Mask, dx, dy int) (alignment, bool) {
	if dx >= a.w || dx <= -b.w || dy >= a.h || dy <= -b.h {
		return alignment{}, false
	}
	x0, x1 := max(dx, 0), min(a.w, b.w+dx)
	if x0 >= x1 || dy+b.h <= max(dy, 0) {
		return alignment{}, false // b has no width or no height
	}
	return alignment{
		a: a, b: b, dx: dx, dy: dy,
		y0: max(dy, 0), y1: min(a.h, b.h+dy),
		s0: x0 >> 6, s1: (x1-1)>>6 + 1,
	}, true
}

// column holds a's stripe rows y0..y1 and, row for row, the two words of
// b that cover it: the word of b under a's word is
// RotateLeft64(lo&mLo | hi&mHi, k), lo giving its high bits and hi its low
// ones (one rotation per word keeps the inner loops short). A missing
// stripe of b has mask 0 and borrows the other slice, so the loops have no
// branches.
type column struct {
	a, lo, hi []uint64
	k         int
	mLo, mHi  uint64
	sh        uint // lo's bits sh..63 and hi's bits 0..sh-1 make the word
}

// column returns the words for stripe s of a.
func (p *alignment) column(s int) column {
	a, b := p.a, p.b
	off := 64*s - p.dx // b's pixel under bit 0 of a's stripe
	sb, sh := off>>6, uint(off&63)
	by0, by1 := p.y0-p.dy, p.y1-p.dy
	nb := stripes(b.w)
	// a's word is lo>>sh | hi<<(64-sh): lo's bits sh..63 and hi's bits
	// 0..sh-1, turned left by 64-sh.
	high := ^uint64(0) << sh
	c := column{a: a.bits[s*a.h+p.y0 : s*a.h+p.y1], k: int(64-sh) & 63, sh: sh}
	if sb >= 0 && sb < nb {
		c.lo, c.mLo = b.bits[sb*b.h+by0:sb*b.h+by1], high
	}
	if sh != 0 && sb+1 >= 0 && sb+1 < nb {
		c.hi, c.mHi = b.bits[(sb+1)*b.h+by0:(sb+1)*b.h+by1], ^high
	}
	if c.lo == nil {
		c.lo = c.hi
	}
	if c.hi == nil {
		c.hi = c.lo
	}
	return c
}
