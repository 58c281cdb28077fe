package enginetest

import (
	"bytes"
	"context"
	"io"
	"os"
	"path/filepath"
	"sync"
	"testing"

	"github.com/shapegen/shapegen/collide"
	"github.com/shapegen/shapegen/export"
	"github.com/shapegen/shapegen/internal/config"
	"github.com/shapegen/shapegen/internal/pipeline"
)

const (
	sprites = "../../testdata/sprites"
	golden  = "../../golden/shapes.json"
	corpus  = "../../../shared/corpus/platformer-art"
)

// goldenLib returns golden/shapes.json, the library of testdata/sprites.
func goldenLib(t testing.TB) *export.Library {
	t.Helper()
	f, err := os.Open(golden)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	lib, err := export.Read(f)
	if err != nil {
		t.Fatalf("%s: %v", golden, err)
	}
	return lib
}

var builds sync.Map // dir -> *built

type built struct {
	once sync.Once
	lib  *export.Library
	err  error
}

// buildLib builds dir with every shape kind, pieces included, and masks,
// once per test binary; it skips when dir is absent.
func buildLib(t testing.TB, dir string) *export.Library {
	t.Helper()
	if _, err := os.Stat(dir); err != nil {
		t.Skipf("%s not found: %v", dir, err)
	}
	v, _ := builds.LoadOrStore(dir, &built{})
	b := v.(*built)
	b.once.Do(func() {
		cfg, err := config.Load(dir)
		if err != nil {
			b.err = err
			return
		}
		cfg.Shapes = nil
		for k := range collide.Kinds() {
			cfg.Shapes = append(cfg.Shapes, k.String())
		}
		cfg.Masks = true
		out, err := os.MkdirTemp("", "shapegen-enginetest-")
		if err != nil {
			b.err = err
			return
		}
		defer os.RemoveAll(out)
		if _, err := pipeline.Build(context.Background(), pipeline.Options{Dir: dir, Out: out, Config: cfg, NoCache: true}); err != nil {
			b.err = err
			return
		}
		b.lib, b.err = export.Load(filepath.Join(out, "shapes.json"))
	})
	if b.err != nil {
		t.Fatalf("building %s: %v", dir, b.err)
	}
	return b.lib
}

// write writes lib in format f and returns its files by name and its
// omissions.
func write(t testing.TB, f string, lib *export.Library, assetDir string) (map[string][]byte, []export.Omission) {
	t.Helper()
	s, err := export.StreamOf(lib)
	if err != nil {
		t.Fatal(err)
	}
	files := map[string][]byte{}
	put := func(name string, fn func(io.Writer) error) error {
		var b bytes.Buffer
		if err := fn(&b); err != nil {
			return err
		}
		files[name] = b.Bytes()
		return nil
	}
	for _, e := range export.EngineFormats {
		if e.Name == f {
			om, err := e.Write(put, s, export.EngineOptions{AssetDir: assetDir})
			if err != nil {
				t.Fatalf("writing %s: %v", f, err)
			}
			return files, om
		}
	}
	t.Fatalf("no engine format %q", f)
	return nil, nil
}

// writeDir writes files into dir.
func writeDir(t testing.TB, dir string, files map[string][]byte) {
	t.Helper()
	for name, data := range files {
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
}
