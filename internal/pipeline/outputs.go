package pipeline

import (
	"bufio"
	"cmp"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"hash"
	"image"
	"image/png"
	"io"
	"io/fs"
	"iter"
	"maps"
	"os"
	"path"
	"path/filepath"
	"runtime/trace"
	"slices"
	"strings"
	"sync"

	"github.com/shapegen/shapegen/collide"
	"github.com/shapegen/shapegen/export"
	"github.com/shapegen/shapegen/export/preview"
	"github.com/shapegen/shapegen/export/report"
	"github.com/shapegen/shapegen/internal/atlas"
	"github.com/shapegen/shapegen/internal/atomicfile"
	"github.com/shapegen/shapegen/internal/config"
	"github.com/shapegen/shapegen/mask"
	"github.com/shapegen/shapegen/verify"
)

// PreviewDir is the folder of the preview PNGs inside the output folder.
const PreviewDir = "preview"

// SpriteDir is the folder of the sprites' 1x images (export/preview.Sprite)
// inside the output folder; the report draws the shapes over them.
const SpriteDir = "sprite"

// ContactSheet is the first contact sheet's file in the output folder;
// further pages are contact-sheet-2.png, contact-sheet-3.png, ...
const ContactSheet = "contact-sheet.png"

// writeOutputs writes the library files the settings ask for, the report
// and the contact sheets, each atomically, then the manifest, last: the
// commit point (see ManifestFile). Outputs of an earlier build that this
// one does not write are removed. The sprites come, in name order (refs),
// from their records in the cache, a sprite at a time: shapes.json,
// shapes.yaml and the report are written in one pass, each engine format
// in a pass of its own, and no writer holds the library (only contact
// sheets, with previews, need it whole). A record that fails its checksum
// is computed again from its image. It returns notes about what it did.
func writeOutputs(ctx context.Context, w *worker, srcs []source, outs []outcome, refs []spriteRef, anims []*animGroup, failures []string) ([]string, error) {
	out, cfg := w.opts.Out, &w.opts.Config
	var notes []string
	head := &export.Library{
		Format:    export.Format,
		Generator: Generator,
		Settings: export.Settings{
			AlphaThreshold: cfg.AlphaThreshold, MaxVertices: cfg.MaxVertices, MaxPieces: cfg.MaxPieces,
			Shapes: kindOrder(cfg.Shapes), Pivot: cfg.Pivot.String(),
		},
	}
	var mu sync.Mutex
	var written []string // files written through callbacks (report, engines)
	record := func(name string) {
		mu.Lock()
		written = append(written, name)
		mu.Unlock()
	}
	fresh := map[string]outputFile{} // the files written, with their digests (see committer)
	committed := func(name string) func(outputFile) {
		return func(o outputFile) {
			mu.Lock()
			fresh[name] = o
			mu.Unlock()
		}
	}
	create := func(name string) (io.WriteCloser, error) {
		f, err := createOutput(out, name, committed(name))
		if err != nil {
			return nil, err
		}
		record(name)
		return f, nil
	}
	// The report's pages mostly come out as they were when few sprites
	// changed: those are left as they are (see keepSame). The engine
	// formats' files, large and aborted as committers on an error, are
	// always written.
	createPage := func(name string) (io.WriteCloser, error) {
		if k, ok := keepable(out, name, w.cache.outputs.Files); ok {
			record(name)
			return &keepSame{out: out, name: name, was: k, done: committed(name)}, nil
		}
		return create(name)
	}

	// The library's writers: JSON always, YAML when asked.
	var lws []*libOut
	var repeats map[string]int // how many sprites repeat each first
	defer func() {
		for _, lw := range lws {
			if lw.stop != nil {
				lw.stop()
			}
			lw.old.close()
			lw.file.Abort()
		}
	}()
	for _, f := range libraryFiles {
		if f.format != "json" && !slices.Contains(cfg.Formats, f.format) {
			continue
		}
		lw, err := openLibrary(out, f.file, f.open, head, committed(f.file))
		if err != nil {
			return nil, err
		}
		lw.old = openFrags(out, w.cache.dir, f.file, w.cache.outputs.Files)
		lw.frags = make([]frag, 0, len(refs)) // one a sprite: grown, it was 14 MB of garbage at 100,000
		lw.copied = w.opts.copied
		if repeats == nil {
			repeats = countRepeats(refs)
		}
		lw.async(repeats)
		lws = append(lws, lw)
	}
	opt := report.Options{
		Generator: Generator, Settings: head.Settings, Failures: failures,
		ImageDir: assetDir(out, w.opts.Dir),
	}
	if cfg.Preview {
		opt.PreviewDir = PreviewDir
	}
	ro := newReportOut(createPage, opt, out, w.cache, w.opts.copied)
	ro.cards.reserve(len(refs))
	defer ro.stop()
	var lib *export.Library // whole, only for the contact sheets
	if cfg.Preview {
		lib = &export.Library{Format: head.Format, Generator: head.Generator, Settings: head.Settings}
	}
	src := &spriteSource{w: w, srcs: srcs, outs: outs, refs: refs}
	keys := make([]sum16, 0, len(refs)) // the sprites' fragment keys, for the engine formats
	region := trace.StartRegion(ctx, "library and report")
	for sp := range src.all(&notes) {
		if ctx.Err() != nil {
			return nil, ctx.Err()
		}
		keys = append(keys, src.key)
		for _, lw := range lws {
			if err := lw.put(sp, src.key); err != nil {
				return nil, err
			}
		}
		ro.add(sp, src.key)
		if lib != nil {
			lib.Sprites = append(lib.Sprites, *sp)
		}
	}
	if src.err != nil {
		return nil, src.err
	}
	for _, g := range anims {
		a, problem, err := w.animation(g, srcs, outs, refs)
		if err != nil {
			return nil, err
		}
		if problem != "" {
			notes = append(notes, problem)
			continue
		}
		for _, lw := range lws {
			if err := lw.anim(a); err != nil {
				return nil, err
			}
		}
	}
	fragsOf := map[string][]frag{} // the library files' fragments
	for _, lw := range lws {
		if err := lw.close(); err != nil {
			return nil, err
		}
		lw.old.close()
		if err := lw.bw.Flush(); err != nil {
			return nil, err
		}
		if err := lw.file.Close(); err != nil {
			return nil, err
		}
		fragsOf[lw.name] = lw.frags
	}
	lws = nil
	if err := ro.close(); err != nil {
		return nil, err
	}
	region.End()

	// The engine formats, over the sprites read again: each read shared by
	// all of them (sharedRead), which run side by side. Those that write
	// one file, and Tiled's TiledSprites, reuse the bytes of unchanged
	// sprites from it (engfrags.go).
	reuses := map[string]*engineReuse{}
	defer func() {
		for _, r := range reuses {
			r.abort()
		}
	}()
	reuseOf := func(file string) export.Reuse {
		r := newEngineReuse(out, w.cache.dir, file, w.cache.outputs.Files, refs, keys, w.opts.copied)
		if r == nil {
			return nil
		}
		mu.Lock()
		reuses[file] = r
		mu.Unlock()
		return r
	}
	var writers []func() error
	omitted := make([][]export.Omission, len(export.EngineFormats))
	var shared *sharedRead // made below, before any writer runs
	var readMu sync.Mutex
	var readErr error // the first error of any read
	for i, e := range export.EngineFormats {
		if !slices.Contains(cfg.Formats, e.Name) {
			continue
		}
		om := &omitted[i]
		writers = append(writers, func() error {
			defer shared.done()
			put := func(name string, write func(io.Writer) error) error {
				wc, err := create(name)
				if err != nil {
					return err
				}
				if err := write(wc); err != nil {
					wc.(*committer).Abort()
					return err
				}
				return wc.Close()
			}
			stream := export.Stream{Head: head, Sprites: shared.sprites}
			var err error
			*om, err = e.Write(put, stream, export.EngineOptions{AssetDir: assetDir(out, w.opts.Dir), Reuse: reuseOf})
			readMu.Lock()
			defer readMu.Unlock()
			return cmp.Or(err, readErr)
		})
	}
	shared = newSharedRead(ctx, len(writers), func() iter.Seq[*export.Sprite] {
		es := &spriteSource{w: w, srcs: srcs, outs: outs, refs: refs, shapes: true}
		return func(yield func(*export.Sprite) bool) {
			for sp := range es.all(nil) {
				if !yield(sp) {
					break
				}
			}
			readMu.Lock()
			readErr = cmp.Or(readErr, es.err)
			readMu.Unlock()
		}
	})
	if cfg.Preview {
		writers = append(writers, func() error { return writeContactSheets(out, lib, tilesOf(outs)) })
		writers = append(writers, func() error { return pruneStale(out, lib) })
	} else {
		writers = append(writers, func() error { return removePreviews(out) })
	}
	// All writers run to the end, so that one output that cannot be
	// written does not leave the others unwritten; their errors are
	// joined. They all run at once: a shared read starts only when every
	// engine format still writing has asked for it.
	errs := make([]error, len(writers))
	region = trace.StartRegion(ctx, "engine formats and previews")
	each(ctx, len(writers), len(writers), func(i int) error {
		errs[i] = writers[i]()
		return nil
	}, nil)
	region.End()
	if err := cmp.Or(errors.Join(errs...), ctx.Err()); err != nil {
		return nil, err
	}

	for _, o := range slices.Concat(omitted...) {
		notes = append(notes, o.String())
	}
	files := append(outputFiles(cfg, len(refs)), written...)
	if cfg.Preview {
		for _, r := range refs {
			for _, dir := range []string{PreviewDir, SpriteDir} {
				files = append(files, path.Join(dir, r.name)+".png")
			}
		}
	}
	slices.Sort(files)
	files = slices.Compact(files)
	if err := removeUnlisted(out, files); err != nil {
		return nil, err
	}
	known := maps.Clone(w.cache.outputs.Files)
	if known == nil {
		known = map[string]outputFile{}
	}
	maps.Copy(known, fresh) // every writer is done

	region = trace.StartRegion(ctx, "manifest")
	rec, err := writeManifest(out, outputsSum(cfg, assetDir(out, w.opts.Dir), srcs, outs, failures), files, known)
	region.End()
	if err != nil {
		return nil, err
	}
	w.cache.outputs.Files = rec
	if err := ro.record(w.cache.dir, rec); err != nil {
		return nil, err
	}
	for _, f := range libraryFiles {
		var err error
		if fs, ok := fragsOf[f.file]; ok {
			err = writeFrags(w.cache.dir, f.file, rec[f.file].SHA256, fs)
		} else {
			err = removeFrags(w.cache.dir, f.file)
		}
		if err != nil {
			return nil, err
		}
	}
	for _, f := range reusedFiles() {
		var err error
		if r := reuses[f]; r != nil {
			err = r.finish(w.cache.dir, rec[f].SHA256)
			delete(reuses, f)
		} else {
			err = removeEngineFrags(w.cache.dir, f)
		}
		if err != nil {
			return nil, err
		}
	}
	return notes, nil
}

