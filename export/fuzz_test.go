package export

import (
	"bytes"
	"math"
	"strings"
	"testing"
	"time"

	"github.com/shapegen/shapegen/collide"
)

// FuzzBodies feeds what Read accepts, placed at fuzzed transforms, into
// the collision tests: every call must return, soon, whatever the values
// (huge within MaxCoord, tiny, degenerate). Run longer with
//
//	go test ./export -run '^$' -fuzz FuzzBodies -fuzztime 1m
func FuzzBodies(f *testing.F) {
	f.Add([]byte(minimalJSON), 0.0, 1.0, 0.3, 5.0, false)
	big := `{"format": "shapegen/v1", "sprites": [{"name": "a", "size": [4, 4], "pivot": [2, 2], "pixels": 16,
	  "aabb": {"min": [-1073741824, -1073741824], "max": [1073741824, 1073741824]},
	  "circle": {"center": [0, 0], "radius": 1073741824},
	  "box": {"center": [1, 1], "half": [1073741824, 0.000001], "angle": 1e9},
	  "hull": [[-1073741824, -1073741824], [1073741824, -1073741824], [0, 1073741824]],
	  "polygon": [[-1073741824, -1073741824], [1073741824, -1073741824], [1073741824, -1073741823.9]],
	  "pieces": [[[0, 0], [1e-300, 0], [0, 1e-300]], [[0, 0], [1073741824, 0], [0, 1]]]}]}`
	f.Add([]byte(big), 1e9, -1e9, 2.5, 1e-9, true)
	f.Add([]byte(big), 0.5, 0.5, 0.0, 1e12, false)
	f.Fuzz(func(t *testing.T, data []byte, x, y, angle, scale float64, flip bool) {
		lib, err := Read(bytes.NewReader(data))
		if err != nil || len(lib.Sprites) == 0 || len(lib.Sprites) > 4 {
			return
		}
		done := make(chan struct{})
		go func() {
			defer close(done)
			for i := range lib.Sprites {
				a := lib.Sprites[i].Body()
				b := lib.Sprites[len(lib.Sprites)-1-i].Body()
				a.Place(collide.Transform{Pos: collide.V(x, y), Angle: angle, Scale: collide.V(scale, scale), FlipX: flip})
				b.Place(collide.Transform{Pos: collide.V(y, x), Angle: -angle})
				all := collide.PhaseAABB | collide.PhaseCircle | collide.PhaseBox | collide.PhaseHull | collide.PhasePolygon | collide.PhasePieces
				a.Hits(b, all)
				for k := range collide.Kinds() {
					if c, ok := a.Collide(b, k); ok && math.IsNaN(c.Depth) && sane(x, y, angle, scale) {
						t.Errorf("Collide(%v) depth is NaN for a placement within the limits", k)
					}
				}
			}
		}()
		select {
		case <-done:
		case <-time.After(10 * time.Second):
			t.Fatalf("collision tests still running after 10 s on %q", strings.TrimSpace(string(data)))
		}
	})
}

// sane reports whether a placement keeps placed coordinates within what
// the library's limits promise: positions within MaxCoord, a finite angle
// and a scale from 1e-3 to 1e3.
func sane(x, y, angle, scale float64) bool {
	return math.Abs(x) <= MaxCoord && math.Abs(y) <= MaxCoord && !math.IsNaN(angle) && !math.IsInf(angle, 0) &&
		math.Abs(scale) >= 1e-3 && math.Abs(scale) <= 1e3
}
