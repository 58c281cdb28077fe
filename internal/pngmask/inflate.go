package pngmask

import (
	"encoding/binary"
	"math/bits"
)

// inflater decodes the zlib stream of a PNG's IDAT chunks into a linear
// buffer that keeps the 32 KiB history deflate refers back to plus the
// rows not yet handed out, so that a row is a slice of the buffer (no
// copy) and a match is a forward copy of 8-byte words. It accepts exactly
// the streams that compress/zlib accepts (the same checks of block types,
// code lengths, incomplete and over-subscribed codes, distances and
// checksum), and models how far image/png has read the IDAT chunks when
// the stream ends, to refuse what it refuses there.
type inflater struct {
	run  []byte // the IDAT data: zlib header, deflate stream, Adler-32, maybe more
	src  []byte // run[2:], the deflate stream and what follows
	ends []int  // where each IDAT chunk ends in run

	// The bit reader: bits holds nbits unread bits of the stream (the bits
	// above may hold the bytes that follow, or zeros past the end), pos
	// counts the bytes taken into bits, zeros past the end included.
	bits  uint64
	nbits uint
	pos   int

	buf    []byte // output: history, then the bytes not yet handed out
	w, r   int    // bytes written to buf, and handed out from it
	slid   int    // bytes moved out of buf's front
	adler  uint32 // of the bytes handed out before summed
	summed int    // where in buf the bytes not yet in adler start

	state      int
	final      bool
	stored     int    // bytes left in the current stored block
	codes      *codes // the current block's: &own or &fixed
	own        codes
	clen       [1 << clenRoot]uint32
	readAhead  int // how far image/png has read into run
	lengths    [maxLit + maxDist]uint8
	clenLength [19]uint8
}

// Block states.
const (
	stateHeader = iota // at a block header
	stateStored
	stateHuffman
	stateDone // after the last block
)

const (
	maxLit   = 286 // literal/length codes compress/flate takes in a dynamic block
	maxDist  = 30  // distance codes
	window   = 1 << 15
	margin   = 512 // room past the write limit: a match of 258 bytes and the overrun of its copy (under 32 bytes)
	litRoot  = 10  // index bits of the first level of a literal/length table
	distRoot = 8
	clenRoot = 7 // code-length codes are at most 7 bits: one level
)

// A table decodes a Huffman code from the next bits of the stream: the
// first 1<<root entries are indexed by that many bits; an entry for a
// longer code points at a second-level table of at most 2^(15-root)
// entries. There are at most as many second-level tables as symbols with
// longer codes, which bounds the sizes.
type (
	litTable  [1<<litRoot + 288<<(15-litRoot)]uint32
	distTable [1<<distRoot + 32<<(15-distRoot)]uint32
)

// A table entry is value<<16 | kind | extra<<8 | n: n (< 64, so that the
// compiler knows a shift by e&63 needs no check) is the number of bits
// to consume (the code's length, in the second level too); extra the extra
// bits of a length or distance, whose base is value; for a literal, value
// is the byte; for a pointer, value is where the second level starts and
// extra its index bits.
const (
	kindLiteral = 1 << 15
	kindEnd     = 1 << 14
	kindSub     = 1 << 13
	kindBad     = 1 << 12 // a symbol that is not allowed, or no code at all
)

var (
	lengthBase  = [29]uint16{3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195, 227, 258}
	lengthExtra = [29]uint8{0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0}
	distBase    = [30]uint16{1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193, 257, 385, 513, 769, 1025, 1537, 2049, 3073, 4097, 6145, 8193, 12289, 16385, 24577}
	distExtra   = [30]uint8{0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13}
	clenOrder   = [19]uint8{16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15}
)

func litEntry(sym int) uint32 {
	switch {
	case sym < 256:
		return kindLiteral | uint32(sym)<<16
	case sym == 256:
		return kindEnd
	case sym < maxLit:
		return uint32(lengthBase[sym-257])<<16 | uint32(lengthExtra[sym-257])<<8
	}
	return kindBad // 286 and 287, which only the fixed code has
}

func distEntry(sym int) uint32 {
	if sym < maxDist {
		return uint32(distBase[sym])<<16 | uint32(distExtra[sym])<<8
	}
	return kindBad // 30 and 31, which only the fixed code has
}

func clenEntry(sym int) uint32 { return uint32(sym) << 16 }

