package pipeline

import (
	"context"
	"fmt"
	"image"
	"image/color"
	"image/draw"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/shapegen/shapegen/internal/config"
)

// rects returns an asset folder of n rectangles, r/000.png on, and its
// configuration: each is opaque but for a border, of a size no other
// has.
func rects(t *testing.T, n int) (string, config.Config) {
	t.Helper()
	dir := t.TempDir()
	for i := range n {
		writePNG(t, dir, fmt.Sprintf("r/%03d.png", i), rect(i))
	}
	cfg, err := config.Load(dir)
	if err != nil {
		t.Fatal(err)
	}
	return dir, cfg
}

// rect returns the rectangle r/i.png of rects.
func rect(i int) *image.NRGBA {
	w, h := 2+i%30, 2+i/30
	img := image.NewNRGBA(image.Rect(0, 0, w+2, h+2))
	for y := 1; y <= h; y++ {
		for x := 1; x <= w; x++ {
			img.Set(x, y, color.NRGBA{10, 200, 10, 255})
		}
	}
	return img
}

// notFresh returns those of shapes.json and the report's files of
// output folder out that differ from a build of dir with cfg without
// cache.
func notFresh(t *testing.T, dir, out string, cfg config.Config) []string {
	t.Helper()
	fresh := t.TempDir()
	if _, err := Build(context.Background(), Options{Dir: dir, Out: fresh, Config: cfg, NoCache: true}); err != nil {
		t.Fatal(err)
	}
	return differing(out, fresh, reportFiles(fresh, "shapes.json"))
}

// damageRecords flips a bit in every record of the cache in output
// folder out, and returns how many it damaged.
func damageRecords(t *testing.T, out string) int {
	t.Helper()
	c, err := openStore(out, false)
	if err != nil {
		t.Fatal(err)
	}
	recs := c.recs.Name()
	b, err := os.ReadFile(recs)
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, x := range c.old {
		if x.e.Loc.Len > 0 {
			b[x.e.Loc.Off+x.e.Loc.Len/2] ^= 0x04
			n++
		}
	}
	c.close()
	if err := os.WriteFile(recs, b, 0o644); err != nil {
		t.Fatal(err)
	}
	return n
}

// TestShardRebuildDamaged: a shard rebuild whose records are all
// damaged leaves none damaged for merge, which copies every record; the
// merged outputs equal a build without cache.
func TestShardRebuildDamaged(t *testing.T) {
	dir, cfg := rects(t, 300)
	out := t.TempDir()
	opts := Options{Dir: dir, Out: out, Config: cfg, Shard: Shard{1, 1}}
	if _, err := Build(context.Background(), opts); err != nil {
		t.Fatal(err)
	}
	if n := damageRecords(t, out); n != 300 {
		t.Fatalf("%d records damaged, want 300", n)
	}
	writePNG(t, dir, "zz-new.png", picture("##.", "###"))
	if _, err := Build(context.Background(), opts); err != nil {
		t.Fatal(err)
	}
	merged := t.TempDir()
	if _, err := Merge(context.Background(), MergeOptions{Shards: []string{out}, Out: merged}); err != nil {
		t.Fatalf("Merge: %v", err)
	}
	if d := notFresh(t, dir, merged, cfg); len(d) > 0 {
		t.Errorf("%q differ from a build without cache", d)
	}
}

// TestCardsRecordDamaged: a rebuild whose record of the cards is
// damaged in its last card's place (the bytes before the CRC-32C that
// ends it) does not use the record, and writes what a build without
// cache writes; with a place that points at other bytes the copied card
// would be wrong or refused.
func TestCardsRecordDamaged(t *testing.T) {
	for _, c := range []struct {
		name string
		last func(byte) byte
	}{
		{"not a place", func(byte) byte { return 0x80 }},         // a varint that goes on past the end
		{"another place", func(b byte) byte { return b ^ 0x02 }}, // the last card 2 bytes longer or shorter
	} {
		t.Run(c.name, func(t *testing.T) {
			dir, cfg := rects(t, 300)
			out := t.TempDir()
			build(t, dir, out, cfg, 0)
			p := filepath.Join(out, CacheDir, cardsName)
			b, err := os.ReadFile(p)
			if err != nil {
				t.Fatal(err)
			}
			// The last varint before the CRC-32C, r/299's card's length: its
			// first byte holds the low bits.
			i := len(b) - 5
			for b[i-1] >= 0x80 {
				i--
			}
			b[i] = c.last(b[i])
			if err := os.WriteFile(p, b, 0o644); err != nil {
				t.Fatal(err)
			}
			writePNG(t, dir, "zz-new.png", picture("##.", "###"))
			if _, err := Build(context.Background(), Options{Dir: dir, Out: out, Config: cfg}); err != nil {
				t.Fatalf("rebuild: %v", err)
			}
			if d := notFresh(t, dir, out, cfg); len(d) > 0 {
				t.Errorf("%q differ from a build without cache", d)
			}
		})
	}
}

