package pipeline

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/shapegen/shapegen/export/report"
	"github.com/shapegen/shapegen/internal/config"
)

// TestSummary builds the test sprites (frames, atlases, empty sprites,
// notes) and builds them again: the second build finds nothing changed
// and takes its Result from the summary, equal to the Result of the same
// build made the long way (summary removed). Then each thing that may
// change what a build finds sends it the long way again: an output file
// gone, the settings, the cache index, an image, an atlas data file, an
// image added.
func TestSummary(t *testing.T) {
	dir, out := t.TempDir(), t.TempDir()
	if err := os.CopyFS(dir, os.DirFS(sprites)); err != nil {
		t.Fatal(err)
	}
	cfg, err := config.Load(dir)
	if err != nil {
		t.Fatal(err)
	}
	cold, _ := build(t, dir, out, cfg, 0)
	if cold.replayed {
		t.Fatal("a cold build took its Result from a summary")
	}
	warm, n := build(t, dir, out, cfg, 0)
	if !warm.replayed || n != 0 || warm.Wrote {
		t.Fatalf("warm build: replayed %v, decoded %d, wrote %v; want true, 0, false", warm.replayed, n, warm.Wrote)
	}
	cache := filepath.Join(out, CacheDir)
	if err := os.Remove(filepath.Join(cache, summaryName)); err != nil {
		t.Fatal(err)
	}
	long, _ := build(t, dir, out, cfg, 0)
	if long.replayed {
		t.Fatal("a build without a summary replayed one")
	}
	if a, b := comparable(warm), comparable(long); !reflect.DeepEqual(a, b) {
		t.Errorf("Result from the summary:\n%+v\nthe same build made the long way:\n%+v", a, b)
	}
	if r, _ := build(t, dir, out, cfg, 0); !r.replayed {
		t.Fatal("the build made the long way wrote no summary")
	}
	if r, err := Build(context.Background(), Options{Dir: dir, Out: out, Config: cfg, NoCache: true}); err != nil || r.replayed {
		t.Fatalf("--no-cache: replayed %v, %v; want the long way", r != nil && r.replayed, err)
	}
	if r, _ := build(t, dir, out, cfg, 0); !r.replayed {
		t.Fatal("the build after --no-cache did not replay its summary")
	}

	changes := []struct {
		name   string
		change func(cfg *config.Config)
		want   func(r *Result, decoded int) bool
	}{
		{"shapes.json removed", func(*config.Config) { os.Remove(filepath.Join(out, "shapes.json")) },
			func(r *Result, _ int) bool { return r.Wrote }},
		{"settings changed", func(cfg *config.Config) { cfg.Formats = append(cfg.Formats, "lua") },
			func(r *Result, _ int) bool { return r.Wrote }},
		{"cache index touched", func(*config.Config) {
			later := time.Now().Add(time.Hour)
			os.Chtimes(filepath.Join(cache, indexName), later, later)
		}, func(r *Result, _ int) bool { return !r.Wrote }},
		{"image rewritten", func(*config.Config) {
			writePNG(t, dir, "tiny.png", picture("##", "##"))
		}, func(r *Result, n int) bool { return n == 1 && r.Wrote }},
		{"atlas data touched", func(*config.Config) {
			later := time.Now().Add(2 * time.Hour)
			os.Chtimes(filepath.Join(dir, "atlas/props.json"), later, later)
		}, func(r *Result, n int) bool { return n == 0 && !r.Wrote }}, // found again by content
		{"image added", func(*config.Config) {
			writePNG(t, dir, "added.png", picture("#."))
		}, func(r *Result, n int) bool { return n == 1 && r.Wrote }},
	}
	for _, c := range changes {
		c.change(&cfg)
		r, n := build(t, dir, out, cfg, 0)
		if r.replayed || !c.want(r, n) {
			t.Errorf("%s: replayed %v, decoded %d, wrote %v", c.name, r.replayed, n, r.Wrote)
		}
		if r, _ := build(t, dir, out, cfg, 0); !r.replayed {
			t.Errorf("%s: the build after it did not replay its summary", c.name)
		}
	}
}

// comparable returns r without what differs between two builds that
// found the same: the time taken and how the Result was made.
func comparable(r *Result) Result {
	c := *r
	c.Elapsed, c.replayed = 0, false
	return c
}

// TestChangeWatch: the walk's watch calls its function once, from
// whichever goroutine first sees a file changed at or after its time,
// and not at all when none is.
func TestChangeWatch(t *testing.T) {
	for _, newest := range []int64{99, 100, 250} {
		var calls atomic.Int32
		w := &changeWatch{since: 100, fn: func() { calls.Add(1) }}
		var wg sync.WaitGroup
		for g := range 8 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				for i := range 1000 {
					w.saw(fileStat{Change: int64((i + g) % 100)}) // all before since
				}
				w.saw(fileStat{Change: newest})
			}()
		}
		wg.Wait()
		want := int32(0)
		if newest >= 100 {
			want = 1
		}
		if calls.Load() != want || w.fired != (want == 1) {
			t.Errorf("newest %d: called %d times, fired %v; want %d", newest, calls.Load(), w.fired, want)
		}
	}
	var none *changeWatch
	none.saw(fileStat{Change: 1 << 62}) // a walk without a watch
}

