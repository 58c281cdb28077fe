package export

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"math"
	"math/rand/v2"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/shapegen/shapegen/internal/masktest"
	"github.com/shapegen/shapegen/mask"
)

// sampleLib returns a library using every key of the format: the bat of
// DESIGN.md, a trimmed frame with pieces, an outline, a mask and warnings,
// and a sprite with no opaque pixel. Sprites are deliberately unsorted.
func sampleLib() *Library {
	return &Library{
		Format:    Format,
		Generator: "shapegen 0.3.0",
		Settings:  Settings{AlphaThreshold: 128, MaxVertices: 8, MaxPieces: 8, Shapes: []string{"aabb", "hull", "pieces"}, Pivot: "center"},
		Sprites: []Sprite{
			{
				Name:   "sheets/packed/gem",
				Image:  "sheets/packed.png",
				Frame:  Frame{X: 16, Y: 0, W: 4, H: 3},
				Offset: &[2]int{5, 9},
				Size:   [2]int{32, 32},
				Pivot:  Point{16, 16},
				Pixels: 8,
				AABB:   &AABB{Min: Point{5, 9}, Max: Point{9, 12}},
				Hull:   Ring{{5, 9}, {9, 9}, {9, 12}, {5, 12}},
				Pieces: []Ring{
					{{5, 9}, {7, 9}, {7, 12}, {5, 12}},
					{{7, 9}, {9, 9}, {9, 10}},
				},
				Outline: []Ring{
					{{5, 9}, {9, 9}, {9, 12}, {5, 12}},
					{{6, 10}, {6, 11}, {7, 11}, {7, 10}},
				},
				Quality: map[string]Quality{
					"pieces": {Outside: 0, AreaRatio: 1.0714285714285714, FPArea: 0},
					"hull":   {Outside: 0, AreaRatio: 1.7142857142857142, FPArea: 0.125},
				},
				Mask:     EncodeMask(gemMask()),
				Warnings: []string{"tiny sprite <8 px>", `a "quoted" & odd name`},
			},
			{
				Name:    "enemies/bat",
				Image:   "enemies/bat.png",
				Frame:   Frame{X: 0, Y: 0, W: 64, H: 48},
				Size:    [2]int{64, 48},
				Pivot:   Point{32, 24},
				Pixels:  1234,
				AABB:    &AABB{Min: Point{3, 5}, Max: Point{61, 44}},
				Circle:  &Circle{Center: Point{32.1, 24.6}, Radius: 30.2},
				Box:     &Box{Center: Point{32, 24}, Half: Point{29, 19.5}, Angle: 0.12},
				Hull:    Ring{{3, 20}, {10, 5}, {61, 30}},
				Polygon: Ring{{3, 20}, {10, 5}, {61, 30}},
				Pieces:  []Ring{{{3, 20}, {10, 5}, {20, 30}}},
				Quality: map[string]Quality{
					"polygon": {Outside: 0, AreaRatio: 1.38, FPArea: 0.14},
					"hull":    {Outside: 0, AreaRatio: 1.31, FPArea: 0.12},
				},
			},
			{
				Name:  "formats/transparent",
				Image: "formats/transparent.png",
				Frame: Frame{W: 16, H: 16},
				Size:  [2]int{16, 16},
				Pivot: Point{8, 8},
			},
		},
	}
}

// sorted returns a copy of lib with its sprites sorted by name, as the
// writers store them.
func sorted(lib *Library) *Library {
	c := *lib
	c.Sprites = slices.Clone(lib.Sprites)
	slices.SortFunc(c.Sprites, func(a, b Sprite) int { return strings.Compare(a.Name, b.Name) })
	return &c
}

type writer struct {
	name  string
	write func(io.Writer, *Library) error
}

var writers = []writer{{"JSON", WriteJSON}, {"YAML", WriteYAML}, {"compact", WriteCompact}}

// gemMask is the sample gem's mask: 32x32 with the trimmed frame's eight
// pixels at (5, 9).
func gemMask() *mask.Mask {
	m := mask.New(32, 32)
	m.Draw(masktest.Pic("####", "#.##", "#..."), 5, 9)
	return m
}

