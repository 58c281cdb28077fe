package pipeline

import (
	"os"
	"path/filepath"
	"testing"
)

// TestCreateOutput writes an output file through createOutput: nothing is
// visible before Close, the whole file after; a name that would leave the
// output folder is refused.
func TestCreateOutput(t *testing.T) {
	out := t.TempDir()
	f, err := createOutput(out, "report/cards-0001.js")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := f.Write([]byte("shapegenCards(0,[]);\n")); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join(out, "report", "cards-0001.js")); err == nil {
		t.Error("output file visible before Close")
	}
	if err := f.Close(); err != nil {
		t.Fatal(err)
	}
	if b, err := os.ReadFile(filepath.Join(out, "report", "cards-0001.js")); err != nil || string(b) != "shapegenCards(0,[]);\n" {
		t.Fatalf("output file holds %q, %v", b, err)
	}
	for _, bad := range []string{"../x.js", "/abs/x.js", CacheDir + "/index", ""} {
		if f, err := createOutput(out, bad); err == nil {
			f.Close()
			t.Errorf("createOutput(%q) accepted", bad)
		}
	}
}
