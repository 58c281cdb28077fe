package pipeline

import (
	"bytes"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"hash/fnv"
	"io"
	"os"
	"path/filepath"
	"strings"
	"sync"

	"github.com/shapegen/shapegen/export"
	"github.com/shapegen/shapegen/internal/atomicfile"
	"github.com/shapegen/shapegen/internal/config"
)

// CacheFile is the cache inside the output folder. Its index holds, for
// each image, its size, modification time, settings digest, content key
// and a few facts about its sprites (names, pixel counts, failures); the
// sprites themselves are stored apart, by content key, as the JSON the
// library is made of, and read only when the outputs must be rewritten. The content key (a SHA-256 of the
// generator version, the effective settings, the image and its atlas
// file) is the key of record; the stat data only spares reading and
// hashing unchanged files.
const CacheFile = ".shapegen-cache"

// fileStat is what the fast check compares: size and modification time of
// an image and of its atlas data file.
type fileStat struct {
	Size, Mod         int64
	DataSize, DataMod int64
}

// fact is what a build needs to know of a sprite when it does not need
// the sprite itself: enough for the Result and the summary.
type fact struct {
	Name, Image string
	Pixels      int
	// PolygonFP is the polygon's pair_fp_rate, when HasPolygon.
	PolygonFP  float64
	HasPolygon bool
	// Fails are the sprite's verification failures.
	Fails []string
}

func factOf(sp *export.Sprite) fact {
	q, ok := sp.Quality["polygon"]
	return fact{Name: sp.Name, Image: sp.Image, Pixels: sp.Pixels, PolygonFP: q.FPArea, HasPolygon: ok, Fails: violations(sp)}
}

func factsOf(sprites []export.Sprite) []fact {
	fs := make([]fact, len(sprites))
	for i := range sprites {
		fs[i] = factOf(&sprites[i])
	}
	return fs
}

// entry is an image's record in the cache index.
type entry struct {
	Stat     fileStat
	Settings string
	Key      string
	Facts    []fact
}

// CacheFile holds, after the line cacheVersion, the index (map from image
// path to entry, see appendIndex) and the sprites in cacheShards shards,
// each length-prefixed (uvarint). A shard is a sequence of records: the
// content key, the encoding error (empty when none) and the number of
// sprites, then each sprite's JSON, every string length-prefixed. The
// JSON is copied to and from the file as it is: saving a cold build's
// cache encodes nothing more.

// cacheVersion names the layout of CacheFile; a cache of another
// version is only a cold start.
const cacheVersion = Generator + " cache 4\n"

// computed is what processing an image gave for its sprites: each one's
// JSON (export.AppendSpriteJSON), or the error encoding one of them gave,
// and the sprites (nil in a cache record until load parses the JSON).
type computed struct {
	Sprites []export.Sprite
	JSON    [][]byte
	Err     string
}

// cacheShards is how many shards the sprites are split into, so that
// reading them uses every core.
const cacheShards = 4

// outputsRecord is the content of OutputsFile: the digest of what the
// output files were written from, and their stat data after writing.
type outputsRecord struct {
	Digest string
	Files  map[string]fileStat
}

// OutputsFile, beside CacheFile, records which inputs the output files
// were last written from, so that an unchanged build does not rewrite
// them. It is separate so the cache can be saved while the outputs are
// being written.
const OutputsFile = ".shapegen-outputs"

// cache is the incremental cache of one build. lookups and put may be
// called from several goroutines; the rest from one.
type cache struct {
	path string
	off  bool
	old  map[string]entry // the index read
	// byKey indexes old by content key.
	byKey map[string]entry
	// shardsAt is where the sprite shards start in the cache file read,
	// 0 when there is none; oldShards are those shards, read by shards
	// only when needed (a warm build reads the index alone).
	shardsAt  int64
	oldShards [][]byte
	loaded    bool
	mu        sync.Mutex
	sprites   map[string]*computed // by content key: loaded and new
	new       map[string]entry
	dirty     bool
	// outputs is the record of the outputs as last written.
	outputs outputsRecord
}

