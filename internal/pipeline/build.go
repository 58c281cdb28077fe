package pipeline

import (
	"cmp"
	"context"
	"fmt"
	"image"
	"os"
	"path"
	"path/filepath"
	"runtime/trace"
	"slices"
	"sort"
	"strings"
	"time"

	"github.com/shapegen/shapegen/internal/atomicfile"
	"github.com/shapegen/shapegen/internal/config"
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
	// Shard, when N > 0, builds only the images of shard I of N (see
	// Shard) and records what merging needs (ShardFile).
	Shard Shard
	// Verbose keeps the paths of the files the build ignores
	// (Result.Ignored), not only their count.
	Verbose bool
	// Waiting, when not nil, is called once when another process holds
	// the output folder's lock, with its process id; Build then waits
	// for it.
	Waiting func(pid int)
	// decoded, when not nil, is called for each image decoded (tests
	// count decodes with it); copied for each sprite whose bytes a
	// library file copied from the file as last written (see frags.go),
	// or an engine file was handed (engfrags.go), from any goroutine; watched when the walk finds a file changed
	// since the last build's summary and starts reading the cache
	// (changeWatch).
	decoded func(rel string)
	copied  func(file string)
	watched func()
}

// Progress is the state of a running build.
type Progress struct {
	// Done of Total images are finished; Image is the last one.
	Done, Total int
	Image       string
}

// Result is what a build did.
type Result struct {
	// Wrote says the outputs were written; a re-run with nothing changed
	// reads neither images nor cached sprites and writes nothing.
	Wrote bool
	// Sprites is the number of sprites in the library.
	Sprites int
	// Failures are one line each, a file or sprite and the cause, sorted.
	Failures []string
	// Notes are one line each about the run that are not failures: a
	// damaged cache started afresh, temporary files of a killed build
	// removed, the shape kinds an engine format left out and why
	// (export.Omission).
	Notes []string
	// Files is the number of files in the asset folder: Images image
	// files read, Lists frame lists (atlas files) read with them, and the
	// Ignored files, by reason. Frames is the number of sprites that are
	// frames of sheets or atlases.
	Files, Images, Lists, Frames int
	Ignored                      []Ignored
	// Outputs are the output folders inside the asset folder that were
	// not read (this build's, and any holding a shapegen library).
	Outputs []string
	// Empty lists the sprites with no opaque pixel.
	Empty []string
	// Decoded counts the images decoded; the rest came from the cache.
	Decoded int
	// Elapsed is the wall time of the build.
	Elapsed time.Duration
	worst   []Ranked
	// replayed is set when the build found nothing changed and took its
	// Result from the summary of the last build.
	replayed bool
}

// Failed reports whether some file or sprite failed.
func (r *Result) Failed() bool { return len(r.Failures) > 0 }

// Ranked is a sprite and its polygon's fp_area.
type Ranked struct {
	Name   string
	FPArea float64
}

// Worst returns up to n sprites, n at most MaxWorst, with the highest
// polygon fp_area, worst first (ties by name).
func (r *Result) Worst(n int) []Ranked { return r.worst[:min(n, len(r.worst))] }

// MaxWorst is the most sprites Worst returns: a build keeps only the worst
// few, not a ranking of every sprite.
const MaxWorst = 20

// rank adds x to the worst list ws (at most MaxWorst long, worst first,
// ties by name) when it is among the worst, and returns the list.
func rank(ws []Ranked, x Ranked) []Ranked {
	i, _ := slices.BinarySearchFunc(ws, x, func(a, b Ranked) int {
		return cmp.Or(-cmp.Compare(a.FPArea, b.FPArea), strings.Compare(a.Name, b.Name))
	})
	if i >= MaxWorst {
		return ws
	}
	if len(ws) == MaxWorst {
		ws = ws[:MaxWorst-1]
	}
	return slices.Insert(ws, i, x)
}

// outcome is what processing one image gave.
type outcome struct {
	// entry holds the sprites' facts and where their record is: the
	// cache index's own entry when the image is unchanged (so no copy is
	// held), never nil. Its Key is zero when the outcome must not be
	// cached (see process).
	entry *entry
	// key is the record's content key, also when the entry has none.
	key sum32
	// fails are one-line failures of the image or its sprites.
	fails   []string
	decoded bool
	// tiles are the sprites' contact-sheet tiles, by name, when previews
	// are on and the sprites were computed rather than cached.
	tiles map[string]image.Image
}

// spriteRef is a sprite of the library: its name, and which outcome and
// which of its sprites it is.
type spriteRef struct {
	name     string
	out, idx int32
	// sameAs names the first sprite, in name order, with the same mask
	// and frame geometry, when that is another one.
	sameAs string
}

// animGroup is an animation: its name and its frames, in playing order.
type animGroup struct {
	name    string
	members []animMember
}

