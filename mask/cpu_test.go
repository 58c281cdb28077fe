package mask

import "testing"

// The benchmarks also report cpu-ns/op, the process's CPU time per op: on
// a shared machine other work stretches the wall time of a run (ns/op)
// far more than the CPU time the run gets, so cpu-ns/op compares runs
// made at different loads more fairly. Measure it around b.Loop:
//
//	t0, n := cpuNanos(), 0
//	for b.Loop() { ...; n++ }
//	reportCPU(b, t0, n)

// reportCPU reports the CPU time used since t0 over n ops as cpu-ns/op
// (nothing where the platform has no CPU clock).
func reportCPU(b *testing.B, t0 int64, n int) {
	if t1 := cpuNanos(); t1 > 0 && n > 0 {
		b.ReportMetric(float64(t1-t0)/float64(n), "cpu-ns/op")
	}
}
