package slice

import (
	"fmt"
	"math/bits"

	"github.com/shapegen/shapegen/internal/plural"
	"github.com/shapegen/shapegen/mask"
)

// maxMargin and maxSpacing bound the margin and spacing ByGutters
// considers; maxBands the number of bands (runs of non-empty rows or
// columns) per axis; maxWork the band tests one image may cost. Past
// them the evidence is not clear.
const (
	maxMargin  = 64
	maxSpacing = 64
	maxBands   = 1 << 14
	maxWork    = 1 << 26
)

// band is a maximal run [lo, hi) of rows (or columns) holding an opaque
// pixel.
type band struct{ lo, hi int }

// axisGrid is a grid along one axis: n cells of c pixels, margin m,
// spacing s.
type axisGrid struct{ c, m, s, n int }

// ByGutters slices m's image along fully transparent rows and columns,
// when they form a regular grid: n cells of c pixels along each axis, one
// margin m around the sheet and one spacing s between cells, tiling each
// length exactly (2m + n*c + (n-1)*s), in which each run of non-empty
// rows (and of columns) lies inside one cell and every row and column of
// cells holds one (which rules out halving the true cell). Of the grids
// that fit, it takes the one with the most cells, then the smallest
// margin, then the smallest spacing: a gutter wider than the spacing is
// split between the cells on its sides, which keeps their centres. A
// sheet with a whole empty row or column of cells can fit another grid
// better; ByName or a grids entry is the remedy.
func ByGutters(m *mask.Mask) Result {
	w, h := m.Width(), m.Height()
	if m.Empty() {
		return notClear("no opaque pixel")
	}
	rows, cols := bandsOf(m)
	if len(rows) > maxBands || len(cols) > maxBands {
		return notClear("too many separate rows or columns of pixels to find a grid; %s, or slice by islands", gridHint)
	}
	// A grid that fits has a band in each of its cells, so at most as many
	// cells along an axis as bands: one band each way, a lone sprite as
	// most images are, fits no grid of two cells. The search would try
	// each of its 65 x 65 margins and spacings to find so.
	if len(rows)*len(cols) < 2 {
		return noGrid(rows, cols)
	}
	return searchGutters(w, h, rows, cols)
}

// searchGutters is ByGutters for a w x h image whose bands are rows and
// cols: it tries each margin and spacing.
func searchGutters(w, h int, rows, cols []band) Result {
	var best Grid
	bestN := 0
	work := 0
	for mg := 0; mg <= min(maxMargin, rows[0].lo, cols[0].lo); mg++ {
		for s := 0; s <= maxSpacing; s++ {
			gx, okx := axisFit(cols, w, mg, s, &work)
			gy, oky := axisFit(rows, h, mg, s, &work)
			if work > maxWork {
				return notClear("too irregular to find a grid quickly; %s, or slice by islands", gridHint)
			}
			if okx && oky && gx.n*gy.n > bestN {
				best, bestN = Grid{CellWidth: gx.c, CellHeight: gy.c, Margin: mg, Spacing: s}, gx.n*gy.n
			}
		}
	}
	if bestN < 2 {
		return noGrid(rows, cols)
	}
	return cut(w, h, best, fmt.Sprintf("transparent gutters (%s)", bands(len(cols), len(rows))))
}

// noGrid is ByGutters' answer when no grid of two cells or more fits,
// which is most images'.
func noGrid(rows, cols []band) Result {
	if len(rows) == 1 && len(cols) == 1 {
		return Result{Why: loneSprite}
	}
	return Result{Why: noGridLine(len(cols), len(rows))}
}

// loneSprite is noGrid's line for one band each way, a lone sprite as
// most images are, made once: making it each time took 6% of ByGutters'
// time on the corpus.
var loneSprite = noGridLine(1, 1)

// noGridLine is noGrid's line for cols column and rows row bands, joined
// rather than formatted: Sprintf took 7% of ByGutters' time.
func noGridLine(cols, rows int) string {
	return "no regular grid of transparent gutters (" + bands(cols, rows) + "); " + gridHint + ", or slice by islands"
}

// axisFit returns the grid with margin m and spacing s and the most cells
// along an axis of length l that bands fit (see ByGutters), and whether
// one does. work counts the band tests.
func axisFit(bands []band, l, m, s int, work *int) (axisGrid, bool) {
	rest := l - 2*m
	for n := min(len(bands), (rest+s)/(MinCell+s)); n >= 1; n-- {
		if (rest-(n-1)*s)%n != 0 {
			continue
		}
		c := (rest - (n-1)*s) / n
		if c < MinCell {
			continue
		}
		*work += len(bands)
		if fitsBands(bands, c+s, c, m, n) {
			return axisGrid{c: c, m: m, s: s, n: n}, true
		}
	}
	return axisGrid{}, false
}

// bandsOf returns the runs of non-empty rows and of non-empty columns.
// It reads each row once, as words, and finds the column bands in the OR
// of the rows a word at a time.
func bandsOf(m *mask.Mask) (rows, cols []band) {
	w, h := m.Width(), m.Height()
	or := make([]uint64, (w+63)/64)
	buf := make([]uint64, 0, len(or))
	start := -1
	for y := 0; y <= h; y++ {
		var any uint64
		if y < h {
			// As long as or, which spares the bounds checks below.
			buf = m.AppendRow(buf[:0], y)[:len(or)]
			for i, v := range buf {
				or[i] |= v
				any |= v
			}
		}
		if any != 0 {
			if start < 0 {
				start = y
			}
		} else if start >= 0 {
			rows = append(rows, band{start, y})
			start = -1
		}
	}
	start = -1
	for x := 0; x < w; {
		word := or[x/64]
		if start >= 0 {
			word = ^word // look for the next clear column, not the next set one
		}
		v := word >> (uint(x) % 64)
		if v == 0 {
			x = (x/64 + 1) * 64
			continue
		}
		// Past the width, or's bits are clear and ^or's set, so x stops
		// at w at most.
		x += bits.TrailingZeros64(v)
		if start < 0 {
			start = x
		} else {
			cols = append(cols, band{start, x})
			start = -1
		}
	}
	if start >= 0 {
		cols = append(cols, band{start, w})
	}
	return rows, cols
}

// fitsBands reports whether each band lies inside one of the n cells
// [m + k*p, m + k*p + c) and every cell holds a band.
func fitsBands(bands []band, p, c, m, n int) bool {
	next := 0 // the next cell that must be reached
	for _, b := range bands {
		if b.lo < m {
			return false
		}
		k := (b.lo - m) / p
		if k >= n || b.hi > m+k*p+c {
			return false
		}
		if k > next {
			return false // cell next is empty
		}
		if k == next {
			next++
		}
	}
	return next == n
}

// bands says how many column and row bands were found.
func bands(cols, rows int) string {
	return plural.Count(cols, "column band") + " and " + plural.Count(rows, "row band")
}
