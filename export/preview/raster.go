package preview

import (
	"cmp"
	"image"
	"image/color"
	"math"
	"slices"

	"golang.org/x/image/font/basicfont"
	"golang.org/x/image/math/fixed"

	"github.com/shapegen/shapegen/collide"
)

// Drawing straight into the pixel buffer: a preview is only fills of
// spans, anti-aliased lines and 7x13 text, and doing that directly is many
// times faster than a general path rasteriser (a build draws one preview
// per sprite).

// A scanner gives the spans of a shape's parts on horizontal lines taken
// in order of non-decreasing y (as a picture is drawn, row by row). A
// polygon is looked at only where it reaches the line: its edges are
// sorted by their lowest y, taken in as the line reaches them and dropped
// once it has passed them, so a row costs the two or three edges it
// crosses rather than all of them.
type scanner struct {
	circle *collide.Circle
	rings  []ringScan
}

// ringScan scans one convex polygon.
type ringScan struct {
	edges  []scanEdge // by lo
	next   int        // the first edge of edges not yet taken in
	active []scanEdge // taken in and not yet passed
}

// scanEdge is the polygon edge from a to b (in the polygon's order), which
// spans lo <= y <= hi.
type scanEdge struct {
	a, b   collide.Vec
	lo, hi float64
}

// scanner returns a scanner of sh's parts, its circle or each ring.
func (sh shape) scanner() *scanner {
	s := &scanner{circle: sh.circle, rings: make([]ringScan, len(sh.rings))}
	for i, p := range sh.rings {
		edges := make([]scanEdge, len(p))
		for j, a := range p {
			b := p[(j+1)%len(p)]
			edges[j] = scanEdge{a, b, min(a.Y, b.Y), max(a.Y, b.Y)}
		}
		slices.SortFunc(edges, func(e, f scanEdge) int { return cmp.Compare(e.lo, f.lo) })
		s.rings[i].edges = edges
	}
	return s
}

