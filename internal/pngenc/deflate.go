package pngenc

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
//
// A row comes cut into runs (see truecolourRuns), and the Adler-32 and
// the bits are written in two loops over them. The bit writer and the
// Adler-32 are small values (bitWriter, adler) that each loop keeps in
// local variables, so that they live in registers while it runs.

// zwriter builds a zlib stream in out[start:w.pos].
type zwriter struct {
	out []byte // its length is its capacity: bytes past w.pos are scratch
	w   bitWriter
	a   adler
}

// bitWriter is where a deflate stream stands in its buffer: pos whole
// bytes written, then n (fewer than 8) pending bits in acc, least
// significant first.
type bitWriter struct {
	acc uint64
	n   uint
	pos int
}

// adler is an Adler-32 kept in closed form. Over a stream of N bytes v_i
// (i from 0), a = 1 + sum v_i and b = N + N*sum v_i - sum i*v_i
// (mod 65521): a run of equal pixels adds to the two sums in closed form,
// whatever came before it, and zeros add nothing.
type adler struct {
	i       uint64 // the number of bytes so far (mod 65521)
	sv, siv uint64 // the sum of those bytes v_i, and of i*v_i
}

const (
	adlerMod = 65521
	// maxSumRun bounds the pixels one Adler-32 step adds, so that no step
	// overflows while the sums are below the reduction threshold.
	maxSumRun = 1 << 20
	// putSlack is the room put needs past pos (it stores 8 bytes).
	putSlack = 8
	// maxCopy is deflate's longest copy.
	maxCopy = 258
)

// A code is a string of deflate codes as the stream stores them, least
// significant bit first, packed as bits | length<<26.
type code uint32

// Fixed-Huffman codes (RFC 1951 3.2.6). litCodes holds the literals of
// the bytes 0..255. copyCodes[d][l] holds a copy of l (3..258) bytes at
// distance d (1..4), its length symbol, extra bits and distance symbol,
// and nothing for l = 0, so that a run of one pixel needs no test.
// zeroCodes[z][l] holds l (1..258) zero bytes, after a zero byte if z is
// 1 (a copy of it, or one or two literals) and after another byte if z
// is 0 (a literal zero first).
var litCodes, copyCodes, zeroCodes = huffmanTables()

// Base lengths and extra bits of deflate's length codes 257..285.
var (
	lengthBase = [29]uint16{3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195, 227, 258}
	lengthBits = [29]uint8{0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0}
)

// huffmanTables builds litCodes, copyCodes and zeroCodes.
func huffmanTables() (lit [256]code, cp [5][maxCopy + 1]code, zero [2][maxCopy + 1]code) {
	rev := func(c uint32, n uint) code { return code(bits.Reverse32(c)>>(32-n) | uint32(n)<<26) }
	for v := range uint32(256) {
		if v < 144 {
			lit[v] = rev(0x30+v, 8)
		} else {
			lit[v] = rev(0x190+v-144, 9)
		}
	}
	li := 0
	for l := 3; l <= maxCopy; l++ {
		for li < 28 && int(lengthBase[li+1]) <= l {
			li++
		}
		sym := uint32(257 + li)
		length := rev(sym-256, 7)
		if sym >= 280 {
			length = rev(0xc0+sym-280, 8)
		}
		extra := code(l-int(lengthBase[li])) | code(lengthBits[li])<<26
		for d := uint32(1); d <= 4; d++ {
			cp[d][l] = bitString{}.add(length).add(extra).add(rev(d-1, 5)).code()
		}
	}
	zero[1][1] = lit[0]
	zero[1][2] = bitString{}.add(lit[0]).add(lit[0]).code()
	for l := 3; l <= maxCopy; l++ {
		zero[1][l] = cp[1][l]
	}
	for l := 1; l <= maxCopy; l++ {
		zero[0][l] = bitString{}.add(lit[0]).add(zero[1][l-1]).code()
	}
	return lit, cp, zero
}

// bitString is a string of up to 57 bits to put, least significant
// first.
type bitString struct {
	v uint64
	n uint
}

// add returns b followed by c.
func (b bitString) add(c code) bitString {
	return bitString{b.v | uint64(c&(1<<26-1))<<(b.n&63), b.n + uint(c>>26)}
}

// code returns b, of at most 26 bits, as a code.
func (b bitString) code() code { return code(b.v) | code(b.n)<<26 }

// reset starts a stream at out[start:], keeping out's memory.
func (z *zwriter) reset(out []byte, start int) {
	*z = zwriter{out: out[:cap(out)], w: bitWriter{pos: start}}
	z.grow(2 + putSlack)
	z.out[start], z.out[start+1] = 0x78, 0x01
	z.w.pos += 2
	z.w = z.w.put(z.out, bitString{3, 3}) // BFINAL, BTYPE = fixed Huffman
}

// grow makes room for n more bytes past w.pos.
func (z *zwriter) grow(n int) {
	if z.w.pos+n+putSlack <= len(z.out) {
		return
	}
	out := make([]byte, max(2*len(z.out), z.w.pos+n+putSlack, 64<<10))
	copy(out, z.out)
	z.out = out
}

// room makes room for the bytes of a row of n uncompressed bytes: no byte
// takes more than 9 bits.
func (z *zwriter) room(n int) { z.grow((9*n+7)/8 + 1) }

// close ends the block and the stream and returns the index just past it.
func (z *zwriter) close() int {
	z.grow(4 + 2)
	w := z.w.put(z.out, bitString{0, 7}) // end of block
	if w.n > 0 {
		w.pos++
	}
	binary.BigEndian.PutUint32(z.out[w.pos:], z.a.sum())
	z.w = bitWriter{pos: w.pos + 4}
	return z.w.pos
}

