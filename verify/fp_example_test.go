package verify_test

import (
	"fmt"

	"github.com/shapegen/shapegen/collide"
	"github.com/shapegen/shapegen/hull"
	"github.com/shapegen/shapegen/mask"
	"github.com/shapegen/shapegen/verify"
)

// An L of pixels: its hull and its box accept offsets at which the pixels
// do not meet; two pieces that follow the L give 0.
func ExampleFPArea() {
	m := mask.New(4, 3)
	m.SetRun(0, 0, 1, true) // #...
	m.SetRun(1, 0, 1, true) // #...
	m.SetRun(2, 0, 4, true) // ####
	p := verify.PairsOf(m)
	h := hull.Convex(m)
	legs := collide.Compound{collide.R(0, 0, 1, 3).Polygon(), collide.R(0, 2, 4, 3).Polygon()}
	fmt.Printf("area(P ⊕ −P) = %v\n", p.Area)
	fmt.Printf("aabb:   %.4f\n", verify.FPArea(p, h.Bounds()))
	fmt.Printf("hull:   %.4f\n", verify.FPArea(p, h))
	fmt.Printf("pieces: %.4f\n", verify.FPArea(p, legs))
	// Output:
	// area(P ⊕ −P) = 36
	// aabb:   0.2500
	// hull:   0.1429
	// pieces: 0.0000
}
