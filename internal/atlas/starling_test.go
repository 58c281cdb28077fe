package atlas

import (
	"fmt"
	"image"
	"reflect"
	"strings"
	"testing"

	"github.com/shapegen/shapegen/mask"
)

func TestStarling(t *testing.T) {
	doc := `<TextureAtlas imagePath="sheet.png">
	<SubTexture name="hud_0.png" x="230" y="0" width="30" height="38"/>
	<SubTexture name="walk/1.png" x="10" y="20" width="8" height="6" frameX="-2" frameY="-3" frameWidth="12" frameHeight="10" pivotX="6" pivotY="9.5"/>
	<SubTexture name="turned" x="0" y="50" width="6" height="8" rotated="true"/>
</TextureAtlas>`
	a, probs := decode(t, "sheet.xml", doc, Options{})
	if len(probs) != 0 {
		t.Fatalf("problems:\n%s", problemText(probs))
	}
	frames := []Frame{
		{Name: "hud_0", Rect: image.Rect(230, 0, 260, 38), Size: image.Pt(30, 38)},
		{Name: "walk/1", Rect: image.Rect(10, 20, 18, 26), Offset: image.Pt(2, 3), Size: image.Pt(12, 10), Pivot: &[2]float64{6, 9.5}},
		{Name: "turned", Rect: image.Rect(0, 50, 6, 58), Turn: Clockwise, Size: image.Pt(8, 6)},
	}
	want := &Atlas{Format: Starling, Image: "sheet.png", Frames: frames, Pages: []Page{{Image: "sheet.png", Frames: frames}}}
	if !reflect.DeepEqual(a, want) {
		t.Errorf("Decode = %+v, want %+v", a, want)
	}
}

// TestStarlingHero packs the hero upright and turned, trimmed, and reads
// it back.
func TestStarlingHero(t *testing.T) {
	sheet := mask.New(32, 32)
	var b strings.Builder
	b.WriteString(`<TextureAtlas imagePath="s.png">` + "\n")
	for i, turn := range []Turn{Upright, Clockwise} {
		r := pack(t, sheet, 10*i, 3, turn)
		fmt.Fprintf(&b, `<SubTexture name="h%d" x="%d" y="%d" width="%d" height="%d" frameX="%d" frameY="%d" frameWidth="%d" frameHeight="%d" rotated="%v"/>`+"\n",
			i, r.Min.X, r.Min.Y, r.Dx(), r.Dy(), -heroTrim.Min.X, -heroTrim.Min.Y, heroSize.X, heroSize.Y, turn == Clockwise)
	}
	b.WriteString("</TextureAtlas>\n")
	a, probs := decode(t, "s.xml", b.String(), Options{ImageSize: sized(32, 32)})
	if len(probs) != 0 || len(a.Frames) != 2 {
		t.Fatalf("%d frames, problems:\n%s", len(a.Frames), problemText(probs))
	}
	for _, f := range a.Frames {
		checkHero(t, sheet, f)
	}
}

func TestStarlingProblems(t *testing.T) {
	doc := `<TextureAtlas imagePath="s.png">
<SubTexture name="good" x="0" y="0" width="8" height="8"/>
<SubTexture name="nox" y="0" width="8" height="8"/>
<SubTexture name="word" x="a" y="0" width="8" height="8"/>
<SubTexture name="trim" x="0" y="0" width="8" height="8" frameX="-2" frameY="0" frameWidth="9" frameHeight="8"/>
<SubTexture name="posframe" x="0" y="0" width="8" height="8" frameX="1" frameY="0" frameWidth="9" frameHeight="8"/>
<SubTexture name="zero" x="0" y="0" width="8" height="8" frameX="0" frameY="0" frameWidth="0" frameHeight="0"/>
<SubTexture name="good.png" x="8" y="0" width="8" height="8"/>
<SubTexture name="pivot" x="0" y="0" width="8" height="8" pivotX="NaN" pivotY="0"/>
</TextureAtlas>`
	a, probs := decode(t, "s.xml", doc, Options{})
	wantProblems(t, probs,
		`s.xml:3: frame "nox": no x attribute`,
		`s.xml:4: frame "word": x: "a" is not a whole number`,
		`s.xml:5: frame "trim": trimmed 8x8 at (2, 0) does not fit the untrimmed 9x8`,
		`s.xml:6: frame "posframe": trimmed 8x8 at (-1, 0) does not fit`,
		`s.xml:7: frame "zero": untrimmed size 0x0 is empty or negative`,
		`s.xml:8: frame "good.png": duplicate name "good" (first at line 2)`,
		`s.xml:9: frame "pivot": pivot: "NaN" is not a number`,
	)
	if got := names(a); !reflect.DeepEqual(got, []string{"good"}) {
		t.Errorf("frames %v, want [good]", got)
	}
}
