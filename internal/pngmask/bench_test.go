package pngmask

import (
	"bytes"
	stdflate "compress/flate"
	"image/png"
	"io"
	"os"
	"syscall"
	"testing"
	"time"

	kflate "github.com/klauspost/compress/flate"
	"github.com/shapegen/shapegen/mask"
)

// corpus returns the bytes of every PNG of the corpus that image/png
// decodes, skipping the benchmark when the corpus is absent.
func corpus(b *testing.B) [][]byte {
	var files [][]byte
	for _, p := range pngFiles(b, corpusDir) {
		data, err := os.ReadFile(p)
		if err != nil {
			b.Fatal(err)
		}
		if _, err := png.Decode(bytes.NewReader(data)); err == nil {
			files = append(files, data)
		}
	}
	if len(files) == 0 {
		b.Skip("no corpus at " + corpusDir)
	}
	return files
}

// perImage reports the time per image of a loop over n images.
func perImage(b *testing.B, n int) {
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*n), "ns/image")
}

// BenchmarkCorpus decodes every corpus PNG to its mask at threshold 128,
// one goroutine, with Decode and with image/png and mask.FromImage (what
// the build does today):
//
//	go test ./internal/pngmask -run X -bench Corpus -count 6 -benchmem
func BenchmarkCorpus(b *testing.B) {
	files := corpus(b)
	b.Run("pngmask", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			for _, data := range files {
				if _, _, err := Decode(data, 128, 1<<30); err != nil {
					b.Fatal(err)
				}
			}
		}
		perImage(b, len(files))
	})
	b.Run("image_png", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			for _, data := range files {
				img, err := png.Decode(bytes.NewReader(data))
				if err != nil {
					b.Fatal(err)
				}
				mask.FromImage(img, 128)
			}
		}
		perImage(b, len(files))
	})
}

// BenchmarkCorpusRatio runs, in each iteration, Decode over the corpus and
// then image/png with mask.FromImage, back to back on one goroutine, so
// that both see the same load on a shared machine, and reports the time
// of each per image and the ratios Decode/image_png of wall and of CPU
// time (CPU time is less disturbed by other load):
//
//	go test ./internal/pngmask -run X -bench CorpusRatio -benchtime 5x -count 6
func BenchmarkCorpusRatio(b *testing.B) {
	files := corpus(b)
	var ours, theirs, oursCPU, theirsCPU time.Duration
	for b.Loop() {
		t0, c0 := time.Now(), cpuTime()
		for _, data := range files {
			if _, _, err := Decode(data, 128, 1<<30); err != nil {
				b.Fatal(err)
			}
		}
		t1, c1 := time.Now(), cpuTime()
		for _, data := range files {
			img, err := png.Decode(bytes.NewReader(data))
			if err != nil {
				b.Fatal(err)
			}
			mask.FromImage(img, 128)
		}
		ours, theirs = ours+t1.Sub(t0), theirs+time.Since(t1)
		oursCPU, theirsCPU = oursCPU+c1-c0, theirsCPU+cpuTime()-c1
	}
	n := float64(b.N * len(files))
	b.ReportMetric(float64(ours.Nanoseconds())/n, "pngmask-ns/image")
	b.ReportMetric(float64(theirs.Nanoseconds())/n, "image_png-ns/image")
	b.ReportMetric(ours.Seconds()/theirs.Seconds(), "ratio")
	b.ReportMetric(oursCPU.Seconds()/theirsCPU.Seconds(), "cpu-ratio")
}

// cpuTime returns the process's user+system CPU time so far.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// BenchmarkDecodeConfig reads the header of every corpus PNG, as the
// build does before it decodes an image's pixels:
//
//	go test ./internal/pngmask -run X -bench DecodeConfig -count 6
func BenchmarkDecodeConfig(b *testing.B) {
	files := corpus(b)
	b.ReportAllocs()
	for b.Loop() {
		for _, data := range files {
			if _, err := DecodeConfig(data); err != nil {
				b.Fatal(err)
			}
		}
	}
	perImage(b, len(files))
}

// BenchmarkInflate inflates the pixel data of every corpus PNG (the
// deflate stream inside the zlib wrapper, no checksum) with the standard
// library, with klauspost/compress (one reader reused) and with the
// inflater of this package:
//
//	go test ./internal/pngmask -run X -bench Inflate -count 6 -benchmem
func BenchmarkInflate(b *testing.B) {
	var streams [][]byte
	for _, data := range corpus(b) {
		var d decoder
		h, rest, err := header(data)
		d.Header = h
		if err == nil {
			err = d.chunks(rest)
		}
		if err != nil {
			b.Fatal(err)
		}
		var s []byte
		for _, c := range d.idat {
			s = append(s, c...)
		}
		streams = append(streams, s)
	}
	buf := make([]byte, 64<<10)
	inflate := func(b *testing.B, fr io.ReadCloser) {
		var src bytes.Reader
		b.ReportAllocs()
		for b.Loop() {
			for _, s := range streams {
				src.Reset(s[2:])
				fr.(stdflate.Resetter).Reset(&src, nil)
				for {
					if _, err := fr.Read(buf); err == io.EOF {
						break
					} else if err != nil {
						b.Fatal(err)
					}
				}
			}
		}
		perImage(b, len(streams))
	}
	b.Run("compress_flate", func(b *testing.B) { inflate(b, stdflate.NewReader(bytes.NewReader(nil))) })
	b.Run("klauspost", func(b *testing.B) { inflate(b, kflate.NewReader(bytes.NewReader(nil))) })
	b.Run("pngmask", func(b *testing.B) {
		var z inflater
		b.ReportAllocs()
		for b.Loop() {
			for _, s := range streams {
				if err := z.reset(s, []int{len(s)}, 0); err != nil {
					b.Fatal(err)
				}
				for z.state != stateDone {
					z.r, z.summed = z.w, z.w // discard the output, unchecked
					z.slide()
					if err := z.inflate(len(z.buf) - margin); err != nil {
						b.Fatal(err)
					}
				}
			}
		}
		perImage(b, len(streams))
	})
}
