package config

import (
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/shapegen/shapegen/collide"
	_ "github.com/shapegen/shapegen/internal/update" // -update for go test ./... -update
)

func TestTemplateIsDefault(t *testing.T) {
	got, err := Parse(FileName, []byte(Template))
	if err != nil {
		t.Fatalf("Parse(Template) error %v", err)
	}
	if want := Default(); !reflect.DeepEqual(got, want) {
		t.Errorf("Parse(Template) = %+v, want Default() %+v", got, want)
	}
}

func TestLoadMissingIsDefault(t *testing.T) {
	got, err := Load(t.TempDir())
	if err != nil || !reflect.DeepEqual(got, Default()) {
		t.Errorf("Load(empty dir) = %+v, %v, want Default()", got, err)
	}
}

func TestLoadFile(t *testing.T) {
	dir := t.TempDir()
	yml := "alpha_threshold: 10\npivot: [0.25, 1]\noverrides:\n  - glob: \"tiles/**\"\n    alpha_threshold: 1\n    pivot: bottom-center\ngrids:\n  - glob: \"sheets/*.png\"\n    cell_width: 16\n    cell_height: 8\n"
	if err := os.WriteFile(filepath.Join(dir, FileName), []byte(yml), 0o644); err != nil {
		t.Fatal(err)
	}
	c, err := Load(dir)
	if err != nil {
		t.Fatalf("Load: %v", err)
	}
	tests := []struct {
		rel   string
		alpha int
		pivot Pivot
		grid  bool
	}{
		{"a.png", 10, Pivot{X: 0.25, Y: 1}, false},
		{"tiles/a.png", 1, Pivot{Name: "bottom-center", X: 0.5, Y: 1}, false},
		{"tiles/deep/b.png", 1, Pivot{Name: "bottom-center", X: 0.5, Y: 1}, false},
		{"sheets/s.png", 10, Pivot{X: 0.25, Y: 1}, true},
		{"sheets/sub/s.png", 10, Pivot{X: 0.25, Y: 1}, false},
	}
	for _, tt := range tests {
		t.Run(tt.rel, func(t *testing.T) {
			s := c.For(tt.rel)
			if s.AlphaThreshold != tt.alpha || s.Pivot != tt.pivot || (s.Grid != nil) != tt.grid {
				t.Errorf("For(%q) = alpha %d pivot %+v grid %v, want %d %+v %v", tt.rel, s.AlphaThreshold, s.Pivot, s.Grid, tt.alpha, tt.pivot, tt.grid)
			}
		})
	}
}

