package preview

import (
	"encoding/binary"
	"fmt"
	"image"
	"image/color"
	"math"
	"math/bits"
	"slices"

	"github.com/shapegen/shapegen/collide"
	"github.com/shapegen/shapegen/export"
	"github.com/shapegen/shapegen/mask"
)

// Defaults of Options.
const (
	DefaultAlphaThreshold = 128
	DefaultMinSide        = 256
)

// Options says how Render draws.
type Options struct {
	// AlphaThreshold: a pixel is opaque when its 8-bit alpha is at least
	// this (Settings.AlphaThreshold of the library). 0 means
	// DefaultAlphaThreshold.
	AlphaThreshold int
	// MinSide is the least length, in output pixels, of the sprite's
	// longer side: smaller sprites are scaled up by a whole factor. 0
	// means DefaultMinSide.
	MinSide int
	// Kinds lists the shape kinds to draw (see Kinds); nil draws all that
	// the sprite has, an empty non-nil slice none.
	Kinds []string
	// Mask, when not nil, is the sprite's opaque pixels in its own space
	// at AlphaThreshold, as a caller that has them already (a build) gives
	// them, so they are not found again from the pixels. A mask of
	// another size is ignored.
	Mask *mask.Mask
	// NoLegend makes the picture the drawing alone, without the margin
	// around it and the legend under it: exactly the part of the full
	// picture that Layout reports as the drawing (strokes that reach into
	// the margin are cut off). Contact-sheet tiles are drawn so.
	NoLegend bool
}

func (o Options) threshold() uint8 {
	if o.AlphaThreshold <= 0 {
		return DefaultAlphaThreshold
	}
	return uint8(min(o.AlphaThreshold, 255))
}

func (o Options) wants(kind string) bool {
	return o.Kinds == nil || slices.Contains(o.Kinds, kind)
}

// Scale returns the whole factor by which Render scales a sprite whose
// longer side is n pixels: the least factor that makes it at least
// opt.MinSide, and 1 for sprites already that large.
func Scale(n int, opt Options) int {
	side := opt.MinSide
	if side <= 0 {
		side = DefaultMinSide
	}
	if n <= 0 || n >= side {
		return 1
	}
	return (side + n - 1) / n
}

// Layout constants, in output pixels.
const (
	margin     = 12 // around the drawing
	checker    = 8  // side of a checkerboard square
	lineHeight = 16 // of the legend
	glyphWidth = 7  // of basicfont.Face7x13
	swatch     = 18 // length of a legend swatch
)

// Render draws s over its pixels and returns the picture. frame holds the
// frame's pixels (frame.Bounds().Min is the frame's (0, 0)); they are
// placed at s.Offset in the sprite's own space of s.Size, where all of s's
// shapes lie (see Sprite).
//
// The sprite is scaled up by Scale with nearest-neighbour sampling, so
// pixels stay crisp, over a checkerboard. Each shape kind of opt.Kinds is
// stroked in its own colour (see Colour) with the area it adds around the
// pixels lightly tinted; the pixel-edge outline of the opaque pixels is
// drawn dark, opaque pixels that a drawn shape leaves outside are painted
// red (there should be none), and a legend under the drawing names the
// sprite and every kind shown. The result depends only on the inputs.
func Render(frame image.Image, s *export.Sprite, opt Options) *image.NRGBA {
	return new(Renderer).Render(frame, s, opt)
}

// A Renderer draws previews as Render does, reusing its memory from one
// picture to the next: a build draws one per sprite. The zero Renderer is
// ready to use; one Renderer must not draw two pictures at once.
type Renderer struct {
	pix   []byte
	spr   []byte // the sprite at 1x
	edges edgeRows
	lb    lineBuffer
}