// spriteSource reads the library's sprites, in name order, from the
// cache's records: each record is read once however many sprites it
// holds, and a sprite that is the same as another says so (same_as). A
// record that fails its checksum is computed again from its image. err
// holds the first error, which ends the sprites.
type spriteSource struct {
	w    *worker
	srcs []source
	outs []outcome
	refs []spriteRef
	err  error
	// key is the fragment key (fragKey) of the sprite last yielded.
	key sum16
	// shapes, for the engine formats, decodes only what they read (see
	// export.ReadRecord).
	shapes bool
}

// all yields each sprite, appending to notes (when not nil) a line for
// each damaged record.
//
// The records are read and decoded on a goroutine of their own, a few
// sprites ahead of the one yielded: decoding is as much work as writing
// the library, and in a rebuild where few sprites changed the two side
// by side are most of its time.
func (s *spriteSource) all(notes *[]string) iter.Seq[*export.Sprite] {
	return func(yield func(*export.Sprite) bool) {
		type item struct {
			sp  *export.Sprite
			key sum16
		}
		ch, stop, done := make(chan item, 64), make(chan struct{}), make(chan struct{})
		var damaged []string
		go func() {
			defer close(done)
			defer close(ch)
			s.read(&damaged, func(sp *export.Sprite, key sum16) bool {
				select {
				case ch <- item{sp, key}:
					return true
				case <-stop:
					return false
				}
			})
		}()
		defer func() {
			close(stop)
			<-done
			if notes != nil {
				*notes = append(*notes, damaged...)
			}
		}()
		for it := range ch {
			s.key = it.key
			if !yield(it.sp) {
				return
			}
		}
	}
}

