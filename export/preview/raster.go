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
	w, h    int
	cov     []uint8 // per pixel of img, 0 where untouched
	touched []int   // indices into cov of the touched pixels
}

// reset makes lb draw on img, keeping its memory, and returns it. Its
// coverage is all zero: flush leaves it so.
func (lb *lineBuffer) reset(img *image.RGBA) *lineBuffer {
	lb.img, lb.w, lb.h = img, img.Rect.Dx(), img.Rect.Dy()
	n := lb.w * lb.h
	if cap(lb.cov) < n {
		lb.cov = make([]uint8, n)
	}
	lb.cov = lb.cov[:n]
	lb.touched = lb.touched[:0]
	return lb
}

// segment adds the segment from (x0, y0) to (x1, y1), in output pixels,
// of the given width with round ends; dash, when not nil, is an on/off
// pattern that starts at distance s0 along the stroke. A pixel's coverage
// is how far its centre lies inside the stroke's edge, up to one.
func (lb *lineBuffer) segment(x0, y0, x1, y1, width float64, dash []float64, s0 float64) {
	dx, dy := x1-x0, y1-y0
	seg := strokeSeg{x0: x0, y0: y0, dx: dx, dy: dy, l2: dx*dx + dy*dy, half: width / 2, s0: s0}
	seg.l = math.Sqrt(seg.l2)
	if seg.l2 > 0 {
		seg.inv = 1 / seg.l2
	}
	seg.far2 = (seg.half + 0.5) * (seg.half + 0.5)
	if seg.half > 0.5 {
		seg.full2 = (seg.half - 0.5) * (seg.half - 0.5)
	} else {
		seg.full2 = -1
	}
	if len(dash) >= 2 {
		seg.dash, seg.period = dash[0], dash[0]+dash[1]
	}
	// Walk the longer axis; across it, the pixels whose centre can lie
	// within reach of the segment: R*sqrt(1+slope^2) from the point of the
	// segment above (or beside) it, for R = half + 0.5, which covers the
	// round ends too.
	reach := seg.half + 0.5
	if math.Abs(dx) >= math.Abs(dy) {
		across := reach * math.Sqrt(1+sq(dy/max(math.Abs(dx), 1e-300)))
		for px := max(0, int(math.Floor(min(x0, x1)-reach-0.5))); px <= min(lb.w-1, int(math.Ceil(max(x0, x1)+reach-0.5))); px++ {
			t := 0.0
			if dx != 0 {
				t = max(0, min(1, (float64(px)+0.5-x0)/dx))
			}
			yc := y0 + t*dy
			py := max(0, int(math.Floor(yc-across-0.5)))
			lb.plot(&seg, px, py, false, min(lb.h-1, int(math.Ceil(yc+across-0.5)))-py+1)
		}
		return
	}
	across := reach * math.Sqrt(1+sq(dx/dy))
	for py := max(0, int(math.Floor(min(y0, y1)-reach-0.5))); py <= min(lb.h-1, int(math.Ceil(max(y0, y1)+reach-0.5))); py++ {
		t := max(0, min(1, (float64(py)+0.5-y0)/dy))
		xc := x0 + t*dx
		px := max(0, int(math.Floor(xc-across-0.5)))
		lb.plot(&seg, px, py, true, min(lb.w-1, int(math.Ceil(xc+across-0.5)))-px+1)
	}
}

func sq(v float64) float64 { return v * v }

// strokeSeg is a segment being stroked (see segment).
type strokeSeg struct {
	x0, y0, dx, dy, l2, l float64
	inv                   float64 // 1/l2, 0 for a point
	half, far2, full2     float64 // full2: fully covered within this squared distance
	dash, period, s0      float64 // period 0: solid
}

// plot adds the coverage of seg at the n pixels from (px, py) on, along
// the row when inRow is set or else down the column; they are in the
// picture.
// One call per run rather than per pixel keeps the stroke's hot loop free
// of calls.
func (lb *lineBuffer) plot(seg *strokeSeg, px, py int, inRow bool, n int) {
	i, step := py*lb.w+px, lb.w
	if inRow {
		step = 1
	}
	for ; n > 0; n, i = n-1, i+step {
		cx, cy := float64(px)+0.5, float64(py)+0.5
		if inRow {
			px++
		} else {
			py++
		}
		t := ((cx-seg.x0)*seg.dx + (cy-seg.y0)*seg.dy) * seg.inv // inv 0: a point
		// Clamped to [0, 1] by comparisons: the min and max builtins'
		// care for NaN and -0 is not needed here and costs in this loop.
		if t < 0 {
			t = 0
		} else if t > 1 {
			t = 1
		}
		ex, ey := cx-(seg.x0+t*seg.dx), cy-(seg.y0+t*seg.dy)
		d2 := ex*ex + ey*ey
		if d2 >= seg.far2 {
			continue
		}
		if seg.period > 0 {
			s := seg.s0 + t*seg.l
			if s-seg.period*math.Floor(s/seg.period) >= seg.dash {
				continue
			}
		}
		if d2 <= seg.full2 {
			lb.cover(i, 1) // no need of the root
			continue
		}
		lb.cover(i, seg.half+0.5-math.Sqrt(d2))
	}
}

// cover raises the coverage of pixel i to c (in pixels; 1 or more is
// full).
func (lb *lineBuffer) cover(i int, c float64) {
	a := uint8(min(1, c)*255 + 0.5)
	if lb.cov[i] == 0 {
		lb.touched = append(lb.touched, i)
	}
	lb.cov[i] = max(lb.cov[i], a)
}

// circle adds the ring of radius r about (cx, cy), in output pixels, of
// the given width: each pixel's coverage is how far its centre lies
// inside the ring's edges, up to one.
func (lb *lineBuffer) circle(cx, cy, r, width float64) {
	half := width / 2
	outer, inner := r+half+0.5, max(0, r-half-0.5)
	for py := max(0, int(math.Floor(cy-outer-0.5))); py <= min(lb.h-1, int(math.Ceil(cy+outer-0.5))); py++ {
		dy := float64(py) + 0.5 - cy
		if dy*dy >= outer*outer {
			continue
		}
		xo := math.Sqrt(outer*outer - dy*dy)
		xi := 0.0
		if dy*dy < inner*inner {
			xi = math.Sqrt(inner*inner - dy*dy)
		}
		// The pixels whose centres lie between the inner and outer circles,
		// left and right.
		sides := [][2]float64{{cx - xo, cx - xi}, {cx + xi, cx + xo}}
		if xi == 0 {
			sides = [][2]float64{{cx - xo, cx + xo}} // one span across the middle
		}
		for _, side := range sides {
			for px := max(0, int(math.Floor(side[0]-0.5))); px <= min(lb.w-1, int(math.Ceil(side[1]-0.5))); px++ {
				dx := float64(px) + 0.5 - cx
				d := math.Sqrt(dx*dx + dy*dy)
				if c := half + 0.5 - math.Abs(d-r); c > 0 {
					lb.cover(py*lb.w+px, c)
				}
			}
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
	packed := lb.img.Rect.Min == (image.Point{}) && lb.img.Stride == 4*w // pixel i at 4*i
	for _, i := range lb.touched {
		off := 4 * i
		if !packed {
			off = lb.img.PixOffset(i%w+lb.img.Rect.Min.X, i/w+lb.img.Rect.Min.Y)
		}
		blendPixel(lb.img, off, col, uint8((uint32(lb.cov[i])*uint32(col.A)+127)/255))
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
