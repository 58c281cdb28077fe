package preview

import (
	"image"
	"image/color"
	"math"

	"golang.org/x/image/font/basicfont"
	"golang.org/x/image/math/fixed"

	"github.com/shapegen/shapegen/collide"
)

// Drawing straight into the pixel buffer: a preview is only fills of
// spans, anti-aliased lines and 7x13 text, and doing that directly is many
// times faster than a general path rasteriser (a build draws one preview
// per sprite).

// span returns where the horizontal line at y crosses the convex polygon
// p, as the closed interval [l, r], and false when it misses.
func span(p collide.Polygon, y float64) (l, r float64, ok bool) {
	l, r = math.Inf(1), math.Inf(-1)
	for i, a := range p {
		b := p[(i+1)%len(p)]
		if (a.Y < y && b.Y < y) || (a.Y > y && b.Y > y) {
			continue
		}
		if a.Y == b.Y {
			l, r = min(l, a.X, b.X), max(r, a.X, b.X)
			continue
		}
		x := a.X + (y-a.Y)*(b.X-a.X)/(b.Y-a.Y)
		l, r = min(l, x), max(r, x)
	}
	return l, r, l <= r
}

// circleSpan is span for a circle.
func circleSpan(c *collide.Circle, y float64) (l, r float64, ok bool) {
	dy := y - c.Center.Y
	if math.Abs(dy) > c.Radius {
		return 0, 0, false
	}
	h := math.Sqrt(c.Radius*c.Radius - dy*dy)
	return c.Center.X - h, c.Center.X + h, true
}

// spans calls f with each span of sh's parts (its circle or each ring) on
// the line at y.
func (sh shape) spans(y float64, f func(l, r float64)) {
	if sh.circle != nil {
		if l, r, ok := circleSpan(sh.circle, y); ok {
			f(l, r)
		}
		return
	}
	for _, p := range sh.rings {
		if l, r, ok := span(p, y); ok {
			f(l, r)
		}
	}
}

// sureRanges appends to dst the ranges [a, b] of pixels x in row y whose
// square lies, with a margin, inside one part of sh. A convex part holds
// the square exactly when it holds its four corners, that is when x and
// x+1 lie within its spans at y and y+1. A pixel in no range may still be
// inside: ask containsPixel.
func (sh shape) sureRanges(y int, dst [][2]int) [][2]int {
	const eps = 1e-7
	fy := float64(y)
	add := func(l0, r0 float64, ok0 bool, l1, r1 float64, ok1 bool) {
		if !ok0 || !ok1 {
			return
		}
		a := int(math.Ceil(max(l0, l1) + eps))
		b := int(math.Floor(min(r0, r1)-eps)) - 1
		if a <= b {
			dst = append(dst, [2]int{a, b})
		}
	}
	if sh.circle != nil {
		l0, r0, ok0 := circleSpan(sh.circle, fy)
		l1, r1, ok1 := circleSpan(sh.circle, fy+1)
		add(l0, r0, ok0, l1, r1, ok1)
		return dst
	}
	for _, p := range sh.rings {
		l0, r0, ok0 := span(p, fy)
		l1, r1, ok1 := span(p, fy+1)
		add(l0, r0, ok0, l1, r1, ok1)
	}
	return dst
}

// lineBuffer gathers the coverage of one stroke (several segments that
// meet at joins), so that it is blended once and joins do not darken.
type lineBuffer struct {
	img     *image.RGBA
	cov     []uint8 // per pixel of img, 0 where untouched
	touched []int   // indices into cov of the touched pixels
}

func newLineBuffer(img *image.RGBA) *lineBuffer {
	return &lineBuffer{img: img, cov: make([]uint8, img.Rect.Dx()*img.Rect.Dy())}
}