// Each symbol's table entry, without its code length, for build.
var (
	litEntries  = entries(288, litEntry)
	distEntries = entries(32, distEntry)
	clenEntries = entries(19, clenEntry)
)

func entries(n int, entry func(int) uint32) []uint32 {
	e := make([]uint32, n)
	for sym := range e {
		e[sym] = entry(sym)
	}
	return e
}

// codes are the tables of a block's two codes.
type codes struct {
	lit  litTable
	dist distTable
}

// fixed holds the codes of block type 1.
var fixed codes

func init() {
	var l [288]uint8
	for i := range l {
		switch {
		case i < 144:
			l[i] = 8
		case i < 256:
			l[i] = 9
		case i < 280:
			l[i] = 7
		default:
			l[i] = 8
		}
	}
	build(fixed.lit[:], l[:], litRoot, litEntries)
	var d [32]uint8
	for i := range d {
		d[i] = 5
	}
	build(fixed.dist[:], d[:], distRoot, distEntries)
}

// build fills t with the decoding table of the canonical Huffman code of
// the given code lengths (0 for an unused symbol), entries holding each
// symbol's entry. It reports false for the codes compress/flate refuses:
// over-subscribed or incomplete ones, except that a code with no symbols
// (any use of it is then an error) and a code of one 1-bit symbol are
// allowed.
func build(t []uint32, lengths []uint8, root uint, entries []uint32) bool {
	var count [16]int
	for _, n := range lengths {
		count[n]++
	}
	count[0] = 0
	maxLen := 15
	for maxLen > 0 && count[maxLen] == 0 {
		maxLen--
	}
	size := 1 << root
	sum := 0 // the code space used, in units of 2^-maxLen
	for n := 1; n <= maxLen; n++ {
		sum += count[n] << (maxLen - n)
	}
	if sum != 1<<maxLen && !(sum == 1 && maxLen == 1) && maxLen != 0 {
		return false
	}
	if sum != 1<<maxLen { // no code, or one 1-bit code: entries stay unused
		for i := range t[:size] {
			t[i] = kindBad
		}
	}
	// The symbols in the order of their canonical codes: by length, then
	// by value; unused symbols last.
	var at [16]int // where the next symbol of each length goes in sorted
	for n := 2; n <= maxLen; n++ {
		at[n] = at[n-1] + count[n-1]
	}
	at[0] = at[maxLen] + count[maxLen]
	var sorted [288]uint16
	for sym, n := range lengths {
		sorted[at[n]] = uint16(sym)
		at[n]++
	}
	var codes [288]uint16 // the codes of sorted, bits reversed (first bit lowest)
	code, i := 0, 0
	for n := 1; n <= maxLen; n++ {
		for range count[n] {
			codes[i] = bits.Reverse16(uint16(code)) >> (16 - n)
			code++
			i++
		}
		code <<= 1
	}
	// A code of n <= root bits stands at every index that starts with it:
	// the first 2^n entries hold the codes up to n bits, each once where
	// it is shortest, and copying them doubles the table for the codes of
	// n+1 bits. The entries under a longer code's first root bits hold
	// what was there until the pointers below replace them.
	i = 0
	k := 1 // t[:k] holds the codes of up to log2(k) bits
	for n := 1; n <= min(maxLen, int(root)); n++ {
		copy(t[k:2*k], t[:k])
		k *= 2
		for range count[n] {
			t[codes[i]] = entries[sorted[i]] | uint32(n)
			i++
		}
	}
	for ; k < size; k *= 2 {
		copy(t[k:2*k], t[:k])
	}
	if uint(maxLen) <= root {
		return true
	}
	// Size the second-level tables: for each first-level index, the
	// longest code under it.
	long := i // the first code longer than root
	var subBits [1 << litRoot]uint8
	for n := int(root) + 1; n <= maxLen; n++ {
		for range count[n] {
			j := int(codes[i]) & (size - 1)
			subBits[j] = max(subBits[j], uint8(n)-uint8(root))
			i++
		}
	}
	// Place them one after another, found through the long codes rather
	// than by a pass over all 1<<root indices.
	off := size
	for _, c := range codes[long:i] {
		j := int(c) & (size - 1)
		if b := subBits[j]; b > 0 {
			t[j] = uint32(off)<<16 | kindSub | uint32(b)<<8
			off += 1 << b
			subBits[j] = 0 // j's table is placed
		}
	}
	i = long
	for n := int(root) + 1; n <= maxLen; n++ {
		for range count[n] {
			c, e := int(codes[i]), entries[sorted[i]]|uint32(n)
			p := t[c&(size-1)]
			start, b, k := int(p>>16), p>>8&15, uint(n)-root
			for j := c >> root; j < 1<<b; j += 1 << k {
				t[start+j] = e
			}
			i++
		}
	}
	return true
}

