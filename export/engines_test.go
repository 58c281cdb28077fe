package export

import (
	"fmt"
	"io"
	"maps"
	"math"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// engineLib returns a small library: a sprite with pieces and a hull past
// Box2D's 8 vertices, one with only a polygon and the other kinds, one
// without shapes, a trimmed and rotated atlas frame, and two names that
// clash as Godot node names.
func engineLib() *Library {
	octagon := Ring{{2, 0}, {6, 0}, {8, 1}, {8, 3}, {6, 4}, {2, 4}, {0, 3}, {0, 1}}
	nine := Ring{{2, 0}, {6, 0}, {7.5, 0.5}, {8, 1}, {8, 3}, {6, 4}, {2, 4}, {0, 3}, {0, 1}}
	return &Library{Generator: "shapegen test", Sprites: []Sprite{
		{Name: "b/x", Image: "b/x.png", Frame: Frame{W: 4, H: 4}, Size: [2]int{4, 4}, Pivot: Point{2, 4}, Pixels: 16,
			AABB:    &AABB{Max: Point{4, 4}},
			Circle:  &Circle{Center: Point{2, 2}, Radius: 2.8284271247461903},
			Box:     &Box{Center: Point{2, 2}, Half: Point{2, 2}, Angle: 0.25},
			Polygon: Ring{{0, 0}, {4, 0}, {4, 4}, {0, 4}},
		},
		{Name: "a", Image: "a.png", Frame: Frame{W: 8, H: 4}, Size: [2]int{8, 4}, Pivot: Point{4, 2}, Pixels: 20,
			Hull:    nine,
			Polygon: octagon,
			Pieces:  []Ring{{{0, 0}, {4, 0}, {4, 4}, {0, 4}}, {{4, 0}, {8, 0}, {8, 2.5}}},
		},
		{Name: "b_x", Image: "b_x.png", Frame: Frame{W: 1, H: 1}, Size: [2]int{1, 1}, Pivot: Point{0.5, 0.5}},
		{Name: "sheet/f", Image: "sheet.png", Frame: Frame{X: 10, Y: 2, W: 3, H: 6}, Rotated: true, Offset: &[2]int{1, 0},
			Size: [2]int{8, 4}, Pivot: Point{4, 2}, Pixels: 18, Polygon: Ring{{1, 0}, {7, 0}, {7, 3}, {1, 3}}},
		{Name: "q\"\\\n/é", Image: "q.png", Frame: Frame{W: 1, H: 1}, Size: [2]int{1, 1}, Pivot: Point{0.5, 0.5}},
	}}
}

// writeEngines writes lib in every engine format and returns the files by
// name and the omissions.
func writeEngines(t *testing.T, lib *Library) (map[string]string, []Omission) {
	t.Helper()
	s, err := StreamOf(lib)
	if err != nil {
		t.Fatal(err)
	}
	files := map[string]string{}
	var all []Omission
	for _, e := range EngineFormats {
		fs, om, err := writeFiles(e, s)
		if err != nil {
			t.Fatalf("%s: %v", e.Name, err)
		}
		maps.Copy(files, fs)
		all = append(all, om...)
	}
	return files, all
}

func TestEngineFormatsDeterministic(t *testing.T) {
	files, om := writeEngines(t, engineLib())
	names := slices.Sorted(func(yield func(string) bool) {
		for k := range files {
			if !yield(k) {
				return
			}
		}
	})
	want := []string{"shapes.godot3.tscn", "shapes.lua", "shapes.phaser.json", "shapes.tscn", "tiled/sheet.tsx", "tiled/sprites.tsx"}
	if !slices.Equal(names, want) {
		t.Errorf("files %v, want %v", names, want)
	}
	lib := engineLib()
	slices.Reverse(lib.Sprites)
	again, om2 := writeEngines(t, lib)
	for k, v := range files {
		if again[k] != v {
			t.Errorf("%s depends on the sprites' order", k)
		}
	}
	if !slices.Equal(om, om2) {
		t.Errorf("omissions %v then %v", om, om2)
	}
	// Box2D takes no hull of 9 vertices; nothing else is left out.
	if len(om) != 1 || om[0] != (Omission{Format: "lua", Kind: "hull", Reason: "Box2D: more than 8 vertices", Sprites: 1, First: "a"}) {
		t.Errorf("omissions %v, want the hull of a in lua", om)
	}
	if got, want := om[0].String(), "lua: hull left out of 1 sprite (Box2D: more than 8 vertices), first a"; got != want {
		t.Errorf("Omission.String() = %q, want %q", got, want)
	}
}

func TestEngineFormatsRefuse(t *testing.T) {
	dup := engineLib()
	dup.Sprites[1].Name = dup.Sprites[0].Name
	if _, err := StreamOf(dup); err == nil || !strings.Contains(err.Error(), "twice") {
		t.Errorf("StreamOf(duplicate names) error = %v", err)
	}
	// A stream out of order, or with an invalid sprite, is refused by every
	// writer, whatever it wrote before.
	lib := engineLib()
	bad := []struct {
		name string
		seq  []*Sprite
		want string
	}{
		{"unsorted", []*Sprite{&lib.Sprites[0], &lib.Sprites[1]}, "not sorted"},
		{"no name", []*Sprite{{}}, "no name"},
		{"nil", []*Sprite{nil}, "no name"},
		{"invalid", []*Sprite{{Name: "z", Size: [2]int{1, 1}, Polygon: Ring{{0, 0}, {1, 1}}}}, "sprite \"z\""},
	}
	for _, tt := range bad {
		s := Stream{Head: &Library{}, Sprites: slices.Values(tt.seq)}
		for _, e := range EngineFormats {
			put := func(name string, write func(io.Writer) error) error { return write(io.Discard) }
			if _, err := e.Write(put, s, EngineOptions{}); err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("%s: %s stream: error %v, want one saying %q", e.Name, tt.name, err, tt.want)
			}
		}
	}
	for _, e := range EngineFormats {
		put := func(name string, write func(io.Writer) error) error { return write(io.Discard) }
		if _, err := e.Write(put, Stream{}, EngineOptions{}); err == nil {
			t.Errorf("%s: empty Stream accepted", e.Name)
		}
	}
}

