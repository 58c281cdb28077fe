package preview

import (
	"fmt"
	"image"
	"image/color"
	"math"
	"math/rand/v2"
	"testing"
)

// refSegment is the coverage, in 8 bits, that lineBuffer.segment gives
// pixel (px, py), measured the plain way: the distance of the pixel's
// centre to the nearest point of the segment, the dash looked up at that
// point. It is the reference for segment's faster paths.
func refSegment(px, py int, x0, y0, x1, y1, width float64, dash []float64, s0 float64) uint8 {
	cx, cy := float64(px)+0.5, float64(py)+0.5
	dx, dy := x1-x0, y1-y0
	l2 := dx*dx + dy*dy
	t := 0.0
	if l2 > 0 {
		t = max(0, min(1, ((cx-x0)*dx+(cy-y0)*dy)*(1/l2)))
	}
	ex, ey := cx-(x0+t*dx), cy-(y0+t*dy)
	half := width / 2
	d2 := ex*ex + ey*ey
	if d2 >= (half+0.5)*(half+0.5) {
		return 0
	}
	if len(dash) >= 2 {
		period := dash[0] + dash[1]
		s := s0 + t*math.Sqrt(l2)
		if s-period*math.Floor(s/period) >= dash[0] {
			return 0
		}
	}
	return uint8(min(1, half+0.5-math.Sqrt(d2))*255 + 0.5)
}

// refCircle is the coverage that lineBuffer.circle gives pixel (px, py):
// how far its centre lies inside the ring's edges, up to one.
func refCircle(px, py int, cx, cy, r, width float64) uint8 {
	d := math.Hypot(float64(px)+0.5-cx, float64(py)+0.5-cy)
	c := width/2 + 0.5 - math.Abs(d-r)
	if c <= 0 {
		return 0
	}
	return uint8(min(1, c)*255 + 0.5)
}

// randomSegment returns a segment for the w×h picture of the property
// tests: every fourth one along an axis, some reaching out of the
// picture, some of no length.
func randomSegment(rng *rand.Rand, w, h int) (x0, y0, x1, y1 float64) {
	coord := func(n int) float64 {
		v := rng.Float64()*float64(n+20) - 10
		if rng.IntN(3) == 0 {
			v = math.Round(v*2) / 2 // on a pixel's edge or centre
		}
		return v
	}
	x0, y0, x1, y1 = coord(w), coord(h), coord(w), coord(h)
	switch rng.IntN(8) {
	case 0:
		y1 = y0
	case 1:
		x1 = x0
	case 2:
		y1 = y0 + rng.Float64()*0.1 // nearly along an axis
	case 3:
		x1, y1 = x0, y0
	}
	return x0, y0, x1, y1
}

// TestSegmentCoverage checks the coverage of thousands of seeded random
// segments, solid and dashed, of several widths, pixel by pixel against
// refSegment; then that flush blends exactly that coverage and clears it.
func TestSegmentCoverage(t *testing.T) {
	const w, h = 61, 47
	rng := rand.New(rand.NewPCG(1, 2))
	// Widths of 1 and more, as strokes have: for a pixel centre on the
	// line, the reference's projection can leave it a hair off the line,
	// which changes its coverage only where half + 0.5 is under one.
	widths := []float64{1, 1.5, 2, 2.5, 3, 4}
	dashes := [][]float64{nil, {5, 3}, {8, 3}, {3, 2}}
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	var lb lineBuffer
	for n := range 3000 {
		x0, y0, x1, y1 := randomSegment(rng, w, h)
		width, dash := widths[rng.IntN(len(widths))], dashes[rng.IntN(len(dashes))]
		s0 := rng.Float64() * 20
		name := fmt.Sprintf("case %d: segment(%v, %v, %v, %v, width %v, dash %v, s0 %v)", n, x0, y0, x1, y1, width, dash, s0)
		fillRect(img, img.Rect, checkDark)
		lb.reset(img).segment(x0, y0, x1, y1, width, dash, s0)
		want := image.NewRGBA(img.Rect)
		fillRect(want, want.Rect, checkDark)
		for py := range h {
			for px := range w {
				a := refSegment(px, py, x0, y0, x1, y1, width, dash, s0)
				if got := lb.cov[py*w+px]; got != a {
					t.Fatalf("%s: coverage of pixel (%d, %d) = %d, want %d", name, px, py, got, a)
				}
				blendPixel(want, want.PixOffset(px, py), kinds[0].colour, a)
			}
		}
		lb.flush(kinds[0].colour)
		checkFlushed(t, name, &lb, img, want)
	}
}

