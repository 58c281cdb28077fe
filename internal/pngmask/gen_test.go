package pngmask

import (
	"bytes"
	"compress/zlib"
	"encoding/binary"
	"fmt"
	"hash/crc32"
	"math/rand/v2"
)

// spec describes a PNG that the tests build byte by byte, since
// image/png's encoder writes only some colour types, depths and filters,
// and never interlaces.
type spec struct {
	w, h       int
	ct         ColorType
	depth      int
	interlaced bool
	plte       int  // palette entries (paletted images; RGB may have one too)
	trns       int  // tRNS length for paletted images, -1 for none
	key        bool // a tRNS colour key (gray and RGB)
	filter     int  // 0..4 for that filter on every row, 5 for a random one per row
	level      int  // zlib level: 0 stores, -2 is Huffman only
	chunks     int  // how many IDAT chunks to split the stream into
	extra      bool // ancillary chunks before IHDR, after PLTE and after the IDATs
	garbage    int  // bytes after the zlib stream in the last IDAT chunk
}

func (s spec) String() string {
	return fmt.Sprintf("%dx%d_%v%d_i%v_p%d_t%d_k%v_f%d_l%d_c%d_x%v_g%d",
		s.w, s.h, s.ct, s.depth, s.interlaced, s.plte, s.trns, s.key, s.filter, s.level, s.chunks, s.extra, s.garbage)
}

// samples returns how many samples a pixel of colour type ct has.
func samples(ct ColorType) int {
	switch ct {
	case RGB:
		return 3
	case GrayAlpha:
		return 2
	case RGBA:
		return 4
	}
	return 1
}

// alphaBytes are alphas either side of the thresholds the tests use.
var alphaBytes = []byte{0, 0, 1, 2, 127, 128, 129, 254, 255, 255, 255}

// build returns the PNG that s describes, with pixel bytes from r.
func (s spec) build(r *rand.Rand) []byte {
	var out bytes.Buffer
	out.WriteString(signature)
	if s.extra {
		writeChunk(&out, "tEXt", []byte("Comment\x00before IHDR"))
	}
	ihdr := make([]byte, 13)
	binary.BigEndian.PutUint32(ihdr, uint32(s.w))
	binary.BigEndian.PutUint32(ihdr[4:], uint32(s.h))
	ihdr[8], ihdr[9] = byte(s.depth), byte(s.ct)
	if s.interlaced {
		ihdr[12] = 1
	}
	writeChunk(&out, "IHDR", ihdr)
	if s.plte > 0 {
		plte := make([]byte, 3*s.plte)
		fill(r, plte)
		writeChunk(&out, "PLTE", plte)
	}
	if s.extra {
		writeChunk(&out, "gAMA", []byte{0, 0, 0xb1, 0x8f})
	}
	var key []byte
	switch {
	case s.ct == Paletted && s.trns >= 0:
		trns := make([]byte, s.trns)
		for i := range trns {
			trns[i] = alphaBytes[r.IntN(len(alphaBytes))]
		}
		writeChunk(&out, "tRNS", trns)
	case s.key:
		key = make([]byte, 2*samples(s.ct))
		fill(r, key)
		if s.depth < 16 {
			for i := 0; i < len(key); i += 2 {
				key[i] = 0 // image/png ignores the high byte then; keep it legal
				key[i+1] &= byte(1<<s.depth - 1)
			}
		}
		writeChunk(&out, "tRNS", key)
	}

	var raw bytes.Buffer // the filtered bytes of every pass
	passes := whole
	if s.interlaced {
		passes = adam7
	}
	nbits := s.depth * samples(s.ct)
	bpp := max(nbits/8, 1)
	for _, p := range passes {
		w := (s.w - p.x0 + p.dx - 1) / p.dx
		h := (s.h - p.y0 + p.dy - 1) / p.dy
		if w <= 0 || h <= 0 {
			continue
		}
		rowBytes := (nbits*w + 7) / 8
		prev := make([]byte, rowBytes)
		for range h {
			cur := make([]byte, rowBytes)
			s.row(r, cur, w, key)
			f := s.filter
			if f == 5 {
				f = r.IntN(5)
			}
			raw.WriteByte(byte(f))
			raw.Write(filterRow(byte(f), cur, prev, bpp))
			prev = cur
		}
	}
	var z bytes.Buffer
	zw, err := zlib.NewWriterLevel(&z, s.level)
	if err != nil {
		panic(err) // a test's own mistake
	}
	zw.Write(raw.Bytes())
	zw.Close()
	data := z.Bytes()
	for range s.garbage {
		data = append(data, byte(r.IntN(256)))
	}
	// Split into s.chunks IDAT chunks at random places (some may be empty).
	cuts := []int{0, len(data)}
	for range s.chunks - 1 {
		cuts = append(cuts, r.IntN(len(data)+1))
	}
	sortInts(cuts)
	for i := 1; i < len(cuts); i++ {
		writeChunk(&out, "IDAT", data[cuts[i-1]:cuts[i]])
	}
	if s.extra {
		writeChunk(&out, "tEXt", []byte("Comment\x00after IDAT"))
		writeChunk(&out, "IDAT", []byte("ignored by image/png"))
	}
	writeChunk(&out, "IEND", nil)
	return out.Bytes()
}

