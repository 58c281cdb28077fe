package atomicfile

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"testing"
)

// BenchmarkNewFile writes 2 kB files that do not exist yet, as a cold
// build with previews writes thousands, and files that do, as a re-run
// does. What it measures is mostly the file system of the benchmark's
// temporary folder (set TMPDIR to measure another one):
//
//	go test ./internal/atomicfile -run NONE -bench NewFile
//	TMPDIR=/dev/shm go test ./internal/atomicfile -run NONE -bench NewFile
func BenchmarkNewFile(b *testing.B) {
	data := make([]byte, 2048)
	write := func(w io.Writer) error {
		_, err := w.Write(data)
		return err
	}
	for _, bc := range []struct {
		name string
		fn   func(string, func(io.Writer) error) error
	}{{"synced", Write}, {"unsynced", WriteUnsynced}} {
		b.Run(bc.name+"/new", func(b *testing.B) {
			dir := b.TempDir()
			i := 0
			for b.Loop() {
				if err := bc.fn(filepath.Join(dir, fmt.Sprint(i, ".png")), write); err != nil {
					b.Fatal(err)
				}
				i++
			}
		})
		b.Run(bc.name+"/replace", func(b *testing.B) {
			p := filepath.Join(b.TempDir(), "x.png")
			for b.Loop() {
				if err := bc.fn(p, write); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkReplaceLarge replaces a 64 MB file that was written without a
// sync, as a rebuild replaces shapes.json: by swapIn and by a plain
// rename. On ext4 the rename waits for the new file's data to be written
// out; the exchange does not.
//
//	go test ./internal/atomicfile -run NONE -bench ReplaceLarge -benchtime 10x -count 5
func BenchmarkReplaceLarge(b *testing.B) {
	data := make([]byte, 64<<20)
	for _, bc := range []struct {
		name string
		put  func(tmp, path string) error
	}{{"swap", swapIn}, {"rename", os.Rename}} {
		b.Run(bc.name, func(b *testing.B) {
			dir := b.TempDir()
			p, tmp := filepath.Join(dir, "shapes.json"), filepath.Join(dir, tempPrefix+"x")
			if err := os.WriteFile(p, data, 0o644); err != nil {
				b.Fatal(err)
			}
			b.SetBytes(int64(len(data)))
			for b.Loop() {
				if err := os.WriteFile(tmp, data, 0o644); err != nil {
					b.Fatal(err)
				}
				if err := bc.put(tmp, p); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
