package preview

import (
	"image"
	"image/draw"
	"io"
	"runtime"
	"sync"
	"sync/atomic"

	"github.com/disintegration/imaging"

	"github.com/shapegen/shapegen/export"
)

// DefaultCell is the default side, in pixels, of a contact sheet's tiles.
const DefaultCell = 112

// SheetOptions says how a contact sheet is laid out.
type SheetOptions struct {
	// Columns is the number of tiles per row; 0 makes the sheet about
	// square.
	Columns int
	// Cell is the side of the square each tile is fitted into; 0 means
	// DefaultCell. Larger tiles are scaled down (keeping their aspect),
	// smaller ones are centred as they are.
	Cell int
}

// Sheet layout constants, in pixels.
const (
	sheetGap   = 8  // around and between cells
	labelSpace = 16 // under each tile
)

// sheet is a contact sheet being filled: a grid of n cells, each a tile
// with a label under it. Set may be called from several goroutines; Image
// draws the picture. A sheet of n cells is about n*(Cell+24)^2*4 bytes
// while it is drawn, so callers page large builds (say 400 tiles a sheet)
// rather than make one huge image.
type sheet struct {
	mu    sync.Mutex
	cells []sheetCell
	cols  int
	cell  int
	size  image.Point
}

// sheetCell is what Set put in one cell.
type sheetCell struct {
	tile image.Image // fitted to the cell; nil for none
	// copied reports whether tile is an opaque *image.NRGBA, whose rows
	// Image copies; any other tile is drawn over the background.
	copied bool
	at     image.Rectangle // where tile lies in the sheet
	label  string
}

// newSheet returns an empty sheet of n cells laid out as opt says.
func newSheet(n int, opt SheetOptions) *sheet {
	cell := opt.Cell
	if cell <= 0 {
		cell = DefaultCell
	}
	cols := opt.Columns
	if cols <= 0 {
		for cols = 1; cols*cols < n; cols++ {
		}
	}
	cols = max(1, min(cols, n))
	rows := max(1, (n+cols-1)/cols)
	size := image.Pt(sheetGap+cols*(cell+sheetGap), sheetGap+rows*(cell+labelSpace+sheetGap))
	return &sheet{cells: make([]sheetCell, n), cols: cols, cell: cell, size: size}
}

// CellRect returns the rectangle of cell i's tile area in the sheet.
func (s *sheet) CellRect(i int) image.Rectangle {
	x := sheetGap + (i%s.cols)*(s.cell+sheetGap)
	y := sheetGap + (i/s.cols)*(s.cell+labelSpace+sheetGap)
	return image.Rect(x, y, x+s.cell, y+s.cell)
}

// Set puts tile, fitted into the cell, and label into cell i, replacing
// what was there. A nil tile leaves the cell blank but for the label. It
// panics when i is not in [0, n). The sheet keeps tile until Image has
// drawn it.
func (s *sheet) Set(i int, tile image.Image, label string) {
	if i < 0 || i >= len(s.cells) {
		panic("preview: sheet.Set: cell index out of range")
	}
	c := sheetCell{tile: tile, label: label}
	if tile != nil {
		if b := tile.Bounds(); b.Dx() > s.cell || b.Dy() > s.cell {
			c.tile = imaging.Fit(tile, s.cell, s.cell, imaging.Box)
		}
		// Over the background an opaque tile is its own pixels.
		t, ok := c.tile.(*image.NRGBA)
		c.copied = ok && t.Opaque()
		c.at = s.place(i, c.tile.Bounds())
	}
	s.mu.Lock()
	s.cells[i] = c
	s.mu.Unlock()
}

// place returns where a tile of bounds b lies in cell i: centred.
func (s *sheet) place(i int, b image.Rectangle) image.Rectangle {
	at := s.CellRect(i).Min.Add(image.Pt((s.cell-b.Dx())/2, (s.cell-b.Dy())/2))
	return b.Sub(b.Min).Add(at)
}

// Image draws the sheet's picture and returns it; call it after the last
// Set.
func (s *sheet) Image() *image.NRGBA {
	s.mu.Lock()
	defer s.mu.Unlock()
	w, h := s.size.X, s.size.Y
	img := &image.RGBA{Pix: make([]byte, 4*w*h), Stride: 4 * w, Rect: image.Rect(0, 0, w, h)}
	// Every pixel is written once: a row is the background between the
	// copied tiles' rows.
	back := make([]byte, 4*w)
	for i := 0; i < len(back); i += 4 {
		back[i], back[i+1], back[i+2], back[i+3] = legendBack.R, legendBack.G, legendBack.B, 0xff
	}
	band := s.cell + labelSpace + sheetGap
	for y := range h {
		row := img.Pix[y*img.Stride:][:4*w]
		x := 0
		if gy := y - sheetGap; gy >= 0 && gy%band < s.cell {
			for i := gy / band * s.cols; i < min(len(s.cells), (gy/band+1)*s.cols); i++ {
				c := s.cells[i]
				if !c.copied {
					continue
				}
				r := c.at
				if y < r.Min.Y || y >= r.Max.Y {
					continue
				}
				t := c.tile.(*image.NRGBA)
				tb := t.Rect
				x += copy(row[4*x:4*r.Min.X], back) / 4
				x += copy(row[4*x:4*r.Max.X], t.Pix[t.PixOffset(tb.Min.X, tb.Min.Y+y-r.Min.Y):]) / 4
			}
		}
		copy(row[4*x:], back)
	}
	for i, c := range s.cells {
		if c.tile != nil && !c.copied {
			draw.Draw(img, c.at, c.tile, c.tile.Bounds().Min, draw.Over)
		}
		r := s.CellRect(i)
		drawText(img, fit(c.label, s.cell/glyphWidth), r.Min.X, r.Max.Y+labelSpace-4)
	}
	// The background is opaque, so premultiplied bytes are straight bytes.
	return &image.NRGBA{Pix: img.Pix, Stride: img.Stride, Rect: img.Rect}
}

