package slice

import (
	"fmt"
	"path"
	"strconv"
	"strings"
)

// maxGap bounds the margin and spacing that ByName infers.
const maxGap = 16

// NameSize returns the cell size that a file name states: a
// "<w>x<h>" (or "X") of one to five digits each, standing apart from the
// rest of the name by the name's start or end or a '_', '-', '.' or
// space ("hero_Running_16x16.png", "tiles-32x48", "icons_8x8"). A size
// equal to the image's own (w x h) is not a cell size and is skipped. ok
// is false when the name states none, or two different ones.
func NameSize(file string, w, h int) (cw, ch int, ok bool) {
	base := path.Base(strings.ReplaceAll(file, `\`, "/"))
	base = strings.TrimSuffix(base, path.Ext(base))
	found := false
	for i := 0; i < len(base); i++ {
		if i > 0 && !isSep(base[i-1]) {
			continue
		}
		a, j := digits(base, i)
		if j == i || j >= len(base) || base[j] != 'x' && base[j] != 'X' {
			continue
		}
		b, k := digits(base, j+1)
		if k == j+1 || k < len(base) && !isSep(base[k]) {
			continue
		}
		if a == w && b == h {
			continue // the image's own size
		}
		if found && (a != cw || b != ch) {
			return 0, 0, false
		}
		cw, ch, found = a, b, true
	}
	return cw, ch, found
}

func isSep(c byte) bool { return c == '_' || c == '-' || c == '.' || c == ' ' }

// digits reads one to five decimal digits from s[i:], returning their
// value and the index after them (i when there are none or too many).
func digits(s string, i int) (int, int) {
	j := i
	for j < len(s) && '0' <= s[j] && s[j] <= '9' {
		j++
	}
	if j == i || j-i > 5 {
		return 0, i
	}
	v, _ := strconv.Atoi(s[i:j])
	return v, j
}

// ByName slices a w x h image by the cell size its file name states (see
// NameSize). The cells must tile the image exactly: with no margin and no
// spacing, or else with the one margin and spacing (each at most 16 and
// under half a cell) that tiles it into the most cells; two such fits with
// as many cells are not clear. It needs at least 2 cells of at least
// MinCell x MinCell.
func ByName(file string, w, h int) Result {
	cw, ch, ok := NameSize(file, w, h)
	if !ok {
		return notClear("no cell size in the name %q; %s", path.Base(file), gridHint)
	}
	how := fmt.Sprintf("the file name %q", path.Base(file))
	if cw < MinCell || ch < MinCell {
		return notClear("the name says %dx%d, under the %dx%d minimum cell; %s", cw, ch, MinCell, MinCell, gridHint)
	}
	if w%cw == 0 && h%ch == 0 {
		return cut(w, h, Grid{CellWidth: cw, CellHeight: ch}, how)
	}
	var best Grid
	bestN, ties := int64(0), 0
	limit := min(maxGap, (min(cw, ch)-1)/2)
	for m := 0; m <= limit; m++ {
		for s := 0; s <= limit; s++ {
			if !fits(w, cw, m, s) || !fits(h, ch, m, s) {
				continue
			}
			n := int64(cells(w, cw, m, s)) * int64(cells(h, ch, m, s))
			switch {
			case n > bestN:
				best, bestN, ties = Grid{CellWidth: cw, CellHeight: ch, Margin: m, Spacing: s}, n, 1
			case n == bestN:
				ties++
			}
		}
	}
	switch {
	case bestN == 0:
		return notClear("the name says %dx%d, but the %dx%d image is not a whole number of such cells with any margin and spacing up to %d; %s", cw, ch, w, h, limit, gridHint)
	case ties > 1:
		return notClear("the name says %dx%d, and the %dx%d image fits it with %d margins and spacings; %s", cw, ch, w, h, ties, gridHint)
	}
	return cut(w, h, best, how+" (margin and spacing inferred)")
}

// fits reports whether cells of size c with margin m and spacing s tile
// length l exactly: l = 2m + n*c + (n-1)*s for some n >= 1.
func fits(l, c, m, s int) bool {
	rest := l - 2*m + s
	return rest >= c+s && rest%(c+s) == 0
}