// Render returns the picture Render(frame, s, opt) returns, in r's memory:
// it is valid until r's next call.
func (r *Renderer) Render(frame image.Image, s *export.Sprite, opt Options) *image.NRGBA {
	spr := spriteInto(r.spr, frame, s)
	r.spr = spr.Pix
	m := opt.Mask
	if m == nil || m.Size() != spr.Rect.Size() {
		m = mask.FromImage(spr, opt.threshold())
	}
	w, h := m.Width(), m.Height()
	shapes := shapesOf(s, opt.wants)
	outside := outsidePixels(m, shapes)

	k, vx0, vy0, drawW, drawH := layout(w, h, shapes, opt)
	pad := margin
	if opt.NoLegend {
		pad = 0
	}
	cw := drawW + 2*pad
	var entries []entry
	var rows [][2]int
	legendTop := drawH + 2*pad
	ch := legendTop
	if !opt.NoLegend {
		entries = legendEntries(s, shapes, len(outside))
		rows = legendRows(entries, cw-2*margin)
		ch += (1+len(rows))*lineHeight + margin/2
	}

	r.pix = slices.Grow(r.pix[:0], 4*cw*ch)[:4*cw*ch]
	img := &image.RGBA{Pix: r.pix, Stride: 4 * cw, Rect: image.Rect(0, 0, cw, ch)}
	// The checkerboard keeps its phase when the margin is left out.
	c := canvas{img: img, k: k, ox: pad - vx0*k, oy: pad - vy0*k, phase: margin - pad}
	c.checkerboard(legendTop)
	if !opt.NoLegend {
		fillRect(img, image.Rect(0, legendTop, cw, ch), legendBack)
		fillRect(img, image.Rect(0, legendTop, cw, legendTop+1), checkDark)
	}

	c.tint(shapes, legendTop)
	c.sprite(spr)
	for _, p := range outside {
		c.block(p, outsideColour, 0xc0)
	}
	c.edges(m, &r.edges)
	lb := r.lb.reset(img)
	for _, sh := range shapes {
		c.stroke(lb, sh)
	}
	if !opt.NoLegend {
		drawLegend(img, lb, s, entries, rows, legendTop, cw-2*margin)
	}
	// Every pixel of img is opaque, so its premultiplied bytes are also
	// straight NRGBA bytes.
	return &image.NRGBA{Pix: img.Pix, Stride: img.Stride, Rect: img.Rect}
}

// layout returns the scale of a preview of a w×h sprite with shapes and
// its view: the view's top-left in sprite pixels and its size in output
// pixels.
func layout(w, h int, shapes []shape, opt Options) (k, vx0, vy0, drawW, drawH int) {
	k = Scale(max(w, h), opt)
	vx0, vy0, vx1, vy1 := viewBounds(w, h, shapes)
	return k, vx0, vy0, (vx1 - vx0) * k, (vy1 - vy0) * k
}

// Layout returns where Render draws s: the rectangle of the drawing (the
// sprite and its shapes, without the legend below it) in the picture's
// pixels, and the picture's width. A page can show the drawing alone by
// cropping the picture to it.
func Layout(s *export.Sprite, opt Options) (drawing image.Rectangle, width int) {
	w, h := s.Size[0], s.Size[1]
	if w <= 0 || h <= 0 {
		w, h = s.Frame.W, s.Frame.H
		if s.Rotated {
			w, h = h, w
		}
		if s.Offset != nil {
			w, h = w+s.Offset[0], h+s.Offset[1]
		}
	}
	_, _, _, drawW, drawH := layout(w, h, shapesOf(s, opt.wants), opt)
	if opt.NoLegend {
		return image.Rect(0, 0, drawW, drawH), drawW
	}
	return image.Rect(margin, margin, margin+drawW, margin+drawH), drawW + 2*margin
}

