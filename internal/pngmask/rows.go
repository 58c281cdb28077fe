package pngmask

import (
	"encoding/binary"
	"math/bits"
	"sync"

	"github.com/shapegen/shapegen/mask"
)

// decoder holds one decode's state and the scratch that Decode reuses
// across calls through a pool.
type decoder struct {
	Header
	alpha  [256]uint8 // palette alphas (tRNS), 0xff past it
	hasKey bool       // a gray or RGB image with a tRNS colour key
	key    [6]byte    // the key as tRNS holds it (big-endian samples)
	idat   [][]byte   // the run of IDAT chunk bodies

	in         inflater
	joined     []byte   // the IDAT chunks' data joined, when there are several
	ends       []int    // where each IDAT chunk ends in the joined data
	cur, prev  []byte   // filtered and unfiltered rows with their filter byte
	acur, aprv []byte   // one alpha byte a pixel, this row and the one above
	words      []uint64 // a row of mask bits
}

var decoders = sync.Pool{New: func() any { return new(decoder) }}

func getDecoder() *decoder { return decoders.Get().(*decoder) }

func putDecoder(d *decoder) {
	d.idat = d.idat[:0]
	d.in.run, d.in.src = nil, nil
	decoders.Put(d)
}

// pass is one pass of an image's pixels: pass pixel (x, y) is image pixel
// (x0 + x*dx, y0 + y*dy).
type pass struct{ x0, y0, dx, dy int }

var (
	whole = []pass{{0, 0, 1, 1}}
	adam7 = []pass{{0, 0, 8, 8}, {4, 0, 8, 8}, {0, 4, 4, 8}, {2, 0, 4, 4}, {0, 2, 2, 4}, {1, 0, 2, 2}, {0, 1, 1, 2}}
)

// How a row's bytes become alphas.
const (
	opaque  = iota // no alpha and no colour key: only the filter bytes matter
	channel        // an alpha channel: only its (high) bytes are unfiltered
	full           // palette or colour key: whole rows are unfiltered
)

// pixels inflates the pixel data into m and returns the highest alpha.
func (d *decoder) pixels(m *mask.Mask, t uint8) (uint8, error) {
	d.ends = d.ends[:0]
	n := 0
	for _, c := range d.idat {
		n += len(c)
		d.ends = append(d.ends, n)
	}
	run := d.idat[0]
	if len(d.idat) > 1 {
		d.joined = d.joined[:0]
		for _, c := range d.idat {
			d.joined = append(d.joined, c...)
		}
		run = d.joined
	}
	if err := d.in.reset(run, d.ends, d.rowBytes(d.Width)); err != nil {
		return 0, err
	}
	passes := whole
	if d.Interlaced {
		passes = adam7
	}
	var maxAlpha uint8
	for _, p := range passes {
		w := (d.Width - p.x0 + p.dx - 1) / p.dx
		h := (d.Height - p.y0 + p.dy - 1) / p.dy
		if w <= 0 || h <= 0 {
			continue // an empty pass has no bytes, not even filter bytes
		}
		a, err := d.pass(m, p, w, h, t)
		if err != nil {
			return 0, err
		}
		maxAlpha = max(maxAlpha, a)
	}
	if err := d.in.finish(); err != nil {
		return 0, err
	}
	return maxAlpha, nil
}

// pixelBits returns the bits a pixel.
func (d *decoder) pixelBits() int {
	switch d.ColorType {
	case RGB:
		return 3 * d.BitDepth
	case GrayAlpha:
		return 2 * d.BitDepth
	case RGBA:
		return 4 * d.BitDepth
	}
	return d.BitDepth
}

// rowBytes returns the bytes of a row of w pixels, without its filter
// byte.
func (d *decoder) rowBytes(w int) int { return (d.pixelBits()*w + 7) / 8 }

// grow returns b resliced to n bytes, reallocated when too short.
func grow[T any](b []T, n int) []T {
	if cap(b) < n {
		return make([]T, n)
	}
	return b[:n]
}