// animMember is a frame of an animation: the sprite (an index of refs),
// its image and its place in the animation.
type animMember struct {
	ref   int
	image string
	pos   int
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
	// The build's steps are regions of an execution trace (shapegen build
	// --trace): where a slow build spends its time, and waits, at a look.
	ctx, task := trace.NewTask(ctx, "build")
	defer task.End()
	if err := os.MkdirAll(opts.Out, 0o755); err != nil {
		return nil, err
	}
	unlock, err := lockOut(ctx, opts.Out, opts.Waiting)
	if err != nil {
		return nil, err
	}
	defer unlock()
	defer atomicfile.Settle() // before unlocking: the old outputs are removed
	res := &Result{}
	res.Notes = append(res.Notes, removeTemporaries(opts.Out)...)
	// Reading the cache (CPU) and walking the folder (system calls) go
	// side by side: together they are most of a warm build.
	type opened struct {
		s   *store
		err error
	}
	ch := make(chan opened, 1)
	open := func() {
		defer trace.StartRegion(ctx, "read the cache index").End()
		s, err := openStore(opts.Out, opts.NoCache)
		ch <- opened{s, err}
	}
	// With the summary of the last build, the cache is read only if the
	// walk finds something changed (and from the first file the walk
	// finds changed since the summary was written: changeWatch).
	var last *summary
	var watch *changeWatch
	kept := make(chan bool, 1)
	if summarised(&opts) && !opts.NoCache {
		var since int64
		last, since = readSummary(filepath.Join(opts.Out, CacheDir))
		if last != nil {
			watch = &changeWatch{since: since, fn: func() {
				if opts.watched != nil {
					opts.watched()
				}
				go open()
			}}
			go func() { kept <- last.kept(&opts) }()
		}
	}
	if last == nil {
		go open()
	}
	region := trace.StartRegion(ctx, "walk the folder")
	found, werr := walkWatching(opts.Dir, opts.Out, cfg, opts.Verbose, watch)
	region.End()
	if last != nil {
		if werr == nil && last.holds(&opts, found.srcs, <-kept) {
			if watch.fired { // a file looked changed, but none was
				if op := <-ch; op.s != nil {
					op.s.close()
				}
			}
			found.addTo(res)
			last.addTo(res, len(found.srcs))
			res.replayed = true
			res.Elapsed = time.Since(start)
			return res, nil
		}
		if !watch.fired {
			open()
		}
	}
	op := <-ch
	if op.err != nil {
		return nil, op.err
	}
	c := op.s
	defer c.close()
	c.keepAll = opts.Shard.N > 0 // a shard's records stay where its shard file says
	if werr != nil {
		return nil, werr
	}
	srcs := found.srcs
	if opts.Shard.N > 0 {
		srcs = opts.Shard.filter(srcs)
	}
	c.match(srcs)
	res.Notes = append(res.Notes, c.notes...)
	found.addTo(res)
	outs := make([]outcome, len(srcs))
	w := &worker{opts: &opts, cache: c, sums: map[string]sum16{}}
	// Largest files first, so that no core is left with a big sheet at
	// the end while the others idle; results stay in path order.
	order := make([]int, len(srcs))
	for i := range order {
		order[i] = i
	}
	slices.SortStableFunc(order, func(a, b int) int { return cmp.Compare(srcs[b].size, srcs[a].size) })
	region = trace.StartRegion(ctx, "images")
	if err := each(ctx, len(srcs), opts.Workers, func(k int) error {
		var err error
		outs[order[k]], err = w.process(srcs[order[k]])
		return err
	}, func(done, k int) {
		if opts.Progress != nil {
			opts.Progress(Progress{Done: done, Total: len(srcs), Image: srcs[order[k]].rel})
		}
	}); err != nil {
		return nil, err
	}
	region.End()

	c.lookupsDone()
	w.shared.clear() // up to maxShared bytes of sprites, of no use once every image is done
	w.likes.clear()
	res.Images = len(srcs)
	sm, err := finish(ctx, w, srcs, outs, res)
	if err != nil {
		return nil, err
	}
	if summarised(&opts) {
		var ok bool
		if sm.Walk, ok = walkDigest(cfg, srcs); ok && len(c.notes) == 0 {
			err = sm.write(c.dir)
		} else {
			err = forgetSummary(c.dir)
		}
		if err != nil {
			return nil, err
		}
	}
	if opts.Shard.N > 0 {
		if err := writeShard(opts, filepath.Base(c.recs.Name()), srcs, outs, res); err != nil {
			return nil, err
		}
	}
	for _, o := range outs {
		if o.decoded { // counted last: writeOutputs may decode a damaged record's image again
			res.Decoded++
		}
	}
	res.Elapsed = time.Since(start)
	return res, nil
}