func TestWriteLua(t *testing.T) {
	files, _ := writeEngines(t, engineLib())
	lua := files["shapes.lua"]
	for _, want := range []string{
		`S["a"] = {image = "a.png", frame = {0, 0, 8, 4}, offset = {0, 0}, rotated = false, turn = 0, size = {8, 4}, pivot = {4, 2},`,
		"  polygon = {-2, -2, 2, -2, 4, -1, 4, 1, 2, 2, -2, 2, -4, 1, -4, -1},",
		"  pieces = {{-4, -2, 0, -2, 0, 2, -4, 2}, {0, -2, 4, -2, 4, 0.5}}}",
		`S["sheet/f"] = {image = "sheet.png", frame = {10, 2, 3, 6}, offset = {1, 0}, rotated = true, turn = 90, size = {8, 4}, pivot = {4, 2},`,
		`S["q\"\\\010/é"]`,
		"function M.fixtures(body, name, kind, density)",
	} {
		if !strings.Contains(lua, want) {
			t.Errorf("shapes.lua lacks %q:\n%s", want, lua)
		}
	}
	if strings.Contains(lua, "hull =") {
		t.Error("shapes.lua has a hull of 9 vertices")
	}
	// The box: full width and height for newRectangleShape, float32,
	// grown outward.
	i := strings.Index(lua, "  box = {")
	if i < 0 {
		t.Fatal("no box")
	}
	var x, y, w, h, a float64
	if _, err := fmt.Sscanf(lua[i:], "  box = {%g, %g, %g, %g, %g}", &x, &y, &w, &h, &a); err != nil {
		t.Fatal(err)
	}
	if x != 0 || y != -2 || w < 4 || w > 4.001 || h < 4 || h > 4.001 || float64(float32(w)) != w || float64(float32(a)) != a {
		t.Errorf("box = {%v, %v, %v, %v, %v}, want {0, -2, ~4, ~4, float32(0.25)} grown outward", x, y, w, h, a)
	}
}

