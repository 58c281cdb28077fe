package pipeline

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"

	"github.com/shapegen/shapegen/internal/config"
	"github.com/shapegen/shapegen/internal/update"
)

// exampleLibrary is the library export's Example loads: what a build with
// masks writes for a 16x32 hero (pivot at its feet) and a 12x12 coin.
const exampleLibrary = "../../export/testdata/game.json"

// TestExampleLibrary keeps export/testdata/game.json what the build
// writes for the art below, so that the runnable example in the export
// package and the README's game code run on a real build's output
// (go test ./internal/pipeline -run ExampleLibrary -update rewrites it).
func TestExampleLibrary(t *testing.T) {
	dir, out := t.TempDir(), t.TempDir()
	writePNG(t, dir, "coin.png", picture(
		"............",
		"...######...",
		"..########..",
		".##########.",
		".##########.",
		".##########.",
		".##########.",
		".##########.",
		".##########.",
		"..########..",
		"...######...",
		"............",
	))
	hero := []string{}
	for range 6 {
		hero = append(hero, ".....######.....")
	}
	for range 14 {
		hero = append(hero, "..############..")
	}
	for range 12 {
		hero = append(hero, "...####..####...")
	}
	writePNG(t, dir, "hero.png", picture(hero...))
	cfg := config.Default()
	cfg.Masks = true
	feet, err := config.ParsePivot("bottom-center")
	if err != nil {
		t.Fatal(err)
	}
	cfg.Overrides = []config.Override{{Glob: "hero.png", Pivot: &feet}}
	if res, _ := build(t, dir, out, cfg, 1); len(res.Failures) > 0 {
		t.Fatalf("build failed: %v", res.Failures)
	}
	got, err := os.ReadFile(filepath.Join(out, "shapes.json"))
	if err != nil {
		t.Fatal(err)
	}
	if update.Enabled() {
		if err := os.WriteFile(exampleLibrary, got, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(exampleLibrary)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("the build of the example art differs from %s (go test ./internal/pipeline -run ExampleLibrary -update, then go test ./export -run Example)", exampleLibrary)
	}
}
