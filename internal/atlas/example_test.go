package atlas_test

import (
	"fmt"

	"github.com/shapegen/shapegen/internal/atlas"
)

func ExampleParseList() {
	a, err := atlas.ParseList([]byte("p2_duck = 355 95 67 72\np2_front = 0 190 66 92\n"))
	if err != nil {
		panic(err)
	}
	for _, f := range a.Frames {
		fmt.Println(f.Name, f.Rect, f.Size)
	}
	// Output:
	// p2_duck (355,95)-(422,167) (67,72)
	// p2_front (0,190)-(66,282) (66,92)
}

func ExampleCleanName() {
	fmt.Println(atlas.CleanName("../../etc/passwd.png"))
	fmt.Println(atlas.CleanName(`walk\frame 01.png`))
	// Output:
	// etc/passwd
	// walk/frame 01
}
