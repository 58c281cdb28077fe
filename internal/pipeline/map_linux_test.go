package pipeline

import (
	"errors"
	"math"
	"os"
	"path/filepath"
	"reflect"
	"strings"
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

// TestRecordsMapped reads records through the mapped records file, as
// the outputs do, and through plain reads, and gets the same; records
// put after the mapping are read as before; and a records file cut short
// under the build gives damaged records (computed again), not a crash.
func TestRecordsMapped(t *testing.T) {
	s, err := openStore(t.TempDir(), false)
	if err != nil {
		t.Fatal(err)
	}
	defer s.close()
	type rec struct {
		key sum32
		l   loc
		sp  [][]byte
	}
	var recs []rec
	put := func(i int) {
		var k sum32
		k[0], k[1] = byte(i), byte(i>>8)
		sp := [][]byte{[]byte(strings.Repeat("a", i%300)), []byte(strings.Repeat("b", 1+i%7))}
		l, err := s.put(k, sp)
		if err != nil {
			t.Fatal(err)
		}
		recs = append(recs, rec{k, l, sp})
	}
	for i := range 500 {
		put(i)
	}
	s.mapRecords()
	if s.mapped == nil {
		t.Fatal("the records file was not mapped")
	}
	put(500) // after the mapping
	var rb recordBuf
	check := func() {
		for _, r := range recs {
			got, err := s.spritesIn(&rb, r.l, r.key)
			if err != nil {
				t.Fatalf("record at %d: %v", r.l.Off, err)
			}
			if !reflect.DeepEqual(got, r.sp) {
				t.Fatalf("record at %d: %q, want %q", r.l.Off, got, r.sp)
			}
		}
	}
	check()
	saved := s.mapped
	s.mapped = nil // plain reads
	check()
	s.mapped = saved

	// A place past the end, even one whose end overflows, is damage.
	for _, l := range []loc{{Off: math.MaxInt64 - 10, Len: 100}, {Off: s.size, Len: 64}, {Off: -1, Len: 64}} {
		if _, err := s.spritesIn(&rb, l, recs[0].key); !errors.Is(err, errDamaged) {
			t.Errorf("a record at %+v: %v, want errDamaged", l, err)
		}
	}

	// Cut short: the records past the cut fault in the mapping.
	if err := s.recs.Truncate(recs[250].l.Off); err != nil {
		t.Fatal(err)
	}
	if _, err := s.spritesIn(&rb, recs[10].l, recs[10].key); err != nil {
		t.Errorf("a record before the cut: %v", err)
	}
	if _, err := s.spritesIn(&rb, recs[400].l, recs[400].key); !errors.Is(err, errDamaged) {
		t.Errorf("a record past the cut: %v, want errDamaged", err)
	}
}
