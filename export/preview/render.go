package preview

import (
	"errors"
	"fmt"
	"image"
	"image/color"
	"image/draw"
	"math"
	"slices"

	"github.com/fogleman/gg"
	"golang.org/x/image/font"
	"golang.org/x/image/font/basicfont"
	"golang.org/x/image/math/fixed"

	"github.com/shapegen/shapegen/collide"
	"github.com/shapegen/shapegen/export"
	"github.com/shapegen/shapegen/mask"
)

// Defaults of Options.
const (
	DefaultAlphaThreshold = 128
	DefaultMinSide        = 256
)

// Bounds of a preview's drawing (the sprite's space and its shapes,
// without the margin and the legend), in output pixels. A drawing that
// would be larger is scaled down by the least whole factor that brings
// both within them, so that no sprite or shape makes a huge picture: at
// most MaxSide+24 pixels wide and about 16 MiB of pixels besides the
// legend.
const (
	MaxSide   = 4096    // the longer side of the drawing
	MaxPixels = 1 << 22 // the drawing's width times its height
)

// MaxCoord is the largest magnitude of a shape coordinate, radius or
// extent, and of a sprite's size, that Render draws (the bound the
// library's reader holds shapes to); beyond it, or for a value that is
// not a finite number, Render returns an error.
const MaxCoord = 1 << 30

