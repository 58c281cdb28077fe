package mask

import (
	"fmt"
	"testing"
)

// pygameOffsets are the offsets of BenchmarkPygameCases and of
// scripts/bench-pixels.py: unaligned (37, 11), and aligned, a whole
// number of 64-pixel stripes (64, 10), or (0, 10) on 64x64 masks, which
// (64, 10) would not meet. Both sums are even, so checkerboards of
// opposite parity never share a pixel there.
func pygameOffsets(n int) map[string][2]int {
	dx := 64
	if n == 64 {
		dx = 0
	}
	return map[string][2]int{"aligned": {dx, 10}, "unaligned": {37, 11}}
}

// BenchmarkPygameCases are the cases scripts/bench-pixels.sh times with
// pygame's Mask.overlap and Mask.overlap_area, on n x n checkerboards:
// Overlap on boards of opposite parity, which never meet, so the whole
// common area is scanned (the worst case), and OverlapArea on boards of
// the same parity.
func BenchmarkPygameCases(b *testing.B) {
	for _, op := range []string{"overlap", "area"} {
		for _, n := range benchSizes {
			a, even, odd := checker(n, n, 0), checker(n, n, 0), checker(n, n, 1)
			for _, align := range []string{"aligned", "unaligned"} {
				off := pygameOffsets(n)[align]
				b.Run(fmt.Sprintf("%s/%d/%s", op, n, align), func(b *testing.B) {
					b.ReportAllocs()
					if op == "overlap" {
						if Overlap(a, odd, off[0], off[1]) {
							b.Fatal("the boards meet: the scan would stop early")
						}
						t0, k := cpuNanos(), 0
						for b.Loop() {
							sinkBool = Overlap(a, odd, off[0], off[1])
							k++
						}
						reportCPU(b, t0, k)
						return
					}
					if OverlapArea(a, even, off[0], off[1]) == 0 {
						b.Fatal("the boards do not meet")
					}
					t0, k := cpuNanos(), 0
					for b.Loop() {
						sinkInt = OverlapArea(a, even, off[0], off[1])
						k++
					}
					reportCPU(b, t0, k)
				})
			}
		}
	}
}

var (
	sinkBool bool
	sinkInt  int
)