func TestWriteJSONExact(t *testing.T) {
	lib := sampleLib()
	lib.Sprites = lib.Sprites[1:2] // the bat of DESIGN.md
	want := `{
  "format": "shapegen/v1",
  "generator": "shapegen 0.3.0",
  "settings": {"alpha_threshold": 128, "max_vertices": 8, "max_pieces": 8, "shapes": ["aabb", "hull", "pieces"], "pivot": "center"},
  "sprites": [
    {
      "name": "enemies/bat",
      "image": "enemies/bat.png",
      "frame": {"x": 0, "y": 0, "w": 64, "h": 48},
      "size": [64, 48],
      "pivot": [32, 24],
      "pixels": 1234,
      "aabb": {"min": [3, 5], "max": [61, 44]},
      "circle": {"center": [32.1, 24.6], "radius": 30.2},
      "box": {"center": [32, 24], "half": [29, 19.5], "angle": 0.12},
      "hull": [[3, 20], [10, 5], [61, 30]],
      "polygon": [[3, 20], [10, 5], [61, 30]],
      "pieces": [[[3, 20], [10, 5], [20, 30]]],
      "quality": {
        "hull": {"outside": 0, "area_ratio": 1.31, "fp_area": 0.12},
        "polygon": {"outside": 0, "area_ratio": 1.38, "fp_area": 0.14}
      }
    }
  ]
}
`
	var buf bytes.Buffer
	if err := WriteJSON(&buf, lib); err != nil {
		t.Fatal(err)
	}
	if got := buf.String(); got != want {
		t.Errorf("WriteJSON(bat) =\n%s\nwant\n%s", got, want)
	}
}

func TestWriteYAMLExact(t *testing.T) {
	lib := &Library{Settings: Settings{AlphaThreshold: 128}, Sprites: []Sprite{{
		Name: "123", Image: "a: b.png", Size: [2]int{2, 2}, Pixels: 4,
		AABB:    &AABB{Max: Point{2, 2}},
		Pieces:  []Ring{{{0, 0}, {2, 0}, {2, 2}}, {{0, 0}, {2, 2}, {0, 2}}},
		Quality: map[string]Quality{"aabb": {AreaRatio: 1}},
	}}}
	want := `format: shapegen/v1
settings: {alpha_threshold: 128, max_vertices: 0, max_pieces: 0}
sprites:
  - name: "123"
    image: 'a: b.png'
    frame: {x: 0, "y": 0, w: 0, h: 0}
    size: [2, 2]
    pivot: [0, 0]
    pixels: 4
    aabb: {min: [0, 0], max: [2, 2]}
    pieces:
      - [[0, 0], [2, 0], [2, 2]]
      - [[0, 0], [2, 2], [0, 2]]
    quality:
      aabb: {outside: 0, area_ratio: 1, fp_area: 0}
`
	var buf bytes.Buffer
	if err := WriteYAML(&buf, lib); err != nil {
		t.Fatal(err)
	}
	if got := buf.String(); got != want {
		t.Errorf("WriteYAML =\n%s\nwant\n%s", got, want)
	}
}

// TestWriteKeepsEverything checks that the layout pass neither drops nor
// changes anything encoding/json would write.
func TestWriteKeepsEverything(t *testing.T) {
	var buf bytes.Buffer
	if err := WriteJSON(&buf, sampleLib()); err != nil {
		t.Fatal(err)
	}
	plain, err := json.Marshal(sorted(sampleLib()))
	if err != nil {
		t.Fatal(err)
	}
	var got, want any
	if err := json.Unmarshal(buf.Bytes(), &got); err != nil {
		t.Fatalf("WriteJSON wrote invalid JSON: %v\n%s", err, buf.String())
	}
	if err := json.Unmarshal(plain, &want); err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("WriteJSON output decodes to\n%v\nwant\n%v", got, want)
	}
}