// outsidePixels returns the opaque pixels of m that some enclosing shape
// leaves outside, in row order. Most pixels lie well inside every shape:
// they are settled a row at a time by the shapes' sure ranges, and only
// the others, near a shape's edge or a cut between pieces, take the exact
// test.
func outsidePixels(m *mask.Mask, shapes []shape) []image.Point {
	var out []image.Point
	var runs []mask.Run
	var enclosing []int
	scanners := make([]*scanner, len(shapes))
	for i, sh := range shapes {
		if sh.encloses() {
			enclosing = append(enclosing, i)
			scanners[i] = sh.scanner()
		}
	}
	sure := make([][][2]int, len(shapes)) // per shape, this row's sure pixel ranges
	var settled, scratch [][2]int         // in the sure ranges of every shape
	for y := range m.Height() {
		runs = m.AppendRuns(runs[:0], y)
		if len(runs) == 0 {
			continue
		}
		settled = append(settled[:0], [2]int{runs[0].X0, runs[len(runs)-1].X1 - 1})
		for _, i := range enclosing {
			sure[i] = mergeRanges(scanners[i].sureRanges(y, sure[i][:0]))
			settled, scratch = intersectRanges(scratch[:0], settled, sure[i]), settled
		}
		j := 0 // the first settled range that may reach the current pixel
		for _, run := range runs {
		pixels:
			for x := run.X0; x < run.X1; x++ {
				for j < len(settled) && settled[j][1] < x {
					j++
				}
				if j < len(settled) && settled[j][0] <= x {
					x = min(settled[j][1], run.X1-1)
					continue
				}
				for _, i := range enclosing {
					if !inRanges(sure[i], x) && !shapes[i].containsPixel(x, y) {
						out = append(out, image.Pt(x, y))
						continue pixels
					}
				}
			}
		}
	}
	return out
}

// mergeRanges sorts the pixel ranges rs ([a, b], both ends in) and joins
// those that overlap or touch, in place.
func mergeRanges(rs [][2]int) [][2]int {
	if len(rs) < 2 {
		return rs
	}
	slices.SortFunc(rs, func(a, b [2]int) int { return a[0] - b[0] })
	out := rs[:1]
	for _, r := range rs[1:] {
		if last := &out[len(out)-1]; r[0] <= last[1]+1 {
			last[1] = max(last[1], r[1])
		} else {
			out = append(out, r)
		}
	}
	return out
}

// intersectRanges appends to dst the pixels in both a and b, sorted
// disjoint range lists, as such a list.
func intersectRanges(dst, a, b [][2]int) [][2]int {
	for i, j := 0, 0; i < len(a) && j < len(b); {
		if lo, hi := max(a[i][0], b[j][0]), min(a[i][1], b[j][1]); lo <= hi {
			dst = append(dst, [2]int{lo, hi})
		}
		if a[i][1] < b[j][1] {
			i++
		} else {
			j++
		}
	}
	return dst
}

func inRanges(rs [][2]int, x int) bool {
	for _, r := range rs {
		if r[0] <= x && x <= r[1] {
			return true
		}
	}
	return false
}

// canvas maps sprite coordinates to output pixels: sprite point (x, y) is
// output point (ox + k*x, oy + k*y).
type canvas struct {
	img    *image.RGBA
	k      int
	ox, oy int
	phase  int // added to x and y to find a pixel's checkerboard square
}

func (c canvas) pt(v collide.Vec) collide.Vec {
	return collide.V(float64(c.ox)+float64(c.k)*v.X, float64(c.oy)+float64(c.k)*v.Y)
}

// checkerboard paints the rows above bottom with the checkerboard: two
// row patterns, copied.
func (c canvas) checkerboard(bottom int) {
	w := c.img.Rect.Dx()
	var pattern [2][]byte
	for band := range pattern {
		row := make([]byte, 4*w)
		for x := range w {
			col := checkLight
			if ((x+c.phase)/checker+band)%2 == 1 {
				col = checkDark
			}
			copy(row[4*x:], []byte{col.R, col.G, col.B, 0xff})
		}
		pattern[band] = row
	}
	for y := range min(bottom, c.img.Rect.Dy()) {
		copy(c.img.Pix[y*c.img.Stride:], pattern[((y+c.phase)/checker)%2])
	}
}

