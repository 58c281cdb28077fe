package pngenc

import (
	"bytes"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"math/rand/v2"
	"testing"
)

// TestEncodeRoundTrip decodes what Encode writes with image/png and
// compares every pixel, over images that take each path of the encoder:
// palette or not, opaque or not, runs, repeated rows, odd sizes.
func TestEncodeRoundTrip(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	gen := func(w, h, colours int, opaque, scaled bool) *image.NRGBA {
		img := image.NewNRGBA(image.Rect(0, 0, w, h))
		pal := make([]color.NRGBA, colours)
		for i := range pal {
			pal[i] = color.NRGBA{uint8(rng.IntN(256)), uint8(rng.IntN(256)), uint8(rng.IntN(256)), 0xff}
			if !opaque {
				pal[i].A = uint8(rng.IntN(256))
			}
		}
		for y := range h {
			for x := range w {
				sx, sy := x, y
				if scaled {
					sx, sy = x/4, y/3
				}
				img.SetNRGBA(x, y, pal[(sx*7+sy*13+rng.IntN(2)*int(boolInt(!scaled)))%colours])
			}
		}
		return img
	}
	cases := []struct {
		name string
		img  *image.NRGBA
	}{
		{"1x1", gen(1, 1, 1, true, false)},
		{"one colour", gen(300, 40, 1, true, true)},
		{"palette scaled", gen(257, 100, 200, true, true)},
		{"palette noise", gen(61, 37, 256, true, false)},
		{"truecolour scaled", gen(300, 90, 3000, true, true)},
		{"truecolour noise", gen(97, 53, 5000, true, false)},
		{"alpha scaled", gen(130, 70, 50, false, true)},
		{"alpha noise", gen(33, 29, 500, false, false)},
		{"wide", gen(5000, 3, 20, true, true)},
		{"tall", gen(2, 3000, 3, true, true)},
	}
	// A transparent pixel late in an image of few colours, after rows
	// that differ from the row above in a pixel or two.
	late := gen(200, 120, 30, true, true)
	for y := 40; y < 100; y++ {
		late.SetNRGBA(y, y, color.NRGBA{1, 2, 3, 0xff})
	}
	late.SetNRGBA(199, 119, color.NRGBA{9, 9, 9, 0x80})
	// Many colours only after a long stretch of a few, and a sub-image
	// whose stride is wider than its rows.
	manyLate := gen(120, 80, 4, true, true)
	for x := range 120 {
		for y := 70; y < 80; y++ {
			manyLate.SetNRGBA(x, y, color.NRGBA{uint8(x), uint8(y), uint8(x * y), 0xff})
		}
	}
	sub := gen(90, 60, 300, false, true).SubImage(image.Rect(7, 5, 70, 41)).(*image.NRGBA)
	cases = append(cases, []struct {
		name string
		img  *image.NRGBA
	}{{"transparent late", late}, {"colours late", manyLate}, {"sub-image", sub}}...)
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) { checkRoundTrip(t, c.img) })
	}
}

// TestEncodeEdges round-trips images at the edges of the encoder's
// paths, and checks the colour type each is written with.
func TestEncodeEdges(t *testing.T) {
	opaque := func(i int) color.NRGBA { return color.NRGBA{uint8(i), uint8(i >> 8), uint8(i * 7), 0xff} }
	// colours has n colours in a row of n pixels, over rows equal to it
	// but for one pixel that changes back and forth.
	colours := func(n int) *image.NRGBA {
		img := image.NewNRGBA(image.Rect(0, 0, n, 6))
		for y := range 6 {
			for x := range n {
				img.SetNRGBA(x, y, opaque(x))
			}
			img.SetNRGBA(y%n, y, opaque((y+1)%n))
		}
		return img
	}
	// lateAlpha is opaque with 300 colours, and one pixel of alpha 0x80
	// in the last row, after the palette scan has stopped.
	lateAlpha := colours(300)
	lateAlpha.SetNRGBA(299, 5, color.NRGBA{1, 2, 3, 0x80})
	cases := []struct {
		name       string
		img        *image.NRGBA
		colourType byte
	}{
		{"256 colours", colours(256), 2},
		{"257 colours", colours(257), 2},
		{"transparent after 257 colours", lateAlpha, 6},
		{"width 1", colours(1), 2},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if got := checkRoundTrip(t, c.img)[25]; got != c.colourType {
				t.Errorf("colour type = %d, want %d", got, c.colourType)
			}
		})
	}
	// Runs of every length around the 258 bytes of deflate's longest
	// copy and its multiples, in each colour type.
	for _, w := range []int{1, 2, 3, 4, 85, 86, 87, 88, 89, 129, 130, 131, 171, 172, 173, 256, 258, 259, 260, 261, 262, 263, 517, 518} {
		for _, colourType := range []byte{2, 6} {
			img := runs(w, colourType)
			t.Run(fmt.Sprintf("runs of %d pixels, colour type %d", w, colourType), func(t *testing.T) {
				if got := checkRoundTrip(t, img)[25]; got != colourType {
					t.Errorf("colour type = %d, want %d", got, colourType)
				}
			})
		}
	}
}

// runs returns an image w pixels wide of a row of one colour and a row of
// another, then rows of 300 colours, written with the given colour type:
// for 6 the second colour is half transparent.
func runs(w int, colourType byte) *image.NRGBA {
	h := 2 + (300+w-1)/w
	img := image.NewNRGBA(image.Rect(0, 0, w, h))
	second := color.NRGBA{9, 8, 7, 0xff}
	if colourType == 6 {
		second.A = 0x80
	}
	for x := range w {
		img.SetNRGBA(x, 0, color.NRGBA{1, 2, 3, 0xff})
		img.SetNRGBA(x, 1, second)
	}
	for i := range w * (h - 2) {
		img.SetNRGBA(i%w, 2+i/w, color.NRGBA{uint8(i), uint8(i >> 8), 5, 0xff})
	}
	return img
}

