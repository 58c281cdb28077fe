package mask

import (
	"fmt"
	"image"
	"image/color"
	"testing"

	_ "github.com/shapegen/shapegen/internal/update" // -update for go test ./... -update
)

// checker returns a w x h mask set where (x+y)%2 == parity.
func checker(w, h, parity int) *Mask {
	m := New(w, h)
	for y := range h {
		for x := range w {
			m.Set(x, y, (x+y)%2 == parity)
		}
	}
	return m
}

// benchSizes are the square mask sizes of the overlap benchmarks.
var benchSizes = []int{64, 256, 1024}

// benchOverlap runs op over two n x n checkerboards for each size: of
// opposite parity when miss is set (dense but disjoint at (37, 11), since
// 37+11 is even, so every word is read), of the same parity otherwise.
func benchOverlap(b *testing.B, miss bool, op func(a, c *Mask) int) {
	for _, n := range benchSizes {
		m1, m2 := checker(n, n, 0), checker(n, n, 0)
		if miss {
			m2 = checker(n, n, 1)
		}
		want := 0
		for y := 11; y < n; y++ {
			for x := 37; x < n; x++ {
				if !miss && (x+y)%2 == 0 {
					want++
				}
			}
		}
		b.Run(fmt.Sprintf("%dx%d", n, n), func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if got := op(m1, m2); got != want {
					b.Fatalf("got %d, want %d", got, want)
				}
			}
		})
	}
}

func BenchmarkOverlap(b *testing.B) {
	benchOverlap(b, true, func(a, c *Mask) int {
		if Overlap(a, c, 37, 11) {
			return 1
		}
		return 0
	})
}

func BenchmarkOverlapArea(b *testing.B) {
	benchOverlap(b, false, func(a, c *Mask) int { return OverlapArea(a, c, 37, 11) })
}

func BenchmarkFirstOverlap(b *testing.B) {
	benchOverlap(b, true, func(a, c *Mask) int {
		if _, ok := FirstOverlap(a, c, 37, 11); ok {
			return 1
		}
		return 0
	})
}

// benchMask runs op on the mask of a soft disc sprite, at each size.
func benchMask(b *testing.B, op func(m *Mask)) {
	for _, n := range []int{64, 256, 1024} {
		m := FromImage(sprite(n), 128)
		b.Run(fmt.Sprintf("%dx%d", n, n), func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				op(m)
			}
		})
	}
}

func BenchmarkIslands(b *testing.B)    { benchMask(b, func(m *Mask) { m.Islands() }) }
func BenchmarkDilate3(b *testing.B)    { benchMask(b, func(m *Mask) { m.Dilate(3) }) }
func BenchmarkErode3(b *testing.B)     { benchMask(b, func(m *Mask) { m.Erode(3) }) }
func BenchmarkRotate90CW(b *testing.B) { benchMask(b, func(m *Mask) { m.Rotate90CW() }) }
func BenchmarkBounds(b *testing.B)     { benchMask(b, func(m *Mask) { m.Bounds() }) }

// sprite returns an n x n NRGBA image with a soft-edged disc of opaque
// pixels, like a sprite: alpha falls from 255 at the centre to 0.
func sprite(n int) *image.NRGBA {
	img := image.NewNRGBA(image.Rect(0, 0, n, n))
	c := float64(n) / 2
	for y := range n {
		for x := range n {
			d := (float64(x)-c)*(float64(x)-c) + (float64(y)-c)*(float64(y)-c)
			a := 255 - int(255*d/(c*c))
			img.SetNRGBA(x, y, color.NRGBA{R: uint8(x), G: uint8(y), B: 9, A: uint8(max(a, 0))})
		}
	}
	return img
}

// spriteAs returns sprite(n) converted to the named image type; the
// palette of "Paletted" holds every alpha level.
func spriteAs(kind string, n int) image.Image {
	src := sprite(n)
	r := src.Bounds()
	var dst interface {
		image.Image
		Set(x, y int, c color.Color)
	}
	switch kind {
	case "NRGBA":
		return src
	case "RGBA":
		dst = image.NewRGBA(r)
	case "NRGBA64":
		dst = image.NewNRGBA64(r)
	case "Alpha":
		dst = image.NewAlpha(r)
	case "Paletted":
		pal := make(color.Palette, 256)
		for i := range pal {
			pal[i] = color.NRGBA{A: uint8(i)}
		}
		p := image.NewPaletted(r, pal)
		for i := range p.Pix {
			p.Pix[i] = src.Pix[4*i+3]
		}
		return p
	case "At":
		return generic{src}
	}
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			dst.Set(x, y, src.At(x, y))
		}
	}
	return dst
}

func BenchmarkFromImage(b *testing.B) {
	for _, kind := range []string{"NRGBA", "RGBA", "NRGBA64", "Alpha", "Paletted", "At"} {
		for _, n := range []int{64, 512} {
			img := spriteAs(kind, n)
			b.Run(fmt.Sprintf("%s/%dx%d", kind, n, n), func(b *testing.B) {
				b.ReportAllocs()
				for b.Loop() {
					FromImage(img, 128)
				}
				b.ReportMetric(float64(n*n)*float64(b.N)/b.Elapsed().Seconds()/1e6, "Mpx/s")
			})
		}
	}
}