// reset starts decoding the zlib stream at the start of run, whose IDAT
// chunks end at ends, for rows of at most rowBytes bytes.
func (z *inflater) reset(run []byte, ends []int, rowBytes int) error {
	z.run, z.ends = run, ends
	z.bits, z.nbits, z.pos = 0, 0, 0
	z.w, z.r, z.slid, z.adler, z.summed = 0, 0, 0, 1, 0
	z.state, z.final, z.stored = stateHeader, false, 0
	z.readAhead = 0
	if n := window + rowBytes + 1 + 1<<17 + margin; len(z.buf) < n {
		z.buf = make([]byte, n)
	}
	if len(run) < 2 {
		return errNotEnoughData
	}
	z.read(0, 2)
	cmf, flg := run[0], run[1]
	if cmf&0x0f != 8 || cmf>>4 > 7 || (uint(cmf)<<8|uint(flg))%31 != 0 {
		return formatError("invalid zlib header %#02x %#02x", cmf, flg)
	}
	if flg&0x20 != 0 {
		return formatError("zlib stream needs a preset dictionary")
	}
	z.src = run[2:]
	return nil
}

// next returns the next n bytes of the inflated stream, valid until the
// next call.
func (z *inflater) next(n int) ([]byte, error) {
	for z.w-z.r < n {
		if z.state == stateDone {
			return nil, errNotEnoughData
		}
		limit := len(z.buf) - margin
		if z.w >= limit || z.r+n > limit {
			z.slide()
		}
		if err := z.inflate(limit); err != nil {
			return nil, err
		}
	}
	p := z.buf[z.r : z.r+n]
	z.r += n
	return p, nil
}

// sum adds the bytes handed out since the last call to the Adler-32: a
// call for all the rows between two slides, not one for each row.
func (z *inflater) sum() {
	z.adler = adlerUpdate(z.adler, z.buf[z.summed:z.r])
	z.summed = z.r
}

// slide moves the history and the bytes not handed out to the front of
// buf.
func (z *inflater) slide() {
	z.sum()
	k := min(z.r, max(z.w-window, 0))
	copy(z.buf, z.buf[k:z.w])
	z.w -= k
	z.r -= k
	z.summed -= k
	z.slid += k
}

// finish checks, once every row is read, that the stream ends there (see
// end) and that the last IDAT chunk holds no bytes that image/png would
// not have read.
func (z *inflater) finish() error {
	if err := z.end(); err != nil {
		return err
	}
	if z.readAhead != chunkEnd(z.ends, z.readAhead) {
		return formatError("too much pixel data: bytes after the zlib stream in the last IDAT chunk")
	}
	return nil
}

// end checks that the stream has no more output than was read, and that
// the Adler-32 of what was read follows it.
func (z *inflater) end() error {
	for z.w == z.r && z.state != stateDone {
		z.slide()
		if err := z.inflate(len(z.buf) - margin); err != nil {
			return err
		}
	}
	if z.w != z.r {
		return formatError("too much pixel data")
	}
	z.sum()
	end := 2 + z.consumed() // where the Adler-32 starts in run
	if end+4 > len(z.run) {
		return formatError("zlib stream truncated before its checksum")
	}
	if binary.BigEndian.Uint32(z.run[end:]) != z.adler {
		return formatError("zlib checksum mismatch")
	}
	z.read(end, 4)
	return nil
}

// consumed returns how many bytes of src the deflate stream has used,
// counting the last byte begun.
func (z *inflater) consumed() int {
	return (8*z.pos - int(z.nbits) + 7) / 8
}

// truncated reports whether the stream has used bits past the end of src.
func (z *inflater) truncated() bool {
	return 8*z.pos-int(z.nbits) > 8*len(z.src)
}

var errTruncated = formatError("not enough pixel data: the zlib stream is cut short")

// need makes sure that bits holds at least n <= 56 bits, taking zeros past
// the end of src (truncated then tells whether they were used).
func (z *inflater) need(n uint) {
	for z.nbits < n {
		var b byte
		if z.pos < len(z.src) {
			b = z.src[z.pos]
		}
		z.bits |= uint64(b) << z.nbits
		z.pos++
		z.nbits += 8
	}
}

