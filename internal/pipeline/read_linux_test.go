package pipeline

import (
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

// TestReadCappedAllocs checks that reading an image allocates only its
// path (joined, then as the system call takes it): the file is a bare
// descriptor, not an os.File with its finalizer, and no LimitedReader
// stands between it and the buffer.
func TestReadCappedAllocs(t *testing.T) {
	if raceDetector {
		t.Skip("allocation counts mean nothing under the race detector")
	}
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "a.png"), make([]byte, 5000), 0o644); err != nil {
		t.Fatal(err)
	}
	buf := make([]byte, 0, 8192)
	n := testing.AllocsPerRun(100, func() {
		b, err := readCapped(dir, "a.png", buf, 1<<20, true)
		if err != nil || len(b) != 5000 {
			t.Fatalf("readCapped = %d bytes, %v; want 5000", len(b), err)
		}
	})
	if n > 2 {
		t.Errorf("readCapped allocates %v times, want at most 2", n)
	}
}

// TestReadCappedNotRegular checks what readCapped says of a file that the
// walk saw regular but is not by the time it is opened: the kind named
// from the open descriptor's stat, as os.Stat would name it.
func TestReadCappedNotRegular(t *testing.T) {
	dir := t.TempDir()
	if err := syscall.Mkfifo(filepath.Join(dir, "fifo.png"), 0o644); err != nil {
		t.Skip(err)
	}
	if err := os.Mkdir(filepath.Join(dir, "dir.png"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink("/dev/null", filepath.Join(dir, "null.png")); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct{ rel, want string }{
		{"fifo.png", "fifo.png: not a regular file (a named pipe)"},
		{"dir.png", "dir.png: not a regular file (a folder)"},
		{"null.png", "null.png: not a regular file (a character device)"},
		{"none.png", "none.png: no such file or directory"},
	} {
		_, err := readCapped(dir, tc.rel, nil, 1<<20, true)
		if err == nil || !strings.HasPrefix(err.Error(), tc.want) {
			t.Errorf("readCapped(%s) = %v, want %q", tc.rel, err, tc.want)
		}
	}
}

// TestReadCappedHeldBuffer reads into a buffer that still holds more
// bytes than the limit: the file replaces them.
func TestReadCappedHeldBuffer(t *testing.T) {
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "a.png"), []byte("png"), 0o644); err != nil {
		t.Fatal(err)
	}
	b, err := readCapped(dir, "a.png", make([]byte, 100, 200), 10, true)
	if err != nil || string(b) != "png" {
		t.Errorf("readCapped = %q, %v; want the file's 3 bytes", b, err)
	}
}
