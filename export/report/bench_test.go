package report

import (
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
