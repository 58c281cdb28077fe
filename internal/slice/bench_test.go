package slice

import (
	"testing"

	"github.com/shapegen/shapegen/mask"
)

// BenchmarkLooksLikeIslandsCorpus times the islands hint over the
// corpus's images: a build asks it of every image that nothing slices.
func BenchmarkLooksLikeIslandsCorpus(b *testing.B) {
	benchCorpus(b, func(m *mask.Mask) { LooksLikeIslands(m) })
}

// BenchmarkByGuttersCorpus times the gutters search over the corpus's
// images: a build asks it of every image that its name does not slice.
func BenchmarkByGuttersCorpus(b *testing.B) {
	benchCorpus(b, func(m *mask.Mask) { ByGutters(m) })
}

// benchCorpus times f over the corpus's masks.
func benchCorpus(b *testing.B, f func(*mask.Mask)) {
	var masks []*mask.Mask
	eachCorpusMask(b, func(_ string, m *mask.Mask) { masks = append(masks, m) })
	b.ReportAllocs()
	for b.Loop() {
		for _, m := range masks {
			f(m)
		}
	}
}
