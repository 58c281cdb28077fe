package report

import (
	"bytes"
	"fmt"
	"io"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"sync"
	"testing"

	"github.com/shapegen/shapegen/export"
)

// synth returns sprite i of a synthetic library, cheaply and without
// images, for tests of scale: names in increasing order with i (some
// long), sizes from 4 to 200 px, every kind's shape with a plausible
// number of vertices, figures spread over their range, one sprite in
// 5,000 with an outside pixel, one in 50 empty, and a few warnings. The
// shapes are drawn around an ellipse; they are not proven against any
// pixels (the report does not check them).
func synth(i int) *export.Sprite {
	r := rand.New(rand.NewPCG(uint64(i), 99))
	name := fmt.Sprintf("level%03d/enemies/creature_%06d", i/1000, i)
	if i%97 == 3 {
		name += "_from_the_artists_folder_with_a_name_that_goes_on_and_on"
	}
	w, h := 4+r.IntN(197), 4+r.IntN(197)
	s := &export.Sprite{Name: name, Image: name + ".png", Frame: export.Frame{W: w, H: h},
		Size: [2]int{w, h}, Pivot: export.Point{float64(w) / 2, float64(h) / 2}}
	if i%50 == 49 {
		return s
	}
	s.Pixels = max(1, int(float64(w*h)*(0.3+0.6*r.Float64())))
	cx, cy, rx, ry := float64(w)/2, float64(h)/2, float64(w)/2, float64(h)/2
	ring := func(n int, phase float64) export.Ring {
		out := make(export.Ring, n)
		for j := range out {
			a := phase + 2*math.Pi*float64(j)/float64(n)
			out[j] = export.Point{cx + rx*math.Cos(a), cy + ry*math.Sin(a)}
		}
		return out
	}
	s.AABB = &export.AABB{Max: export.Point{float64(w), float64(h)}}
	s.Circle = &export.Circle{Center: export.Point{cx, cy}, Radius: math.Hypot(rx, ry)}
	s.Box = &export.Box{Center: export.Point{cx, cy}, Half: export.Point{rx, ry}, Angle: r.Float64() * 0.3}
	s.Hull = ring(6+r.IntN(20), 0)
	s.Polygon = ring(min(8, len(s.Hull)), 0.1)
	for range 1 + r.IntN(4) {
		s.Pieces = append(s.Pieces, ring(4+r.IntN(5), r.Float64()))
	}
	s.Outline = []export.Ring{ring(10+r.IntN(30), 0.05)}
	s.Quality = map[string]export.Quality{}
	for _, k := range []string{"aabb", "circle", "box", "hull", "polygon", "pieces", "outline"} {
		q := export.Quality{AreaRatio: 1 + 3*r.Float64()*r.Float64(), FPArea: r.Float64() * r.Float64()}
		if k == "outline" {
			q.FPArea = 0
		}
		if i%5000 == 1234 && k == "hull" {
			q.Outside = 1
		}
		s.Quality[k] = q
	}
	if i%400 == 7 {
		s.Warnings = []string{"many islands (12)"}
	}
	return s
}

// synthLibrary returns the library of synth(0) ... synth(n-1).
func synthLibrary(n int) *export.Library {
	lib := &export.Library{Format: export.Format, Generator: "shapegen test",
		Settings: export.Settings{AlphaThreshold: 128, MaxVertices: 8, MaxPieces: 8}}
	for i := range n {
		lib.Sprites = append(lib.Sprites, *synth(i))
	}
	return lib
}

func TestSynthInNameOrder(t *testing.T) {
	names := make([]string, 20000)
	for i := range names {
		names[i] = synth(i).Name
	}
	if !slices.IsSorted(names) || len(slices.Compact(slices.Clone(names))) != len(names) {
		t.Error("synth names are not strictly increasing")
	}
}

// memFiles holds a report's files in memory.
type memFiles struct {
	mu    sync.Mutex
	files map[string][]byte
	order []string
}

func newMemFiles() *memFiles { return &memFiles{files: map[string][]byte{}} }

func (m *memFiles) create(name string) (io.WriteCloser, error) {
	return &memFile{m: m, name: name}, nil
}

type memFile struct {
	m    *memFiles
	name string
	buf  bytes.Buffer
}

func (f *memFile) Write(p []byte) (int, error) { return f.buf.Write(p) }

func (f *memFile) Close() error {
	f.m.mu.Lock()
	defer f.m.mu.Unlock()
	if _, ok := f.m.files[f.name]; ok {
		return fmt.Errorf("%s created twice", f.name)
	}
	f.m.files[f.name] = f.buf.Bytes()
	f.m.order = append(f.m.order, f.name)
	return nil
}

// dirFiles returns a create function writing the report's files under
// dir (what the pipeline does atomically).
func dirFiles(t testing.TB, dir string) func(string) (io.WriteCloser, error) {
	return func(name string) (io.WriteCloser, error) {
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			return nil, err
		}
		return os.Create(p)
	}
}

// countingFiles discards the report's files and counts their bytes.
type countingFiles struct{ n int64 }

func (c *countingFiles) create(string) (io.WriteCloser, error) { return countingFile{c}, nil }

type countingFile struct{ c *countingFiles }

func (f countingFile) Write(p []byte) (int, error) { f.c.n += int64(len(p)); return len(p), nil }
func (f countingFile) Close() error                { return nil }
