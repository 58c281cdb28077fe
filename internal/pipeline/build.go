package pipeline

import (
	"bytes"
	"cmp"
	"context"
	"errors"
	"fmt"
	"image"
	"image/png"
	"io"
	"os"
	"path"
	"path/filepath"
	"runtime"
	"slices"
	"sort"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/shapegen/shapegen/export"
	"github.com/shapegen/shapegen/export/preview"
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
	// Library is the library written (also when some sprites failed). It
	// is nil when the outputs were current and not rewritten: a re-run with
	// nothing changed reads neither images nor cached sprites.
	Library *export.Library
	// Sprites is the number of sprites in the library.
	Sprites int
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
	ranked  []Ranked
}

// Failed reports whether some file or sprite failed.
func (r *Result) Failed() bool { return len(r.Failures) > 0 }

// Ranked is a sprite and its polygon's pair_fp_rate.
type Ranked struct {
	Name       string
	PairFPRate float64
}

// Worst returns up to n sprites with the highest polygon pair_fp_rate,
// worst first (ties by name).
func (r *Result) Worst(n int) []Ranked { return r.ranked[:min(n, len(r.ranked))] }

// outcome is what processing one image gave.
type outcome struct {
	// sprites are the image's sprites and their JSON, nil when they are
	// in the cache and not loaded; facts are always there, one per sprite.
	sprites *computed
	facts   []fact
	// fails are one-line failures of the image or its sprites.
	fails   []string
	decoded bool
	// tiles are the sprites' contact-sheet tiles, by name, when previews
	// are on and the sprites were computed rather than cached.
	tiles map[string]image.Image
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
	// Reading the cache (CPU) and walking the folder (system calls) go
	// side by side: together they are most of a warm build.
	opened := make(chan *cache, 1)
	go func() { opened <- openCache(opts.Out, opts.NoCache) }()
	srcs, err := walk(opts.Dir, opts.Out, cfg)
	c := <-opened
	if err != nil {
		return nil, err
	}
	outs := make([]outcome, len(srcs))
	w := &worker{opts: &opts, cache: c, sums: map[string]string{}}
	// Largest files first, so that no core is left with a big sheet at
	// the end while the others idle; results stay in path order.
	order := make([]int, len(srcs))
	for i := range order {
		order[i] = i
	}
	slices.SortStableFunc(order, func(a, b int) int { return cmp.Compare(srcs[b].size, srcs[a].size) })
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
	// Facts first: names, counts and failures, without the sprites.
	seen := map[string]string{}
	dup := map[[2]int]bool{} // (image, sprite) left out as a duplicate name
	var ranked []Ranked
	for i, o := range outs {
		res.Failures = append(res.Failures, o.fails...)
		if o.decoded {
			res.Decoded++
		}
		c.keep(srcs[i].rel, o.entry)
		for j, f := range o.facts {
			if prev, ok := seen[f.Name]; ok {
				res.Failures = append(res.Failures, fmt.Sprintf("%s: sprite name %q is also made by %s", f.Image, f.Name, prev))
				dup[[2]int{i, j}] = true
				continue
			}
			seen[f.Name] = f.Image
			res.Sprites++
			if f.Name != strings.TrimSuffix(f.Image, path.Ext(f.Image)) {
				res.Frames++
			}
			if f.Pixels == 0 {
				res.Empty = append(res.Empty, f.Name)
			}
			if f.HasPolygon {
				ranked = append(ranked, Ranked{f.Name, f.PolygonFP})
			}
		}
	}
	sort.Strings(res.Empty)
	sort.Strings(res.Failures)
	sort.SliceStable(ranked, func(i, j int) bool {
		if ranked[i].PairFPRate != ranked[j].PairFPRate {
			return ranked[i].PairFPRate > ranked[j].PairFPRate
		}
		return ranked[i].Name < ranked[j].Name
	})
	res.ranked = ranked

	files := outputFiles(cfg, res.Sprites)
	sum := outputsSum(cfg, srcs, outs, res.Failures)
	write := !c.outputsCurrent(opts.Out, sum, files)
	var parts []export.SpriteJSON
	if write {
		lib, p, err := library(cfg, c, outs, dup)
		if err != nil {
			return nil, err
		}
		res.Library, parts = lib, p
	}
	// The cache is saved while the outputs are written.
	saved := make(chan error, 1)
	go func() { saved <- c.save() }()
	if write {
		err := writeOutputs(opts.Out, cfg, res.Library, parts, res.Failures, tilesOf(outs))
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

// library assembles the library of the outcomes, loading cached sprites,
// leaving out the duplicates, sorted by name, and the sprites' JSON in the
// same order.
func library(cfg *config.Config, c *cache, outs []outcome, dup map[[2]int]bool) (*export.Library, []export.SpriteJSON, error) {
	lib := &export.Library{
		Format:    export.Format,
		Generator: Generator,
		Settings: export.Settings{
			AlphaThreshold: cfg.AlphaThreshold, MaxVertices: cfg.MaxVertices, MaxPieces: cfg.MaxPieces,
		},
		Sprites: []export.Sprite{},
	}
	type ref struct {
		sp   *export.Sprite
		json []byte
	}
	var refs []ref
	for i, o := range outs {
		comp := o.sprites
		if comp == nil && len(o.facts) > 0 {
			var err error
			if comp, err = c.spritesOf(o.entry.Key); err != nil {
				return nil, nil, err
			}
		}
		if comp == nil {
			continue
		}
		if comp.Err != "" {
			return nil, nil, errors.New(comp.Err)
		}
		for j := range comp.Sprites {
			if !dup[[2]int{i, j}] {
				refs = append(refs, ref{&comp.Sprites[j], comp.JSON[j]})
			}
		}
	}
	// Sorting references, not the sprites themselves, keeps the swaps small.
	slices.SortFunc(refs, func(a, b ref) int { return strings.Compare(a.sp.Name, b.sp.Name) })
	lib.Sprites = make([]export.Sprite, len(refs))
	parts := make([]export.SpriteJSON, len(refs))
	for i, r := range refs {
		lib.Sprites[i] = *r.sp
		parts[i] = export.SpriteJSON{Name: r.sp.Name, JSON: r.json}
	}
	return lib, parts, nil
}

// parallel runs do(i) for i in [0, n) on workers goroutines (GOMAXPROCS
// when workers <= 0) and calls done(count, i) after each, one call at a
// time. It stops early and returns ctx's error when ctx ends. Work is
// handed out by an atomic counter, not a channel: on a warm build each
// item takes a microsecond or two and handing it over would cost as much.
func parallel(ctx context.Context, n, workers int, do func(i int), done func(count, i int)) error {
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	var next atomic.Int64
	var mu sync.Mutex
	count := 0
	var wg sync.WaitGroup
	for range min(workers, max(n, 1)) {
		wg.Go(func() {
			for ctx.Err() == nil {
				i := int(next.Add(1) - 1)
				if i >= n {
					return
				}
				do(i)
				mu.Lock()
				count++
				done(count, i)
				mu.Unlock()
			}
		})
	}
	wg.Wait()
	return ctx.Err()
}

// worker processes images; it is shared by the goroutines of a build.
type worker struct {
	opts  *Options
	cache *cache
	// sums memoizes settingsSum by config.Config.Signature.
	mu   sync.Mutex
	sums map[string]string
	// tileBytes is the memory the kept contact-sheet tiles take.
	tileBytes atomic.Int64
	// claims says, by sprite name, whose preview files are written.
	claimMu sync.Mutex
	claims  map[string]*previewClaim
}

// previewClaim records which sprite of a name has written the name's
// preview files. Two sprites with one name are a failure, and the library
// keeps the first in path order; the files must show that one, whichever
// worker gets there first.
type previewClaim struct {
	mu    sync.Mutex // held while the files are written
	rel   string     // the image of the sprite that wrote them
	frame int        // and its index among that image's sprites
}

// claimPreview reports whether the sprite of image rel and index frame
// named name may write the name's preview files: no sprite before it in
// path order has. When it may, the files are its until it calls release.
func (w *worker) claimPreview(name, rel string, frame int) (release func(), ok bool) {
	w.claimMu.Lock()
	c := w.claims[name]
	if c == nil {
		if w.claims == nil {
			w.claims = map[string]*previewClaim{}
		}
		c = &previewClaim{rel: rel, frame: frame}
		w.claims[name] = c
	}
	w.claimMu.Unlock()
	c.mu.Lock()
	if c.rel < rel || c.rel == rel && c.frame < frame {
		c.mu.Unlock()
		return nil, false
	}
	c.rel, c.frame = rel, frame
	return c.mu.Unlock, true
}

// tileBudget is the most memory a build keeps contact-sheet tiles in
// (the corpus' 1,139 take about 23 MB); the tiles of further sprites are
// drawn at the end from their 1x images instead. Tests change it.
var tileBudget int64 = 64 << 20

// tile returns sp's contact-sheet tile over its upright frame pixels px
// (mask m in its own space), or nil when the tiles kept so far fill the budget.
func (w *worker) tile(px image.Image, m *mask.Mask, sp *export.Sprite, threshold int) image.Image {
	if w.tileBytes.Load() >= tileBudget {
		return nil
	}
	opt := tileOptions(threshold)
	opt.Mask = m
	t := preview.Tile(px, sp, opt, 0)
	if w.tileBytes.Add(int64(len(t.Pix))) > tileBudget {
		return nil
	}
	return t
}

// settings returns the effective settings of image rel and their digest.
func (w *worker) settings(rel string) (config.Sprite, string) {
	cfg := &w.opts.Config
	sig := cfg.Signature(rel)
	set := cfg.For(rel)
	w.mu.Lock()
	defer w.mu.Unlock()
	sum, ok := w.sums[sig]
	if !ok {
		sum = settingsSum(set, cfg.MaxPixels)
		w.sums[sig] = sum
	}
	return set, sum
}

// process computes the sprites of one image, from the cache when it can.
func (w *worker) process(src source) outcome {
	cfg := &w.opts.Config
	set, sum := w.settings(src.rel)
	st, err := statOf(w.opts.Dir, src)
	if err != nil {
		return outcome{fails: []string{err.Error()}}
	}
	if e, ok := w.cache.lookupStat(src.rel, st, sum); ok && w.previewsExist(e.Facts) {
		return outcome{facts: e.Facts, fails: failsOf(e.Facts), entry: e}
	}
	buf := readBufs.Get().(*[]byte)
	defer readBufs.Put(buf)
	imgData, err := readFile(filepath.Join(w.opts.Dir, filepath.FromSlash(src.rel)), (*buf)[:0])
	*buf = imgData
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
	if e, ok := w.cache.lookupKey(key); ok && w.previewsExist(e.Facts) {
		ent.Facts = e.Facts
		return outcome{facts: e.Facts, fails: failsOf(e.Facts), entry: ent}
	}
	frames, err := w.frames(src, set, data)
	if err != nil {
		return outcome{fails: []string{err.Error()}}
	}
	img, err := decode(src.rel, imgData, cfg.MaxPixels)
	if err != nil {
		return outcome{fails: []string{err.Error()}}
	}
	if w.opts.decoded != nil {
		w.opts.decoded(src.rel)
	}
	o := outcome{decoded: true, sprites: &computed{}}
	scratch := jsonBufs.Get().(*[]byte)
	defer jsonBufs.Put(scratch)
	var file []byte // the sprite's own 1x image, when it is the whole file
	if frames == nil {
		file = imgData
	}
	outside := eachFrame(src, img, frames, set.AlphaThreshold, func(name string, f atlas.Frame, px image.Image, m *mask.Mask) {
		sp := compute(name, src.rel, f, m, set)
		if cfg.Preview {
			o.preview(w, name, src.rel, px, m, file, &sp, set.AlphaThreshold)
		}
		o.fails = append(o.fails, violations(&sp)...)
		// Each sprite's JSON is made here, on all cores, rather than
		// all at the end on one.
		js, err := export.AppendSpriteJSON((*scratch)[:0], &sp)
		if err != nil && o.sprites.Err == "" {
			o.sprites.Err = err.Error()
		}
		*scratch = js
		js = bytes.Clone(js)
		o.sprites.Sprites = append(o.sprites.Sprites, sp)
		o.sprites.JSON = append(o.sprites.JSON, js)
	})
	o.fails = append(o.fails, outside...)
	o.facts = factsOf(o.sprites.Sprites)
	if len(o.fails) == len(failsOf(o.facts)) { // only verification failures: deterministic, cacheable
		ent.Facts = o.facts
		w.cache.put(key, o.sprites)
		o.entry = ent
	}
	return o
}

// preview writes the preview files of sprite sp, the next of image rel
// (named name, upright pixels px, mask m in its own space; file holds the
// image's bytes when the sprite is the whole file) unless a sprite of the
// same name before it has, and keeps its contact-sheet tile.
func (o *outcome) preview(w *worker, name, rel string, px image.Image, m *mask.Mask, file []byte, sp *export.Sprite, threshold int) {
	release, ok := w.claimPreview(name, rel, len(o.sprites.Sprites))
	if !ok {
		return
	}
	err := writePreview(w.opts.Out, px, m, file, sp, threshold)
	release()
	if err != nil {
		o.fails = append(o.fails, fmt.Sprintf("%s: preview: %v", name, err))
		return
	}
	if tile := w.tile(px, m, sp, threshold); tile != nil {
		if o.tiles == nil {
			o.tiles = map[string]image.Image{}
		}
		o.tiles[name] = tile
	}
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

// readBufs and jsonBufs hold the workers' scratch buffers for image files
// and sprite JSON: reusing them spares the garbage collector a file's worth
// of bytes per image.
var (
	readBufs = sync.Pool{New: func() any { return new([]byte) }}
	jsonBufs = sync.Pool{New: func() any { return new([]byte) }}
)

// readFile reads the file at path into buf (grown as needed) and returns
// it, as os.ReadFile does.
func readFile(path string, buf []byte) ([]byte, error) {
	f, err := os.Open(path)
	if err != nil {
		return buf, err
	}
	defer f.Close()
	if fi, err := f.Stat(); err == nil && int64(cap(buf)) < fi.Size()+1 {
		buf = make([]byte, 0, fi.Size()+512)
	}
	for {
		if len(buf) == cap(buf) {
			buf = append(buf, 0)[:len(buf)]
		}
		n, err := f.Read(buf[len(buf):cap(buf)])
		buf = buf[:len(buf)+n]
		if err == io.EOF {
			return buf, nil
		}
		if err != nil {
			return buf, err // an *os.PathError, as from os.ReadFile
		}
	}
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

// failsOf returns the verification failures of the sprites of facts.
func failsOf(facts []fact) []string {
	var v []string
	for _, f := range facts {
		v = append(v, f.Fails...)
	}
	return v
}
