package collide

import (
	"math/rand/v2"
	"testing"

	"github.com/shapegen/shapegen/mask"
)

var (
	sinkB bool
	sinkC Contact
)

// BenchmarkPolygonPolygon: n-vertex polygons that overlap (hit) or are
// apart (miss).
func BenchmarkPolygonPolygon(b *testing.B) {
	for _, n := range []int{4, 8, 16} {
		a := regular(n, V(0, 0), 10)
		for _, tc := range []struct {
			name string
			b    Polygon
		}{{"hit", regular(n, V(12, 7), 10).Rotate(0.3)}, {"miss", regular(n, V(25, 7), 10).Rotate(0.3)}} {
			b.Run(itoa(n)+"/Overlap/"+tc.name, func(b *testing.B) {
				b.ReportAllocs()
				for b.Loop() {
					sinkB = OverlapPolygonPolygon(a, tc.b)
				}
			})
			b.Run(itoa(n)+"/Collide/"+tc.name, func(b *testing.B) {
				b.ReportAllocs()
				for b.Loop() {
					sinkC, sinkB = CollidePolygonPolygon(a, tc.b)
				}
			})
		}
	}
}

func BenchmarkCircleCircle(b *testing.B) {
	c, d := Circle{V(0, 0), 3}, Circle{V(2, 4), 2}
	b.Run("Overlap", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			sinkB = OverlapCircleCircle(c, d)
		}
	})
	b.Run("Collide", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			sinkC, sinkB = CollideCircleCircle(c, d)
		}
	})
}

func BenchmarkCirclePolygon(b *testing.B) {
	c, p := Circle{V(9, 3), 3}, regular(8, V(0, 0), 10)
	b.ReportAllocs()
	for b.Loop() {
		sinkC, sinkB = CollideCirclePolygon(c, p)
	}
}

// BenchmarkGeneric is the interface entry point on 8-gons, for comparison
// with the typed call.
func BenchmarkGeneric(b *testing.B) {
	var x, y Shape = regular(8, V(0, 0), 10), regular(8, V(12, 7), 10).Rotate(0.3)
	b.Run("Overlap", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			sinkB = Overlap(x, y)
		}
	})
	b.Run("Collide", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			sinkC, sinkB = Collide(x, y)
		}
	})
}

// bigMasks returns two 256x256 masks of random blobs that do not overlap
// at the benchmark's offset, so the whole overlap area is scanned.
func bigMasks() (*mask.Mask, *mask.Mask) {
	r := rand.New(rand.NewPCG(11, 11))
	a, b := mask.New(256, 256), mask.New(256, 256)
	for y := range 256 {
		for x := range 256 {
			a.Set(x, y, (x/8+y/8)%2 == 0 && r.IntN(4) != 0)
			b.Set(x, y, (x/8+y/8)%2 == 0 && r.IntN(4) != 0)
		}
	}
	return a, b // at an offset of an odd number of squares, squares meet gaps
}

// BenchmarkPixels compares the pixel test through the Body layer with
// mask.Overlap called directly, on 256x256 masks at a shifted offset.
func BenchmarkPixels(b *testing.B) {
	ma, mb := bigMasks()
	dx, dy := 24, 16 // 3+2 squares: a full scan of the 232x240 overlap
	if mask.Overlap(ma, mb, dx, dy) {
		b.Fatal("the benchmark masks overlap; the scan would stop early")
	}
	b.Run("mask.Overlap", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			sinkB = mask.Overlap(ma, mb, dx, dy)
		}
	})
	b.Run("OverlapMasks", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			sinkB = OverlapMasks(ma, mb, dx, dy)
		}
	})
	shapes := Shapes{KindAABB: R(0, 0, 256, 256)}
	ba, bb := NewBody(shapes, Vec{}, ma), NewBody(shapes, Vec{}, mb)
	ba.Place(Transform{Pos: V(100, 50)})
	bb.Place(Transform{Pos: V(100+float64(dx), 50+float64(dy))})
	b.Run("Body.Hits", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			sinkB = ba.Hits(bb, PhasePixels)
		}
	})
	// The mapped path (turned, mirrored) on 64x64 sprites whose bounds
	// coincide but whose pixels do not meet: every reachable pixel is tried.
	tri := mask.New(64, 64)
	for y := range 64 {
		for x := range 64 {
			tri.Set(x, y, x+y < 60)
		}
	}
	ta, tb := NewBody(Shapes{}, V(32, 32), tri), NewBody(Shapes{}, V(32, 32), tri)
	ta.Place(Transform{Pos: V(32, 32)})
	tb.Place(Transform{Pos: V(32, 32), Angle: 0.001, FlipX: true, FlipY: true})
	if ta.Hits(tb, PhasePixels) {
		b.Fatal("the turned triangles overlap")
	}
	b.Run("Body.Hits/turned-64x64-miss", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			sinkB = ta.Hits(tb, PhasePixels)
		}
	})
}
