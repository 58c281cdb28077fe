package preview

import (
	"bufio"
	"bytes"
	"compress/zlib"
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

// Encode writes img to w as a PNG of its pixels (alpha dropped: previews
// are opaque), favouring speed over size. It is its own small encoder
// because a build encodes a preview per sprite and image/png spends most
// of that time trying five filters on every row: a preview is scaled up
// with nearest-neighbour sampling, so most rows repeat the row above
// (filter Up makes them zeros) and the rest are runs of equal pixels
// (filter Sub makes those zeros). An image of at most 256 colours is
// written with a palette, a third of the bytes.
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
	idat  bytes.Buffer
	zw    *zlib.Writer
	rows  [2][]byte // the current and the previous row, filtered
	index map[[3]byte]uint8
	pal   []color.NRGBA
	bw    *bufio.Writer
}

var states = sync.Pool{New: func() any {
	zw, _ := zlib.NewWriterLevel(nil, zlib.BestSpeed)
	return &encodeState{zw: zw, index: make(map[[3]byte]uint8, 256), bw: bufio.NewWriterSize(nil, 32<<10)}
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
	st.idat.Reset()
	st.zw.Reset(&st.idat)
	for i := range st.rows {
		st.rows[i] = append(st.rows[i][:0], make([]byte, 1+bpp*wd)...)
	}
	var last []byte
	var lastIdx uint8
	for y := range ht {
		src := img.Pix[y*img.Stride : y*img.Stride+4*wd]
		cur := st.rows[y%2]
		if y > 0 && bytes.Equal(src, img.Pix[(y-1)*img.Stride:(y-1)*img.Stride+4*wd]) {
			// Filter Up of a repeated row is all zeros.
			clear(cur)
			cur[0] = 2
		} else if paletted {
			cur[0] = 0
			for x := range wd {
				p := src[4*x : 4*x+3 : 4*x+3]
				if last == nil || !bytes.Equal(p, last) {
					lastIdx, last = st.index[[3]byte(p)], p
				}
				cur[1+x] = lastIdx
			}
		} else {
			cur[0] = 1 // Sub: each byte minus the same byte of the pixel to the left
			var l [4]byte
			for x := range wd {
				p := src[4*x : 4*x+4 : 4*x+4]
				q := cur[1+bpp*x : 1+bpp*x+bpp : 1+bpp*x+bpp]
				for c := range q {
					q[c] = p[c] - l[c]
				}
				l = [4]byte(p)
			}
		}
		if _, err := st.zw.Write(cur); err != nil {
			return err
		}
	}
	if err := st.zw.Close(); err != nil {
		return err
	}

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
	chunk(st.bw, "IDAT", st.idat.Bytes())
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
			c := [3]byte(c4[:3])
			if _, ok := st.index[c]; ok {
				continue
			}
			if len(st.pal) == 256 {
				paletted = false
				continue // but go on checking opacity
			}
			st.index[c] = uint8(len(st.pal))
			st.pal = append(st.pal, color.NRGBA{c[0], c[1], c[2], 0xff})
		}
	}
	return paletted, true
}