// span returns where the horizontal line at y crosses the polygon, as the
// closed interval [l, r], and false when it misses; y must not be less
// than in the call before.
func (rs *ringScan) span(y float64) (l, r float64, ok bool) {
	for rs.next < len(rs.edges) && rs.edges[rs.next].lo <= y {
		rs.active = append(rs.active, rs.edges[rs.next])
		rs.next++
	}
	l, r = math.Inf(1), math.Inf(-1)
	keep := rs.active[:0]
	for _, e := range rs.active {
		if e.hi < y {
			continue // passed for good
		}
		keep = append(keep, e)
		a, b := e.a, e.b
		if a.Y == b.Y {
			l, r = min(l, a.X, b.X), max(r, a.X, b.X)
			continue
		}
		x := a.X + (y-a.Y)*(b.X-a.X)/(b.Y-a.Y)
		l, r = min(l, x), max(r, x)
	}
	rs.active = keep
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

// spans calls f with each span of the shape's parts (its circle or each
// ring) on the line at y.
func (s *scanner) spans(y float64, f func(l, r float64)) {
	if s.circle != nil {
		if l, r, ok := circleSpan(s.circle, y); ok {
			f(l, r)
		}
		return
	}
	for i := range s.rings {
		if l, r, ok := s.rings[i].span(y); ok {
			f(l, r)
		}
	}
}

// sureRanges appends to dst the ranges [a, b] of pixels x in row y whose
// square lies, with a margin, inside one part of the shape. A convex part
// holds the square exactly when it holds its four corners, that is when x
// and x+1 lie within its spans at y and y+1. A pixel in no range may
// still be inside: ask containsPixel. Rows must come in order.
func (s *scanner) sureRanges(y int, dst [][2]int) [][2]int {
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
	if s.circle != nil {
		l0, r0, ok0 := circleSpan(s.circle, fy)
		l1, r1, ok1 := circleSpan(s.circle, fy+1)
		add(l0, r0, ok0, l1, r1, ok1)
		return dst
	}
	for i := range s.rings {
		l0, r0, ok0 := s.rings[i].span(fy)
		l1, r1, ok1 := s.rings[i].span(fy + 1)
		add(l0, r0, ok0, l1, r1, ok1)
	}
	return dst
}

// lineBuffer gathers the coverage of one stroke (several segments that
// meet at joins), so that it is blended once and joins do not darken.
type lineBuffer struct {
	img  *image.RGBA
	w, h int
	cov  []uint8    // per pixel of img, 0 where untouched
	runs []pixelRun // every pixel with coverage lies in one
	// dashOn is plotStraight's scratch: whether each pixel along the
	// segment is on the dash.
	dashOn []bool
	pts    []collide.Vec // canvas.stroke's scratch: a ring in output pixels
}

// pixelRun is the n pixels of img from index i on, step apart: a row or column
// of pixels that a stroke may cover. Recording runs rather than pixels
// keeps covering a pixel to a store.
type pixelRun struct{ i, step, n int }

// reset makes lb draw on img, keeping its memory, and returns it. Its
// coverage is all zero: flush leaves it so.
func (lb *lineBuffer) reset(img *image.RGBA) *lineBuffer {
	lb.img, lb.w, lb.h = img, img.Rect.Dx(), img.Rect.Dy()
	n := lb.w * lb.h
	if cap(lb.cov) < n {
		lb.cov = make([]uint8, n)
	}
	lb.cov = lb.cov[:n]
	lb.runs = lb.runs[:0]
	return lb
}

// segment adds the segment from (x0, y0) to (x1, y1), in output pixels,
// of the given width with round ends; dash, when not nil, is an on/off
// pattern that starts at distance s0 along the stroke. A pixel's coverage
// is how far its centre lies inside the stroke's edge, up to one.
func (lb *lineBuffer) segment(x0, y0, x1, y1, width float64, dash []float64, s0 float64) {
	seg := strokeSeg{u0: x0, v0: y0, du: x1 - x0, dv: y1 - y0, su: 1, sv: lb.w, nv: lb.h, half: width / 2, s0: s0}
	nu := lb.w
	if math.Abs(seg.du) < math.Abs(seg.dv) {
		// Walk the longer axis: u is y, v is x.
		seg.u0, seg.v0, seg.du, seg.dv, seg.su, seg.sv, seg.nv = y0, x0, y1-y0, x1-x0, lb.w, 1, lb.w
		nu = lb.h
	}
	l2 := seg.du*seg.du + seg.dv*seg.dv
	seg.l = math.Sqrt(l2)
	if l2 > 0 {
		seg.inv, seg.cos, seg.slope = 1/l2, math.Abs(seg.du)/seg.l, seg.dv/seg.du
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
	// Along u, every pixel within reach; across it, the pixels whose centre
	// can lie within reach of the segment: R*sqrt(1+slope^2) from the point
	// of the segment beside it, for R = half + 0.5, which covers the round
	// ends too.
	reach := seg.half + 0.5
	seg.across = reach * math.Sqrt(1+sq(seg.dv/max(math.Abs(seg.du), 1e-300)))
	u1 := seg.u0 + seg.du
	first, last := max(0, int(math.Floor(min(seg.u0, u1)-reach-0.5))), min(nu-1, int(math.Ceil(max(seg.u0, u1)+reach-0.5)))
	mid0, mid1 := seg.middle()
	mid0, mid1 = max(first, mid0), min(last, mid1)
	if mid0 > mid1 {
		mid0, mid1 = last+1, last // no middle: all ends
	}
	for pu := first; pu < mid0; pu++ {
		lb.plotEnd(&seg, pu)
	}
	if seg.dv == 0 {
		lb.plotStraight(&seg, mid0, mid1)
	} else {
		for pu := mid0; pu <= mid1; pu++ {
			lb.plotMiddle(&seg, pu)
		}
	}
	for pu := mid1 + 1; pu <= last; pu++ {
		lb.plotEnd(&seg, pu)
	}
}

func sq(v float64) float64 { return v * v }

// strokeSeg is a segment being stroked (see segment), in the axes of its
// walk: u along the segment's longer side, v across it.
type strokeSeg struct {
	u0, v0, du, dv, l float64
	inv, cos, slope   float64 // 1/l², |du|/l and dv/du, 0 for a point
	half, far2, full2 float64 // full2: fully covered within this squared distance
	across            float64 // reach along v of a pixel centre within half + 0.5 of the line
	dash, period, s0  float64 // period 0: solid
	su, sv            int     // steps of a pixel's index along u and along v
	nv                int     // pixels of the picture along v
}

// middle returns the range [in0, in1] of u (pixel indices) where every
// pixel centre within across of the segment's line, along v, projects
// onto the segment itself with a margin, not beyond its ends: there a
// pixel's distance to the segment is its distance to the line. The range
// is empty for a point.
func (seg *strokeSeg) middle() (in0, in1 int) {
	if seg.inv == 0 {
		return 1, 0
	}
	// A pixel centre within across (and a pixel of rounding to spare) of
	// the line's point beside it, along v, projects within m of that
	// point's projection; a hair more keeps pixels level with an end of a
	// straight segment out.
	m := (seg.across+2)*math.Abs(seg.dv)*seg.inv + 1e-9
	if m >= 0.5 {
		return 1, 0
	}
	a, b := seg.u0+m*seg.du, seg.u0+(1-m)*seg.du
	return int(math.Ceil(min(a, b) - 0.5)), int(math.Floor(max(a, b) - 0.5))
}

// on reports whether the dash pattern of seg is on at t along it.
func (seg *strokeSeg) on(t float64) bool {
	if seg.period == 0 {
		return true
	}
	s := seg.s0 + t*seg.l
	return s-seg.period*math.Floor(s/seg.period) < seg.dash
}

// proj returns where the centre of pixel (pu, pv) projects onto the line
// of seg, as a fraction of its length from its start.
func (seg *strokeSeg) proj(pu, pv int) float64 {
	return ((float64(pu)+0.5-seg.u0)*seg.du + (float64(pv)+0.5-seg.v0)*seg.dv) * seg.inv
}

// near returns the pixels along v, clipped to the picture, whose centres
// lie within across of line (a value of v): [pv, last], empty when
// pv > last.
func (seg *strokeSeg) near(line float64) (pv, last int) {
	return max(0, int(math.Ceil(line-seg.across-0.5))), min(seg.nv-1, int(math.Floor(line+seg.across-0.5)))
}

// distance returns how far the centre of pixel pv along v lies from the
// point line of v, measured across the line of seg: their difference
// scaled by the cosine of its slope.
func (seg *strokeSeg) distance(pv int, line float64) float64 {
	return math.Abs(float64(pv)+0.5-line) * seg.cos
}

// plotMiddle adds the coverage of seg at the pixels of u = pu that lie
// within reach of it; pu is in seg.middle. Their distance to the segment
// is their distance to its line, measured without a root.
func (lb *lineBuffer) plotMiddle(seg *strokeSeg, pu int) {
	line := seg.v0 + (float64(pu)+0.5-seg.u0)*seg.slope // v of the line at the pixels' centres
	pv, last := seg.near(line)
	if pv > last {
		return
	}
	i := pv*seg.sv + pu*seg.su
	lb.runs = append(lb.runs, pixelRun{i, seg.sv, last - pv + 1})
	for ; pv <= last; pv, i = pv+1, i+seg.sv {
		if seg.period > 0 && !seg.on(seg.proj(pu, pv)) {
			continue
		}
		lb.cover(i, seg.half+0.5-seg.distance(pv, line))
	}
}

// plotStraight is plotMiddle for every pu in [pu0, pu1] of a segment
// along u (dv is 0): there each pixel along v has the same coverage, and
// each pixel along u is on or off the dash whatever its v. It covers a
// run along u at a time.
func (lb *lineBuffer) plotStraight(seg *strokeSeg, pu0, pu1 int) {
	if pu0 > pu1 {
		return
	}
	if seg.period > 0 {
		lb.dashOn = lb.dashOn[:0]
		for pu := pu0; pu <= pu1; pu++ {
			lb.dashOn = append(lb.dashOn, seg.on(seg.proj(pu, 0)))
		}
	}
	pv, last := seg.near(seg.v0) // the line is v = v0
	for ; pv <= last; pv++ {
		a := alpha(seg.half + 0.5 - seg.distance(pv, seg.v0))
		if a == 0 {
			continue
		}
		i := pv*seg.sv + pu0*seg.su
		lb.runs = append(lb.runs, pixelRun{i, seg.su, pu1 - pu0 + 1})
		for k := range pu1 - pu0 + 1 {
			if (seg.period == 0 || lb.dashOn[k]) && a > lb.cov[i] {
				lb.cov[i] = a
			}
			i += seg.su
		}
	}
}

// plotEnd adds the coverage of seg at the pixels of u = pu that lie within
// reach of it, near an end (or anywhere: it measures each pixel's distance
// to the nearest point of the segment).
func (lb *lineBuffer) plotEnd(seg *strokeSeg, pu int) {
	t := 0.0
	if seg.du != 0 {
		t = max(0, min(1, (float64(pu)+0.5-seg.u0)/seg.du))
	}
	vc := seg.v0 + t*seg.dv
	pv, last := seg.near(vc)
	n := last - pv + 1
	if n <= 0 {
		return
	}
	i := pv*seg.sv + pu*seg.su
	lb.runs = append(lb.runs, pixelRun{i, seg.sv, n})
	cu := float64(pu) + 0.5
	for ; n > 0; n, pv, i = n-1, pv+1, i+seg.sv {
		cv := float64(pv) + 0.5
		t := ((cu-seg.u0)*seg.du + (cv-seg.v0)*seg.dv) * seg.inv // inv 0: a point
		// Clamped to [0, 1] by comparisons: the min and max builtins'
		// care for NaN and -0 is not needed here and costs in this loop.
		if t < 0 {
			t = 0
		} else if t > 1 {
			t = 1
		}
		eu, ev := cu-(seg.u0+t*seg.du), cv-(seg.v0+t*seg.dv)
		d2 := eu*eu + ev*ev
		if d2 >= seg.far2 || !seg.on(t) {
			continue
		}
		if d2 <= seg.full2 {
			lb.cover(i, 1) // no need of the root
			continue
		}
		lb.cover(i, seg.half+0.5-math.Sqrt(d2))
	}
}

// alpha returns coverage c (in pixels; 1 or more is full, 0 or less none)
// in 8 bits.
func alpha(c float64) uint8 {
	if c >= 1 {
		return 255
	}
	if c > 0 {
		return uint8(c*255 + 0.5)
	}
	return 0
}

// cover raises the coverage of pixel i, which lies in one of lb.runs, to
// c (see alpha).
func (lb *lineBuffer) cover(i int, c float64) {
	if a := alpha(c); a > lb.cov[i] {
		lb.cov[i] = a
	}
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
		// left and right (those on a circle have no coverage).
		sides := [][2]float64{{cx - xo, cx - xi}, {cx + xi, cx + xo}}
		if xi == 0 {
			sides = [][2]float64{{cx - xo, cx + xo}} // one span across the middle
		}
		for _, side := range sides {
			px, last := max(0, int(math.Ceil(side[0]-0.5))), min(lb.w-1, int(math.Floor(side[1]-0.5)))
			if px > last {
				continue
			}
			lb.runs = append(lb.runs, pixelRun{py*lb.w + px, 1, last - px + 1})
			for ; px <= last; px++ {
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

// flush blends col over every covered pixel with its coverage, as
// blendPixel does, and clears the buffer.
func (lb *lineBuffer) flush(col color.NRGBA) {
	w := lb.img.Rect.Dx()
	packed := lb.img.Rect.Min == (image.Point{}) && lb.img.Stride == 4*w // pixel i at 4*i
	// The three channels side by side in 16-bit lanes, blended at once.
	c := uint64(col.R) | uint64(col.G)<<16 | uint64(col.B)<<32
	for _, r := range lb.runs {
		for i := r.i; i < r.i+r.n*r.step; i += r.step {
			cov := uint64(lb.cov[i])
			if cov == 0 {
				continue // not covered, or blended already from another run
			}
			lb.cov[i] = 0
			a := (cov*uint64(col.A) + 127) / 255
			off := 4 * i
			if !packed {
				off = lb.img.PixOffset(i%w+lb.img.Rect.Min.X, i/w+lb.img.Rect.Min.Y)
			}
			p := lb.img.Pix[off : off+4 : off+4]
			x := c*a + (uint64(p[0])|uint64(p[1])<<16|uint64(p[2])<<32)*(255-a) + 127*lanes
			// x/255 in each lane, exact for lanes up to 65534 (here at
			// most 255*255 + 127).
			x = (x + lanes + (x>>8)&(0xff*lanes)) >> 8
			p[0], p[1], p[2], p[3] = uint8(x), uint8(x>>16), uint8(x>>32), 0xff
		}
	}
	lb.runs = lb.runs[:0]
}

// lanes has a one in each of the three 16-bit lanes flush blends in.
const lanes = 1 | 1<<16 | 1<<32

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
		r := dr.Intersect(img.Rect)
		for py := r.Min.Y; py < r.Max.Y; py++ {
			src := alpha.Pix[alpha.PixOffset(mp.X+r.Min.X-dr.Min.X, mp.Y+py-dr.Min.Y):][:r.Dx()]
			i := img.PixOffset(r.Min.X, py)
			for _, a := range src {
				if a > 0 {
					blendPixel(img, i, col, a)
				}
				i += 4
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
