package export

import (
	"bytes"
	"fmt"
	"io"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"reflect"
	"runtime"
	"runtime/metrics"
	"testing"
	"time"

	"github.com/shapegen/shapegen/collide"
	_ "github.com/shapegen/shapegen/internal/update" // -update for go test ./... -update
	"github.com/shapegen/shapegen/mask"
)

// TestLoadGolden loads the pipeline's golden libraries of testdata/sprites,
// when present: both formats must give the same Set.
func TestLoadGolden(t *testing.T) {
	if _, err := os.Stat("../golden/shapes.json"); err != nil {
		t.Skip("no golden library:", err)
	}
	fromJSON, err := Load("../golden/shapes.json")
	if err != nil {
		t.Fatal(err)
	}
	fromYAML, err := Load("../golden/shapes.yaml")
	if err != nil {
		t.Fatal(err)
	}
	if len(fromJSON.Sprites) == 0 || !reflect.DeepEqual(fromJSON, fromYAML) {
		t.Errorf("golden shapes.json and shapes.yaml load differently (%d and %d sprites)", len(fromJSON.Sprites), len(fromYAML.Sprites))
	}
	// The packed arrow is stored rotated (its stored frame is 12x24, the
	// sprite 24x12); the coin is not.
	for name, want := range map[string]bool{"sheets/packed/arrow": true, "sheets/packed/coin": false} {
		s, ok := fromJSON.Sprite(name)
		if !ok || s.Rotated != want {
			t.Errorf("golden %s: found %v, Rotated %v, want %v", name, ok, ok && s.Rotated, want)
		}
		if ok && want && (s.Frame.W != s.Size[1] || s.Frame.H != s.Size[0]) {
			t.Errorf("golden %s: stored frame %v is not the %v size turned", name, s.Frame, s.Size)
		}
	}
}

// benchLib returns a library of n sprites shaped like real output: 64x64
// sprites with every shape kind, four pieces and a mask.
func benchLib(n int) *Library {
	rng := rand.New(rand.NewPCG(9, 9))
	ring := func(k int) Ring {
		r := make(Ring, k)
		for i := range r {
			a := 2 * math.Pi * float64(i) / float64(k)
			r[i] = Point{32 + 30*math.Cos(a) + rng.Float64()*0.1, 32 + 30*math.Sin(a)}
		}
		return r
	}
	m := benchMask(64)
	lib := &Library{Format: Format, Settings: Settings{AlphaThreshold: 128, MaxVertices: 8, MaxPieces: 8}}
	for i := range n {
		lib.Sprites = append(lib.Sprites, Sprite{
			Name: fmt.Sprintf("sprites/s%05d", (i*7919)%n), Image: "sprites/s.png", Frame: Frame{W: 64, H: 64},
			Size: [2]int{64, 64}, Pivot: Point{32, 32}, Pixels: m.Count(),
			AABB:    &AABB{Max: Point{64, 64}},
			Circle:  &Circle{Center: Point{32.25, 31.75}, Radius: 31.123456789},
			Box:     &Box{Center: Point{32, 32}, Half: Point{30.5, 29.25}, Angle: 0.123456789},
			Hull:    ring(24),
			Polygon: ring(8),
			Pieces:  []Ring{ring(8), ring(6), ring(5), ring(3)},
			Quality: map[string]Quality{"hull": {0, 1.2345, 0.125}, "polygon": {0, 1.3, 0.2}, "pieces": {0, 1.1, 0.05}},
			Mask:    EncodeMask(m),
		})
	}
	return lib
}

// benchMask returns a size x size disk with a few holes.
func benchMask(size int) *mask.Mask {
	m := mask.New(size, size)
	c := float64(size) / 2
	for y := range size {
		for x := range size {
			dx, dy := float64(x)+0.5-c, float64(y)+0.5-c
			m.Set(x, y, dx*dx+dy*dy <= c*c && (x*7+y*3)%31 != 0)
		}
	}
	return m
}

