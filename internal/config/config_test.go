package config

import (
	_ "github.com/shapegen/shapegen/internal/update" // -update for go test ./... -update
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
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
	tests := []struct {
		name, yml, want string
	}{
		{"unknown key", "alpha_threshold: 3\nalpha: 4\n", `line 2: unknown key "alpha"`},
		{"wrong type", "max_vertices: many\n", "line 1"},
		{"threshold range", "alpha_threshold: 0\n", "alpha_threshold: 0"},
		{"vertices", "max_vertices: 2\n", "max_vertices"},
		{"bad shape", "shapes: [hull, blob]\n", `"blob"`},
		{"bad format", "formats: [xml]\n", `"xml"`},
		{"bad pivot", "pivot: middle\n", "line 1: pivot"},
		{"bad pivot list", "pivot: [1, 2, 3]\n", "line 1: pivot"},
		{"override range", "overrides:\n  - glob: a/*\n    alpha_threshold: 300\n", "overrides[0]"},
		{"override unknown key", "overrides:\n  - glob: a/*\n    alpha: 3\n", `line 3: unknown key "alpha"`},
		{"bad glob", "exclude: [\"[\"]\n", "bad glob"},
		{"grid cell", "grids:\n  - glob: a.png\n    cell_width: 0\n    cell_height: 4\n", "grids[0]"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := Parse("x/shapegen.yaml", []byte(tt.yml))
			if err == nil {
				t.Fatalf("Parse(%q) error nil, want one containing %q", tt.yml, tt.want)
			}
			msg := err.Error()
			if !strings.Contains(msg, tt.want) || !strings.HasPrefix(msg, "x/shapegen.yaml: ") || strings.Contains(msg, "\n") {
				t.Errorf("Parse(%q) error %q, want one line naming the file and containing %q", tt.yml, msg, tt.want)
			}
		})
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
