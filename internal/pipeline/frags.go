package pipeline

import (
	"bytes"
	"crypto/sha256"
	"encoding/binary"
	"errors"
	"io"
	"os"
	"path/filepath"

	"github.com/shapegen/shapegen/internal/atomicfile"
	"github.com/shapegen/shapegen/internal/binrec"
)

// A library file (shapes.json, shapes.yaml) is a head, each sprite's
// bytes in name order, and a tail. A sprite's bytes follow from its record
// (the content key of its image and its place among the image's sprites),
// its same_as and whether it is the first sprite; a hash of these is its
// fragment key. After writing a library file the build records, in the
// cache folder (frags-<file>), where each sprite's bytes lie in it; the
// next build copies the bytes of the sprites whose fragment key it finds
// there out of the file as last written instead of encoding them again,
// which for YAML (yaml.v3) is most of a rebuild's time. The record names
// the file's SHA-256, so it is used only with the file it describes, and
// only when the file's stat data are those the cache recorded for it.

// fragsMagic names the layout of a fragments file.
const fragsMagic = "shapegen frags 1\n"

// fragsPath returns the fragments file of library file name in cache dir.
func fragsPath(dir, name string) string { return filepath.Join(dir, "frags-"+name) }

// fragKey returns the fragment key of the sprite at idx of the image with
// content key, with sameAs, first in the library or not.
func fragKey(key sum32, idx int32, sameAs string, first bool) sum16 {
	var b [192]byte // on the stack unless sameAs is long: a hash.Hash was 11 MB of garbage at 100,000 sprites
	p := append(b[:0], key[:]...)
	p = binary.AppendUvarint(p, uint64(idx))
	p = append(p, boolByte(first))
	p = append(append(append(p, Generator...), 0), sameAs...)
	sum := sha256.Sum256(p)
	return sum16(sum[:16])
}

// frag is where a sprite's bytes are in a library file.
type frag struct {
	key sum16
	loc loc
}

// keyed holds values under fragment keys, in the order a build recorded
// them: the sprites' name order, in which the next build asks for them.
// Asking in that order finds each at the place after the last one found
// (next), with no lookup in the map, whose 100,000 entries at 100,000
// sprites are spread through memory; a key not there (a sprite added or
// changed) moves next to wherever the map has the key asked for. Two
// sprites with one fragment key have the same bytes, so either will do.
type keyed[V any] struct {
	keys []sum16
	vals []V
	at   map[sum16]int32
}

func newKeyed[V any](n int) *keyed[V] {
	return &keyed[V]{keys: make([]sum16, 0, n), vals: make([]V, 0, n), at: make(map[sum16]int32, n)}
}

func (kv *keyed[V]) add(k sum16, v V) {
	kv.at[k] = int32(len(kv.keys))
	kv.keys, kv.vals = append(kv.keys, k), append(kv.vals, v)
}

// get returns the value under k, looking at next first; next is then
// the place after the value's.
func (kv *keyed[V]) get(k sum16, next *int) (V, bool) {
	i := *next
	if i >= len(kv.keys) || kv.keys[i] != k {
		j, ok := kv.at[k]
		if !ok {
			var zero V
			return zero, false
		}
		i = int(j)
	}
	*next = i + 1
	return kv.vals[i], true
}

// oldFrags is a library file as last written, and where its sprites'
// bytes are in it.
type oldFrags struct {
	at *keyed[loc]
	f  *os.File
}

// openFrags opens library file name in out as last written, when the
// cache's record of the outputs says it is untouched since (rec) and its
// fragments file describes it; else nil.
func openFrags(out, dir, name string, rec map[string]outputFile) *oldFrags {
	o, ok := rec[name]
	if !ok || o.SHA256 == "" {
		return nil
	}
	b, err := os.ReadFile(fragsPath(dir, name))
	if err != nil {
		return nil
	}
	rest, ok := bytes.CutPrefix(b, []byte(fragsMagic))
	if !ok || len(rest) < 64 || string(rest[:64]) != o.SHA256 {
		return nil
	}
	r := &binrec.Reader{S: string(rest[64:])}
	n := r.Count()
	at := newKeyed[loc](n)
	for range n {
		var k sum16
		copy(k[:], r.Fixed(len(k)))
		at.add(k, loc{Off: int64(r.Uvarint()), Len: int64(r.Uvarint())})
	}
	if r.Bad || r.S != "" {
		return nil
	}
	f, err := os.Open(filepath.Join(out, filepath.FromSlash(name)))
	if err != nil {
		return nil
	}
	if fi, err := f.Stat(); err != nil || statOfInfo(fi) != o.Stat {
		f.Close()
		return nil
	}
	return &oldFrags{at: at, f: f}
}

// find returns where the sprite with fragment key k is in the old file,
// and false when the file has none or o is nil; next is keyed.get's,
// one for each caller that asks in name order.
func (o *oldFrags) find(k sum16, next *int) (loc, bool) {
	if o == nil {
		return loc{}, false
	}
	l, ok := o.at.get(k, next)
	if !ok || l.Len <= 0 || l.Len > 1<<30 {
		return loc{}, false
	}
	return l, true
}

// section returns a reader of the n bytes at off in the old file.
func (o *oldFrags) section(off, n int64) io.Reader { return io.NewSectionReader(o.f, off, n) }

func (o *oldFrags) close() {
	if o != nil {
		o.f.Close()
	}
}

// writeFrags records where the sprites' bytes (fs) are in library file
// name, whose SHA-256 is sum.
func writeFrags(dir, name, sum string, fs []frag) error {
	// Room for the head, and a key and two uvarints a sprite.
	b := append(make([]byte, 0, len(fragsMagic)+len(sum)+binary.MaxVarintLen64+len(fs)*(len(sum16{})+2*binary.MaxVarintLen64)), fragsMagic...)
	b = append(b, sum...)
	b = binary.AppendUvarint(b, uint64(len(fs)))
	for _, f := range fs {
		b = append(b, f.key[:]...)
		b = binary.AppendUvarint(b, uint64(f.loc.Off))
		b = binary.AppendUvarint(b, uint64(f.loc.Len))
	}
	return atomicfile.WriteUnsynced(filepath.Join(dir, "frags-"+name), func(w io.Writer) error {
		_, err := w.Write(b)
		return err
	})
}

// removeFrags removes the fragments file of library file name.
func removeFrags(dir, name string) error {
	err := os.Remove(fragsPath(dir, name))
	if errors.Is(err, os.ErrNotExist) {
		return nil
	}
	return err
}

// countWriter counts the bytes written through it.
type countWriter struct {
	w io.Writer
	n int64
}

func (c *countWriter) Write(p []byte) (int, error) {
	n, err := c.w.Write(p)
	c.n += int64(n)
	return n, err
}

// ReadFrom copies r to the writer, through the writer's own ReadFrom
// when it has one (a bufio.Writer reads into its buffer) rather than
// through a buffer io.Copy makes for each run.
func (c *countWriter) ReadFrom(r io.Reader) (int64, error) {
	n, err := io.Copy(c.w, r)
	c.n += n
	return n, err
}