func TestRoundTrip(t *testing.T) {
	for _, w := range writers {
		t.Run(w.name, func(t *testing.T) {
			var buf bytes.Buffer
			if err := w.write(&buf, sampleLib()); err != nil {
				t.Fatal(err)
			}
			got, err := Read(&buf)
			if err != nil {
				t.Fatalf("Read(Write%s(sample)) error %v", w.name, err)
			}
			if want := sorted(sampleLib()); !reflect.DeepEqual(got, want) {
				t.Errorf("Read(Write%s(sample)) =\n%+v\nwant\n%+v", w.name, got, want)
			}
		})
	}
}

// randomLib returns a seeded random valid library whose numbers span many
// magnitudes, with sprites in random order.
func randomLib(rng *rand.Rand) *Library {
	num := func() float64 {
		switch rng.IntN(5) {
		case 0:
			return float64(rng.IntN(2000) - 1000)
		case 1:
			return rng.Float64() * 1e-7
		case 2:
			return (rng.Float64() - 0.5) * 1e22
		default:
			return (rng.Float64() - 0.5) * 2000
		}
	}
	// Coordinates span as many magnitudes as MaxCoord allows; figures
	// any.
	coord := func() float64 {
		if v := num(); math.Abs(v) <= MaxCoord {
			return v
		}
		return (rng.Float64() - 0.5) * 2 * MaxCoord
	}
	pt := func() Point { return Point{coord(), coord()} }
	convex := func() Ring { // a regular polygon: convex, positive winding
		n, c, r, a := 3+rng.IntN(6), Point{rng.Float64() * 100, rng.Float64() * 100}, 1+rng.Float64()*50, rng.Float64()
		ring := make(Ring, n)
		for i := range ring {
			t := a + 2*math.Pi*float64(i)/float64(n)
			ring[i] = Point{c[0] + r*math.Cos(t), c[1] + r*math.Sin(t)}
		}
		return ring
	}
	lib := &Library{Format: Format, Generator: "gen", Settings: Settings{AlphaThreshold: rng.IntN(256), MaxVertices: 8, MaxPieces: rng.IntN(9), Pivot: []string{"", "center", "bottom"}[rng.IntN(3)]}}
	if n := rng.IntN(3); n > 0 {
		lib.Settings.Shapes = []string{"hull", "polygon"}[:n]
	}
	for i := range rng.IntN(6) {
		s := Sprite{
			Name:  fmt.Sprintf("s%d/%d", rng.IntN(1000), i),
			Image: "a/b.png", Frame: Frame{rng.IntN(50), rng.IntN(50), rng.IntN(70), rng.IntN(70)},
			Size: [2]int{rng.IntN(70), rng.IntN(70)}, Pivot: pt(), Pixels: rng.IntN(5000),
		}
		if rng.IntN(2) == 0 {
			s.Offset = &[2]int{rng.IntN(9), rng.IntN(9)}
		}
		if rng.IntN(4) > 0 {
			lo := pt()
			s.AABB = &AABB{Min: lo, Max: Point{min(lo[0]+math.Abs(coord()), MaxCoord), min(lo[1]+math.Abs(coord()), MaxCoord)}}
			s.Circle = &Circle{Center: pt(), Radius: math.Abs(coord())}
			s.Box = &Box{Center: pt(), Half: Point{math.Abs(coord()), math.Abs(coord())}, Angle: coord()}
			s.Hull, s.Polygon = convex(), convex()
			for range rng.IntN(4) {
				s.Pieces = append(s.Pieces, convex())
				s.Outline = append(s.Outline, convex())
			}
			s.Quality = map[string]Quality{"hull": {rng.IntN(3), num(), rng.Float64()}, "box": {0, num(), 0}}
			m := mask.New(s.Size[0], s.Size[1])
			for range 20 {
				m.Set(rng.IntN(70), rng.IntN(70), true)
			}
			s.Mask = EncodeMask(m)
		}
		lib.Sprites = append(lib.Sprites, s)
	}
	return lib
}

