package pipeline

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"image"
	"image/png"
	"os"
	"path"
	"path/filepath"
	"runtime"
	"sort"
	"strings"
	"sync"
	"time"

	"github.com/shapegen/shapegen/export"
	"github.com/shapegen/shapegen/internal/atlas"
	"github.com/shapegen/shapegen/internal/config"
	"github.com/shapegen/shapegen/mask"
)

// Version is shapegen's version; it is written into every library as
// "shapegen <Version>" and is part of every cache key.
const Version = "0.1.0"

// Generator is the library's "generator" value.
const Generator = "shapegen " + Version

// Options says what Build does.
type Options struct {
	// Dir is the asset folder; Out the output folder (created if needed).
	Dir, Out string
	// Config holds the settings (shapegen.yaml with the flags applied).
	Config config.Config
	// Workers is how many images are decoded at once; 0 means GOMAXPROCS.
	Workers int
	// NoCache makes Build ignore (but still refresh) the cache.
	NoCache bool
	// Progress, when not nil, is called after each image, from one
	// goroutine at a time.
	Progress func(Progress)
	// decoded, when not nil, is called for each image decoded (tests
	// count decodes with it).
	decoded func(rel string)
}

// Progress is the state of a running build.
type Progress struct {
	// Done of Total images are finished; Image is the last one.
	Done, Total int
	Image       string
}

// Result is what a build did.
type Result struct {
	// Library is the library written (also when some sprites failed).
	Library *export.Library
	// Failures are one line each, a file or sprite and the cause, sorted.
	Failures []string
	// Images is the number of image files read, Frames the number of
	// sprites that are frames of sheets or atlases.
	Images, Frames int
	// Empty lists the sprites with no opaque pixel.
	Empty []string
	// Decoded counts the images decoded; the rest came from the cache.
	Decoded int
	// Elapsed is the wall time of the build.
	Elapsed time.Duration
}

// Failed reports whether some file or sprite failed.
func (r *Result) Failed() bool { return len(r.Failures) > 0 }

// Worst returns up to n sprites with the highest polygon pair_fp_rate,
// worst first (ties by name).
func (r *Result) Worst(n int) []export.Sprite {
	var s []export.Sprite
	for _, sp := range r.Library.Sprites {
		if _, ok := sp.Quality["polygon"]; ok {
			s = append(s, sp)
		}
	}
	sort.SliceStable(s, func(i, j int) bool {
		return s[i].Quality["polygon"].PairFPRate > s[j].Quality["polygon"].PairFPRate
	})
	return s[:min(n, len(s))]
}

// outcome is what processing one image gave.
type outcome struct {
	sprites []export.Sprite
	// fails are one-line failures of the image or its sprites.
	fails   []string
	decoded bool
	// entry is the image's cache entry, zero when it must not be cached.
	entry entry
}

