package scene

import (
	"bytes"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/shapegen/shapegen/export"
)

// -update rewrites the golden verdicts; review them with git diff.
var update = flag.Bool("update", false, "rewrite testdata/verdicts.txt")

// golden holds the lines the game prints for one Period; scripts/ci-ebiten.sh
// compares the game's output under Ebitengine with the same file.
const golden = "../testdata/verdicts.txt"

// TestVerdicts steps the scene headless, with collide only, over one
// Period and compares its lines with the golden file.
func TestVerdicts(t *testing.T) {
	lib := buildLibrary(t)
	s, err := New(lib)
	if err != nil {
		t.Fatal(err)
	}
	var got bytes.Buffer
	for f := range Period {
		fmt.Fprintln(&got, Line(f, s.Step(f)))
	}
	fmt.Fprintln(&got, s.Summary())
	if *update {
		if err := os.WriteFile(golden, got.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(golden)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got.Bytes(), want) {
		t.Errorf("verdicts differ from %s (go test ./scene -update rewrites it):\n%s", golden, firstDiff(got.Bytes(), want))
	}
}

// TestVerdictsSeeBothWays checks that the script shows what the example
// is for: frames where the polygons overlap and the pixels do not, frames
// where both do, and frames where neither does, for the cup and the arrow;
// and that Hits never finds pixels where Collide finds no polygons.
func TestVerdictsSeeBothWays(t *testing.T) {
	s, err := New(buildLibrary(t))
	if err != nil {
		t.Fatal(err)
	}
	seen := map[[2]bool]int{}
	for f := range Period {
		vs := s.Step(f)
		for _, v := range vs {
			if v.Pixels && !v.Polygon {
				t.Fatalf("frame %d: %s~%s: Hits found pixels, Collide no polygons", f, v.A.Name, v.B.Name)
			}
		}
		seen[[2]bool{vs[0].Polygon, vs[0].Pixels}]++ // cup~arrow
	}
	for _, k := range [][2]bool{{false, false}, {true, false}, {true, true}} {
		if seen[k] == 0 {
			t.Errorf("no frame with cup~arrow polygon=%t pixels=%t", k[0], k[1])
		}
	}
}

// buildLibrary builds shapegen's test art with masks, as the README says,
// and loads it.
func buildLibrary(t *testing.T) *export.Library {
	t.Helper()
	out := t.TempDir()
	cmd := exec.Command("go", "run", "./cmd/shapegen", "build", "testdata/sprites", "-o", out, "--masks")
	cmd.Dir = filepath.Join("..", "..", "..")
	if msg, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("shapegen build: %v\n%s", err, msg)
	}
	lib, err := export.Load(filepath.Join(out, "shapes.json"))
	if err != nil {
		t.Fatal(err)
	}
	return lib
}

// firstDiff returns the first line where got and want differ.
func firstDiff(got, want []byte) string {
	g, w := bytes.Split(got, []byte("\n")), bytes.Split(want, []byte("\n"))
	for i := range max(len(g), len(w)) {
		var gl, wl []byte
		if i < len(g) {
			gl = g[i]
		}
		if i < len(w) {
			wl = w[i]
		}
		if !bytes.Equal(gl, wl) {
			return fmt.Sprintf("line %d:\n got  %s\n want %s", i+1, gl, wl)
		}
	}
	return ""
}
