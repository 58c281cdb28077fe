package atlas_test

import (
	"fmt"
	"image"

	"github.com/shapegen/shapegen/internal/atlas"
)

func ExampleDecode() {
	list := "p2_duck = 355 95 67 72\n" +
		"coin 0 300 8 8 3\n" + // an animation of 3 frames, side by side
		"p2_front 600 190 66 92\n" // outside the 512x512 image
	size := func(string) (image.Point, bool) { return image.Pt(512, 512), true }
	a, problems, err := atlas.Decode("tiles_list_v1.4", []byte(list), atlas.Options{ImageSize: size})
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, f := range a.Frames {
		fmt.Println(f.Name, f.Rect, f.Size)
	}
	for _, an := range a.Animations {
		fmt.Println(an.Name, an.Frames)
	}
	for _, p := range problems {
		fmt.Println(p)
	}
	// Output:
	// p2_duck (355,95)-(422,167) (67,72)
	// coin/0 (0,300)-(8,308) (8,8)
	// coin/1 (8,300)-(16,308) (8,8)
	// coin/2 (16,300)-(24,308) (8,8)
	// coin [1 2 3]
	// tiles_list_v1.4:3: frame "p2_front": rectangle (600,190)-(666,282) lies outside the 512x512 image
}

func ExampleFrame_Stored() {
	// A 3x2 sprite stored turned a quarter turn clockwise at (10, 20):
	// it occupies 2x3 pixels, and its top-left pixel is the stored
	// rectangle's top-right one.
	f := atlas.Frame{Rect: image.Rect(10, 20, 12, 23), Turn: atlas.Clockwise}
	fmt.Println(f.Upright(), f.Stored(0, 0), f.Stored(2, 1))
	// Output:
	// (3,2) (11,20) (10,22)
}

func ExampleCleanName() {
	fmt.Println(atlas.CleanName("../../etc/passwd.png"))
	fmt.Println(atlas.CleanName(`walk\frame 01.png`))
	// Output:
	// etc/passwd
	// walk/frame 01
}
