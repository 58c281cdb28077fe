package preview

import (
	"encoding/binary"
	"image"
	"image/color"
	"image/draw"
	"math/bits"
	"slices"

	"github.com/shapegen/shapegen/mask"
)

// bandPixels is about how many pixels of a sprite's mask opaqueRows finds
// at once; a sprite of up to wholePixels pixels is found whole, once.
const (
	bandPixels  = 1 << 16
	wholePixels = 1 << 20
)

// opaqueRows gives a sprite's opaque pixels a row at a time, as words:
// pixel r.Min.X+i of the row at bit i%64 of word i/64. They come from the
// caller's mask, or from the frame a band of rows at a time, so that
// Render never holds the mask of a huge sprite.
type opaqueRows struct {
	r     image.Rectangle // where opaque pixels may lie, in sprite space
	m     *mask.Mask      // the caller's mask of the whole space, or nil
	frame image.Image
	shift image.Point // frame pixel of sprite pixel p is p + shift
	thr   uint8
	band  *mask.Mask // the mask of rows bandY to bandY+band.Height() of r
	bandY int
}

// reset makes o give the opaque pixels of frame placed at off in a space
// of size, at opt's threshold, from opt.Mask when it has that size.
func (o *opaqueRows) reset(frame image.Image, size, off image.Point, opt Options) {
	*o = opaqueRows{frame: frame, thr: opt.threshold()}
	space := image.Rectangle{Max: size}
	if opt.Mask != nil && opt.Mask.Size() == size {
		o.r, o.m = space, opt.Mask
		return
	}
	fb := frame.Bounds()
	o.r = fb.Sub(fb.Min).Add(off).Intersect(space)
	o.shift = fb.Min.Sub(off)
}

// words returns how many words a row has.
func (o *opaqueRows) words() int { return (o.r.Dx() + 63) / 64 }

// row appends row y's words to dst: all zero for a row outside o.r.
func (o *opaqueRows) row(dst []uint64, y int) []uint64 {
	if y < o.r.Min.Y || y >= o.r.Max.Y {
		for range o.words() {
			dst = append(dst, 0)
		}
		return dst
	}
	if o.m != nil {
		return o.m.AppendRow(dst, y)
	}
	if o.band == nil || y < o.bandY || y >= o.bandY+o.band.Height() {
		h := max(1, bandPixels/max(1, o.r.Dx()))
		if int64(o.r.Dx())*int64(o.r.Dy()) <= wholePixels {
			h = o.r.Dy()
		}
		if y != o.r.Min.Y && h == o.r.Dy() {
			h = o.r.Max.Y - y
		}
		rows := image.Rect(o.r.Min.X, y, o.r.Max.X, min(o.r.Max.Y, y+h))
		o.band, o.bandY = mask.FromImage(subImage(o.frame, rows.Add(o.shift)), o.thr), y
	}
	return o.band.AppendRow(dst, y-o.bandY)
}

// subImage returns the part r of img, with img's coordinates.
func subImage(img image.Image, r image.Rectangle) image.Image {
	if s, ok := img.(interface {
		SubImage(image.Rectangle) image.Image
	}); ok {
		return s.SubImage(r)
	}
	return clipped{img, r.Intersect(img.Bounds())}
}

// clipped is an image seen through a rectangle of its bounds.
type clipped struct {
	image.Image
	r image.Rectangle
}

func (c clipped) Bounds() image.Rectangle { return c.r }

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

