package pipeline

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"hash/fnv"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/shapegen/shapegen/internal/atomicfile"
	"github.com/shapegen/shapegen/internal/config"
)

// Shard is a deterministic share of an asset folder: the images whose
// path hashes (FNV-1a, 64 bits) to I-1 modulo N. A sheet's frames stay in
// its image's shard, since sprite names follow their image's path. The
// zero Shard is the whole folder.
type Shard struct {
	I, N int
}

// ParseShard reads "i/n" (1 <= i <= n).
func ParseShard(s string) (Shard, error) {
	is, ns, ok := strings.Cut(s, "/")
	i, erri := strconv.Atoi(is)
	n, errn := strconv.Atoi(ns)
	if !ok || erri != nil || errn != nil || n < 1 || i < 1 || i > n {
		return Shard{}, fmt.Errorf("shard %q: want i/n with 1 <= i <= n", s)
	}
	return Shard{i, n}, nil
}

// String returns "i/n".
func (sh Shard) String() string { return fmt.Sprintf("%d/%d", sh.I, sh.N) }

// has reports whether the image at rel is in the shard.
func (sh Shard) has(rel string) bool {
	h := fnv.New64a()
	io.WriteString(h, rel)
	return h.Sum64()%uint64(sh.N) == uint64(sh.I-1)
}

// filter returns the sources in the shard.
func (sh Shard) filter(srcs []source) []source {
	var out []source
	for _, s := range srcs {
		if sh.has(s.rel) {
			out = append(out, s)
		}
	}
	return out
}

// ShardFile is what a shard build writes beside its outputs for Merge:
// its settings, its share, and each image's outcome with the place of its
// sprites in the shard's cache.
const ShardFile = "shapegen-shard.json"

// shardFormat is the shard file's format.
const shardFormat = "shapegen-shard/v1"

// shardRecord is the content of ShardFile.
type shardRecord struct {
	Format    string          `json:"format"`
	Generator string          `json:"generator"`
	Shard     Shard           `json:"shard"`
	Dir       string          `json:"dir"`
	Config    json.RawMessage `json:"config"`
	// Records is the shard cache's records file the locations are in.
	Records string `json:"records"`
	// The walk's counts, of the whole folder.
	Files, Lists int
	Ignored      []Ignored
	Outputs      []string
	Sources      []shardSource `json:"sources"`
}

// shardSource is an image of the shard and its outcome.
type shardSource struct {
	Rel, Data string
	Key       sum32
	Entry     entry
	Fails     []string
	Decoded   bool
}

// writeShard writes the shard file of a shard build.
func writeShard(opts Options, records string, srcs []source, outs []outcome, res *Result) error {
	cfg, err := json.Marshal(opts.Config)
	if err != nil {
		return err
	}
	dir, err := filepath.Abs(opts.Dir)
	if err != nil {
		return err
	}
	rec := shardRecord{
		Format: shardFormat, Generator: Generator, Shard: opts.Shard, Dir: dir, Config: cfg,
		Files: res.Files, Lists: res.Lists, Ignored: res.Ignored, Outputs: res.Outputs,
	}
	for i, s := range srcs {
		o := outs[i]
		rec.Sources = append(rec.Sources, shardSource{Rel: s.rel, Data: s.data, Key: o.key, Entry: *o.entry, Fails: o.fails, Decoded: o.decoded})
	}
	rec.Records = records
	b, err := json.Marshal(rec)
	if err != nil {
		return err
	}
	return atomicfile.WriteBytes(filepath.Join(opts.Out, ShardFile), b)
}

// MergeOptions says what Merge does.
type MergeOptions struct {
	// Shards are the output folders of shard builds 1/n ... n/n of one
	// asset folder with one configuration; Out the merged output folder.
	Shards []string
	Out    string
	// Waiting is as for Options.
	Waiting func(pid int)
}

