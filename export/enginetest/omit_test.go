package enginetest

import (
	"fmt"
	"slices"
	"testing"

	"github.com/shapegen/shapegen/export"
)

// TestOmissions checks what each format leaves out of golden/shapes.json
// and the corpus build: LÖVE (Box2D) exactly the hulls past 8 vertices,
// the other formats nothing; no weld or float32 trouble on real art.
// Phaser says, one line each, which frames are stored turned 180 or 270.
func TestOmissions(t *testing.T) {
	all := libs(t)
	for _, name := range sortedKeys(all) {
		lib := all[name]
		big := 0
		first := ""
		for i := range lib.Sprites {
			if len(lib.Sprites[i].Hull) > 8 {
				if big == 0 {
					first = lib.Sprites[i].Name
				}
				big++
			}
		}
		for _, e := range export.EngineFormats {
			_, om := write(t, e.Name, lib, "")
			var want []export.Omission
			if e.Name == "lua" && big > 0 {
				want = []export.Omission{{Format: "lua", Kind: "hull", Reason: "Box2D: more than 8 vertices", Sprites: big, First: first}}
			}
			if e.Name == "phaser" {
				for i := range lib.Sprites {
					if s := &lib.Sprites[i]; s.Turn != 0 && s.Pixels > 0 {
						want = append(want, export.Omission{Format: "phaser", First: s.Name, Sprites: 1, Reason: fmt.Sprintf(
							"stored turned %d degrees in %s, which Phaser's atlas frames cannot say (only rotated, a quarter turn clockwise); its shapes fit the frame upright: give Phaser the frame upright", s.Turn, s.Image)})
					}
				}
			}
			if !slices.Equal(om, want) {
				t.Errorf("%s, %s: left out %v, want %v", name, e.Name, om, want)
			}
		}
		t.Logf("%s: %d hulls past 8 vertices, left out of shapes.lua only", name, big)
	}
}
