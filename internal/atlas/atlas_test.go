package atlas

import (
	_ "github.com/shapegen/shapegen/internal/update" // -update for go test ./... -update
	"image"
	"reflect"
	"strings"
	"testing"
	"unicode/utf16"
)

func TestParseXML(t *testing.T) {
	doc := `<TextureAtlas imagePath="sheet.png">
	<SubTexture name="hud_0.png" x="230" y="0" width="30" height="38"/>
	<SubTexture name="walk/1.png" x="10" y="20" width="8" height="6" frameX="-2" frameY="-3" frameWidth="12" frameHeight="10"/>
	<SubTexture name="turned" x="0" y="50" width="6" height="8" rotated="true"/>
</TextureAtlas>`
	a, err := ParseXML([]byte(doc))
	if err != nil {
		t.Fatal(err)
	}
	want := &Atlas{Image: "sheet.png", Frames: []Frame{
		{Name: "hud_0", Rect: image.Rect(230, 0, 260, 38), Size: image.Pt(30, 38)},
		{Name: "walk/1", Rect: image.Rect(10, 20, 18, 26), Offset: image.Pt(2, 3), Size: image.Pt(12, 10)},
		{Name: "turned", Rect: image.Rect(0, 50, 6, 58), Rotated: true, Size: image.Pt(8, 6)},
	}}
	if !reflect.DeepEqual(a, want) {
		t.Errorf("ParseXML = %+v, want %+v", a, want)
	}
}

const tpHash = `{"frames": {
"b instance 1": {"frame": {"x":0,"y":0,"w":66,"h":92}, "rotated": false, "trimmed": true,
  "spriteSourceSize": {"x":5,"y":5,"w":73,"h":97}, "sourceSize": {"w":73,"h":97}},
"a.png": {"frame": {"x":66,"y":0,"w":10,"h":20}, "rotated": true, "trimmed": false,
  "spriteSourceSize": {"x":0,"y":0,"w":10,"h":20}, "sourceSize": {"w":10,"h":20}}},
"meta": {"image": "p2_walk.png"}}`

var tpWant = &Atlas{Image: "p2_walk.png", Frames: []Frame{
	{Name: "a", Rect: image.Rect(66, 0, 86, 10), Rotated: true, Size: image.Pt(10, 20)},
	{Name: "b instance 1", Rect: image.Rect(0, 0, 66, 92), Offset: image.Pt(5, 5), Size: image.Pt(73, 97)},
}}

func utf16LE(s string) []byte {
	b := []byte{0xFF, 0xFE}
	for _, u := range utf16.Encode([]rune(s)) {
		b = append(b, byte(u), byte(u>>8))
	}
	return b
}

func TestParseJSON(t *testing.T) {
	array := `{"frames": [
{"filename": "a.png", "frame": {"x":66,"y":0,"w":10,"h":20}, "rotated": true, "trimmed": false,
  "spriteSourceSize": {"x":0,"y":0,"w":10,"h":20}, "sourceSize": {"w":10,"h":20}},
{"filename": "b instance 1", "frame": {"x":0,"y":0,"w":66,"h":92}, "rotated": false, "trimmed": true,
  "spriteSourceSize": {"x":5,"y":5,"w":73,"h":97}, "sourceSize": {"w":73,"h":97}}],
"meta": {"image": "p2_walk.png"}}`
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
			a, err := ParseJSON(tt.data)
			if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(a, tpWant) {
				t.Errorf("ParseJSON = %+v, want %+v", a, tpWant)
			}
		})
	}
}

func TestParseList(t *testing.T) {
	a, err := ParseList([]byte("p2_duck = 355 95 67 72\r\n\r\n# note\np2_front = 0 190 66 92\r\n"))
	if err != nil {
		t.Fatal(err)
	}
	want := &Atlas{Frames: []Frame{
		{Name: "p2_duck", Rect: image.Rect(355, 95, 422, 167), Size: image.Pt(67, 72)},
		{Name: "p2_front", Rect: image.Rect(0, 190, 66, 282), Size: image.Pt(66, 92)},
	}}
	if !reflect.DeepEqual(a, want) {
		t.Errorf("ParseList = %+v, want %+v", a, want)
	}
}

func TestParseErrors(t *testing.T) {
	tests := []struct{ name, file, data, want string }{
		{"bad xml", "a.xml", "<TextureAtlas><SubTexture", "a.xml:"},
		{"no frames", "a.xml", "<TextureAtlas/>", "no frames"},
		{"duplicate", "a.txt", "x = 0 0 1 1\nx.png = 1 1 1 1\n", "duplicate"},
		{"bad line", "a.txt", "x = 0 0 1\n", "line 1"},
		{"bad number", "a.txt", "x = 0 0 1 y\n", "line 1"},
		{"empty rect", "a.txt", "x = 0 0 0 4\n", "bad rectangle"},
		{"negative", "a.txt", "x = -1 0 2 4\n", "bad rectangle"},
		{"json frames", "a.json", `{"frames": 3}`, "frames"},
		{"json syntax", "a.json", `{"frames": {`, "a.json:"},
		{"trim does not fit", "a.xml", `<TextureAtlas><SubTexture name="a" x="0" y="0" width="8" height="8" frameX="-2" frameY="0" frameWidth="9" frameHeight="8"/></TextureAtlas>`, "does not fit"},
		{"odd utf16", "a.json", "\xff\xfe{", "UTF-16"},
		{"extension", "a.atlas", "", "not an atlas"},
		{"empty name", "a.txt", "../.. = 0 0 1 1\n", "empty name"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := Parse(tt.file, []byte(tt.data))
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("Parse(%q, %q) error %v, want one containing %q", tt.file, tt.data, err, tt.want)
			}
		})
	}
}

func TestGridFrames(t *testing.T) {
	got := GridFrames(22, 13, 8, 4, 1, 2)
	want := []Frame{
		{Name: "0", Rect: image.Rect(1, 1, 9, 5), Size: image.Pt(8, 4)},
		{Name: "1", Rect: image.Rect(11, 1, 19, 5), Size: image.Pt(8, 4)},
		{Name: "2", Rect: image.Rect(1, 7, 9, 11), Size: image.Pt(8, 4)},
		{Name: "3", Rect: image.Rect(11, 7, 19, 11), Size: image.Pt(8, 4)},
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("GridFrames(22, 13, 8, 4, 1, 2) = %v, want %v", got, want)
	}
	if got := GridFrames(4, 4, 0, 4, 0, 0); got != nil {
		t.Errorf("GridFrames with zero cell = %v, want nil", got)
	}
}

func TestCleanName(t *testing.T) {
	tests := []struct{ in, want string }{
		{"hud_0.png", "hud_0"},
		{"Symbol 2 copy instance 10000", "Symbol 2 copy instance 10000"},
		{"../../etc/passwd", "etc/passwd"},
		{"/abs/x.png", "abs/x"},
		{`..\..\win\x.png`, "win/x"},
		{"a/./b//c", "a/b/c"},
		{"C:/x", "C_/x"},
		{"v1.2 final", "v1.2 final"},
		{"..", ""},
	}
	for _, tt := range tests {
		if got := CleanName(tt.in); got != tt.want {
			t.Errorf("CleanName(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}