// put appends b to out, which has putSlack bytes of room past pos.
func (w bitWriter) put(out []byte, b bitString) bitWriter {
	w.acc |= b.v << (w.n & 63)
	w.n += b.n
	binary.LittleEndian.PutUint64(out[w.pos:], w.acc)
	w.pos += int(w.n >> 3)
	w.acc >>= w.n & 56
	w.n &= 7
	return w
}

// filterUp is PNG's filter type Up.
const filterUp = 2

// row appends a row filtered Up: its filter byte, then its runs of
// filtered pixels of bpp (3 or 4) bytes, whose bytes past bpp are zero.
func (z *zwriter) row(runs []run, bpp int) {
	z.a = z.a.row(runs, bpp)
	z.w = z.w.row(z.out, runs, bpp)
}

// row appends to out a row's filter byte and runs, as zwriter.row: each
// run as a literal pixel and copies of it, and each run of zeros as
// copies of the last byte if it is zero. RGB, the common case, has a loop
// of its own, with few branches: both kinds of run are looked up and one
// chosen, since they alternate unpredictably.
func (w bitWriter) row(out []byte, runs []run, bpp int) bitWriter {
	w = w.put(out, bitString{}.add(litCodes[filterUp]))
	lastZero := 0 // 1 if the last byte written is zero
	for j := 0; j < len(runs)-1; j++ {
		f, l := runs[j].f, int(runs[j+1].x-runs[j].x)
		// The bytes of its copies; bounded so that both tables hold them.
		rest := uint(3 * (l - 1))
		if bpp != 3 || rest > maxCopy-3 {
			w = w.run(out, f, bpp, l, lastZero)
			lastZero = 0
			if f>>(8*(bpp-1)&31) == 0 {
				lastZero = 1
			}
			continue
		}
		b := bitString{}.add(litCodes[uint8(f)]).add(litCodes[uint8(f>>8)]).add(litCodes[uint8(f>>16)])
		b = b.add(copyCodes[3][rest])
		z := bitString{}.add(zeroCodes[lastZero&1][rest+3])
		if f == 0 {
			b = z
		}
		w = w.put(out, b)
		lastZero = 0
		if f>>16 == 0 {
			lastZero = 1
		}
	}
	return w
}

// run appends l pixels each of the bpp low bytes of p, as row, in any
// case.
func (w bitWriter) run(out []byte, p uint32, bpp, l, lastZero int) bitWriter {
	n := bpp * l
	if p == 0 {
		if lastZero == 0 {
			w = w.put(out, bitString{}.add(litCodes[0]))
			n--
		}
		if n < 3 {
			return w.put(out, bitString{}.add(zeroCodes[1][n]))
		}
		return w.copies(out, n, 1)
	}
	var b bitString
	for k := range bpp {
		b = b.add(litCodes[p>>(8*k)&0xff])
	}
	return w.put(out, b).copies(out, n-bpp, bpp)
}

// copies appends n bytes (0 or at least 3) that repeat the last dist
// (1..4) bytes.
func (w bitWriter) copies(out []byte, n, dist int) bitWriter {
	for n > 0 {
		l := min(n, maxCopy)
		if n > maxCopy && n < maxCopy+3 {
			l = n - 3 // leave a copy of at least 3
		}
		w = w.put(out, bitString{}.add(copyCodes[dist][l]))
		n -= l
	}
	return w
}

// row adds to the Adler-32 a row's filter byte and runs, as
// zwriter.row writes them. A run of zeros takes the same steps as any
// other, adding nothing to the sums.
func (a adler) row(runs []run, bpp int) adler {
	a.sv += filterUp
	a.siv += a.i * filterUp
	a.i++
	for j := 0; j < len(runs)-1; j++ {
		f, l := runs[j].f, runs[j+1].x-runs[j].x
		if l > maxSumRun {
			a = a.longRun(f, bpp, int(l))
			continue
		}
		s, w := byteSums(f)
		if a = a.run(s, w, bpp, uint64(l)); a.i >= adlerMod {
			a = a.reduce()
		}
	}
	return a
}

// run adds to the Adler-32 l (at most maxSumRun) repeats of a pixel of
// bpp bytes whose byteSums are s and w. The caller reduces the sums
// whenever the count passes 65521, which keeps them far from overflow:
// between two reductions they grow by less than
// (65521 + 4*maxSumRun)^2 * 255.
func (a adler) run(s, w uint64, bpp int, l uint64) adler {
	bl := uint64(bpp) * l
	a.sv += l * s
	a.siv += l*(a.i*s+w) + bl*(l-1)/2*s
	a.i += bl
	return a
}

// longRun is run for any l, in steps of at most maxSumRun pixels.
func (a adler) longRun(p uint32, bpp, l int) adler {
	s, w := byteSums(p)
	for ; l > 0; l -= maxSumRun {
		if a = a.run(s, w, bpp, uint64(min(l, maxSumRun))); a.i >= adlerMod {
			a = a.reduce()
		}
	}
	return a
}

// byteSums returns the sum of the four bytes of p, and the sum of each
// byte times its index, little endian.
func byteSums(p uint32) (s, w uint64) {
	b1, b2, b3 := p>>8&0xff, p>>16&0xff, p>>24
	return uint64(p&0xff + b1 + b2 + b3), uint64(b1 + 2*b2 + 3*b3)
}

// reduce reduces the Adler-32's sums modulo 65521.
func (a adler) reduce() adler {
	return adler{a.i % adlerMod, a.sv % adlerMod, a.siv % adlerMod}
}

// sum returns the Adler-32 of the stream.
func (a adler) sum() uint32 {
	a = a.reduce()
	s := (1 + a.sv) % adlerMod
	b := (a.i + a.i*a.sv + adlerMod - a.siv) % adlerMod
	return uint32(b<<16 | s)
}
