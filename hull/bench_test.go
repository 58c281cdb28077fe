package hull

import (
	"image/png"
	"os"
	"testing"

	"github.com/shapegen/shapegen/collide"
	_ "github.com/shapegen/shapegen/internal/update" // -update for go test ./... -update
	"github.com/shapegen/shapegen/mask"
)

// disc returns an n x n mask holding the largest disc that fits.
func disc(n int) *mask.Mask {
	m := mask.New(n, n)
	c := float64(n) / 2
	for y := range n {
		for x := range n {
			dx, dy := float64(x)+0.5-c, float64(y)+0.5-c
			m.Set(x, y, dx*dx+dy*dy <= c*c)
		}
	}
	return m
}

// shapes computes every shape the pipeline asks of a mask.
func shapes(m *mask.Mask) (collide.Polygon, collide.Circle, collide.Box, collide.Polygon, collide.Rect) {
	h := Convex(m)
	return h, MinCircle(h), MinBox(h), Reduce(h, 8), h.Bounds()
}

// corpusMask returns the mask of a corpus image at alpha threshold 128, or
// nil when the corpus is absent.
func corpusMask(name string) *mask.Mask {
	f, err := os.Open(corpusDir + "/" + name)
	if err != nil {
		return nil
	}
	defer f.Close()
	img, err := png.Decode(f)
	if err != nil {
		return nil
	}
	return mask.FromImage(img, 128)
}

// BenchmarkShapes measures all shapes of one mask once the mask exists:
// go test -run '^$' -bench Shapes ./hull
func BenchmarkShapes(b *testing.B) {
	cases := []struct {
		name string
		m    *mask.Mask
	}{
		{"disc/64", disc(64)},
		{"disc/512", disc(512)},
	}
	for _, name := range []string{"Base_pack/Player/p2_stand.png", "Base_pack/preview.png"} {
		if m := corpusMask(name); m != nil {
			cases = append(cases, struct {
				name string
				m    *mask.Mask
			}{"corpus/" + name, m})
		}
	}
	for _, c := range cases {
		b.Run(c.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				shapes(c.m)
			}
			b.ReportMetric(float64(len(Convex(c.m))), "hull-vertices")
		})
	}
}

// BenchmarkStages measures each shape alone on the 512 x 512 disc:
// go test -run '^$' -bench Stages ./hull
func BenchmarkStages(b *testing.B) {
	m := disc(512)
	h := Convex(m)
	b.Logf("disc/512: %d hull vertices", len(h))
	stages := []struct {
		name string
		f    func()
	}{
		{"Convex", func() { Convex(m) }},
		{"MinCircle", func() { MinCircle(h) }},
		{"MinBox", func() { MinBox(h) }},
		{"Reduce8", func() { Reduce(h, 8) }},
	}
	for _, s := range stages {
		b.Run(s.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				s.f()
			}
		})
	}
}

// BenchmarkPieces measures the convex cover of two corpus sprites with
// DefaultPieces and with Gain 0:
// go test -run '^$' -bench 'Pieces$' -benchmem ./hull
func BenchmarkPieces(b *testing.B) {
	for _, name := range []string{"Base_pack/Player/p2_stand.png", "Base_pack/Enemies/snailWalk1.png"} {
		m := corpusMask(name)
		if m == nil {
			b.Skip("corpus absent")
		}
		for _, o := range []struct {
			name string
			opt  PiecesOptions
		}{{"default", DefaultPieces}, {"gain0", PiecesOptions{MaxPieces: 8, MaxVertices: 8}}} {
			b.Run(name+"/"+o.name, func(b *testing.B) {
				b.ReportAllocs()
				for b.Loop() {
					Pieces(m, o.opt)
				}
			})
		}
	}
}

// BenchmarkPiecesCorpus measures Pieces with DefaultPieces over every PNG
// of the corpus (each a whole image) and reports the mean per sprite:
// go test -run '^$' -bench PiecesCorpus -count 5 ./hull
func BenchmarkPiecesCorpus(b *testing.B) {
	var ms []*mask.Mask
	eachCorpusMask(b, func(_ string, m *mask.Mask) { ms = append(ms, m) })
	b.ReportAllocs()
	for b.Loop() {
		for _, m := range ms {
			Pieces(m, DefaultPieces)
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(len(ms))/1000, "µs/sprite")
}

// BenchmarkOutline measures tracing and simplifying with DefaultOutline:
// go test -run '^$' -bench Outline ./hull
func BenchmarkOutline(b *testing.B) {
	cases := []struct {
		name string
		m    *mask.Mask
	}{{"disc/512", disc(512)}}
	if m := corpusMask("Base_pack/Player/p2_stand.png"); m != nil {
		cases = append(cases, struct {
			name string
			m    *mask.Mask
		}{"corpus/p2_stand", m})
	}
	for _, c := range cases {
		b.Run(c.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				Outline(c.m, DefaultOutline)
			}
		})
	}
}

// BenchmarkOutlineCorpus measures Outline with DefaultOutline over every
// PNG of the corpus (each a whole image) and reports the mean per sprite:
// go test -run '^$' -bench OutlineCorpus -count 5 ./hull
func BenchmarkOutlineCorpus(b *testing.B) {
	var ms []*mask.Mask
	eachCorpusMask(b, func(_ string, m *mask.Mask) { ms = append(ms, m) })
	b.ReportAllocs()
	for b.Loop() {
		for _, m := range ms {
			Outline(m, DefaultOutline)
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(len(ms))/1000, "µs/sprite")
}
