package slice

import (
	"fmt"
	"image"
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"

	"github.com/shapegen/shapegen/internal/atlas"
	"github.com/shapegen/shapegen/mask"
)

// sheet draws a cols x rows grid sheet of cw x ch cells with margin m and
// spacing s, cell i holding sprite(i) (relative to the cell; empty for
// none), and returns it with each sprite's rectangle in the sheet.
func sheet(cols, rows, cw, ch, m, s int, sprite func(i int) image.Rectangle) (*mask.Mask, []image.Rectangle) {
	img := mask.New(2*m+cols*cw+(cols-1)*s, 2*m+rows*ch+(rows-1)*s)
	var rects []image.Rectangle
	for j := range rows {
		for i := range cols {
			at := image.Pt(m+i*(cw+s), m+j*(ch+s))
			r := sprite(j*cols + i).Add(at)
			fill(img, r)
			rects = append(rects, r)
		}
	}
	return img, rects
}

// varied is a sprite that changes from cell to cell, keeping a
// transparent border of at least one pixel in a 16x16 cell.
func varied(i int) image.Rectangle {
	return image.Rect(1+i%3, 2+i%2, 12+i%4, 14)
}

func TestByGutters(t *testing.T) {
	full := func(int) image.Rectangle { return image.Rect(0, 0, 16, 16) }
	tests := []struct {
		name             string
		cols, rows, m, s int
		sprite           func(int) image.Rectangle
		grid             Grid
		why              string
	}{
		{"touching cells", 4, 3, 0, 0, varied, Grid{16, 16, 0, 0}, "16x16 cells from transparent gutters (4 column bands and 3 row bands): 12 cells (4x3)"},
		{"spacing", 4, 3, 0, 1, full, Grid{16, 16, 0, 1}, "12 cells (4x3), margin 0, spacing 1"},
		// A gutter wider than one pixel is split between the cells on its
		// sides: the cells keep their centres.
		{"margin and spacing", 3, 2, 2, 3, full, Grid{18, 18, 1, 1}, "6 cells (3x2), margin 1, spacing 1"},
		{"strip", 6, 1, 0, 0, varied, Grid{16, 16, 0, 0}, "6 cells (6x1)"},
		{"column", 1, 5, 0, 0, varied, Grid{16, 16, 0, 0}, "5 cells (1x5)"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m, rects := sheet(tt.cols, tt.rows, 16, 16, tt.m, tt.s, tt.sprite)
			r := ByGutters(m)
			if r.Grid != tt.grid || !strings.Contains(r.Why, tt.why) {
				t.Fatalf("ByGutters = %v, %q; want %v, containing %q", r.Grid, r.Why, tt.grid, tt.why)
			}
			checkCells(t, r.Frames, rects)
		})
	}
}

// checkCells fails unless frame i holds sprite rectangle i.
func checkCells(t *testing.T, frames []atlas.Frame, rects []image.Rectangle) {
	t.Helper()
	if len(frames) != len(rects) {
		t.Fatalf("%d frames for %d sprites", len(frames), len(rects))
	}
	for i, f := range frames {
		if !rects[i].Empty() && !rects[i].In(f.Rect) {
			t.Errorf("frame %s %v does not hold sprite %d %v", f.Name, f.Rect, i, rects[i])
		}
	}
}

func TestByGuttersEmptyCell(t *testing.T) {
	m, rects := sheet(4, 3, 16, 16, 0, 0, func(i int) image.Rectangle {
		if i == 5 {
			return image.Rectangle{}
		}
		return varied(i)
	})
	r := ByGutters(m)
	if len(r.Frames) != 12 {
		t.Fatalf("ByGutters = %d frames, %q; want 12", len(r.Frames), r.Why)
	}
	checkCells(t, r.Frames, rects)
	kept, skipped := SkipEmpty(r.Frames, m)
	if skipped != 1 || len(kept) != 11 || kept[5].Name != "6" {
		t.Errorf("SkipEmpty kept %d, skipped %d, frame 5 named %q; want 11, 1, \"6\"", len(kept), skipped, kept[5].Name)
	}
}

func TestByGuttersNotClear(t *testing.T) {
	irregular := mask.New(64, 16)
	for _, r := range []image.Rectangle{image.Rect(1, 2, 9, 14), image.Rect(12, 2, 30, 14), image.Rect(31, 2, 60, 14)} {
		fill(irregular, r)
	}
	single := mask.New(32, 32)
	fill(single, image.Rect(4, 4, 28, 30))
	tiny, _ := sheet(4, 1, 6, 6, 0, 0, func(int) image.Rectangle { return image.Rect(1, 1, 5, 5) })
	tests := []struct {
		name string
		m    *mask.Mask
		why  string
		hint bool // the line names the setting that slices by hand
	}{
		{"empty", mask.New(32, 32), "no opaque pixel", false},
		{"irregular", irregular, "no regular grid of transparent gutters (3 column bands and 1 row band)", true},
		{"single sprite", single, "no regular grid of transparent gutters (1 column band and 1 row band)", true},
		{"cells under 8 pixels", tiny, "no regular grid", true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := ByGutters(tt.m)
			if r.Sliced() || !strings.Contains(r.Why, tt.why) || strings.Contains(r.Why, gridHint) != tt.hint {
				t.Errorf("ByGutters = %d frames, %q; want none, containing %q, with the grid hint %v", len(r.Frames), r.Why, tt.why, tt.hint)
			}
		})
	}
}

