package pipeline

import (
	"os"
	"path/filepath"
	"slices"
	"testing"
)

// TestReportFiles writes a report file through reportFiles and prunes the
// data files of a larger, older report.
func TestReportFiles(t *testing.T) {
	out := t.TempDir()
	f, err := reportFiles(out)("report/cards-0001.js")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := f.Write([]byte("shapegenCards(0,[]);\n")); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join(out, "report", "cards-0001.js")); err == nil {
		t.Error("report file visible before Close")
	}
	if err := f.Close(); err != nil {
		t.Fatal(err)
	}
	if b, err := os.ReadFile(filepath.Join(out, "report", "cards-0001.js")); err != nil || string(b) != "shapegenCards(0,[]);\n" {
		t.Fatalf("report file holds %q, %v", b, err)
	}

	for _, name := range []string{"cards-0002.js", "cards-0003.js", "index-0001.js", "index-0002.js", "notes.txt", ".cards-0004.js.tmp-123"} {
		if err := os.WriteFile(filepath.Join(out, "report", name), []byte("x"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if err := pruneReport(out, 150); err != nil { // two card files, one index file
		t.Fatal(err)
	}
	entries, err := os.ReadDir(filepath.Join(out, "report"))
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, e := range entries {
		got = append(got, e.Name())
	}
	if want := []string{"cards-0001.js", "cards-0002.js", "index-0001.js", "notes.txt"}; !slices.Equal(got, want) {
		t.Errorf("after pruning for 150 sprites the report folder holds %q, want %q", got, want)
	}
	if err := pruneReport(t.TempDir(), 0); err != nil {
		t.Errorf("pruning a folder with no report: %v", err)
	}
}