// read passes each sprite and its fragment key to put until put returns
// false, appending to damaged a line for each damaged record; it sets
// s.err on an error.
func (s *spriteSource) read(damaged *[]string, put func(*export.Sprite, sum16) bool) {
	var cached [][]byte // the record last read, of outcome last
	var rb recordBuf
	last := int32(-1)
	// A repeated frame's record has its first's body: the first is kept,
	// decoded, until its last repeat (left counts them), which shares its
	// shapes instead of decoding them again.
	left := countRepeats(s.refs)
	firsts := map[string]*export.RecordLike{}
	for _, r := range s.refs {
		if r.out != last {
			var err error
			o := &s.outs[r.out]
			cached, err = s.w.cache.spritesIn(&rb, o.entry.Loc, o.key)
			if errors.Is(err, errDamaged) {
				*damaged = append(*damaged, fmt.Sprintf("cache: the record of %s was damaged; computed again", quoted(s.srcs[r.out].rel)))
				cached, err = s.w.recompute(s.srcs[r.out], o)
			}
			if err != nil {
				s.err = err
				return
			}
			last = r.out
		}
		if int(r.idx) >= len(cached) {
			s.err = fmt.Errorf("%s: the cache holds %d sprites of %s, the index %d", CacheDir, len(cached), quoted(s.srcs[r.out].rel), r.idx+1)
			return
		}
		l := firsts[r.sameAs]
		if l != nil {
			if left[r.sameAs]--; left[r.sameAs] == 0 {
				delete(firsts, r.sameAs)
			}
		}
		sp, mine, ok := export.ReadRecordLike(cached[r.idx], s.shapes, l, left[r.name] > 0)
		if !ok {
			s.err = fmt.Errorf("%s: %s: %w", CacheDir, r.name, errDamaged)
			return
		}
		if mine != nil {
			mine.Sprite = &sp
			firsts[r.name] = mine
		}
		if r.sameAs != "" {
			sp.SameAs = r.sameAs
		}
		if !put(&sp, fragKey(s.outs[r.out].key, r.idx, r.sameAs, r.name == s.refs[0].name)) { // names are unique
			return
		}
	}
}

// countRepeats returns, for each sprite that others repeat (same_as), how
// many of refs repeat it.
func countRepeats(refs []spriteRef) map[string]int {
	n := map[string]int{}
	for _, r := range refs {
		if r.sameAs != "" {
			n[r.sameAs]++
		}
	}
	return n
}

// libraryFiles are the library's own formats (config.Formats), each with
// its file in the output folder; the engine formats are
// export.EngineFormats.
var libraryFiles = []struct {
	format, file string
	open         func(w io.Writer, head *export.Library) (*libOut, error)
}{
	{"json", "shapes.json", func(w io.Writer, head *export.Library) (*libOut, error) {
		jw, err := export.NewJSONWriter(w, head)
		if err != nil {
			return nil, err
		}
		return &libOut{
			add:        jw.Add,
			encode:     export.AppendSpriteJSON,
			encodeLike: export.AppendSpriteJSONLike,
			frag:       jw.AddJSON,
			frags1:     jw.AddFragments,
			anim:       jw.AddAnimation,
			close:      jw.Close,
		}, nil
	}},
	{"compact", export.CompactFile, func(w io.Writer, head *export.Library) (*libOut, error) {
		cw, err := export.NewCompactWriter(w, head)
		if err != nil {
			return nil, err
		}
		return &libOut{
			add:    cw.Add,
			encode: export.AppendSpriteCompact,
			frag:   cw.AddFragment,
			frags1: cw.AddFragments,
			anim:   cw.AddAnimation,
			close:  cw.Close,
		}, nil
	}},
	{"yaml", "shapes.yaml", func(w io.Writer, head *export.Library) (*libOut, error) {
		yw, err := export.NewYAMLWriter(w, head)
		if err != nil {
			return nil, err
		}
		return &libOut{
			add:        yw.Add,
			encode:     export.AppendSpriteYAML,
			encodeLike: export.AppendSpriteYAMLLike,
			frag:       yw.AddFragment,
			frags1:     yw.AddFragments,
			anim:       yw.AddAnimation,
			close:      yw.Close,
		}, nil
	}},
}