// eachEdge calls f(x0, y0, x1, y1) for each maximal straight piece of the
// boundary between the opaque pixels of rows and the rest, in sprite
// coordinates: horizontal ones (y0 == y1) row by row, left to right, then
// vertical ones (x0 == x1) as they end. Its memory is a few rows.
func eachEdge(rows *opaqueRows, f func(x0, y0, x1, y1 int)) {
	r := rows.r
	if r.Empty() {
		return
	}
	n := rows.words()
	// Vertical edges lie at x = r.Min.X + i for i in [0, r.Dx()]: one more
	// position than pixels, so one more word when the width fills its last.
	nv := (r.Dx() + 1 + 63) / 64
	prev, cur := make([]uint64, n), make([]uint64, 0, n)
	vPrev, vCur := make([]uint64, nv), make([]uint64, nv)
	start := make([]int, r.Dx()+1) // the row where an open vertical edge began
	for y := r.Min.Y; y <= r.Max.Y; y++ {
		cur = rows.row(cur[:0], y)
		for i := range n {
			prev[i] ^= cur[i] // the pixels that differ from the one above
		}
		eachRun(prev, func(x0, x1 int) { f(r.Min.X+x0, y, r.Min.X+x1, y) })
		// Position i is an edge where pixels i-1 and i differ.
		var carry uint64
		for i := range nv {
			var w uint64
			if i < n {
				w = cur[i]
			}
			vCur[i] = w ^ (w<<1 | carry)
			carry = w >> 63
		}
		for i := range nv {
			for starts := vCur[i] &^ vPrev[i]; starts != 0; starts &= starts - 1 {
				start[64*i+bits.TrailingZeros64(starts)] = y
			}
			for ends := vPrev[i] &^ vCur[i]; ends != 0; ends &= ends - 1 {
				x := 64*i + bits.TrailingZeros64(ends)
				f(r.Min.X+x, start[x], r.Min.X+x, y)
			}
		}
		prev, cur = cur, prev
		vPrev, vCur = vCur, vPrev
	}
}

// eachBlock calls f(y0, y1, runs) for each block of equal rows y0 <= y <
// y1 of rows, top to bottom, with the runs [x0, x1) of opaque pixels
// those rows have, in sprite coordinates (valid during the call).
func eachBlock(rows *opaqueRows, f func(y0, y1 int, runs [][2]int)) {
	r := rows.r
	if r.Empty() {
		return
	}
	var cur, next []uint64
	var runs [][2]int
	cur = rows.row(cur, r.Min.Y)
	for y := r.Min.Y; y < r.Max.Y; {
		end := y + 1 // the block is the rows y to end, equal to row y
		for ; end < r.Max.Y; end++ {
			next = rows.row(next[:0], end)
			if !slices.Equal(next, cur) {
				break
			}
		}
		runs = runs[:0]
		eachRun(cur, func(x0, x1 int) { runs = append(runs, [2]int{r.Min.X + x0, r.Min.X + x1}) })
		f(y, end, runs)
		cur, next = next, cur
		y = end
	}
}

// forOutside calls f(y, x0, x1) for each maximal run x0 <= x < x1 of
// opaque pixels in row y that some enclosing shape of shapes leaves
// outside, row by row, left to right.
//
// Rows are taken in blocks of equal rows (see eachBlock). A run of a block
// is settled for a shape at once when the shape holds the rectangle of the
// run over the whole block: the shapes' tests of a point (a disc, or an
// intersection of half-planes, even as rounded) hold a rectangle when they
// hold its corners. Only the runs and shapes left are tried row by row,
// so a tall sprite of repeated rows costs little more than a row of it.
func forOutside(rows *opaqueRows, shapes []shape, f func(y, x0, x1 int)) {
	var enclosing []shape
	for _, sh := range shapes {
		if sh.encloses() {
			enclosing = append(enclosing, sh)
		}
	}
	if len(enclosing) == 0 {
		return
	}
	type pair struct{ x0, x1, shape int } // a run of a block and a shape that may leave some of it out
	var open []pair
	var out [][2]int
	eachBlock(rows, func(y, end int, runs [][2]int) {
		open = open[:0]
		for _, run := range runs {
			for i, sh := range enclosing {
				if !sh.holdsRect(run[0], run[1], y, end) {
					open = append(open, pair{run[0], run[1], i})
				}
			}
		}
		for row := y; row < end && len(open) > 0; row++ {
			out = out[:0]
			for _, p := range open {
				out = enclosing[p.shape].outside(out, p.x0, p.x1, row)
			}
			for _, o := range mergeRanges(out) {
				f(row, o[0], o[1])
			}
		}
	})
}

