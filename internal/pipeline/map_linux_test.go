package pipeline

import (
	"os"
	"path/filepath"
	"testing"
)

// A mapped file cut short under a reader faults on the pages it lost;
// noFault turns that into an answer, as readIndex needs for an index
// truncated by another process while a build reads it.
func TestMappedFileCutShort(t *testing.T) {
	p := filepath.Join(t.TempDir(), "index")
	if err := os.WriteFile(p, make([]byte, 1<<16), 0o644); err != nil {
		t.Fatal(err)
	}
	b, unmap, err := mapFile(p)
	if err != nil {
		t.Fatal(err)
	}
	defer unmap()
	sum := 0
	if !noFault(func() { sum += int(b[len(b)-1]) }) {
		t.Fatal("reading a whole mapped file faulted")
	}
	if err := os.Truncate(p, 0); err != nil {
		t.Fatal(err)
	}
	if noFault(func() { sum += int(b[len(b)-1]) }) {
		t.Fatal("reading past the end of a mapped file cut short did not fault")
	}
	func() {
		defer func() {
			if recover() == nil {
				t.Error("noFault swallowed a panic that is not a memory fault")
			}
		}()
		noFault(func() { panic("other") })
	}()
}
