// Package masktest draws masks for tests from pictures in text.
package masktest

import (
	"fmt"

	"github.com/shapegen/shapegen/mask"
)

// Pic returns the mask drawn by rows, one string per row: '#' is an
// opaque pixel, any other byte a clear one. Every row must be as wide as
// the first (Pic panics otherwise); no rows make an empty 0x0 mask.
func Pic(rows ...string) *mask.Mask {
	w := 0
	if len(rows) > 0 {
		w = len(rows[0])
	}
	m := mask.New(w, len(rows))
	for y, row := range rows {
		if len(row) != w {
			panic(fmt.Sprintf("masktest.Pic: row %d has %d pixels, want %d", y, len(row), w))
		}
		for x := range len(row) {
			m.Set(x, y, row[x] == '#')
		}
	}
	return m
}