// TestRoundTripRandom writes and reads back a thousand random libraries in
// each format: every float must come back bit for bit.
func TestRoundTripRandom(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for i := range 1000 {
		lib := randomLib(rng)
		for _, w := range writers {
			var buf bytes.Buffer
			if err := w.write(&buf, lib); err != nil {
				t.Fatalf("case %d: Write%s error %v", i, w.name, err)
			}
			got, err := Read(bytes.NewReader(buf.Bytes()))
			if err != nil {
				t.Fatalf("case %d: Read(Write%s) error %v\n%s", i, w.name, err, buf.String())
			}
			want := sorted(lib)
			if want.Sprites == nil {
				want.Sprites = []Sprite{}
			}
			if !reflect.DeepEqual(got, want) {
				t.Fatalf("case %d: Read(Write%s(lib)) =\n%+v\nwant\n%+v\n%s", i, w.name, got, want, buf.String())
			}
		}
	}
}

func TestWriteDeterministic(t *testing.T) {
	for _, w := range writers {
		t.Run(w.name, func(t *testing.T) {
			lib := sampleLib()
			before := slices.Clone(lib.Sprites)
			var a, b bytes.Buffer
			if err := w.write(&a, lib); err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(lib.Sprites, before) {
				t.Errorf("Write%s reordered the caller's sprites", w.name)
			}
			slices.Reverse(lib.Sprites)
			if err := w.write(&b, lib); err != nil {
				t.Fatal(err)
			}
			if a.String() != b.String() {
				t.Errorf("Write%s output depends on sprite order:\n%s\nvs\n%s", w.name, a.String(), b.String())
			}
		})
	}
}

func TestWriteRefuses(t *testing.T) {
	tests := []struct {
		name string
		edit func(*Library)
		want string
	}{
		{"NaN radius", func(l *Library) { l.Sprites[1].Circle.Radius = math.NaN() }, `sprite "enemies/bat": circle`},
		{"infinite pivot", func(l *Library) { l.Sprites[1].Pivot[0] = math.Inf(1) }, `sprite "enemies/bat": pivot`},
		{"NaN quality", func(l *Library) { l.Sprites[1].Quality["hull"] = Quality{AreaRatio: math.NaN()} }, `quality "hull"`},
		{"duplicate name", func(l *Library) { l.Sprites[0].Name = "enemies/bat" }, `"enemies/bat" appears twice`},
		{"two-point polygon", func(l *Library) { l.Sprites[1].Polygon = Ring{{0, 0}, {1, 1}} }, "polygon: 2 points"},
		{"other format", func(l *Library) { l.Format = "shapegen/v2" }, `unsupported format "shapegen/v2"`},
	}
	for _, tt := range tests {
		for _, w := range writers {
			t.Run(tt.name+"/"+w.name, func(t *testing.T) {
				lib := sampleLib()
				tt.edit(lib)
				var buf bytes.Buffer
				err := w.write(&buf, lib)
				if err == nil || !strings.Contains(err.Error(), tt.want) {
					t.Errorf("Write%s error = %v, want one containing %q", w.name, err, tt.want)
				}
				if buf.Len() != 0 {
					t.Errorf("Write%s wrote %d bytes before failing", w.name, buf.Len())
				}
			})
		}
	}
}

// TestYAMLLongLines checks that long rings and masks stay on one line (a
// folded base64 string would no longer decode).
func TestYAMLLongLines(t *testing.T) {
	ring := make(Ring, 200)
	for i := range ring {
		a := 2 * math.Pi * float64(i) / 200
		ring[i] = Point{1000.123456 + 900*math.Cos(a), 1000.654321 + 900*math.Sin(a)}
	}
	m := mask.New(500, 40)
	for i := range 500 {
		m.Set(i, i%40, true)
		m.Set((i*7)%500, i%40, true)
	}
	lib := &Library{Sprites: []Sprite{{Name: "big", Size: [2]int{500, 40}, Pixels: m.Count(), Hull: ring, Mask: EncodeMask(m)}}}
	var buf bytes.Buffer
	if err := WriteYAML(&buf, lib); err != nil {
		t.Fatal(err)
	}
	if n := strings.Count(buf.String(), "\n"); n != 11 {
		t.Errorf("WriteYAML(long ring, long mask) has %d lines, want 11:\n%s", n, buf.String())
	}
	got, err := Read(&buf)
	if err != nil {
		t.Fatal(err)
	}
	if back, err := got.Sprites[0].Mask.Decode(); err != nil || !equalMasks(back, m) {
		t.Errorf("mask after YAML round trip: %v", err)
	}
}

