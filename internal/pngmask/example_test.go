package pngmask_test

import (
	"bytes"
	"fmt"
	"image"
	"image/color"
	"image/png"

	"github.com/shapegen/shapegen/internal/pngmask"
)

func ExampleDecode() {
	// A 6x3 sprite: a half-transparent pixel and an opaque bar.
	img := image.NewNRGBA(image.Rect(0, 0, 6, 3))
	img.Set(1, 0, color.NRGBA{255, 0, 0, 100})
	for x := 1; x < 5; x++ {
		img.Set(x, 1, color.NRGBA{0, 0, 255, 255})
	}
	var buf bytes.Buffer
	png.Encode(&buf, img)

	m, info, err := pngmask.Decode(buf.Bytes(), 128, 1<<20)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Print(m)
	fmt.Println(info.Width, info.Height, info.ColorType, info.MaxAlpha)
	// Output:
	// ......
	// .####.
	// ......
	// 6 3 RGBA 255
}
