package atlas

import (
	"image"
	"reflect"
	"testing"
)

func TestList(t *testing.T) {
	data := "p2_duck = 355 95 67 72\r\n\r\n# note\np2_front = 0 190 66 92\r\n" +
		"grass.png 0 300 16 16\n" +
		"coin 0 320 8 8 4\n" +
		"my hero = 40 300 10 12 2\n"
	a, probs := decode(t, "tiles_list_v1.4", data, Options{})
	if len(probs) != 0 {
		t.Fatalf("problems:\n%s", problemText(probs))
	}
	if a.Format != List {
		t.Errorf("Format = %v, want %v", a.Format, List)
	}
	want := []Frame{
		{Name: "p2_duck", Rect: image.Rect(355, 95, 422, 167), Size: image.Pt(67, 72)},
		{Name: "p2_front", Rect: image.Rect(0, 190, 66, 282), Size: image.Pt(66, 92)},
		{Name: "grass", Rect: image.Rect(0, 300, 16, 316), Size: image.Pt(16, 16)},
		{Name: "coin/0", Rect: image.Rect(0, 320, 8, 328), Size: image.Pt(8, 8)},
		{Name: "coin/1", Rect: image.Rect(8, 320, 16, 328), Size: image.Pt(8, 8)},
		{Name: "coin/2", Rect: image.Rect(16, 320, 24, 328), Size: image.Pt(8, 8)},
		{Name: "coin/3", Rect: image.Rect(24, 320, 32, 328), Size: image.Pt(8, 8)},
		{Name: "my hero/0", Rect: image.Rect(40, 300, 50, 312), Size: image.Pt(10, 12)},
		{Name: "my hero/1", Rect: image.Rect(50, 300, 60, 312), Size: image.Pt(10, 12)},
	}
	if !reflect.DeepEqual(a.Frames, want) {
		t.Errorf("frames = %+v, want %+v", a.Frames, want)
	}
	wantAnims := []Animation{
		{Name: "coin", Frames: []int{3, 4, 5, 6}, Direction: "forward"},
		{Name: "my hero", Frames: []int{7, 8}, Direction: "forward"},
	}
	if !reflect.DeepEqual(a.Animations, wantAnims) {
		t.Errorf("animations = %+v, want %+v", a.Animations, wantAnims)
	}
}

func TestListProblems(t *testing.T) {
	data := "good 0 0 8 8\n" + // 1
		"short 0 0 8\n" + // 2
		"word 0 0 8 x\n" + // 3
		"neg -1 0 8 8\n" + // 4
		"empty 0 0 0 8\n" + // 5
		"good.png 8 0 8 8\n" + // 6: duplicate of line 1 once cleaned
		"out 60 0 8 8\n" + // 7: outside the 64x64 image
		"strip 0 16 16 8 6\n" + // 8: frames 4 and 5 run out of the image
		"zero 0 0 8 8 0\n" + // 9
		"half 0 0 8.5 8\n" + // 10
		".. = 0 0 8 8\n" + // 11: nothing left of the name
		"ok = 0 40 8 8\n" // 12
	a, probs := decode(t, "tiles.txt", data, Options{ImageSize: sized(64, 64)})
	wantProblems(t, probs,
		`tiles.txt:2: frame "short": want "name x y w h"`,
		`tiles.txt:3: frame "word": "x" is not a whole number`,
		`tiles.txt:4: frame "neg": position (-1, 0) is negative`,
		`tiles.txt:5: frame "empty": size 0x8 is empty or negative`,
		`tiles.txt:6: frame "good.png": duplicate name "good" (first at line 1)`,
		`tiles.txt:7: frame "out": rectangle (60,0)-(68,8) lies outside the 64x64 image`,
		`tiles.txt:8: frame "strip/4": rectangle (64,16)-(80,24) lies outside the 64x64 image (and 1 more of the line's frames)`,
		`tiles.txt:9: frame "zero": frame count 0 is not positive`,
		`tiles.txt:10: frame "half": "8.5" is not a whole number`,
		`tiles.txt:11: frame "..": the name is empty once cleaned`,
	)
	want := []string{"good", "strip/0", "strip/1", "strip/2", "strip/3", "ok"}
	if got := names(a); !reflect.DeepEqual(got, want) {
		t.Errorf("frames %v, want %v", got, want)
	}
	if len(a.Animations) != 1 || !reflect.DeepEqual(a.Animations[0].Frames, []int{1, 2, 3, 4}) {
		t.Errorf("animations %+v, want strip with its 4 good frames", a.Animations)
	}
}
