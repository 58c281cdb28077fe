package pipeline

import (
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/shapegen/shapegen/export"
	"github.com/shapegen/shapegen/internal/atomicfile"
	"github.com/shapegen/shapegen/internal/config"
)

// CacheDir is the cache folder inside the output folder. It holds
// index.json (each image's size, modification time, settings digest and
// content key) and one <key>.json per image with its computed sprites.
// The content key (a SHA-256 of the generator version, the effective
// settings, the image and its atlas file) is the key of record; the stat
// data only spares hashing unchanged files.
const CacheDir = ".shapegen-cache"

// fileStat is what the fast check compares: size and modification time of
// an image and of its atlas data file.
type fileStat struct {
	Size, Mod         int64
	DataSize, DataMod int64 `json:",omitempty"`
}

// entry is an image's line in the cache index.
type entry struct {
	Stat     fileStat
	Settings string
	Key      string
}

// cache is the incremental cache of one build.
type cache struct {
	dir string
	off bool
	old map[string]entry
	new map[string]entry
}

func openCache(out string, off bool) *cache {
	c := &cache{dir: filepath.Join(out, CacheDir), off: off, old: map[string]entry{}, new: map[string]entry{}}
	if b, err := os.ReadFile(filepath.Join(c.dir, "index.json")); err == nil && !off {
		// A damaged index is only a cold start.
		_ = json.Unmarshal(b, &c.old)
	}
	return c
}

// lookupStat returns the cached sprites of image rel when its stat data
// and settings are those of the index.
func (c *cache) lookupStat(rel string, st fileStat, settings string) ([]export.Sprite, string, bool) {
	e, ok := c.old[rel]
	if c.off || !ok || e.Stat != st || e.Settings != settings {
		return nil, "", false
	}
	s, ok := c.lookupKey(e.Key)
	return s, e.Key, ok
}

// lookupKey returns the sprites stored under key.
func (c *cache) lookupKey(key string) ([]export.Sprite, bool) {
	if c.off {
		return nil, false
	}
	b, err := os.ReadFile(filepath.Join(c.dir, key+".json"))
	if err != nil {
		return nil, false
	}
	var s []export.Sprite
	if json.Unmarshal(b, &s) != nil {
		return nil, false
	}
	return s, true
}

// store saves sprites under key.
func (c *cache) store(key string, sprites []export.Sprite) error {
	if sprites == nil {
		sprites = []export.Sprite{}
	}
	b, err := json.Marshal(sprites)
	if err != nil {
		return err
	}
	if err := os.MkdirAll(c.dir, 0o755); err != nil {
		return err
	}
	return atomicfile.WriteBytes(filepath.Join(c.dir, key+".json"), b)
}

// keep records image rel's entry in the new index; a zero entry is not
// kept.
func (c *cache) keep(rel string, e entry) {
	if e.Key != "" {
		c.new[rel] = e
	}
}

// save writes the new index and removes entries it no longer refers to.
func (c *cache) save() error {
	if err := os.MkdirAll(c.dir, 0o755); err != nil {
		return err
	}
	b, err := json.MarshalIndent(c.new, "", "\t")
	if err != nil {
		return err
	}
	if err := atomicfile.WriteBytes(filepath.Join(c.dir, "index.json"), b); err != nil {
		return err
	}
	used := map[string]bool{"index.json": true}
	for _, e := range c.new {
		used[e.Key+".json"] = true
	}
	files, _ := os.ReadDir(c.dir)
	for _, f := range files {
		if !used[f.Name()] && strings.HasSuffix(f.Name(), ".json") {
			os.Remove(filepath.Join(c.dir, f.Name()))
		}
	}
	return nil
}

// statOf returns the stat data of src's image and atlas file.
func statOf(dir string, src source) (fileStat, error) {
	var st fileStat
	fi, err := os.Stat(filepath.Join(dir, filepath.FromSlash(src.rel)))
	if err != nil {
		return st, fmt.Errorf("%s: %v", src.rel, unwrapPath(err))
	}
	st.Size, st.Mod = fi.Size(), fi.ModTime().UnixNano()
	if src.data != "" {
		fi, err := os.Stat(filepath.Join(dir, filepath.FromSlash(src.data)))
		if err != nil {
			return st, fmt.Errorf("%s: %v", src.data, unwrapPath(err))
		}
		st.DataSize, st.DataMod = fi.Size(), fi.ModTime().UnixNano()
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

// contentKey returns the cache key of an image: its settings digest, path,
// atlas file and content.
func contentKey(settings string, src source, img, data []byte) string {
	h := sha256.New()
	for _, part := range [][]byte{[]byte(settings), []byte(src.rel), []byte(src.data), data, img} {
		var n [8]byte
		binary.LittleEndian.PutUint64(n[:], uint64(len(part)))
		h.Write(n[:])
		h.Write(part)
	}
	return hex.EncodeToString(h.Sum(nil))
}
