package preview

import (
	"encoding/binary"
	"math/bits"
)

// A minimal zlib/deflate writer for nearest-neighbour previews. Every row
// is written with PNG filter Up (each byte minus the one above), so what
// a row shares with the row above becomes zeros, and a scaled-up row is
// runs of equal pixels. It emits one fixed-Huffman block of literals and
// copies at distance one pixel, so its cost grows with the number of runs
// rather than of bytes; a general compressor gains some size for many
// times the time. The stream is standard (RFC 1950/1951): any PNG reader
// decodes it.

// zwriter builds a zlib stream in buf.
type zwriter struct {
	buf   []byte
	acc   uint64 // pending bits, least significant first
	n     uint   // number of pending bits
	a, b  uint32 // Adler-32 of the uncompressed bytes so far
	count int    // uncompressed bytes since a and b were last reduced
}

const adlerMod = 65521

func (z *zwriter) reset(dst []byte) {
	*z = zwriter{buf: append(dst[:0], 0x78, 0x01), a: 1}
	z.bits(1, 1) // BFINAL
	z.bits(1, 2) // BTYPE = fixed Huffman
}

// bits appends the n low bits of v.
func (z *zwriter) bits(v uint64, n uint) {
	z.acc |= v << z.n
	z.n += n
	if z.n >= 32 {
		z.buf = binary.LittleEndian.AppendUint32(z.buf, uint32(z.acc))
		z.acc >>= 32
		z.n -= 32
	}
}

// code appends a Huffman code of n bits, which deflate stores most
// significant bit first.
func (z *zwriter) code(c uint32, n uint) {
	z.bits(uint64(bits.Reverse32(c)>>(32-n)), n)
}

// literal appends the byte v.
func (z *zwriter) literal(v byte) {
	if v < 144 {
		z.code(0x30+uint32(v), 8)
	} else {
		z.code(0x190+uint32(v)-144, 9)
	}
}

// sum adds p to the Adler-32 of the stream.
func (z *zwriter) sum(p []byte) {
	for len(p) > 0 {
		n := min(len(p), 5000) // well below the 5552 at which b could overflow
		a, b := z.a, z.b
		for _, v := range p[:n] {
			a += uint32(v)
			b += a
		}
		z.a, z.b = a%adlerMod, b%adlerMod
		p = p[n:]
	}
}

// sumZeros adds n zero bytes to the Adler-32: they leave a alone and add
// a to b once each.
func (z *zwriter) sumZeros(n int) {
	z.b = uint32((uint64(z.b) + uint64(n)*uint64(z.a)) % adlerMod)
}

// literals appends the bytes of p.
func (z *zwriter) literals(p []byte) {
	for _, v := range p {
		z.literal(v)
	}
}

// Base lengths and distances of deflate's length codes 257..285 and
// distance codes 0..29.
var (
	lengthBase = [29]uint16{3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195, 227, 258}
	lengthBits = [29]uint8{0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0}
	distBase   = [30]uint16{1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193, 257, 385, 513, 769, 1025, 1537, 2049, 3073, 4097, 6145, 8193, 12289, 16385, 24577}
	distBits   = [30]uint8{0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13}
)

// match appends a copy of length 3..258 from dist (1..4) bytes back.
func (z *zwriter) match(length, dist int) {
	li := 28
	for lengthBase[li] > uint16(length) {
		li--
	}
	sym := uint32(257 + li)
	if sym < 280 {
		z.code(sym-256, 7)
	} else {
		z.code(0xc0+sym-280, 8)
	}
	z.bits(uint64(length-int(lengthBase[li])), uint(lengthBits[li]))
	di := dist - 1 // distances 1..4 are codes 0..3, without extra bits
	z.code(uint32(di), 5)
}

// repeat appends n bytes each equal to the byte dist back (the last dist
// bytes written repeat) as copies, and a tail too short for a copy as
// literals (p holds the bytes, for that tail).
func (z *zwriter) repeat(p []byte, dist int) {
	n := len(p)
	for n >= 3 {
		l := min(n, 258-258%dist)
		if r := n - l; r > 0 && r < 3 {
			l -= 3
		}
		z.match(l, dist)
		n -= l
	}
	z.literals(p[len(p)-n:])
}

// zeroRow appends a PNG row of filter f and n zero bytes.
func (z *zwriter) zeroRow(f byte, n int) {
	z.sum([]byte{f})
	z.sumZeros(n)
	z.literal(f)
	if n == 0 {
		return
	}
	z.literal(0)
	n--
	for n >= 3 {
		l := min(n, 258)
		if r := n - l; r > 0 && r < 3 {
			l -= 3
		}
		z.match(l, 1)
		n -= l
	}
	for range n {
		z.literal(0)
	}
}

// row appends one PNG row: its filter byte f, then the filtered pixels p
// of bpp bytes each, runs of a value as copies.
func (z *zwriter) row(f byte, p []byte, bpp int) {
	z.sum([]byte{f})
	z.sum(p)
	z.literal(f)
	for x := 0; x < len(p); {
		px := p[x : x+bpp]
		end := x + bpp
		for end+bpp <= len(p) && string(p[end:end+bpp]) == string(px) {
			end += bpp
		}
		z.literals(px)
		z.repeat(p[x+bpp:end], bpp)
		x = end
	}
}

// pixelRow is row for pixels known a pixel at a time: px holds each
// filtered pixel as a little-endian word (its low bpp bytes are those of
// p), so runs are found by comparing words.
func (z *zwriter) pixelRow(f byte, p []byte, px []uint32, bpp int) {
	z.sum([]byte{f})
	z.sum(p)
	z.literal(f)
	for x := 0; x < len(px); {
		end := x + 1
		for end < len(px) && px[end] == px[x] {
			end++
		}
		z.literals(p[bpp*x : bpp*x+bpp])
		z.repeat(p[bpp*x+bpp:bpp*end], bpp)
		x = end
	}
}

// close ends the block and the stream and returns it.
func (z *zwriter) close() []byte {
	z.code(0, 7) // end of block
	for z.n > 0 {
		z.buf = append(z.buf, byte(z.acc))
		z.acc >>= 8
		z.n -= min(z.n, 8)
	}
	z.a %= adlerMod
	z.b %= adlerMod
	return binary.BigEndian.AppendUint32(z.buf, z.b<<16|z.a)
}
