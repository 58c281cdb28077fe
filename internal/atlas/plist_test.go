package atlas

import (
	"fmt"
	"image"
	"strings"
	"testing"

	"github.com/shapegen/shapegen/mask"
)

// plistDoc wraps frame entries (key and dict pairs) in a TexturePacker
// plist with its metadata.
func plistDoc(frames string) string {
	return `<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
<plist version="1.0">
<dict>
<key>frames</key>
<dict>
` + frames + `
</dict>
<key>metadata</key>
<dict>
<key>format</key><integer>2</integer>
<key>realTextureFileName</key><string>sheet.png</string>
<key>size</key><string>{64,64}</string>
<key>textureFileName</key><string>sheet.png</string>
</dict>
</dict>
</plist>
`
}

// cocosOffset is Cocos2d's offset of a trimmed w x h rectangle at trim
// inside a source of size src: trimmed centre minus source centre, y up.
func cocosOffset(trim image.Rectangle, src image.Point) string {
	cx := float64(trim.Min.X) + float64(trim.Dx())/2 - float64(src.X)/2
	cy := float64(trim.Min.Y) + float64(trim.Dy())/2 - float64(src.Y)/2
	return fmt.Sprintf("{%g,%g}", cx, -cy)
}

// TestPlistHero packs the hero upright and turned, in formats 2 and 3,
// and with and without sourceColorRect, and reads each back.
func TestPlistHero(t *testing.T) {
	sheet := mask.New(64, 64)
	tw, th := heroTrim.Dx(), heroTrim.Dy()
	off := cocosOffset(heroTrim, heroSize)
	var b strings.Builder
	for i, c := range []struct {
		name    string
		turn    Turn
		format3 bool
		color   bool
	}{
		{"f2 upright", Upright, false, true},
		{"f2 rotated", Clockwise, false, true},
		{"f2 rotated offset only", Clockwise, false, false},
		{"f3 upright", Upright, true, false},
		{"f3 rotated", Clockwise, true, false},
	} {
		r := pack(t, sheet, 10*i, 10, c.turn)
		rotated := "<false/>"
		if c.turn == Clockwise {
			rotated = "<true/>"
		}
		rect := fmt.Sprintf("{{%d,%d},{%d,%d}}", r.Min.X, r.Min.Y, tw, th)
		size := fmt.Sprintf("{%d,%d}", heroSize.X, heroSize.Y)
		fmt.Fprintf(&b, "<key>%s.png</key>\n<dict>\n", c.name)
		if c.format3 {
			fmt.Fprintf(&b, "<key>aliases</key><array/>\n<key>spriteOffset</key><string>%s</string>\n<key>spriteSize</key><string>{%d,%d}</string>\n<key>spriteSourceSize</key><string>%s</string>\n<key>textureRect</key><string>%s</string>\n<key>textureRotated</key>%s\n",
				off, tw, th, size, rect, rotated)
		} else {
			fmt.Fprintf(&b, "<key>frame</key><string>%s</string>\n<key>offset</key><string>%s</string>\n<key>rotated</key>%s\n<key>sourceSize</key><string>%s</string>\n",
				rect, off, rotated, size)
			if c.color {
				fmt.Fprintf(&b, "<key>sourceColorRect</key><string>{{%d,%d},{%d,%d}}</string>\n", heroTrim.Min.X, heroTrim.Min.Y, tw, th)
			}
		}
		b.WriteString("</dict>\n")
	}
	a, probs := decode(t, "sheet.plist", plistDoc(b.String()), Options{ImageSize: sized(64, 64)})
	if len(probs) != 0 {
		t.Fatalf("problems:\n%s", problemText(probs))
	}
	if a.Format != Plist || a.Image != "sheet.png" || a.Pages[0].Size != image.Pt(64, 64) || len(a.Frames) != 5 {
		t.Fatalf("atlas %v %q %v with %d frames", a.Format, a.Image, a.Pages[0].Size, len(a.Frames))
	}
	for _, f := range a.Frames {
		checkHero(t, sheet, f)
	}
	if a.Frames[1].Turn != Clockwise {
		t.Errorf("rotated frame has Turn %v", a.Frames[1].Turn)
	}
}

func TestPlistProblems(t *testing.T) {
	frames := `<key>good</key><dict><key>frame</key><string>{{0,0},{8,8}}</string></dict>
<key>nodict</key><string>x</string>
<key>norect</key><dict><key>x</key><integer>0</integer></dict>
<key>badrect</key><dict><key>frame</key><string>{{0,0},{8}}</string></dict>
<key>halfpixel</key><dict><key>frame</key><string>{{0,0},{3,3}}</string><key>offset</key><string>{0.25,0}</string><key>sourceSize</key><string>{8,8}</string></dict>
<key>trimbig</key><dict><key>frame</key><string>{{0,0},{9,9}}</string><key>sourceSize</key><string>{8,8}</string><key>sourceColorRect</key><string>{{0,0},{9,9}}</string></dict>`
	a, probs := decode(t, "s.plist", plistDoc(frames), Options{})
	wantProblems(t, probs,
		`s.plist:8: frame "nodict": not a dictionary`,
		`s.plist:9: frame "norect": no frame or textureRect`,
		`s.plist:10: frame "badrect": frame: want "{{x,y},{w,h}}"`,
		`s.plist:11: frame "halfpixel": offset {0.25,0} does not put the 3x3 frame on whole pixels`,
		`s.plist:12: frame "trimbig": trimmed 9x9 at (0, 0) does not fit the untrimmed 8x8`,
	)
	if got := names(a); len(got) != 1 || got[0] != "good" {
		t.Errorf("frames %v, want [good]", got)
	}
}
