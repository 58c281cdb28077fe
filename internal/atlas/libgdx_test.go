package atlas

import (
	"fmt"
	"image"
	"reflect"
	"strings"
	"testing"

	"github.com/shapegen/shapegen/mask"
)

// gdxOffset is libGDX's offset of the trimmed hero: from the untrimmed
// image's bottom-left to the trimmed frame's bottom-left, y up.
func gdxOffset() (int, int) {
	return heroTrim.Min.X, heroSize.Y - heroTrim.Max.Y
}

// TestLibGDXHero packs the hero upright and turned by each rotation, on
// two pages, in the old and the new syntax, and reads each back.
func TestLibGDXHero(t *testing.T) {
	ox, oy := gdxOffset()
	turns := []struct {
		rotate string
		turn   Turn
	}{{"false", Upright}, {"true", CounterClockwise}, {"90", CounterClockwise}, {"180", HalfTurn}, {"270", Clockwise}}
	for _, syntax := range []string{"old", "new"} {
		t.Run(syntax, func(t *testing.T) {
			sheets := map[string]*mask.Mask{"p1.png": mask.New(64, 64), "p2.png": mask.New(64, 64)}
			var b strings.Builder
			if syntax == "old" {
				b.WriteString("\n")
			}
			for _, page := range []string{"p1.png", "p2.png"} {
				if syntax == "old" {
					fmt.Fprintf(&b, "%s\nsize: 64,64\nformat: RGBA8888\nfilter: Nearest,Nearest\nrepeat: none\n", page)
				} else {
					fmt.Fprintf(&b, "%s\nsize:64,64\nfilter:Nearest,Nearest\npma:true\n", page)
				}
				for i, tt := range turns {
					r := pack(t, sheets[page], 10*i, 5, tt.turn)
					name := strings.TrimSuffix(page, ".png") + "_" + tt.rotate
					if syntax == "old" {
						fmt.Fprintf(&b, "%s\n  rotate: %s\n  xy: %d, %d\n  size: %d, %d\n  orig: %d, %d\n  offset: %d, %d\n  index: -1\n",
							name, tt.rotate, r.Min.X, r.Min.Y, heroTrim.Dx(), heroTrim.Dy(), heroSize.X, heroSize.Y, ox, oy)
					} else {
						fmt.Fprintf(&b, "%s\nbounds:%d,%d,%d,%d\noffsets:%d,%d,%d,%d\nrotate:%s\n",
							name, r.Min.X, r.Min.Y, heroTrim.Dx(), heroTrim.Dy(), ox, oy, heroSize.X, heroSize.Y, tt.rotate)
					}
				}
				b.WriteString("\n")
			}
			opt := Options{ImageSize: func(img string) (image.Point, bool) {
				m, ok := sheets[img]
				if !ok {
					return image.Point{}, false
				}
				return m.Size(), true
			}}
			a, probs := decode(t, "game.atlas", b.String(), opt)
			if len(probs) != 0 {
				t.Fatalf("problems:\n%s", problemText(probs))
			}
			if a.Format != LibGDX || len(a.Pages) != 2 || a.Image != "p1.png" {
				t.Fatalf("format %v, %d pages, image %q", a.Format, len(a.Pages), a.Image)
			}
			for _, p := range a.Pages {
				if p.Size != image.Pt(64, 64) || len(p.Frames) != len(turns) {
					t.Fatalf("page %q: size %v, %d frames", p.Image, p.Size, len(p.Frames))
				}
				for i, f := range p.Frames {
					if f.Turn != turns[i].turn {
						t.Errorf("frame %q: Turn %v, want %v", f.Name, f.Turn, turns[i].turn)
					}
					checkHero(t, sheets[p.Image], f)
				}
			}
		})
	}
}

