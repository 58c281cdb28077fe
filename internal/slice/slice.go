package slice

import (
	"fmt"
	"image"

	"github.com/shapegen/shapegen/internal/atlas"
	"github.com/shapegen/shapegen/internal/plural"
	"github.com/shapegen/shapegen/mask"
)

// MinCell is the smallest cell width and height that ByName and ByGutters
// accept.
const MinCell = 8

// MaxCells bounds the number of frames any rule returns; past it, the
// image is not sliced.
const MaxCells = atlas.DefaultMaxFrames

// Grid is a regular grid of cells: CellWidth x CellHeight pixels, Margin
// pixels around the sheet and Spacing pixels between cells (the keys of a
// shapegen.yaml grids entry).
type Grid struct {
	CellWidth, CellHeight int
	Margin, Spacing       int
}

// Result is what a rule decided about one image.
type Result struct {
	// Frames are the frames found, named by their index, row by row; nil
	// when the image is not sliced.
	Frames []atlas.Frame
	// Grid is the grid found by ByName or ByGutters; zero otherwise.
	Grid Grid
	// Why is one line: how the image was sliced (cell size, count, the
	// evidence), or why not and which setting would slice it.
	Why string
}

// Sliced reports whether the rule found frames.
func (r Result) Sliced() bool { return len(r.Frames) > 0 }

// gridHint is the setting that slices a grid sheet by hand.
const gridHint = "add a grids: entry (cell_width, cell_height, margin, spacing) to slice it"

// notClear returns a Result without frames.
func notClear(format string, args ...any) Result {
	return Result{Why: fmt.Sprintf(format, args...)}
}

// cut returns the Result of slicing a w x h image by g, or not clear when
// it gives fewer than 2 or more than MaxCells cells. Cells are counted
// before any frame is made.
func cut(w, h int, g Grid, how string) Result {
	nx := cells(w, g.CellWidth, g.Margin, g.Spacing)
	ny := cells(h, g.CellHeight, g.Margin, g.Spacing)
	n := int64(nx) * int64(ny)
	switch {
	case n < 2:
		return notClear("%s gives %s of %dx%d in the %dx%d image; %s", how, plural.Count(int(n), "cell"), g.CellWidth, g.CellHeight, w, h, gridHint)
	case n > MaxCells:
		return notClear("%s gives %d cells of %dx%d, over the limit of %d; %s", how, n, g.CellWidth, g.CellHeight, MaxCells, gridHint)
	}
	fs := atlas.GridFrames(w, h, g.CellWidth, g.CellHeight, g.Margin, g.Spacing)
	why := fmt.Sprintf("%dx%d cells from %s: %s (%dx%d)", g.CellWidth, g.CellHeight, how, plural.Count(len(fs), "cell"), nx, ny)
	if g.Margin != 0 || g.Spacing != 0 {
		why += fmt.Sprintf(", margin %d, spacing %d", g.Margin, g.Spacing)
	}
	return Result{Frames: fs, Grid: g, Why: why}
}

// cells returns how many cells of size c fit along length l with margin m
// and spacing s, as GridFrames cuts them.
func cells(l, c, m, s int) int {
	if c <= 0 || l-2*m < c {
		return 0
	}
	return (l-2*m-c)/(c+s) + 1
}

// SkipEmpty returns the frames of m's image (Rect in m's pixels) that
// hold at least one opaque pixel, keeping their names, and how many it
// dropped. It reads each row of m once, however many frames cross it.
func SkipEmpty(frames []atlas.Frame, m *mask.Mask) ([]atlas.Frame, int) {
	rows := make([][]uint64, m.Height())
	kept := make([]atlas.Frame, 0, len(frames))
	for _, f := range frames {
		if hasPixel(m, rows, f.Rect) {
			kept = append(kept, f)
		}
	}
	return kept, len(frames) - len(kept)
}

// hasPixel reports whether m has a set pixel inside r, reading rows
// through the cache.
func hasPixel(m *mask.Mask, rows [][]uint64, r image.Rectangle) bool {
	r = r.Intersect(image.Rect(0, 0, m.Width(), m.Height()))
	for y := r.Min.Y; y < r.Max.Y; y++ {
		if l, rt, ok := m.RowSpan(y); !ok || rt < r.Min.X || l >= r.Max.X {
			continue
		}
		if rows[y] == nil {
			rows[y] = m.AppendRow(nil, y)
		}
		if anyBit(rows[y], r.Min.X, r.Max.X) {
			return true
		}
	}
	return false
}

// anyBit reports whether words (pixel x at bit x%64 of word x/64) have a
// set bit at some x0 <= x < x1.
func anyBit(words []uint64, x0, x1 int) bool {
	for x := x0; x < x1; {
		i, b := x/64, uint(x%64)
		n := min(64-int(b), x1-x)
		span := ^uint64(0) >> (64 - uint(n)) << b
		if words[i]&span != 0 {
			return true
		}
		x += n
	}
	return false
}
