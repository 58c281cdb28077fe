package pipeline

import (
	"bytes"
	"crypto/sha256"
	"encoding/binary"
	"encoding/gob"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"hash/fnv"
	"os"
	"path/filepath"
	"sync"

	"github.com/shapegen/shapegen/export"
	"github.com/shapegen/shapegen/internal/atomicfile"
	"github.com/shapegen/shapegen/internal/config"
)

// CacheFile is the cache inside the output folder. Its index holds, for
// each image, its size, modification time, settings digest, content key
// and a few facts about its sprites (names, pixel counts, failures); the
// sprites themselves are stored apart, by content key, and decoded only
// when the outputs must be rewritten. The content key (a SHA-256 of the
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
	return fact{Name: sp.Name, Image: sp.Image, Pixels: sp.Pixels, PolygonFP: q.PairFPRate, HasPolygon: ok, Fails: violations(sp)}
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

// cacheFile is the content of CacheFile: the version, the gob-encoded
// index (map from image path to entry) and the sprites, gob-encoded maps
// from content key to computed in cacheShards shards.
type cacheFile struct {
	Version string
	Index   []byte
	Sprites [][]byte
}

// cacheVersion names the layout of CacheFile; a cache of another
// version is only a cold start.
const cacheVersion = Generator + " cache 2"

// computed is what processing an image gave for its sprites: the sprites
// and each one's JSON (export.AppendSpriteJSON), or the error encoding
// one of them gave.
type computed struct {
	Sprites []export.Sprite
	JSON    [][]byte
	Err     string
}

// cacheShards is how many gob streams the sprites are split into, so that
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
	// oldShards are the sprite shards read, decoded by load.
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
	if b, err := os.ReadFile(c.path); err == nil {
		// A damaged or foreign cache is only a cold start.
		var f cacheFile
		var ix map[string]entry
		if gob.NewDecoder(bytes.NewReader(b)).Decode(&f) == nil && f.Version == cacheVersion &&
			gob.NewDecoder(bytes.NewReader(f.Index)).Decode(&ix) == nil {
			c.old, c.oldShards = ix, f.Sprites
		}
	}
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
	parts := make([]map[string]*computed, len(c.oldShards))
	errs := make([]error, len(c.oldShards))
	var wg sync.WaitGroup
	for i, sh := range c.oldShards {
		wg.Go(func() { errs[i] = gob.NewDecoder(bytes.NewReader(sh)).Decode(&parts[i]) })
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
	var ix bytes.Buffer
	if err := gob.NewEncoder(&ix).Encode(c.new); err != nil {
		return err
	}
	f := cacheFile{Version: cacheVersion, Index: ix.Bytes(), Sprites: c.oldShards}
	if !c.sameKeys() {
		if err := c.load(); err != nil {
			return err
		}
		shards, err := c.encodeSprites()
		if err != nil {
			return err
		}
		f.Sprites = shards
	}
	var b bytes.Buffer
	if err := gob.NewEncoder(&b).Encode(&f); err != nil {
		return err
	}
	return atomicfile.WriteBytes(c.path, b.Bytes())
}

// sameKeys reports whether the new index refers only to content keys of
// the old one, so the old sprite shards serve unchanged.
func (c *cache) sameKeys() bool {
	if c.oldShards == nil {
		return false
	}
	for _, e := range c.new {
		if _, ok := c.byKey[e.Key]; !ok {
			return false
		}
	}
	return true
}

// encodeSprites encodes the sprites the new index refers to, in shards,
// in parallel.
func (c *cache) encodeSprites() ([][]byte, error) {
	parts := make([]map[string]*computed, cacheShards)
	for i := range parts {
		parts[i] = map[string]*computed{}
	}
	for _, e := range c.new {
		h := fnv.New32a()
		h.Write([]byte(e.Key))
		parts[h.Sum32()%cacheShards][e.Key] = c.sprites[e.Key]
	}
	shards := make([][]byte, cacheShards)
	errs := make([]error, cacheShards)
	var wg sync.WaitGroup
	for i := range parts {
		wg.Go(func() {
			var b bytes.Buffer
			errs[i] = gob.NewEncoder(&b).Encode(parts[i])
			shards[i] = b.Bytes()
		})
	}
	wg.Wait()
	return shards, errors.Join(errs...)
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

// contentKey returns the cache key of an image: its settings digest, path,
// atlas file and content.
func contentKey(settings string, src source, img, data []byte) string {
	return digest([]byte(settings), []byte(src.rel), []byte(src.data), data, img)
}