// mergeRanges sorts the ranges rs ([a, b), b excluded) and joins those
// that overlap or touch, in place.
func mergeRanges(rs [][2]int) [][2]int {
	if len(rs) < 2 {
		return rs
	}
	slices.SortFunc(rs, func(a, b [2]int) int { return a[0] - b[0] })
	out := rs[:1]
	for _, r := range rs[1:] {
		if last := &out[len(out)-1]; r[0] <= last[1] {
			last[1] = max(last[1], r[1])
		} else {
			out = append(out, r)
		}
	}
	return out
}

// sprite copies the frame's pixels (placed at off in the sprite's space of
// size) into the drawing at the view's scale, nearest-neighbour, over what
// is there: opaque pixels are written, partly transparent ones blended
// with image/draw. This is image scaling, not drawing, and is done by
// hand: scaled up, each sprite row is written once and its opaque runs
// copied to the block's other rows.
func (c canvas) sprite(frame image.Image, size, off image.Point) {
	fb := frame.Bounds()
	at := fb.Sub(fb.Min).Add(off).Intersect(image.Rectangle{Max: size})
	if at.Empty() {
		return
	}
	rows := newNRGBARows(frame)
	src := func(y int) []byte { // the pixels of at's columns in sprite row y
		return rows.row(y-off.Y+fb.Min.Y, at.Min.X-off.X+fb.Min.X, at.Max.X-off.X+fb.Min.X)
	}
	v := c.v
	if v.down > 1 {
		drawW, drawH := v.size()
		for py := range drawH {
			sy := v.y0 + py*v.down + v.down/2
			if sy < at.Min.Y || sy >= at.Max.Y {
				continue
			}
			oy := margin + py
			row := src(sy)
			for px := range drawW {
				sx := v.x0 + px*v.down + v.down/2
				if sx >= at.Min.X && sx < at.Max.X {
					p := row[4*(sx-at.Min.X):][:4]
					c.put(image.Rect(margin+px, oy, margin+px+1, oy+1), p)
				}
			}
		}
		return
	}
	k := v.up
	w := c.img.Rect.Dx()
	var runs [][2]int // output columns [x0, x1) of this row's opaque runs
	for y := at.Min.Y; y < at.Max.Y; y++ {
		oy0 := margin + (y-v.y0)*k
		row := src(y)
		first := c.img.Pix[oy0*c.img.Stride:][:4*w]
		ox := func(x int) int { return margin + (x-v.x0)*k }
		runs = runs[:0]
		for i, n := 0, at.Dx(); i < n; {
			switch row[4*i+3] {
			case 0:
				i++
			case 0xff:
				start := i
				for i < n && row[4*i+3] == 0xff {
					i++
				}
				x0, x1 := ox(at.Min.X+start), ox(at.Min.X+i)
				expand(first[4*x0:4*x1], row[4*start:4*i], k, 0)
				runs = append(runs, [2]int{x0, x1})
			default:
				x := ox(at.Min.X + i)
				c.put(image.Rect(x, oy0, x+k, oy0+k), row[4*i:4*i+4])
				i++
			}
		}
		for oy := oy0 + 1; oy < oy0+k; oy++ {
			dst := c.img.Pix[oy*c.img.Stride:]
			for _, r := range runs {
				copy(dst[4*r[0]:4*r[1]], first[4*r[0]:4*r[1]])
			}
		}
	}
}

// put paints the rectangle r of the picture with the pixel p (NRGBA
// bytes): written when opaque, blended over what is there when partly
// transparent.
func (c canvas) put(r image.Rectangle, p []byte) {
	switch p[3] {
	case 0:
	case 0xff:
		draw.Draw(c.img, r, image.NewUniform(color.RGBA{p[0], p[1], p[2], 0xff}), image.Point{}, draw.Src)
	default:
		draw.Draw(c.img, r, image.NewUniform(color.NRGBA{p[0], p[1], p[2], p[3]}), image.Point{}, draw.Over)
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
