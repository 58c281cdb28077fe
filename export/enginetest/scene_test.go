package enginetest

import (
	"strings"
	"testing"

	"github.com/shapegen/shapegen/export"
)

// TestScenes parses the Godot 4 and Godot 3 scenes of golden/shapes.json
// and the corpus build with the parser of tscn_test.go, and checks their
// tree: one Area2D per sprite, named from the sprite, its metadata naming
// the sprite, one CollisionShape2D per shape (per piece), exactly one
// kind enabled.
func TestScenes(t *testing.T) {
	all := libs(t)
	for _, name := range sortedKeys(all) {
		lib := all[name]
		for _, f := range []struct {
			format, file string
			version      int
		}{{"godot", "shapes.tscn", 3}, {"godot3", "shapes.godot3.tscn", 2}} {
			t.Run(name+"/"+f.format, func(t *testing.T) {
				files, _ := write(t, f.format, lib, "")
				sc, err := parseScene(string(files[f.file]), f.version)
				if err != nil {
					t.Fatalf("%s: %v", f.file, err)
				}
				turns := map[string]float64{}
				for i := range lib.Sprites {
					if s := &lib.Sprites[i]; s.Rotated {
						turns[s.Name] = 90
					} else {
						turns[s.Name] = float64(s.Turn)
					}
				}
				turned := 0
				areas, shapes := 0, 0
				enabled := map[string]map[string]bool{}
				owner := map[string]string{}
				for _, n := range sc.nodes {
					switch n.attrs["type"] {
					case "Area2D":
						areas++
						s, _ := sc.meta(n, "sprite").(string)
						owner[n.attrs["name"].(string)] = s
						enabled[s] = map[string]bool{}
						if p, ok := sc.meta(n, "pivot").(call); !ok || p.name != "Vector2" {
							t.Errorf("%s: pivot %v", s, sc.meta(n, "pivot"))
						}
						// How the frame is stored turned, degrees clockwise.
						if tn, ok := sc.meta(n, "turn").(float64); !ok || tn != turns[s] {
							t.Errorf("%s: turn %v, want %v", s, sc.meta(n, "turn"), turns[s])
						} else if tn == 180 || tn == 270 {
							turned++
						}
					case "CollisionShape2D":
						shapes++
						if d, _ := n.props["disabled"].(bool); !d {
							s := owner[n.attrs["parent"].(string)]
							enabled[s][strings.TrimRight(n.attrs["name"].(string), "0123456789")] = true
						}
					}
				}
				if name == "golden" && turned == 0 {
					t.Errorf("no sprite stored turned 180 or 270 in golden: the turn is not tested")
				}
				if areas != len(lib.Sprites) {
					t.Errorf("%d Area2D nodes, want one per sprite (%d)", areas, len(lib.Sprites))
				}
				for i := range lib.Sprites {
					s := &lib.Sprites[i]
					if e, ok := enabled[s.Name]; !ok || (s.Pixels > 0) != (len(e) == 1) {
						t.Errorf("%s: enabled kinds %v, want one when it has shapes", s.Name, e)
					}
				}
				t.Logf("%s: %d sprites, %d collision shapes, %d shape resources", f.file, areas, shapes, len(sc.subs))
			})
		}
	}
}

// TestSceneParserRefuses checks that the parser refuses what Godot would
// refuse or load without collision.
func TestSceneParserRefuses(t *testing.T) {
	good := `[gd_scene format=3]

[sub_resource type="CircleShape2D" id="shape_1"]
radius = 2

[node name="Shapes" type="Node2D"]

[node name="a" type="Area2D" parent="."]
metadata/sprite = "a"

[node name="circle" type="CollisionShape2D" parent="a"]
shape = SubResource("shape_1")
`
	if _, err := parseScene(good, 3); err != nil {
		t.Fatalf("parseScene(good) = %v", err)
	}
	tests := []struct{ name, old, new, tail string }{
		{"format 2 header", "format=3", "format=2", ""},
		{"Godot 3 reference", `SubResource("shape_1")`, `SubResource( 1 )`, ""},
		{"undeclared sub-resource", `SubResource("shape_1")`, `SubResource("shape_2")`, ""},
		{"shape under a Node2D", `type="Area2D"`, `type="Node2D"`, ""},
		{"unknown parent", `parent="a"]`, `parent="b"]`, ""},
		{"sub-resource after nodes", "[sub_resource type=\"CircleShape2D\" id=\"shape_1\"]\nradius = 2\n", "", "\n[sub_resource type=\"CircleShape2D\" id=\"shape_1\"]\nradius = 2\n"},
		{"bad node name", `name="a" type`, `name="a/b" type`, ""},
		{"Godot 3 array", `radius = 2`, `radius = PoolVector2Array( 1, 2 )`, ""},
		{"Godot 3 meta", `metadata/sprite = "a"`, "__meta__ = {\n\"sprite\": \"a\"\n}", ""},
		{"unterminated string", `metadata/sprite = "a"`, `metadata/sprite = "a`, ""},
		{"unknown property", `radius = 2`, `radius = 2` + "\nheight = 3", ""},
		{"duplicate sibling", "", "", "\n[node name=\"a\" type=\"Area2D\" parent=\".\"]\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			src := good
			if tt.old != "" {
				src = strings.Replace(good, tt.old, tt.new, 1)
			}
			src += tt.tail
			if src == good {
				t.Fatal("case changes nothing")
			}
			if _, err := parseScene(src, 3); err == nil {
				t.Errorf("parseScene accepted:\n%s", src)
			}
		})
	}
}

// TestFloat32NearestFails checks that the float32 check has teeth: the
// polygons rounded to the nearest float32, as a plain conversion does,
// leave pixels outside in real sprites.
func TestFloat32NearestFails(t *testing.T) {
	lib := buildLib(t, corpus)
	bad := 0
	for i := range lib.Sprites {
		s := &lib.Sprites[i]
		if s.Mask == nil || len(s.Polygon) == 0 {
			continue
		}
		m, err := s.Mask.Decode()
		if err != nil {
			t.Fatal(err)
		}
		var p []export.Point
		for _, v := range s.Polygon {
			p = append(p, export.Point{float64(float32(v[0] - s.Pivot[0])), float64(float32(v[1] - s.Pivot[1]))})
		}
		if contains32(m, s.Pivot, shape32{polys: [][]export.Point{p}}) != nil {
			bad++
		}
	}
	t.Logf("rounded to nearest, %d of %d polygons leave a pixel corner outside", bad, len(lib.Sprites))
	if bad == 0 {
		t.Error("no polygon rounded to nearest fails: the float32 check cannot tell")
	}
}