// row fills cur with the unfiltered bytes of a row of w pixels: random
// colour, alphas about the thresholds, pixels that match the colour key,
// and palette indices past the palette.
func (s spec) row(r *rand.Rand, cur []byte, w int, key []byte) {
	fill(r, cur)
	if r.IntN(4) == 0 { // long runs, as sprites have
		for i := range cur {
			cur[i] = 0
		}
	}
	if s.depth < 8 {
		return
	}
	n := samples(s.ct)
	size := n * s.depth / 8 // bytes a pixel
	for x := range w {
		p := cur[x*size : (x+1)*size]
		switch {
		case s.ct == GrayAlpha || s.ct == RGBA:
			p[size-s.depth/8] = alphaBytes[r.IntN(len(alphaBytes))]
		case key != nil && r.IntN(3) == 0:
			for i := range n {
				if s.depth == 16 {
					copy(p[2*i:], key[2*i:2*i+2])
				} else {
					p[i] = key[2*i+1]
				}
			}
		}
	}
}

// filterRow returns cur filtered with filter type f, prev being the
// unfiltered row above, bpp the bytes a pixel; a naive transcription of
// the PNG specification.
func filterRow(f byte, cur, prev []byte, bpp int) []byte {
	out := make([]byte, len(cur))
	for i := range cur {
		var a, b, c int // left, above, above-left
		if i >= bpp {
			a, c = int(cur[i-bpp]), int(prev[i-bpp])
		}
		b = int(prev[i])
		out[i] = cur[i] - byte(specPredict(f, a, b, c))
	}
	return out
}

// specPredict returns the prediction of filter type f for a byte whose
// left, above and above-left neighbours are a, b and c, as the PNG
// specification writes it.
func specPredict(f byte, a, b, c int) int {
	switch f {
	case 1:
		return a
	case 2:
		return b
	case 3:
		return (a + b) / 2
	case 4:
		p := a + b - c
		pa, pb, pc := absInt(p-a), absInt(p-b), absInt(p-c)
		switch {
		case pa <= pb && pa <= pc:
			return a
		case pb <= pc:
			return b
		default:
			return c
		}
	}
	return 0
}

func absInt(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

func fill(r *rand.Rand, b []byte) {
	for i := range b {
		b[i] = byte(r.Uint32())
	}
}

func sortInts(a []int) {
	for i := 1; i < len(a); i++ {
		for j := i; j > 0 && a[j] < a[j-1]; j-- {
			a[j], a[j-1] = a[j-1], a[j]
		}
	}
}

// writeChunk appends a chunk with its length and CRC.
func writeChunk(out *bytes.Buffer, typ string, body []byte) {
	var n [4]byte
	binary.BigEndian.PutUint32(n[:], uint32(len(body)))
	out.Write(n[:])
	start := out.Len()
	out.WriteString(typ)
	out.Write(body)
	binary.BigEndian.PutUint32(n[:], crc32.ChecksumIEEE(out.Bytes()[start:]))
	out.Write(n[:])
}

// fixCRCs rewrites the CRC of every whole chunk of a PNG, so that a
// mutated file reaches the checks past the CRCs.
func fixCRCs(data []byte) []byte {
	data = bytes.Clone(data)
	if len(data) < len(signature) {
		return data
	}
	rest := data[len(signature):]
	for len(rest) >= 12 {
		n := uint64(binary.BigEndian.Uint32(rest))
		if n+12 > uint64(len(rest)) {
			break
		}
		binary.BigEndian.PutUint32(rest[8+n:], crc32.ChecksumIEEE(rest[4:8+n]))
		rest = rest[12+n:]
	}
	return data
}

// specs returns the generated cases: every colour type at every legal
// depth, with and without tRNS, interlaced or not, at odd sizes, with every
// filter, several zlib levels and IDAT splits.
func specs() []spec {
	type ctDepth struct {
		ct    ColorType
		depth int
	}
	var cds []ctDepth
	for _, d := range []int{1, 2, 4, 8, 16} {
		cds = append(cds, ctDepth{Gray, d})
		if d <= 8 {
			cds = append(cds, ctDepth{Paletted, d})
		}
		if d >= 8 {
			cds = append(cds, ctDepth{RGB, d}, ctDepth{GrayAlpha, d}, ctDepth{RGBA, d})
		}
	}
	sizes := [][2]int{{1, 1}, {1, 9}, {9, 1}, {7, 5}, {63, 3}, {64, 4}, {65, 17}, {130, 9}, {33, 70}}
	var out []spec
	i := 0
	for _, cd := range cds {
		for _, sz := range sizes {
			for _, interlaced := range []bool{false, true} {
				for _, trns := range []bool{false, true} {
					i++
					s := spec{w: sz[0], h: sz[1], ct: cd.ct, depth: cd.depth, interlaced: interlaced,
						trns: -1, filter: i % 6, level: []int{6, 0, 1, -2, 9}[i%5], chunks: 1 + i%4, extra: i%7 == 0}
					switch cd.ct {
					case Paletted:
						s.plte = 1 + i%(1<<cd.depth)
						if trns {
							s.trns = (i * 37) % 258 % 257 // 0..256, sometimes past the palette
						}
					case Gray, RGB:
						s.key = trns
						if cd.ct == RGB && i%3 == 0 {
							s.plte = 1 + i%256
						}
					default:
						if trns {
							continue // no tRNS with an alpha channel
						}
					}
					out = append(out, s)
				}
			}
		}
	}
	return out
}