// tint fills the area of every enclosing shape with its colour, faintly:
// each output pixel above bottom whose centre lies in some shapes gets
// their tints, blended in drawing order over its checkerboard colour
// (looked up once per combination of shapes).
func (c canvas) tint(shapes []shape, bottom int) {
	var lut [1 << 8][2]uint32 // per set of shapes and checker band; 0 = not made yet
	colour := func(set uint8, band int) uint32 {
		if v := lut[set][band]; v != 0 {
			return v
		}
		px := image.NewRGBA(image.Rect(0, 0, 1, 1))
		fillRect(px, px.Rect, [2]color.NRGBA{checkLight, checkDark}[band])
		for bit, sh := range shapes {
			if set&(1<<bit) != 0 {
				blendPixel(px, 0, kinds[sh.kind].colour, tintAlpha)
			}
		}
		lut[set][band] = binary.LittleEndian.Uint32(px.Pix) // alpha 0xff: never 0
		return lut[set][band]
	}
	w := c.img.Rect.Dx()
	// pattern returns a row of the tinted checkerboard of set, for rows
	// whose checker band has the parity band (made once per set).
	var patterns [1 << 8][2][]byte
	pattern := func(set uint8, band int) []byte {
		if p := patterns[set][band]; p != nil {
			return p
		}
		p := make([]byte, 4*w)
		for x := 0; x < w; {
			end := min(w, ((x+c.phase)/checker+1)*checker-c.phase)
			v := colour(set, ((x+c.phase)/checker+band)%2)
			for ; x < end; x++ {
				binary.LittleEndian.PutUint32(p[4*x:], v)
			}
		}
		patterns[set][band] = p
		return p
	}
	type edge struct {
		x   int
		bit uint8
	}
	var spans []edge // this row's covered columns: from edge x, to x of the next of the pair
	var cuts []int   // where the set of covering shapes may change
	scanners := make([]*scanner, len(shapes))
	for bit, sh := range shapes {
		if sh.encloses() && bit < 8 {
			scanners[bit] = sh.scanner()
		}
	}
	for py := range bottom {
		spans, cuts = spans[:0], cuts[:0]
		y := (float64(py) + 0.5 - float64(c.oy)) / float64(c.k)
		for bit, sc := range scanners {
			if sc == nil {
				continue
			}
			sc.spans(y, func(l, r float64) {
				x0 := max(0, int(math.Ceil(float64(c.ox)+float64(c.k)*l-0.5)))
				x1 := min(w-1, int(math.Floor(float64(c.ox)+float64(c.k)*r-0.5)))
				if x0 <= x1 {
					spans = append(spans, edge{x0, 1 << bit}, edge{x1 + 1, 1 << bit})
					cuts = append(cuts, x0, x1+1)
				}
			})
		}
		if len(cuts) == 0 {
			continue
		}
		slices.Sort(cuts)
		row := c.img.Pix[py*c.img.Stride:]
		band := (py + c.phase) / checker
		for i := 0; i+1 < len(cuts); i++ {
			x0, x1 := cuts[i], cuts[i+1] // pixels [x0, x1) share their set
			if x0 == x1 {
				continue
			}
			var set uint8
			for j := 0; j < len(spans); j += 2 {
				if spans[j].x <= x0 && x1 <= spans[j+1].x {
					set |= spans[j].bit
				}
			}
			if set == 0 {
				continue
			}
			// Copied from the set's row pattern for this band.
			copy(row[4*x0:4*x1], pattern(set, band%2)[4*x0:4*x1])
		}
	}
}

// tintAlpha is the opacity of the tint of a shape's area.
const tintAlpha = 0x1c