// segment adds the segment from (x0, y0) to (x1, y1), in output pixels,
// of the given width with round ends; dash, when not nil, is an on/off
// pattern that starts at distance s0 along the stroke.
func (lb *lineBuffer) segment(x0, y0, x1, y1, width float64, dash []float64, s0 float64) {
	w, h := lb.img.Rect.Dx(), lb.img.Rect.Dy()
	dx, dy := x1-x0, y1-y0
	l2 := dx*dx + dy*dy
	l := math.Sqrt(l2)
	half := width / 2
	reach := half + 1
	far2 := (half + 0.5) * (half + 0.5) // no coverage at this squared distance
	period := 0.0
	if len(dash) >= 2 {
		period = dash[0] + dash[1]
	}
	plot := func(px, py int) {
		if px < 0 || py < 0 || px >= w || py >= h {
			return
		}
		cx, cy := float64(px)+0.5, float64(py)+0.5
		t := 0.0
		if l2 > 0 {
			t = max(0, min(1, ((cx-x0)*dx+(cy-y0)*dy)/l2))
		}
		ex, ey := cx-(x0+t*dx), cy-(y0+t*dy)
		d2 := ex*ex + ey*ey
		if d2 >= far2 {
			return
		}
		c := half + 0.5 - math.Sqrt(d2)
		if period > 0 {
			s := s0 + t*l
			if s-period*math.Floor(s/period) >= dash[0] {
				return
			}
		}
		a := uint8(min(1, c)*255 + 0.5)
		i := py*w + px
		if lb.cov[i] == 0 {
			lb.touched = append(lb.touched, i)
		}
		lb.cov[i] = max(lb.cov[i], a)
	}
	// Walk the longer axis; across it, the pixels within reach of the
	// nearest point of the segment (slope at most 1, so 1.5*reach covers
	// the round ends too).
	if math.Abs(dx) >= math.Abs(dy) {
		xa, xb := math.Min(x0, x1)-reach, math.Max(x0, x1)+reach
		for px := int(math.Floor(xa)); px <= int(math.Ceil(xb)); px++ {
			t := 0.0
			if dx != 0 {
				t = max(0, min(1, (float64(px)+0.5-x0)/dx))
			}
			yc := y0 + t*dy
			for py := int(math.Floor(yc - 1.5*reach)); py <= int(math.Ceil(yc+1.5*reach)); py++ {
				plot(px, py)
			}
		}
		return
	}
	ya, yb := math.Min(y0, y1)-reach, math.Max(y0, y1)+reach
	for py := int(math.Floor(ya)); py <= int(math.Ceil(yb)); py++ {
		t := max(0, min(1, (float64(py)+0.5-y0)/dy))
		xc := x0 + t*dx
		for px := int(math.Floor(xc - 1.5*reach)); px <= int(math.Ceil(xc+1.5*reach)); px++ {
			plot(px, py)
		}
	}
}

// ring adds the closed ring through pts, dashed continuously along it.
func (lb *lineBuffer) ring(pts []collide.Vec, width float64, dash []float64) {
	s := 0.0
	for i, a := range pts {
		b := pts[(i+1)%len(pts)]
		lb.segment(a.X, a.Y, b.X, b.Y, width, dash, s)
		s += b.Sub(a).Len()
	}
}

// flush blends col over every touched pixel with its coverage and clears
// the buffer.
func (lb *lineBuffer) flush(col color.NRGBA) {
	w := lb.img.Rect.Dx()
	for _, i := range lb.touched {
		x, y := i%w, i/w
		blendPixel(lb.img, lb.img.PixOffset(x+lb.img.Rect.Min.X, y+lb.img.Rect.Min.Y), col, uint8((uint32(lb.cov[i])*uint32(col.A)+127)/255))
		lb.cov[i] = 0
	}
	lb.touched = lb.touched[:0]
}

// drawText writes s in basicfont's 7x13 face with its baseline's left end
// at (x, y), clipped to img.
func drawText(img *image.RGBA, s string, x, y int, col color.NRGBA) {
	face := basicfont.Face7x13
	dot := fixed.P(x, y)
	for _, r := range s {
		dr, m, mp, adv, ok := face.Glyph(dot, r)
		if !ok {
			dr, m, mp, adv, _ = face.Glyph(dot, '?')
		}
		alpha := m.(*image.Alpha)
		for py := dr.Min.Y; py < dr.Max.Y; py++ {
			for px := dr.Min.X; px < dr.Max.X; px++ {
				if !(image.Point{px, py}.In(img.Rect)) {
					continue
				}
				a := alpha.AlphaAt(mp.X+px-dr.Min.X, mp.Y+py-dr.Min.Y).A
				if a > 0 {
					blendPixel(img, img.PixOffset(px, py), col, a)
				}
			}
		}
		dot.X += adv
	}
}

// blendPixel blends col with opacity a over the opaque pixel at offset i.
func blendPixel(img *image.RGBA, i int, col color.NRGBA, a uint8) {
	p := img.Pix[i : i+4 : i+4]
	na := 255 - uint32(a)
	p[0] = uint8((uint32(col.R)*uint32(a) + uint32(p[0])*na + 127) / 255)
	p[1] = uint8((uint32(col.G)*uint32(a) + uint32(p[1])*na + 127) / 255)
	p[2] = uint8((uint32(col.B)*uint32(a) + uint32(p[2])*na + 127) / 255)
	p[3] = 0xff
}
