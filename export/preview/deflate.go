package preview

import (
	"encoding/binary"
	"math/bits"
)

// A minimal zlib/deflate writer for nearest-neighbour previews. Every row
// is written with PNG filter Up (each byte minus the one above), so what
// a row shares with the row above becomes zeros, and a scaled-up row is
// runs of equal pixels. It emits one fixed-Huffman block of literals and
// copies at distance one pixel, and keeps the Adler-32 in closed form for
// each run, so its cost grows with the number of runs rather than of
// bytes; a general compressor gains some size for many times the time.
// The stream is standard (RFC 1950/1951): any PNG reader decodes it.

// zwriter builds a zlib stream in out[start:pos].
type zwriter struct {
	out      []byte // its length is its capacity: bytes past pos are scratch
	pos      int    // end of the whole bytes written
	acc      uint64 // pending bits (fewer than 8), least significant first
	n        uint   // number of pending bits
	i        uint64 // the number of uncompressed bytes so far (mod 65521)
	sv, siv  uint64 // the sum of those bytes v_i, and of i*v_i (see sum)
	lastZero bool   // whether the last uncompressed byte is zero
}

const (
	adlerMod = 65521
	// maxSumRun bounds the pixels one Adler-32 step adds, so that no step
	// overflows while the sums are below the reduction threshold.
	maxSumRun = 1 << 20
	// putSlack is the room put needs past pos (it stores 8 bytes).
	putSlack = 8
)

// Fixed-Huffman codes (RFC 1951 3.2.6), bit-reversed as deflate stores
// them, each packed as code | length<<16: litCodes for the bytes 0..255;
// copyCodes for copy lengths 3..258, the length symbol with its extra bits
// (a distance code follows).
var litCodes, copyCodes = huffmanTables()

// distCodes holds the distance codes (5 bits, bit-reversed, no extra
// bits) of the distances 1..4.
var distCodes = [5]uint64{0, 0, 0x10, 0x08, 0x18}

// Base lengths and extra bits of deflate's length codes 257..285.
var (
	lengthBase = [29]uint16{3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195, 227, 258}
	lengthBits = [29]uint8{0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0}
)

// huffmanTables builds litCodes and copyCodes.
func huffmanTables() (lit [256]uint32, cp [259]uint32) {
	rev := func(c uint32, n uint) uint32 { return bits.Reverse32(c) >> (32 - n) }
	for v := range uint32(256) {
		if v < 144 {
			lit[v] = rev(0x30+v, 8) | 8<<16
		} else {
			lit[v] = rev(0x190+v-144, 9) | 9<<16
		}
	}
	li := 0
	for l := 3; l <= 258; l++ {
		for li < 28 && int(lengthBase[li+1]) <= l {
			li++
		}
		sym := uint32(257 + li)
		code, n := rev(sym-256, 7), uint32(7)
		if sym >= 280 {
			code, n = rev(0xc0+sym-280, 8), 8
		}
		code |= uint32(l-int(lengthBase[li])) << n
		cp[l] = code | (n+uint32(lengthBits[li]))<<16
	}
	return lit, cp
}

// reset starts a stream at out[start:], keeping out's memory.
func (z *zwriter) reset(out []byte, start int) {
	*z = zwriter{out: out[:cap(out)], pos: start}
	z.grow(2 + putSlack)
	z.out[z.pos], z.out[z.pos+1] = 0x78, 0x01
	z.pos += 2
	z.put(3, 3) // BFINAL, BTYPE = fixed Huffman
}

// grow makes room for n more bytes past pos.
func (z *zwriter) grow(n int) {
	if z.pos+n+putSlack <= len(z.out) {
		return
	}
	out := make([]byte, max(2*len(z.out), z.pos+n+putSlack, 64<<10))
	copy(out, z.out)
	z.out = out
}

// room makes room for the bytes of a row of n uncompressed bytes: no byte
// takes more than 9 bits.
func (z *zwriter) room(n int) { z.grow((9*n+7)/8 + 1) }

// put appends the n low bits of v (n + 7 <= 64).
func (z *zwriter) put(v uint64, n uint) {
	z.acc |= v << z.n
	z.n += n
	binary.LittleEndian.PutUint64(z.out[z.pos:], z.acc)
	z.pos += int(z.n >> 3)
	z.acc >>= z.n &^ 7
	z.n &= 7
}