// sprite draws spr (in sprite coordinates, at 1x) scaled by k with
// nearest-neighbour sampling, blended over what is there. Per sprite row,
// the opaque pixels are written once into the first output row and their
// runs copied to the other k-1 rows; the few partly transparent pixels are
// blended row by row, over whatever each row has under them.
func (c canvas) sprite(spr *image.NRGBA) {
	b := spr.Bounds()
	w, h := c.img.Rect.Dx(), c.img.Rect.Dy()
	var runs [][2]int // output columns [x0, x1) of this row's opaque runs
	var partial []int // sprite columns of this row's partly transparent pixels
	for y := b.Min.Y; y < b.Max.Y; y++ {
		oy0, oy1 := max(0, c.oy+y*c.k), min(h, c.oy+(y+1)*c.k)
		if oy0 >= oy1 {
			continue
		}
		src := spr.Pix[spr.PixOffset(b.Min.X, y):spr.PixOffset(b.Max.X, y)]
		first := c.img.Pix[oy0*c.img.Stride:][:4*w]
		runs, partial = runs[:0], partial[:0]
		for x := 0; x < b.Dx(); {
			switch src[4*x+3] {
			case 0:
				x++
			case 0xff:
				start := x
				for x < b.Dx() && src[4*x+3] == 0xff {
					x++
				}
				if x0, x1 := max(0, c.ox+start*c.k), min(w, c.ox+x*c.k); x0 < x1 {
					expand(first[4*x0:4*x1], src[4*start:4*x], c.k, x0-(c.ox+start*c.k))
					runs = append(runs, [2]int{x0, x1})
				}
			default:
				partial = append(partial, x)
				x++
			}
		}
		for oy := oy0 + 1; oy < oy1; oy++ {
			row := c.img.Pix[oy*c.img.Stride:]
			for _, r := range runs {
				copy(row[4*r[0]:4*r[1]], first[4*r[0]:4*r[1]])
			}
		}
		for _, x := range partial {
			p := src[4*x : 4*x+4 : 4*x+4]
			col := color.NRGBA{p[0], p[1], p[2], 0xff}
			blendRect(c.img, image.Rect(c.ox+x*c.k, oy0, c.ox+(x+1)*c.k, oy1), col, p[3])
		}
	}
}

// expand writes the pixels src (4 bytes each) scaled k times across into
// dst, leaving out the first skip output pixels (cut off on the left);
// dst may end early (cut off on the right).
func expand(dst, src []byte, k, skip int) {
	if k == 1 {
		copy(dst, src[4*skip:])
		return
	}
	o := -skip
	for i := 0; i+4 <= len(src) && 4*o < len(dst); i += 4 {
		v := binary.LittleEndian.Uint32(src[i:])
		for j := max(o, 0); j < o+k && 4*j < len(dst); j++ {
			binary.LittleEndian.PutUint32(dst[4*j:], v)
		}
		o += k
	}
}

// block blends col with opacity a over the output square of sprite pixel p.
func (c canvas) block(p image.Point, col color.NRGBA, a uint8) {
	x0, y0 := c.ox+p.X*c.k, c.oy+p.Y*c.k
	blendRect(c.img, image.Rect(x0, y0, x0+c.k, y0+c.k), col, a)
}

// edges draws the pixel-edge outline of m: a dark band t pixels wide just
// outside the opaque pixels (so their own colours stay visible), made of a
// strip beside every side that borders a transparent pixel and a square at
// every corner whose diagonal neighbour is transparent too. It never
// paints over an opaque pixel.
//
// The strips are filled a run at a time, from the rows as words: above
// (below) each run of opaque pixels whose neighbours above (below) are
// transparent, and beside each end of a run of opaque pixels. A corner
// square is where a strip reaches t further: a top strip to the left of
// its run when the pixel up-left is transparent, a left strip upwards when
// that same pixel is, and so on; a corner inside a run lies in the strip
// of its neighbour.
func (c canvas) edges(m *mask.Mask, rows *edgeRows) {
	t := 1
	if c.k >= 6 {
		t = 2
	}
	up, cur, down := rows.up[:0], rows.cur[:0], rows.down[:0]
	cur, down = m.AppendRow(cur, -1), m.AppendRow(down, 0)
	for y := range m.Height() {
		up, cur, down = cur, down, m.AppendRow(up[:0], y+1)
		y0 := c.oy + y*c.k
		y1 := y0 + c.k
		rows.diff = diffRow(rows.diff[:0], cur, up)
		eachRun(rows.diff, func(x0, x1 int) {
			c.strip(x0, x1, y0-t, t, up)
		})
		rows.diff = diffRow(rows.diff[:0], cur, down)
		eachRun(rows.diff, func(x0, x1 int) {
			c.strip(x0, x1, y1, t, down)
		})
		eachRun(cur, func(x0, x1 int) {
			l, r := c.ox+x0*c.k, c.ox+x1*c.k
			fillRect(c.img, image.Rect(l-t, y0-reach(up, x0-1, t), l, y1+reach(down, x0-1, t)), edgeColour)
			fillRect(c.img, image.Rect(r, y0-reach(up, x1, t), r+t, y1+reach(down, x1, t)), edgeColour)
		})
	}
	rows.up, rows.cur, rows.down = up, cur, down
}

