package preview

import (
	"errors"
	"fmt"
	"image"
	"image/draw"
	"io"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"sync"

	"github.com/disintegration/imaging"

	"github.com/shapegen/shapegen/export"
	"github.com/shapegen/shapegen/internal/atomicfile"
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

// Sheet is a contact sheet being filled: a grid of n cells, each a tile
// with a label under it. Set may be called from several goroutines.
// A sheet of n cells holds about n*(Cell+24)^2*4 bytes, so callers page
// large builds (say 400 tiles a sheet) rather than make one huge image.
type Sheet struct {
	mu   sync.Mutex
	img  *image.RGBA
	n    int
	cols int
	cell int
}

// NewSheet returns an empty sheet of n cells laid out as opt says.
func NewSheet(n int, opt SheetOptions) *Sheet {
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
	img := image.NewRGBA(image.Rect(0, 0, sheetGap+cols*(cell+sheetGap), sheetGap+rows*(cell+labelSpace+sheetGap)))
	fillRect(img, img.Rect, legendBack)
	return &Sheet{img: img, n: n, cols: cols, cell: cell}
}

// CellRect returns the rectangle of cell i's tile area in the sheet.
func (s *Sheet) CellRect(i int) image.Rectangle {
	x := sheetGap + (i%s.cols)*(s.cell+sheetGap)
	y := sheetGap + (i/s.cols)*(s.cell+labelSpace+sheetGap)
	return image.Rect(x, y, x+s.cell, y+s.cell)
}

// Set puts tile, fitted into the cell, and label into cell i. A nil tile
// leaves the cell blank but for the label. It panics when i is not in
// [0, n).
func (s *Sheet) Set(i int, tile image.Image, label string) {
	if i < 0 || i >= s.n {
		panic("preview: Sheet.Set: cell index out of range")
	}
	r := s.CellRect(i)
	if tile != nil {
		b := tile.Bounds()
		if b.Dx() > s.cell || b.Dy() > s.cell {
			tile = imaging.Fit(tile, s.cell, s.cell, imaging.Box)
			b = tile.Bounds()
		}
		at := r.Min.Add(image.Pt((s.cell-b.Dx())/2, (s.cell-b.Dy())/2))
		s.mu.Lock()
		draw.Draw(s.img, b.Sub(b.Min).Add(at), tile, b.Min, draw.Over)
		s.mu.Unlock()
	}
	s.mu.Lock()
	drawText(s.img, fit(label, s.cell/glyphWidth), r.Min.X, r.Max.Y+labelSpace-4, textColour)
	s.mu.Unlock()
}

// Image returns the sheet's picture. It shares memory with the sheet, so
// call it after the last Set.
func (s *Sheet) Image() *image.NRGBA {
	// The background is opaque, so premultiplied bytes are straight bytes.
	return &image.NRGBA{Pix: s.img.Pix, Stride: s.img.Stride, Rect: s.img.Rect}
}

// ContactSheet returns one image with every tile in a grid, each with the
// label of the same index under it (missing labels are blank): all the
// sprites of a build at a glance.
func ContactSheet(tiles []image.Image, labels []string, opt SheetOptions) *image.NRGBA {
	s := NewSheet(len(tiles), opt)
	for i, t := range tiles {
		label := ""
		if i < len(labels) {
			label = labels[i]
		}
		s.Set(i, t, label)
	}
	return s.Image()
}

// SheetPage is the most tiles WriteContactSheets puts on one sheet, so
// that a sheet stays a picture a viewer opens (about 2400 x 2700 pixels
// at the default cell).
const SheetPage = 400

// Tile returns the contact-sheet tile of s over frame (as Render takes
// them): the drawing alone, without margin or legend, at the largest whole
// scale at which it fits a cell of side cell (0 means DefaultCell). A
// drawing larger than the cell even at 1x is drawn from the sprite and
// its shapes shrunk by a whole factor (see shrink), so a big sprite costs
// little more than a small one, and is fitted to the cell. A tile is
// small: a build keeps one per sprite for its contact sheets.
func Tile(frame image.Image, s *export.Sprite, opt Options, cell int) *image.NRGBA {
	if cell <= 0 {
		cell = DefaultCell
	}
	opt.MinSide, opt.NoLegend = 1, true
	one, _ := Layout(s, opt)
	if side := max(one.Dx(), one.Dy()); side > cell {
		f := (side + cell - 1) / cell
		spr := Sprite(frame, s)
		frame, s = shrinkImage(spr, f), shrink(s, spr.Rect.Size(), f)
		// Only the blocks opaque throughout are opaque: they lie inside
		// every shape that holds their pixels, so shrinking paints no
		// pixel outside.
		opt.AlphaThreshold = 255
	} else if k := cell / max(1, side); k > 1 {
		size, _ := spriteSpace(frame, s)
		opt.MinSide = k * max(size.X, size.Y)
	}
	r := tileRenderers.Get().(*Renderer)
	defer tileRenderers.Put(r)
	tile := r.Render(frame, s, opt)
	if b := tile.Rect; b.Dx() > cell || b.Dy() > cell {
		return imaging.Fit(tile, cell, cell, imaging.Box)
	}
	return &image.NRGBA{Pix: slices.Clone(tile.Pix), Stride: tile.Stride, Rect: tile.Rect}
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

// shrinkImage returns img scaled down by the whole factor f, each pixel
// the average of an f x f block (weighted by alpha, so transparent pixels
// lend no colour; blocks cut by the edge count the missing pixels as
// transparent).
func shrinkImage(img *image.NRGBA, f int) *image.NRGBA {
	b := img.Rect
	out := image.NewNRGBA(image.Rect(0, 0, (b.Dx()+f-1)/f, (b.Dy()+f-1)/f))
	n := uint64(f * f)
	for oy := range out.Rect.Dy() {
		for ox := range out.Rect.Dx() {
			var r, g, bl, a uint64
			for y := b.Min.Y + oy*f; y < min(b.Max.Y, b.Min.Y+oy*f+f); y++ {
				i := img.PixOffset(b.Min.X+ox*f, y)
				for x := b.Min.X + ox*f; x < min(b.Max.X, b.Min.X+ox*f+f); x++ {
					p := img.Pix[i : i+4 : i+4]
					pa := uint64(p[3])
					r, g, bl, a = r+uint64(p[0])*pa, g+uint64(p[1])*pa, bl+uint64(p[2])*pa, a+pa
					i += 4
				}
			}
			if a == 0 {
				continue
			}
			o := out.PixOffset(ox, oy)
			out.Pix[o], out.Pix[o+1], out.Pix[o+2] = uint8(r/a), uint8(g/a), uint8(bl/a)
			out.Pix[o+3] = uint8((a + n/2) / n)
		}
	}
	return out
}

// WriteContactSheets puts the tiles of lib's sprites, in order, on
// contact sheets, each tile labelled with its sprite's name, and writes
// them to path and, when there are more than SheetPage sprites, to path
// with "-2", "-3", ... before its extension. tile(i) returns the tile of
// lib.Sprites[i] (see Tile); it is called from several goroutines at once.
// It returns the files written. A tile that tile cannot give leaves its
// cell blank but for the label; the first such error of each sheet is
// returned, joined, after all sheets are written. Sheets can be made again from the library, so
// they are written atomically but not synced (see
// atomicfile.WriteUnsynced).
func WriteContactSheets(path string, lib *export.Library, tile func(i int) (image.Image, error), opt SheetOptions) ([]string, error) {
	sprites := lib.Sprites
	pages := max(1, (len(sprites)+SheetPage-1)/SheetPage)
	written := make([]string, pages)
	errs := make([]error, pages)
	tileErrs := make([]error, pages) // each page's first missing tile
	var wg sync.WaitGroup
	// Pages are drawn side by side, but no more at once than there are
	// cores: each is tens of megabytes while it is being made.
	slots := make(chan struct{}, runtime.GOMAXPROCS(0))
	for page := range pages {
		slots <- struct{}{}
		wg.Go(func() {
			defer func() { <-slots }()
			lo, hi := page*SheetPage, min(len(sprites), (page+1)*SheetPage)
			s := NewSheet(hi-lo, opt)
			for i := lo; i < hi; i++ {
				t, err := tile(i)
				if err != nil {
					if tileErrs[page] == nil {
						tileErrs[page] = err
					}
					t = nil
				}
				s.Set(i-lo, t, sprites[i].Name)
			}
			p := path
			if page > 0 {
				ext := filepath.Ext(path)
				p = fmt.Sprintf("%s-%d%s", strings.TrimSuffix(path, ext), page+1, ext)
			}
			errs[page] = atomicfile.WriteUnsynced(p, func(w io.Writer) error { return Encode(w, s.Image()) })
			written[page] = p
		})
	}
	wg.Wait()
	for page, err := range errs {
		if err != nil {
			return written[:page], err
		}
	}
	return written, errors.Join(tileErrs...)
}

// PathFor returns where the preview of sprite name lies under dir:
// dir/<name>.png, name's slashes as path separators.
func PathFor(dir, name string) string {
	return filepath.Join(dir, filepath.FromSlash(name)+".png")
}