func BenchmarkWriteJSON(b *testing.B) { benchWrite(b, WriteJSON) }
func BenchmarkWriteYAML(b *testing.B) { benchWrite(b, WriteYAML) }

func benchWrite(b *testing.B, write func(io.Writer, *Library) error) {
	for _, n := range []int{10, 1000} {
		b.Run(fmt.Sprintf("sprites=%d", n), func(b *testing.B) {
			lib := benchLib(n)
			b.ReportAllocs()
			for b.Loop() {
				if err := write(io.Discard, lib); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

func BenchmarkRead(b *testing.B) {
	for _, w := range writers {
		for _, n := range []int{10, 1000} {
			b.Run(fmt.Sprintf("%s/sprites=%d", w.name, n), func(b *testing.B) {
				var buf bytes.Buffer
				if err := w.write(&buf, benchLib(n)); err != nil {
					b.Fatal(err)
				}
				b.SetBytes(int64(buf.Len()))
				b.ReportAllocs()
				for b.Loop() {
					if _, err := Read(bytes.NewReader(buf.Bytes())); err != nil {
						b.Fatal(err)
					}
				}
			})
		}
	}
}

func BenchmarkEncodeMask(b *testing.B) {
	for _, size := range []int{64, 256, 1024} {
		b.Run(fmt.Sprintf("size=%d", size), func(b *testing.B) {
			m := benchMask(size)
			b.ReportAllocs()
			for b.Loop() {
				EncodeMask(m)
			}
		})
	}
}

func BenchmarkDecodeMask(b *testing.B) {
	for _, size := range []int{64, 256, 1024} {
		b.Run(fmt.Sprintf("size=%d", size), func(b *testing.B) {
			e := EncodeMask(benchMask(size))
			b.ReportAllocs()
			for b.Loop() {
				if _, err := e.Decode(); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

func BenchmarkBodyPlace(b *testing.B) {
	lib := benchLib(1)
	body := lib.Sprites[0].Body()
	t := collide.Transform{Pos: collide.V(100, 100), Angle: 0.5}
	b.ReportAllocs()
	for b.Loop() {
		body.Place(t)
		body.Shape(collide.KindPolygon)
	}
}

// BenchmarkLoadMemory loads a library of 20,000 sprites from a file and
// reports the peak of the heap's objects during Load over the file's size
// (peak-heap/file), sampled every 100 µs from runtime/metrics, from a
// heap emptied by a collection first; with and without masks.
//
//	go test ./export -run '^$' -bench LoadMemory -benchtime 3x
func BenchmarkLoadMemory(b *testing.B) {
	for _, masks := range []bool{false, true} {
		b.Run(fmt.Sprintf("masks=%v", masks), func(b *testing.B) {
			lib := benchLib(20000)
			if !masks {
				for i := range lib.Sprites {
					lib.Sprites[i].Mask = nil
				}
			}
			path := filepath.Join(b.TempDir(), "shapes.json")
			f, err := os.Create(path)
			if err != nil {
				b.Fatal(err)
			}
			if err := WriteJSON(f, lib); err != nil {
				b.Fatal(err)
			}
			fi, _ := f.Stat()
			f.Close()
			lib = nil
			var worst float64
			for b.Loop() {
				runtime.GC()
				base := heapObjects()
				peak := base
				stop, done := make(chan struct{}), make(chan struct{})
				go func() {
					defer close(done)
					t := time.NewTicker(100 * time.Microsecond)
					defer t.Stop()
					for {
						select {
						case <-stop:
							return
						case <-t.C:
							peak = max(peak, heapObjects())
						}
					}
				}()
				got, err := Load(path)
				peak = max(peak, heapObjects())
				close(stop)
				<-done
				if err != nil || len(got.Sprites) != 20000 {
					b.Fatal(err)
				}
				worst = max(worst, float64(peak-base)/float64(fi.Size()))
			}
			b.ReportMetric(worst, "peak-heap/file")
			b.ReportMetric(float64(fi.Size())/1e6, "file-MB")
		})
	}
}

// heapObjects returns the bytes of the heap's objects, live or not yet
// swept.
func heapObjects() uint64 {
	s := []metrics.Sample{{Name: "/memory/classes/heap/objects:bytes"}}
	metrics.Read(s)
	return s[0].Value.Uint64()
}

// BenchmarkEngines writes the golden library of testdata/sprites (real
// shapes: integer hulls, cut pieces) in each engine format.
func BenchmarkEngines(b *testing.B) { benchEngines(b, "../golden/shapes.json") }

// BenchmarkEnginesLibrary writes, in each engine format, the library file
// named by $SHAPEGEN_BENCH_LIBRARY: a build's shapes.json, such as the
// 10,000 sprites of a corpus, where the writers' cost per sprite shows
// (the golden library is a few dozen sprites). It is skipped without it.
//
//	SHAPEGEN_BENCH_LIBRARY=out/shapes.json go test ./export -run '^$' -bench EnginesLibrary -count 8
func BenchmarkEnginesLibrary(b *testing.B) {
	path := os.Getenv("SHAPEGEN_BENCH_LIBRARY")
	if path == "" {
		b.Skip("SHAPEGEN_BENCH_LIBRARY not set")
	}
	benchEngines(b, path)
}

// benchEngines writes the library file at path in each engine format, to
// io.Discard; those that take a Reuse again with every sprite's bytes as
// they wrote them (reused: a rebuild where nothing changed).
func benchEngines(b *testing.B, path string) {
	lib, err := Load(path)
	if err != nil {
		b.Skip("no library:", err)
	}
	s, err := StreamOf(lib)
	if err != nil {
		b.Fatal(err)
	}
	discard := func(_ string, write func(io.Writer) error) error { return write(io.Discard) }
	for _, f := range EngineFormats {
		b.Run(f.Name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if _, err := f.Write(discard, s, EngineOptions{}); err != nil {
					b.Fatal(err)
				}
			}
		})
		if f.Name == "tiled" {
			continue
		}
		var file bytes.Buffer
		r := &replayReuse{}
		keep := func(_ string, write func(io.Writer) error) error { return write(&file) }
		if _, err := f.Write(keep, s, EngineOptions{Reuse: func(string) Reuse { return r }}); err != nil {
			b.Fatal(err)
		}
		r.file, r.old, r.wrote = file.Bytes(), r.wrote, nil
		old := len(r.notes)
		b.Run(f.Name+"/reused", func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				r.next, r.wrote, r.notes = 0, r.wrote[:0], r.notes[:old]
				if _, err := f.Write(discard, s, EngineOptions{Reuse: func(string) Reuse { return r }}); err != nil {
					b.Fatal(err)
				}
			}
			if r.next != len(r.old) {
				b.Fatalf("%d of %d sprites reused", r.next, len(r.old))
			}
		})
	}
}

// replayReuse is a Reuse that gives back, sprite by sprite, what was
// written into file, as a build's cache does when nothing changed; the
// notes are in notes, the old ones first.
type replayReuse struct {
	file       []byte
	old, wrote []replayed
	notes      []byte
	next       int
}

type replayed struct {
	name          string
	off, n        int64
	noteAt, noteN int
}

func (r *replayReuse) Old(sp *Sprite) ([]byte, []byte, bool) {
	if r.next >= len(r.old) || r.old[r.next].name != sp.Name {
		return nil, nil, false
	}
	o := r.old[r.next]
	r.next++
	return r.file[o.off : o.off+o.n], r.notes[o.noteAt : o.noteAt+o.noteN], true
}

func (r *replayReuse) Wrote(sp *Sprite, off, n int64, note []byte) {
	r.wrote = append(r.wrote, replayed{sp.Name, off, n, len(r.notes), len(note)})
	r.notes = append(r.notes, note...)
}
