package enginetest

import (
	"testing"

	"github.com/shapegen/shapegen/export"
)

// TestOmissions checks what each format leaves out of golden/shapes.json
// and the corpus build: LÖVE (Box2D) exactly the hulls past 8 vertices,
// the other formats nothing; no weld or float32 trouble on real art.
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
			if len(om) != len(want) || (len(om) > 0 && om[0] != want[0]) {
				t.Errorf("%s, %s: left out %v, want %v", name, e.Name, om, want)
			}
		}
		t.Logf("%s: %d hulls past 8 vertices, left out of shapes.lua only", name, big)
	}
}
