package slice_test

import (
	"fmt"
	"image"

	"github.com/shapegen/shapegen/internal/slice"
	"github.com/shapegen/shapegen/mask"
)

func ExampleByName() {
	r := slice.ByName("hero_Running_16x16.png", 96, 16)
	fmt.Println(r.Why)
	fmt.Println(r.Frames[1].Name, r.Frames[1].Rect)
	fmt.Println(slice.ByName("hero.png", 96, 16).Why)
	// Output:
	// 16x16 cells from the file name "hero_Running_16x16.png": 6 cells (6x1)
	// 1 (16,0)-(32,16)
	// no cell size in the name "hero.png"; add a grids: entry (cell_width, cell_height, margin, spacing) to slice it
}

func ExampleByGutters() {
	// 10x10 sprites 2 pixels apart with 1 pixel around the sheet, three
	// in the top row and one below. Each gutter is split between its
	// neighbours: the cells are 12x12 and keep the sprites' centres.
	m := mask.New(36, 24)
	for _, p := range []image.Point{{1, 1}, {13, 1}, {25, 1}, {1, 13}} {
		for y := p.Y; y < p.Y+10; y++ {
			m.SetRun(y, p.X, p.X+10, true)
		}
	}
	r := slice.ByGutters(m)
	fmt.Println(r.Why)
	kept, skipped := slice.SkipEmpty(r.Frames, m)
	fmt.Println(len(kept), "kept,", skipped, "empty; the last is", kept[3].Name, kept[3].Rect)
	// Output:
	// 12x12 cells from transparent gutters (3 column bands and 2 row bands): 6 cells (3x2)
	// 4 kept, 2 empty; the last is 3 (0,12)-(12,24)
}