// TestStrings sends thousands of random strings, built from the characters
// YAML and JSON treat specially, through each writer and Read.
func TestStrings(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	pieces := []string{"a", "Z", "_", "0", "1", "-", ".", "/", "+", "=", " ", ":", "#", ",", "[", "]", "{", "}", "'", `"`, `\`,
		"!", "&", "*", "?", "|", ">", "%", "@", "`", "~", "\n", "\t", "\r", "\x00", "\x7f", "\u0085", "\u00e9", "\u2028", "\ufeff",
		"\U0001f600", "true", "no", "null", "ON", "1e3", "0x1f", ".inf", ".nan", "-", "--- ", "...", "<<"}
	str := func() string {
		var b strings.Builder
		for range rng.IntN(5) {
			b.WriteString(pieces[rng.IntN(len(pieces))])
		}
		return b.String()
	}
	for i := range 3000 {
		name := fmt.Sprint(i) + str() // unique, never empty
		lib := &Library{Format: Format, Generator: str(), Sprites: []Sprite{{
			Name: name, Image: str(), Warnings: []string{str(), str()},
			Quality: map[string]Quality{str(): {Outside: 1}},
		}}}
		for _, w := range writers {
			var buf bytes.Buffer
			if err := w.write(&buf, lib); err != nil {
				t.Fatalf("Write%s(%q) error %v", w.name, name, err)
			}
			got, err := Read(bytes.NewReader(buf.Bytes()))
			if err != nil {
				t.Fatalf("Read(Write%s(%q)) error %v\n%s", w.name, name, err, buf.String())
			}
			if !reflect.DeepEqual(got, lib) {
				t.Fatalf("Read(Write%s(lib)) =\n%#v\nwant\n%#v\n%s", w.name, got.Sprites[0], lib.Sprites[0], buf.String())
			}
		}
	}
}

// animatedLib returns the sample library, sorted, with a repeat of its
// gem (same_as) and an animation of the two.
func animatedLib() *Library {
	lib := sorted(sampleLib())
	gem := lib.Sprites[2]
	twin := gem
	twin.Name, twin.SameAs = "sheets/packed/gem2", gem.Name
	lib.Sprites = append(lib.Sprites, twin)
	body := gem
	body.Name, body.Mask, body.Warnings = "sheets/packed/shine", nil, nil
	body.Image, body.Frame, body.Offset, body.Rotated, body.Turn = "", Frame{}, nil, false, 0
	lib.Animations = []Animation{{Sprite: body, Frames: []string{gem.Name, twin.Name}}}
	return lib
}

// TestAnimations writes a library with animations and a sprite that is
// the same as another, in each format, and reads it back; an animation
// whose frame is no sprite, or two of one name, are refused.
func TestAnimations(t *testing.T) {
	lib := animatedLib()
	for _, w := range writers {
		var buf bytes.Buffer
		if err := w.write(&buf, lib); err != nil {
			t.Fatalf("Write%s: %v", w.name, err)
		}
		got, err := Read(bytes.NewReader(buf.Bytes()))
		if err != nil {
			t.Fatalf("Read(Write%s): %v\n%s", w.name, err, buf.String())
		}
		if !reflect.DeepEqual(got, lib) {
			t.Errorf("Read(Write%s) =\n%+v\nwant\n%+v\n%s", w.name, got.Animations, lib.Animations, buf.String())
		}
		if s, _ := got.Sprite("sheets/packed/gem2"); s.SameAs != "sheets/packed/gem" {
			t.Errorf("%s: same_as %q", w.name, s.SameAs)
		}
	}
	for name, edit := range map[string]func(l *Library){
		"unknown frame": func(l *Library) { l.Animations[0].Frames = []string{"nope"} },
		"no frames":     func(l *Library) { l.Animations[0].Frames = nil },
		"twice":         func(l *Library) { l.Animations = append(l.Animations, l.Animations[0]) },
	} {
		bad := *lib
		bad.Animations = slices.Clone(lib.Animations)
		edit(&bad)
		var buf bytes.Buffer
		if err := WriteJSON(&buf, &bad); err == nil {
			t.Errorf("WriteJSON with an animation of %s: no error", name)
		}
	}
}

