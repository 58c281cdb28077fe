package preview

import (
	"image"
	"image/color"
	"image/draw"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/shapegen/shapegen/export"
)

// TestSpriteMatchesDraw checks Sprite, with its fast path for RGBA frames,
// against image/draw's general conversion, for frames of several types
// placed at offsets inside and across the edge of the sprite's space, and
// spriteInto against Sprite when it reuses dirty memory.
func TestSpriteMatchesDraw(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for n := range 400 {
		r := image.Rect(rng.IntN(5), rng.IntN(5), 0, 0)
		r.Max = r.Min.Add(image.Pt(1+rng.IntN(9), 1+rng.IntN(9)))
		frame := spriteFrame(rng, n%3, r)
		s := &export.Sprite{}
		if rng.IntN(2) == 0 {
			s.Offset = &[2]int{rng.IntN(4), rng.IntN(4)}
		}
		if rng.IntN(2) == 0 {
			s.Size = [2]int{1 + rng.IntN(12), 1 + rng.IntN(12)}
		}
		size, off := spriteSpace(frame, s)
		want := image.NewNRGBA(image.Rectangle{Max: size})
		draw.Draw(want, r.Sub(r.Min).Add(off), frame, r.Min, draw.Src)
		got := Sprite(frame, s)
		if got.Rect != want.Rect || !slices.Equal(got.Pix, want.Pix) {
			t.Fatalf("case %d (%T at %v in %v): Sprite differs from image/draw", n, frame, off, size)
		}
		dirty := slices.Repeat([]byte{0x5a}, len(want.Pix)+8)
		if again := spriteInto(dirty, frame, s); !slices.Equal(again.Pix, want.Pix) {
			t.Fatalf("case %d (%T): spriteInto over used memory differs from image/draw", n, frame)
		}
	}
}

// spriteFrame returns an image of bounds r: kind 0 premultiplied RGBA
// (valid: no channel above alpha), 1 NRGBA, 2 paletted.
func spriteFrame(rng *rand.Rand, kind int, r image.Rectangle) image.Image {
	switch kind {
	case 0:
		img := image.NewRGBA(r)
		for i := 0; i < len(img.Pix); i += 4 {
			a := uint8(rng.IntN(256))
			if rng.IntN(3) == 0 {
				a = []uint8{0, 0xff}[rng.IntN(2)]
			}
			img.Pix[i+3] = a
			for c := range 3 {
				img.Pix[i+c] = uint8(rng.IntN(int(a) + 1))
			}
		}
		return img
	case 1:
		img := image.NewNRGBA(r)
		for i := range img.Pix {
			img.Pix[i] = uint8(rng.IntN(256))
		}
		return img
	default:
		pal := color.Palette{color.NRGBA{}, color.NRGBA{0xff, 0, 0, 0xff}, color.NRGBA{0x10, 0x80, 0x20, 0x80}}
		img := image.NewPaletted(r, pal)
		for i := range img.Pix {
			img.Pix[i] = uint8(rng.IntN(len(pal)))
		}
		return img
	}
}