// take returns the next n bits.
func (z *inflater) take(n uint) uint32 {
	z.need(n)
	v := uint32(z.bits & (1<<n - 1))
	z.bits >>= n
	z.nbits -= n
	return v
}

// decode returns the entry of the next code of t, a table of one level.
func (z *inflater) decode(t []uint32, root uint) uint32 {
	z.need(15)
	e := t[z.bits&(1<<root-1)]
	z.bits >>= e & 63
	z.nbits -= uint(e & 63)
	return e
}

// entry returns the entry of the code at the start of b.
func (t *litTable) entry(b uint64) uint32 {
	e := t[b&(1<<litRoot-1)]
	if e&kindSub != 0 {
		e = t[int(e>>16)+int(b>>litRoot&(1<<(e>>8&15)-1))]
	}
	return e
}

// entry returns the entry of the code at the start of b.
func (t *distTable) entry(b uint64) uint32 {
	e := t[b&(1<<distRoot-1)]
	if e&kindSub != 0 {
		e = t[int(e>>16)+int(b>>distRoot&(1<<(e>>8&15)-1))]
	}
	return e
}

// inflate decodes until limit bytes are in buf, the stream ends, or it
// finds an error.
func (z *inflater) inflate(limit int) error {
	for z.w < limit {
		var err error
		switch z.state {
		case stateDone:
			return nil
		case stateHeader:
			err = z.header()
		case stateStored:
			err = z.copyStored(limit)
		case stateHuffman:
			err = z.huffman(limit)
		}
		if err != nil {
			return err
		}
		if z.truncated() {
			return errTruncated
		}
	}
	return nil
}

// header reads a block header, and a dynamic block's codes.
func (z *inflater) header() error {
	if z.final {
		z.state = stateDone
		return nil
	}
	h := z.take(3)
	z.final = h&1 != 0
	switch h >> 1 {
	case 0:
		return z.storedHeader()
	case 1:
		z.codes = &fixed
	case 2:
		if err := z.readCodes(); err != nil {
			return err
		}
		z.codes = &z.own
	default:
		return formatError("invalid deflate block type 3")
	}
	z.state = stateHuffman
	return nil
}

// storedHeader reads LEN and NLEN after the byte boundary and models
// image/png's reads of the block, which go around its read-ahead buffer
// when they are long.
func (z *inflater) storedHeader() error {
	z.take(z.nbits & 7)
	n, nn := z.take(16), z.take(16)
	if z.truncated() {
		return errTruncated
	}
	if n != ^nn&0xffff {
		return formatError("stored block length %d does not match its complement", n)
	}
	// Hand back the whole bytes still in bits: the data is copied from src.
	z.pos -= int(z.nbits / 8)
	z.bits, z.nbits = 0, 0
	c := 2 + z.pos - 4
	z.read(c, 4)
	// compress/flate reads the data into its 32 KiB window in pieces that
	// end where the window wraps.
	c += 4
	for out, left := z.slid+z.w, int(n); left > 0; {
		k := min(left, window-out%window)
		z.read(c, k)
		c, out, left = c+k, out+k, left-k
	}
	z.stored = int(n)
	z.state = stateStored
	return nil
}

// copyStored copies a stored block's bytes, up to limit.
func (z *inflater) copyStored(limit int) error {
	k := min(z.stored, limit-z.w, len(z.src)-z.pos)
	if k <= 0 && z.stored > 0 && z.pos >= len(z.src) {
		return errTruncated
	}
	copy(z.buf[z.w:], z.src[z.pos:z.pos+k])
	z.w += k
	z.pos += k
	z.stored -= k
	if z.stored == 0 {
		z.state = stateHeader
	}
	return nil
}