// finish does what a build does once every image has its outcome: the
// facts (names, counts, failures; a name made twice is a failure), the
// order of the library's sprites, same_as and the animations, and, unless
// they are current, the outputs; then it saves the cache. It returns the
// build's summary, less its walk digest.
func finish(ctx context.Context, w *worker, srcs []source, outs []outcome, res *Result) (*summary, error) {
	c, cfg := w.cache, &w.opts.Config
	n := 0
	for _, o := range outs {
		n += len(o.entry.Facts)
	}
	refs := make([]spriteRef, 0, n) // made once: fresh memory is dear
	for i, o := range outs {
		res.Failures = append(res.Failures, o.fails...)
		for j := range o.entry.Facts {
			refs = append(refs, spriteRef{name: o.entry.Facts[j].Name, out: int32(i), idx: int32(j)})
		}
	}
	// In name order; of sprites with one name, the first in path order is
	// the library's and the others are failures.
	slices.SortStableFunc(refs, func(a, b spriteRef) int { return strings.Compare(a.name, b.name) })
	var dropped map[[2]int32]bool
	k := 0
	for _, r := range refs {
		if k > 0 && refs[k-1].name == r.name {
			f, prev := outs[r.out].entry.Facts[r.idx], outs[refs[k-1].out].entry.Facts[refs[k-1].idx]
			res.Failures = append(res.Failures, fmt.Sprintf("%s: sprite name %q is also made by %s", f.Image, f.Name, prev.Image))
			if dropped == nil {
				dropped = map[[2]int32]bool{}
			}
			dropped[[2]int32{r.out, r.idx}] = true
			continue
		}
		refs[k] = r
		k++
		f := &outs[r.out].entry.Facts[r.idx]
		res.Sprites++
		if f.Name != strings.TrimSuffix(f.Image, path.Ext(f.Image)) {
			res.Frames++
		}
		if f.Pixels == 0 {
			res.Empty = append(res.Empty, f.Name)
		}
		if f.HasPolygon {
			res.worst = rank(res.worst, Ranked{f.Name, f.PolygonFP})
		}
	}
	refs = slices.Clip(refs[:k])
	notes := len(res.Notes)
	for i, o := range outs { // in path order
		for j, f := range o.entry.Facts {
			if !dropped[[2]int32{int32(i), int32(j)}] {
				res.Notes = append(res.Notes, f.Notes...)
			}
		}
	}
	sort.Strings(res.Failures)
	anims := group(srcs, outs, refs)

	sm := &summary{Sprites: res.Sprites, Frames: res.Frames, Failures: res.Failures, Empty: res.Empty, Worst: res.worst,
		Notes: slices.Clone(res.Notes[notes:])}
	files := outputFiles(cfg, res.Sprites)
	sm.Assets = assetDir(w.opts.Out, w.opts.Dir)
	sm.Outputs = outputsSum(cfg, sm.Assets, srcs, outs, res.Failures)
	if !c.outputsCurrent(w.opts.Out, sm.Outputs, files) {
		if err := c.forgetOutputs(); err != nil {
			return nil, err
		}
		c.saveEarly(ctx, srcs, outs)
		region := trace.StartRegion(ctx, "outputs")
		notes, err := writeOutputs(ctx, w, srcs, outs, refs, anims, res.Failures)
		region.End()
		if err != nil {
			return nil, err
		}
		res.Notes = append(res.Notes, notes...)
		if err := c.wrote(sm.Outputs); err != nil {
			return nil, err
		}
		res.Wrote = true
	}
	// The index is saved (again, when saveEarly did) after the outputs:
	// writing them recomputes a damaged record, and its entry must say
	// where the new one is.
	defer trace.StartRegion(ctx, "save the cache index").End()
	return sm, c.save(srcs, outs)
}

// group marks, in refs, each sprite with the same mask and frame geometry
// as an earlier one (same_as), and returns the animations, sorted by
// name, their frames in playing order.
func group(srcs []source, outs []outcome, refs []spriteRef) []*animGroup {
	firstOf := map[sum16]string{}
	animOf := map[string]*animGroup{}
	for i := range refs {
		r := &refs[i]
		f := &outs[r.out].entry.Facts[r.idx]
		if f.MaskKey != (sum16{}) {
			if first, ok := firstOf[f.MaskKey]; ok {
				r.sameAs = first
			} else {
				firstOf[f.MaskKey] = r.name
			}
		}
		for _, a := range f.Anims {
			g := animOf[a.Name]
			if g == nil {
				g = &animGroup{name: a.Name}
				animOf[a.Name] = g
			}
			g.members = append(g.members, animMember{ref: i, image: srcs[r.out].rel, pos: a.Pos})
		}
	}
	anims := make([]*animGroup, 0, len(animOf))
	for _, g := range animOf {
		slices.SortFunc(g.members, func(a, b animMember) int {
			return cmp.Or(strings.Compare(a.image, b.image), cmp.Compare(a.pos, b.pos))
		})
		anims = append(anims, g)
	}
	slices.SortFunc(anims, func(a, b *animGroup) int { return strings.Compare(a.name, b.name) })
	return anims
}
