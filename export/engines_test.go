package export

import (
	"bytes"
	"io"
	"math"
	"slices"
	"strings"
	"testing"
)

// engineLib returns a small library: a sprite with pieces, one with only a
// polygon, one without shapes, and two names that clash as Godot node
// names.
func engineLib() *Library {
	return &Library{Sprites: []Sprite{
		{Name: "b/x", Size: [2]int{4, 4}, Pivot: Point{2, 4}, Pixels: 16,
			AABB:    &AABB{Max: Point{4, 4}},
			Circle:  &Circle{Center: Point{2, 2}, Radius: 2.8284271247461903},
			Box:     &Box{Center: Point{2, 2}, Half: Point{2, 2}, Angle: 0},
			Polygon: Ring{{0, 0}, {4, 0}, {4, 4}, {0, 4}},
		},
		{Name: "a", Size: [2]int{8, 4}, Pivot: Point{4, 2}, Pixels: 20,
			Hull:   Ring{{0, 0}, {8, 0}, {8, 4}, {0, 4}},
			Pieces: []Ring{{{0, 0}, {4, 0}, {4, 4}, {0, 4}}, {{4, 0}, {8, 0}, {8, 2.5}}},
		},
		{Name: "b_x", Size: [2]int{1, 1}, Pivot: Point{0.5, 0.5}},
		{Name: "q\"\\\n/é", Size: [2]int{1, 1}, Pivot: Point{0.5, 0.5}},
	}}
}

func TestWriteGodot(t *testing.T) {
	want := `[gd_scene format=3]

[node name="Shapes" type="Node2D"]
metadata/format = "shapegen/v1"

[node name="a" type="Node2D" parent="."]
metadata/sprite = "a"
metadata/size = Vector2i(8, 4)
metadata/pivot = Vector2(4, 2)

[node name="piece0" type="CollisionPolygon2D" parent="a"]
polygon = PackedVector2Array(-4, -2, 0, -2, 0, 2, -4, 2)

[node name="piece1" type="CollisionPolygon2D" parent="a"]
polygon = PackedVector2Array(0, -2, 4, -2, 4, 0.5)

[node name="b_x" type="Node2D" parent="."]
metadata/sprite = "b/x"
metadata/size = Vector2i(4, 4)
metadata/pivot = Vector2(2, 4)

[node name="piece0" type="CollisionPolygon2D" parent="b_x"]
polygon = PackedVector2Array(-2, -4, 2, -4, 2, 0, -2, 0)

[node name="b_x_2" type="Node2D" parent="."]
metadata/sprite = "b_x"
metadata/size = Vector2i(1, 1)
metadata/pivot = Vector2(0.5, 0.5)

[node name="q_\\__é" type="Node2D" parent="."]
metadata/sprite = "q\"\\\n/é"
metadata/size = Vector2i(1, 1)
metadata/pivot = Vector2(0.5, 0.5)
`
	// The quote, newline and slash become '_' in the node name and stay
	// (escaped) in the metadata.
	checkEngine(t, "WriteGodot", WriteGodot, want)
}

func TestWriteLua(t *testing.T) {
	want := `-- shapegen/v1 shapes, coordinates relative to each sprite's pivot, y down
return {
  ["a"] = {
    size = {8, 4},
    pivot = {4, 2},
    hull = {-4, -2, 4, -2, 4, 2, -4, 2},
    pieces = {
      {-4, -2, 0, -2, 0, 2, -4, 2},
      {0, -2, 4, -2, 4, 0.5},
    },
  },
  ["b/x"] = {
    size = {4, 4},
    pivot = {2, 4},
    aabb = {-2, -4, 2, 0},
    circle = {0, -2, 2.8284271247461903},
    box = {0, -2, 2, 2, 0},
    polygon = {-2, -4, 2, -4, 2, 0, -2, 0},
  },
  ["b_x"] = {
    size = {1, 1},
    pivot = {0.5, 0.5},
  },
  ["q\"\\\010/é"] = {
    size = {1, 1},
    pivot = {0.5, 0.5},
  },
}
`
	checkEngine(t, "WriteLua", WriteLua, want)
}

// checkEngine checks write's output against want, its independence from
// sprite order, and that it refuses an invalid library.
func checkEngine(t *testing.T, name string, write func(io.Writer, *Library) error, want string) {
	t.Helper()
	var buf bytes.Buffer
	if err := write(&buf, engineLib()); err != nil {
		t.Fatal(err)
	}
	if got := buf.String(); got != want {
		t.Errorf("%s =\n%s\nwant\n%s", name, got, want)
	}
	lib := engineLib()
	slices.Reverse(lib.Sprites)
	var rev bytes.Buffer
	if err := write(&rev, lib); err != nil || rev.String() != buf.String() {
		t.Errorf("%s depends on sprite order (err %v)", name, err)
	}
	lib.Sprites[0].Name = lib.Sprites[1].Name
	if err := write(io.Discard, lib); err == nil || !strings.Contains(err.Error(), "appears twice") {
		t.Errorf("%s(duplicate names) error = %v, want one saying so", name, err)
	}
}

func TestNum(t *testing.T) {
	tests := []struct {
		v    float64
		want string
	}{
		{0, "0"}, {math.Copysign(0, -1), "0"}, {1, "1"}, {-2.5, "-2.5"}, {0.1, "0.1"}, {1e21, "1000000000000000000000"}, {1e-7, "0.0000001"},
	}
	for _, tt := range tests {
		if got := num(tt.v); got != tt.want {
			t.Errorf("num(%v) = %q, want %q", tt.v, got, tt.want)
		}
	}
}
