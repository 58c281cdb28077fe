//go:build unix

package pipeline

import (
	"os"
	"syscall"
	"testing"
	"time"

	"github.com/shapegen/shapegen/internal/config"
)

// BenchmarkWalk walks a folder as a warm build does, the shared corpus
// or the folder SHAPEGEN_BENCH_WALK names (scale.sh's 100,000 copies),
// and reports the process's user and system CPU time an op beside the
// wall time: the walk is mostly system calls, and the user part is what
// the code decides.
//
//	SHAPEGEN_BENCH_WALK=DIR go test ./internal/pipeline -run '^$' -bench Walk -count 10
func BenchmarkWalk(b *testing.B) {
	dir := os.Getenv("SHAPEGEN_BENCH_WALK")
	if dir == "" {
		dir = "../../../shared/corpus"
	}
	if _, err := os.Stat(dir); err != nil {
		b.Skip("no folder to walk:", err)
	}
	cfg := config.Default()
	var ru0, ru1 syscall.Rusage
	syscall.Getrusage(syscall.RUSAGE_SELF, &ru0)
	for b.Loop() {
		if _, err := walk(dir, "", &cfg, false); err != nil {
			b.Fatal(err)
		}
	}
	syscall.Getrusage(syscall.RUSAGE_SELF, &ru1)
	perOp := func(a, b syscall.Timeval, n int) float64 {
		return float64(time.Duration(b.Nano()-a.Nano()).Microseconds()) / 1000 / float64(n)
	}
	b.ReportMetric(perOp(ru0.Utime, ru1.Utime, b.N), "user-ms/op")
	b.ReportMetric(perOp(ru0.Stime, ru1.Stime, b.N), "sys-ms/op")
}
