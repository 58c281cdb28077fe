// Package scene is the example game's logic without graphics: three
// sprites from a shape library move along a scripted path, and each frame
// every pair is tested, polygons first and then pixels. The game draws
// what Step decides; the test runs Step headless and compares its lines
// with the game's.
package scene

import (
	"fmt"
	"math"
	"strings"

	"github.com/shapegen/shapegen/collide"
	"github.com/shapegen/shapegen/export"
)

// Period is the length of the scripted path in frames; the path repeats.
const Period = 240

// Object is one sprite in the scene.
type Object struct {
	Name   string         // short name, used in the verdict lines
	Sprite *export.Sprite // the library's entry: image, frame, pivot...
	Body   *collide.Body  // placed by Step
	path   func(frame int) collide.Transform
}

// Verdict is what Step found for one pair in one frame.
type Verdict struct {
	A, B    *Object
	Polygon bool            // the placed polygons overlap (touching counts)
	Pixels  bool            // the polygons and the opaque pixels overlap
	Contact collide.Contact // from A's polygon into B's, when Polygon
}

// Scene is the cast and a tally of the verdicts so far.
type Scene struct {
	Objects []*Object
	frames  int
	polygon []int // frames each pair's polygons overlapped, in Step's pair order
	pixels  []int // frames each pair's pixels overlapped
}

// cast names the sprites of shapegen's own test art (testdata/sprites)
// the scene uses: a concave sprite, an atlas frame stored rotated, and a
// trimmed atlas frame, so that drawing has to honour Rotated and Offset.
var cast = []struct {
	name, sprite string
	path         func(frame int) collide.Transform
}{
	// A big C, turning slowly, its mouth to the right.
	{"cup", "concave/c_shape", func(f int) collide.Transform {
		return collide.Transform{Pos: collide.V(160, 120), Angle: 0.3 * math.Sin(phase(f)), Scale: collide.V(2, 2)}
	}},
	// An arrow flying right to left into the C's mouth, mirrored to point
	// left: inside the mouth the polygons overlap and the pixels do not.
	{"arrow", "sheets/packed/arrow", func(f int) collide.Transform {
		return collide.Transform{Pos: collide.V(330-1.5*float64(f%Period), 120), FlipX: true}
	}},
	// A gem circling the C, spinning, growing and shrinking; it crosses
	// the arrow's way as the arrow comes by.
	{"gem", "sheets/packed/gem", func(f int) collide.Transform {
		a := phase(f) - 1.7
		s := 1.5 + 0.5*math.Sin(3*a)
		return collide.Transform{Pos: collide.V(160+72*math.Cos(a), 120+62*math.Sin(a)), Angle: 2 * a, Scale: collide.V(s, s), FlipX: f%Period >= Period/2}
	}},
}

// phase is the frame's angle on the path, 0 to 2π over a Period.
func phase(frame int) float64 { return 2 * math.Pi * float64(frame%Period) / Period }

// New returns the scene for a library built from shapegen's test art with
// --masks. It fails when a sprite of the cast is missing or has no mask.
func New(lib *export.Library) (*Scene, error) {
	s := &Scene{}
	for _, c := range cast {
		sp, ok := lib.Sprite(c.sprite)
		if !ok {
			return nil, fmt.Errorf("scene: sprite %q not in the library (build testdata/sprites)", c.sprite)
		}
		if sp.Mask == nil {
			return nil, fmt.Errorf("scene: sprite %q has no mask (build with --masks)", c.sprite)
		}
		s.Objects = append(s.Objects, &Object{Name: c.name, Sprite: sp, Body: sp.Body(), path: c.path})
	}
	n := len(s.Objects) * (len(s.Objects) - 1) / 2
	s.polygon, s.pixels = make([]int, n), make([]int, n)
	return s, nil
}

// Step places every object where the path has it at frame and tests every
// pair: Collide on the polygons for the verdict and the contact, then
// Hits with polygons and pixels (bounds first, pixels only when the
// polygons overlap). Call it once per frame, frames in order; the tally
// counts every call.
func (s *Scene) Step(frame int) []Verdict {
	for _, o := range s.Objects {
		o.Body.Place(o.path(frame))
	}
	var vs []Verdict
	for i, a := range s.Objects {
		for _, b := range s.Objects[i+1:] {
			v := Verdict{A: a, B: b}
			v.Contact, v.Polygon = a.Body.Collide(b.Body, collide.KindPolygon)
			v.Pixels = a.Body.Hits(b.Body, collide.PhasePolygon|collide.PhasePixels)
			if v.Polygon {
				s.polygon[len(vs)]++
			}
			if v.Pixels {
				s.pixels[len(vs)]++
			}
			vs = append(vs, v)
		}
	}
	s.frames++
	return vs
}

// Line returns the frame's verdicts as one line of text:
//
//	frame 12: cup~arrow polygon=true pixels=false, cup~gem ...
func Line(frame int, vs []Verdict) string {
	var b strings.Builder
	fmt.Fprintf(&b, "frame %d:", frame)
	for i, v := range vs {
		if i > 0 {
			b.WriteByte(',')
		}
		fmt.Fprintf(&b, " %s~%s polygon=%t pixels=%t", v.A.Name, v.B.Name, v.Polygon, v.Pixels)
	}
	return b.String()
}

// Summary returns one line: the frames stepped and, per pair, the frames
// its polygons and its pixels overlapped.
func (s *Scene) Summary() string {
	var b strings.Builder
	fmt.Fprintf(&b, "summary: %d frames", s.frames)
	k := 0
	for i, a := range s.Objects {
		for _, o := range s.Objects[i+1:] {
			fmt.Fprintf(&b, ", %s~%s polygon %d pixels %d", a.Name, o.Name, s.polygon[k], s.pixels[k])
			k++
		}
	}
	return b.String()
}