// Build reads every image under opts.Dir, computes and verifies its
// sprites' shapes and writes the library (and, as the settings ask, the
// YAML library, previews and the report) into opts.Out. Failures of
// single files or sprites are in the Result; the error is for failures of
// the whole build (the folder cannot be read, an output cannot be
// written).
func Build(ctx context.Context, opts Options) (*Result, error) {
	start := time.Now()
	cfg := &opts.Config
	if err := cfg.Validate(); err != nil {
		return nil, err
	}
	if err := os.MkdirAll(opts.Out, 0o755); err != nil {
		return nil, err
	}
	srcs, err := walk(opts.Dir, opts.Out, cfg)
	if err != nil {
		return nil, err
	}
	c := openCache(opts.Out, opts.NoCache)
	outs := make([]outcome, len(srcs))
	w := &worker{opts: &opts, cache: c}
	// Largest files first, so that no core is left with a big sheet at
	// the end while the others idle; results stay in path order.
	order := make([]int, len(srcs))
	for i := range order {
		order[i] = i
	}
	sort.SliceStable(order, func(a, b int) bool { return srcs[order[a]].size > srcs[order[b]].size })
	if err := parallel(ctx, len(srcs), opts.Workers, func(k int) {
		outs[order[k]] = w.process(srcs[order[k]])
	}, func(done, k int) {
		if opts.Progress != nil {
			opts.Progress(Progress{Done: done, Total: len(srcs), Image: srcs[order[k]].rel})
		}
	}); err != nil {
		return nil, err
	}

	res := &Result{Images: len(srcs)}
	lib := &export.Library{
		Format:    export.Format,
		Generator: Generator,
		Settings: export.Settings{
			AlphaThreshold: cfg.AlphaThreshold, MaxVertices: cfg.MaxVertices, MaxPieces: cfg.MaxPieces,
			Samples: cfg.Samples, Seed: cfg.Seed,
		},
		Sprites: []export.Sprite{},
	}
	seen := map[string]string{}
	for i, o := range outs {
		res.Failures = append(res.Failures, o.fails...)
		if o.decoded {
			res.Decoded++
		}
		c.keep(srcs[i].rel, o.entry)
		for _, sp := range o.sprites {
			if prev, dup := seen[sp.Name]; dup {
				res.Failures = append(res.Failures, fmt.Sprintf("%s: sprite name %q is also made by %s", sp.Image, sp.Name, prev))
				continue
			}
			seen[sp.Name] = sp.Image
			if sp.Name != strings.TrimSuffix(sp.Image, path.Ext(sp.Image)) {
				res.Frames++
			}
			if sp.Pixels == 0 {
				res.Empty = append(res.Empty, sp.Name)
			}
			lib.Sprites = append(lib.Sprites, sp)
		}
	}
	sort.Slice(lib.Sprites, func(i, j int) bool { return lib.Sprites[i].Name < lib.Sprites[j].Name })
	sort.Strings(res.Empty)
	sort.Strings(res.Failures)
	res.Library = lib
	files := outputFiles(cfg)
	sum := outputsSum(cfg, srcs, outs, res.Failures)
	// The cache is saved while the outputs are written.
	saved := make(chan error, 1)
	go func() { saved <- c.save() }()
	if !c.outputsCurrent(opts.Out, sum, files) {
		err := writeOutputs(opts.Out, cfg, lib, res.Failures)
		if err == nil {
			err = c.wrote(opts.Out, sum, files)
		}
		if err != nil {
			<-saved
			return nil, err
		}
	}
	if err := <-saved; err != nil {
		return nil, err
	}
	res.Elapsed = time.Since(start)
	return res, nil
}

// parallel runs do(i) for i in [0, n) on workers goroutines (GOMAXPROCS
// when workers <= 0) and calls done(count, i) after each, from the calling
// goroutine. It stops early and returns ctx's error when ctx ends.
func parallel(ctx context.Context, n, workers int, do func(i int), done func(count, i int)) error {
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	jobs := make(chan int)
	fin := make(chan int)
	var wg sync.WaitGroup
	for range min(workers, max(n, 1)) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range jobs {
				do(i)
				fin <- i
			}
		}()
	}
	go func() {
		defer close(jobs)
		for i := range n {
			select {
			case jobs <- i:
			case <-ctx.Done():
				return
			}
		}
	}()
	go func() { wg.Wait(); close(fin) }()
	count := 0
	for i := range fin {
		count++
		done(count, i)
	}
	return ctx.Err()
}

// worker processes images; it is shared by the goroutines of a build.
type worker struct {
	opts  *Options
	cache *cache
}

// process computes the sprites of one image, from the cache when it can.
func (w *worker) process(src source) outcome {
	cfg := &w.opts.Config
	set := cfg.For(src.rel)
	abs := filepath.Join(w.opts.Dir, filepath.FromSlash(src.rel))
	st, err := statOf(w.opts.Dir, src)
	if err != nil {
		return outcome{fails: []string{err.Error()}}
	}
	sum := settingsSum(set, cfg.MaxPixels)
	if e, ok := w.cache.lookupStat(src.rel, st, sum); ok && w.previewsExist(e.Sprites) {
		return outcome{sprites: e.Sprites, fails: allViolations(e.Sprites), entry: e}
	}
	imgData, err := os.ReadFile(abs)
	if err != nil {
		return outcome{fails: []string{fmt.Sprintf("%s: %v", src.rel, unwrapPath(err))}}
	}
	var data []byte
	if src.data != "" {
		if data, err = os.ReadFile(filepath.Join(w.opts.Dir, filepath.FromSlash(src.data))); err != nil {
			return outcome{fails: []string{fmt.Sprintf("%s: %v", src.data, unwrapPath(err))}}
		}
	}
	key := contentKey(sum, src, imgData, data)
	ent := entry{Stat: st, Settings: sum, Key: key}
	if sprites, ok := w.cache.lookupKey(key); ok && w.previewsExist(sprites) {
		ent.Sprites = sprites
		return outcome{sprites: sprites, fails: allViolations(sprites), entry: ent}
	}
	frames, err := w.frames(src, set, data)
	if err != nil {
		return outcome{fails: []string{err.Error()}}
	}
	img, err := decode(src.rel, imgData, cfg.MaxPixels)
	imgData = nil
	if err != nil {
		return outcome{fails: []string{err.Error()}}
	}
	if w.opts.decoded != nil {
		w.opts.decoded(src.rel)
	}
	o := outcome{decoded: true}
	outside := eachFrame(src, img, frames, set.AlphaThreshold, func(name string, f atlas.Frame, px image.Image, m *mask.Mask) {
		sp := compute(name, src.rel, f, m, set)
		if cfg.Preview {
			if err := writePreview(w.opts.Out, px, &sp, set.AlphaThreshold); err != nil {
				o.fails = append(o.fails, fmt.Sprintf("%s: preview: %v", name, err))
			}
		}
		o.fails = append(o.fails, violations(&sp)...)
		o.sprites = append(o.sprites, sp)
	})
	o.fails = append(o.fails, outside...)
	if len(o.fails) == len(allViolations(o.sprites)) { // only verification failures: deterministic, cacheable
		ent.Sprites = o.sprites
		o.entry = ent
	}
	return o
}

