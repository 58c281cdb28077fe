package mask

import (
	"image"
	"image/color"
	"math/rand/v2"
	"testing"
)

// refFromImage is the DESIGN rule read pixel by pixel through At: opaque
// when the 16-bit alpha's top byte is >= threshold.
func refFromImage(img image.Image, threshold uint8) *grid {
	b := img.Bounds()
	g := newGrid(b.Dx(), b.Dy())
	for y := range g.h {
		for x := range g.w {
			_, _, _, a := img.At(b.Min.X+x, b.Min.Y+y).RGBA()
			g.set(x, y, uint8(a>>8) >= threshold)
		}
	}
	return g
}

// generic hides img's concrete type, so FromImage takes its At path.
type generic struct{ image.Image }

// viaRGBA64 hides the type but keeps RGBA64At, for the RGBA64Image path.
type viaRGBA64 struct{ *image.NRGBA64 }

// randImage returns an image of the named kind over r, its pixel bytes
// random (alphas biased to 0, 255 and the middle, where thresholds sit).
func randImage(rnd *rand.Rand, kind string, r image.Rectangle) image.Image {
	fill := func(pix []byte) {
		for i := range pix {
			switch rnd.IntN(4) {
			case 0:
				pix[i] = 0
			case 1:
				pix[i] = 255
			case 2:
				pix[i] = byte(126 + rnd.IntN(4))
			default:
				pix[i] = byte(rnd.IntN(256))
			}
		}
	}
	switch kind {
	case "NRGBA":
		im := image.NewNRGBA(r)
		fill(im.Pix)
		return im
	case "RGBA":
		im := image.NewRGBA(r)
		fill(im.Pix)
		return im
	case "NRGBA64":
		im := image.NewNRGBA64(r)
		fill(im.Pix)
		return im
	case "RGBA64":
		im := image.NewRGBA64(r)
		fill(im.Pix)
		return im
	case "Alpha":
		im := image.NewAlpha(r)
		fill(im.Pix)
		return im
	case "Alpha16":
		im := image.NewAlpha16(r)
		fill(im.Pix)
		return im
	case "Gray":
		im := image.NewGray(r)
		fill(im.Pix)
		return im
	case "Gray16":
		im := image.NewGray16(r)
		fill(im.Pix)
		return im
	case "CMYK":
		im := image.NewCMYK(r)
		fill(im.Pix)
		return im
	case "YCbCr":
		im := image.NewYCbCr(r, image.YCbCrSubsampleRatio420)
		fill(im.Y)
		return im
	case "NYCbCrA":
		im := image.NewNYCbCrA(r, image.YCbCrSubsampleRatio422)
		fill(im.A)
		fill(im.Y)
		return im
	case "Paletted":
		pal := make(color.Palette, 1+rnd.IntN(256))
		for i := range pal {
			a := uint8(rnd.IntN(256))
			pal[i] = color.NRGBA{uint8(i), 0, 0, a}
		}
		im := image.NewPaletted(r, pal)
		for i := range im.Pix {
			im.Pix[i] = uint8(rnd.IntN(len(pal)))
		}
		return im
	case "generic":
		return generic{randImage(rnd, "NRGBA", r)}
	case "RGBA64At":
		return viaRGBA64{randImage(rnd, "NRGBA64", r).(*image.NRGBA64)}
	}
	panic("randImage: unknown kind " + kind)
}

var imageKinds = []string{"NRGBA", "RGBA", "NRGBA64", "RGBA64", "Alpha", "Alpha16", "Gray", "Gray16",
	"CMYK", "YCbCr", "NYCbCrA", "Paletted", "generic", "RGBA64At"}

func TestFromImageProperty(t *testing.T) {
	rnd := rand.New(rand.NewPCG(15, 16))
	for _, kind := range imageKinds {
		t.Run(kind, func(t *testing.T) {
			for i := range 300 {
				w, h := testSizes[rnd.IntN(len(testSizes))], testSizes[rnd.IntN(len(testSizes))]
				origin := image.Pt(rnd.IntN(200)-100, rnd.IntN(200)-100)
				if kind == "YCbCr" || kind == "NYCbCrA" {
					// image.YCbCr misplaces chroma at negative coordinates.
					origin = origin.Add(image.Pt(100, 100))
				}
				var img image.Image = randImage(rnd, kind, image.Rectangle{origin, origin.Add(image.Pt(w, h))})
				if sub, ok := img.(interface {
					SubImage(image.Rectangle) image.Image
				}); ok && rnd.IntN(2) == 0 {
					// A sub-image whose origin is not the parent's.
					x0, y0 := origin.X+rnd.IntN(w+1), origin.Y+rnd.IntN(h+1)
					img = sub.SubImage(image.Rect(x0, y0, x0+rnd.IntN(w+1), y0+rnd.IntN(h+1)))
				}
				threshold := []uint8{0, 1, 127, 128, 200, 255}[rnd.IntN(6)]
				if msg, ok := sameAs(FromImage(img, threshold), refFromImage(img, threshold)); !ok {
					t.Fatalf("case %d: FromImage(%s %v, %d): %s", i, kind, img.Bounds(), threshold, msg)
				}
			}
		})
	}
}

func TestFromImageRule(t *testing.T) {
	pal := image.NewPaletted(image.Rect(0, 0, 3, 1), color.Palette{color.NRGBA{A: 127}, color.NRGBA{A: 128}})
	pal.Pix = []uint8{0, 1, 7} // 7 lies beyond the palette: opaque black
	a16 := image.NewNRGBA64(image.Rect(0, 0, 3, 1))
	a16.SetNRGBA64(0, 0, color.NRGBA64{A: 0x7fff})
	a16.SetNRGBA64(1, 0, color.NRGBA64{A: 0x8000})
	a16.SetNRGBA64(2, 0, color.NRGBA64{A: 0xffff})
	gray := image.NewGray(image.Rect(5, 5, 8, 6)) // all black, no alpha
	tests := []struct {
		name string
		img  image.Image
		want string
	}{
		{"palette alpha", pal, ".##"},
		{"16-bit uses the top byte", a16, ".##"},
		{"no alpha is opaque", gray, "###"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got, want := FromImage(tt.img, 128), parse(t, tt.want); !got.Equal(want) {
				t.Errorf("FromImage(%s, 128) = %q, want %q", tt.name, got, want)
			}
		})
	}
}
