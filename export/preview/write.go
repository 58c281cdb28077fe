package preview

import (
	"bufio"
	"bytes"
	"encoding/binary"
	"hash/crc32"
	"image"
	"image/color"
	"image/draw"
	"io"
	"sync"

	"github.com/shapegen/shapegen/internal/atomicfile"
)

// Write stores img as a PNG at path atomically (a reader or a killed run
// sees the old file or the new one, never a torn one). The bytes depend
// only on img's pixels.
func Write(path string, img image.Image) error {
	return atomicfile.Write(path, func(w io.Writer) error {
		return Encode(w, img)
	})
}

// Encode writes img to w as a PNG of its pixels, favouring speed over
// size. It is a small encoder of its own, made for previews: a build
// encodes one per sprite, and image/png spends most of that time trying
// five filters on every row and searching for matches. A preview is scaled
// up with nearest-neighbour sampling, so most rows repeat the row above
// (written with filter Up: zeros) and the others are runs of a colour;
// both are written as copies (see zwriter), at a cost per run rather than
// per byte. An opaque image of at most 256 colours is written with a
// palette, one byte a pixel; one with any transparency keeps its alpha.
func Encode(w io.Writer, img image.Image) error {
	n, ok := img.(*image.NRGBA)
	if !ok {
		n = image.NewNRGBA(img.Bounds())
		draw.Draw(n, n.Rect, img, img.Bounds().Min, draw.Src)
	}
	st := states.Get().(*encodeState)
	defer states.Put(st)
	return st.encode(w, n)
}

// encodeState holds one encoder's reusable buffers.
type encodeState struct {
	idat  []byte
	z     zwriter
	index map[uint32]uint8
	pal   []color.NRGBA
	bw    *bufio.Writer
}

var states = sync.Pool{New: func() any {
	return &encodeState{index: make(map[uint32]uint8, 256), bw: bufio.NewWriterSize(nil, 32<<10)}
}}

func (st *encodeState) encode(w io.Writer, img *image.NRGBA) error {
	wd, ht := img.Rect.Dx(), img.Rect.Dy()
	paletted, opaque := st.palette(img)
	bpp := 3
	switch {
	case paletted:
		bpp = 1
	case !opaque:
		bpp = 4
	}
	row := make([]byte, bpp*wd)  // this row's palette indices
	prev := make([]byte, bpp*wd) // the row above's
	up := make([]byte, bpp*wd+1) // this row, filtered (one spare byte for 4-byte stores)
	diffs := make([]uint32, wd)  // this row, filtered, a pixel at a time
	st.z.reset(st.idat)
	for y := range ht {
		src := img.Pix[y*img.Stride : y*img.Stride+4*wd]
		if y > 0 && bytes.Equal(src, img.Pix[(y-1)*img.Stride:(y-1)*img.Stride+4*wd]) {
			st.z.zeroRow(2, len(row))
			continue
		}
		if bpp == 1 {
			var last []byte
			var lastIdx uint8
			for x := range wd {
				p := src[4*x : 4*x+3 : 4*x+3]
				if last == nil || !bytes.Equal(p, last) {
					lastIdx, last = st.index[key(p)], p
				}
				row[x] = lastIdx
			}
			for i, v := range row {
				up[i] = v - prev[i]
			}
			st.z.row(2, up[:wd], bpp)
			row, prev = prev, row
			continue
		}
		// Truecolour: filter Up four bytes at a time, straight from the
		// pixels of this row and the row above.
		var above []byte
		if y > 0 {
			above = img.Pix[(y-1)*img.Stride : (y-1)*img.Stride+4*wd]
		}
		for x := range wd {
			p := binary.LittleEndian.Uint32(src[4*x:])
			var q uint32
			if above != nil {
				q = binary.LittleEndian.Uint32(above[4*x:])
			}
			d := subBytes(p, q)
			diffs[x] = d
			binary.LittleEndian.PutUint32(up[bpp*x:bpp*x+4], d) // bpp 3: the 4th byte is overwritten next
		}
		st.z.pixelRow(2, up[:bpp*wd], diffs[:wd], bpp)
	}
	st.idat = st.z.close()

	st.bw.Reset(w)
	st.bw.WriteString("\x89PNG\r\n\x1a\n")
	var ihdr [13]byte
	binary.BigEndian.PutUint32(ihdr[0:], uint32(wd))
	binary.BigEndian.PutUint32(ihdr[4:], uint32(ht))
	ihdr[8] = 8 // bit depth
	switch bpp {
	case 1:
		ihdr[9] = 3 // paletted
	case 3:
		ihdr[9] = 2 // truecolour
	case 4:
		ihdr[9] = 6 // truecolour with alpha
	}
	chunk(st.bw, "IHDR", ihdr[:])
	if paletted {
		plte := make([]byte, 0, 3*len(st.pal))
		for _, c := range st.pal {
			plte = append(plte, c.R, c.G, c.B)
		}
		chunk(st.bw, "PLTE", plte)
	}
	chunk(st.bw, "IDAT", st.idat)
	chunk(st.bw, "IEND", nil)
	err := st.bw.Flush()
	st.bw.Reset(nil)
	return err
}