func openCache(out string, off bool) *cache {
	c := &cache{path: filepath.Join(out, CacheFile), off: off, old: map[string]entry{}, byKey: map[string]entry{},
		sprites: map[string]*computed{}, new: map[string]entry{}}
	if off {
		return c
	}
	if f, err := os.Open(c.path); err == nil {
		// A damaged or foreign cache is only a cold start.
		if ix, at, ok := readIndex(f); ok {
			c.old, c.shardsAt = ix, at
		}
		f.Close()
	}
	c.byKey = make(map[string]entry, len(c.old))
	c.new = make(map[string]entry, len(c.old))
	for _, e := range c.old {
		c.byKey[e.Key] = e
	}
	if b, err := os.ReadFile(filepath.Join(out, OutputsFile)); err == nil {
		if json.Unmarshal(b, &c.outputs) != nil {
			c.outputs = outputsRecord{}
		}
	}
	return c
}

// lookupStat returns the cached entry of image rel when its stat data and
// settings are those of the cache.
func (c *cache) lookupStat(rel string, st fileStat, settings string) (entry, bool) {
	e, ok := c.old[rel]
	if c.off || !ok || e.Stat != st || e.Settings != settings {
		return entry{}, false
	}
	return e, true
}

// lookupKey returns the cached entry with content key.
func (c *cache) lookupKey(key string) (entry, bool) {
	e, ok := c.byKey[key]
	return e, ok && !c.off
}

// put records the sprites computed for content key.
func (c *cache) put(key string, sprites *computed) {
	c.mu.Lock()
	c.sprites[key] = sprites
	c.mu.Unlock()
}

// load decodes the cached sprites (once), its shards in parallel.
func (c *cache) load() error {
	if c.loaded {
		return nil
	}
	c.loaded = true
	shards, err := c.shards()
	if err != nil {
		return err
	}
	parts := make([]map[string]*computed, len(shards))
	errs := make([]error, len(shards))
	var wg sync.WaitGroup
	for i, sh := range shards {
		wg.Go(func() { parts[i], errs[i] = readShard(sh) })
	}
	wg.Wait()
	if err := errors.Join(errs...); err != nil {
		return fmt.Errorf("%s: %w (remove it to start afresh)", c.path, err)
	}
	for _, p := range parts {
		for k, v := range p {
			if _, ok := c.sprites[k]; !ok {
				c.sprites[k] = v
			}
		}
	}
	return nil
}

// spritesOf returns the sprites of content key, loading the cache if need
// be.
func (c *cache) spritesOf(key string) (*computed, error) {
	if s, ok := c.sprites[key]; ok {
		return s, nil
	}
	if err := c.load(); err != nil {
		return nil, err
	}
	s, ok := c.sprites[key]
	if !ok {
		return nil, fmt.Errorf("%s: no sprites for a cached image (remove it to start afresh)", c.path)
	}
	return s, nil
}

// keep records image rel's entry in the new index; an entry without key
// is not kept.
func (c *cache) keep(rel string, e entry) {
	if e.Key == "" {
		c.dirty = true
		return
	}
	if old, ok := c.old[rel]; !ok || old.Stat != e.Stat || old.Key != e.Key || old.Settings != e.Settings {
		c.dirty = true
	}
	c.new[rel] = e
}

// outputsCurrent reports whether the output files were written from
// digest and are untouched since.
func (c *cache) outputsCurrent(out, digest string, files []string) bool {
	if c.off || c.outputs.Digest != digest || len(c.outputs.Files) != len(files) {
		return false
	}
	for _, f := range files {
		st, err := statFile(filepath.Join(out, f))
		if err != nil || st != c.outputs.Files[f] {
			return false
		}
	}
	return true
}

// wrote records that the output files were written from digest.
func (c *cache) wrote(out, digest string, files []string) error {
	rec := outputsRecord{Digest: digest, Files: map[string]fileStat{}}
	for _, f := range files {
		if st, err := statFile(filepath.Join(out, f)); err == nil {
			rec.Files[f] = st
		}
	}
	b, err := json.Marshal(rec)
	if err != nil {
		return err
	}
	return atomicfile.WriteBytes(filepath.Join(out, OutputsFile), b)
}

