package verify

import (
	"fmt"
	"image/png"
	"math"
	"math/rand/v2"
	"os"
	"testing"

	"github.com/shapegen/shapegen/collide"
	"github.com/shapegen/shapegen/hull"
	"github.com/shapegen/shapegen/mask"
)

// fpKinds is the order of the kinds in the benchmarks.
var fpKinds = []string{"aabb", "circle", "box", "hull", "polygon", "pieces"}

// BenchmarkFPCorpus measures the figure for every corpus sprite (1,139 as
// the build cuts them) and every kind, pieces from hull.Pieces(m, hull.DefaultPieces)
// included: "all" is PairsOf once per sprite and FPArea per kind, "pairs"
// PairsOf alone, each kind its FPArea alone, and pieces4 that of at most
// four pieces (hull.Pieces(m, hull.PiecesOptions{MaxPieces: 4, MaxVertices: 8})). The shapes are made
// before timing; they are the build's work, not the figure's. Run with
//
//	go test ./verify -run '^$' -bench FPCorpus -count 5
func BenchmarkFPCorpus(b *testing.B) {
	sprites := fpCorpus(b)
	var masks []*mask.Mask
	var pairs []Pairs
	var shapes [][]collide.Shape // per sprite, in fpKinds order
	for _, s := range sprites {
		if s.m.Empty() {
			continue
		}
		ks := fpKindsOf(s.m)
		var row []collide.Shape
		for _, k := range fpKinds {
			row = append(row, ks[k])
		}
		masks, pairs, shapes = append(masks, s.m), append(pairs, PairsOf(s.m)), append(shapes, row)
	}
	perSprite := func(b *testing.B) {
		b.ReportMetric(float64(b.Elapsed().Microseconds())/float64(b.N)/float64(len(masks)), "µs/sprite")
	}
	b.Run("all", func(b *testing.B) {
		b.ReportAllocs()
		sum := 0.0
		for b.Loop() {
			for i, m := range masks {
				p := PairsOf(m)
				for _, s := range shapes[i] {
					sum += FPArea(p, s)
				}
			}
		}
		perSprite(b)
		b.ReportMetric(sum/float64(b.N)/float64(len(masks)*len(fpKinds)), "mean-fp")
	})
	b.Run("pairs", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			for _, m := range masks {
				PairsOf(m)
			}
		}
		perSprite(b)
	})
	// Four pieces at most, about what an adaptive count gives concave
	// sprites, to see how the pieces' cost scales.
	var four []collide.Shape
	for _, m := range masks {
		four = append(four, collide.Compound(hull.Pieces(m, hull.PiecesOptions{MaxPieces: 4, MaxVertices: 8})))
	}
	b.Run("pieces4", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			for i, p := range pairs {
				FPArea(p, four[i])
			}
		}
		perSprite(b)
	})
	for k, kind := range fpKinds {
		b.Run(kind, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				for i, p := range pairs {
					FPArea(p, shapes[i][k])
				}
			}
			perSprite(b)
		})
	}
}

// fpBenchMasks returns named masks for BenchmarkPairsOf: discs (one run a
// row, like most sprites), noise (many runs a row, the support filling
// fast), a lattice of single pixels every 4 (many runs a row and a
// sparse support, the worst case) and testdata's large
// sprite when present.
func fpBenchMasks(b *testing.B) []fpSprite {
	var out []fpSprite
	for _, n := range []int{32, 128, 512} {
		m := mask.New(n, n)
		c := float64(n) / 2
		for y := range n {
			dy := float64(y) + 0.5 - c
			if dx := math.Sqrt(c*c - dy*dy); dx >= 0.5 {
				m.SetRun(y, int(c-dx), int(c+dx), true)
			}
		}
		out = append(out, fpSprite{fmt.Sprintf("disc%d", n), m})
	}
	r := rand.New(rand.NewPCG(17, 12))
	for _, n := range []int{64, 256, 1024} {
		m := mask.New(n, n)
		for y := range n {
			for x := range n {
				m.Set(x, y, r.IntN(2) == 0)
			}
		}
		out = append(out, fpSprite{fmt.Sprintf("noise%d", n), m})
	}
	for _, n := range []int{64, 256, 1024} {
		m := mask.New(n, n)
		for y := 0; y < n; y += 4 {
			for x := 0; x < n; x += 4 {
				m.Set(x, y, true)
			}
		}
		out = append(out, fpSprite{fmt.Sprintf("lattice%d", n), m})
	}
	if f, err := os.Open("../testdata/sprites/large.png"); err == nil {
		img, err := png.Decode(f)
		f.Close()
		if err != nil {
			b.Fatal(err)
		}
		out = append(out, fpSprite{"large.png", mask.FromImage(img, 128)})
	}
	return out
}

// BenchmarkPairsOf measures PairsOf by kind and size of mask, and the two
// without looking up pairs of repeated rows (fresh), which is what
// heavyPair trades. Run with
//
//	go test ./verify -run '^$' -bench PairsOf -count 5
func BenchmarkPairsOf(b *testing.B) {
	for _, s := range fpBenchMasks(b) {
		for _, way := range []struct {
			name string
			cut  int
		}{{"", heavyPair}, {"fresh", math.MaxInt}} {
			name := s.name
			if way.name != "" {
				name += "/" + way.name
			}
			b.Run(name, func(b *testing.B) {
				b.ReportAllocs()
				for b.Loop() {
					supportCells(s.m, way.cut)
				}
			})
		}
	}
}
