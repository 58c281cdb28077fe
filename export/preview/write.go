package preview

import (
	"bytes"
	"encoding/binary"
	"hash/crc32"
	"image"
	"image/draw"
	"io"
	"math/bits"
	"sync"
)

// Encode writes img to w as a PNG of its pixels, favouring speed over
// size. It is a small encoder of its own, made for previews: a build
// encodes one per sprite, and image/png spends most of that time trying
// five filters on every row and searching for matches. A preview is scaled
// up with nearest-neighbour sampling, so most rows repeat the row above
// or differ from it in a few pixels, and the rest are runs of a colour.
// Every row is written with filter Up, so what it shares with the row
// above is zeros; rows are compared with the row above eight bytes at a
// time, and the zeros and the runs of a filtered pixel are written as
// copies (see zwriter): the cost is per differing pixel and per run
// rather than per byte. An opaque image of at most 256 colours is written
// with a palette, one byte a pixel; one with any transparency keeps its
// alpha. img is written in a single call of w.Write.
func Encode(w io.Writer, img image.Image) error {
	n, ok := img.(*image.NRGBA)
	if !ok {
		n = image.NewNRGBA(img.Bounds())
		draw.Draw(n, n.Rect, img, img.Bounds().Min, draw.Src)
	}
	st := states.Get().(*encodeState)
	defer states.Put(st)
	_, err := w.Write(st.encode(n))
	return err
}

// encodeState holds one encoder's reusable memory.
type encodeState struct {
	z       zwriter
	colours colourSet
	zero    []byte  // zero pixels: the row above the first
	index   []uint8 // with a palette: the indices of the row above
	header  []byte
}

var states = sync.Pool{New: func() any { return new(encodeState) }}

// headerRoom is the most bytes that come before the IDAT chunk's data:
// the signature, IHDR, PLTE of 256 colours, IDAT's length and type.
const headerRoom = 8 + 12 + 13 + 12 + 3*256 + 8

// filterUp is PNG's filter type Up.
const filterUp = 2

// encode returns img as a PNG, in st's memory.
func (st *encodeState) encode(img *image.NRGBA) []byte {
	paletted, opaque := st.palette(img)
	bpp, colourType := 4, byte(6) // truecolour with alpha
	switch {
	case paletted:
		bpp, colourType = 1, 3
	case opaque:
		bpp, colourType = 3, 2
	}
	if !st.rows(img, bpp) {
		// A transparent pixel past where the palette scan stopped.
		bpp, colourType = 4, 6
		st.rows(img, bpp)
	}
	zEnd := st.z.close()
	st.z.grow(4 + 12)
	out := st.z.out
	copy(out[headerRoom-4:], "IDAT")
	binary.BigEndian.PutUint32(out[zEnd:], crc32.ChecksumIEEE(out[headerRoom-4:zEnd]))
	end := zEnd + 4
	end += copy(out[end:], "\x00\x00\x00\x00IEND\xae\x42\x60\x82")

	h := append(st.header[:0], "\x89PNG\r\n\x1a\n"...)
	var ihdr [13]byte
	binary.BigEndian.PutUint32(ihdr[0:], uint32(img.Rect.Dx()))
	binary.BigEndian.PutUint32(ihdr[4:], uint32(img.Rect.Dy()))
	ihdr[8] = 8 // bit depth
	ihdr[9] = colourType
	h = appendChunk(h, "IHDR", ihdr[:])
	if bpp == 1 {
		var plte [3 * 256]byte
		for i, c := range st.colours.list {
			plte[3*i], plte[3*i+1], plte[3*i+2] = byte(c), byte(c>>8), byte(c>>16)
		}
		h = appendChunk(h, "PLTE", plte[:3*len(st.colours.list)])
	}
	h = binary.BigEndian.AppendUint32(h, uint32(zEnd-headerRoom))
	st.header = h
	start := headerRoom - 4 - len(h)
	copy(out[start:], h)
	return out[start:end]
}

// appendChunk appends one PNG chunk: length, type, data and CRC.
func appendChunk(dst []byte, typ string, data []byte) []byte {
	dst = binary.BigEndian.AppendUint32(dst, uint32(len(data)))
	n := len(dst)
	dst = append(dst, typ...)
	dst = append(dst, data...)
	return binary.BigEndian.AppendUint32(dst, crc32.ChecksumIEEE(dst[n:]))
}

// rowPair returns row y of img and the row above it (zeros above the
// first), each of 4 bytes a pixel.
func (st *encodeState) rowPair(img *image.NRGBA, y int) (row, above []byte) {
	n := 4 * img.Rect.Dx()
	row = img.Pix[y*img.Stride:][:n]
	if y == 0 {
		if cap(st.zero) < n {
			st.zero = make([]byte, n)
		}
		return row, st.zero[:n]
	}
	return row, img.Pix[(y-1)*img.Stride:][:n]
}

// palette numbers img's colours in order of first appearance into
// st.colours, and reports whether img is opaque with at most 256 colours,
// and whether no pixel it looked at is transparent: it stops at the first
// transparent pixel and at the 257th colour. It looks only at the first
// row and the pixels that differ from the pixel above.
func (st *encodeState) palette(img *image.NRGBA) (paletted, opaque bool) {
	st.colours.reset()
	wd, ht := img.Rect.Dx(), img.Rect.Dy()
	if wd == 0 || ht == 0 {
		return false, true
	}
	if row, _ := st.rowPair(img, 0); !opaqueRow(row) {
		return false, false // sameUntil passes over transparent black there
	}
	var last uint32 // never an opaque colour
	for y := range ht {
		row, above := st.rowPair(img, y)
		if y > 0 && bytes.Equal(row, above) {
			continue
		}
		for x := sameUntil(row, above, 0); x < wd; x = sameUntil(row, above, x+1) {
			p := pixel(row, x)
			if p>>24 != 0xff {
				return false, false
			}
			if p != last && !st.colours.add(p) {
				return false, true
			}
			last = p
		}
	}
	return true, true
}