// save writes the new cache, unless nothing changed. The old sprite shards
// are kept as they are when the new index refers to the same keys and no
// sprite was computed.
func (c *cache) save() error {
	if !c.dirty && len(c.new) == len(c.old) {
		return nil
	}
	ix := appendIndex(nil, c.new)
	var shards [][]byte
	if c.sameKeys() {
		var err error
		if shards, err = c.shards(); err != nil {
			return err
		}
	} else {
		if err := c.load(); err != nil {
			return err
		}
		shards = c.encodeSprites()
	}
	return atomicfile.Write(c.path, func(w io.Writer) error {
		head := append([]byte(cacheVersion), 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
		head = binary.AppendUvarint(head[:len(cacheVersion)], uint64(len(ix)))
		if _, err := w.Write(head); err != nil {
			return err
		}
		if _, err := w.Write(ix); err != nil {
			return err
		}
		for _, sh := range shards {
			if _, err := w.Write(binary.AppendUvarint(nil, uint64(len(sh)))); err != nil {
				return err
			}
			if _, err := w.Write(sh); err != nil {
				return err
			}
		}
		return nil
	})
}

// readIndex reads the index of the cache file f and returns it with the
// offset of the sprite shards, and false when f is not a cache of this
// version. It reads only the index.
func readIndex(f *os.File) (map[string]entry, int64, bool) {
	head := make([]byte, len(cacheVersion)+binary.MaxVarintLen64)
	n, _ := io.ReadFull(f, head)
	rest, ok := bytes.CutPrefix(head[:n], []byte(cacheVersion))
	if !ok {
		return nil, 0, false
	}
	size, k := binary.Uvarint(rest)
	at := int64(len(cacheVersion) + k)
	fi, err := f.Stat()
	if k <= 0 || err != nil || size > uint64(fi.Size()-at) { // a damaged length must not allocate
		return nil, 0, false
	}
	// Read into a Builder: the entries' strings share its memory, with no
	// copy of the index from bytes to string.
	var ixs strings.Builder
	ixs.Grow(int(size))
	if _, err := io.Copy(&ixs, io.NewSectionReader(f, at, int64(size))); err != nil || ixs.Len() != int(size) {
		return nil, 0, false
	}
	ix, ok := parseIndex(ixs.String())
	if !ok {
		return nil, 0, false
	}
	return ix, at + int64(size), true
}

// shards reads (once) the sprite shards of the cache file read.
func (c *cache) shards() ([][]byte, error) {
	if c.oldShards != nil || c.shardsAt == 0 {
		return c.oldShards, nil
	}
	bad := fmt.Errorf("%s: damaged sprite shards (remove it to start afresh)", c.path)
	f, err := os.Open(c.path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	if _, err := f.Seek(c.shardsAt, io.SeekStart); err != nil {
		return nil, err
	}
	rest, err := io.ReadAll(f)
	if err != nil {
		return nil, err
	}
	var shards [][]byte
	for len(rest) > 0 {
		var sh []byte
		var ok bool
		if sh, rest, ok = cutBytes(rest); !ok {
			return nil, bad
		}
		shards = append(shards, sh)
	}
	if len(shards) != cacheShards {
		return nil, bad
	}
	c.oldShards = shards
	return shards, nil
}

// cutBytes returns the uvarint-length-prefixed bytes at the start of b
// and the rest, and false when b is too short.
func cutBytes(b []byte) (field, rest []byte, ok bool) {
	n, k := binary.Uvarint(b)
	if k <= 0 || n > uint64(len(b)-k) {
		return nil, nil, false
	}
	return b[k : k+int(n)], b[k+int(n):], true
}

// appendBytes appends b to dst, length-prefixed.
func appendBytes(dst, b []byte) []byte {
	return append(binary.AppendUvarint(dst, uint64(len(b))), b...)
}

// readShard reads the records of a sprite shard and parses their JSON.
func readShard(sh []byte) (map[string]*computed, error) {
	bad := errors.New("damaged sprite shard")
	recs := map[string]*computed{}
	for len(sh) > 0 {
		key, rest, ok := cutBytes(sh)
		if !ok {
			return nil, bad
		}
		msg, rest, ok := cutBytes(rest)
		if !ok {
			return nil, bad
		}
		n, k := binary.Uvarint(rest)
		if k <= 0 || n > uint64(len(rest)) {
			return nil, bad
		}
		rest = rest[k:]
		comp := &computed{Err: string(msg), JSON: make([][]byte, n), Sprites: make([]export.Sprite, n)}
		for i := range comp.JSON {
			if comp.JSON[i], rest, ok = cutBytes(rest); !ok {
				return nil, bad
			}
			if err := json.Unmarshal(comp.JSON[i], &comp.Sprites[i]); err != nil {
				return nil, err
			}
		}
		recs[string(key)] = comp
		sh = rest
	}
	return recs, nil
}

// sameKeys reports whether the new index refers only to content keys of
// the old one, so the old sprite shards serve unchanged.
func (c *cache) sameKeys() bool {
	if c.shardsAt == 0 {
		return false
	}
	for _, e := range c.new {
		if _, ok := c.byKey[e.Key]; !ok {
			return false
		}
	}
	return true
}

// encodeSprites returns the shards of the sprites the new index refers
// to, each key once, in index order (the order does not matter to load).
func (c *cache) encodeSprites() [][]byte {
	shards := make([][]byte, cacheShards)
	size := 0
	for _, comp := range c.sprites {
		for _, js := range comp.JSON {
			size += len(js) + 4
		}
	}
	for i := range shards {
		shards[i] = make([]byte, 0, size/cacheShards*5/4+1024)
	}
	done := make(map[string]bool, len(c.new))
	for _, e := range c.new {
		if done[e.Key] {
			continue
		}
		done[e.Key] = true
		h := fnv.New32a()
		h.Write([]byte(e.Key))
		i := h.Sum32() % cacheShards
		comp := c.sprites[e.Key]
		if comp == nil { // cannot happen: load read every old key
			continue
		}
		b := appendBytes(shards[i], []byte(e.Key))
		b = appendBytes(b, []byte(comp.Err))
		b = binary.AppendUvarint(b, uint64(len(comp.JSON)))
		for _, js := range comp.JSON {
			b = appendBytes(b, js)
		}
		shards[i] = b
	}
	return shards
}

func statFile(p string) (fileStat, error) {
	fi, err := os.Stat(p)
	if err != nil {
		return fileStat{}, err
	}
	return fileStat{Size: fi.Size(), Mod: fi.ModTime().UnixNano()}, nil
}

// statOf returns the stat data of src's image and atlas file, as the walk
// saw them when it could.
func statOf(dir string, src source) (fileStat, error) {
	if src.stat != nil {
		return *src.stat, nil
	}
	st, err := statFile(filepath.Join(dir, filepath.FromSlash(src.rel)))
	if err != nil {
		return st, fmt.Errorf("%s: %v", src.rel, unwrapPath(err))
	}
	if src.data != "" {
		d, err := statFile(filepath.Join(dir, filepath.FromSlash(src.data)))
		if err != nil {
			return st, fmt.Errorf("%s: %v", src.data, unwrapPath(err))
		}
		st.DataSize, st.DataMod = d.Size, d.Mod
	}
	return st, nil
}

// settingsSum returns a digest of the settings that shape an image's
// sprites.
func settingsSum(s config.Sprite, maxPixels int64) string {
	b, _ := json.Marshal(struct {
		V string
		S config.Sprite
		M int64
	}{Version, s, maxPixels})
	h := sha256.Sum256(b)
	return hex.EncodeToString(h[:16])
}

// digest returns a SHA-256 of parts, each length-prefixed.
func digest(parts ...[]byte) string {
	h := sha256.New()
	for _, part := range parts {
		var n [8]byte
		binary.LittleEndian.PutUint64(n[:], uint64(len(part)))
		h.Write(n[:])
		h.Write(part)
	}
	return hex.EncodeToString(h.Sum(nil))
}

// appendPart appends part to b length-prefixed: digest(a, b, ...) is the
// SHA-256 of appendPart(appendPart(nil, a), b)...
func appendPart[T string | []byte](b []byte, part T) []byte {
	return append(binary.LittleEndian.AppendUint64(b, uint64(len(part))), part...)
}

// contentKey returns the cache key of an image: its settings digest, path,
// atlas file and content.
func contentKey(settings string, src source, img, data []byte) string {
	return digest([]byte(settings), []byte(src.rel), []byte(src.data), data, img)
}