// SheetPage is the most tiles WriteContactSheet puts on one sheet, so
// that a sheet stays a picture a viewer opens (about 2400 x 2700 pixels
// at the default cell).
const SheetPage = 400

// Tile returns the contact-sheet tile of s over frame (as Render takes
// them): the drawing alone, without margin or legend, at the largest whole
// scale at which it fits a cell of side cell (0 means DefaultCell). A
// drawing larger than the cell even at 1x is drawn from the sprite and
// its shapes shrunk by a whole factor (see shrink), so a big sprite costs
// little more than a small one, and is fitted to the cell. A tile is
// small: a build keeps one per sprite for its contact sheets. For a
// sprite that Render refuses (see Render) the tile is empty, 0x0.
func Tile(frame image.Image, s *export.Sprite, opt Options, cell int) *image.NRGBA {
	if cell <= 0 {
		cell = DefaultCell
	}
	if frame == nil || s == nil || check(s) != nil {
		return &image.NRGBA{}
	}
	opt.MinSide, opt.NoLegend = 1, true
	size, off := spriteSpace(frame, s)
	x0, y0, x1, y1 := viewBounds(size.X, size.Y, shapesOf(s, opt))
	if side := max(x1-x0, y1-y0); side > cell {
		f := (side + cell - 1) / cell
		// The sprite's space in the frame's coordinates (see Sprite).
		space := image.Rectangle{Max: size}.Add(frame.Bounds().Min.Sub(off))
		frame, s = shrinkImage(frame, space, f), shrink(s, size, f)
		// Only the blocks opaque throughout are opaque: they lie inside
		// every shape that holds their pixels, so shrinking paints no
		// pixel outside.
		opt.AlphaThreshold, opt.Mask = 255, nil
	} else if k := cell / max(1, side); k > 1 {
		opt.MinSide = k * max(size.X, size.Y)
	}
	r := tileRenderers.Get().(*Renderer)
	defer tileRenderers.Put(r)
	tile, err := r.Render(frame, s, opt)
	if err != nil {
		return &image.NRGBA{}
	}
	if b := tile.Rect; b.Dx() > cell || b.Dy() > cell {
		return imaging.Fit(tile, cell, cell, imaging.Box)
	}
	// A compact copy: the tile is kept, the Renderer's memory is not.
	out := image.NewNRGBA(tile.Rect)
	for y := range tile.Rect.Dy() {
		copy(out.Pix[y*out.Stride:(y+1)*out.Stride], tile.Pix[y*tile.Stride:])
	}
	return out
}

// tileRenderers hold the Renderers of Tile: a build draws a tile per
// sprite, on all its workers at once.
var tileRenderers = sync.Pool{New: func() any { return new(Renderer) }}

// shrink returns s, whose space is size, with its space and shapes scaled
// down by the factor f, as seen by Render over shrinkImage's picture of
// its 1x image: the size rounded up and no offset. Each shape is then
// grown by a relative 1e-9 about its middle, far below a pixel but above
// rounding, so that a pixel corner on a shape's edge stays inside it.
func shrink(s *export.Sprite, size image.Point, f int) *export.Sprite {
	const grow = 1 + 1e-9
	d := float64(f)
	pt := func(p export.Point) export.Point { return export.Point{p[0] / d, p[1] / d} }
	ring := func(r export.Ring) export.Ring {
		if len(r) == 0 {
			return nil
		}
		var mid export.Point
		for _, p := range r {
			mid[0], mid[1] = mid[0]+p[0]/d/float64(len(r)), mid[1]+p[1]/d/float64(len(r))
		}
		out := make(export.Ring, len(r))
		for i, p := range r {
			q := pt(p)
			out[i] = export.Point{mid[0] + (q[0]-mid[0])*grow, mid[1] + (q[1]-mid[1])*grow}
		}
		return out
	}
	rings := func(rs []export.Ring) []export.Ring {
		var out []export.Ring
		for _, r := range rs {
			out = append(out, ring(r))
		}
		return out
	}
	t := &export.Sprite{
		Name: s.Name, Size: [2]int{(size.X + f - 1) / f, (size.Y + f - 1) / f},
		Pivot: pt(s.Pivot), Pixels: s.Pixels,
		Hull: ring(s.Hull), Polygon: ring(s.Polygon), Pieces: rings(s.Pieces), Outline: rings(s.Outline),
	}
	if s.AABB != nil {
		r := ring(export.Ring{s.AABB.Min, s.AABB.Max})
		t.AABB = &export.AABB{Min: r[0], Max: r[1]}
	}
	if s.Circle != nil {
		t.Circle = &export.Circle{Center: pt(s.Circle.Center), Radius: s.Circle.Radius / d * grow}
	}
	if s.Box != nil {
		h := pt(s.Box.Half)
		t.Box = &export.Box{Center: pt(s.Box.Center), Half: export.Point{h[0] * grow, h[1] * grow}, Angle: s.Box.Angle}
	}
	return t
}