// pass reads the w x h pixels of pass p into m and returns their highest
// alpha.
func (d *decoder) pass(m *mask.Mask, p pass, w, h int, t uint8) (uint8, error) {
	rowBytes := d.rowBytes(w)
	bpp := max(d.pixelBits()/8, 1) // filters look this many bytes to the left
	kind := opaque
	switch {
	case d.ColorType == GrayAlpha || d.ColorType == RGBA:
		kind = channel
	case d.ColorType == Paletted || d.hasKey:
		kind = full
	}

	if kind == full {
		d.cur, d.prev = grow(d.cur, rowBytes+1), grow(d.prev, rowBytes+1)
		clear(d.prev)
	}
	d.acur, d.aprv = grow(d.acur, w), grow(d.aprv, w)
	clear(d.aprv)
	d.words = grow(d.words, (w+63)/64)

	maxAlpha := uint8(0)
	if kind == opaque {
		maxAlpha = 0xff
		for i := range d.words {
			d.words[i] = ^uint64(0)
		}
		if n := w % 64; n != 0 {
			d.words[len(d.words)-1] = 1<<n - 1
		}
	}
	for y := range h {
		raw, err := d.in.next(rowBytes + 1)
		if err != nil {
			return 0, err
		}
		f := raw[0]
		if f > paeth {
			return 0, formatError("row %d: unknown filter type %d", p.y0+y*p.dy, f)
		}
		switch kind {
		case channel:
			off := bpp - 1 // the alpha's high byte: the pixel's last sample
			if d.BitDepth == 16 {
				off--
			}
			if !unfilterChannel(f, raw[1+off:], bpp, d.acur, d.aprv) && y > 0 {
				// The alphas are the row above's, still in d.aprv, and so
				// are their bits in d.words. (In the first row, d.words is
				// not yet this pass's; the zeros left in d.acur are then
				// the alphas, those above being zeros.)
				place(m, p, y, d.words)
				continue
			}
			d.acur, d.aprv = d.aprv, d.acur
		case full:
			// raw is the inflater's history: unfilter a copy.
			raw = d.cur[:copy(d.cur, raw)]
			unfilter(f, raw[1:], d.prev[1:], bpp)
			d.alphas(d.aprv, raw[1:])
			d.cur, d.prev = d.prev, d.cur
		}
		if kind != opaque {
			maxAlpha = threshold(d.words, d.aprv, t, maxAlpha)
		}
		place(m, p, y, d.words)
	}
	return maxAlpha, nil
}

// The PNG filter types.
const (
	none = iota
	sub
	up
	average
	paeth
)

// unfilterChannel unfilters one byte of each pixel of a row: the filtered
// byte of pixel x is raw[x*step], cur receives the unfiltered bytes and
// prev holds those of the row above (zeros above the first row). A PNG
// filter predicts a byte from the same byte of the pixel to the left and
// of the row above, so each byte of a pixel unfilters on its own: the
// bytes are gathered into cur and unfiltered there as a row of one-byte
// pixels. It reports false, leaving cur's bytes zero and unfiltered, for
// a row that is prev's, as where the alpha of a sprite's rows repeats: an
// Up or a Paeth row whose differences are all zero. (Paeth predicts from
// left a, above b and upper left c; where a == c it predicts b, and then
// so it does for the next byte.)
func unfilterChannel(f byte, raw []byte, step int, cur, prev []byte) bool {
	if gather(cur, raw, step) == 0 && (f == up || f == paeth) {
		return false
	}
	unfilter(f, cur, prev, 1)
	return true
}