func TestWriteGodot(t *testing.T) {
	files, _ := writeEngines(t, engineLib())
	g4, g3 := files["shapes.tscn"], files["shapes.godot3.tscn"]
	for _, want := range []string{
		"[gd_scene format=3]\n",
		"[sub_resource type=\"ConvexPolygonShape2D\" id=\"shape_2\"]\npoints = PackedVector2Array(-2, -2, 2, -2, 4, -1, 4, 1, 2, 2, -2, 2, -4, 1, -4, -1)\n",
		"[node name=\"a\" type=\"Area2D\" parent=\".\"]\nmetadata/sprite = \"a\"\nmetadata/image = \"a.png\"\nmetadata/frame = Rect2i(0, 0, 8, 4)\n",
		"[node name=\"pieces1\" type=\"CollisionShape2D\" parent=\"a\"]\nshape = SubResource(\"shape_4\")\n\n",
		"[node name=\"polygon\" type=\"CollisionShape2D\" parent=\"a\"]\nshape = SubResource(\"shape_2\")\ndisabled = true\n",
		"[node name=\"b_x_2\" type=\"Area2D\" parent=\".\"]\nmetadata/sprite = \"b_x\"",
		"[node name=\"q_\\\\__é\" type=\"Area2D\" parent=\".\"]\nmetadata/sprite = \"q\\\"\\\\\\n/é\"",
		"[sub_resource type=\"CircleShape2D\" id=\"shape_",
		"[sub_resource type=\"RectangleShape2D\" id=\"shape_",
	} {
		if !strings.Contains(g4, want) {
			t.Errorf("shapes.tscn lacks %q:\n%s", want, g4)
		}
	}
	for _, want := range []string{
		"[gd_scene format=2]\n",
		"[sub_resource type=\"ConvexPolygonShape2D\" id=2]\npoints = PoolVector2Array( -2, -2, 2, -2, 4, -1, 4, 1, 2, 2, -2, 2, -4, 1, -4, -1 )\n",
		"__meta__ = {\n\"sprite\": \"a\",\n\"image\": \"a.png\",\n\"frame\": Rect2( 0, 0, 8, 4 ),\n",
		"shape = SubResource( 4 )\n",
		"extents = Vector2( ",
	} {
		if !strings.Contains(g3, want) {
			t.Errorf("shapes.godot3.tscn lacks %q:\n%s", want, g3)
		}
	}
	// Same tree: the same node lines, but for the syntax.
	nodes := func(s string) int { return strings.Count(s, "[node ") }
	if nodes(g4) != nodes(g3) || strings.Count(g4, "[sub_resource") != strings.Count(g3, "[sub_resource") {
		t.Errorf("Godot 4 and 3 scenes differ in their trees")
	}
	if strings.Index(g4, "[node") < strings.LastIndex(g4, "[sub_resource") {
		t.Error("a sub_resource after the first node")
	}
}

func TestWriteTiled(t *testing.T) {
	files, _ := writeEngines(t, engineLib())
	sp, sheet := files["tiled/sprites.tsx"], files["tiled/sheet.tsx"]
	for _, want := range []string{
		`<tileset version="1.9" tiledversion="1.9.0" name="sprites" tilewidth="8" tileheight="4" tilecount="4" columns="0">`,
		`<image source="../../art/a.png" width="8" height="4"/>`,
		`<property name="sprite" value="q&#34;\&#xA;/é"/>`,
		`<object id="1" name="pieces" x="0" y="0">` + "\n" + `    <polygon points="0,0 4,0 4,4 0,4"/>`,
		`<object id="2" name="circle" x="-0.8284271247461903" y="-0.8284271247461903" width="5.656854249492381" height="5.656854249492381">`,
	} {
		if !strings.Contains(sp, want) {
			t.Errorf("sprites.tsx lacks %q:\n%s", want, sp)
		}
	}
	// The rotated, trimmed frame: upright (u, v) less the offset (1, 0) is
	// stored (W - v, u) with W = 3: (1,0) -> (3,0), (7,0) -> (3,6),
	// (7,3) -> (0,6), (1,3) -> (0,0); the pivot (4, 2) -> (1, 3).
	for _, want := range []string{
		`<tile id="0" x="10" y="2" width="3" height="6">`,
		`<property name="pivot" value="1,3"/>`,
		`<property name="rotated" type="bool" value="true"/>`,
		`<image source="../../art/sheet.png"/>`,
		`<polygon points="3,0 3,6 0,6 0,0"/>`,
	} {
		if !strings.Contains(sheet, want) {
			t.Errorf("sheet.tsx lacks %q:\n%s", want, sheet)
		}
	}
}

