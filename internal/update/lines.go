package update

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// Lines holds got, a golden file of one line per item in a fixed order,
// to the file at path: it rewrites the file when Enabled, and otherwise
// fails t with the first lines that differ (at most ten) and their count.
func Lines(t testing.TB, path string, got []byte) {
	t.Helper()
	if Enabled() {
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (make it with -update)", err)
	}
	if bytes.Equal(got, want) {
		return
	}
	gotLines, wantLines := strings.Split(string(got), "\n"), strings.Split(string(want), "\n")
	if len(gotLines) != len(wantLines) {
		t.Errorf("%d lines, %d in %s (items added or gone? refresh with -update)", len(gotLines)-1, len(wantLines)-1, path)
	}
	bad := 0
	for i := range min(len(gotLines), len(wantLines)) {
		if gotLines[i] != wantLines[i] {
			if bad++; bad <= 10 {
				t.Errorf("got %q, golden %q", gotLines[i], wantLines[i])
			}
		}
	}
	if bad > 0 {
		t.Errorf("%d lines of %s differ", bad, path)
	}
}