// TestEngineNotesDamaged: with an engine format, which reads every
// record again after the library and the report, a rebuild whose records
// are all damaged computes each again and says so once for each.
func TestEngineNotesDamaged(t *testing.T) {
	dir, cfg := rects(t, 300)
	out := t.TempDir()
	cfg.Formats = []string{"json", "lua"}
	build(t, dir, out, cfg, 0)
	if n := damageRecords(t, out); n != 300 {
		t.Fatalf("%d records damaged, want 300", n)
	}
	writePNG(t, dir, "zz-new.png", picture("##.", "###"))
	res, _ := build(t, dir, out, cfg, 0)
	noted := map[string]int{}
	for _, note := range res.Notes {
		if strings.Contains(note, "was damaged") {
			noted[note]++
		}
	}
	for note, n := range noted {
		if n > 1 {
			t.Errorf("%q %d times", note, n)
		}
	}
	if len(noted) != 300 {
		t.Errorf("%d records noted damaged, want 300", len(noted))
	}
}

// TestRebuildsLikeFresh rebuilds 300 rectangles and some copies of them
// (same_as), in every library format, after changes: copies added of
// unchanged sprites, the library's first sprite removed (the next is
// first) or added, a card file removed, an image renamed, previews and
// the alpha threshold (the report's CardKey) changed. The outputs equal
// a build without cache after each.
func TestRebuildsLikeFresh(t *testing.T) {
	dir, cfg := rects(t, 300)
	cfg.Formats = []string{"json", "yaml", "compact"}
	out := t.TempDir()
	for _, c := range []struct {
		name string
		i    int
	}{{"r/005b", 5}, {"r/010b", 10}, {"s/250", 250}, {"s/260", 260}} {
		writePNG(t, dir, c.name+".png", rect(c.i))
	}
	remove := func(rel string) func() {
		return func() {
			if err := os.Remove(filepath.Join(dir, rel)); err != nil {
				t.Fatal(err)
			}
		}
	}
	for _, st := range []struct {
		name   string
		change func()
	}{
		{"cold", func() {}},
		{"copies of unchanged sprites added", func() {
			writePNG(t, dir, "s/270.png", rect(270))
			writePNG(t, dir, "s/000.png", rect(0))
		}},
		{"the first removed", remove("r/000.png")},
		{"a first added", func() { writePNG(t, dir, "a.png", rect(1)) }},
		{"a card file removed", func() { os.Remove(filepath.Join(out, "report", "cards-0002.js")) }},
		{"an image renamed", func() {
			if err := os.Rename(filepath.Join(dir, "r/280.png"), filepath.Join(dir, "r/280x.png")); err != nil {
				t.Fatal(err)
			}
		}},
		{"the copied sprite removed", remove("r/250.png")},
		{"yaml off", func() { cfg.Formats = []string{"json", "compact"} }},
		{"yaml on", func() { cfg.Formats = []string{"json", "yaml", "compact"} }},
		{"previews on", func() { cfg.Preview = true }},
		{"previews off", func() { cfg.Preview = false }},
		{"alpha threshold", func() { cfg.AlphaThreshold = 100 }},
		{"nothing", func() {}},
	} {
		st.change()
		if _, err := Build(context.Background(), Options{Dir: dir, Out: out, Config: cfg}); err != nil {
			t.Fatalf("%s: %v", st.name, err)
		}
		fresh := t.TempDir()
		if _, err := Build(context.Background(), Options{Dir: dir, Out: fresh, Config: cfg, NoCache: true}); err != nil {
			t.Fatal(err)
		}
		var files []string
		for _, f := range libraryFiles {
			if slices.Contains(cfg.Formats, f.format) {
				files = append(files, f.file)
			}
		}
		if d := differing(out, fresh, reportFiles(fresh, files...)); len(d) > 0 {
			t.Errorf("%s: %q differ from a build without cache", st.name, d)
		}
	}
}

// TestSheetDamaged: a sheet of 300 frames (islands) whose record is
// damaged is computed again once, not once for each frame; the outputs
// equal a build without cache.
func TestSheetDamaged(t *testing.T) {
	dir, out := t.TempDir(), t.TempDir()
	img := image.NewNRGBA(image.Rect(0, 0, 20*40, 15*40))
	for i := range 300 {
		r := rect(i)
		draw.Draw(img, r.Bounds().Add(image.Pt(i%20*40, i/20*40)), r, image.Point{}, draw.Src)
	}
	writePNG(t, dir, "r/sheet.png", img)
	cfg, err := config.Load(dir)
	if err != nil {
		t.Fatal(err)
	}
	cfg.Slice = config.SliceIslands
	build(t, dir, out, cfg, 0)
	if n := damageRecords(t, out); n != 1 {
		t.Fatalf("%d records damaged, want 1", n)
	}
	writePNG(t, dir, "zz-new.png", picture("##.", "###"))
	if _, n := build(t, dir, out, cfg, 0); n != 2 {
		t.Errorf("the rebuild decoded %d images, want 2 (the sheet once, and zz-new.png)", n)
	}
	if d := notFresh(t, dir, out, cfg); len(d) > 0 {
		t.Errorf("%q differ from a build without cache", d)
	}
}
