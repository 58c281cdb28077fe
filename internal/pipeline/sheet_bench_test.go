package pipeline

import (
	"context"
	"image"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/shapegen/shapegen/export"
	"github.com/shapegen/shapegen/internal/config"
)

// BenchmarkContactSheets times, on the shared corpus' library and 1x
// images, what --preview spends on contact sheets beyond the previews:
// drawing and keeping every sprite's tile as a worker does (one op = all
// 1,139 tiles), and writing the three sheets from the kept tiles (one op =
// all sheets):
//
//	go test ./internal/pipeline -run '^$' -bench ContactSheets -count 6
func BenchmarkContactSheets(b *testing.B) {
	if _, err := os.Stat(corpus); err != nil {
		b.Skip("corpus absent:", err)
	}
	out := b.TempDir()
	cfg := config.Default()
	cfg.Preview = true
	if _, err := Build(context.Background(), Options{Dir: corpus, Out: out, Config: cfg, NoCache: true}); err != nil {
		b.Fatal(err)
	}
	lib, err := export.Load(filepath.Join(out, "shapes.json"))
	if err != nil {
		b.Fatal(err)
	}
	threshold := lib.Settings.AlphaThreshold
	imgs := make([]image.Image, len(lib.Sprites))
	sprites := make([]export.Sprite, len(lib.Sprites))
	for i, sp := range lib.Sprites {
		imgs[i] = mustDecode(b, previewPath(out, SpriteDir, sp.Name))
		// The 1x image is in the sprite's own space.
		sp.Offset, sp.Rotated = nil, false
		sprites[i] = sp
	}
	// keep returns the kept tiles and the memory they take.
	keep := func() (map[string]image.Image, int64) {
		w := &worker{}
		tiles := map[string]image.Image{}
		for i := range sprites {
			tiles[sprites[i].Name] = w.tile(imgs[i], nil, &sprites[i], threshold)
		}
		return tiles, w.tileBytes.Load()
	}
	b.Run("tiles", func(b *testing.B) {
		b.ReportAllocs()
		c0 := cpuTime()
		var kept int64
		for b.Loop() {
			_, kept = keep()
		}
		reportCPU(b, cpuTime()-c0)
		b.ReportMetric(float64(kept)/(1<<20), "kept-MB")
	})
	tiles, _ := keep()
	b.Run("sheets", func(b *testing.B) {
		b.ReportAllocs()
		c0 := cpuTime()
		for b.Loop() {
			if err := writeContactSheets(out, lib, tiles); err != nil {
				b.Fatal(err)
			}
		}
		reportCPU(b, cpuTime()-c0)
	})
}

// reportCPU reports the process's CPU time per op, cpu having been spent
// over all ops: the sheets are written on all cores, and CPU time is less
// disturbed than wall time by other load on the machine.
func reportCPU(b *testing.B, cpu time.Duration) {
	b.ReportMetric(cpu.Seconds()*1000/float64(b.N), "cpu-ms/op")
}