// rows writes img's rows to st.z, each filtered Up, of bpp bytes a pixel:
// 1, palette indices (st.colours numbers them); 3, opaque RGB; 4, RGBA.
// With bpp 3 it stops at a transparent pixel and reports false.
func (st *encodeState) rows(img *image.NRGBA, bpp int) bool {
	wd := img.Rect.Dx()
	st.z.reset(st.z.out, headerRoom)
	if bpp == 1 {
		st.index = append(st.index[:0], make([]uint8, wd)...)
	}
	for y := range img.Rect.Dy() {
		row, above := st.rowPair(img, y)
		st.z.room(bpp*wd + 1)
		st.z.filter(filterUp)
		if y > 0 && bytes.Equal(row, above) {
			if wd > 0 {
				st.z.zeros(bpp * wd)
			}
			continue
		}
		if !st.row(row, above, bpp) {
			return false
		}
	}
	return true
}

// row writes the pixels of row, filtered Up from above, as rows does: the
// stretches equal to above as zeros, and each run of a filtered pixel as
// one literal pixel and copies.
func (st *encodeState) row(row, above []byte, bpp int) bool {
	z := &st.z
	wd := len(row) / 4
	var last uint32 // with a palette: the last colour looked up, and its index
	var lastIndex uint8
	for x := 0; x < wd; {
		if same := sameUntil(row, above, x); same > x {
			z.zeros(bpp * (same - x))
			if x = same; x == wd {
				break
			}
		}
		var f uint32 // the filtered pixel of the current run
		n := 0       // and its length
		for ; x < wd; x++ {
			p, q := pixel(row, x), pixel(above, x)
			if p == q {
				break
			}
			var g uint32
			switch bpp {
			case 1:
				if p != last {
					last, lastIndex = p, st.colours.number(p)
				}
				g = uint32(lastIndex - st.index[x])
				st.index[x] = lastIndex
			case 3:
				if p>>24 != 0xff {
					return false
				}
				g = subBytes(p, q) & 0xffffff
			default:
				g = subBytes(p, q)
			}
			if g != f && n > 0 {
				z.run(f, bpp, n)
				n = 0
			}
			f = g
			n++
		}
		z.run(f, bpp, n)
	}
	return true
}

// sameUntil returns the first x >= from at which pixel x of row differs
// from that of above, or the width if none does. It compares eight bytes
// at a time, 32 bytes a step.
func sameUntil(row, above []byte, from int) int {
	i := 4 * from
	for ; i+32 <= len(row); i += 32 {
		r, a := row[i:i+32:i+32], above[i:i+32:i+32]
		// ^ and | bind alike in Go: each difference needs its parentheses.
		d := (binary.LittleEndian.Uint64(r[0:]) ^ binary.LittleEndian.Uint64(a[0:])) |
			(binary.LittleEndian.Uint64(r[8:]) ^ binary.LittleEndian.Uint64(a[8:])) |
			(binary.LittleEndian.Uint64(r[16:]) ^ binary.LittleEndian.Uint64(a[16:])) |
			(binary.LittleEndian.Uint64(r[24:]) ^ binary.LittleEndian.Uint64(a[24:]))
		if d != 0 {
			break
		}
	}
	for ; i+8 <= len(row); i += 8 {
		if d := binary.LittleEndian.Uint64(row[i:]) ^ binary.LittleEndian.Uint64(above[i:]); d != 0 {
			return i/4 + bits.TrailingZeros64(d)/32
		}
	}
	if i < len(row) && pixel(row, i/4) == pixel(above, i/4) {
		i += 4
	}
	return i / 4
}

// pixel returns pixel x of a row of 4 bytes a pixel as a little-endian
// word.
func pixel(row []byte, x int) uint32 { return binary.LittleEndian.Uint32(row[4*x:]) }

// subBytes returns p - q byte by byte (each byte modulo 256, no borrow
// between bytes).
func subBytes(p, q uint32) uint32 {
	const h = 0x80808080
	return ((p | h) - (q &^ h)) ^ ((p ^ ^q) & h)
}

// opaqueRow reports whether every pixel of row has alpha 0xff.
func opaqueRow(row []byte) bool {
	for i := 3; i < len(row); i += 4 {
		if row[i] != 0xff {
			return false
		}
	}
	return true
}

// colourSet numbers up to 256 opaque colours (little-endian RGBA words)
// in order of first appearance, in an open-addressing hash table.
type colourSet struct {
	keys  [1024]uint32 // 0 for an empty slot: no opaque colour is 0
	index [1024]uint8
	list  []uint32 // the colours by number
}

func (s *colourSet) reset() {
	clear(s.keys[:])
	s.list = s.list[:0]
}

// slot returns where c is in the table, or the empty slot where it goes.
func (s *colourSet) slot(c uint32) int {
	i := int(c * 0x9e3779b1 >> 22)
	for s.keys[i] != 0 && s.keys[i] != c {
		i = (i + 1) % len(s.keys)
	}
	return i
}

// add numbers c if it is new, and reports false if that would make 257
// colours.
func (s *colourSet) add(c uint32) bool {
	i := s.slot(c)
	if s.keys[i] == c {
		return true
	}
	if len(s.list) == 256 {
		return false
	}
	s.keys[i], s.index[i] = c, uint8(len(s.list))
	s.list = append(s.list, c)
	return true
}

// number returns the number of c, which add numbered.
func (s *colourSet) number(c uint32) uint8 { return s.index[s.slot(c)] }