// TestSummaryWatch: a warm build does not read the cache; a build after
// an image changed starts reading it during the walk; and one whose
// summary looks older than every file (so the watch fires) but finds
// nothing changed still takes its Result from the summary.
func TestSummaryWatch(t *testing.T) {
	dir, cfg := spritesCopy(t)
	out := t.TempDir()
	run := func() (*Result, int, bool) {
		t.Helper()
		watched := false
		opts := Options{Dir: dir, Out: out, Config: cfg, watched: func() { watched = true }}
		var n atomic.Int32
		opts.decoded = func(string) { n.Add(1) }
		res, err := Build(context.Background(), opts)
		if err != nil {
			t.Fatal(err)
		}
		return res, int(n.Load()), watched
	}
	run()
	if res, n, watched := run(); !res.replayed || n != 0 || watched {
		t.Fatalf("warm build: replayed %v, decoded %d, watched %v; want true, 0, false", res.replayed, n, watched)
	}
	time.Sleep(20 * time.Millisecond) // past the file system's clock tick
	markRing(t, dir)
	if res, n, watched := run(); res.replayed || n != 1 || !watched {
		t.Fatalf("after an image changed: replayed %v, decoded %d, watched %v; want false, 1, true", res.replayed, n, watched)
	}
	old := time.Date(2000, 1, 1, 0, 0, 0, 0, time.UTC)
	if err := os.Chtimes(filepath.Join(out, CacheDir, summaryName), old, old); err != nil {
		t.Fatal(err)
	}
	fds := func() int { // open files, where /proc says (-1 elsewhere)
		ents, err := os.ReadDir("/proc/self/fd")
		if err != nil {
			return -1
		}
		return len(ents)
	}
	before := fds()
	if res, n, watched := run(); !res.replayed || n != 0 || !watched {
		t.Fatalf("a summary older than the files, nothing changed: replayed %v, decoded %d, watched %v; want true, 0, true", res.replayed, n, watched)
	}
	if after := fds(); after != before {
		t.Errorf("%d files open before the build, %d after: the cache it started reading was left open", before, after)
	}
}

// TestMovedAssets builds a folder, then the same files moved to another
// folder and copied to a third, into the same output folder: the report
// and Tiled's tilesets name the asset folder, so each build must write
// what a build from scratch of that folder writes, not keep the outputs
// (the summary, and the outputs' digest) of the folder before.
func TestMovedAssets(t *testing.T) {
	root := t.TempDir()
	a, b, c := filepath.Join(root, "a"), filepath.Join(root, "b"), filepath.Join(root, "c")
	copyTree(t, sprites, a)
	cfg, err := config.Load(a)
	if err != nil {
		t.Fatal(err)
	}
	cfg.Formats = config.Formats
	out := filepath.Join(root, "out")
	build(t, a, out, cfg, 2)
	if err := os.Rename(a, b); err != nil {
		t.Fatal(err)
	}
	copyTree(t, b, c)
	for _, dir := range []string{b, c} {
		build(t, dir, out, cfg, 2)
		got := outputTree(t, out)
		fresh := filepath.Join(root, "fresh")
		if err := os.Rename(out, fresh); err != nil {
			t.Fatal(err)
		}
		build(t, dir, out, cfg, 2)
		want := outputTree(t, out)
		if err := os.RemoveAll(fresh); err != nil {
			t.Fatal(err)
		}
		if !bytes.Contains(want[report.HTMLFile], []byte(`"imageDir":"../`+filepath.Base(dir)+`"`)) {
			t.Fatalf("%s: a build from scratch names no image folder ../%s in its report", dir, filepath.Base(dir))
		}
		for name, w := range want {
			if !bytes.Equal(got[name], w) {
				t.Errorf("after the assets moved to %s: %s differs from a build from scratch", filepath.Base(dir), name)
			}
		}
		if len(got) != len(want) {
			t.Errorf("after the assets moved to %s: %d files, a build from scratch %d", filepath.Base(dir), len(got), len(want))
		}
	}
}

// TestWalkDigestParts changes one image's path, data file or stat data
// in every part walkDigest hashes apart, the last one short, and sees the
// digest change each time; an image without stat data in the last part
// leaves no digest.
func TestWalkDigestParts(t *testing.T) {
	cfg := config.Default()
	n := 2*digestPart + 5
	srcs := make([]source, n)
	for i := range srcs {
		st := fileStat{Size: int64(i), Mod: 1, Change: 2, Ino: int64(i + 1), Dev: 3}
		srcs[i] = source{rel: fmt.Sprintf("s/%06d.png", i), stat: &st}
	}
	base, ok := walkDigest(&cfg, srcs)
	if !ok {
		t.Fatal("walkDigest: no digest with every stat known")
	}
	seen := map[string]int{base: -1}
	for _, i := range []int{0, digestPart - 1, digestPart, 2*digestPart + 4} {
		old, st := srcs[i], *srcs[i].stat
		for _, change := range []func(){
			func() { srcs[i].rel += "x" },
			func() { srcs[i].data = "s/list.json" },
			func() { srcs[i].stat.Mod++ },
			func() { srcs[i].stat.DataDev = 9 },
		} {
			change()
			d, ok := walkDigest(&cfg, srcs)
			if j, dup := seen[d]; !ok || dup {
				t.Errorf("image %d changed: digest %s, %v, as after change %d", i, d, ok, j)
			}
			seen[d] = i
			srcs[i], *old.stat = old, st
		}
	}
	if d, _ := walkDigest(&cfg, srcs); d != base {
		t.Errorf("the same images: %s, want %s", d, base)
	}
	srcs[n-1].stat = &fileStat{Size: 1}
	if d, ok := walkDigest(&cfg, srcs); ok {
		t.Errorf("an image without change time and inode: %s, want no digest", d)
	}
}
