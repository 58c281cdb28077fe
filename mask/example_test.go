package mask_test

import (
	"fmt"
	"image"
	"image/color"

	"github.com/shapegen/shapegen/mask"
)

func ExampleFromImage() {
	img := image.NewNRGBA(image.Rect(0, 0, 4, 2))
	img.SetNRGBA(1, 0, color.NRGBA{A: 255})
	img.SetNRGBA(2, 0, color.NRGBA{A: 128}) // exactly the threshold: opaque
	img.SetNRGBA(2, 1, color.NRGBA{A: 127})
	m := mask.FromImage(img, 128)
	fmt.Print(m)
	fmt.Println(m.Count(), m.Bounds())
	// Output:
	// .##.
	// ....
	// 2 (1,0)-(3,1)
}

func ExampleOverlap() {
	a := mask.New(4, 4)
	a.SetRun(1, 0, 4, true) // a horizontal bar in row 1
	b := mask.New(1, 3)
	b.SetRun(0, 0, 1, true) // a dot on top of a clear column
	b.SetRun(2, 0, 1, true) // and a dot at its foot
	// b's pixel (x, y) lies at a's (x+2, y-1).
	fmt.Println(mask.Overlap(a, b, 2, -1), mask.OverlapArea(a, b, 2, -1))
	fmt.Println(mask.FirstOverlap(a, b, 2, -1))
	fmt.Println(mask.Overlap(a, b, 2, 0)) // the clear middle pixel lands on the bar
	// Output:
	// true 1
	// (2,1) true
	// false
}

func ExampleMask_Islands() {
	m := mask.New(6, 3)
	m.SetRun(0, 0, 2, true)
	m.SetRun(1, 2, 3, true) // touches the first run by a corner: same island
	m.SetRun(2, 5, 6, true)
	for _, is := range m.Islands() {
		fmt.Printf("at %v:\n%v", is.Offset, is.Mask)
	}
	// Output:
	// at (0,0):
	// ##.
	// ..#
	// at (5,2):
	// #
}

func ExampleMask_Dilate() {
	m := mask.New(5, 5)
	m.Set(2, 2, true)
	fmt.Print(m.Dilate(2), "\n", m.Dilate(2).Erode(1))
	// Output:
	// ..#..
	// .###.
	// #####
	// .###.
	// ..#..
	//
	// .....
	// ..#..
	// .###.
	// ..#..
	// .....
}

func ExampleMask_Rotate90CW() {
	m := mask.New(3, 2)
	m.SetRun(0, 0, 3, true) // an arrow pointing right...
	m.Set(2, 1, true)
	fmt.Print(m, "\n", m.Rotate90CW()) // ...points down
	// Output:
	// ###
	// ..#
	//
	// .#
	// .#
	// ##
}

func ExampleMask_Runs() {
	m := mask.New(8, 2)
	m.SetRun(0, 1, 3, true)
	m.SetRun(0, 5, 8, true)
	m.SetRun(1, 0, 1, true)
	for r := range m.Runs() {
		fmt.Println(r)
	}
	// Output:
	// {0 1 3}
	// {0 5 8}
	// {1 0 1}
}

func ExampleMask_Sub() {
	m := mask.New(4, 4)
	m.SetRun(0, 0, 4, true)
	// Half of the rectangle lies left of m: that part is clear.
	fmt.Print(m.Sub(image.Rect(-2, 0, 2, 2)))
	// Output:
	// ..##
	// ....
}
