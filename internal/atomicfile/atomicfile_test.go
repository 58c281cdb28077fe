package atomicfile

import (
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
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
	Settle()
	assertOnlyFile(t, dir, "preview.png")
}

// TestUnsyncedReplace checks what an unsynced replace (swapIn) keeps of
// rename's behaviour: the old file stays readable through a descriptor
// opened before, nothing but the target is left in the folder (once
// Settle returns), a folder or a missing folder at the target is an
// error that leaves it as it was, and a symbolic link there is replaced,
// not written through.
func TestUnsyncedReplace(t *testing.T) {
	write := func(s string) func(io.Writer) error {
		return func(w io.Writer) error { _, err := io.WriteString(w, s); return err }
	}
	dir := t.TempDir()
	p := filepath.Join(dir, "shapes.json")
	if err := WriteUnsynced(p, write("old")); err != nil {
		t.Fatal(err)
	}
	held, err := os.Open(p)
	if err != nil {
		t.Fatal(err)
	}
	defer held.Close()
	f, err := Create(p)
	if err != nil {
		t.Fatal(err)
	}
	io.WriteString(f, "new")
	if err := f.Commit(false); err != nil {
		t.Fatal(err)
	}
	if got, err := os.ReadFile(p); err != nil || string(got) != "new" {
		t.Fatalf("ReadFile = %q, %v, want \"new\"", got, err)
	}
	if got, err := io.ReadAll(held); err != nil || string(got) != "old" {
		t.Fatalf("the descriptor opened before reads %q, %v, want \"old\"", got, err)
	}
	Settle()
	assertOnlyFile(t, dir, "shapes.json")

	sub := t.TempDir()
	d := filepath.Join(sub, "report")
	if err := os.MkdirAll(filepath.Join(d, "kept"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := WriteUnsynced(d, write("x")); err == nil {
		t.Fatalf("WriteUnsynced over a folder succeeded")
	}
	if fi, err := os.Stat(filepath.Join(d, "kept")); err != nil || !fi.IsDir() {
		t.Fatalf("the folder's content after a refused replace: %v, %v", fi, err)
	}
	assertOnlyFile(t, sub, "report")

	lnk := t.TempDir()
	target := filepath.Join(lnk, "target")
	if err := os.WriteFile(target, []byte("target"), 0o644); err != nil {
		t.Fatal(err)
	}
	l := filepath.Join(lnk, "link")
	if err := os.Symlink(target, l); err != nil {
		t.Skipf("no symbolic links here: %v", err)
	}
	if err := WriteUnsynced(l, write("new")); err != nil {
		t.Fatal(err)
	}
	if got, _ := os.ReadFile(target); string(got) != "target" {
		t.Fatalf("the link's target holds %q: written through the link", got)
	}
	if fi, err := os.Lstat(l); err != nil || !fi.Mode().IsRegular() {
		t.Fatalf("Lstat(link) = %v, %v, want a regular file", fi, err)
	}
}

// TestSettle replaces files, large and small, whose old content swapIn
// has removed in the background, and checks that after Settle nothing
// but the new files is left.
func TestSettle(t *testing.T) {
	dir := t.TempDir()
	var names []string
	for i, size := range []int{3 << 20, 10, 0, 100 << 10} {
		name := fmt.Sprintf("f%d", i)
		names = append(names, name)
		p := filepath.Join(dir, name)
		data := make([]byte, size)
		for _, b := range []byte{'a', 'b', 'c'} {
			if size > 0 {
				data[0] = b
			}
			if err := WriteUnsynced(p, func(w io.Writer) error { _, err := w.Write(data); return err }); err != nil {
				t.Fatal(err)
			}
		}
		if got, err := os.ReadFile(p); err != nil || len(got) != size || size > 0 && got[0] != 'c' {
			t.Fatalf("%s: ReadFile = %d bytes, %v", name, len(got), err)
		}
	}
	Settle()
	ents, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, e := range ents {
		got = append(got, e.Name())
	}
	if !slices.Equal(got, names) {
		t.Fatalf("folder holds %v, want %v (no temporary file left)", got, names)
	}
}