// edgeRows is edges' memory: three mask rows and a difference of two.
type edgeRows struct{ up, cur, down, diff []uint64 }

// diffRow appends to dst the pixels set in a and clear in b, rows as
// words.
func diffRow(dst, a, b []uint64) []uint64 {
	for i := range a {
		dst = append(dst, a[i]&^b[i])
	}
	return dst
}

// eachRun calls f(x0, x1) for each maximal run x0 <= x < x1 of pixels set
// in row (words, pixel x at bit x%64 of word x/64), left to right.
func eachRun(row []uint64, f func(x0, x1 int)) {
	start := 0
	for i, w := range row {
		var before, after uint64 // the neighbouring pixels in the next words
		if i > 0 {
			before = row[i-1] >> 63
		}
		if i+1 < len(row) {
			after = row[i+1] << 63
		}
		starts := w &^ (w<<1 | before)
		ends := w &^ (w>>1 | after) // a run's last pixel
		for starts|ends != 0 {
			b := bits.TrailingZeros64(starts | ends)
			if starts>>b&1 == 1 {
				start = 64*i + b
			}
			if ends>>b&1 == 1 {
				f(start, 64*i+b+1)
			}
			starts &^= 1 << b
			ends &^= 1 << b
		}
	}
}

// strip fills the strip of rows [top, top+t) along sprite pixels
// x0 <= x < x1, reaching t further at an end where the pixel of nb (the
// row beside, as words) past the run is transparent.
func (c canvas) strip(x0, x1, top, t int, nb []uint64) {
	l, r := c.ox+x0*c.k, c.ox+x1*c.k
	fillRect(c.img, image.Rect(l-reach(nb, x0-1, t), top, r+reach(nb, x1, t), top+t), edgeColour)
}

// reach returns how far a strip reaches past its end next to pixel x of
// row (as words): t when that pixel is transparent (or outside the
// mask), so the corner square is filled too, else 0.
func reach(row []uint64, x, t int) int {
	if x >= 0 && x < 64*len(row) && row[x/64]>>(x%64)&1 == 1 {
		return 0
	}
	return t
}

// stroke draws sh's outline in its colour and dash.
func (c canvas) stroke(lb *lineBuffer, sh shape) {
	k := kinds[sh.kind]
	if k.name == "pivot" {
		p := c.pt(sh.pivot)
		cross(lb, p.X, p.Y, 7)
		return
	}
	if sh.circle != nil {
		ctr := c.pt(sh.circle.Center)
		lb.circle(ctr.X, ctr.Y, sh.circle.Radius*float64(c.k), k.width) // circles are never dashed
	}
	for _, ring := range sh.rings {
		pts := lb.pts[:0]
		for _, v := range ring {
			pts = append(pts, c.pt(v))
		}
		lb.pts = pts // its memory, for the next ring
		lb.ring(pts, k.width, k.dash)
	}
	lb.flush(k.colour)
}

// cross draws the pivot mark: a dark cross on a light halo.
func cross(lb *lineBuffer, x, y, r float64) {
	for _, pass := range []struct {
		col   color.NRGBA
		width float64
	}{{color.NRGBA{0xff, 0xff, 0xff, 0xe0}, 4}, {kinds[len(kinds)-1].colour, 1.5}} {
		lb.segment(x-r, y, x+r, y, pass.width, nil, 0)
		lb.segment(x, y-r, x, y+r, pass.width, nil, 0)
		lb.flush(pass.col)
	}
}

