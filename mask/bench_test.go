package mask

import (
	"fmt"
	"image"
	"image/color"
	"testing"
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

// The masks are dense but disjoint at the offset ((37+11) is even, so the
// two checkerboards of opposite parity never meet): every word is read.
func BenchmarkOverlap(b *testing.B) {
	for _, n := range benchSizes {
		m1, m2 := checker(n, n, 0), checker(n, n, 1)
		b.Run(fmt.Sprintf("%dx%d", n, n), func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if Overlap(m1, m2, 37, 11) {
					b.Fatal("Overlap = true, want false")
				}
			}
		})
	}
}

func BenchmarkOverlapArea(b *testing.B) {
	for _, n := range benchSizes {
		m1, m2 := checker(n, n, 0), checker(n, n, 0)
		want := 0
		for y := 11; y < n; y++ {
			for x := 37; x < n; x++ {
				if (x+y)%2 == 0 && (x-37+y-11)%2 == 0 {
					want++
				}
			}
		}
		b.Run(fmt.Sprintf("%dx%d", n, n), func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if got := OverlapArea(m1, m2, 37, 11); got != want {
					b.Fatalf("OverlapArea = %d, want %d", got, want)
				}
			}
		})
	}
}

func BenchmarkFirstOverlap(b *testing.B) {
	for _, n := range benchSizes {
		m1, m2 := checker(n, n, 0), checker(n, n, 1)
		b.Run(fmt.Sprintf("%dx%d", n, n), func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if _, ok := FirstOverlap(m1, m2, 37, 11); ok {
					b.Fatal("FirstOverlap found a pixel, want none")
				}
			}
		})
	}
}

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

func BenchmarkFromImage(b *testing.B) {
	for _, n := range []int{64, 512} {
		img := sprite(n)
		b.Run(fmt.Sprintf("NRGBA/%dx%d", n, n), func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				FromImage(img, 128)
			}
			b.ReportMetric(float64(n*n)*float64(b.N)/b.Elapsed().Seconds()/1e6, "Mpx/s")
		})
	}
}
