package slice

import (
	"testing"

	"github.com/shapegen/shapegen/mask"
)

// BenchmarkLooksLikeIslandsCorpus times the islands hint over the
// corpus's images: a build asks it of every image that nothing slices.
func BenchmarkLooksLikeIslandsCorpus(b *testing.B) {
	var masks []*mask.Mask
	eachCorpusMask(b, func(_ string, m *mask.Mask) { masks = append(masks, m) })
	b.ReportAllocs()
	for b.Loop() {
		for _, m := range masks {
			LooksLikeIslands(m)
		}
	}
}
