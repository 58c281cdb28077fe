package hull_test

import (
	"fmt"

	"github.com/shapegen/shapegen/collide"
	"github.com/shapegen/shapegen/hull"
	"github.com/shapegen/shapegen/mask"
)

// plus returns the mask of a 3 x 3 plus sign.
func plus() *mask.Mask {
	m := mask.New(3, 3)
	for _, p := range [][2]int{{1, 0}, {0, 1}, {1, 1}, {2, 1}, {1, 2}} {
		m.Set(p[0], p[1], true)
	}
	return m
}

// printPoly prints a polygon's vertices rounded to 4 decimals: Reduce
// moves its lines outward by about 1e-12.
func printPoly(p collide.Polygon) {
	for _, v := range p {
		fmt.Printf(" (%.4g, %.4g)", v.X+0, v.Y+0)
	}
	fmt.Println()
}

func ExampleConvex() {
	h := hull.Convex(plus())
	fmt.Println(h, h.Area())
	// Output: [{2 0} {3 1} {3 2} {2 3} {1 3} {0 2} {0 1} {1 0}] 7
}

func ExampleMinCircle() {
	c := hull.MinCircle(hull.Convex(plus()))
	fmt.Printf("center (%.4f, %.4f) radius %.6f\n", c.Center.X, c.Center.Y, c.Radius)
	// Output: center (1.5000, 1.5000) radius 1.581139
}

func ExampleMinBox() {
	// The plus's tightest box is turned by 45 degrees: area 8, not 9.
	b := hull.MinBox(hull.Convex(plus()))
	fmt.Printf("center (%.4f, %.4f) half (%.4f, %.4f) angle %.4f area %.4f\n",
		b.Center.X, b.Center.Y, b.Half.X, b.Half.Y, b.Angle, b.Area())
	// Output: center (1.5000, 1.5000) half (1.4142, 1.4142) angle 0.7854 area 8.0000
}

func ExampleReduce() {
	h := hull.Convex(plus())
	for _, k := range []int{8, 6, 4} {
		r := hull.Reduce(h, k)
		fmt.Printf("k=%d area %.4f:", k, r.Area())
		printPoly(r)
	}
	// Output:
	// k=8 area 7.0000: (2, 0) (3, 1) (3, 2) (2, 3) (1, 3) (0, 2) (0, 1) (1, 0)
	// k=6 area 7.5000: (1.5, -0.5) (3, 1) (3, 2) (2, 3) (1, 3) (-0.5, 1.5)
	// k=4 area 8.0000: (1.5, -0.5) (3.5, 1.5) (1.5, 3.5) (-0.5, 1.5)
}

func ExamplePieces() {
	// A U shape: its hull would cover the notch; three pieces do not.
	m := mask.New(5, 3)
	for _, p := range [][2]int{{0, 0}, {4, 0}, {0, 1}, {4, 1}, {0, 2}, {1, 2}, {2, 2}, {3, 2}, {4, 2}} {
		m.Set(p[0], p[1], true)
	}
	fmt.Println("hull area", hull.Convex(m).Area())
	for _, p := range hull.Pieces(m, hull.PiecesOptions{MaxPieces: 3, MaxVertices: 8}) {
		fmt.Println(p, p.Area())
	}
	// Output:
	// hull area 15
	// [{1 0} {1 2} {0 2} {0 0}] 2
	// [{5 0} {5 2} {4 2} {4 0}] 2
	// [{5 2} {5 3} {0 3} {0 2}] 5
}

func ExampleOutline() {
	// A ring of pixels: its outer ring, then its hole (negative winding).
	// At tolerance 0 (within 64 vertices) the rings follow the pixels; at
	// DefaultOutline's 0.5 the outer ring's one-pixel steps are cut outward;
	// cutting the hole's corners would cut into pixels, so they stay.
	m := mask.New(4, 4)
	for _, p := range [][2]int{{1, 0}, {2, 0}, {0, 1}, {1, 1}, {2, 1}, {3, 1}, {0, 2}, {3, 2}, {0, 3}, {1, 3}, {2, 3}, {3, 3}} {
		m.Set(p[0], p[1], true)
	}
	for _, r := range hull.Outline(m, hull.OutlineOptions{MaxVertices: 64}) {
		fmt.Println(r)
	}
	for _, r := range hull.Outline(m, hull.DefaultOutline) {
		fmt.Println(r)
	}
	// Output:
	// [{1 0} {3 0} {3 1} {4 1} {4 4} {0 4} {0 1} {1 1}]
	// [{1 2} {1 3} {3 3} {3 2}]
	// [{1 0} {3 0} {4 1} {4 4} {0 4} {0 1}]
	// [{1 2} {1 3} {3 3} {3 2}]
}
