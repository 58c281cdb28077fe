package atlas

import (
	"fmt"
	"image"
	"reflect"
	"strings"
	"testing"
	"unicode/utf16"

	"github.com/shapegen/shapegen/mask"
)

const tpHash = `{"frames": {
"b instance 1": {"frame": {"x":0,"y":0,"w":66,"h":92}, "rotated": false, "trimmed": true,
  "spriteSourceSize": {"x":5,"y":5,"w":73,"h":97}, "sourceSize": {"w":73,"h":97}},
"a.png": {"frame": {"x":66,"y":0,"w":10,"h":20}, "rotated": true, "trimmed": false,
  "spriteSourceSize": {"x":0,"y":0,"w":10,"h":20}, "sourceSize": {"w":10,"h":20}}},
"meta": {"image": "p2_walk.png", "size": {"w": 128, "h": 128}}}`

func utf16LE(s string) []byte {
	b := []byte{0xFF, 0xFE}
	for _, u := range utf16.Encode([]rune(s)) {
		b = append(b, byte(u), byte(u>>8))
	}
	return b
}

func TestTexturePackerJSON(t *testing.T) {
	array := `{"frames": [
{"filename": "a.png", "frame": {"x":66,"y":0,"w":10,"h":20}, "rotated": true, "trimmed": false,
  "spriteSourceSize": {"x":0,"y":0,"w":10,"h":20}, "sourceSize": {"w":10,"h":20}},
{"filename": "b instance 1", "frame": {"x":0,"y":0,"w":66,"h":92}, "rotated": false, "trimmed": true,
  "spriteSourceSize": {"x":5,"y":5,"w":73,"h":97}, "sourceSize": {"w":73,"h":97}}],
"meta": {"image": "p2_walk.png", "size": {"w": 128, "h": 128}}}`
	frames := []Frame{
		{Name: "a", Rect: image.Rect(66, 0, 86, 10), Turn: Clockwise, Size: image.Pt(10, 20)},
		{Name: "b instance 1", Rect: image.Rect(0, 0, 66, 92), Offset: image.Pt(5, 5), Size: image.Pt(73, 97)},
	}
	want := &Atlas{Format: JSON, Image: "p2_walk.png", Frames: frames, Pages: []Page{{Image: "p2_walk.png", Size: image.Pt(128, 128), Frames: frames}}}
	tests := []struct {
		name string
		data []byte
	}{
		{"hash", []byte(tpHash)},
		{"array", []byte(array)},
		{"utf16 hash", utf16LE(tpHash)},
		{"utf8 bom", append([]byte{0xEF, 0xBB, 0xBF}, tpHash...)},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			a, probs := decode(t, "x.json", string(tt.data), Options{})
			if len(probs) != 0 {
				t.Fatalf("problems:\n%s", problemText(probs))
			}
			if !reflect.DeepEqual(a, want) {
				t.Errorf("Decode = %+v, want %+v", a, want)
			}
		})
	}
}

// TestTexturePackerHero packs the hero upright and turned, trimmed, with
// a pivot, and reads it back.
func TestTexturePackerHero(t *testing.T) {
	sheet := mask.New(32, 32)
	var items []string
	for i, turn := range []Turn{Upright, Clockwise} {
		r := pack(t, sheet, 10*i, 3, turn)
		items = append(items, fmt.Sprintf(`"h%d.png": {"frame": {"x":%d,"y":%d,"w":%d,"h":%d}, "rotated": %v, "trimmed": true,
			"spriteSourceSize": {"x":%d,"y":%d,"w":%d,"h":%d}, "sourceSize": {"w":%d,"h":%d}, "pivot": {"x":0.5,"y":0.75}}`,
			i, r.Min.X, r.Min.Y, heroTrim.Dx(), heroTrim.Dy(), turn == Clockwise,
			heroTrim.Min.X, heroTrim.Min.Y, heroTrim.Dx(), heroTrim.Dy(), heroSize.X, heroSize.Y))
	}
	doc := `{"frames": {` + strings.Join(items, ",\n") + `}, "meta": {"app": "https://www.codeandweb.com/texturepacker", "image": "s.png"}}`
	a, probs := decode(t, "s.json", doc, Options{ImageSize: sized(32, 32)})
	if len(probs) != 0 || len(a.Frames) != 2 {
		t.Fatalf("%d frames, problems:\n%s", len(a.Frames), problemText(probs))
	}
	for _, f := range a.Frames {
		checkHero(t, sheet, f)
		// The pivot is a fraction of the untrimmed 7x8 size.
		if want := [2]float64{3.5, 6}; f.Pivot == nil || *f.Pivot != want {
			t.Errorf("frame %q pivot %v, want %v", f.Name, f.Pivot, want)
		}
	}
}

func TestJSONProblems(t *testing.T) {
	doc := `{"frames": {
"good": {"frame": {"x":0,"y":0,"w":8,"h":8}},
"noframe": {"rotated": false},
"badtype": {"frame": {"x":true,"y":0,"w":8,"h":8}},
"float": {"frame": {"x":0.5,"y":0,"w":8,"h":8}},
"trim": {"frame": {"x":0,"y":0,"w":8,"h":8}, "spriteSourceSize": {"x":4,"y":0,"w":8,"h":8}, "sourceSize": {"w":8,"h":8}},
"out": {"frame": {"x":60,"y":0,"w":8,"h":8}},
"good.png": {"frame": {"x":8,"y":0,"w":8,"h":8}},
"rot": {"frame": {"x":0,"y":0,"w":8,"h":8}, "rotated": "yes"}
},
"meta": {"image": 5}}`
	a, probs := decode(t, "s.json", doc, Options{ImageSize: sized(64, 64)})
	wantProblems(t, probs,
		`s.json:3: frame "noframe": no "frame" rectangle`,
		`s.json:4: frame "badtype": json: cannot unmarshal`,
		`s.json:5: frame "float": frame.x: "0.5" is not a whole number`,
		`s.json:6: frame "trim": trimmed 8x8 at (4, 0) does not fit the untrimmed 8x8`,
		`s.json:7: frame "out": rectangle (60,0)-(68,8) lies outside the 64x64 image`,
		`s.json:8: frame "good.png": duplicate name "good" (first at line 2)`,
		`s.json:9: frame "rot": json: cannot unmarshal`,
		`s.json:11: meta.image: json: cannot unmarshal`,
	)
	if got := names(a); !reflect.DeepEqual(got, []string{"good"}) {
		t.Errorf("frames %v, want [good]", got)
	}
}
