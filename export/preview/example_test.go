package preview_test

import (
	"fmt"

	"github.com/shapegen/shapegen/export/preview"
	"github.com/shapegen/shapegen/export/preview/previewtest"
)

func ExampleRender() {
	img := previewtest.Picture(
		"..##..",
		".####.",
		"######",
	)
	s := previewtest.Sprite("hill", img)
	pic, err := preview.Render(img, s, preview.Options{AlphaThreshold: previewtest.Threshold})
	if err != nil {
		fmt.Println(err)
		return
	}
	drawing, width := preview.Layout(s, preview.Options{})
	fmt.Println(pic.Bounds().Dx() == width, drawing)
	// Output:
	// true (12,12)-(356,313)
}