// encodeBufs holds buffers for a sprite's bytes in a library file, which
// the file's writer copies: they were a quarter of what a build
// allocated. One past 64 kB (a sprite with a large mask) is not kept.
var encodeBufs = bufPool{max: 64 << 10}

// libOut is a library file being written a sprite at a time.
type libOut struct {
	name   string
	add    func(sp *export.Sprite) error
	frags1 func(names []string, r io.Reader) error
	// encode and frag, when not nil, encode a sprite apart, on any
	// goroutine, and write the bytes encode gave (see async).
	encode func(dst []byte, sp *export.Sprite) ([]byte, error)
	frag   func(name string, b []byte) error
	// encodeLike, when not nil, is encode for a sprite that may repeat
	// another, whose bytes from encode are given.
	encodeLike func(dst []byte, sp, like *export.Sprite, likeFrag []byte) ([]byte, error)
	anim       func(a *export.Animation) error
	close      func() error
	file       *committer
	bw         *bufio.Writer
	// cw counts the bytes written; frags records where each sprite's went,
	// old is the file as last written, when its fragments can be copied.
	cw    *countWriter
	frags []frag
	old   *oldFrags
	next  int // old.find's for write, on the goroutine that writes
	// run is the run of sprites to be copied from old: their names, where
	// the run is in old (off to end) and where it goes in the new file.
	run struct {
		names        []string
		off, end, at int64
	}
	// put writes a sprite (see libOut.write); stop, for a writer made
	// async, ends its goroutine.
	put  func(sp *export.Sprite, key sum16) error
	stop func()
	// copied, when not nil, is called for each sprite copied (tests).
	copied func(file string)
}

// write writes sp, whose fragment key is key: its bytes as last written
// when the old file has them (copyOld), else encoded; and records where
// they went.
func (lw *libOut) write(sp *export.Sprite, key sum16) error {
	if ok, err := lw.copyOld(sp.Name, key); ok || err != nil {
		return err
	}
	return lw.added(key, func() error { return lw.add(sp) })
}

// copyOld adds the sprite called name, whose fragment key is key, to the
// run to be copied from the old file, and reports true, when the old file
// has its bytes. Sprites whose bytes lay side by side in the old file are
// copied as one run (see flushRun), when the next sprite does not
// continue it.
func (lw *libOut) copyOld(name string, key sum16) (bool, error) {
	l, ok := lw.old.find(key, &lw.next)
	if !ok {
		return false, nil
	}
	if len(lw.run.names) > 0 && l.Off != lw.run.end {
		if err := lw.flushRun(); err != nil {
			return true, err
		}
	}
	if len(lw.run.names) == 0 {
		lw.run.off, lw.run.end, lw.run.at = l.Off, l.Off, lw.cw.n
	}
	lw.run.names = append(lw.run.names, name)
	lw.frags = append(lw.frags, frag{key, loc{lw.run.at + l.Off - lw.run.off, l.Len}})
	lw.run.end += l.Len
	return true, nil
}

// added writes a sprite the old file does not have with add, after the
// run pending, and records where its bytes (fragment key key) went.
func (lw *libOut) added(key sum16, add func() error) error {
	if err := lw.flushRun(); err != nil {
		return err
	}
	start := lw.cw.n
	err := add()
	if err == nil {
		lw.frags = append(lw.frags, frag{key, loc{start, lw.cw.n - start}})
	}
	return err
}

// flushRun copies the run of sprites pending, when there is one, from the
// old file (read and written, and hashed on the way: see committer).
func (lw *libOut) flushRun() error {
	r := &lw.run
	if len(r.names) == 0 {
		return nil
	}
	n := r.end - r.off
	err := lw.frags1(r.names, lw.old.section(r.off, n))
	if err == nil && lw.cw.n != r.at+n {
		err = fmt.Errorf("%s: changed while the build ran", lw.name)
	}
	if err == nil && lw.copied != nil {
		for range r.names {
			lw.copied(lw.name)
		}
	}
	r.names = r.names[:0]
	return err
}