// chunk writes one PNG chunk: length, type, data and CRC.
func chunk(w *bufio.Writer, typ string, data []byte) {
	var n [4]byte
	binary.BigEndian.PutUint32(n[:], uint32(len(data)))
	w.Write(n[:])
	w.WriteString(typ)
	w.Write(data)
	crc := crc32.NewIEEE()
	crc.Write([]byte(typ))
	crc.Write(data)
	binary.BigEndian.PutUint32(n[:], crc.Sum32())
	w.Write(n[:])
}

// palette numbers img's colours in order of first appearance into
// st.index and st.pal, and reports whether img is opaque with at most 256
// colours, and whether it is opaque. Runs of equal pixels and rows equal
// to the row above skip the lookup.
func (st *encodeState) palette(img *image.NRGBA) (paletted, opaque bool) {
	clear(st.index)
	st.pal = st.pal[:0]
	paletted = true
	wd := img.Rect.Dx()
	var prev []byte
	for y := range img.Rect.Dy() {
		row := img.Pix[y*img.Stride : y*img.Stride+4*wd]
		if prev != nil && bytes.Equal(row, prev) {
			continue
		}
		prev = row
		var last [4]byte
		for x := range wd {
			c4 := [4]byte(row[4*x : 4*x+4])
			if x > 0 && c4 == last {
				continue
			}
			last = c4
			if c4[3] != 0xff {
				return false, false
			}
			c := key(c4[:3])
			if _, ok := st.index[c]; ok {
				continue
			}
			if len(st.pal) == 256 {
				return false, opaqueImage(img)
			}
			st.index[c] = uint8(len(st.pal))
			st.pal = append(st.pal, color.NRGBA{c4[0], c4[1], c4[2], 0xff})
		}
	}
	return paletted, true
}

// key is the palette key of an RGB triple.
func key(p []byte) uint32 { return uint32(p[0])<<16 | uint32(p[1])<<8 | uint32(p[2]) }

// subBytes returns p - q byte by byte (each byte modulo 256, no borrow
// between bytes).
func subBytes(p, q uint32) uint32 {
	const h = 0x80808080
	return ((p | h) - (q &^ h)) ^ ((p ^ ^q) & h)
}

// opaqueImage reports whether every pixel of img has alpha 0xff.
func opaqueImage(img *image.NRGBA) bool {
	wd := img.Rect.Dx()
	for y := range img.Rect.Dy() {
		row := img.Pix[y*img.Stride : y*img.Stride+4*wd]
		for i := 3; i < len(row); i += 4 {
			if row[i] != 0xff {
				return false
			}
		}
	}
	return true
}
