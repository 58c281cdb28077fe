package atlas

import (
	"fmt"
	"image"
	"reflect"
	"strings"
	"testing"

	"github.com/shapegen/shapegen/mask"
)

// asepriteDoc returns an Aseprite JSON export of n trimmed hero frames
// side by side, hash or array form, with meta (its "frameTags" and
// "slices" entries, comma-separated) and the sheet they are packed in.
func asepriteDoc(t *testing.T, n int, hash bool, meta string) (string, *mask.Mask) {
	sheet := mask.New(8*n, 8)
	var items []string
	for i := range n {
		r := pack(t, sheet, 8*i, 0, Upright)
		body := fmt.Sprintf(`{"frame": {"x":%d,"y":%d,"w":%d,"h":%d}, "rotated": false, "trimmed": true,
 "spriteSourceSize": {"x":%d,"y":%d,"w":%d,"h":%d}, "sourceSize": {"w":%d,"h":%d}, "duration": 100}`,
			r.Min.X, r.Min.Y, r.Dx(), r.Dy(), heroTrim.Min.X, heroTrim.Min.Y, heroTrim.Dx(), heroTrim.Dy(), heroSize.X, heroSize.Y)
		// Names that sort differently from the frame order: 10 before 2.
		name := fmt.Sprintf("hero %d.aseprite", i+8)
		if hash {
			items = append(items, fmt.Sprintf("%q: %s", name, body))
		} else {
			items = append(items, fmt.Sprintf(`{"filename": %q, %s`, name, body[1:]))
		}
	}
	open, close := "[", "]"
	if hash {
		open, close = "{", "}"
	}
	return `{"frames": ` + open + "\n" + strings.Join(items, ",\n") + "\n" + close + `,
"meta": {"app": "https://www.aseprite.org/", "version": "1.3", "image": "hero.png", "format": "RGBA8888",
 "size": {"w": ` + fmt.Sprint(8*n) + `, "h": 8}, "scale": "1"` + meta + `}}`, sheet
}

func TestAseprite(t *testing.T) {
	meta := `, "frameTags": [
  {"name": "walk", "from": 0, "to": 2, "direction": "forward", "color": "#000000ff"},
  {"name": "back", "from": 1, "to": 3, "direction": "pingpong_reverse"},
  {"name": "all", "from": 0, "to": 3}],
 "layers": [{"name": "Layer 1", "opacity": 255, "blendMode": "normal"}],
 "slices": [
  {"name": "hitbox", "color": "#0000ffff", "keys": [
    {"frame": 0, "bounds": {"x": 1, "y": 2, "w": 4, "h": 5}},
    {"frame": 2, "bounds": {"x": 2, "y": 2, "w": 3, "h": 5}, "center": {"x": 1, "y": 1, "w": 1, "h": 1}, "pivot": {"x": 1, "y": 5}}]},
  {"name": "feet", "color": "#ff0000ff", "keys": [
    {"frame": 0, "bounds": {"x": 0, "y": 6, "w": 7, "h": 2}, "pivot": {"x": 3, "y": 2}}]}]`
	for _, hash := range []bool{true, false} {
		t.Run(fmt.Sprintf("hash=%v", hash), func(t *testing.T) {
			doc, sheet := asepriteDoc(t, 4, hash, meta)
			a, probs := decode(t, "hero.json", doc, Options{ImageSize: sized(sheet.Width(), sheet.Height())})
			if len(probs) != 0 {
				t.Fatalf("problems:\n%s", problemText(probs))
			}
			// File order, not name order: tags count frames by position.
			if got, want := names(a), []string{"hero 8", "hero 9", "hero 10", "hero 11"}; !reflect.DeepEqual(got, want) {
				t.Errorf("frames %v, want %v", got, want)
			}
			for _, f := range a.Frames {
				checkHero(t, sheet, f)
			}
			wantAnims := []Animation{
				{Name: "walk", Frames: []int{0, 1, 2}, Direction: "forward"},
				{Name: "back", Frames: []int{1, 2, 3}, Direction: "pingpong_reverse"},
				{Name: "all", Frames: []int{0, 1, 2, 3}, Direction: "forward"},
			}
			if !reflect.DeepEqual(a.Animations, wantAnims) {
				t.Errorf("animations %+v, want %+v", a.Animations, wantAnims)
			}
			wantSlices := []Slice{
				{Name: "hitbox", Keys: []SliceKey{
					{Frame: 0, Bounds: image.Rect(1, 2, 5, 7)},
					{Frame: 2, Bounds: image.Rect(2, 2, 5, 7), Pivot: &[2]float64{3, 7}}}},
				{Name: "feet", Keys: []SliceKey{{Frame: 0, Bounds: image.Rect(0, 6, 7, 8), Pivot: &[2]float64{3, 8}}}},
			}
			if !reflect.DeepEqual(a.Slices, wantSlices) {
				t.Errorf("slices %+v, want %+v", a.Slices, wantSlices)
			}
			// Frames 0 and 1: hitbox has no pivot there, feet's applies;
			// frames 2 and 3: hitbox comes first in the file.
			for i, want := range [][2]float64{{3, 8}, {3, 8}, {3, 7}, {3, 7}} {
				if p := a.Frames[i].Pivot; p == nil || *p != want {
					t.Errorf("frame %d pivot %v, want %v", i, p, want)
				}
			}
		})
	}
}