// gather sets cur[x] to raw[x*step] for every x, and returns the OR of
// the bytes (in some lanes of a word).
func gather(cur, raw []byte, step int) uint64 {
	var or uint64
	if step == 4 { // 8-bit RGBA, 16-bit gray+alpha: 16 bytes from eight words
		// Bytes 0 and 4 of words a and b go to bytes 0 and 4 and bytes 2
		// and 6 of x, and a shift by three bytes moves 4 and 6 down to 1
		// and 3: the low half of x is a0 a4 b0 b4; that of y, c0 c4 d0 d4.
		// (Written out, each load on a line with its arithmetic: a helper
		// or a load on a line of its own costs a nop, the inlining mark.)
		const m = 0x000000ff000000ff
		le := binary.LittleEndian
		// The slices move on, so that the loop's test bounds every index
		// in it: the loads and the stores need no checks of their own.
		// Moving them costs as much as gathering 8 bytes, hence 16 a step.
		for len(cur) >= 16 && len(raw) >= 64 {
			p := (*[64]byte)(raw)
			x := le.Uint64(p[:8])&m | le.Uint64(p[8:16])&m<<16
			y := le.Uint64(p[16:24])&m | le.Uint64(p[24:32])&m<<16
			u := le.Uint64(p[32:40])&m | le.Uint64(p[40:48])&m<<16
			v := le.Uint64(p[48:56])&m | le.Uint64(p[56:])&m<<16
			if o := x | y | u | v; o == 0 { // transparent
				le.PutUint64(cur[:8], 0)
				le.PutUint64(cur[8:16], 0)
			} else {
				or |= o
				x, y, u, v = x|x>>24, y|y>>24, u|u>>24, v|v>>24
				le.PutUint64(cur[:8], uint64(uint32(x))|y<<32)
				le.PutUint64(cur[8:16], uint64(uint32(u))|v<<32)
			}
			cur, raw = cur[16:], raw[64:]
		}
	}
	for x := range cur {
		cur[x] = raw[x*step]
		or |= uint64(cur[x])
	}
	return or
}

// unfilter unfilters a whole row in place: cur holds its filtered bytes,
// prev the unfiltered bytes of the row above, bpp the bytes per pixel.
func unfilter(f byte, cur, prev []byte, bpp int) {
	prev = prev[:len(cur)]
	switch f {
	case sub:
		if bpp == 1 {
			sub1(cur)
			return
		}
		for i := bpp; i < len(cur); i++ {
			cur[i] += cur[i-bpp]
		}
	case up:
		i := 0
		for ; i+8 <= len(cur); i += 8 {
			binary.LittleEndian.PutUint64(cur[i:], addBytes(binary.LittleEndian.Uint64(cur[i:]), binary.LittleEndian.Uint64(prev[i:])))
		}
		for ; i < len(cur); i++ {
			cur[i] += prev[i]
		}
	case average:
		for i := range min(bpp, len(cur)) {
			cur[i] += prev[i] / 2
		}
		for i := bpp; i < len(cur); i++ {
			cur[i] += byte((int(cur[i-bpp]) + int(prev[i])) / 2)
		}
	case paeth:
		if bpp == 1 {
			paeth1(cur, prev)
			return
		}
		for i := range min(bpp, len(cur)) {
			cur[i] += prev[i] // the predictor of (0, above, 0) is above
		}
		for i := bpp; i < len(cur); i++ {
			cur[i] += predict(cur[i-bpp], prev[i], prev[i-bpp])
		}
	}
}

// addBytes adds the eight bytes of a and b lane by lane, modulo 256:
// the low seven bits of each lane add without reaching the next lane, and
// the top bit is their carry xor the two top bits.
func addBytes(a, b uint64) uint64 {
	const high = 0x8080808080808080
	return (a&^high + b&^high) ^ (a^b)&high
}

// sub1 unfilters a Sub row of one-byte pixels in place, eight bytes a
// step: three shifted lane-wise additions sum each byte with those before
// it in the word, and the last byte of the word before is added to all.
func sub1(cur []byte) {
	const ones = 0x0101010101010101
	var left uint64 // the last unfiltered byte, in every lane
	i := 0
	for ; i+8 <= len(cur); i += 8 {
		v := binary.LittleEndian.Uint64(cur[i:])
		v = addBytes(v, v<<8)
		v = addBytes(v, v<<16)
		v = addBytes(v, v<<32)
		v = addBytes(v, left)
		binary.LittleEndian.PutUint64(cur[i:], v)
		left = v >> 56 * ones
	}
	for ; i < len(cur); i++ {
		cur[i] += byte(left)
		left = uint64(cur[i])
	}
}

