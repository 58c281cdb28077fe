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
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			var buf bytes.Buffer
			if err := Encode(&buf, c.img); err != nil {
				t.Fatalf("Encode: %v", err)
			}
			got, err := png.Decode(&buf)
			if err != nil {
				t.Fatalf("png.Decode(Encode(img)): %v", err)
			}
			if got.Bounds() != c.img.Bounds() {
				t.Fatalf("bounds = %v, want %v", got.Bounds(), c.img.Bounds())
			}
			for y := range c.img.Rect.Dy() {
				for x := range c.img.Rect.Dx() {
					want := c.img.NRGBAAt(x, y)
					if g := color.NRGBAModel.Convert(got.At(x, y)).(color.NRGBA); g != want && !(g.A == 0 && want.A == 0) {
						t.Fatalf("pixel (%d, %d) = %v, want %v", x, y, g, want)
					}
				}
			}
		})
	}
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}