// TestAsepriteBadFrame checks that a bad frame is left out of tags and
// slices without moving the others.
func TestAsepriteBadFrame(t *testing.T) {
	meta := `, "frameTags": [{"name": "walk", "from": 1, "to": 3, "direction": "reverse"}],
 "slices": [{"name": "s", "keys": [{"frame": 2, "bounds": {"x": 0, "y": 0, "w": 2, "h": 2}, "pivot": {"x": 1, "y": 1}}]}]`
	doc, sheet := asepriteDoc(t, 4, false, meta)
	doc = strings.Replace(doc, `"hero 10.aseprite", "frame": {"x":`, `"hero 10.aseprite", "frame": {"x":-`, 1)
	a, probs := decode(t, "hero.json", doc, Options{ImageSize: sized(sheet.Width(), sheet.Height())})
	wantProblems(t, probs, `hero.json:6: frame "hero 10.aseprite": position (-16, 0) is negative`)
	want := []Animation{{Name: "walk", Frames: []int{1, 2}, Direction: "reverse"}}
	if !reflect.DeepEqual(a.Animations, want) {
		t.Errorf("animations %+v, want %+v", a.Animations, want)
	}
	// The key of frame 2 (now gone) applies from the next good frame.
	if len(a.Slices) != 1 || a.Slices[0].Keys[0].Frame != 2 || a.Frames[2].Pivot == nil || a.Frames[1].Pivot != nil {
		t.Errorf("slices %+v, pivots %v %v", a.Slices, a.Frames[1].Pivot, a.Frames[2].Pivot)
	}
}

func TestAsepriteProblems(t *testing.T) {
	meta := `, "frameTags": [
  {"name": "past", "from": 1, "to": 9},
  {"name": "backwards", "from": 1, "to": 0},
  {"name": "dir", "from": 0, "to": 1, "direction": "sideways"},
  {"name": "ok", "from": 0, "to": 1},
  {"name": "ok", "from": 1, "to": 1}],
 "slices": [
  {"name": "late", "keys": [{"frame": 5, "bounds": {"x": 0, "y": 0, "w": 2, "h": 2}}]},
  {"name": "flat", "keys": [{"frame": 0, "bounds": {"x": 0, "y": 0, "w": 0, "h": 2}}]},
  {"name": "nobounds", "keys": [{"frame": 0}]}]`
	doc, _ := asepriteDoc(t, 2, true, meta)
	a, probs := decode(t, "hero.json", doc, Options{})
	wantProblems(t, probs,
		`hero.json:7: tag "past": frames 1 to 9 are not within the 2 frames`,
		`hero.json:7: tag "backwards": frames 1 to 0`,
		`hero.json:7: tag "dir": unknown direction "sideways"`,
		`hero.json:7: slice "late": frame 5 is out of order or not within the 2 frames`,
		`hero.json:7: slice "flat": bounds size 0x2 is empty or negative`,
		`hero.json:7: slice "nobounds": a key has no bounds`,
		`hero.json:7: duplicate animation name "ok"`,
	)
	if len(a.Frames) != 2 || len(a.Animations) != 1 || len(a.Slices) != 0 {
		t.Errorf("%d frames, animations %+v, slices %+v", len(a.Frames), a.Animations, a.Slices)
	}
}