// paeth1 unfilters a Paeth row of one-byte pixels in place, keeping the
// left and upper-left bytes in registers; predict is written out so that
// the loop compiles to conditional moves. Eight bytes that differ by
// nothing from a uniform neighbourhood (the row above holds the left byte
// eight times, as transparent or solid areas do) are the left byte again,
// without the chain of predictions.
func paeth1(cur, prev []byte) {
	const ones = 0x0101010101010101
	prev = prev[:len(cur)]
	var left, upLeft int
	for x := 0; x < len(cur); x++ {
		if x%8 == 0 && x+8 <= len(cur) && left == upLeft &&
			binary.LittleEndian.Uint64(cur[x:]) == 0 && binary.LittleEndian.Uint64(prev[x:]) == uint64(left)*ones {
			binary.LittleEndian.PutUint64(cur[x:], uint64(left)*ones)
			x += 7
			continue
		}
		above := int(prev[x])
		pa, pb := above-upLeft, left-upLeft
		pc := abs(pa + pb)
		pa, pb = abs(pa), abs(pb)
		p := left
		if pb < pa {
			p, pa = above, pb
		}
		if pc < pa {
			p = upLeft
		}
		left = (int(cur[x]) + p) & 0xff
		cur[x] = byte(left)
		upLeft = above
	}
}

// predict returns the Paeth predictor of a byte from the byte to its left
// (a), above (b) and above-left (c): whichever is nearest a+b-c, preferring
// a, then b. It is written to compile to conditional moves.
func predict(a, b, c byte) byte {
	pa := int(b) - int(c) // |p-a| with p = a+b-c
	pb := int(a) - int(c) // |p-b|
	pc := abs(pa + pb)    // |p-c|
	pa, pb = abs(pa), abs(pb)
	if pb < pa {
		pa, a = pb, b
	}
	if pc < pa {
		a = c
	}
	return a
}

func abs(x int) int {
	s := x >> (bits.UintSize - 1)
	return (x ^ s) - s
}

// alphas fills a with the alpha of each pixel of an unfiltered row of a
// paletted image or of an image with a colour key, as image/png decodes
// them. image/png compares gray samples of 1 to 8 bits and 8-bit RGB
// samples with the low byte of the key's samples, 16-bit ones with the
// whole key.
func (d *decoder) alphas(a, row []byte) {
	depth := d.BitDepth
	if d.ColorType == Paletted || d.ColorType == Gray && depth < 8 {
		var table [256]byte // alpha by sample value
		if d.ColorType == Paletted {
			table = d.alpha
		} else {
			for i := range table {
				table[i] = 0xff
			}
			table[d.key[1]] = 0
		}
		if depth == 8 {
			for x := range a {
				a[x] = table[row[x]]
			}
			return
		}
		perByte := 8 / depth
		m := byte(1)<<depth - 1
		for x := range a {
			shift := 8 - depth*(x%perByte+1)
			a[x] = table[row[x/perByte]>>shift&m]
		}
		return
	}
	if d.ColorType == Gray && depth == 8 {
		for x := range a {
			a[x] = keyAlpha(row[x] == d.key[1])
		}
		return
	}
	if d.ColorType == Gray {
		k := binary.BigEndian.Uint16(d.key[:])
		for x := range a {
			a[x] = keyAlpha(binary.BigEndian.Uint16(row[2*x:]) == k)
		}
		return
	}
	if depth == 8 { // RGB
		r, g, b := d.key[1], d.key[3], d.key[5]
		for x := range a {
			p := row[3*x : 3*x+3]
			a[x] = keyAlpha(p[0] == r && p[1] == g && p[2] == b)
		}
		return
	}
	k := uint64(binary.BigEndian.Uint32(d.key[:]))<<16 | uint64(binary.BigEndian.Uint16(d.key[4:]))
	for x := range a {
		p := row[6*x : 6*x+6]
		a[x] = keyAlpha(uint64(binary.BigEndian.Uint32(p))<<16|uint64(binary.BigEndian.Uint16(p[4:])) == k)
	}
}

