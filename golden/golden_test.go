// Package golden holds the expected outputs of shapegen for the project's
// own sprites (testdata/sprites). The test rebuilds them and compares;
// refresh with
//
//	go test ./golden -update
//
// (or `go test ./... -update`) and review `git diff golden/` before
// committing.
package golden

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/shapegen/shapegen/internal/config"
	"github.com/shapegen/shapegen/internal/pipeline"
	"github.com/shapegen/shapegen/internal/update"
)

const sprites = "../testdata/sprites"

// TestLibrary builds testdata/sprites as `shapegen build testdata/sprites`
// does and compares shapes.json (and shapes.yaml) with the golden files.
func TestLibrary(t *testing.T) {
	cfg, err := config.Load(sprites)
	if err != nil {
		t.Fatal(err)
	}
	cfg.Formats = []string{"json", "yaml"}
	out := t.TempDir()
	res, err := pipeline.Build(context.Background(), pipeline.Options{Dir: sprites, Out: out, Config: cfg, NoCache: true})
	if err != nil {
		t.Fatal(err)
	}
	if res.Failed() {
		t.Errorf("build failures: %v", res.Failures)
	}
	for _, f := range []string{"shapes.json", "shapes.yaml"} {
		t.Run(f, func(t *testing.T) {
			got, err := os.ReadFile(filepath.Join(out, f))
			if err != nil {
				t.Fatal(err)
			}
			if update.Enabled() {
				if err := os.WriteFile(f, got, 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			want, err := os.ReadFile(f)
			if err != nil {
				t.Fatalf("%v (run go test ./golden -update)", err)
			}
			if !bytes.Equal(got, want) {
				t.Errorf("%s differs from golden/%s at line %d (run go test ./golden -update and review the diff)", f, f, firstDiff(got, want))
			}
		})
	}
}

// firstDiff returns the first line number where a and b differ.
func firstDiff(a, b []byte) int {
	la, lb := strings.Split(string(a), "\n"), strings.Split(string(b), "\n")
	for i := range min(len(la), len(lb)) {
		if la[i] != lb[i] {
			return i + 1
		}
	}
	return min(len(la), len(lb)) + 1
}