// async makes lw write on a goroutine of its own, fed the sprites and
// animations in order through a short queue, beside the report and the
// other library file (YAML, through yaml.v3, costs several times the JSON
// and the report together). When lw can encode a sprite apart (encode),
// each sprite the old file does not have is encoded at once, ahead of its
// turn (up to one per core), and written in its turn. A repeated sprite (same_as) whose
// first was encoded here is encoded like it (encodeLike), once that one
// is: repeats names each first and how many sprites repeat it, and the
// first's bytes are kept until the last of them is encoded. The sprites
// handed to it must not change afterwards. An error is returned by close.
func (lw *libOut) async(repeats map[string]int) {
	q := newSerial(256)
	lw.stop = func() { q.stop() }
	put, anim, end := lw.put, lw.anim, lw.close
	var early ahead
	if lw.encode != nil {
		early = newAhead()
	}
	type first struct {
		sp   *export.Sprite
		b    []byte
		done chan struct{} // closed once b is set (nil on an error)
		left int           // sprites yet to be encoded like it
	}
	firsts := map[string]*first{} // used by the caller of put alone
	next := 0                     // old.find's, for the caller of put
	lw.put = func(sp *export.Sprite, key sum16) error {
		like := firsts[sp.SameAs]
		if like != nil {
			if like.left--; like.left == 0 {
				delete(firsts, sp.SameAs)
			}
		}
		if _, old := lw.old.find(key, &next); early == nil || old {
			q.do(func() error { return put(sp, key) })
			return nil
		}
		var mine *first
		if n := repeats[sp.Name]; n > 0 && lw.encodeLike != nil {
			mine = &first{sp: sp, done: make(chan struct{}), left: n}
			firsts[sp.Name] = mine
		}
		var b []byte
		var err error
		wait := early.start(func() {
			if like != nil {
				<-like.done // started before this, so not waiting for a core
			}
			dst := encodeBufs.get()
			if like != nil && like.b != nil {
				b, err = lw.encodeLike(dst, sp, like.sp, like.b)
			} else {
				b, err = lw.encode(dst, sp)
			}
			if mine != nil {
				if err == nil {
					mine.b = b
				}
				close(mine.done)
			}
		})
		q.do(func() error {
			wait()
			if err != nil {
				return err
			}
			err := lw.added(key, func() error { return lw.frag(sp.Name, b) })
			if mine == nil { // a first's bytes stay for its repeats
				encodeBufs.put(b)
			}
			return err
		})
		return nil
	}
	lw.anim = func(a *export.Animation) error {
		q.do(func() error { return anim(a) })
		return nil
	}
	lw.close = func() error {
		if err := q.stop(); err != nil {
			return err
		}
		return end()
	}
}

// openLibrary starts the library file in out of format f; done is as
// createOutput's.
func openLibrary(out, file string, open func(io.Writer, *export.Library) (*libOut, error), head *export.Library, done func(outputFile)) (*libOut, error) {
	wc, err := createOutput(out, file, done)
	if err != nil {
		return nil, err
	}
	bw := bufio.NewWriterSize(wc, 1<<16)
	cw := &countWriter{w: bw}
	lw, err := open(cw, head)
	if err != nil {
		wc.Abort()
		return nil, err
	}
	lw.name, lw.file, lw.bw, lw.cw = file, wc, bw, cw
	lw.put = lw.write
	anim, end := lw.anim, lw.close
	lw.anim = func(a *export.Animation) error { return cmp.Or(lw.flushRun(), anim(a)) }
	lw.close = func() error { return cmp.Or(lw.flushRun(), end()) }
	return lw, nil
}

// recompute computes the sprites of src again (its record was damaged),
// stores a new record and updates o; it returns their record forms.
func (w *worker) recompute(src source, o *outcome) ([][]byte, error) {
	set, _ := w.settings(src.rel)
	imgData, data, err := w.read(src, nil)
	if err != nil {
		return nil, err
	}
	fresh, sprites := w.compute(src, set, imgData, data)
	if sprites == nil || len(fresh.entry.Facts) != len(o.entry.Facts) {
		return nil, fmt.Errorf("%s: changed while the build ran", quoted(src.rel))
	}
	l, err := w.cache.put(o.key, sprites)
	if err != nil {
		return nil, err
	}
	o.entry.Loc, o.decoded = l, true
	return sprites, nil
}

// assetDir returns the asset folder dir as the output folder out sees it:
// relative when it can be, else absolute, slash-separated.
func assetDir(out, dir string) string {
	absOut, err1 := filepath.Abs(out)
	absDir, err2 := filepath.Abs(dir)
	if err1 != nil || err2 != nil {
		return filepath.ToSlash(dir)
	}
	if rel, err := filepath.Rel(absOut, absDir); err == nil {
		return filepath.ToSlash(rel)
	}
	return filepath.ToSlash(absDir)
}

// outputFiles lists the files writeOutputs writes for cfg and a library
// of sprites sprites.
func outputFiles(cfg *config.Config, sprites int) []string {
	var f []string
	for _, l := range libraryFiles {
		if slices.Contains(cfg.Formats, l.format) {
			f = append(f, l.file)
		}
	}
	for _, e := range export.EngineFormats {
		if slices.Contains(cfg.Formats, e.Name) && e.Name != "tiled" { // tiled: a folder of tilesets
			f = append(f, e.File)
		}
	}
	if cfg.Preview {
		f = append(f, sheetFiles(sprites)...)
	}
	return append(f, report.Files(sprites)...)
}

// sheetFiles returns the names of the contact sheets of sprites sprites:
// one sheet per preview.SheetPage sprites, at least one.
func sheetFiles(sprites int) []string {
	f := []string{ContactSheet}
	for page := 2; (page-1)*preview.SheetPage < sprites; page++ {
		f = append(f, sheetPage(page))
	}
	return f
}

// sheetPage returns the name of contact sheet page (from 2).
func sheetPage(page int) string {
	ext := filepath.Ext(ContactSheet)
	return fmt.Sprintf("%s-%d%s", strings.TrimSuffix(ContactSheet, ext), page, ext)
}