// literals appends the n low bytes of p (n <= 4) as literals.
func (z *zwriter) literals(p uint32, n int) {
	var v uint64
	var nb uint
	for range n {
		c := litCodes[p&0xff]
		v |= uint64(c&0xffff) << nb
		nb += uint(c >> 16)
		p >>= 8
	}
	z.put(v, nb)
}

// copies appends n >= 3 bytes that repeat the last dist (1..4) bytes.
func (z *zwriter) copies(n, dist int) {
	d := distCodes[dist]
	for n > 0 {
		l := min(n, 258)
		if n > 258 && n < 261 {
			l = n - 3 // leave a copy of at least 3
		}
		c := copyCodes[l]
		z.put(uint64(c&0xffff)|d<<(c>>16), uint(c>>16)+5)
		n -= l
	}
}

// sum adds to the Adler-32 l repeats of the four bytes of p, little
// endian (those past a pixel's bpp are zero), in closed form. Over a
// stream of N bytes v_i (i from 0), a = 1 + sum v_i and
// b = N + N*sum v_i - sum i*v_i (mod 65521): a run adds to the two sums,
// whatever came before it, and zeros add nothing.
func (z *zwriter) sum(p uint32, bpp, l int) {
	for l > maxSumRun {
		z.sum(p, bpp, maxSumRun)
		l -= maxSumRun
	}
	b0, b1, b2, b3 := uint64(p&0xff), uint64(p>>8&0xff), uint64(p>>16&0xff), uint64(p>>24)
	s, w := b0+b1+b2+b3, b1+2*b2+3*b3 // the pixel's sum, and of each byte times its index
	n := uint64(l)
	z.sv += n * s
	z.siv += n*(z.i*s+w) + uint64(bpp)*n*(n-1)/2*s
	z.i += uint64(bpp) * n
	if z.siv >= 1<<62 || z.i >= adlerMod {
		z.reduce()
	}
}

// skip adds n zero bytes to the Adler-32.
func (z *zwriter) skip(n int) {
	z.i += uint64(n)
	if z.i >= adlerMod {
		z.reduce()
	}
}

// reduce reduces the Adler-32's sums modulo 65521.
func (z *zwriter) reduce() {
	z.i %= adlerMod
	z.sv %= adlerMod
	z.siv %= adlerMod
}

// adler returns the Adler-32 of the stream.
func (z *zwriter) adler() uint32 {
	z.reduce()
	a := (1 + z.sv) % adlerMod
	b := (z.i + z.i*z.sv + adlerMod - z.siv) % adlerMod
	return uint32(b<<16 | a)
}

// filter appends a row's filter byte f.
func (z *zwriter) filter(f byte) {
	z.sum(uint32(f), 1, 1)
	z.literals(uint32(f), 1)
	z.lastZero = f == 0
}

// zeros appends n >= 1 zero bytes.
func (z *zwriter) zeros(n int) {
	z.skip(n)
	if !z.lastZero {
		z.literals(0, 1)
		n--
	}
	if n >= 3 {
		z.copies(n, 1)
	} else {
		for range n {
			z.literals(0, 1)
		}
	}
	z.lastZero = true
}

// run appends l >= 1 pixels each of the bpp (1, 3 or 4) low bytes of p,
// which are not all zero: a literal pixel, then copies of it.
func (z *zwriter) run(p uint32, bpp, l int) {
	z.sum(p, bpp, l)
	z.literals(p, bpp)
	if rest := bpp * (l - 1); rest >= 3 {
		z.copies(rest, bpp)
	} else {
		for range rest {
			z.literals(p, 1)
		}
	}
	z.lastZero = p>>(8*(bpp-1))&0xff == 0
}

// close ends the block and the stream and returns the index just past it.
func (z *zwriter) close() int {
	z.grow(4 + 2)
	z.put(0, 7) // end of block
	if z.n > 0 {
		z.pos++
	}
	z.acc, z.n = 0, 0
	binary.BigEndian.PutUint32(z.out[z.pos:], z.adler())
	z.pos += 4
	return z.pos
}
