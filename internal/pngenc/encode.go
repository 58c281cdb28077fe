package pngenc

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
// above is zeros. Each row is first cut into runs of equal filtered
// pixels, comparing it with the row above eight bytes at a time where
// they are equal, and the runs are then written as a literal pixel and
// copies (see zwriter): the cost is per differing pixel and per run
// rather than per byte. An opaque image is written as RGB, one with any
// transparency keeps its alpha. There is no palette: finding whether an
// image has at most 256 colours cost more time than the palette saved
// bytes over the corpus previews (2.5%), few of which qualify. img is
// written in a single call of w.Write.
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
	z      zwriter
	runs   []run  // the runs of the current row
	zero   []byte // zero pixels: the row above the first
	header []byte
}

var states = sync.Pool{New: func() any { return new(encodeState) }}

// headerRoom is the bytes that come before the IDAT chunk's data: the
// signature, IHDR, IDAT's length and type.
const headerRoom = 8 + 12 + 13 + 8

// encode returns img as a PNG, in st's memory: RGB if the first row is
// opaque and no later one has transparency, else RGBA.
func (st *encodeState) encode(img *image.NRGBA) []byte {
	bpp, colourType := 4, byte(6) // truecolour with alpha
	if row, _ := st.rowPair(img, 0); opaqueRow(row) {
		bpp, colourType = 3, 2
	}
	if !st.rows(img, bpp) {
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

// rows writes img's rows to st.z, each filtered Up, of bpp bytes a pixel:
// 3, opaque RGB; 4, RGBA. With bpp 3 it stops at a transparent pixel and
// reports false. Each row is cut into runs first, then written, in loops
// small enough for their variables to stay in registers.
func (st *encodeState) rows(img *image.NRGBA, bpp int) bool {
	wd := img.Rect.Dx()
	z := &st.z
	z.reset(z.out, headerRoom)
	if len(st.runs) < wd+1 {
		st.runs = make([]run, wd+1)
	}
	runs := st.runs[:wd+1] // no row has more runs than pixels
	for y := range img.Rect.Dy() {
		row, above := st.rowPair(img, y)
		z.room(bpp*wd + 1)
		n := min(wd, 1) // one run of zeros, or none
		runs[0] = run{}
		if y == 0 || !bytes.Equal(row, above) {
			n = truecolourRuns(runs, row, above)
		}
		runs[n] = run{x: uint32(wd)}
		if bpp == 3 && !opaqueRuns(runs[:n], y) {
			return false
		}
		z.row(runs[:n+1], bpp)
	}
	return true
}

// opaqueRuns reports whether the runs of row y, from an image whose
// first row is opaque (see encode), are, and clears the alpha of their
// filtered pixels: in the first row, alpha 0xff less the zero above; in
// a later one, 0, since a pixel is opaque if the one above is and the
// filtered pixel's alpha is 0.
func opaqueRuns(runs []run, y int) bool {
	if y == 0 {
		for i := range runs {
			runs[i].f &= 0xffffff
		}
		return true
	}
	var or uint32
	for _, r := range runs {
		or |= r.f
	}
	return or>>24 == 0
}

// run is the start of a run of equal filtered pixels f (little endian, 0
// for pixels equal to those above) at pixel x. Runs are written in order,
// each up to the next, the last an end with only its x.
type run struct{ f, x uint32 }

// truecolourRuns writes to runs those of row filtered Up from above and
// returns their number. runs has room for one a pixel.
func truecolourRuns(runs []run, row, above []byte) int {
	k := 0
	for i := 0; i < len(row); {
		if same := 4 * sameUntil(row, above, i/4); same > i {
			runs[k] = run{0, uint32(i) / 4}
			k++
			if i = same; i == len(row) {
				break
			}
		}
		f := subBytes(load32(row, i), load32(above, i))
		runs[k] = run{f, uint32(i) / 4}
		k++
		// Two pixels a step. Each is written as the start of a run, kept
		// only if it differs from the last: a branch there would be
		// mispredicted at most run ends. The loop's bounds are those that
		// let the compiler drop its bounds checks (see load32).
		for i += 4; i < len(row)-7 && i < len(above)-7; i += 8 {
			c, q := load64(row, i), load64(above, i)
			g := subBytes64(c, q)
			if uint32(c) == uint32(q) {
				break
			}
			runs[k] = run{uint32(g), uint32(i) / 4}
			if uint32(g) != f {
				k++
			}
			f = uint32(g)
			if c>>32 == q>>32 {
				i += 4
				break
			}
			runs[k] = run{uint32(g >> 32), uint32(i)/4 + 1}
			if uint32(g>>32) != f {
				k++
			}
			f = uint32(g >> 32)
		}
		// The last pixel, if the row has an odd number of them left.
		if i < len(row)-3 && i < len(above)-3 {
			if c, q := load32(row, i), load32(above, i); c != q {
				g := subBytes(c, q)
				runs[k] = run{g, uint32(i) / 4}
				if g != f {
					k++
				}
				i += 4
			}
		}
	}
	return k
}

// sameUntil returns the first x >= from at which pixel x of row differs
// from that of above, or the width if none does. It compares 32 bytes a
// step, eight at a time, and finds the first differing word of the step
// that differs without a branch, which would be mispredicted there.
func sameUntil(row, above []byte, from int) int {
	i := 4 * from
	for ; i < len(row)-31 && i < len(above)-31; i += 32 {
		d0 := load64(row, i) ^ load64(above, i)
		d1 := load64(row, i+8) ^ load64(above, i+8)
		d2 := load64(row, i+16) ^ load64(above, i+16)
		d3 := load64(row, i+24) ^ load64(above, i+24)
		if d0|d1|d2|d3 != 0 {
			// The first differing word: d0, else d1, else d2, else d3.
			d, k := d3, 24
			if d2 != 0 {
				d, k = d2, 16
			}
			if d1 != 0 {
				d, k = d1, 8
			}
			if d0 != 0 {
				d, k = d0, 0
			}
			return (i+k)/4 + bits.TrailingZeros64(d)/32
		}
	}
	for ; i < len(row)-7 && i < len(above)-7; i += 8 {
		if d := load64(row, i) ^ load64(above, i); d != 0 {
			return i/4 + bits.TrailingZeros64(d)/32
		}
	}
	if i < len(row)-3 && i < len(above)-3 && load32(row, i) == load32(above, i) {
		i += 4
	}
	return i / 4
}

// load32 returns the little-endian word at b[i:i+4]. Written byte by
// byte, it compiles to one load, and in loops bounded by
// i < len(b)-3 (load64: i < len(b)-7) with no bounds checks, which
// binary.LittleEndian.Uint32(b[i:]) does not.
func load32(b []byte, i int) uint32 {
	return uint32(b[i]) | uint32(b[i+1])<<8 | uint32(b[i+2])<<16 | uint32(b[i+3])<<24
}

// load64 returns the little-endian word at b[i:i+8], as load32.
func load64(b []byte, i int) uint64 {
	return uint64(b[i]) | uint64(b[i+1])<<8 | uint64(b[i+2])<<16 | uint64(b[i+3])<<24 |
		uint64(b[i+4])<<32 | uint64(b[i+5])<<40 | uint64(b[i+6])<<48 | uint64(b[i+7])<<56
}

// subBytes returns p - q byte by byte (each byte modulo 256, no borrow
// between bytes).
func subBytes(p, q uint32) uint32 {
	const h = 0x80808080
	return ((p | h) - (q &^ h)) ^ ((p ^ ^q) & h)
}

// subBytes64 is subBytes for two pixels.
func subBytes64(p, q uint64) uint64 {
	const h = 0x8080808080808080
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
