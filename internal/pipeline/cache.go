package pipeline

import (
	"bytes"
	"crypto/sha256"
	"encoding/binary"
	"encoding/gob"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"

	"github.com/shapegen/shapegen/export"
	"github.com/shapegen/shapegen/internal/atomicfile"
	"github.com/shapegen/shapegen/internal/config"
)

// CacheFile is the cache inside the output folder: for each image its
// size, modification time, settings digest, content key and computed
// sprites, and a digest of the outputs last written. The content key (a
// SHA-256 of the generator version, the effective settings, the image and
// its atlas file) is the key of record; the stat data only spares reading
// and hashing unchanged files.
const CacheFile = ".shapegen-cache"

// fileStat is what the fast check compares: size and modification time of
// an image and of its atlas data file.
type fileStat struct {
	Size, Mod         int64
	DataSize, DataMod int64
}

// entry is an image's record in the cache.
type entry struct {
	Stat     fileStat
	Settings string
	Key      string
	Sprites  []export.Sprite
}

// index is the cache file's content.
type index struct {
	Version string
	Entries map[string]entry
}

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

// cache is the incremental cache of one build.
type cache struct {
	path  string
	off   bool
	old   index
	byKey map[string][]export.Sprite
	new   index
	dirty bool
	// outputs is the record of the outputs as last written.
	outputs outputsRecord
}

func openCache(out string, off bool) *cache {
	c := &cache{path: filepath.Join(out, CacheFile), off: off, byKey: map[string][]export.Sprite{},
		new: index{Version: Version, Entries: map[string]entry{}}}
	if off {
		return c
	}
	if b, err := os.ReadFile(c.path); err == nil {
		// A damaged or foreign cache is only a cold start.
		if gob.NewDecoder(bytes.NewReader(b)).Decode(&c.old) != nil || c.old.Version != Version {
			c.old = index{}
		}
	}
	if b, err := os.ReadFile(filepath.Join(out, OutputsFile)); err == nil {
		if json.Unmarshal(b, &c.outputs) != nil {
			c.outputs = outputsRecord{}
		}
	}
	for _, e := range c.old.Entries {
		c.byKey[e.Key] = e.Sprites
	}
	return c
}

// lookupStat returns the cached entry of image rel when its stat data and
// settings are those of the cache.
func (c *cache) lookupStat(rel string, st fileStat, settings string) (entry, bool) {
	e, ok := c.old.Entries[rel]
	if c.off || !ok || e.Stat != st || e.Settings != settings {
		return entry{}, false
	}
	return e, true
}

// lookupKey returns the sprites cached under content key.
func (c *cache) lookupKey(key string) ([]export.Sprite, bool) {
	s, ok := c.byKey[key]
	return s, ok && !c.off
}

// keep records image rel's entry in the new cache; an entry without key
// is not kept.
func (c *cache) keep(rel string, e entry) {
	if e.Key == "" {
		c.dirty = true
		return
	}
	if old, ok := c.old.Entries[rel]; !ok || old.Stat != e.Stat || old.Key != e.Key || old.Settings != e.Settings {
		c.dirty = true
	}
	c.new.Entries[rel] = e
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

// save writes the new cache, unless nothing changed.
func (c *cache) save() error {
	if !c.dirty && len(c.new.Entries) == len(c.old.Entries) {
		return nil
	}
	var b bytes.Buffer
	if err := gob.NewEncoder(&b).Encode(&c.new); err != nil {
		return err
	}
	return atomicfile.WriteBytes(c.path, b.Bytes())
}

func statFile(p string) (fileStat, error) {
	fi, err := os.Stat(p)
	if err != nil {
		return fileStat{}, err
	}
	return fileStat{Size: fi.Size(), Mod: fi.ModTime().UnixNano()}, nil
}

// statOf returns the stat data of src's image and atlas file.
func statOf(dir string, src source) (fileStat, error) {
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