// keyAlpha returns the alpha of a pixel that matches a colour key or not.
func keyAlpha(match bool) byte {
	if match {
		return 0
	}
	return 0xff
}

// threshold sets bit x%64 of words[x/64] when a[x] >= t, clearing the
// others and the bits past len(a), and returns the highest a[x] if it is
// above hi, else hi. It compares eight bytes a step (atLeast).
func threshold(words []uint64, a []byte, t, hi uint8) uint8 {
	const ones = 0x0101010101010101
	tt := uint64(t) * ones
	var zero uint64 // the bits of 64 zero alphas: all set at threshold 0
	if t == 0 {
		zero = ^uint64(0)
	}
	var or uint64
	rest := a // the alphas of words[s:]
	for s := range words {
		if len(rest) < 64 { // the last word, not full
			var word uint64
			for i := 0; i < len(rest); i += 8 {
				var v uint64
				if i+8 <= len(rest) {
					v = binary.LittleEndian.Uint64(rest[i:])
				} else {
					for j := len(rest) - 1; j >= i; j-- {
						v = v<<8 | uint64(rest[j])
					}
				}
				or |= v
				word |= atLeast(v, tt) << uint(i)
			}
			words[s] = word & (1<<len(rest) - 1)
			continue
		}
		// A whole word, as an array: its fixed indexes need no checks.
		p := (*[64]byte)(rest)
		rest = rest[64:]
		// 64 bytes all 0 or all 0xff, as in the transparent and solid
		// areas of sprites, need no comparisons. (Written out: a loop
		// over the eight words costs more.)
		le := binary.LittleEndian
		v0, v1, v2, v3 := le.Uint64(p[0:]), le.Uint64(p[8:]), le.Uint64(p[16:]), le.Uint64(p[24:])
		v4, v5, v6, v7 := le.Uint64(p[32:]), le.Uint64(p[40:]), le.Uint64(p[48:]), le.Uint64(p[56:])
		o := v0 | v1 | v2 | v3 | v4 | v5 | v6 | v7
		or |= o
		switch {
		case o == 0:
			words[s] = zero
		case v0&v1&v2&v3&v4&v5&v6&v7 == ^uint64(0):
			words[s] = ^uint64(0)
		default:
			words[s] = atLeast(v0, tt) | atLeast(v1, tt)<<8 | atLeast(v2, tt)<<16 | atLeast(v3, tt)<<24 |
				atLeast(v4, tt)<<32 | atLeast(v5, tt)<<40 | atLeast(v6, tt)<<48 | atLeast(v7, tt)<<56
		}
	}
	if or != 0 && hi < 0xff { // the highest alpha is wanted, and above 0
		for _, v := range a {
			hi = max(hi, v)
		}
	}
	return hi
}

// atLeast returns the bits of the bytes of v that are >= those of tt, bit
// j for byte j. In each byte of r the top bit says whether the byte's low
// seven bits are >= tt's, which decides when the top bits are equal;
// multiplying the eight top bits by a constant gathers them into one
// byte (each lands on its own bit, so nothing carries).
func atLeast(v, tt uint64) uint64 {
	const (
		high   = 0x8080808080808080
		gather = 0x0102040810204080
	)
	r := (v | high) - (tt &^ high)
	ge := (v&^tt | ^(v^tt)&r) & high
	return ge >> 7 * gather >> 56
}

// place sets the pixels of row y of pass p whose bits are set in words.
func place(m *mask.Mask, p pass, y int, words []uint64) {
	y = p.y0 + y*p.dy
	if p.dx == 1 {
		m.OrRow(y, words) // a pass of whole rows starts at x = 0
		return
	}
	for s, w := range words {
		for w != 0 {
			x := 64*s + bits.TrailingZeros64(w)
			m.Set(p.x0+x*p.dx, y, true)
			w &= w - 1
		}
	}
}
