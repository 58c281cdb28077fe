package pipeline

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/shapegen/shapegen/export"
)

// TestEngineFragments rebuilds the project's sprites, and a few of its own
// whose Godot node names clash, after changes: an image whose sprite gets
// more pieces (the Godot sub-resources of every later sprite are numbered
// otherwise), one removed, one added, one renamed so that its node name
// clashes with another's, an engine file edited, its record damaged,
// formats turned off and on, the assets moved, settings changed. Every
// engine format's files and what each left out must equal, byte for
// byte, what a build without cache writes; the unchanged sprites' bytes
// must have been handed to the writers, except from the file edited or
// whose record is damaged, the files of the formats turned off, and all
// after the settings changed.
func TestEngineFragments(t *testing.T) {
	dir, cfg := spritesCopy(t)
	out := t.TempDir()
	cfg.Formats = []string{"json", "lua", "godot", "godot3", "tiled", "phaser"}
	one := []string{"shapes.lua", "shapes.tscn", "shapes.godot3.tscn", "shapes.phaser.json", export.TiledSprites}
	ell := []string{
		"########",
		"########",
		"##......",
		"##......",
		"##......",
	}
	writePNG(t, dir, "eng/a/b.png", picture(ell...))
	writePNG(t, dir, "eng/a_b.png", picture("###.", "####", ".###"))
	writePNG(t, dir, "eng/zz.png", picture("#..#", "####", "#..#"))
	rebuild := func() map[string]int {
		t.Helper()
		var mu sync.Mutex
		copied := map[string]int{}
		opts := Options{Dir: dir, Out: out, Config: cfg, copied: func(f string) {
			mu.Lock()
			copied[f]++
			mu.Unlock()
		}}
		res, err := Build(context.Background(), opts)
		if err != nil {
			t.Fatal(err)
		}
		fresh := t.TempDir()
		want, err := Build(context.Background(), Options{Dir: dir, Out: fresh, Config: cfg, NoCache: true})
		if err != nil {
			t.Fatal(err)
		}
		if !res.Wrote {
			t.Fatalf("the rebuild wrote nothing")
		}
		var files []string
		for _, e := range export.EngineFormats {
			if slices.Contains(cfg.Formats, e.Name) && e.Name != "tiled" {
				files = append(files, e.File)
			}
		}
		tiled, _ := filepath.Glob(filepath.Join(fresh, export.TiledDir, "*.tsx"))
		for _, p := range tiled {
			files = append(files, filepath.Join(export.TiledDir, filepath.Base(p)))
		}
		for _, f := range files {
			got, _ := os.ReadFile(filepath.Join(out, f))
			want, _ := os.ReadFile(filepath.Join(fresh, f))
			if !bytes.Equal(got, want) || len(want) == 0 {
				t.Errorf("%s differs from a build without cache", f)
			}
		}
		if g, w := engineNotes(res.Notes), engineNotes(want.Notes); !slices.Equal(g, w) || len(w) == 0 {
			t.Errorf("what the engine formats left out: %q, without cache %q", g, w)
		}
		return copied
	}
	if c := rebuild(); len(c) != 0 {
		t.Fatalf("cold build copied %v", c)
	}
	steps := []struct {
		name   string
		change func()
		none   []string // the files whose writers are handed no sprite's bytes; the others are
		// scene says what shapes.tscn must show of the change: its number
		// of sub-resources changed, or a node name.
		scene string
	}{
		{"more pieces", func() {
			writePNG(t, dir, "eng/a/b.png", picture(append(ell, "#######.", "########")...))
		}, nil, "more sub-resources"},
		{"removed, added", func() {
			os.Remove(filepath.Join(dir, "convex", "circle_soft.png"))
			writePNG(t, dir, "eng/a/a.png", picture(ell...))
		}, nil, ""},
		{"renamed to a clashing node name", func() {
			os.Rename(filepath.Join(dir, "eng", "zz.png"), filepath.Join(dir, "eng", "a.b.png"))
		}, nil, `[node name="eng_a_b_3"`},
		{"shapes.tscn edited", func() {
			f := filepath.Join(out, "shapes.tscn")
			b, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			os.WriteFile(f, bytes.Replace(b, []byte("radius = "), []byte("radius = 1"), 1), 0o644)
		}, []string{"shapes.tscn"}, ""},
		{"the record of shapes.lua damaged", func() {
			f := engineFragsPath(filepath.Join(out, CacheDir), "shapes.lua")
			b, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			os.WriteFile(f, b[:len(b)-1], 0o644)
			markRing(t, dir) // else nothing is written
		}, []string{"shapes.lua"}, ""},
		{"tiled and phaser turned off and on", func() {
			cfg.Formats = []string{"json", "lua", "godot", "godot3"}
			rebuild()
			cfg.Formats = []string{"json", "lua", "godot", "godot3", "tiled", "phaser"}
		}, []string{export.TiledSprites, "shapes.phaser.json"}, ""},
		{"assets moved", func() {
			moved := t.TempDir()
			copyTree(t, dir, moved)
			dir = moved // the tiles name their images there
			// Else nothing is written (as main: the tiles keep the old folder).
			writePNG(t, dir, "eng/moved.png", picture("##", "##"))
		}, nil, ""}, // Tiled is handed its tiles, and must see that their images moved
		{"max_vertices changed", func() { cfg.MaxVertices = 6 }, one, ""},
	}
	subResources := func() int {
		b, _ := os.ReadFile(filepath.Join(out, "shapes.tscn"))
		return bytes.Count(b, []byte("[sub_resource "))
	}
	for _, st := range steps {
		before := subResources()
		st.change()
		copied := rebuild()
		t.Logf("%s: copied %v", st.name, copied)
		scene, _ := os.ReadFile(filepath.Join(out, "shapes.tscn"))
		if st.scene == "more sub-resources" && subResources() <= before || strings.HasPrefix(st.scene, "[") && !bytes.Contains(scene, []byte(st.scene)) {
			t.Errorf("%s: shapes.tscn does not show the change (%s)", st.name, st.scene)
		}
		for _, f := range one {
			if none := slices.Contains(st.none, f); (copied[f] == 0) != none {
				t.Errorf("%s: %d sprites of %s copied from the file as last written", st.name, copied[f], f)
			}
		}
	}
}

// engineNotes returns the notes of the engine formats (what they left
// out).
func engineNotes(notes []string) []string {
	var n []string
	for _, s := range notes {
		for _, e := range export.EngineFormats {
			if strings.HasPrefix(s, e.Name+": ") {
				n = append(n, s)
			}
		}
	}
	return n
}