// checkFlushed checks that lb's coverage is all zero and img is want.
func checkFlushed(t *testing.T, name string, lb *lineBuffer, img, want *image.RGBA) {
	t.Helper()
	for i, c := range lb.cov {
		if c != 0 {
			t.Fatalf("%s: after flush, coverage of pixel %d = %d, want 0", name, i, c)
		}
	}
	for y := img.Rect.Min.Y; y < img.Rect.Max.Y; y++ {
		for x := img.Rect.Min.X; x < img.Rect.Max.X; x++ {
			if got, w := img.RGBAAt(x, y), want.RGBAAt(x, y); got != w {
				t.Fatalf("%s: pixel (%d, %d) = %v, want %v", name, x, y, got, w)
			}
		}
	}
}

// TestCircleCoverage checks circles, some reaching out of the picture,
// pixel by pixel against refCircle.
func TestCircleCoverage(t *testing.T) {
	const w, h = 53, 41
	rng := rand.New(rand.NewPCG(3, 4))
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	var lb lineBuffer
	for n := range 1000 {
		cx, cy := rng.Float64()*70-10, rng.Float64()*60-10
		r, width := rng.Float64()*30, []float64{1, 1.5, 2.5}[rng.IntN(3)]
		name := fmt.Sprintf("case %d: circle(%v, %v, r %v, width %v)", n, cx, cy, r, width)
		fillRect(img, img.Rect, checkLight)
		lb.reset(img).circle(cx, cy, r, width)
		want := image.NewRGBA(img.Rect)
		fillRect(want, want.Rect, checkLight)
		for py := range h {
			for px := range w {
				a := refCircle(px, py, cx, cy, r, width)
				if got := lb.cov[py*w+px]; got != a {
					t.Fatalf("%s: coverage of pixel (%d, %d) = %d, want %d", name, px, py, got, a)
				}
				blendPixel(want, want.PixOffset(px, py), kinds[1].colour, a)
			}
		}
		lb.flush(kinds[1].colour)
		checkFlushed(t, name, &lb, img, want)
	}
}

// TestStrokeOverlaps checks that a stroke's segments meet and cross
// without darkening: where they overlap, a pixel takes the larger of
// their coverages, once; also when the picture does not start at (0, 0)
// and the colour is not opaque.
func TestStrokeOverlaps(t *testing.T) {
	type seg struct{ x0, y0, x1, y1 float64 }
	ring := []seg{{3, 4, 30.5, 4}, {30.5, 4, 22.25, 27.75}, {22.25, 27.75, 3, 20}, {3, 20, 3, 4}}
	crossing := []seg{{2, 10.3, 33, 10.3}, {15.8, 2, 15.8, 30}, {4, 28, 31, 3}, {5, 11.1, 30, 11.6}}
	col := color.NRGBA{0x10, 0x80, 0xf0, 0xc0}
	for _, stroke := range [][]seg{ring, crossing} {
		for _, dash := range [][]float64{nil, {5, 3}} {
			name := fmt.Sprintf("stroke %v dash %v", stroke, dash)
			img := image.NewRGBA(image.Rect(5, 7, 5+37, 7+33))
			fillRect(img, img.Rect, checkLight)
			want := image.NewRGBA(img.Rect)
			fillRect(want, want.Rect, checkLight)
			var lb lineBuffer
			lb.reset(img)
			w, h := img.Rect.Dx(), img.Rect.Dy()
			cov := make([]uint8, w*h)
			s := 0.0
			for _, g := range stroke {
				lb.segment(g.x0, g.y0, g.x1, g.y1, 2.5, dash, s)
				for j := range cov {
					cov[j] = max(cov[j], refSegment(j%w, j/w, g.x0, g.y0, g.x1, g.y1, 2.5, dash, s))
				}
				s += math.Hypot(g.x1-g.x0, g.y1-g.y0)
			}
			for j, c := range cov {
				if lb.cov[j] != c {
					t.Fatalf("%s: coverage of pixel (%d, %d) = %d, want %d", name, j%w, j/w, lb.cov[j], c)
				}
				x, y := img.Rect.Min.X+j%w, img.Rect.Min.Y+j/w
				blendPixel(want, want.PixOffset(x, y), col, uint8((uint32(c)*uint32(col.A)+127)/255))
			}
			lb.flush(col)
			checkFlushed(t, name, &lb, img, want)
		}
	}
}