// frames returns the frames of src: its grid, its atlas, or nil for a
// plain sprite.
func (w *worker) frames(src source, set config.Sprite, data []byte) ([]atlas.Frame, error) {
	if g := set.Grid; g != nil {
		f, err := os.Open(filepath.Join(w.opts.Dir, filepath.FromSlash(src.rel)))
		if err != nil {
			return nil, fmt.Errorf("%s: %v", src.rel, unwrapPath(err))
		}
		defer f.Close()
		hdr, err := png.DecodeConfig(f)
		if err != nil {
			return nil, fmt.Errorf("%s: not a valid PNG: %v", src.rel, err)
		}
		fs := atlas.GridFrames(hdr.Width, hdr.Height, g.CellWidth, g.CellHeight, g.Margin, g.Spacing)
		if len(fs) == 0 {
			return nil, fmt.Errorf("%s: grid cells %dx%d do not fit the %dx%d image", src.rel, g.CellWidth, g.CellHeight, hdr.Width, hdr.Height)
		}
		return fs, nil
	}
	if src.data == "" {
		return nil, nil
	}
	a, err := atlas.Parse(src.data, data)
	if err != nil {
		return nil, err
	}
	return a.Frames, nil
}

// eachFrame calls fn with the sprite name, frame, upright pixels and
// sprite mask of every frame of src's decoded image img (the whole image
// when frames is nil), in frame order. It returns a failure line for each
// frame that lies outside the image.
func eachFrame(src source, img image.Image, frames []atlas.Frame, threshold int, fn func(name string, f atlas.Frame, px image.Image, m *mask.Mask)) []string {
	if frames == nil {
		b := img.Bounds()
		frames = []atlas.Frame{{Rect: image.Rect(0, 0, b.Dx(), b.Dy()), Size: b.Size()}}
	}
	var fails []string
	stem := strings.TrimSuffix(src.rel, path.Ext(src.rel))
	for _, f := range frames {
		name := stem
		if f.Name != "" {
			name = stem + "/" + f.Name
		}
		px, err := upright(img, f)
		if err != nil {
			fails = append(fails, fmt.Sprintf("%s: %v", src.rel, err))
			continue
		}
		fn(name, f, px, spriteMask(px, f, threshold))
	}
	return fails
}

// decode decodes a PNG, refusing before decoding one whose header
// announces more than maxPixels pixels.
func decode(rel string, data []byte, maxPixels int64) (image.Image, error) {
	hdr, err := png.DecodeConfig(bytes.NewReader(data))
	if err != nil {
		return nil, fmt.Errorf("%s: not a valid PNG: %v", rel, err)
	}
	if n := int64(hdr.Width) * int64(hdr.Height); n > maxPixels {
		return nil, fmt.Errorf("%s: image is %dx%d = %d pixels, over the limit of %d (max_pixels)", rel, hdr.Width, hdr.Height, n, maxPixels)
	}
	img, err := png.Decode(bytes.NewReader(data))
	if err != nil {
		return nil, fmt.Errorf("%s: corrupt PNG: %v", rel, err)
	}
	return img, nil
}

// unwrapPath drops the path from an *os.PathError: the caller names the
// file already.
func unwrapPath(err error) error {
	var pe *os.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}

func allViolations(sprites []export.Sprite) []string {
	var v []string
	for i := range sprites {
		v = append(v, violations(&sprites[i])...)
	}
	return v
}
