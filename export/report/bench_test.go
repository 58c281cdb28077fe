package report

import (
	"fmt"
	"math/rand/v2"
	"os"
	"testing"

	"github.com/shapegen/shapegen/export"
)

// corpusLibrary returns the library of a corpus build left at
// /tmp/a/shapes.json (about 1100 sprites), else golden/shapes.json
// repeated under new names to a similar size; it skips when neither is
// there.
func corpusLibrary(tb testing.TB) *export.Library {
	tb.Helper()
	if lib := readLibrary("/tmp/a/shapes.json"); lib != nil {
		return lib
	}
	lib := readLibrary("../../golden/shapes.json")
	if lib == nil {
		tb.Skip("no /tmp/a/shapes.json nor golden/shapes.json")
	}
	one := lib.Sprites
	lib.Sprites = nil
	for r := 0; len(lib.Sprites) < 1100; r++ {
		for _, s := range one {
			s.Name = string(rune('a'+r%26)) + "/" + s.Name
			lib.Sprites = append(lib.Sprites, s)
		}
	}
	return lib
}

func readLibrary(path string) *export.Library {
	f, err := os.Open(path)
	if err != nil {
		return nil
	}
	defer f.Close()
	lib, err := export.Read(f)
	if err != nil {
		return nil
	}
	return lib
}

// BenchmarkWrite writes the report of a corpus-sized library, with
// previews as the build writes it and without, through encoding/json,
// files discarded.
//
//	go test ./export/report -run '^$' -bench Write -benchmem
func BenchmarkWrite(b *testing.B) {
	lib := corpusLibrary(b)
	for _, bc := range []struct {
		name string
		opt  Options
	}{
		{"previews", Options{PreviewDir: "preview", SpriteDir: "sprite", Failures: []string{"x.png: bad"}}},
		{"plain", Options{}},
	} {
		b.Run(bc.name, func(b *testing.B) {
			b.ReportAllocs()
			var out countingFiles
			for b.Loop() {
				out.n = 0
				if err := Write(out.create, lib, bc.opt); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(out.n)/float64(len(lib.Sprites)), "B/sprite")
		})
	}
}

// BenchmarkWriterSynth streams 100,000 synthetic sprites through a Writer
// (the sprites are made as they go, and that cost is included).
//
//	go test ./export/report -run '^$' -bench WriterSynth -benchtime 1x
func BenchmarkWriterSynth(b *testing.B) {
	const n = 100_000
	b.ReportAllocs()
	var out countingFiles
	for b.Loop() {
		out.n = 0
		w := NewWriter(out.create, Options{SpriteDir: "sprite"})
		for i := range n {
			if err := w.Add(synth(i)); err != nil {
				b.Fatal(err)
			}
		}
		if err := w.Close(); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*n), "ns/sprite")
	b.ReportMetric(float64(out.n)/n, "B/sprite")
}

// BenchmarkSynth is the cost of making the synthetic sprites alone, to
// subtract from BenchmarkWriterSynth.
func BenchmarkSynth(b *testing.B) {
	for b.Loop() {
		for i := range 100_000 {
			_ = synth(i)
		}
	}
}

// BenchmarkAddCard adds the sprites of 20 copies of a corpus-sized
// library (corpusLibrary, renamed copy by copy) with the cards an earlier
// Writer placed (AddCard), as a rebuild where few sprites changed does:
// what is left of the report's work is the index, the totals, the first
// cards and the page files.
//
//	go test ./export/report -run '^$' -bench AddCard -benchmem
func BenchmarkAddCard(b *testing.B) {
	one := corpusLibrary(b)
	var sprites []export.Sprite
	for r := range 20 {
		for _, s := range one.Sprites {
			s.Name = fmt.Sprintf("c%03d/%s", r, s.Name)
			sprites = append(sprites, s)
		}
	}
	opt := Options{Generator: one.Generator, Settings: one.Settings}
	first := newMemFiles()
	w := NewWriter(first.create, opt)
	type place struct {
		file   string
		off, n int
	}
	places := make([]place, len(sprites))
	for i := range sprites {
		if err := w.Add(&sprites[i]); err != nil {
			b.Fatal(err)
		}
		places[i].file, places[i].off, places[i].n = w.Placed()
	}
	if err := w.Close(); err != nil {
		b.Fatal(err)
	}
	cards := make([][]byte, len(sprites))
	for i, p := range places {
		cards[i] = first.files[p.file][p.off : p.off+p.n]
	}
	b.ReportAllocs()
	var out countingFiles
	for b.Loop() {
		w := NewWriter(out.create, opt)
		for i := range sprites {
			if err := w.AddCard(&sprites[i], cards[i]); err != nil {
				b.Fatal(err)
			}
		}
		if err := w.Close(); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*len(sprites)), "ns/sprite")
}

// BenchmarkAppendFloat writes figures as the index pages hold them
// (round4 of values in [0, 3]) and coordinates as the drawings do
// (round2 of values in [-200, 200]): 10,000 of each a loop.
func BenchmarkAppendFloat(b *testing.B) {
	r := rand.New(rand.NewPCG(5, 6))
	vs := make([]float64, 0, 20000)
	for range 10000 {
		vs = append(vs, round4(3*r.Float64()), round2(400*r.Float64()-200))
	}
	buf := make([]byte, 0, 1<<18)
	for b.Loop() {
		buf = buf[:0]
		for _, v := range vs {
			buf, _ = appendFloat(buf, v)
		}
	}
}

// BenchmarkCountsAdd counts 100,000 area ratios as round4 gives them
// (in [1, 4)), as the totals of 100,000 sprites do for each kind.
func BenchmarkCountsAdd(b *testing.B) {
	r := rand.New(rand.NewPCG(7, 8))
	vs := make([]float64, 100_000)
	for i := range vs {
		vs[i] = round4(1 + 3*r.Float64()*r.Float64())
	}
	for b.Loop() {
		var c counts
		for _, v := range vs {
			c.add(v)
		}
	}
}