// Options says how Render draws.
type Options struct {
	// AlphaThreshold: a pixel is opaque when its 8-bit alpha is at least
	// this (Settings.AlphaThreshold of the library). 0 means
	// DefaultAlphaThreshold.
	AlphaThreshold int
	// MinSide is the least length, in output pixels, of the sprite's
	// longer side: smaller sprites are scaled up by a whole factor (as
	// far as MaxSide and MaxPixels allow). 0 means DefaultMinSide.
	MinSide int
	// Kinds lists the shape kinds to draw; nil draws all that the sprite
	// has, an empty non-nil slice none. They are drawn in Order whatever
	// the order of the list.
	Kinds []collide.Kind
	// NoPivot leaves out the cross at the sprite's pivot, which is drawn
	// otherwise (for a sprite with pixels or a pivot other than (0, 0)).
	NoPivot bool
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

func (o Options) wants(k collide.Kind) bool {
	return o.Kinds == nil || slices.Contains(o.Kinds, k)
}

// upScale returns the whole factor by which a sprite whose longer side is
// n pixels is scaled up: the least that makes it at least minSide (0
// means DefaultMinSide), and 1 for sprites already that large.
func upScale(n, minSide int) int {
	if minSide <= 0 {
		minSide = DefaultMinSide
	}
	if n <= 0 || n >= minSide {
		return 1
	}
	return (minSide + n - 1) / n
}

// Layout constants, in output pixels.
const (
	margin     = 12 // around the drawing
	checker    = 8  // side of a checkerboard square
	lineHeight = 16 // of the legend
	glyphWidth = 7  // of basicfont.Face7x13, gg's face
	swatch     = 18 // length of a legend swatch
	minCanvas  = 121
)

// A view is the part of a sprite's space that a preview shows and its
// scale: sprite pixel (x, y) is drawn over the output pixels from
// ((x-x0)*up/down, (y-y0)*up/down) in the drawing; one of up and down is 1.
type view struct {
	x0, y0, w, h int // in sprite pixels
	up, down     int
}

// size returns the drawing's size in output pixels.
func (v view) size() (w, h int) {
	if v.down > 1 {
		return ceilDiv(v.w, v.down), ceilDiv(v.h, v.down)
	}
	return v.w * v.up, v.h * v.up
}

// k returns the scale, output pixels per sprite pixel.
func (v view) k() float64 { return float64(v.up) / float64(v.down) }

func ceilDiv(a, b int) int { return (a + b - 1) / b }

// fits reports whether a drawing of w×h output pixels is within MaxSide
// and MaxPixels.
func fits(w, h int) bool {
	return w <= MaxSide && h <= MaxSide && int64(w)*int64(h) <= MaxPixels
}

// viewOf returns the view of a sprite whose space is size with shapes:
// the space and the shapes (see viewBounds), scaled up by upScale as far
// as the bounds allow, else scaled down by the least whole factor that
// fits them.
func viewOf(size image.Point, shapes []shape, minSide int) view {
	x0, y0, x1, y1 := viewBounds(size.X, size.Y, shapes)
	v := view{x0: x0, y0: y0, w: x1 - x0, h: y1 - y0, up: upScale(max(size.X, size.Y), minSide), down: 1}
	for v.up > 1 && !fits(v.size()) {
		v.up--
	}
	if fits(v.size()) {
		return v
	}
	// The least factor within MaxSide, then up to the least within
	// MaxPixels (at most a factor of 2 beyond the estimate).
	v.down = max(ceilDiv(v.w, MaxSide), ceilDiv(v.h, MaxSide),
		int(math.Ceil(math.Sqrt(float64(v.w)*float64(v.h)/MaxPixels))))
	for !fits(v.size()) {
		v.down++
	}
	return v
}

// Render draws s over its pixels and returns the picture. frame holds the
// frame's pixels (frame.Bounds().Min is the frame's (0, 0)); they are
// placed at s.Offset in the sprite's own space of s.Size, where all of s's
// shapes lie (see Sprite).
//
// The sprite is scaled up by a whole factor until its longer side is at
// least opt.MinSide, with nearest-neighbour sampling so pixels stay crisp,
// over a checkerboard. The drawing (the sprite's space and its shapes,
// without margin and legend) is kept within MaxSide and MaxPixels: a
// sprite that would make it larger is scaled up less, or scaled down by a
// whole factor, sampling the pixel under each output pixel's centre (then
// lines thinner than the factor may vanish; the shapes stay).
//
// Each shape kind of opt.Kinds is stroked with gg in its own colour (see
// export.Colour), with the area it adds around the pixels lightly tinted; the
// outline kind is drawn as its rings (outer rings and holes alike) and the
// pieces each as a polygon. When the sprite is not scaled down the
// pixel-edge outline of the opaque pixels is drawn dark just outside
// them; opaque pixels that a drawn shape leaves outside are painted red
// (there should be none, and each is at least one output pixel), and a
// legend under the drawing names the sprite and every kind shown.
//
// Render holds the picture and a band of the sprite's rows at a time:
// its memory is bounded by the picture's size plus that of the frame's
// widest rows. It returns an error, and no picture, for a nil frame or
// sprite, or a sprite size or shape value beyond MaxCoord or not a finite
// number (the error names the key; the caller names the sprite). The
// result depends only on the inputs.
func Render(frame image.Image, s *export.Sprite, opt Options) (*image.NRGBA, error) {
	return new(Renderer).Render(frame, s, opt)
}

// A Renderer draws previews as Render does, reusing its memory from one
// picture to the next: a build draws one per sprite. The zero Renderer is
// ready to use; one Renderer must not draw two pictures at once.
type Renderer struct {
	pix     []byte
	rows    opaqueRows
	outside [][3]int // runs of outside pixels: y, x0, x1
	holes   []image.Rectangle
}

// Render returns the picture and error Render(frame, s, opt) returns, the
// picture in r's memory: it is valid until r's next call. Its Stride may
// be more than four times its width.
func (r *Renderer) Render(frame image.Image, s *export.Sprite, opt Options) (*image.NRGBA, error) {
	if frame == nil || s == nil {
		return nil, errors.New("no frame or no sprite")
	}
	if err := check(s); err != nil {
		return nil, err
	}
	size, off := spriteSpace(frame, s)
	shapes := shapesOf(s, opt)
	v := viewOf(size, shapes, opt.MinSide)
	drawW, drawH := v.size()
	// Without the legend the picture is still drawn with its margin, then
	// cut to the drawing, so that strokes are cut off the same way as in
	// the full picture: gg's anti-aliasing where the canvas's edge cuts a
	// stroke differs from the inside of a larger canvas.
	cw := drawW + 2*margin
	legendTop := drawH + 2*margin
	ch := legendTop
	r.rows.reset(frame, size, off, opt)
	defer r.rows.reset(emptyFrame, image.Point{}, image.Point{}, Options{}) // keep no frame alive

	// The outside pixels are counted before the legend is laid out, and
	// the first runs of them kept for painting (there should be none).
	outside := 0
	r.outside = r.outside[:0]
	forOutside(&r.rows, shapes, func(y, x0, x1 int) {
		outside += x1 - x0
		if len(r.outside) <= keptRuns {
			r.outside = append(r.outside, [3]int{y, x0, x1})
		}
	})
	var entries []entry
	var rows [][2]int
	if !opt.NoLegend {
		entries = legendEntries(s, shapes, outside)
		rows = legendRows(entries, cw-2*margin)
		ch += (1+len(rows))*lineHeight + margin/2
	}

	// gg's rasterizer flattens curves more finely on a canvas over 120
	// px: every canvas is made so wide, so that a picture is drawn alike
	// whatever its size (a small tile is the drawing of the preview).
	bw := max(cw, minCanvas)
	r.pix = slices.Grow(r.pix[:0], 4*bw*ch)[:4*bw*ch]
	img := &image.RGBA{Pix: r.pix, Stride: 4 * bw, Rect: image.Rect(0, 0, bw, ch)}
	c := canvas{
		img: img, dc: gg.NewContextForRGBA(img), v: v,
		ox: float64(margin) - float64(v.x0)*v.k(), oy: float64(margin) - float64(v.y0)*v.k(),
	}
	c.checkerboard()
	var holes []image.Rectangle
	if v.down == 1 {
		holes = c.opaqueRects(&r.rows, r.holes[:0])
		r.holes = holes
	}
	c.tint(shapes, holes)
	if v.down == 1 {
		c.edges(&r.rows)
	}
	c.sprite(frame, size, off)
	c.outside(r.outside, &r.rows, shapes)
	for _, sh := range shapes {
		c.stroke(sh)
	}
	// Every pixel of img is opaque, so its premultiplied bytes are also
	// straight NRGBA bytes.
	if opt.NoLegend {
		return &image.NRGBA{Pix: img.Pix[img.PixOffset(margin, margin):], Stride: img.Stride, Rect: image.Rect(0, 0, drawW, drawH)}, nil
	}
	c.legend(s, entries, rows, legendTop, cw-2*margin)
	return &image.NRGBA{Pix: img.Pix, Stride: img.Stride, Rect: image.Rect(0, 0, cw, ch)}, nil
}

// emptyFrame is the frame a Renderer's row reader holds between pictures.
var emptyFrame = image.NewNRGBA(image.Rectangle{})

// check returns an error when s's size or a shape value is beyond
// MaxCoord or not a finite number, naming the first such key.
func check(s *export.Sprite) error {
	type values struct {
		key string
		vs  []float64
	}
	list := []values{
		{"size", []float64{float64(s.Size[0]), float64(s.Size[1])}},
		{"pivot", []float64{s.Pivot[0], s.Pivot[1]}},
	}
	if s.Offset != nil {
		list = append(list, values{"offset", []float64{float64(s.Offset[0]), float64(s.Offset[1])}})
	}
	for _, l := range list {
		for _, v := range l.vs {
			if !inRange(v) {
				return fmt.Errorf("%s: value %v is beyond ±2^30 or not a number", l.key, v)
			}
		}
	}
	for k := range collide.Kinds() {
		r, ok := s.Shape(k)
		if !ok {
			continue
		}
		if err := checkShape(r); err != nil {
			return fmt.Errorf("%s: %w", k, err)
		}
	}
	return nil
}

// checkShape returns an error when a value of r (a shape as
// export.Sprite.Shape gives it) is beyond MaxCoord or not a finite
// number: the first such value, or for a polygon's or a ring's point the
// point.
func checkShape(r collide.Region) error {
	var vs []float64
	switch r := r.(type) {
	case collide.Rect:
		vs = []float64{r.Min.X, r.Min.Y, r.Max.X, r.Max.Y}
	case collide.Circle:
		vs = []float64{r.Center.X, r.Center.Y, r.Radius}
	case collide.Box:
		vs = []float64{r.Center.X, r.Center.Y, r.Half.X, r.Half.Y, r.Angle}
	case collide.Polygon:
		return checkPoints(r)
	case collide.Compound:
		for _, p := range r {
			if err := checkPoints(p); err != nil {
				return err
			}
		}
	case collide.Rings:
		for _, ring := range r {
			if err := checkPoints(ring); err != nil {
				return err
			}
		}
	}
	for _, v := range vs {
		if !inRange(v) {
			return fmt.Errorf("value %v is beyond ±2^30 or not a number", v)
		}
	}
	return nil
}

// checkPoints returns an error naming the first point of ps beyond
// MaxCoord or not a finite number, written as the library writes it.
func checkPoints(ps []collide.Vec) error {
	for _, p := range ps {
		if !inRange(p.X) || !inRange(p.Y) {
			return fmt.Errorf("point %v is beyond ±2^30 or not a number", export.PointOf(p))
		}
	}
	return nil
}

// inRange reports whether |v| <= MaxCoord (false for NaN).
func inRange(v float64) bool { return v >= -MaxCoord && v <= MaxCoord }

// Layout returns where Render draws s: the rectangle of the drawing (the
// sprite and its shapes, without the legend below it) in the picture's
// pixels, and the picture's width. A page can show the drawing alone by
// cropping the picture to it. For a sprite Render refuses it returns the
// empty rectangle and 0.
func Layout(s *export.Sprite, opt Options) (drawing image.Rectangle, width int) {
	if s == nil || check(s) != nil {
		return image.Rectangle{}, 0
	}
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
	drawW, drawH := viewOf(image.Pt(w, h), shapesOf(s, opt), opt.MinSide).size()
	if opt.NoLegend {
		return image.Rect(0, 0, drawW, drawH), drawW
	}
	return image.Rect(margin, margin, margin+drawW, margin+drawH), drawW + 2*margin
}

// canvas is a picture being drawn: sprite point (x, y) is output point
// (ox + k*x, oy + k*y), k the view's scale; the drawing lies margin
// pixels from the picture's top-left.
type canvas struct {
	img    *image.RGBA
	dc     *gg.Context
	v      view
	ox, oy float64
}

func (c canvas) pt(x, y float64) (float64, float64) {
	k := c.v.k()
	return c.ox + k*x, c.oy + k*y
}

// checkerboard paints the whole picture with the checkerboard: two row
// patterns, copied (a background, like the sprite's pixels, is copied
// rather than drawn).
func (c canvas) checkerboard() {
	w := c.img.Rect.Dx()
	var pattern [2][]byte
	for band := range pattern {
		row := make([]byte, 4*w)
		for x := range w {
			col := checkLight
			if (x/checker+band)%2 == 1 {
				col = checkDark
			}
			copy(row[4*x:], []byte{col.R, col.G, col.B, 0xff})
		}
		pattern[band] = row
	}
	for y := range c.img.Rect.Dy() {
		copy(c.img.Pix[y*c.img.Stride:], pattern[(y/checker)%2])
	}
}

// tintAlpha is the opacity of the tint of a shape's area.
const tintAlpha = 0x1c

// maxHoles is the most rectangles of opaque pixels tint leaves out; tests
// change it.
var maxHoles = 1 << 14

// opaqueRects appends to dst the opaque pixels of rows as rectangles in
// output pixels, one per run of a block of equal rows, or returns nil when
// there are more than maxHoles.
func (c canvas) opaqueRects(rows *opaqueRows, dst []image.Rectangle) []image.Rectangle {
	eachBlock(rows, func(y0, y1 int, runs [][2]int) {
		for _, r := range runs {
			if len(dst) > maxHoles {
				return
			}
			ax, ay := c.pt(float64(r[0]), float64(y0))
			bx, by := c.pt(float64(r[1]), float64(y1))
			dst = append(dst, image.Rect(int(ax), int(ay), int(bx), int(by)))
		}
	})
	if len(dst) > maxHoles {
		return nil
	}
	return dst
}

// tint fills the area of every enclosing shape with its colour, faintly,
// in drawing order. The pieces are filled as one path with the non-zero
// rule (they all wind the same way), so where they overlap is tinted once.
// The rectangles holes (the opaque pixels, which the sprite then covers)
// are added to each path winding the other way, so the tint is not
// painted where it would not be seen: where a hole lies in a shape the
// windings cancel, and where one does not it is painted, to be covered.
func (c canvas) tint(shapes []shape, holes []image.Rectangle) {
	for _, sh := range shapes {
		if !sh.encloses() {
			continue
		}
		c.path(sh)
		for _, h := range holes {
			x0, y0, x1, y1 := float64(h.Min.X), float64(h.Min.Y), float64(h.Max.X), float64(h.Max.Y)
			c.dc.MoveTo(x0, y0)
			c.dc.LineTo(x0, y1)
			c.dc.LineTo(x1, y1)
			c.dc.LineTo(x1, y0)
			c.dc.ClosePath()
		}
		col := export.Colour(sh.kind)
		col.A = tintAlpha
		c.dc.SetColor(col)
		c.dc.SetFillRuleWinding()
		c.dc.Fill()
	}
}

// path makes sh's outline gg's current path, in output coordinates.
func (c canvas) path(sh shape) {
	if sh.circle != nil {
		x, y := c.pt(sh.circle.Center.X, sh.circle.Center.Y)
		c.dc.DrawCircle(x, y, sh.circle.Radius*c.v.k())
	}
	for _, ring := range sh.rings {
		c.dc.NewSubPath()
		for _, p := range ring {
			c.dc.LineTo(c.pt(p.X, p.Y))
		}
		c.dc.ClosePath()
	}
}

// stroke draws sh's outline in its colour, width and dash, or the pivot
// cross.
func (c canvas) stroke(sh shape) {
	if sh.pivot {
		x, y := c.pt(sh.at.X, sh.at.Y)
		c.cross(x, y, 7)
		return
	}
	k := styles[sh.kind]
	c.path(sh)
	c.dc.SetColor(export.Colour(sh.kind))
	c.dc.SetLineWidth(k.width)
	// Rings are closed and dashes short: butt caps (round ones cost gg a
	// curve at each end of every dash).
	c.dc.SetLineCapButt()
	c.dc.SetLineJoinRound()
	c.dc.SetDash(k.dash...)
	c.dc.Stroke()
	c.dc.SetDash()
}

// cross draws the pivot mark at (x, y): a dark cross on a light halo.
func (c canvas) cross(x, y, r float64) {
	c.dc.SetLineCapRound()
	for _, pass := range []struct {
		col   color.NRGBA
		width float64
	}{{pivotHalo, 4}, {pivotColour, 1.5}} {
		c.dc.DrawLine(x-r, y, x+r, y)
		c.dc.DrawLine(x, y-r, x, y+r)
		c.dc.SetColor(pass.col)
		c.dc.SetLineWidth(pass.width)
		c.dc.Stroke()
	}
}

// edgeBatch is how many pixel edges edges strokes at once, so that a
// noisy sprite does not build one huge path.
const edgeBatch = 4096

// edges draws the pixel-edge outline of the opaque pixels: a dark band t
// output pixels wide on either side of every edge between an opaque pixel
// and a transparent one, the edges joined into the longest straight lines
// and stroked with gg with square caps (which fill the corners). It is
// drawn before the sprite, whose pixels then cover the inner half, so the
// band lies just outside the opaque pixels and their own colours stay
// visible. The scale is whole here, so the band's edges fall on pixel
// edges and it has no anti-aliased fringe.
func (c canvas) edges(rows *opaqueRows) {
	t := 1.0
	if c.v.up >= 6 {
		t = 2
	}
	c.dc.SetColor(edgeColour)
	c.dc.SetLineWidth(2 * t)
	c.dc.SetLineCapSquare()
	n := 0
	eachEdge(rows, func(x0, y0, x1, y1 int) {
		ax, ay := c.pt(float64(x0), float64(y0))
		bx, by := c.pt(float64(x1), float64(y1))
		c.dc.DrawLine(ax, ay, bx, by)
		if n++; n%edgeBatch == 0 {
			c.dc.Stroke()
		}
	})
	c.dc.Stroke()
}

// keptRuns is how many runs of outside pixels Render keeps from counting
// them to painting them; past it they are found again. outsideBatch is
// how many runs outside fills at once.
const (
	keptRuns     = 4096
	outsideBatch = 4096
)

// outside paints red over the opaque pixels that an enclosing shape
// leaves outside, a rectangle per run of them in a row, at least one
// output pixel each: the runs kept, or when there were more, those that
// forOutside finds in rows.
func (c canvas) outside(kept [][3]int, rows *opaqueRows, shapes []shape) {
	if len(kept) == 0 {
		return
	}
	col := outsideColour
	col.A = 0xc0
	c.dc.SetColor(col)
	c.dc.SetFillRuleWinding()
	each := func(f func(y, x0, x1 int)) {
		for _, r := range kept {
			f(r[0], r[1], r[2])
		}
	}
	if len(kept) > keptRuns {
		each = func(f func(y, x0, x1 int)) { forOutside(rows, shapes, f) }
	}
	n := 0
	each(func(y, x0, x1 int) {
		ax, ay := c.pt(float64(x0), float64(y))
		bx, by := c.pt(float64(x1), float64(y+1))
		ax, ay = math.Floor(ax), math.Floor(ay)
		bx, by = max(ax+1, math.Ceil(bx)), max(ay+1, math.Ceil(by))
		c.dc.DrawRectangle(ax, ay, bx-ax, by-ay)
		if n++; n%outsideBatch == 0 {
			c.dc.Fill()
		}
	})
	c.dc.Fill()
}

// entry is one item of the legend: a shape kind, the pivot or the count of
// outside pixels.
type entry struct {
	kind    collide.Kind // unless pivot or outside
	pivot   bool
	outside bool
	text    string
}

func (e entry) width() int { return swatch + 6 + glyphWidth*len(e.text) + 14 }

func legendEntries(s *export.Sprite, shapes []shape, outside int) []entry {
	var out []entry
	for _, sh := range shapes {
		if sh.pivot {
			out = append(out, entry{pivot: true, text: pivotLabel})
			continue
		}
		text := label(sh.kind)
		switch sh.kind {
		case collide.KindHull, collide.KindPolygon:
			text = fmt.Sprintf("%s %dv", text, len(sh.rings[0]))
		case collide.KindPieces, collide.KindOutline:
			text = fmt.Sprintf("%s %d", text, len(sh.rings))
		}
		out = append(out, entry{kind: sh.kind, text: text})
	}
	if outside > 0 {
		out = append(out, entry{outside: true, text: fmt.Sprintf("outside %dpx", outside)})
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

// legend draws the legend from row top down: its background (over any
// shape that reaches so far), a rule, the sprite's name, size and pixel
// count, and a swatch and label per entry.
func (c canvas) legend(s *export.Sprite, entries []entry, rows [][2]int, top, width int) {
	dc := c.dc
	w, h := float64(c.img.Rect.Dx()), float64(c.img.Rect.Dy())
	dc.DrawRectangle(0, float64(top), w, h-float64(top))
	dc.SetColor(legendBack)
	dc.Fill()
	dc.DrawRectangle(0, float64(top), w, 1)
	dc.SetColor(checkDark)
	dc.Fill()
	head := fmt.Sprintf("%s  %dx%d  %d px", s.Name, s.Size[0], s.Size[1], s.Pixels)
	drawText(c.img, fit(head, width/glyphWidth), margin, top+lineHeight-3)
	for r, row := range rows {
		x := margin
		y := top + (r+2)*lineHeight - 3 // text baseline
		for _, e := range entries[row[0]:row[1]] {
			fx, mid := float64(x), float64(y-4)
			switch {
			case e.outside:
				dc.DrawRectangle(fx+4, mid-5, 10, 10)
				dc.SetColor(outsideColour)
				dc.Fill()
			case e.pivot:
				c.cross(fx+swatch/2, mid, 5)
			default:
				k := styles[e.kind]
				dc.DrawLine(fx, mid, fx+swatch, mid)
				dc.SetColor(export.Colour(e.kind))
				dc.SetLineWidth(k.width + 0.5)
				dc.SetLineCapButt()
				dc.SetDash(k.dash...)
				dc.Stroke()
				dc.SetDash()
			}
			drawText(c.img, e.text, x+swatch+6, y)
			x += e.width()
		}
	}
}

// drawText writes s in the text colour with gg's face, basicfont's 7x13,
// its baseline's left end at (x, y). It uses x/image/font as gg does,
// without gg's DrawString, which resamples every glyph through a general
// transform.
func drawText(img draw.Image, s string, x, y int) {
	d := font.Drawer{Dst: img, Src: image.NewUniform(textColour), Face: basicfont.Face7x13, Dot: fixed.P(x, y)}
	d.DrawString(s)
}

// fit shortens s to at most n characters, keeping its end (the most
// telling part of a sprite path).
func fit(s string, n int) string {
	if len(s) <= n || n < 4 {
		return s
	}
	return "..." + s[len(s)-(n-3):]
}
