package preview

import (
	"image"
	"image/draw"
	"sync"

	"github.com/disintegration/imaging"
	"github.com/fogleman/gg"
	"golang.org/x/image/font/basicfont"
)

// DefaultCell is the default side, in pixels, of a contact sheet's tiles.
const DefaultCell = 160

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
	dc   *gg.Context
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
	dc := gg.NewContextForRGBA(img)
	dc.SetFontFace(basicfont.Face7x13)
	dc.SetColor(textColour)
	return &Sheet{img: img, dc: dc, n: n, cols: cols, cell: cell}
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
			tile = imaging.Fit(tile, s.cell, s.cell, imaging.Linear)
			b = tile.Bounds()
		}
		at := r.Min.Add(image.Pt((s.cell-b.Dx())/2, (s.cell-b.Dy())/2))
		s.mu.Lock()
		draw.Draw(s.img, b.Sub(b.Min).Add(at), tile, b.Min, draw.Over)
		s.mu.Unlock()
	}
	s.mu.Lock()
	s.dc.DrawString(fit(label, s.cell/glyphWidth), float64(r.Min.X), float64(r.Max.Y+labelSpace-4))
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