func TestGridOf(t *testing.T) {
	frame := func(name string, x, y int) Sprite {
		return Sprite{Name: "s/" + name, Image: "s.png", Frame: Frame{X: x, Y: y, W: 4, H: 3}, Size: [2]int{4, 3}}
	}
	tests := []struct {
		name string
		run  []Sprite
		want grid
		ok   bool
	}{
		{"2x2 with margin and spacing", []Sprite{frame("0", 1, 1), frame("1", 6, 1), frame("2", 1, 5), frame("3", 6, 5)}, grid{4, 3, 1, 1, 2}, true},
		{"12 frames, name order 0 1 10 11 2", grid12(frame), grid{4, 3, 0, 0, 2}, true},
		{"one column", []Sprite{frame("0", 0, 0), frame("1", 0, 3), frame("2", 0, 6)}, grid{4, 3, 0, 0, 1}, true},
		{"one frame", []Sprite{frame("0", 2, 2)}, grid{4, 3, 2, 0, 1}, true},
		{"named frames", []Sprite{frame("a", 0, 0), frame("b", 4, 0)}, grid{}, false},
		{"a gap", []Sprite{frame("0", 0, 0), frame("2", 4, 0)}, grid{}, false},
		{"leading zero", []Sprite{frame("0", 0, 0), frame("01", 4, 0)}, grid{}, false},
		{"out of place", []Sprite{frame("0", 0, 0), frame("1", 5, 1)}, grid{}, false},
		{"margins differ", []Sprite{frame("0", 1, 2), frame("1", 5, 2)}, grid{}, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			g, frames, ok := gridOf("s", tt.run)
			if ok != tt.ok || g != tt.want {
				t.Fatalf("gridOf = %+v, %v; want %+v, %v", g, ok, tt.want, tt.ok)
			}
			for i, f := range frames {
				if f.Name != "s/"+strconv.Itoa(i) {
					t.Errorf("frame %d is %s", i, f.Name)
				}
			}
		})
	}
}

// grid12 returns 12 frames of a grid of 2 columns in name order.
func grid12(frame func(string, int, int) Sprite) []Sprite {
	var run []Sprite
	for i := range 12 {
		run = append(run, frame(strconv.Itoa(i), 4*(i%2), 3*(i/2)))
	}
	slices.SortFunc(run, func(a, b Sprite) int { return strings.Compare(a.Name, b.Name) })
	return run
}

func TestWritePhaser(t *testing.T) {
	files, _ := writeEngines(t, engineLib())
	ph := files["shapes.phaser.json"]
	for _, want := range []string{
		`"a": {"type": "fromPhysicsEditor", "label": "a", "isStatic": false, "density": 0.001,`,
		`"fixtures": [{"label": "pieces", "isSensor": false, "vertices": [[{"x": 0, "y": 0}, {"x": 4, "y": 0}, {"x": 4, "y": 4}, {"x": 0, "y": 4}], [{"x": 4, "y": 0}, {"x": 8, "y": 0}, {"x": 8, "y": 2.5}]]}]}`,
		`"b/x": {"type": "fromPhysicsEditor", "label": "b/x"`,
	} {
		if !strings.Contains(ph, want) {
			t.Errorf("shapes.phaser.json lacks %q:\n%s", want, ph)
		}
	}
	if strings.Contains(ph, `"b_x"`) {
		t.Error("a sprite without shapes has an entry")
	}
	var circleOnly = &Library{Sprites: []Sprite{{Name: "c", Size: [2]int{4, 4}, Pixels: 1, Circle: &Circle{Center: Point{2, 2}, Radius: 2}}}}
	files, _ = writeEngines(t, circleOnly)
	if want := `"circle": {"x": 2, "y": 2, "radius": ` + string(appendFloat(nil, MatterRadius(2))); !strings.Contains(files["shapes.phaser.json"], want) {
		t.Errorf("circle-only sprite:\n%s\nwant %s", files["shapes.phaser.json"], want)
	}
}

func TestMatterRadius(t *testing.T) {
	// Matter's polygon for a radius R has n = ceil(max(10, min(25, R)))
	// vertices on R; its inner radius R cos(pi/n) must reach r.
	for _, r := range []float64{0.5, 1, 9.9, 10, 10.5, 24.2, 25, 100, 1e4} {
		R := MatterRadius(r)
		n := math.Ceil(math.Max(10, math.Min(25, R)))
		if inner := R * math.Cos(math.Pi/n); inner < r || R > r*1.06 {
			t.Errorf("MatterRadius(%v) = %v: inner radius %v with %v sides", r, R, inner, n)
		}
	}
}

