package pipeline

import (
	"encoding/binary"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"golang.org/x/sys/unix"
)

// TestListLikeReadDir holds openFolder.list to what os.ReadDir finds in
// a folder of files, folders, links and hidden names, long enough that
// it takes several getdents calls.
func TestListLikeReadDir(t *testing.T) {
	dir := t.TempDir()
	for i := range 700 {
		name := fmt.Sprintf("sprite-%04d-%s.png", i, strings.Repeat("x", i%40))
		if err := os.WriteFile(filepath.Join(dir, name), nil, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for _, d := range []string{"sub", ".hidden", "ünïcode folder"} {
		if err := os.Mkdir(filepath.Join(dir, d), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.Symlink("sub", filepath.Join(dir, "link-to-sub")); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink("nowhere", filepath.Join(dir, "dangling")); err != nil {
		t.Fatal(err)
	}
	want, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	d, err := openDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer d.close()
	got, err := d.list("in/")
	if err != nil {
		t.Fatal(err)
	}
	var dirs, files []string
	for _, e := range want {
		if e.IsDir() {
			dirs = append(dirs, "in/"+e.Name())
		} else {
			files = append(files, "in/"+e.Name())
		}
	}
	got.sort()
	if got.prefix != "in/" || !slices.Equal(got.dirs, dirs) || !slices.Equal(got.files, files) {
		t.Errorf("list: %q folders %q, others %q; os.ReadDir: folders %q, others %q", got.prefix, got.dirs, got.files, dirs, files)
	}
	if !got.has("sub") || !got.has("dangling") || got.has("in/sub") || got.has("nothing") {
		t.Error("has does not find entries by name")
	}
	if _, err := openDir(filepath.Join(dir, "dangling")); err == nil || !strings.Contains(err.Error(), "open "+dir) {
		t.Errorf("openDir of a dangling link: %v, want an error naming the path", err)
	}
}

// TestAddDirents reads records as getdents writes them: padded names,
// deleted entries, . and .., and a type the file system does not give,
// which is asked for; and rejects records that do not fit.
func TestAddDirents(t *testing.T) {
	rec := func(ino uint64, typ byte, name string) []byte {
		size := (19 + len(name) + 1 + 7) &^ 7
		b := make([]byte, size)
		binary.NativeEndian.PutUint64(b, ino)
		binary.NativeEndian.PutUint16(b[16:], uint16(size))
		b[18] = typ
		copy(b[19:], name)
		return b
	}
	buf := slices.Concat(
		rec(2, unix.DT_DIR, "."),
		rec(1, unix.DT_DIR, ".."),
		rec(5, unix.DT_REG, "a.png"),
		rec(0, unix.DT_REG, "deleted.png"),
		rec(6, unix.DT_DIR, "folder"),
		rec(7, unix.DT_UNKNOWN, "unknown-folder"),
		rec(8, unix.DT_UNKNOWN, "unknown-file"),
		rec(9, unix.DT_LNK, "link"),
		rec(10, unix.DT_REG, "a-name-twenty-eight-long.png"),
	)
	var asked []string
	isDir := func(name string) bool {
		asked = append(asked, name)
		return name == "unknown-folder"
	}
	var paths arena
	ls := listing{prefix: "x/"}
	ok := ls.addDirents(buf, &paths, isDir)
	dirs := []string{"x/folder", "x/unknown-folder"}
	files := []string{"x/a.png", "x/unknown-file", "x/link", "x/a-name-twenty-eight-long.png"}
	if !ok || !slices.Equal(ls.dirs, dirs) || !slices.Equal(ls.files, files) {
		t.Errorf("addDirents: folders %q, others %q, %v; want %q, %q, true", ls.dirs, ls.files, ok, dirs, files)
	}
	if !slices.Equal(asked, []string{"unknown-folder", "unknown-file"}) {
		t.Errorf("asked about %q, want the two of unknown type", asked)
	}
	short := rec(5, unix.DT_REG, "a.png")
	binary.NativeEndian.PutUint16(short[16:], uint16(len(short)+8))
	for _, bad := range [][]byte{short, rec(5, unix.DT_REG, "a.png")[:18], make([]byte, 24)} {
		if (&listing{}).addDirents(bad, &paths, isDir) {
			t.Errorf("addDirents took a malformed record %v", bad)
		}
	}
}