// entry is one item of the legend: a shape kind (kind >= 0) or, with kind
// -1, the count of outside pixels.
type entry struct {
	kind int
	text string
}

func (e entry) width() int { return swatch + 6 + glyphWidth*len(e.text) + 14 }

func legendEntries(s *export.Sprite, shapes []shape, outside int) []entry {
	var out []entry
	for _, sh := range shapes {
		text := kinds[sh.kind].label
		switch kinds[sh.kind].name {
		case "hull", "polygon":
			text = fmt.Sprintf("%s %dv", text, len(sh.rings[0]))
		case "pieces", "outline":
			text = fmt.Sprintf("%s %d", text, len(sh.rings))
		}
		out = append(out, entry{sh.kind, text})
	}
	if outside > 0 {
		out = append(out, entry{-1, fmt.Sprintf("outside %dpx", outside)})
	}
	return out
}

// legendRows splits entries into rows no wider than width, each row its
// entries' index range.
func legendRows(entries []entry, width int) [][2]int {
	var rows [][2]int
	start, used := 0, 0
	for i, e := range entries {
		if i > start && used+e.width() > width {
			rows = append(rows, [2]int{start, i})
			start, used = i, 0
		}
		used += e.width()
	}
	if start < len(entries) {
		rows = append(rows, [2]int{start, len(entries)})
	}
	return rows
}

func drawLegend(img *image.RGBA, lb *lineBuffer, s *export.Sprite, entries []entry, rows [][2]int, top, width int) {
	head := fmt.Sprintf("%s  %dx%d  %d px", s.Name, s.Size[0], s.Size[1], s.Pixels)
	drawText(img, fit(head, width/glyphWidth), margin, top+lineHeight-3, textColour)
	for r, row := range rows {
		x := margin
		y := top + (r+2)*lineHeight - 3 // text baseline
		for _, e := range entries[row[0]:row[1]] {
			mid := float64(y - 4)
			switch {
			case e.kind < 0:
				fillRect(img, image.Rect(x+4, int(mid)-5, x+14, int(mid)+5), outsideColour)
			case kinds[e.kind].name == "pivot":
				cross(lb, float64(x+swatch/2), mid, 5)
			default:
				k := kinds[e.kind]
				lb.segment(float64(x), mid, float64(x+swatch), mid, k.width+0.5, k.dash, 0)
				lb.flush(k.colour)
			}
			drawText(img, e.text, x+swatch+6, y, textColour)
			x += e.width()
		}
	}
}

// fit shortens s to at most n characters, keeping its end (the most
// telling part of a sprite path).
func fit(s string, n int) string {
	if len(s) <= n || n < 4 {
		return s
	}
	return "..." + s[len(s)-(n-3):]
}

// fillRect paints r (clipped to img) with the opaque colour col.
func fillRect(img *image.RGBA, r image.Rectangle, col color.NRGBA) {
	blendRect(img, r, col, 0xff)
}

// blendRect blends col with opacity a over r (clipped to img); img must be
// opaque there.
func blendRect(img *image.RGBA, r image.Rectangle, col color.NRGBA, a uint8) {
	r = r.Intersect(img.Rect)
	if r.Empty() {
		return
	}
	if a == 0xff {
		// Opaque: write the first row, copy it to the others.
		first := img.Pix[img.PixOffset(r.Min.X, r.Min.Y):img.PixOffset(r.Max.X, r.Min.Y)]
		for i := 0; i < len(first); i += 4 {
			first[i], first[i+1], first[i+2], first[i+3] = col.R, col.G, col.B, 0xff
		}
		for y := r.Min.Y + 1; y < r.Max.Y; y++ {
			copy(img.Pix[img.PixOffset(r.Min.X, y):], first)
		}
		return
	}
	for y := r.Min.Y; y < r.Max.Y; y++ {
		i := img.PixOffset(r.Min.X, y)
		for x := r.Min.X; x < r.Max.X; x++ {
			blendPixel(img, i, col, a)
			i += 4
		}
	}
}
