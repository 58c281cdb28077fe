package atomicfile

import (
	"fmt"
	"io"
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
