package atlas

import (
	"fmt"
	"image"
	"math"
	"reflect"
	"runtime"
	"strings"
	"testing"

	_ "github.com/shapegen/shapegen/internal/update" // -update for go test ./... -update
	"github.com/shapegen/shapegen/mask"
)

// affine is a 2x3 transform: (x, y) -> (a*x + b*y + c, d*x + e*y + f).
type affine struct{ a, b, c, d, e, f float64 }

func (m affine) then(n affine) affine { // n after m
	return affine{
		n.a*m.a + n.b*m.d, n.a*m.b + n.b*m.e, n.a*m.c + n.b*m.f + n.c,
		n.d*m.a + n.e*m.d, n.d*m.b + n.e*m.e, n.d*m.c + n.e*m.f + n.f,
	}
}
func (m affine) apply(x, y float64) (float64, float64) {
	return m.a*x + m.b*y + m.c, m.d*x + m.e*y + m.f
}
func translate(x, y float64) affine { return affine{1, 0, x, 0, 1, y} }

// rotate is Java2D's Graphics2D.rotate(theta): positive theta turns the
// x axis towards the y axis.
func rotate(theta float64) affine {
	c, s := math.Round(math.Cos(theta)), math.Round(math.Sin(theta))
	return affine{c, -s, 0, s, c, 0}
}

// TestStoredMatchesPackers checks Frame.Stored against what the packers
// do, pixel by pixel: libGDX's TexturePacker draws a rotated region
// through translate, rotate(-90 degrees), translate, translate (its
// writeImages), and Cocos2d-x maps a rotated frame's quad corners to
// texture corners tl=(right,top), tr=(right,bottom), bl=(left,top),
// br=(left,bottom).
func TestStoredMatchesPackers(t *testing.T) {
	const w, h = 5, 3 // upright size
	const rx, ry = 10, 20
	tests := []struct {
		turn Turn
		ref  func(u, v float64) (float64, float64) // upright pixel centre -> image point
	}{
		{Upright, func(u, v float64) (float64, float64) { return rx + u, ry + v }},
		{CounterClockwise, func(u, v float64) (float64, float64) {
			// Java2D applies the last call first.
			m := translate(-w, 0).then(translate(-rx, -ry)).then(rotate(-math.Pi / 2)).then(translate(rx, ry))
			return m.apply(rx+u, ry+v)
		}},
		{Clockwise, func(u, v float64) (float64, float64) {
			left, right, top, bottom := float64(rx), float64(rx+h), float64(ry), float64(ry+w)
			s, t := u/w, v/h // across and down the upright quad
			// tl + s*(tr-tl) + t*(bl-tl)
			return right + s*(right-right) + t*(left-right), top + s*(bottom-top) + t*(top-top)
		}},
		{HalfTurn, func(u, v float64) (float64, float64) { return rx + w - u, ry + h - v }},
	}
	for _, tt := range tests {
		t.Run(tt.turn.String(), func(t *testing.T) {
			f := Frame{Rect: storedRectForTest(rx, ry, w, h, tt.turn), Turn: tt.turn}
			for y := range h {
				for x := range w {
					px, py := tt.ref(float64(x)+0.5, float64(y)+0.5)
					want := image.Pt(int(math.Floor(px)), int(math.Floor(py)))
					if got := f.Stored(x, y); got != want || !got.In(f.Rect) {
						t.Errorf("Stored(%d, %d) = %v, want %v inside %v", x, y, got, want, f.Rect)
					}
				}
			}
			if got := f.Upright(); got != image.Pt(w, h) {
				t.Errorf("Upright() = %v, want %v", got, image.Pt(w, h))
			}
		})
	}
}

func storedRectForTest(x, y, w, h int, t Turn) image.Rectangle {
	if t == Clockwise || t == CounterClockwise {
		w, h = h, w
	}
	return image.Rect(x, y, x+w, y+h)
}

// TestStoredRoundTrip packs the hero with the mask package's turns and
// reads it back through Stored and Offset.
func TestStoredRoundTrip(t *testing.T) {
	for _, turn := range []Turn{Upright, Clockwise, HalfTurn, CounterClockwise} {
		t.Run(turn.String(), func(t *testing.T) {
			sheet := mask.New(20, 20)
			r := pack(t, sheet, 3, 4, turn)
			checkHero(t, sheet, Frame{Name: "hero", Rect: r, Turn: turn, Offset: heroTrim.Min, Size: heroSize})
		})
	}
}

