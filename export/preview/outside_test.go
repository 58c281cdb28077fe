package preview

import (
	"fmt"
	"image"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/shapegen/shapegen/export"
	"github.com/shapegen/shapegen/mask"
)

// naiveOutside is the reference for forOutside: every opaque pixel
// against every enclosing shape with the exact test.
func naiveOutside(m *mask.Mask, shapes []shape) []image.Point {
	var out []image.Point
	for y := range m.Height() {
		for x := range m.Width() {
			if !m.Get(x, y) {
				continue
			}
			for _, sh := range shapes {
				if sh.encloses() && !sh.containsPixel(x, y) {
					out = append(out, image.Pt(x, y))
					break
				}
			}
		}
	}
	return out
}

// TestOutsideProperty compares forOutside with the naive test on
// thousands of seeded random sprites whose shapes are random, often too
// small, sometimes tilted or in pieces.
func TestOutsideProperty(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 11))
	f := func(lo, hi float64) float64 { return lo + rng.Float64()*(hi-lo) }
	for n := range 3000 {
		w, h := 1+rng.IntN(20), 1+rng.IntN(20)
		m := mask.New(w, h)
		for y := range h {
			// Every third sprite repeats rows, as tall sprites do.
			repeat := n%3 == 0 && y > 0 && rng.IntN(3) > 0
			for x := range w {
				if repeat {
					m.Set(x, y, m.Get(x, y-1))
				} else if rng.IntN(3) > 0 {
					m.Set(x, y, true)
				}
			}
		}
		fw, fh := float64(w), float64(h)
		s := &export.Sprite{Size: [2]int{w, h}, Pixels: m.Count()}
		s.AABB = &export.AABB{Min: export.Point{f(-1, 2), f(-1, 2)}, Max: export.Point{f(fw-2, fw+1), f(fh-2, fh+1)}}
		s.Circle = &export.Circle{Center: export.Point{fw / 2, fh / 2}, Radius: f(0.3, 0.8) * (fw + fh)}
		s.Box = &export.Box{Center: export.Point{fw / 2, fh / 2}, Half: export.Point{f(0.3, 0.8) * fw, f(0.3, 0.8) * fh}, Angle: f(-1, 1)}
		s.Polygon = export.Ring{{f(-1, 1), f(-1, 1)}, {f(fw-1, fw+1), f(-1, 1)}, {f(fw-1, fw+1), f(fh-1, fh+1)}, {f(-1, 1), f(fh-1, fh+1)}}
		if n%2 == 0 {
			mid := f(0, fw)
			s.Pieces = []export.Ring{
				{{-0.5, -0.5}, {mid, -0.5}, {mid, fh + 0.5}, {-0.5, fh + 0.5}},
				{{mid - f(0, 1), -0.5}, {fw + 0.5, -0.5}, {fw + 0.5, fh + 0.5}, {mid - f(0, 1), fh + 0.5}},
			}
		}
		shapes := shapesOf(s, Options{})
		got, want := outsideOf(m, shapes), naiveOutside(m, shapes)
		if !slices.Equal(got, want) {
			t.Fatalf("case %d (%dx%d): forOutside = %v, want %v", n, w, h, fmt.Sprint(got), fmt.Sprint(want))
		}
	}
}
