package export_test

import (
	"bytes"
	"fmt"
	"log"
	"strings"

	"github.com/shapegen/shapegen/collide"
	"github.com/shapegen/shapegen/export"
	"github.com/shapegen/shapegen/mask"
)

// A small library, as shapegen build writes it (only the keys a game uses).
const shapesJSON = `{
  "format": "shapegen/v1",
  "settings": {"alpha_threshold": 128, "max_vertices": 8, "max_pieces": 8},
  "sprites": [
    {"name": "coin", "size": [16, 16], "pivot": [8, 8], "pixels": 156,
     "aabb": {"min": [1, 1], "max": [15, 15]},
     "circle": {"center": [8, 8], "radius": 7}},
    {"name": "player", "size": [32, 48], "pivot": [16, 48], "pixels": 1100,
     "aabb": {"min": [4, 2], "max": [28, 48]},
     "hull": [[4, 10], [12, 2], [20, 2], [28, 10], [28, 48], [4, 48]]}
  ]
}`

// A game reads its shapes once, makes a body per object, and each frame
// places the bodies where it draws the sprites and tests them.
func ExampleRead() {
	lib, err := export.Read(strings.NewReader(shapesJSON))
	if err != nil {
		log.Fatal(err)
	}
	player, ok := lib.Sprite("player")
	if !ok {
		log.Fatal("no player in the library")
	}
	coin, ok := lib.Sprite("coin")
	if !ok {
		log.Fatal("no coin in the library")
	}
	p, c := player.Body(), coin.Body()

	// The player's pivot (its feet) is drawn at (100, 200); coins are
	// centred on their positions. A coin that only touches the player
	// collides; one near the player's cut corner passes the bounds test
	// but not the hull.
	p.Place(collide.Transform{Pos: collide.V(100, 200)})
	for _, pos := range []collide.Vec{{X: 119, Y: 180}, {X: 120, Y: 180}, {X: 116, Y: 150}} {
		c.Place(collide.Transform{Pos: pos})
		fmt.Printf("coin at %v: bounds %v, hull and circle %v\n", pos,
			p.Hits(c, collide.PhaseBounds), p.Hits(c, collide.PhaseHull|collide.PhaseCircle))
	}
	// Output:
	// coin at {119 180}: bounds true, hull and circle true
	// coin at {120 180}: bounds false, hull and circle false
	// coin at {116 150}: bounds true, hull and circle false
}

// Build tools write a library with WriteJSON (or WriteYAML); the sprites
// are sorted and the layout is fixed, so the bytes are reproducible.
func ExampleWriteJSON() {
	lib := &export.Library{
		Settings: export.Settings{AlphaThreshold: 128, MaxVertices: 8, MaxPieces: 8},
		Sprites: []export.Sprite{{
			Name: "dot", Image: "dot.png", Frame: export.Frame{W: 2, H: 2}, Size: [2]int{2, 2},
			Pivot: export.Point{1, 1}, Pixels: 4,
			AABB: export.AABBOf(collide.R(0, 0, 2, 2)),
			Hull: export.RingOf(collide.R(0, 0, 2, 2).Polygon()),
		}},
	}
	var buf bytes.Buffer
	if err := export.WriteJSON(&buf, lib); err != nil {
		log.Fatal(err)
	}
	fmt.Print(buf.String())
	// Output:
	// {
	//   "format": "shapegen/v1",
	//   "settings": {"alpha_threshold": 128, "max_vertices": 8, "max_pieces": 8},
	//   "sprites": [
	//     {
	//       "name": "dot",
	//       "image": "dot.png",
	//       "frame": {"x": 0, "y": 0, "w": 2, "h": 2},
	//       "size": [2, 2],
	//       "pivot": [1, 1],
	//       "pixels": 4,
	//       "aabb": {"min": [0, 0], "max": [2, 2]},
	//       "hull": [[0, 0], [2, 0], [2, 2], [0, 2]]
	//     }
	//   ]
	// }
}

// Masks travel as run lengths: per row, transparent and opaque runs in
// turn, starting with a (possibly empty) transparent run.
func ExampleEncodeMask() {
	m := mask.New(5, 2)
	m.SetRun(0, 1, 4, true) // .###.
	m.SetRun(1, 0, 2, true) // ##...
	e := export.EncodeMask(m)
	back, err := e.Decode()
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(e.W, e.H, e.RLE, back.Equal(m))
	// Output:
	// 5 2 AQMBAAID true
}

// A game loads the library once and makes a body per object; every frame
// it places each body where it draws the sprite (the sprite's pivot at
// Pos, turned, scaled and flipped about the pivot) and tests pairs:
// cheap shapes first, the pixels last. A contact says how to separate a
// pair. (testdata/game.json is what `shapegen build --masks` writes for a
// 16x32 hero, pivot at its feet, and a 12x12 coin.)
func Example() {
	lib, err := export.Load("testdata/game.json")
	if err != nil {
		log.Fatal(err)
	}
	hero, ok := lib.Sprite("hero")
	if !ok {
		log.Fatal("hero: not in the library")
	}
	coin, ok := lib.Sprite("coin")
	if !ok {
		log.Fatal("coin: not in the library")
	}
	h, c := hero.Body(), coin.Body()
	h.Place(collide.Transform{Pos: collide.V(100, 200)}) // feet at (100, 200)
	for _, at := range []collide.Transform{
		{Pos: collide.V(111, 185), Angle: 0.5},             // beside the hero's body
		{Pos: collide.V(108, 166)},                         // in the corner the hull cuts by the head
		{Pos: collide.V(130, 190), Scale: collide.V(2, 2)}, // far off
	} {
		c.Place(at)
		fmt.Printf("coin at %v: polygon %v, pixels %v", at.Pos, c.Hits(h, collide.PhasePolygon), c.Hits(h, collide.PhasePolygon|collide.PhasePixels))
		if contact, ok := c.Collide(h, collide.KindPolygon); ok {
			fmt.Printf(", move the coin %.2f px along (%.2f, %.2f)", contact.Depth, -contact.Normal.X, -contact.Normal.Y)
		}
		fmt.Println()
	}
	_, ok = lib.Sprite("dragon")
	fmt.Println("dragon in the library:", ok)
	// Output:
	// coin at {111 185}: polygon true, pixels true, move the coin 0.83 px along (1.00, 0.00)
	// coin at {108 166}: polygon true, pixels false, move the coin 0.45 px along (0.89, -0.45)
	// coin at {130 190}: polygon false, pixels false
	// dragon in the library: false
}
