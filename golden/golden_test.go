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
	"context"
	"os"
	"path/filepath"
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
			update.Lines(t, f, got)
		})
	}
}