// TestHostileSizes covers issue 12 item 1: absurd untrimmed sizes are
// problems, found before anything is allocated for them.
func TestHostileSizes(t *testing.T) {
	tests := []struct{ name, file, data, want string }{
		{"starling 2e9", "a.xml", `<TextureAtlas imagePath="a.png"><SubTexture name="big" x="0" y="0" width="10" height="10" frameX="0" frameY="0" frameWidth="2000000000" frameHeight="2000000000"/></TextureAtlas>`, "out of range"},
		{"starling 40000", "a.xml", `<TextureAtlas><SubTexture name="big" x="0" y="0" width="10" height="10" frameX="0" frameY="0" frameWidth="40000" frameHeight="40000"/></TextureAtlas>`, "1600000000 pixels, over the limit of 67108864"},
		{"texturepacker 2e9", "a.json", `{"frames": {"big": {"frame": {"x":0,"y":0,"w":10,"h":10}, "sourceSize": {"w":2e9,"h":2e9}, "spriteSourceSize": {"x":0,"y":0,"w":10,"h":10}}}}`, "not a whole number"},
		{"texturepacker 2000000000", "a.json", `{"frames": {"big": {"frame": {"x":0,"y":0,"w":10,"h":10}, "sourceSize": {"w":2000000000,"h":2000000000}}}}`, "out of range"},
		{"texturepacker 40000", "a.json", `{"frames": [{"filename": "big", "frame": {"x":0,"y":0,"w":10,"h":10}, "sourceSize": {"w":40000,"h":40000}}]}`, "over the limit"},
		{"list huge", "a.txt", "big 0 0 40000 40000\n", "over the limit"},
		{"list huge count", "a.txt", "big 0 0 8 8 1000000000\n", "run past"},
		{"libgdx orig", "a.atlas", "a.png\nsize: 64,64\nbig\n  xy: 0, 0\n  size: 10, 10\n  orig: 40000, 40000\n  offset: 0, 0\n", "over the limit"},
		{"plist", "a.plist", plistDoc(`<key>big</key><dict><key>frame</key><string>{{0,0},{10,10}}</string><key>sourceSize</key><string>{40000,40000}</string><key>sourceColorRect</key><string>{{0,0},{10,10}}</string></dict>`), "over the limit"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var before, after runtime.MemStats
			runtime.ReadMemStats(&before)
			a, probs, err := Decode(tt.file, []byte(tt.data), Options{})
			runtime.ReadMemStats(&after)
			if err != nil {
				t.Fatalf("Decode error %v, want a problem", err)
			}
			wantProblems(t, probs, tt.want)
			if len(a.Frames) != 0 {
				t.Errorf("frames %v, want none", names(a))
			}
			if n := after.TotalAlloc - before.TotalAlloc; n > 1<<20 {
				t.Errorf("Decode allocated %d bytes", n)
			}
		})
	}
}

func TestMaxPixelsOption(t *testing.T) {
	a, probs := decode(t, "a.txt", "small 0 0 10 10\nbig 0 0 20 20\n", Options{MaxPixels: 100})
	wantProblems(t, probs, `a.txt:2: frame "big": untrimmed size 20x20 is 400 pixels, over the limit of 100`)
	if got := names(a); !reflect.DeepEqual(got, []string{"small"}) {
		t.Errorf("frames %v, want [small]", got)
	}
}

func TestMaxFrames(t *testing.T) {
	var b strings.Builder
	for i := range 10 {
		fmt.Fprintf(&b, "f%d 0 0 1 1\n", i)
	}
	b.WriteString("strip 0 0 1 1 5\n")
	a, probs := decode(t, "a.txt", b.String(), Options{MaxFrames: 12})
	wantProblems(t, probs, "a.txt:11: more than 12 frames")
	if len(a.Frames) != 10 {
		t.Errorf("got %d frames, want 10", len(a.Frames))
	}
	a, probs = decode(t, "a.txt", b.String(), Options{MaxFrames: 15})
	if len(probs) != 0 || len(a.Frames) != 15 || len(a.Animations) != 1 {
		t.Errorf("at the limit: %d frames, %d animations, problems\n%s", len(a.Frames), len(a.Animations), problemText(probs))
	}
}

