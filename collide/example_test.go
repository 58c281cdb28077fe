package collide_test

import (
	"fmt"

	"github.com/shapegen/shapegen/collide"
	"github.com/shapegen/shapegen/mask"
)

func ExampleOverlap() {
	square := collide.R(0, 0, 10, 10).Polygon()
	fmt.Println(collide.Overlap(square, collide.Circle{Center: collide.V(13, 5), Radius: 3}))  // touching
	fmt.Println(collide.Overlap(square, collide.Circle{Center: collide.V(12, 12), Radius: 2})) // near the corner
	fmt.Println(collide.Overlap(square, collide.R(2, 2, 3, 3)))                                // inside
	// Output:
	// true
	// false
	// true
}

func ExampleCollide() {
	player := collide.R(0, 0, 10, 10)
	wall := collide.R(8, -5, 20, 20)
	c, ok := collide.Collide(player, wall)
	fmt.Println(ok, c.Normal, c.Depth)
	// Moving the player by -Normal*Depth leaves it touching the wall.
	fmt.Println(player.Translate(c.Normal.Scale(-c.Depth)))
	// Output:
	// true {1 0} 2
	// {{-2 0} {8 10}}
}

func ExampleTransform_Polygon() {
	tri := collide.Polygon{collide.V(0, 0), collide.V(4, 0), collide.V(0, 2)}
	t := collide.Transform{Pos: collide.V(100, 50), FlipX: true}
	buf := make(collide.Polygon, 0, 8) // reused every frame
	buf = t.Polygon(buf, tri)
	fmt.Println(buf, buf.Area())
	// Output:
	// [{100 52} {96 50} {100 50}] 4
}

func ExampleRayCast() {
	h, ok := collide.RayCast(collide.Ray{Origin: collide.V(0, 5), Dir: collide.V(1, 0)}, collide.R(10, 0, 20, 10))
	fmt.Println(ok, h.T, h.Normal)
	// Output:
	// true 10 {-1 0}
}

func ExampleGrid() {
	g := collide.NewGrid(32)
	g.Insert(1, collide.R(0, 0, 10, 10))
	g.Insert(2, collide.R(5, 5, 15, 15))
	g.Insert(3, collide.R(100, 100, 110, 110))
	g.Move(3, collide.R(10, 10, 20, 20)) // touches 2 at (10..15); 1 at its corner
	g.Pairs(func(a, b int) { fmt.Println(a, b) })
	// Unordered output:
	// 1 2
	// 1 3
	// 2 3
}

func ExampleBody_Hits() {
	bat := mask.New(4, 4)
	for i := range 4 {
		bat.Set(i, i, true) // a diagonal line
	}
	shapes := collide.Shapes{collide.KindAABB: collide.R(0, 0, 4, 4), collide.KindCircle: collide.Circle{Center: collide.V(2, 2), Radius: 2.83}}
	a, b := collide.NewBody(shapes, collide.V(0, 0), bat), collide.NewBody(shapes, collide.V(0, 0), bat)
	b.Place(collide.Transform{Pos: collide.V(2, 0)}) // boxes overlap, the lines do not
	fmt.Println(a.Hits(b, collide.PhaseCircle), a.Hits(b, collide.PhaseCircle|collide.PhasePixels))
	b.Place(collide.Transform{Pos: collide.V(2, 2)}) // now the lines share two pixels
	fmt.Println(a.Hits(b, collide.PhaseCircle|collide.PhasePixels))
	// Output:
	// true false
	// true
}
