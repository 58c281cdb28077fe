package pipeline

import (
	"image"
	"testing"

	"github.com/shapegen/shapegen/internal/atlas"
	"github.com/shapegen/shapegen/internal/config"
	"github.com/shapegen/shapegen/mask"
)

// corpusSprite is one sprite as a cold build cuts it from the corpus.
type corpusSprite struct {
	name, rel string
	f         atlas.Frame
	m         *mask.Mask
	set       config.Sprite
}

// corpusSprites returns every sprite of the corpus with the frames a
// default build cuts (atlases, grids, auto-slicing), decoded to masks.
func corpusSprites(b *testing.B) []corpusSprite {
	corpusPNGs(b) // skips without the corpus
	cfg := config.Default()
	tree, err := walk(corpus, "", &cfg, false)
	if err != nil {
		b.Fatal(err)
	}
	w := &worker{opts: &Options{Dir: corpus, Config: cfg}}
	var out []corpusSprite
	for _, src := range tree.srcs {
		set := cfg.For(src.rel)
		m, frames, _, err := w.maskAndFrames(src, set)
		if err != nil {
			continue // the corpus's broken files are the build's business
		}
		eachFrame(src, maskPixels{m}, frames, func(name string, f atlas.Frame, _ image.Image, m *mask.Mask) {
			out = append(out, corpusSprite{name, src.rel, f, m, set})
		})
	}
	return out
}

// BenchmarkComputeCorpus measures the per-sprite work of a cold build
// once the masks exist (shapes of every kind, outside counts, area ratios
// and false-positive figures) over every corpus sprite, and reports the
// mean per sprite, and the process's CPU time (user and system, the
// collector's included) per pass, which other load on the machine
// disturbs less than the wall time:
//
//	go test ./internal/pipeline -run '^$' -bench ComputeCorpus -count 10
func BenchmarkComputeCorpus(b *testing.B) {
	sprites := corpusSprites(b)
	b.ReportAllocs()
	c0 := cpuTime()
	for b.Loop() {
		for _, s := range sprites {
			compute(s.name, s.rel, s.f, s.m, s.set)
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(len(sprites))/1000, "µs/sprite")
	b.ReportMetric(float64((cpuTime()-c0).Microseconds())/1000/float64(b.N), "cpu-ms/op")
}
