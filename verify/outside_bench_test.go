package verify

import (
	"testing"

	"github.com/shapegen/shapegen/collide"
	"github.com/shapegen/shapegen/hull"
	"github.com/shapegen/shapegen/mask"
)

// BenchmarkOutsideCorpus measures Outside for every corpus sprite and
// every shape kind as the build makes them (default settings), each kind
// alone, and reports the mean per sprite. The shapes are made before
// timing. Run with
//
//	go test ./verify -run '^$' -bench OutsideCorpus -count 10
func BenchmarkOutsideCorpus(b *testing.B) {
	kinds := []string{"aabb", "circle", "box", "hull", "polygon", "pieces", "outline"}
	var masks []*mask.Mask
	var shapes [][]collide.Region // per sprite, in kinds order
	for _, s := range fpCorpus(b) {
		if s.m.Empty() {
			continue
		}
		h := hull.Convex(s.m)
		masks = append(masks, s.m)
		shapes = append(shapes, []collide.Region{h.Bounds(), hull.MinCircle(h), hull.MinBox(h), h, hull.Reduce(h, 8),
			collide.Compound(hull.Pieces(s.m, hull.DefaultPieces)), collide.Rings(hull.Outline(s.m, hull.DefaultOutline))})
	}
	for k, kind := range kinds {
		b.Run(kind, func(b *testing.B) {
			b.ReportAllocs()
			n := 0
			for b.Loop() {
				for i, m := range masks {
					n += Outside(m, shapes[i][k])
				}
			}
			if n != 0 {
				b.Fatalf("%s: %d pixels outside", kind, n)
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(len(masks)), "ns/sprite")
		})
	}
}
