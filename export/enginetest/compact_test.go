package enginetest

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/shapegen/shapegen/export"
)

// TestNodeCompact reads shapes.json and shapes.compact of one library with
// shapegen.js in node, for the golden library and the builds (with masks)
// of testdata/sprites and the corpus: both must give the same sprites,
// key for key and number for number (js/test/compact.js). A compact
// library cut short must be refused.
func TestNodeCompact(t *testing.T) {
	node := needNode(t)
	script, err := filepath.Abs(filepath.Join(jsDir, "test", "compact.js"))
	if err != nil {
		t.Fatal(err)
	}
	all := map[string]*export.Library{"golden": goldenLib(t), "sprites": buildLib(t, sprites)}
	if _, err := os.Stat(corpus); err == nil {
		all["corpus"] = buildLib(t, corpus)
	}
	run := func(args ...string) (string, error) {
		ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
		defer cancel()
		out, err := exec.CommandContext(ctx, node, args...).CombinedOutput()
		return strings.TrimSpace(string(out)), err
	}
	for _, name := range sortedKeys(all) {
		lib := all[name]
		dir := t.TempDir()
		files := map[string]func(*os.File, *export.Library) error{
			"shapes.json":    func(f *os.File, l *export.Library) error { return export.WriteJSON(f, l) },
			"shapes.compact": func(f *os.File, l *export.Library) error { return export.WriteCompact(f, l) },
		}
		for file, write := range files {
			f, err := os.Create(filepath.Join(dir, file))
			if err != nil {
				t.Fatal(err)
			}
			if err := write(f, lib); err != nil {
				t.Fatal(err)
			}
			f.Close()
		}
		masks := 0
		for _, s := range lib.Sprites {
			if s.Mask != nil {
				masks++
			}
		}
		out, err := run(script, filepath.Join(dir, "shapes.json"), filepath.Join(dir, "shapes.compact"))
		if want := "same " + strconv.Itoa(len(lib.Sprites)) + " sprites"; err != nil || out != want {
			t.Errorf("%s: node compact.js: %v, %q; want %q", name, err, out, want)
		}
		t.Logf("%s: %d sprites, %d with masks, read alike from shapes.json and shapes.compact", name, len(lib.Sprites), masks)
		b, err := os.ReadFile(filepath.Join(dir, "shapes.compact"))
		if err != nil {
			t.Fatal(err)
		}
		cut := filepath.Join(dir, "cut.compact")
		if err := os.WriteFile(cut, b[:len(b)/2], 0o644); err != nil {
			t.Fatal(err)
		}
		reader, _ := filepath.Abs(filepath.Join(jsDir, "shapegen.js"))
		out, err = run("-e", `require(process.argv[1]).read(require("fs").readFileSync(process.argv[2]))`, reader, cut)
		if err == nil || !strings.Contains(out, "bad compact library") {
			t.Errorf("%s: shapegen.js read half a compact library: %v, %q", name, err, out)
		}
	}
}