func TestLibGDXIndexes(t *testing.T) {
	doc := `sheet.png
size:64,64
run
bounds:16,0,8,8
index:1
idle
bounds:0,8,8,8
run
bounds:0,0,8,8
index:0
run
bounds:8,0,8,8
index:2
`
	a, probs := decode(t, "sheet.atlas", doc, Options{})
	if len(probs) != 0 {
		t.Fatalf("problems:\n%s", problemText(probs))
	}
	if got, want := names(a), []string{"run/1", "idle", "run/0", "run/2"}; !reflect.DeepEqual(got, want) {
		t.Errorf("frames %v, want %v", got, want)
	}
	want := []Animation{{Name: "run", Frames: []int{2, 0, 3}, Direction: "forward"}}
	if !reflect.DeepEqual(a.Animations, want) {
		t.Errorf("animations %+v, want %+v", a.Animations, want)
	}
	if f := a.Frames[1]; f.Size != image.Pt(8, 8) || f.Offset != (image.Point{}) {
		t.Errorf("untrimmed region: size %v offset %v", f.Size, f.Offset)
	}
}

func TestLibGDXProblems(t *testing.T) {
	doc := `sheet.png
size: 64, x
good
  xy: 0, 0
  size: 8, 8
noxy
  size: 8, 8
badxy
  xy: 0
  size: 8, 8
rot
  rotate: 45
  xy: 0, 0
  size: 8, 8
rotword
  rotate: maybe
  xy: 0, 0
  size: 8, 8
trim
  xy: 0, 0
  size: 8, 8
  orig: 8, 8
  offset: 0, 2
good
  xy: 8, 0
  size: 8, 8
far
  xy: 100, 0
  size: 8, 8
`
	a, probs := decode(t, "s.atlas", doc, Options{ImageSize: sized(64, 64)})
	wantProblems(t, probs,
		`s.atlas:2: page size: "x" is not a whole number`,
		`s.atlas:6: frame "noxy": no xy and size (or bounds)`,
		`s.atlas:9: frame "badxy": xy: want 2 numbers, got "0"`,
		`s.atlas:11: frame "rot": rotate: 45 is not a multiple of 90 degrees`,
		`s.atlas:16: frame "rotword": rotate: want true, false or degrees`,
		`s.atlas:19: frame "trim": trimmed 8x8 at (0, -2) does not fit the untrimmed 8x8`,
		`s.atlas:24: frame "good": duplicate name "good" (first at line 3)`,
		`s.atlas:27: frame "far": rectangle (100,0)-(108,8) lies outside the 64x64 image`,
	)
	if got := names(a); !reflect.DeepEqual(got, []string{"good"}) {
		t.Errorf("frames %v, want [good]", got)
	}
}

// TestLibGDXProblemPages checks that each problem says the page of its
// entry, whether found while reading (a bad line) or after (a frame
// outside its page, a duplicate name).
func TestLibGDXProblemPages(t *testing.T) {
	doc := `p1.png
size: 16, 16
a
  xy: 0, 0
  size: 8, 8
b
  xy: 0
  size: 8, 8

p2.png
size: 16, 16
c
  xy: 0, 0
  size: 8, 8
  index: 0
c
  xy: 8, 0
  size: 8, 8
  index: 0
far
  xy: 12, 0
  size: 8, 8
a
  xy: 0, 8
  size: 8, 8
`
	_, probs := decode(t, "s.atlas", doc, Options{ImageSize: sized(16, 16)})
	want := map[string]int{
		`s.atlas:7: frame "b": xy: want 2 numbers, got "0"`:                             0,
		`s.atlas:16: frame "c/0": duplicate name "c/0" (first at line 12)`:              1,
		`s.atlas:20: frame "far": rectangle (12,0)-(20,8) lies outside the 16x16 image`: 1,
		`s.atlas:23: frame "a": duplicate name "a" (first at line 3)`:                   1,
	}
	if len(probs) != len(want) {
		t.Fatalf("problems %v, want %d", probs, len(want))
	}
	for _, p := range probs {
		if page, ok := want[p.Error()]; !ok || p.Page != page {
			t.Errorf("problem %q on page %d, want %v", p.Error(), p.Page, want)
		}
	}
}