// writeContactSheets writes the contact sheets of lib, each atomically
// but not synced (they can be made again from the library), and removes
// the pages a larger library left behind. A page that cannot be written
// does not keep the others from being written. tiles holds the tiles the
// workers drew; a sprite that came from the cache has none, and its tile
// is drawn from its 1x image, which the build has written. A tile that
// cannot be made leaves a blank cell: its sprite's failure to write the
// 1x image is among the build's failures already.
func writeContactSheets(out string, lib *export.Library, tiles map[string]image.Image) error {
	tile := func(i int) image.Image {
		sp := &lib.Sprites[i]
		if t, ok := tiles[sp.Name]; ok && t != nil {
			return t
		}
		img, err := readPNG(previewPath(out, SpriteDir, sp.Name))
		if err != nil {
			return nil
		}
		// The 1x image is in the sprite's own space already.
		inSpace := *sp
		inSpace.Offset, inSpace.Rotated = nil, false
		return preview.Tile(img, &inSpace, tileOptions(lib.Settings.AlphaThreshold), 0)
	}
	files := sheetFiles(len(lib.Sprites))
	var errs []error
	for page, name := range files {
		err := atomicfile.WriteUnsynced(filepath.Join(out, name), func(w io.Writer) error {
			return preview.WriteContactSheet(w, lib, page, tile, preview.SheetOptions{})
		})
		errs = append(errs, err)
	}
	if err := errors.Join(errs...); err != nil {
		return err
	}
	for page := len(files) + 1; ; page++ {
		if err := os.Remove(filepath.Join(out, sheetPage(page))); err != nil {
			return nil
		}
	}
}

// removePreviews removes what a build with previews wrote into out and a
// build without them does not: the previews, the 1x images and the
// contact sheets, so no picture of older shapes stays beside the library.
// Other files are left alone.
func removePreviews(out string) error {
	errs := []error{pruneStale(out, &export.Library{})}
	for page := 1; ; page++ {
		f := ContactSheet
		if page > 1 {
			f = sheetPage(page)
		}
		err := os.Remove(filepath.Join(out, f))
		if errors.Is(err, fs.ErrNotExist) {
			break
		}
		errs = append(errs, err)
		if err != nil {
			break
		}
	}
	return errors.Join(errs...)
}

// pruneStale removes from the preview and 1x image folders of out the
// PNGs of sprites lib does not have (renamed or removed since an earlier
// build), temporary files a killed build left, and the folders this leaves
// empty. Other files are left alone.
func pruneStale(out string, lib *export.Library) error {
	keep := map[string]bool{}
	for _, sp := range lib.Sprites {
		for _, dir := range []string{PreviewDir, SpriteDir} {
			keep[previewPath(out, dir, sp.Name)] = true
		}
	}
	var errs []error
	for _, dir := range []string{PreviewDir, SpriteDir} {
		var dirs []string
		err := filepath.WalkDir(filepath.Join(out, dir), func(p string, d fs.DirEntry, err error) error {
			switch {
			case err != nil:
				if errors.Is(err, fs.ErrNotExist) {
					return nil
				}
				return err
			case d.IsDir():
				dirs = append(dirs, p)
			case strings.HasSuffix(p, ".png") && !keep[p], strings.Contains(d.Name(), ".tmp-"):
				if err := os.Remove(p); err != nil {
					errs = append(errs, err)
				}
			}
			return nil
		})
		errs = append(errs, err)
		// Deepest first; a folder that still holds something stays.
		for _, d := range slices.Backward(dirs) {
			os.Remove(d)
		}
	}
	return errors.Join(errs...)
}

// tileOptions says how contact-sheet tiles are drawn: a glance at each
// sprite with the shape a game would use, the 8-vertex polygon (and the
// pieces when built), and the pivot. The preview of each sprite shows all
// its kinds; leaving the circle and boxes out keeps tiles small and
// quick, and the sprite larger in its cell.
func tileOptions(threshold int) preview.Options {
	return preview.Options{AlphaThreshold: threshold, Kinds: []collide.Kind{collide.KindPolygon, collide.KindPieces}}
}

// tilesOf gathers the contact-sheet tiles of outs by sprite name. Of
// sprites with the same name the first is kept, as in the library.
func tilesOf(outs []outcome) map[string]image.Image {
	tiles := map[string]image.Image{}
	for _, o := range outs {
		for name, t := range o.tiles {
			if _, ok := tiles[name]; !ok {
				tiles[name] = t
			}
		}
	}
	return tiles
}

// readPNG decodes the PNG file at path.
func readPNG(path string) (image.Image, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	img, err := png.Decode(f)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return img, nil
}

// outputsSum is a digest of everything the output files are made from:
// the generator, the settings, the asset folder as the outputs name it
// (assets, from assetDir: the report's images and Tiled's tilesets refer
// to it), each image's content key (its sprites follow from it) and the
// failures.
func outputsSum(cfg *config.Config, assets string, srcs []source, outs []outcome, failures []string) string {
	c, _ := json.Marshal(cfg)
	// The digest of the parts, each length-prefixed (appendPart), hashed
	// a buffer at a time.
	h := sha256.New()
	b := appendPart(appendPart(appendPart(make([]byte, 0, 1<<16), Generator), c), assets)
	var key [64]byte
	for i, s := range srcs {
		if len(b) > 1<<15 {
			h.Write(b)
			b = b[:0]
		}
		b = appendPart(appendPart(b, s.rel), hexKey(&key, outs[i].key))
	}
	for _, f := range failures {
		b = appendPart(b, f)
	}
	h.Write(b)
	return hex.EncodeToString(h.Sum(nil))
}

