package atomicfile

import (
	"errors"
	"io"
	"os"
	"path/filepath"
	"testing"

	_ "github.com/shapegen/shapegen/internal/update"
)

func TestWriteReplaces(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "shapes.json")
	if err := WriteBytes(p, []byte("old")); err != nil {
		t.Fatal(err)
	}
	if err := WriteBytes(p, []byte("new")); err != nil {
		t.Fatal(err)
	}
	got, err := os.ReadFile(p)
	if err != nil || string(got) != "new" {
		t.Fatalf("ReadFile = %q, %v, want \"new\"", got, err)
	}
	assertOnlyFile(t, dir, "shapes.json")
}

func TestWriteFailureKeepsOld(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "shapes.json")
	if err := WriteBytes(p, []byte("old")); err != nil {
		t.Fatal(err)
	}
	boom := errors.New("boom")
	err := Write(p, func(w io.Writer) error {
		io.WriteString(w, "half")
		return boom
	})
	if !errors.Is(err, boom) {
		t.Fatalf("Write error = %v, want it to wrap %v", err, boom)
	}
	got, _ := os.ReadFile(p)
	if string(got) != "old" {
		t.Fatalf("after a failed write the file holds %q, want \"old\"", got)
	}
	assertOnlyFile(t, dir, "shapes.json")
}

func TestWriteMissingDir(t *testing.T) {
	p := filepath.Join(t.TempDir(), "no", "such", "dir", "f")
	if err := WriteBytes(p, nil); err == nil {
		t.Fatalf("WriteBytes(%s) succeeded, want an error", p)
	}
}

func assertOnlyFile(t *testing.T, dir, name string) {
	t.Helper()
	ents, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	if len(ents) != 1 || ents[0].Name() != name {
		var names []string
		for _, e := range ents {
			names = append(names, e.Name())
		}
		t.Fatalf("folder holds %v, want only %s (no temporary file left)", names, name)
	}
}

// TestWriteUnsynced checks that the unsynced variant replaces a file and
// keeps the old one on failure, as Write does.
func TestWriteUnsynced(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "preview.png")
	for _, content := range []string{"old", "new"} {
		if err := WriteUnsynced(p, func(w io.Writer) error {
			_, err := io.WriteString(w, content)
			return err
		}); err != nil {
			t.Fatal(err)
		}
	}
	boom := errors.New("boom")
	if err := WriteUnsynced(p, func(w io.Writer) error {
		io.WriteString(w, "half")
		return boom
	}); !errors.Is(err, boom) {
		t.Fatalf("WriteUnsynced error = %v, want it to wrap %v", err, boom)
	}
	if got, err := os.ReadFile(p); err != nil || string(got) != "new" {
		t.Fatalf("ReadFile = %q, %v, want \"new\"", got, err)
	}
	if fi, err := os.Stat(p); err != nil || fi.Mode().Perm() != 0o644 {
		t.Fatalf("Stat = %v, %v, want mode 0644", fi, err)
	}
	assertOnlyFile(t, dir, "preview.png")
}