// Merge joins the outputs of shard builds into Out: the same bytes a
// single build of the whole folder writes there, for every file but the
// cache and the lock. The shards' sprites come from their caches; the
// asset folder they were built from must still be there for what is
// computed again (animations, a damaged record), and previews are copied.
func Merge(ctx context.Context, opts MergeOptions) (*Result, error) {
	start := time.Now()
	defer atomicfile.Settle() // the old outputs are removed
	var recs []shardRecord
	for _, dir := range opts.Shards {
		b, err := os.ReadFile(filepath.Join(dir, ShardFile))
		if err != nil {
			return nil, fmt.Errorf("%s: not the output of a shard build (%v)", dir, unwrapPath(err))
		}
		var r shardRecord
		if err := json.Unmarshal(b, &r); err != nil || r.Format != shardFormat {
			return nil, fmt.Errorf("%s: %s is not a shard file of this format", dir, ShardFile)
		}
		recs = append(recs, r)
	}
	if len(recs) == 0 {
		return nil, errors.New("merge: no shards")
	}
	first := recs[0]
	have := map[int]string{}
	for k, r := range recs {
		switch {
		case r.Generator != Generator:
			return nil, fmt.Errorf("%s: built by %s, this is %s", opts.Shards[k], r.Generator, Generator)
		case r.Shard.N != first.Shard.N || string(r.Config) != string(first.Config) || r.Dir != first.Dir:
			return nil, fmt.Errorf("%s: shard %s of another build than %s (asset folder, settings or shard count differ)", opts.Shards[k], r.Shard, opts.Shards[0])
		case have[r.Shard.I] != "":
			return nil, fmt.Errorf("%s and %s are both shard %s", have[r.Shard.I], opts.Shards[k], r.Shard)
		}
		have[r.Shard.I] = opts.Shards[k]
	}
	for i := 1; i <= first.Shard.N; i++ {
		if have[i] == "" {
			return nil, fmt.Errorf("merge: shard %d/%d is missing", i, first.Shard.N)
		}
	}
	var cfg config.Config
	if err := json.Unmarshal(first.Config, &cfg); err != nil {
		return nil, err
	}
	bopts := Options{Dir: first.Dir, Out: opts.Out, Config: cfg, Waiting: opts.Waiting}
	if err := os.MkdirAll(opts.Out, 0o755); err != nil {
		return nil, err
	}
	unlock, err := lockOut(ctx, opts.Out, opts.Waiting)
	if err != nil {
		return nil, err
	}
	defer unlock()
	res := &Result{Files: first.Files, Lists: first.Lists, Ignored: first.Ignored, Outputs: first.Outputs}
	res.Notes = append(res.Notes, removeTemporaries(opts.Out)...)
	c, err := openStore(opts.Out, true)
	if err != nil {
		return nil, err
	}
	defer c.close()
	// Every shard's images, in path order, their records copied into
	// Out's cache.
	type item struct {
		src source
		o   outcome
	}
	var items []item
	for k, r := range recs {
		f, err := os.Open(filepath.Join(opts.Shards[k], CacheDir, r.Records))
		if err != nil {
			return nil, fmt.Errorf("%s: %v", opts.Shards[k], unwrapPath(err))
		}
		from := &store{recs: f}
		for _, s := range r.Sources {
			o := outcome{entry: &s.Entry, key: s.Key, fails: s.Fails} // decoded by the shard, not here
			if s.Entry.Loc.Len > 0 {
				sprites, err := from.sprites(s.Entry.Loc, s.Key)
				if err != nil {
					f.Close()
					return nil, fmt.Errorf("%s: the record of %s: %w", opts.Shards[k], quoted(s.Rel), err)
				}
				if o.entry.Loc, err = c.put(s.Key, sprites); err != nil {
					f.Close()
					return nil, err
				}
			}
			items = append(items, item{source{rel: s.Rel, data: s.Data}, o})
		}
		f.Close()
	}
	slices.SortFunc(items, func(a, b item) int { return strings.Compare(a.src.rel, b.src.rel) })
	srcs, outs := make([]source, len(items)), make([]outcome, len(items))
	for i, it := range items {
		srcs[i], outs[i] = it.src, it.o
	}
	if cfg.Preview {
		for _, dir := range opts.Shards {
			if err := copyPreviews(dir, opts.Out); err != nil {
				return nil, err
			}
		}
	}
	res.Images = len(srcs)
	w := &worker{opts: &bopts, cache: c, sums: map[string]sum16{}}
	if _, err := finish(ctx, w, srcs, outs, res); err != nil {
		return nil, err
	}
	if err := forgetSummary(c.dir); err != nil { // the next build reads the cache
		return nil, err
	}
	for _, o := range outs {
		if o.decoded {
			res.Decoded++
		}
	}
	res.Elapsed = time.Since(start)
	return res, nil
}

// copyPreviews copies the previews and 1x images of the shard output
// folder from into to.
func copyPreviews(from, to string) error {
	for _, dir := range []string{PreviewDir, SpriteDir} {
		root := filepath.Join(from, dir)
		err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
			if err != nil {
				if errors.Is(err, fs.ErrNotExist) {
					return nil
				}
				return err
			}
			if d.IsDir() || atomicfile.IsTemp(d.Name()) {
				return nil
			}
			rel, err := filepath.Rel(from, p)
			if err != nil {
				return err
			}
			b, err := os.ReadFile(p)
			if err != nil {
				return err
			}
			dst := filepath.Join(to, rel)
			if err := os.MkdirAll(filepath.Dir(dst), 0o755); err != nil {
				return err
			}
			return atomicfile.WriteUnsynced(dst, func(w io.Writer) error {
				_, err := w.Write(b)
				return err
			})
		})
		if err != nil {
			return err
		}
	}
	return nil
}