// TestEncodeRowLengths round-trips images of every width from 1 to 70
// pixels, so that rows end at every offset of the 8- and 32-byte
// comparisons: each row is the row above with one pixel changed (a
// different pixel each row, sometimes none), then a few rows of noise.
func TestEncodeRowLengths(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for w := 1; w <= 70; w++ {
		for _, alpha := range []bool{false, true} {
			img := image.NewNRGBA(image.Rect(0, 0, w, 2*w+8))
			for y := range img.Rect.Dy() {
				for x := range w {
					c := img.NRGBAAt(x, y-1)
					if y == 0 || y >= 2*w {
						c = color.NRGBA{uint8(rng.IntN(4)), 7, uint8(rng.IntN(3)), 0xff}
					}
					if alpha && y >= 2*w {
						c.A = uint8(rng.IntN(2) * 0xff)
					}
					img.SetNRGBA(x, y, c)
				}
				if y > 0 && y < 2*w && y%3 != 0 {
					img.SetNRGBA(y%w, y, color.NRGBA{uint8(y), uint8(y >> 1), 1, 0xff})
				}
			}
			t.Run(fmt.Sprintf("width %d alpha %v", w, alpha), func(t *testing.T) { checkRoundTrip(t, img) })
		}
	}
}

// checkRoundTrip encodes img, decodes it with image/png and compares
// every pixel (any fully transparent pixel equals any other). It returns
// the PNG.
func checkRoundTrip(t *testing.T, img *image.NRGBA) []byte {
	t.Helper()
	var buf bytes.Buffer
	if err := Encode(&buf, img); err != nil {
		t.Fatalf("Encode: %v", err)
	}
	out := bytes.Clone(buf.Bytes())
	got, err := png.Decode(&buf)
	if err != nil {
		t.Fatalf("png.Decode(Encode(img)): %v", err)
	}
	if got.Bounds().Size() != img.Bounds().Size() {
		t.Fatalf("size = %v, want %v", got.Bounds().Size(), img.Bounds().Size())
	}
	b, gb := img.Bounds(), got.Bounds()
	for y := range b.Dy() {
		for x := range b.Dx() {
			want := img.NRGBAAt(b.Min.X+x, b.Min.Y+y)
			if g := color.NRGBAModel.Convert(got.At(gb.Min.X+x, gb.Min.Y+y)).(color.NRGBA); g != want && !(g.A == 0 && want.A == 0) {
				t.Fatalf("pixel (%d, %d) = %v, want %v", x, y, g, want)
			}
		}
	}
	return out
}

// FuzzEncode round-trips images made from the fuzzer's bytes: a width,
// a few colours and a pattern of them, scaled up by a factor so that
// runs and repeated rows occur as in previews. Seeded from
// testdata/fuzz/FuzzEncode; to run it longer:
//
//	go test ./internal/pngenc -run NONE -fuzz FuzzEncode -fuzztime 5m
func FuzzEncode(f *testing.F) {
	f.Add(uint8(5), uint8(2), []byte{0, 0, 0, 255, 255, 255, 255, 255, 0, 1, 1, 0})
	f.Add(uint8(1), uint8(1), []byte{10, 20, 30, 0})
	f.Add(uint8(40), uint8(3), []byte{1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16})
	f.Fuzz(func(t *testing.T, w, k uint8, data []byte) {
		if w == 0 || len(data) < 4 {
			return
		}
		scale := int(k%5) + 1
		ncol := max(1, len(data)/8)
		pal := make([]color.NRGBA, ncol)
		for i := range pal {
			pal[i] = color.NRGBA{data[4*i%len(data)], data[(4*i+1)%len(data)], data[(4*i+2)%len(data)], data[(4*i+3)%len(data)]}
		}
		pattern := data[4*ncol%len(data):]
		sw := int(w%64) + 1
		sh := max(1, len(pattern)/sw)
		img := image.NewNRGBA(image.Rect(0, 0, sw*scale, sh*scale))
		for y := range img.Rect.Dy() {
			for x := range img.Rect.Dx() {
				i := (y/scale)*sw + x/scale
				img.SetNRGBA(x, y, pal[int(pattern[i%len(pattern)])%ncol])
			}
		}
		checkRoundTrip(t, img)
	})
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}

// TestSameUntil compares sameUntil with a pixel-by-pixel reference over
// seeded random rows of 0 to 80 pixels that differ from the row above in
// a few bytes, from every starting pixel.
func TestSameUntil(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	naive := func(row, above []byte, from int) int {
		x := from
		for 4*x < len(row) && bytes.Equal(row[4*x:4*x+4], above[4*x:4*x+4]) {
			x++
		}
		return x
	}
	for range 2000 {
		wd := rng.IntN(81)
		above := make([]byte, 4*wd)
		for i := range above {
			above[i] = uint8(rng.IntN(256))
		}
		row := bytes.Clone(above)
		for range rng.IntN(4) {
			if wd > 0 {
				row[rng.IntN(len(row))] ^= 1 << rng.IntN(8)
			}
		}
		for from := 0; from <= wd; from++ {
			if got, want := sameUntil(row, above, from), naive(row, above, from); got != want {
				t.Fatalf("sameUntil(%v, %v, %d) = %d, want %d", row, above, from, got, want)
			}
		}
	}
}