func TestParseErrors(t *testing.T) {
	pivots := "top-left, top-center, top-right, center-left, center, center-right, bottom-left, bottom-center, bottom-right; or [x, y] fractions"
	tests := []struct {
		name, yml, want string
	}{
		// Types, in plain words, at the value.
		{"not whole", "alpha_threshold: 3\nmax_vertices: 8.5\n", "2:15: max_vertices: want a whole number, got 8.5"},
		{"text for number", "max_vertices: many\n", "1:15: max_vertices: want a whole number, got many"},
		{"quoted number", "max_pieces: \"8\"\n", `1:13: max_pieces: want a whole number, got "8"`},
		{"empty number", "max_pieces:\n", "1:12: max_pieces: want a whole number, got nothing"},
		{"too large", "max_pixels: 99999999999999999999\n", "1:13: max_pixels: want a whole number, got 99999999999999999999"},
		{"list for number", "alpha_threshold: [1]\n", "1:18: alpha_threshold: want a whole number, got a list"},
		{"not a number", "pieces_gain: lots\n", "1:14: pieces_gain: want a number, got lots"},
		{"not a bool", "preview: maybe\n", "1:10: preview: want true or false, got maybe"},
		{"not a list", "shapes: hull\n", "1:9: shapes: want a list, got hull"},
		{"mapping for list", "overrides: {glob: a}\n", "1:12: overrides: want a list, got key: value pairs"},
		{"list for mapping", "grids: [a.png]\n", "1:9: grids[0]: want key: value pairs, got a.png"},
		{"empty text", "atlases:\n  - list:\n    image: a.png\n", "2:10: atlases[0].list: want text, got nothing"},
		{"not a mapping", "- 1\n", "1:1: want settings as key: value lines, got a list"},
		{"alias used", "include: &a [x]\nexclude: [*a]\n", "2:11: exclude[0]: want text, got a list"},
		// Unknown and misplaced keys, at the key.
		{"misspelt", "max_vertex: 9\n", "1:1: unknown key max_vertex; did you mean max_vertices?"},
		{"part of a key", "alpha_threshold: 3\nalpha: 4\n", "2:1: unknown key alpha; did you mean alpha_threshold?"},
		{"far from any", "colour: red\n", "1:1: unknown key colour (valid keys: alpha_threshold, max_vertices, max_pieces, pieces_gain, max_outline_vertices, pivot, shapes, formats, preview, masks, max_pixels, slice, slice_min_size, slice_merge, declared_animations, include, exclude, overrides, grids, atlases)"},
		{"override misspelt", "overrides:\n  - glob: a/*\n    alpha: 3\n", "3:5: overrides[0]: unknown key alpha; did you mean alpha_threshold?"},
		{"grid misspelt", "grids:\n  - glob: a.png\n    cell_widht: 4\n", "3:5: grids[0]: unknown key cell_widht; did you mean cell_width?"},
		{"atlas misspelt", "atlases:\n  - lists: a\n", "2:5: atlases[0]: unknown key lists; did you mean list?"},
		{"grid key at top", "cell_width: 3\n", "1:1: unknown key cell_width; it belongs in a grids entry"},
		{"top key in override", "overrides:\n  - glob: a/*\n    formats: [json]\n", "3:5: overrides[0]: unknown key formats; it belongs at the top level"},
		{"glob at top", "glob: a\n", "1:1: unknown key glob; it belongs in an overrides entry or in a grids entry"},
		{"set twice", "max_vertices: 8\nmax_vertices: 9\n", "2:1: max_vertices: set twice (first on line 1)"},
		{"merge key", "overrides:\n  - <<: {glob: a}\n", "2:5: overrides[0]: merge keys (<<) are not supported; write the keys out"},
		// Values, at the value.
		{"threshold range", "alpha_threshold: 0\n", "1:18: alpha_threshold: want a whole number from 1 to 255, got 0"},
		{"vertices range", "max_vertices: 2\n", "1:15: max_vertices: want a whole number from 3 to 1024, got 2"},
		{"pieces range", "max_pieces: 65\n", "1:13: max_pieces: want a whole number from 1 to 64, got 65"},
		{"outline range", "max_outline_vertices: 2\n", "1:23: max_outline_vertices: want a whole number from 3 to 65536, got 2"},
		{"gain range", "pieces_gain: 1.5\n", "1:14: pieces_gain: want a number from 0 to 1, got 1.5"},
		{"gain nan", "pieces_gain: .nan\n", "1:14: pieces_gain: want a number from 0 to 1, got NaN"},
		{"pixels", "max_pixels: 0\n", "1:13: max_pixels: want a whole number above 0, got 0"},
		{"slice", "slice: grid\n", "1:8: slice: want auto, none or islands, got grid"},
		{"slice min size", "slice_min_size: 0\n", "1:17: slice_min_size: want a whole number from 1 to 1073741824, got 0"},
		{"slice merge", "slice_merge: -1\n", "1:14: slice_merge: want a whole number from 0 to 1073741824, got -1"},
		{"bad shape", "shapes: [hull, blob]\n", "1:16: shapes[1]: unknown name blob (valid: aabb, circle, box, hull, polygon, pieces, outline)"},
		{"misspelt shape", "shapes: [hull, hul]\n", "1:16: shapes[1]: unknown name hul; did you mean hull? (valid: aabb, circle, box, hull, polygon, pieces, outline)"},
		{"shape twice", "shapes: [hull, box, hull]\n", "1:21: shapes[2]: hull is listed twice"},
		{"bad format", "formats: [json, xml]\n", "1:17: formats[1]: unknown name xml (valid: json, yaml, compact, lua, godot, godot3, tiled, phaser)"},
		{"bad pivot", "pivot: middle\n", "1:8: pivot: unknown name middle (valid: " + pivots + ")"},
		{"misspelt pivot", "pivot: bottom-centre\n", "1:8: pivot: unknown name bottom-centre; did you mean bottom-center? (valid: " + pivots + ")"},
		{"pivot list length", "pivot: [1, 2, 3]\n", "1:8: pivot: want [x, y] fractions, got a list of 3"},
		{"pivot element", "pivot: [1, x]\n", "1:12: pivot[1]: want a number, got x"},
		{"pivot infinite", "pivot: [1, .inf]\n", "1:12: pivot[1]: want a number, got .inf"},
		{"pivot mapping", "pivot: {x: 1}\n", "1:8: pivot: want a name (center, bottom-center, ...) or [x, y] fractions, got key: value pairs"},
		{"override pivot", "overrides:\n  - glob: a/*\n    pivot: left\n", "3:12: overrides[0].pivot: unknown name left; did you mean top-left? (valid: " + pivots + ")"},
		{"override range", "overrides:\n  - glob: a/*\n    alpha_threshold: 300\n", "3:22: overrides[0].alpha_threshold: want a whole number from 1 to 255, got 300"},
		{"override slice", "overrides:\n  - glob: a/*\n    slice: isles\n", "3:12: overrides[0].slice: want auto, none or islands, got isles"},
		{"override no glob", "overrides:\n  - alpha_threshold: 3\n", "2:5: overrides[0].glob: want a glob, got nothing"},
		{"bad glob", "exclude: [\"[\"]\n", `1:11: exclude[0]: "[" is not a valid glob (an unclosed "[", or a "\" at the end)`},
		{"grid cell", "grids:\n  - glob: a.png\n    cell_width: 0\n    cell_height: 4\n", "3:17: grids[0].cell_width: want a whole number from 1 to 1073741824, got 0"},
		{"atlas outside", "atlases:\n  - list: ../x.txt\n    image: a.png\n", "2:11: atlases[0].list: ../x.txt leads outside this folder"},
		{"atlas absolute", "atlases:\n  - list: /x.txt\n    image: a.png\n", "2:11: atlases[0].list: want a path relative to this folder, got /x.txt"},
		{"atlas backslash", "atlases:\n  - list: 'a\\x.txt'\n    image: a.png\n", `2:11: atlases[0].list: a\x.txt: write / between folders, not \`},
		{"atlas no image", "atlases:\n  - list: x.txt\n", "2:5: atlases[0].image: want a path relative to this folder, got nothing"},
		{"atlas image twice", "atlases:\n  - {list: a.txt, image: a.png}\n  - {list: b.txt, image: ./a.png}\n", "3:26: atlases[1].image: a.png is already in atlases[0]"},
		// Syntax: the YAML parser gives the line only, but a tab is found.
		{"syntax", "max_vertices: 3\nmax_pieces: [\n", "2: did not find expected node content"},
		{"tab first line", "\tmax_vertices: 3\n", "1:1: a tab in the indentation; indent with spaces"},
		{"tab in list", "shapes:\n  - hull\n \t- box\n", "3:2: a tab in the indentation; indent with spaces"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := Parse("x/shapegen.yaml", []byte(tt.yml))
			if want := "x/shapegen.yaml:" + tt.want; err == nil || err.Error() != want {
				t.Errorf("Parse(%q) error %v, want %s", tt.yml, err, want)
			}
		})
	}
}

func TestObsoleteKeys(t *testing.T) {
	yml := "alpha_threshold: 100\nsamples: 512\nseed: 7\noverrides:\n  - glob: a/*\n    samples: 4\n    seed: 2\n    max_pieces: 3\n"
	c, err := Parse("shapegen.yaml", []byte(yml))
	if err != nil {
		t.Fatalf("Parse(%q) error %v, want the obsolete keys ignored", yml, err)
	}
	const why = " is obsolete (the false-positive figure is exact now) and is ignored"
	want := []string{
		"shapegen.yaml:2:1: samples" + why,
		"shapegen.yaml:3:1: seed" + why,
		"shapegen.yaml:6:5: overrides[0].samples" + why,
		"shapegen.yaml:7:5: overrides[0].seed" + why,
	}
	if !reflect.DeepEqual(c.Warnings, want) {
		t.Errorf("Parse(%q) warnings\n%q\nwant\n%q", yml, c.Warnings, want)
	}
	if s := c.For("a/b.png"); s.AlphaThreshold != 100 || s.MaxPieces != 3 {
		t.Errorf("For(a/b.png) = alpha %d, max_pieces %d, want 100, 3 (the other keys still read)", s.AlphaThreshold, s.MaxPieces)
	}
	// Obsolete only where they once were valid.
	if _, err := Parse("shapegen.yaml", []byte("grids:\n  - glob: a\n    seed: 1\n")); err == nil {
		t.Errorf("Parse accepted seed in a grids entry")
	}
}

func TestValidateWithoutFile(t *testing.T) {
	// Settings set by flags have no place in a file: the error names the key.
	c := Default()
	c.MaxVertices = 2
	if err := c.Validate(); err == nil || err.Error() != "max_vertices: want a whole number from 3 to 1024, got 2" {
		t.Errorf("Validate() = %v, want the max_vertices error", err)
	}
	if _, err := ParsePivot("middle"); err == nil || !strings.Contains(err.Error(), "bottom-center") {
		t.Errorf("ParsePivot(middle) error %v, want the valid names listed", err)
	}
}

func TestValidValues(t *testing.T) {
	tests := []struct {
		name, yml string
		check     func(Config) bool
	}{
		{"whole float", "max_pixels: 1e6\n", func(c Config) bool { return c.MaxPixels == 1000000 }},
		{"yes", "preview: yes\n", func(c Config) bool { return c.Preview }},
		{"empty list", "include:\n", func(c Config) bool { return c.Include != nil && len(c.Include) == 0 }},
		{"gain 0", "pieces_gain: 0\n", func(c Config) bool { return c.PiecesGain == 0 }},
		{"alias", "shapes: &s [hull]\noverrides:\n  - glob: a\n    pivot: &p [0, 1]\n", func(c Config) bool { return len(c.Shapes) == 1 && *c.Overrides[0].Pivot == Pivot{X: 0, Y: 1} }},
		{"only comments", "# nothing\n", func(c Config) bool { return reflect.DeepEqual(c, Default()) }},
		{"empty", "", func(c Config) bool { return reflect.DeepEqual(c, Default()) }},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c, err := Parse(FileName, []byte(tt.yml))
			if err != nil || !tt.check(c) {
				t.Errorf("Parse(%q) = %+v, %v", tt.yml, c, err)
			}
		})
	}
}

func TestFormats(t *testing.T) {
	for _, f := range []string{"json", "yaml", "compact", "lua", "godot", "godot3", "tiled", "phaser"} {
		if _, err := Parse(FileName, []byte("formats: ["+f+"]\n")); err != nil {
			t.Errorf("formats: [%s]: %v", f, err)
		}
	}
}

func TestDefaultShapesAreAllKinds(t *testing.T) {
	shapes := Default().Shapes
	if len(shapes) != int(collide.NumKinds) {
		t.Fatalf("Default().Shapes = %v, want the %d kinds", shapes, collide.NumKinds)
	}
	for i, s := range shapes {
		if k, ok := collide.ParseKind(s); !ok || int(k) != i {
			t.Errorf("Default().Shapes[%d] = %q, want kind %d in library order", i, s, i)
		}
	}
}

func TestSettingsFor(t *testing.T) {
	yml := `slice: none
slice_min_size: 2
pieces_gain: 0
max_outline_vertices: 32
overrides:
  - glob: "props/**"
    slice: islands
    slice_merge: 3
    pieces_gain: 0.25
    max_outline_vertices: 100
  - glob: "props/big/**"
    slice_min_size: 16
atlases:
  - list: ./tiles/list_v1.4
    image: tiles//sheet_v1.4.png
`
	c, err := Parse(FileName, []byte(yml))
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		rel            string
		slice          Slice
		minSize, merge int
		gain           float64
		outline        int
	}{
		{"a.png", SliceNone, 2, 0, 0, 32},
		{"props/a.png", SliceIslands, 2, 3, 0.25, 100},
		{"props/big/a.png", SliceIslands, 16, 3, 0.25, 100},
	}
	for _, tt := range tests {
		s := c.For(tt.rel)
		if s.Slice != tt.slice || s.SliceMinSize != tt.minSize || s.SliceMerge != tt.merge || s.PiecesGain != tt.gain || s.MaxOutlineVertices != tt.outline {
			t.Errorf("For(%q) = slice %s min %d merge %d gain %v outline %d, want %s %d %d %v %d", tt.rel,
				s.Slice, s.SliceMinSize, s.SliceMerge, s.PiecesGain, s.MaxOutlineVertices,
				tt.slice, tt.minSize, tt.merge, tt.gain, tt.outline)
		}
	}
	if l, ok := c.ListFor("tiles/sheet_v1.4.png"); !ok || l != "tiles/list_v1.4" {
		t.Errorf("ListFor(tiles/sheet_v1.4.png) = %q, %v, want tiles/list_v1.4, true", l, ok)
	}
	if l, ok := c.ListFor("tiles/other.png"); ok {
		t.Errorf("ListFor(tiles/other.png) = %q, true, want none", l)
	}
}

func TestTemplateHasEveryKey(t *testing.T) {
	// Top-level keys are set on a line of their own; the keys of entries
	// are shown in comments.
	for _, k := range keyNames(configType) {
		if !strings.Contains(Template, "\n"+k+":") {
			t.Errorf("Template does not set %s", k)
		}
	}
	for _, s := range sections[1:] {
		for _, k := range keyNames(s.t) {
			if !strings.Contains(Template, k) {
				t.Errorf("Template does not mention %s (%s)", k, s.where)
			}
		}
	}
}

func TestClosest(t *testing.T) {
	keys := keyNames(configType)
	tests := []struct{ in, want string }{
		{"max_vertex", "max_vertices"},
		{"vertices", "max_vertices"},
		{"treshold", "alpha_threshold"},
		{"pivto", "pivot"},
		{"grid", "grids"},
		{"atlas", "atlases"},
		{"slice_min", "slice_min_size"},
		{"min_size", "slice_min_size"},
		{"pieces", "max_pieces"},
		{"blob", ""},
		{"colour", ""},
		{"x", ""},
	}
	for _, tt := range tests {
		if got := closest(tt.in, keys); got != tt.want {
			t.Errorf("closest(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

func TestMatch(t *testing.T) {
	tests := []struct {
		pattern, name string
		want          bool
	}{
		{"*.png", "a.png", true},
		{"*.png", "d/a.png", false},
		{"**/*.png", "a.png", true},
		{"**/*.png", "d/e/a.png", true},
		{"tiles/**", "tiles/a.png", true},
		{"tiles/**", "tiles", true},
		{"tiles/**", "tile/a.png", false},
		{"a/**/b/*.png", "a/x/y/b/c.png", true},
		{"a/**/b/*.png", "a/b/c.png", true},
		{"a/**/b/*.png", "a/b/x/c.png", false},
		{"[", "[", false},
	}
	for _, tt := range tests {
		if got := Match(tt.pattern, tt.name); got != tt.want {
			t.Errorf("Match(%q, %q) = %v, want %v", tt.pattern, tt.name, got, tt.want)
		}
	}
}

func TestIncluded(t *testing.T) {
	c := Default()
	c.Include = []string{"sprites/**"}
	c.Exclude = []string{"**/*_old.png"}
	tests := []struct {
		rel  string
		want bool
	}{
		{"sprites/a.png", true},
		{"sprites/x/a_old.png", false},
		{"other/a.png", false},
	}
	for _, tt := range tests {
		if got := c.Included(tt.rel); got != tt.want {
			t.Errorf("Included(%q) = %v, want %v", tt.rel, got, tt.want)
		}
	}
}

func TestParsePivot(t *testing.T) {
	tests := []struct {
		in   string
		want Pivot
		ok   bool
	}{
		{"center", Pivot{"center", 0.5, 0.5}, true},
		{"bottom-center", Pivot{"bottom-center", 0.5, 1}, true},
		{"0.25, 0.75", Pivot{"", 0.25, 0.75}, true},
		{"middle", Pivot{}, false},
		{"1,x", Pivot{}, false},
	}
	for _, tt := range tests {
		got, err := ParsePivot(tt.in)
		if got != tt.want || (err == nil) != tt.ok {
			t.Errorf("ParsePivot(%q) = %+v, %v, want %+v ok=%v", tt.in, got, err, tt.want, tt.ok)
		}
	}
}

func TestSignature(t *testing.T) {
	c := Default()
	c.Overrides = []Override{{Glob: "tiles/**", AlphaThreshold: new(int)}, {Glob: "**/big_*.png"}}
	c.Grids = []Grid{{Glob: "sheets/*.png", CellWidth: 1, CellHeight: 1}}
	tests := []struct {
		a, b string
		same bool
	}{
		{"a.png", "b/c.png", true},
		{"tiles/a.png", "tiles/x/b.png", true},
		{"tiles/a.png", "a.png", false},
		{"tiles/big_a.png", "tiles/a.png", false},
		{"sheets/a.png", "a.png", false},
		{"sheets/a.png", "sheets/b.png", true},
	}
	for _, tt := range tests {
		sa, sb := c.Signature(tt.a), c.Signature(tt.b)
		if (sa == sb) != tt.same {
			t.Errorf("Signature(%q) = %q, Signature(%q) = %q, want same = %v", tt.a, sa, tt.b, sb, tt.same)
		}
		if tt.same && !reflect.DeepEqual(c.For(tt.a), c.For(tt.b)) {
			t.Errorf("same signature for %q and %q but different settings", tt.a, tt.b)
		}
	}
}