// TestAnimationKeys checks what an animation entry says: its name, its
// frames, then the keys of its common body from size on. The body lies in
// the frames' shared untrimmed frame and belongs to no one stored
// rectangle, so image, frame, offset, rotated and turn are not written,
// whatever the value holds, and are read as empty, also from a library
// that has them.
func TestAnimationKeys(t *testing.T) {
	lib := sorted(sampleLib())
	gem := lib.Sprites[2]
	body := gem
	body.Name, body.Mask, body.Warnings = "sheets/packed/shine", nil, nil
	body.Rotated, body.Offset = true, &[2]int{5, 9} // a stray frame's keys
	lib.Animations = []Animation{{Sprite: body, Frames: []string{gem.Name}}}
	want := body
	want.Image, want.Frame, want.Offset, want.Rotated, want.Turn = "", Frame{}, nil, false, 0
	for _, w := range writers {
		var buf bytes.Buffer
		if err := w.write(&buf, lib); err != nil {
			t.Fatalf("Write%s: %v", w.name, err)
		}
		if w.name != "compact" { // keys in text; the compact library's records have none
			text := buf.String()
			entry := text[strings.Index(text, "animations"):]
			for _, key := range []string{"image", "frame", "offset", "rotated", "turn"} {
				for _, form := range []string{`"` + key + `":`, "\n    " + key + ":", "\n      " + key + ":"} {
					if strings.Contains(entry, form) {
						t.Errorf("Write%s: the animation has the key %s:\n%s", w.name, key, entry)
					}
				}
			}
			name, frames, size := strings.Index(entry, "name"), strings.Index(entry, "frames"), strings.Index(entry, "size")
			if !(name < frames && frames < size) {
				t.Errorf("Write%s: want name, frames, then size:\n%s", w.name, entry)
			}
		}
		got, err := Read(bytes.NewReader(buf.Bytes()))
		if err != nil {
			t.Fatalf("Read(Write%s): %v", w.name, err)
		}
		if !reflect.DeepEqual(got.Animations[0].Sprite, want) {
			t.Errorf("Read(Write%s) animation = %+v, want %+v", w.name, got.Animations[0].Sprite, want)
		}
	}
	// A library written before animations lost those keys.
	var buf bytes.Buffer
	old := *lib
	old.Animations = nil
	if err := WriteJSON(&buf, &old); err != nil {
		t.Fatal(err)
	}
	text := strings.TrimSuffix(strings.TrimSpace(buf.String()), "}")
	text = strings.TrimSpace(text) + `,
  "animations": [{"name": "sheets/packed/shine", "image": "sheets/packed.png", "frame": {"x": 16, "y": 0, "w": 4, "h": 3}, "offset": [5, 9],
    "size": [32, 32], "pivot": [16, 16], "pixels": 8, "frames": ["sheets/packed/gem"]}]
}
`
	got, err := Read(strings.NewReader(text))
	if err != nil {
		t.Fatalf("Read of a library whose animation has image and frame: %v\n%s", err, text)
	}
	if a := got.Animations[0]; a.Image != "" || a.Frame != (Frame{}) || a.Offset != nil {
		t.Errorf("animation read with image %q frame %v offset %v, want none", a.Image, a.Frame, a.Offset)
	}
}