// readCodes reads the code lengths of a dynamic block and builds its tables.
func (z *inflater) readCodes() error {
	h := z.take(14)
	nlit, ndist, nclen := int(h&0x1f)+257, int(h>>5&0x1f)+1, int(h>>10)+4
	if nlit > maxLit {
		return formatError("%d literal/length codes, at most %d allowed", nlit, maxLit)
	}
	if ndist > maxDist {
		return formatError("%d distance codes, at most %d allowed", ndist, maxDist)
	}
	z.clenLength = [19]uint8{}
	for i := range nclen {
		z.clenLength[clenOrder[i]] = uint8(z.take(3))
	}
	clen := z.clen[:] // one level: code-length codes are at most 7 bits
	if !build(clen, z.clenLength[:], clenRoot, clenEntries) {
		return formatError("invalid code-length code")
	}
	l := z.lengths[:nlit+ndist]
	for i := 0; i < len(l); {
		if z.truncated() {
			return errTruncated
		}
		e := z.decode(clen, clenRoot)
		if e&kindBad != 0 {
			return formatError("invalid code-length code")
		}
		sym := e >> 16
		if sym < 16 {
			l[i] = uint8(sym)
			i++
			continue
		}
		var rep int
		var v uint8
		switch sym {
		case 16:
			if i == 0 {
				return formatError("code length repeated with no previous length")
			}
			rep, v = 3+int(z.take(2)), l[i-1]
		case 17:
			rep = 3 + int(z.take(3))
		default:
			rep = 11 + int(z.take(7))
		}
		if i+rep > len(l) {
			return formatError("code lengths repeat past the last code")
		}
		for range rep {
			l[i] = v
			i++
		}
	}
	if !build(z.own.lit[:], l[:nlit], litRoot, litEntries) {
		return formatError("invalid literal/length code")
	}
	if !build(z.own.dist[:], l[nlit:], distRoot, distEntries) {
		return formatError("invalid distance code")
	}
	return nil
}

// huffman decodes a Huffman block's symbols until the block ends or limit
// bytes are in buf. It keeps only the bit position p in src: each step
// reads the 57 or more bits from p at once, enough for a length, a
// distance and their extra bits (at most 48 bits), then writes a literal
// (two when the second code is one too) or copies a match: in 8-byte
// words or 16-byte steps, which may write past its end into the margin
// past limit, or with memmove.
func (z *inflater) huffman(limit int) error {
	buf, src, c := z.buf, z.src, z.codes // one register for both tables
	_ = c.lit[0]                         // c's nil check, once, not once a code
	p, w := 8*z.pos-int(z.nbits), z.w
	var err error
	for w < limit {
		var b uint64
		if i := p >> 3; i <= len(src)-8 {
			b = binary.LittleEndian.Uint64(src[i:]) >> (p & 7)
		} else {
			b = peekTail(src, p)
		}
		e := c.lit.entry(b)
		p += int(e & 63)
		if e&kindLiteral != 0 {
			buf[w] = byte(e >> 16)
			w++
			// Literals come in runs: the bits left (42 or more) hold the
			// next code. A literal is taken at once; anything else is
			// decoded again from a fresh read.
			b >>= e & 63
			e = c.lit.entry(b)
			if e&kindLiteral != 0 {
				buf[w] = byte(e >> 16)
				w++
				p += int(e & 63)
			}
			continue
		}
		b >>= e & 63
		if e&(kindEnd|kindBad) != 0 {
			if e&kindBad != 0 {
				err = formatError("invalid literal/length code")
				break
			}
			z.state = stateHeader
			break
		}
		extra := e >> 8 & 15
		length := int(e>>16) + int(b&lowBits[extra])
		b >>= extra
		p += int(extra)

		e = c.dist.entry(b)
		b >>= e & 63
		p += int(e & 63)
		if e&kindBad != 0 {
			err = formatError("invalid distance code")
			break
		}
		extra = e >> 8 & 15
		d := int(e>>16) + int(b&lowBits[extra])
		p += int(extra)
		// Once buf has slid, w is a window or more, as far as d reaches:
		// the test of d against w spares the load of slid.
		if d > w && d > z.slid+w {
			err = formatError("distance %d reaches before the start of the stream", d)
			break
		}
		if s := w - d; d >= 8 && length <= 16 {
			// Most matches are short: two words, the second read after
			// the first is written, beat a call of memmove. (Sliced to a
			// capacity of 16 and seen as arrays, each side takes two
			// bounds checks, not two a word, and no masking.)
			to, from := (*[16]byte)(buf[w:w+16:w+16]), (*[16]byte)(buf[s:s+16:s+16])
			binary.LittleEndian.PutUint64(to[:8], binary.LittleEndian.Uint64(from[:8]))
			binary.LittleEndian.PutUint64(to[8:], binary.LittleEndian.Uint64(from[8:]))
		} else if d >= 16 && length <= 64 {
			// Steps of 16 bytes, each read after the step before is
			// written (d >= 16 keeps a step's read off its own write),
			// 32 or 64 bytes in all, which the margin leaves room for:
			// cheaper than a call of memmove for these common lengths.
			to, from := (*[64]byte)(buf[w:w+64:w+64]), (*[64]byte)(buf[s:s+64:s+64])
			*(*[16]byte)(to[:]) = *(*[16]byte)(from[:])
			*(*[16]byte)(to[16:]) = *(*[16]byte)(from[16:])
			if length > 32 {
				*(*[16]byte)(to[32:]) = *(*[16]byte)(from[32:])
				*(*[16]byte)(to[48:]) = *(*[16]byte)(from[48:])
			}
		} else if d >= length {
			copy(buf[w:w+length], buf[s:s+length])
		} else if d >= 8 {
			for i := 0; i < length; i += 8 {
				binary.LittleEndian.PutUint64(buf[w+i:], binary.LittleEndian.Uint64(buf[s+i:]))
			}
		} else {
			copyShort(buf, w, d, length)
		}
		w += length
	}
	// Hand the bit reader the position: the bits of p's byte that are
	// left.
	z.bits, z.nbits, z.pos, z.w = 0, 0, p>>3, w
	z.take(uint(p & 7))
	return err
}