func TestNum(t *testing.T) {
	tests := []struct {
		v    float64
		want string
	}{
		{0, "0"}, {math.Copysign(0, -1), "0"}, {1, "1"}, {-2.5, "-2.5"}, {0.1, "0.1"}, {1e21, "1000000000000000000000"}, {1e-7, "0.0000001"},
		{float64(float32(0.1)), "0.10000000149011612"},
	}
	for _, tt := range tests {
		if got := num(tt.v); got != tt.want {
			t.Errorf("num(%v) = %q, want %q", tt.v, got, tt.want)
		}
	}
}

// TestEngineTurns writes two frames stored half a turn and three quarters
// turned (as libGDX packs them), each a 4x2 upright sprite whose polygon
// is (0,0) (4,0) (4,1), pivot (0, 0): every format says the turn, Tiled's
// tiles hold the shapes turned as the image stores them, and Phaser, whose
// atlas frames cannot be so turned, says so for each.
func TestEngineTurns(t *testing.T) {
	tri := Ring{{0, 0}, {4, 0}, {4, 1}}
	lib := &Library{Sprites: []Sprite{
		{Name: "t/c", Image: "t.png", Frame: Frame{X: 4, W: 2, H: 4}, Turn: 270, Size: [2]int{4, 2}, Pixels: 6, Polygon: tri},
		{Name: "t/h", Image: "t.png", Frame: Frame{W: 4, H: 2}, Turn: 180, Size: [2]int{4, 2}, Pixels: 6, Polygon: tri},
	}}
	files, om := writeEngines(t, lib)
	for file, wants := range map[string][]string{
		"shapes.lua": {
			`S["t/c"] = {image = "t.png", frame = {4, 0, 2, 4}, offset = {0, 0}, rotated = false, turn = 270,`,
			`S["t/h"] = {image = "t.png", frame = {0, 0, 4, 2}, offset = {0, 0}, rotated = false, turn = 180,`,
		},
		"shapes.tscn":        {"metadata/rotated = false\nmetadata/turn = 270\n", "metadata/rotated = false\nmetadata/turn = 180\n"},
		"shapes.godot3.tscn": {"\"rotated\": false,\n\"turn\": 270,\n", "\"rotated\": false,\n\"turn\": 180,\n"},
		// Stored points: 270 maps (u, v) to (v, H - u) with H = 4, 180 to
		// (W - u, H - v) with W = 4, H = 2; the pivot (0, 0) goes along.
		"tiled/t.tsx": {
			`<tile id="0" x="4" y="0" width="2" height="4">` + "\n  <properties>\n" +
				`   <property name="pivot" value="0,4"/>` + "\n" + `   <property name="turn" type="int" value="270"/>`,
			`<polygon points="0,4 0,0 1,0"/>`,
			`<tile id="1" x="0" y="0" width="4" height="2">` + "\n  <properties>\n" +
				`   <property name="pivot" value="4,2"/>` + "\n" + `   <property name="turn" type="int" value="180"/>`,
			`<polygon points="4,2 0,2 0,1"/>`,
		},
		"shapes.phaser.json": {`"t/c": {"type": "fromPhysicsEditor"`, `"t/h": {"type": "fromPhysicsEditor"`},
	} {
		for _, want := range wants {
			if !strings.Contains(files[file], want) {
				t.Errorf("%s lacks %q:\n%s", file, want, files[file])
			}
		}
	}
	var lines []string
	for _, o := range om {
		lines = append(lines, o.String())
	}
	want := []string{
		"phaser: t/c: stored turned 270 degrees in t.png, which Phaser's atlas frames cannot say (only rotated, a quarter turn clockwise); its shapes fit the frame upright: give Phaser the frame upright",
		"phaser: t/h: stored turned 180 degrees in t.png, which Phaser's atlas frames cannot say (only rotated, a quarter turn clockwise); its shapes fit the frame upright: give Phaser the frame upright",
	}
	if !slices.Equal(lines, want) {
		t.Errorf("lines %q, want %q", lines, want)
	}
}