// hexKey returns key in hex in buf, or nothing for none (as the digest
// of the outputs has always had them).
func hexKey(buf *[64]byte, key sum32) []byte {
	if key == (sum32{}) {
		return nil
	}
	hex.Encode(buf[:], key[:])
	return buf[:]
}

// previewPath returns where sprite name's file in folder dir (PreviewDir
// or SpriteDir) of the output folder goes: dir/<name>.png, name's slashes
// as path separators.
func previewPath(out, dir, name string) string {
	return filepath.Join(out, dir, filepath.FromSlash(name)+".png")
}

// writePreview draws sp over its upright frame pixels px (mask m in its
// own space) into its preview file and writes its 1x image for the report: file, the image file's
// bytes, when the sprite is the whole file, else px encoded. Both files
// can be made again from the images, so they are written atomically but
// not synced.
func writePreview(out string, px image.Image, m *mask.Mask, file []byte, sp *export.Sprite, threshold int) error {
	opt := preview.Options{AlphaThreshold: threshold, Mask: m}
	for _, f := range []struct {
		dir   string
		write func(w io.Writer) error
	}{
		{PreviewDir, func(w io.Writer) error {
			r := renderers.Get().(*preview.Renderer)
			defer renderers.Put(r)
			pic, err := r.Render(px, sp, opt)
			if err != nil {
				return err
			}
			return preview.Encode(w, pic)
		}},
		{SpriteDir, func(w io.Writer) error {
			if file != nil {
				_, err := w.Write(file)
				return err
			}
			return preview.Encode(w, preview.Sprite(px, sp))
		}},
	} {
		p := previewPath(out, f.dir, sp.Name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			return err
		}
		if err := atomicfile.WriteUnsynced(p, f.write); err != nil {
			return err
		}
	}
	return nil
}

// renderers holds the workers' preview renderers, each with the memory
// of its last picture.
var renderers = sync.Pool{New: func() any { return new(preview.Renderer) }}

// previewsExist reports whether every sprite's preview and 1x image exist,
// or previews are off.
func (w *worker) previewsExist(facts []fact) bool {
	if !w.opts.Config.Preview {
		return true
	}
	for _, sp := range facts {
		for _, dir := range []string{PreviewDir, SpriteDir} {
			if _, err := os.Stat(previewPath(w.opts.Out, dir, sp.Name)); err != nil {
				return false
			}
		}
	}
	return true
}

// kindOrder returns the kinds of names in the table's order.
func kindOrder(names []string) []string {
	var out []string
	for k := range collide.Kinds() {
		if slices.Contains(names, k.String()) {
			out = append(out, k.String())
		}
	}
	return out
}

// createOutput starts the output file name (slash-separated, inside out),
// making its folder: a temporary file that its Close commits. done, when
// not nil, is called with the file's stat data and digest once committed.
func createOutput(out, name string, done func(outputFile)) (*committer, error) {
	if !local(name) {
		return nil, fmt.Errorf("%q is not a file name inside the output folder", name)
	}
	p := filepath.Join(out, filepath.FromSlash(name))
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		return nil, err
	}
	f, err := atomicfile.Create(p)
	if err != nil {
		return nil, err
	}
	return &committer{f: f, path: p, h: sha256.New(), done: done}, nil
}

// maxSame is the largest output that keepSame holds in memory to compare:
// above it the file is written again whatever it holds. A report page is
// far smaller.
const maxSame = 4 << 20

// keepable returns the record of the output file name (slash-separated,
// inside out) when the record of the outputs, rec, has its digest and
// the file is still as recorded there, small enough for keepSame.
func keepable(out, name string, rec map[string]outputFile) (outputFile, bool) {
	k, ok := rec[name]
	if !ok || len(k.SHA256) != 64 || !k.Stat.known() || k.Stat.Size > maxSame || !local(name) {
		return outputFile{}, false
	}
	fi, err := os.Lstat(filepath.Join(out, filepath.FromSlash(name)))
	if err != nil || !fi.Mode().IsRegular() || statOfInfo(fi) != k.Stat {
		return outputFile{}, false
	}
	return k, true
}

// keepSame writes the output file name again only if what is written
// differs from what it holds, was: a rebuild after a few sprites changed
// writes most pages of the report byte for byte as they were, and
// creating and renaming a temporary file for each was most of its cost
// (some 1,000 card files at 100,000 sprites). The bytes are held until
// Close, up to was's size; past it, or when they differ, the file is
// written as createOutput writes it. A file left alone keeps its stat
// data, so the manifest takes its digest from the record.
type keepSame struct {
	out, name string
	was       outputFile
	buf       []byte
	f         *committer       // once the bytes are known to differ
	done      func(outputFile) // see createOutput
	same      bool             // writeWhole found the bytes the same
}

// writeWhole writes b, the file's whole content, as Write and Close
// would, without holding a copy of it (a report page is 100 kB, and the
// copies were a tenth of what a rebuild allocated); only Close may
// follow.
func (k *keepSame) writeWhole(b []byte) error {
	if k.f == nil && len(k.buf) == 0 && int64(len(b)) == k.was.Stat.Size {
		if sum := sha256.Sum256(b); hex.EncodeToString(sum[:]) == k.was.SHA256 {
			k.same = true
			return nil
		}
	}
	if err := k.differ(); err != nil {
		return err
	}
	_, err := k.f.Write(b)
	return err
}

