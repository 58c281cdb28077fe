package collide

import (
	"math"
	"testing"
)

// ring returns an annulus (radii 80 and 100) around c cut into n convex
// quadrilaterals: a concave sprite's decomposition.
func ring(n int, c Vec) Compound {
	out := make(Compound, n)
	for i := range out {
		t0, t1 := 2*math.Pi*float64(i)/float64(n), 2*math.Pi*float64(i+1)/float64(n)
		in0, in1 := c.Add(V(80, 0).Rotate(t0)), c.Add(V(80, 0).Rotate(t1))
		out0, out1 := c.Add(V(100, 0).Rotate(t0)), c.Add(V(100, 0).Rotate(t1))
		out[i] = Polygon{in0, out0, out1, in1}
	}
	return out
}

// BenchmarkCompoundCompound times Collide on two rings of n pieces each,
// the second moved by (30, 20) so that they cross in two places, and
// Overlap on the same pair.
func BenchmarkCompoundCompound(b *testing.B) {
	for _, n := range []int{8, 64, 308} {
		a, c := ring(n, V(0, 0)), ring(n, V(30, 20))
		b.Run(itoa(n)+"/Collide", func(b *testing.B) {
			b.ReportAllocs()
			t0, k := cpuNanos(), 0
			for b.Loop() {
				sinkC, sinkB = CollideCompoundCompound(a, c)
				k++
			}
			reportCPU(b, t0, k)
		})
		b.Run(itoa(n)+"/Overlap", func(b *testing.B) {
			b.ReportAllocs()
			t0, k := cpuNanos(), 0
			for b.Loop() {
				sinkB = OverlapCompoundCompound(a, c)
				k++
			}
			reportCPU(b, t0, k)
		})
	}
}
