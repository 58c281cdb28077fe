package preview

import (
	"bytes"
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

// checkRoundTrip encodes img, decodes it with image/png and compares
// every pixel (any fully transparent pixel equals any other).
func checkRoundTrip(t *testing.T, img *image.NRGBA) {
	t.Helper()
	var buf bytes.Buffer
	if err := Encode(&buf, img); err != nil {
		t.Fatalf("Encode: %v", err)
	}
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
}

// FuzzEncode round-trips images made from the fuzzer's bytes: a width,
// a few colours and a pattern of them, scaled up by a factor so that
// runs and repeated rows occur as in previews.
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