// shrinkImage returns the part r of img scaled down by the whole factor
// f, each pixel the average of an f x f block (weighted by alpha, so
// transparent pixels lend no colour; pixels outside img's bounds and
// blocks cut by r's edge count as transparent). img's pixels are taken as
// Sprite takes them. Each pixel is read once, a row at a time.
func shrinkImage(img image.Image, r image.Rectangle, f int) *image.NRGBA {
	out := image.NewNRGBA(image.Rect(0, 0, (r.Dx()+f-1)/f, (r.Dy()+f-1)/f))
	in := r.Intersect(img.Bounds())
	rows := newNRGBARows(img)
	sums := make([]blockSum, out.Rect.Dx())
	n := uint64(f * f)
	for oy := range out.Rect.Dy() {
		clear(sums)
		top := r.Min.Y + oy*f
		for y := max(in.Min.Y, top); y < min(in.Max.Y, top+f); y++ {
			row := rows.row(y, in.Min.X, in.Max.X)
			for x := in.Min.X; x < in.Max.X; {
				ox := (x - r.Min.X) / f
				end := min(in.Max.X, r.Min.X+(ox+1)*f)
				sums[ox].add(row[4*(x-in.Min.X) : 4*(end-in.Min.X)])
				x = end
			}
		}
		for ox, s := range sums {
			if s.a == 0 {
				continue
			}
			o := out.PixOffset(ox, oy)
			p := out.Pix[o : o+4 : o+4]
			p[0], p[1], p[2], p[3] = uint8(s.r/s.a), uint8(s.g/s.a), uint8(s.b/s.a), uint8((s.a+n/2)/n)
		}
	}
	return out
}

// blockSum adds up the pixels of a block of shrinkImage: the colours
// weighted by alpha, and the alphas.
type blockSum struct{ r, g, b, a uint64 }

// add adds the pixels of px, 4 bytes (NRGBA) a pixel.
func (s *blockSum) add(px []byte) {
	for i := 0; i+4 <= len(px); i += 4 {
		p := px[i : i+4 : i+4]
		a := uint64(p[3])
		s.r, s.g, s.b, s.a = s.r+uint64(p[0])*a, s.g+uint64(p[1])*a, s.b+uint64(p[2])*a, s.a+a
	}
}

// WriteContactSheet draws page page (from 0) of the contact sheets of
// lib's sprites and writes it to w as a PNG (see Encode): the tiles of
// sprites page*SheetPage up to the next page, in order, each labelled with
// its sprite's name. tile(i) returns the tile of lib.Sprites[i] (see
// Tile), or nil to leave the cell blank but for the label; it is called
// from several goroutines at once, and a nil tile leaves every cell
// blank. A page before the first or past the last, or of a nil library,
// is a sheet with no cell. It returns the error of writing to w; the
// caller names the pages' files and writes them (atomically, in a build).
func WriteContactSheet(w io.Writer, lib *export.Library, page int, tile func(i int) image.Image, opt SheetOptions) error {
	var sprites []export.Sprite
	if lib != nil {
		sprites = lib.Sprites
	}
	if tile == nil {
		tile = func(int) image.Image { return nil }
	}
	lo := len(sprites)
	if page >= 0 && page <= len(sprites)/SheetPage {
		lo = page * SheetPage
	}
	hi := min(len(sprites), lo+SheetPage)
	s := newSheet(hi-lo, opt)
	fillSheet(s, lo, hi, sprites, tile)
	return Encode(w, s.Image())
}

// fillSheet sets the cells of s to the tiles of sprites lo to hi, fetched
// by tile on all cores.
func fillSheet(s *sheet, lo, hi int, sprites []export.Sprite, tile func(i int) image.Image) {
	var next atomic.Int64
	next.Store(int64(lo))
	var wg sync.WaitGroup
	for range min(runtime.GOMAXPROCS(0), hi-lo) {
		wg.Go(func() {
			for i := int(next.Add(1) - 1); i < hi; i = int(next.Add(1) - 1) {
				s.Set(i-lo, tile(i), sprites[i].Name)
			}
		})
	}
	wg.Wait()
}
