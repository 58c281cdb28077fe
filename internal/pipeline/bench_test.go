package pipeline

import (
	"context"
	"image/png"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/shapegen/shapegen/internal/config"
)

// corpus is the shared art; benchmarks skip without it.
const corpus = "../../../shared/corpus/platformer-art"

func corpusPNGs(b *testing.B) []string {
	if _, err := os.Stat(corpus); err != nil {
		b.Skip("corpus absent:", err)
	}
	var files []string
	filepath.Walk(corpus, func(p string, fi os.FileInfo, err error) error {
		if err == nil && !fi.IsDir() && strings.EqualFold(filepath.Ext(p), ".png") {
			files = append(files, p)
		}
		return nil
	})
	return files
}

// decodeAll decodes files with image/png on GOMAXPROCS workers.
func decodeAll(b *testing.B, files []string) {
	err := each(context.Background(), len(files), 0, func(i int) error {
		f, err := os.Open(files[i])
		if err != nil {
			return err
		}
		defer f.Close()
		_, err = png.Decode(f)
		return err
	}, nil)
	if err != nil {
		b.Fatal(err)
	}
}

// BenchmarkCorpusRatio runs, in each iteration, a decode-only pass and a
// cold build back to back, so that both see the same machine load, and
// reports their times and the ratio build/decode (the target is <= 1.5):
//
//	go test ./internal/pipeline -run '^$' -bench CorpusRatio -benchtime 10x
func BenchmarkCorpusRatio(b *testing.B) {
	files := corpusPNGs(b)
	cfg := config.Default()
	out := b.TempDir()
	var dec, cold, decCPU, coldCPU time.Duration
	for b.Loop() {
		t0, c0 := time.Now(), cpuTime()
		decodeAll(b, files)
		t1, c1 := time.Now(), cpuTime()
		if _, err := Build(context.Background(), Options{Dir: corpus, Out: out, Config: cfg, NoCache: true}); err != nil {
			b.Fatal(err)
		}
		dec, cold = dec+t1.Sub(t0), cold+time.Since(t1)
		decCPU, coldCPU = decCPU+c1-c0, coldCPU+cpuTime()-c1
	}
	b.ReportMetric(float64(dec.Milliseconds())/float64(b.N), "decode-ms/op")
	b.ReportMetric(float64(cold.Milliseconds())/float64(b.N), "cold-ms/op")
	b.ReportMetric(cold.Seconds()/dec.Seconds(), "cold/decode")
	// CPU time (user+system) is less disturbed by other load on the
	// machine than wall time.
	b.ReportMetric(coldCPU.Seconds()/decCPU.Seconds(), "cpu-cold/decode")
}

// cpuTime returns the process's user+system CPU time so far.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// BenchmarkCorpus compares, on the shared corpus and the same number of
// workers (GOMAXPROCS), only decoding every PNG with image/png against a
// cold build (no cache, no previews), the same with previews, and a warm
// re-run with nothing changed. The figures of the README come from
//
//	go test ./internal/pipeline -run '^$' -bench Corpus -benchtime 5x -count 3
func BenchmarkCorpus(b *testing.B) {
	files := corpusPNGs(b)
	cfg := config.Default()
	b.Run("DecodeOnly", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			decodeAll(b, files)
		}
	})
	b.Run("ColdBuild", func(b *testing.B) {
		b.ReportAllocs()
		out := b.TempDir()
		for b.Loop() {
			if _, err := Build(context.Background(), Options{Dir: corpus, Out: out, Config: cfg, NoCache: true}); err != nil {
				b.Fatal(err)
			}
		}
	})
	// With previews, the contact sheets and the report's 1x images: the
	// target is at most twice ColdBuild.
	b.Run("ColdPreview", func(b *testing.B) {
		b.ReportAllocs()
		out := b.TempDir()
		withPreview := cfg
		withPreview.Preview = true
		for b.Loop() {
			if _, err := Build(context.Background(), Options{Dir: corpus, Out: out, Config: withPreview, NoCache: true}); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("WarmBuild", func(b *testing.B) {
		b.ReportAllocs()
		out := b.TempDir()
		if _, err := Build(context.Background(), Options{Dir: corpus, Out: out, Config: cfg}); err != nil {
			b.Fatal(err)
		}
		for b.Loop() {
			res, err := Build(context.Background(), Options{Dir: corpus, Out: out, Config: cfg})
			if err != nil || res.Decoded != 0 {
				b.Fatalf("warm build: %v, decoded %d", err, res.Decoded)
			}
		}
	})
}

// BenchmarkReadCorpus reads every corpus PNG as a build reads an image
// (readCapped, into one reused buffer), one goroutine, and reports the
// process's CPU time per pass, the system's included: opening and
// reading a file is mostly system time.
//
//	go test ./internal/pipeline -run '^$' -bench ReadCorpus -count 6
func BenchmarkReadCorpus(b *testing.B) {
	files := corpusPNGs(b)
	var rels []string
	for _, p := range files {
		rel, err := filepath.Rel(corpus, p)
		if err != nil {
			b.Fatal(err)
		}
		rels = append(rels, filepath.ToSlash(rel))
	}
	var buf []byte
	c0 := cpuTime()
	for b.Loop() {
		for _, rel := range rels {
			var err error
			if buf, err = readCapped(corpus, rel, buf[:0], 1<<30, true); err != nil {
				b.Fatal(err)
			}
		}
	}
	b.ReportMetric(float64((cpuTime()-c0).Microseconds())/1000/float64(b.N), "cpu-ms/op")
}