func TestImageSize(t *testing.T) {
	doc := `<TextureAtlas imagePath="sheet.png">
<SubTexture name="in" x="0" y="0" width="16" height="16"/>
<SubTexture name="edge" x="16" y="16" width="16" height="16"/>
<SubTexture name="out" x="20" y="0" width="16" height="16"/>
<SubTexture name="turned" x="0" y="20" width="8" height="16" rotated="true"/>
</TextureAtlas>`
	var asked []string
	opt := Options{ImageSize: func(img string) (image.Point, bool) {
		asked = append(asked, img)
		return image.Pt(32, 32), true
	}}
	a, probs, err := Decode("sheet.xml", []byte(doc), opt)
	if err != nil {
		t.Fatal(err)
	}
	wantProblems(t, probs,
		`sheet.xml:4: frame "out": rectangle (20,0)-(36,16) lies outside the 32x32 image`,
		`sheet.xml:5: frame "turned": rectangle (0,20)-(8,36) lies outside the 32x32 image`)
	if got := names(a); !reflect.DeepEqual(got, []string{"in", "edge"}) {
		t.Errorf("frames %v, want [in edge]", got)
	}
	if !reflect.DeepEqual(asked, []string{"sheet.png"}) {
		t.Errorf("ImageSize asked for %q, want [sheet.png]", asked)
	}
	// Unknown size: no check.
	a, probs = decode(t, "sheet.xml", doc, Options{ImageSize: func(string) (image.Point, bool) { return image.Point{}, false }})
	if len(a.Frames) != 4 || len(probs) != 0 {
		t.Errorf("unknown image size: %v, problems\n%s", names(a), problemText(probs))
	}
}

func TestDecodeErrors(t *testing.T) {
	tests := []struct{ name, file, data, want string }{
		{"bad xml", "a.xml", "<TextureAtlas><SubTexture", "a.xml:"},
		{"no frames", "a.xml", "<TextureAtlas/>", "a.xml: no frames"},
		{"no atlas element", "a.xml", "<Other/>", "no TextureAtlas"},
		{"json frames", "a.json", `{"frames": 3}`, "neither an object nor an array"},
		{"json syntax", "a.json", `{"frames": {`, "a.json:"},
		{"json no frames", "a.json", `{"meta": {}}`, `no "frames"`},
		{"odd utf16", "a.json", "\xff\xfe{", "UTF-16"},
		{"not a list", "a.bin", "\x00\x01\x02", "not a frame list"},
		{"binary plist", "a.plist", "bplist00\x00", "binary property list"},
		{"plist no frames", "a.plist", `<plist><dict><key>metadata</key><dict/></dict></plist>`, `no "frames"`},
		{"plist deep", "a.plist", "<plist>" + strings.Repeat("<array>", 100), "nested deeper"},
		{"empty list", "a.txt", "# nothing\n", "no frames"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			a, probs, err := Decode(tt.file, []byte(tt.data), Options{})
			if err == nil || !strings.Contains(err.Error(), tt.want) || !strings.HasPrefix(err.Error(), tt.file+":") {
				t.Errorf("Decode(%q, %q) error %v, want one naming the file and containing %q", tt.file, tt.data, err, tt.want)
			}
			if a != nil || probs != nil {
				t.Errorf("Decode returned %v, %v with its error", a, probs)
			}
		})
	}
}

func TestProblemError(t *testing.T) {
	tests := []struct {
		p    Problem
		want string
	}{
		{Problem{File: "a.txt", Line: 3, Frame: "hero", Cause: "bad"}, `a.txt:3: frame "hero": bad`},
		{Problem{File: "a.json", Frame: "x\ny", Cause: "bad"}, `a.json: frame "x\ny": bad`},
		{Problem{File: "a.json", Line: 7, Cause: "bad"}, `a.json:7: bad`},
	}
	for _, tt := range tests {
		if got := tt.p.Error(); got != tt.want {
			t.Errorf("%+v.Error() = %q, want %q", tt.p, got, tt.want)
		}
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
	if got := GridFrames(4, 4, 2, 2, 0, -1); got != nil {
		t.Errorf("GridFrames with negative spacing = %v, want nil", got)
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
		{"hero 0.aseprite", "hero 0"},
		{"hero 0.ase", "hero 0"},
		{"..", ""},
	}
	for _, tt := range tests {
		if got := CleanName(tt.in); got != tt.want {
			t.Errorf("CleanName(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

func TestWhole(t *testing.T) {
	tests := []struct {
		in   string
		want int
		err  string
	}{
		{"12", 12, ""}, {" -3 ", -3, ""}, {"12.000", 12, ""}, {"1073741823", maxCoord, ""},
		{"12.5", 0, "not a whole number"}, {"1e3", 0, "not a whole number"}, {"", 0, "not a whole number"},
		{"1073741824", 0, "out of range"}, {"99999999999999999999", 0, "out of range"},
	}
	for _, tt := range tests {
		got, err := whole(tt.in)
		if tt.err == "" && (err != nil || got != tt.want) || tt.err != "" && (err == nil || !strings.Contains(err.Error(), tt.err)) {
			t.Errorf("whole(%q) = %d, %v; want %d, %q", tt.in, got, err, tt.want, tt.err)
		}
	}
}
