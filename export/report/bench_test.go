package report

import (
	"io"
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
// previews as the build writes it and without, by Write and by the
// reference (json.Marshal and the whole page through the template).
func BenchmarkWrite(b *testing.B) {
	lib := corpusLibrary(b)
	for _, bc := range []struct {
		name string
		opt  Options
	}{
		{"previews", Options{PreviewDir: "preview", Failures: []string{"x.png: bad"}}},
		{"plain", Options{}},
	} {
		b.Run(bc.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if err := Write(io.Discard, lib, bc.opt); err != nil {
					b.Fatal(err)
				}
			}
		})
		b.Run(bc.name+"/reference", func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if _, err := refWrite(lib, bc.opt); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