func (k *keepSame) Write(p []byte) (int, error) {
	if k.same {
		return 0, fmt.Errorf("%s: written after its whole content", k.name)
	}
	if k.f == nil && int64(len(k.buf)+len(p)) <= k.was.Stat.Size {
		k.buf = append(k.buf, p...)
		return len(p), nil
	}
	if err := k.differ(); err != nil {
		return 0, err
	}
	return k.f.Write(p)
}

// differ starts the file again, with the bytes held so far.
func (k *keepSame) differ() error {
	if k.f != nil {
		return nil
	}
	f, err := createOutput(k.out, k.name, k.done)
	if err != nil {
		return err
	}
	k.f = f
	_, err = f.Write(k.buf)
	k.buf = nil
	return err
}

func (k *keepSame) Close() error {
	if k.same {
		return nil // the same bytes: the file stays
	}
	if k.f == nil {
		sum := sha256.Sum256(k.buf)
		if int64(len(k.buf)) == k.was.Stat.Size && hex.EncodeToString(sum[:]) == k.was.SHA256 {
			return nil // the same bytes: the file stays
		}
		if err := k.differ(); err != nil {
			return err
		}
	}
	return k.f.Close()
}

// committer is an output file being written: an atomicfile.File whose
// Close commits it, unsynced (every output can be written again from the
// cache, and the manifest, written last and synced, says which set is
// whole). It hashes what is written, so that the manifest has the file's
// SHA-256 without reading the file back (shapes.json is some 300 MB at
// 100,000 sprites, each engine format as much): it has no method but
// Write to write with (no ReadFrom, no WriteString), so that no byte
// reaches the file around the hash.
type committer struct {
	f    *atomicfile.File
	path string
	h    hash.Hash
	done func(outputFile) // see createOutput
}

func (c *committer) Write(p []byte) (int, error) {
	n, err := c.f.Write(p)
	c.h.Write(p[:n])
	return n, err
}

func (c *committer) Close() error {
	if err := c.f.Commit(false); err != nil {
		return err
	}
	if c.done != nil {
		if fi, err := os.Stat(c.path); err == nil { // else the manifest reads the file
			c.done(outputFile{statOfInfo(fi), hex.EncodeToString(c.h.Sum(nil))})
		}
	}
	return nil
}

// Abort removes the file, unless it was committed.
func (c *committer) Abort() { c.f.Abort() }

// animation computes the common body of the animation g: the shapes of
// the union of its frames' masks, which must share one untrimmed size,
// with the first frame's settings and pivot (and no image, frame or
// offset: see export.Animation); its figures are
// those of the union, and each frame is checked inside it. The frames'
// images are decoded again. It returns a line saying why there is no
// body instead, for frames of different sizes.
func (w *worker) animation(g *animGroup, srcs []source, outs []outcome, refs []spriteRef) (*export.Animation, string, error) {
	want := map[string]bool{}
	var names []string
	byImage := map[int32]bool{}
	for _, m := range g.members {
		r := refs[m.ref]
		want[r.name] = true
		names = append(names, r.name)
		byImage[r.out] = true
	}
	var union *mask.Mask
	masks := map[string]*mask.Mask{}
	frameOf := map[string]atlas.Frame{}
	var setOf config.Sprite
	var first atlas.Frame
	var firstImage string
	for _, i := range slices.Sorted(maps.Keys(byImage)) {
		src := srcs[i]
		set, _ := w.settings(src.rel)
		m, frames, _, err := w.maskAndFrames(src, set)
		if err != nil {
			return nil, "", err
		}
		eachFrame(src, maskPixels{m}, frames, func(name string, f atlas.Frame, _ image.Image, fm *mask.Mask) {
			if want[name] {
				masks[name], frameOf[name] = fm, f
			}
		})
	}
	for _, n := range names {
		fm, ok := masks[n]
		if !ok {
			return nil, "", fmt.Errorf("animation %s: frame %s changed while the build ran", g.name, n)
		}
		if union == nil {
			union, first = fm.Clone(), frameOf[n]
			firstImage = outs[refs[g.members[0].ref].out].entry.Facts[refs[g.members[0].ref].idx].Image
			setOf, _ = w.settings(firstImage)
			continue
		}
		if fm.Size() != union.Size() {
			return nil, fmt.Sprintf("animation %s: frame %s is %dx%d, %s %dx%d; frames of an animation must share one untrimmed size, so it has no common body", g.name, n, fm.Width(), fm.Height(), names[0], union.Width(), union.Height()), nil
		}
		union.Draw(fm, 0, 0)
	}
	body := compute(g.name, firstImage, first, union, setOf)
	body.Mask, body.Image, body.Frame, body.Offset, body.Rotated, body.Turn = nil, "", export.Frame{}, nil, false, 0
	for _, n := range names {
		for k := range collide.Kinds() {
			if sh, ok := body.Shape(k); ok {
				if out := verify.Outside(masks[n], sh); out > 0 {
					return nil, "", fmt.Errorf("animation %s: its %s leaves %d pixels of frame %s outside", g.name, k, out, n)
				}
			}
		}
	}
	return &export.Animation{Sprite: body, Frames: names}, "", nil
}