// TestByGuttersRandom draws seeded random grid sheets whose sprites are
// one band per row and per column of cells, and checks that the grid
// found has as many cells and frame i holds sprite i.
func TestByGuttersRandom(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for k := range 500 {
		cols, rows := 1+rng.IntN(5), 1+rng.IntN(5)
		if cols*rows < 2 {
			cols = 2
		}
		cw, ch := MinCell+rng.IntN(13), MinCell+rng.IntN(13)
		m, s := rng.IntN(4), rng.IntN(4)
		// Without spacing, cells need a transparent border to be told
		// apart: b is its width.
		b := 0
		if s == 0 {
			b = 1
		}
		span := func(c int) (int, int) {
			lo := b + rng.IntN(c-2*b)
			return lo, lo + 1 + rng.IntN(c-b-lo)
		}
		xs := make([][2]int, cols) // a sprite's x range per column
		ys := make([][2]int, rows) // and y range per row
		for i := range xs {
			xs[i][0], xs[i][1] = span(cw)
		}
		for j := range ys {
			ys[j][0], ys[j][1] = span(ch)
		}
		img, rects := sheet(cols, rows, cw, ch, m, s, func(i int) image.Rectangle {
			return image.Rect(xs[i%cols][0], ys[i/cols][0], xs[i%cols][1], ys[i/cols][1])
		})
		t.Run(fmt.Sprint(k), func(t *testing.T) {
			r := ByGutters(img)
			if !r.Sliced() {
				t.Fatalf("%dx%d cells of %dx%d, margin %d, spacing %d: not sliced: %s", cols, rows, cw, ch, m, s, r.Why)
			}
			checkCells(t, r.Frames, rects)
		})
	}
}

// TestByGuttersFewBands checks ByGutters' shortcut for images of one band
// each way against the whole search, on seeded random images of one or
// two bands along each axis: the same answer, word for word.
func TestByGuttersFewBands(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	for k := range 2000 {
		w, h := 1+rng.IntN(40), 1+rng.IntN(40)
		m := mask.New(w, h)
		for range 1 + rng.IntN(2) {
			x, y := rng.IntN(w), rng.IntN(h)
			fill(m, image.Rect(x, y, x+1+rng.IntN(w-x), y+1+rng.IntN(h-y)))
		}
		if m.Empty() {
			continue
		}
		rows, cols := bandsOf(m)
		got, want := ByGutters(m), searchGutters(w, h, rows, cols)
		if !reflect.DeepEqual(got, want) {
			t.Fatalf("%d: %dx%d image of %d row and %d column bands: ByGutters = %v, %q; the search finds %v, %q",
				k, w, h, len(rows), len(cols), got.Grid, got.Why, want.Grid, want.Why)
		}
	}
}

// naiveBands returns the runs [lo, hi) of i < n for which set(i) holds.
func naiveBands(n int, set func(i int) bool) []band {
	var out []band
	for i := 0; i < n; i++ {
		if !set(i) {
			continue
		}
		lo := i
		for i < n && set(i) {
			i++
		}
		out = append(out, band{lo, i})
	}
	return out
}

// TestBandsOfRandom checks bandsOf against pixel by pixel scans on
// seeded random masks of a few columns and rows of pixels, with widths
// around the multiples of 64 so that bands start, end and cross at word
// edges.
func TestBandsOfRandom(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	for k := range 2000 {
		w, h := 1+rng.IntN(200), 1+rng.IntN(20)
		if k%2 == 0 {
			w = 64*(1+rng.IntN(3)) + rng.IntN(3) - 1
		}
		m := mask.New(w, h)
		for range rng.IntN(6) {
			x, y := rng.IntN(w), rng.IntN(h)
			fill(m, image.Rect(x, y, x+1+rng.IntN(min(w-x, 70)), y+1+rng.IntN(h-y)))
		}
		wantRows := naiveBands(h, func(y int) bool {
			_, _, ok := m.RowSpan(y)
			return ok
		})
		wantCols := naiveBands(w, func(x int) bool {
			for y := range h {
				if m.Get(x, y) {
					return true
				}
			}
			return false
		})
		if rows, cols := bandsOf(m); !reflect.DeepEqual(rows, wantRows) || !reflect.DeepEqual(cols, wantCols) {
			t.Fatalf("bandsOf(%dx%d) = %v, %v; want %v, %v", w, h, rows, cols, wantRows, wantCols)
		}
	}
}
