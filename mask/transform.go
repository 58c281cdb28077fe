package mask

import "math/bits"

// Transpose returns m mirrored in its main diagonal: a Height() x Width()
// mask whose pixel (y, x) is m's pixel (x, y). It transposes 64x64 blocks
// of bits in place of single pixels.
func (m *Mask) Transpose() *Mask {
	out := New(m.h, m.w)
	var block [64]uint64
	for s := range stripes(m.w) {
		cols := min(64, m.w-64*s)
		for r0 := 0; r0 < m.h; r0 += 64 {
			n := copy(block[:], m.bits[s*m.h+r0:s*m.h+min(r0+64, m.h)])
			clear(block[n:])
			transpose64(&block)
			copy(out.bits[(r0>>6)*out.h+64*s:], block[:cols])
		}
	}
	return out
}

// transpose64 transposes a 64x64 bit matrix, row i being a[i] and column
// j bit j, by swapping ever smaller off-diagonal blocks (Hacker's
// Delight, 7-3).
func transpose64(a *[64]uint64) {
	mask := uint64(0x00000000ffffffff)
	for j := uint(32); j != 0; j, mask = j>>1, mask^mask<<(j>>1) {
		for k := uint(0); k < 64; k = (k + j + 1) &^ j {
			t := (a[k]>>j ^ a[k+j]) & mask
			a[k] ^= t << j
			a[k+j] ^= t
		}
	}
}

// FlipH returns m mirrored left to right: pixel (x, y) goes to
// (Width()-1-x, y).
func (m *Mask) FlipH() *Mask {
	n := stripes(m.w)
	// Reversing every word and the stripe order mirrors the mask padded to
	// whole stripes; the padding then lies on the left.
	padded := New(64*n, m.h)
	for s := range n {
		src, dst := m.bits[s*m.h:(s+1)*m.h], padded.bits[(n-1-s)*m.h:(n-s)*m.h]
		for y, w := range src {
			dst[y] = bits.Reverse64(w)
		}
	}
	out := New(m.w, m.h)
	out.Draw(padded, m.w-64*n, 0)
	return out
}

// FlipV returns m mirrored top to bottom: pixel (x, y) goes to
// (x, Height()-1-y).
func (m *Mask) FlipV() *Mask {
	out := New(m.w, m.h)
	for s := range stripes(m.w) {
		src, dst := m.bits[s*m.h:(s+1)*m.h], out.bits[s*m.h:(s+1)*m.h]
		for y, w := range src {
			dst[m.h-1-y] = w
		}
	}
	return out
}

// Rotate90CW returns m turned a quarter turn clockwise on screen (y down):
// a Height() x Width() mask where pixel (x, y) goes to (Height()-1-y, x).
// An atlas frame stored rotated clockwise is turned back with
// Rotate90CCW.
func (m *Mask) Rotate90CW() *Mask { return m.Transpose().FlipH() }

// Rotate90CCW returns m turned a quarter turn counter-clockwise on screen
// (y down): a Height() x Width() mask where pixel (x, y) goes to
// (y, Width()-1-x). It undoes Rotate90CW.
func (m *Mask) Rotate90CCW() *Mask { return m.Transpose().FlipV() }

// Rotate180 returns m turned a half turn: pixel (x, y) goes to
// (Width()-1-x, Height()-1-y).
func (m *Mask) Rotate180() *Mask { return m.FlipH().FlipV() }
