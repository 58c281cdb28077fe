package preview_test

import (
	"fmt"

	"github.com/shapegen/shapegen/export/preview"
	"github.com/shapegen/shapegen/export/preview/previewtest"
)

func ExampleScale() {
	for _, side := range []int{8, 70, 300} {
		fmt.Println(side, "->", preview.Scale(side, preview.Options{}))
	}
	// Output:
	// 8 -> 32
	// 70 -> 4
	// 300 -> 1
}

func ExampleRender() {
	img := previewtest.Picture(
		"..##..",
		".####.",
		"######",
	)
	s := previewtest.Sprite("hill", img)
	pic := preview.Render(img, s, preview.Options{AlphaThreshold: previewtest.Threshold})
	drawing, width := preview.Layout(s, preview.Options{})
	fmt.Println(pic.Bounds().Dx() == width, drawing)
	// Output:
	// true (12,12)-(356,313)
}