// lowBits[n] is a mask of the n lowest bits: a load, where 1<<n-1 takes
// n into CX and three instructions.
var lowBits = [16]uint64{0, 1<<1 - 1, 1<<2 - 1, 1<<3 - 1, 1<<4 - 1, 1<<5 - 1, 1<<6 - 1, 1<<7 - 1, 1<<8 - 1, 1<<9 - 1, 1<<10 - 1, 1<<11 - 1, 1<<12 - 1, 1<<13 - 1, 1<<14 - 1, 1<<15 - 1}

// peekTail returns the bits of src from bit p on, with zeros past the end
// of src.
func peekTail(src []byte, p int) uint64 {
	var b uint64
	for i := range 8 {
		if k := p>>3 + i; k < len(src) {
			b |= uint64(src[k]) << (8 * i)
		}
	}
	return b >> (p & 7)
}

// copyShort copies length bytes from d < 8 bytes back to buf[w:], as
// deflate means it (the copy overlaps what it writes), writing up to 8
// bytes past the end of the match.
func copyShort(buf []byte, w, d, length int) {
	if d == 1 {
		if buf[w-1] == 0 && length >= 32 {
			// A long run of zeros, as in transparent areas: memclr's wide
			// stores beat words.
			clear(buf[w : w+length])
			return
		}
		v := uint64(buf[w-1]) * 0x0101010101010101
		for i := 0; i < length; i += 8 {
			binary.LittleEndian.PutUint64(buf[w+i:], v)
		}
		return
	}
	// The first 8 bytes one at a time; then the pattern repeats every d
	// bytes, so the word of those 8 bytes repeats every multiple of d up
	// to 8.
	p, q := buf[w:w+8], buf[w-d:w-d+8]
	for i := range p {
		p[i] = q[i]
	}
	v := binary.LittleEndian.Uint64(p)
	step := 8 - 8%d
	for i := step; i < length; i += step {
		binary.LittleEndian.PutUint64(buf[w+i:], v)
	}
}

// read models image/png's reads of run: bytes before c were read one at a
// time through its 4 KiB buffer, then n bytes are read at once (which
// skip the buffer when the buffer is empty and 4 KiB or more are wanted).
// readAhead ends at how far it has read; a read never crosses the end of
// an IDAT chunk.
func (z *inflater) read(c, n int) {
	for z.readAhead < c {
		z.readAhead = min(z.readAhead+readAheadSize, chunkEnd(z.ends, z.readAhead+1))
	}
	for pos, end := c, c+n; pos < end; pos = min(z.readAhead, end) {
		if pos < z.readAhead {
			continue
		}
		if end-pos >= readAheadSize {
			z.readAhead = min(end, chunkEnd(z.ends, z.readAhead+1))
		} else {
			z.readAhead = min(z.readAhead+readAheadSize, chunkEnd(z.ends, z.readAhead+1))
		}
	}
}

var errNotEnoughData = formatError("not enough pixel data")

// readAheadSize is the size of the buffer through which image/png's zlib
// reader reads the IDAT data.
const readAheadSize = 4096

// chunkEnd returns the end of the IDAT chunk that holds byte p-1 of the
// run: a position at the end of a chunk belongs to that chunk. Past the
// last chunk it returns p.
func chunkEnd(ends []int, p int) int {
	for _, e := range ends {
		if e >= p {
			return e
		}
	}
	return p
}
