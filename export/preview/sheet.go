package preview

import (
	"fmt"
	"image"
	"image/draw"
	"image/png"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"sync/atomic"

	"github.com/disintegration/imaging"

	"github.com/shapegen/shapegen/export"
	"github.com/shapegen/shapegen/internal/atomicfile"
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
// that a sheet stays a picture a viewer opens (about 3400 x 3600 pixels
// at the default cell).
const SheetPage = 400

// WriteContactSheets puts the previews of lib's sprites (read from
// previewDir/<name>.png, see PathFor), in order, on contact sheets, each
// tile the preview's drawing without its legend and labelled with the
// sprite's name, and writes them to path and, when there are more than
// SheetPage sprites, to path with "-2", "-3", ... before its extension.
// It returns the files written. A preview that is missing or unreadable
// leaves its cell blank but for the label; the first such error is
// returned after all sheets are written.
func WriteContactSheets(path, previewDir string, lib *export.Library, opt SheetOptions) ([]string, error) {
	sprites := lib.Sprites
	ropt := Options{AlphaThreshold: lib.Settings.AlphaThreshold}
	var written []string
	var firstErr error
	for page := 0; page*SheetPage < len(sprites) || page == 0; page++ {
		part := sprites[page*SheetPage : min(len(sprites), (page+1)*SheetPage)]
		s := NewSheet(len(part), opt)
		var next atomic.Int64
		var mu sync.Mutex
		var wg sync.WaitGroup
		for range runtime.GOMAXPROCS(0) {
			wg.Go(func() {
				for i := int(next.Add(1) - 1); i < len(part); i = int(next.Add(1) - 1) {
					sp := &part[i]
					tile, err := readImage(PathFor(previewDir, sp.Name))
					if err != nil {
						mu.Lock()
						if firstErr == nil {
							firstErr = err
						}
						mu.Unlock()
					} else if r, _ := Layout(sp, ropt); r.In(tile.Bounds()) {
						tile = tile.(interface {
							SubImage(image.Rectangle) image.Image
						}).SubImage(r)
					}
					s.Set(i, tile, sp.Name)
				}
			})
		}
		wg.Wait()
		p := path
		if page > 0 {
			ext := filepath.Ext(path)
			p = fmt.Sprintf("%s-%d%s", strings.TrimSuffix(path, ext), page+1, ext)
		}
		// A sheet is one large picture of scaled-down tiles, few runs:
		// the general encoder compresses it far better than Encode.
		err := atomicfile.Write(p, func(w io.Writer) error {
			return (&png.Encoder{CompressionLevel: png.BestSpeed}).Encode(w, s.Image())
		})
		if err != nil {
			return written, err
		}
		written = append(written, p)
	}
	return written, firstErr
}

// PathFor returns where the preview of sprite name lies under dir:
// dir/<name>.png, name's slashes as path separators.
func PathFor(dir, name string) string {
	return filepath.Join(dir, filepath.FromSlash(name)+".png")
}

func readImage(path string) (image.Image, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	img, err := png.Decode(f)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return img, nil
}
