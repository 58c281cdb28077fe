package pipeline

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"hash/crc32"
	"io"
	"math"
	"os"
	"path"
	"path/filepath"
	"runtime/debug"
	"runtime/trace"
	"slices"
	"strconv"
	"strings"
	"sync"
	"unsafe"

	"github.com/shapegen/shapegen/internal/atomicfile"
	"github.com/shapegen/shapegen/internal/binrec"
	"github.com/shapegen/shapegen/internal/plural"
)

// CacheDir is the incremental cache, a folder inside the output folder.
// It holds an index (index), the sprites (export.AppendRecord) in an append-only
// records file (records-N), and the record of the outputs as last written
// (outputs). The index says, for each image, its stat data, its settings
// digest, its content key (a SHA-256 of the generator version, the
// effective settings, the image and its atlas file: the key of record),
// a few facts about its sprites (names, pixel counts, failures) and where
// its record is. A warm build reads the index alone.
//
// Damage is never a failure: an index that is truncated, of another
// version or fails its checksum is a cold start with one note; a record
// that fails its checksum is recomputed from the image.
const CacheDir = ".shapegen-cache"

const (
	indexName   = "index"
	outputsName = "outputs"
	// indexMagic names the layout of the index; another is a cold start.
	indexMagic = "shapegen cache 11\n"
)

// castagnoli is the CRC-32C table the records are checked with.
var castagnoli = crc32.MakeTable(crc32.Castagnoli)

// fact is what a build needs to know of a sprite when it does not need
// the sprite itself: enough for the Result and the summary.
type fact struct {
	Name, Image string
	Pixels      int
	// PolygonFP is the polygon's false-positive figure, when HasPolygon.
	PolygonFP  float64
	HasPolygon bool
	// Fails are the sprite's verification failures.
	Fails []string
	// Notes are lines about the sprite, and about its image on the
	// image's first sprite: how a sheet was sliced, why an empty sprite
	// is empty when it is not transparent all over.
	Notes []string
	// MaskKey is the digest of the sprite's mask and frame geometry
	// (maskKey), zero for an empty sprite: sprites with one key are the
	// same (same_as).
	MaskKey sum16
	// Anims are the animations the sprite is a frame of.
	Anims []animRef
}

// loc is where an image's record is in the records file.
type loc struct{ Off, Len int64 }

// entry is an image's record in the cache index.
type entry struct {
	Stat     fileStat
	Settings sum16
	Key      sum32
	Facts    []fact
	Loc      loc
}

// indexed is an image's entry under its path: an index is a list of
// them sorted by path.
type indexed struct {
	rel string
	e   *entry
}

// sum32 is a SHA-256 digest (content keys) and sum16 the first half of
// one (settings and mask digests), held as bytes: a build holds one per
// image and one per sprite, and hex would double them. Zero means none.
// As text (the shard file) they are hex.
type (
	sum32 [32]byte
	sum16 [16]byte
)

func (s sum32) MarshalText() ([]byte, error)  { return hex.AppendEncode(nil, s[:]), nil }
func (s *sum32) UnmarshalText(b []byte) error { return unhex(s[:], b) }
func (s sum16) MarshalText() ([]byte, error)  { return hex.AppendEncode(nil, s[:]), nil }
func (s *sum16) UnmarshalText(b []byte) error { return unhex(s[:], b) }

// unhex decodes the hex text b into dst, which it must fill; empty text
// is zero.
func unhex(dst, b []byte) error {
	if len(b) == 0 {
		clear(dst)
		return nil
	}
	if hex.DecodedLen(len(b)) != len(dst) {
		return fmt.Errorf("digest %q: want %d hex digits", b, 2*len(dst))
	}
	_, err := hex.Decode(dst, b)
	return err
}

// outputsRecord is the record of the outputs as last written: the digest
// of what they were written from, and their stat data after writing.
type outputsRecord struct {
	Digest string
	Files  map[string]outputFile
}

// outputFile is an output file as last written: its stat data and the
// SHA-256 of its bytes (the manifest's).
type outputFile struct {
	Stat   fileStat
	SHA256 string
}

// store is the incremental cache of one build. lookup, put and sprites may
// be called from several goroutines; the rest from one.
//
// The build holds one index: old, as read, sorted by path. The entries of
// the images found unchanged are old's own (outcome.entry points into
// it); save writes the new index from the build's outcomes.
type store struct {
	dir   string
	notes []string // damage found, one line each
	old   []indexed
	// byKey finds old's entries by content key (an index of old), made
	// on the first lookupKey: a build with no changed image needs none.
	keyOnce sync.Once
	byKey   map[sum32]int32
	gen     int // generation of the records file: records-<gen>
	// recs is the records file, open for appending and reading; size is
	// where the next record goes; changed says a record was added or an
	// entry taken by key (the index is not the old one).
	mu      sync.Mutex
	recs    *os.File
	size    int64
	changed bool
	// early, when not nil, waits for the index saveEarly writes; earlySize
	// is size when it made the index.
	early     func() error
	earlySize int64
	outputs   outputsRecord
	// keepAll keeps every record (no compaction), for a shard build.
	keepAll bool
	// oldLen is the old index's length: the new one is about as long.
	oldLen int
}

// openStore opens the cache in out (creating it), reading the old index
// unless off. A cache that cannot be read is a cold start, with a note.
func openStore(out string, off bool) (*store, error) {
	s := &store{dir: filepath.Join(out, CacheDir), gen: 1}
	if err := os.MkdirAll(s.dir, 0o755); err != nil {
		return nil, err
	}
	if !off {
		s.readIndex()
	}
	if b, err := os.ReadFile(filepath.Join(s.dir, outputsName)); err == nil && !off {
		if json.Unmarshal(b, &s.outputs) != nil {
			s.outputs = outputsRecord{}
		}
	}
	if off || len(s.old) == 0 {
		s.old, s.gen = nil, s.nextGen()
	}
	f, err := os.OpenFile(s.recordsPath(s.gen), os.O_RDWR|os.O_CREATE, 0o644)
	if err != nil {
		return nil, err
	}
	fi, err := f.Stat()
	if err != nil {
		f.Close()
		return nil, err
	}
	s.recs, s.size = f, fi.Size()
	// Entries whose records lie past the end of the file are misses.
	missing := 0
	s.old = slices.DeleteFunc(s.old, func(x indexed) bool {
		if x.e.Loc.Len > 0 && x.e.Loc.Off+x.e.Loc.Len > s.size {
			missing++
			return true
		}
		return false
	})
	if missing > 0 {
		s.note("cache: the records of %s are missing; they are computed again", plural.Count(missing, "image"))
	}
	return s, nil
}

// note records one line about the cache, each text once.
func (s *store) note(format string, a ...any) {
	line := fmt.Sprintf(format, a...)
	if !slices.Contains(s.notes, line) {
		s.notes = append(s.notes, line)
	}
}

func (s *store) recordsPath(gen int) string {
	return filepath.Join(s.dir, "records-"+strconv.Itoa(gen))
}

// nextGen returns a records generation no file uses yet.
func (s *store) nextGen() int {
	g := s.gen + 1
	for {
		if _, err := os.Stat(s.recordsPath(g)); errors.Is(err, os.ErrNotExist) {
			return g
		}
		g++
	}
}

// readIndex reads the old index, or notes why it cannot.
func (s *store) readIndex() {
	b, unmap, err := mapFile(filepath.Join(s.dir, indexName))
	if errors.Is(err, os.ErrNotExist) {
		return
	}
	bad := func(why string) { s.note("cache: %s; starting afresh", why) }
	if err != nil {
		bad(fmt.Sprintf("cannot read its index (%v)", unwrapPath(err)))
		return
	}
	defer unmap()
	// A mapped file cut short under the build faults on the missing pages:
	// that is a damaged index too.
	if !noFault(func() { s.takeIndex(b, bad) }) {
		s.old = nil
		bad("its index could not be read to the end")
	}
}

// takeIndex takes the index file's bytes b as the old index, or says
// why it cannot with bad.
func (s *store) takeIndex(b []byte, bad func(why string)) {
	rest, ok := bytes.CutPrefix(b, []byte(indexMagic))
	if !ok {
		bad("its index is of another version or damaged")
		return
	}
	if len(rest) < sha256.Size {
		bad("its index is truncated")
		return
	}
	sum, body := rest[:sha256.Size], rest[sha256.Size:]
	if h := sha256.Sum256(body); !bytes.Equal(h[:], sum) {
		bad("its index fails its checksum")
		return
	}
	s.oldLen = len(body)
	// The index keeps copies of the strings it needs, so it is parsed in
	// place: a copy of the file would cost as much memory again.
	ix, gen, ok := parseIndex(unsafe.String(unsafe.SliceData(body), len(body)))
	if !ok {
		bad("its index is damaged")
		return
	}
	s.old, s.gen = ix, gen
}

// noFault runs read, which reads mapped memory, and reports whether it
// ran without a memory fault (a mapped file cut short); other panics go on.
func noFault(read func()) (ok bool) {
	defer debug.SetPanicOnFault(debug.SetPanicOnFault(true))
	defer func() {
		if r := recover(); r != nil {
			if _, fault := r.(interface{ Addr() uintptr }); !fault {
				panic(r)
			}
			ok = false
		}
	}()
	read()
	return true
}

// match sets each source's cached entry to the old index's entry of its
// path, in one pass: both are sorted by path.
func (s *store) match(srcs []source) {
	j := 0
	for i := range srcs {
		for j < len(s.old) && s.old[j].rel < srcs[i].rel {
			j++
		}
		if j < len(s.old) && s.old[j].rel == srcs[i].rel {
			srcs[i].cached = s.old[j].e
		}
	}
}

// lookupStat returns the cached entry of src (see match), the index's
// own, when its stat data (all of it: see fileStat) and settings are
// those of the cache.
func (s *store) lookupStat(src source, st fileStat, settings sum16) (*entry, bool) {
	e := src.cached
	if e == nil || !st.known() || e.Stat != st || e.Settings != settings {
		return nil, false
	}
	return e, true
}

// lookupsDone drops what lookupKey made, which it must not be called
// after: the outputs are written without it.
func (s *store) lookupsDone() { s.byKey = nil }

// lookupKey returns a copy of the cached entry with content key.
func (s *store) lookupKey(key sum32) (entry, bool) {
	s.keyOnce.Do(func() {
		s.byKey = make(map[sum32]int32, len(s.old))
		for i, x := range s.old {
			s.byKey[x.e.Key] = int32(i)
		}
	})
	i, ok := s.byKey[key]
	if !ok {
		return entry{}, false
	}
	s.mu.Lock()
	s.changed = true
	s.mu.Unlock()
	return *s.old[i].e, true
}

// put appends the record of content key, the sprites' record forms
// (export.AppendRecord), and returns where it is.
//
// The record is made in one buffer sized for it, its length and checksum
// filled in last: a cold build puts every sprite, and growing and copying
// the payload was a tenth of its allocations.
func (s *store) put(key sum32, sprites [][]byte) (loc, error) {
	n := 8 + len(key) + binary.MaxVarintLen64
	for _, js := range sprites {
		n += binary.MaxVarintLen64 + len(js)
	}
	rec := slices.Grow(putBufs.get(), n)[:8] // length and checksum, then the payload
	defer func() { putBufs.put(rec) }()
	rec = append(rec, key[:]...)
	rec = binary.AppendUvarint(rec, uint64(len(sprites)))
	for _, js := range sprites {
		rec = append(binary.AppendUvarint(rec, uint64(len(js))), js...)
	}
	payload := rec[8:]
	binary.LittleEndian.PutUint32(rec, uint32(len(payload)))
	binary.LittleEndian.PutUint32(rec[4:], crc32.Checksum(payload, castagnoli))
	s.mu.Lock()
	defer s.mu.Unlock()
	if _, err := s.recs.WriteAt(rec, s.size); err != nil {
		return loc{}, fmt.Errorf("write %s: %w", s.recs.Name(), unwrapPath(err))
	}
	l := loc{Off: s.size, Len: int64(len(rec))}
	s.size += l.Len
	s.changed = true
	return l, nil
}

// putBufs holds the buffers put writes a record from (the file keeps a
// copy).
var putBufs = bufPool{max: 1 << 20}

// errDamaged is returned for a record that fails its checksum.
var errDamaged = errors.New("damaged cache record")

// sprites returns the sprites' record forms of the record at l, checked against
// its checksum and content key; errDamaged when it fails.
func (s *store) sprites(l loc, key sum32) ([][]byte, error) {
	var rb recordBuf
	return s.spritesIn(&rb, l, key)
}

// recordBuf is the memory a record is read into, reused from one record
// to the next.
type recordBuf struct {
	b   []byte
	out [][]byte
}

// spritesIn is sprites reading into rb: what it returns is rb's, valid
// until rb's next use.
func (s *store) spritesIn(rb *recordBuf, l loc, key sum32) ([][]byte, error) {
	if l.Len < 8 || l.Len > 1<<31 {
		return nil, errDamaged
	}
	if int64(cap(rb.b)) < l.Len {
		rb.b = make([]byte, l.Len)
	}
	b := rb.b[:l.Len]
	if _, err := s.recs.ReadAt(b, l.Off); err != nil {
		return nil, errDamaged
	}
	n, sum, payload := binary.LittleEndian.Uint32(b), binary.LittleEndian.Uint32(b[4:]), b[8:]
	if int(n) != len(payload) || crc32.Checksum(payload, castagnoli) != sum {
		return nil, errDamaged
	}
	if len(payload) < len(key) || !bytes.Equal(payload[:len(key)], key[:]) {
		return nil, errDamaged
	}
	p := payload[len(key):]
	count, k := binary.Uvarint(p)
	if k <= 0 || count > uint64(len(p)) {
		return nil, errDamaged
	}
	p = p[k:]
	out := rb.out[:0]
	for range count {
		m, k := binary.Uvarint(p)
		if k <= 0 || m > uint64(len(p)-k) {
			return nil, errDamaged
		}
		out = append(out, p[k:k+int(m):k+int(m)])
		p = p[k+int(m):]
	}
	if len(p) != 0 {
		return nil, errDamaged
	}
	rb.out = out
	return out, nil
}

// outputsCurrent reports whether the output files were written from
// digest and are untouched since: every file the last manifest listed is
// there with the stat data it had, and files are among them.
func (s *store) outputsCurrent(out, digest string, files []string) bool {
	return s.outputs.current(out, digest, files)
}

// current reports whether the outputs rec records in the output folder
// out were written from digest, include files, and are as written.
func (rec *outputsRecord) current(out, digest string, files []string) bool {
	if rec.Digest != digest {
		return false
	}
	for _, f := range files {
		if _, ok := rec.Files[f]; !ok {
			return false
		}
	}
	for f, o := range rec.Files {
		fi, err := os.Stat(filepath.Join(out, filepath.FromSlash(f)))
		if err != nil || statOfInfo(fi) != o.Stat {
			return false
		}
	}
	return true
}

// wrote records that the outputs were written from digest (their stat
// data and digests are in s.outputs.Files, from the manifest).
func (s *store) wrote(digest string) error {
	s.outputs.Digest = digest
	b, err := json.Marshal(s.outputs)
	if err != nil {
		return err
	}
	return atomicfile.WriteBytes(filepath.Join(s.dir, outputsName), b)
}

// forgetOutputs drops the record of the outputs, before they are
// rewritten: a build killed while writing them leaves no record that
// calls them current.
func (s *store) forgetOutputs() error {
	err := os.Remove(filepath.Join(s.dir, outputsName))
	if errors.Is(err, os.ErrNotExist) {
		return nil
	}
	return err
}

// newIndex returns the index of the build's images srcs (sorted by path)
// and their outcomes: the entries that have a key.
func newIndex(srcs []source, outs []outcome) []indexed {
	ix := make([]indexed, 0, len(outs))
	for i, o := range outs {
		if o.entry != nil && o.entry.Key != (sum32{}) {
			ix = append(ix, indexed{srcs[i].rel, o.entry})
		}
	}
	return ix
}

// save writes the index of the build's images srcs (sorted by path) and
// their outcomes, unless it is the old one, compacting the records file
// first when less than half of it is still referred to. When saveEarly
// wrote it already and no record was put since, that one stands.
func (s *store) save(srcs []source, outs []outcome) error {
	if s.early != nil {
		err := s.waitEarly()
		s.mu.Lock()
		same := s.size == s.earlySize
		s.mu.Unlock()
		if err == nil && same {
			return nil
		}
	}
	// When every image kept its old entry there is nothing to write, and
	// nothing new in the records file to compact: the build that wrote
	// the index looked at that.
	if s.sameIndex(srcs, outs) && len(s.notes) == 0 {
		return nil
	}
	ix := newIndex(srcs, outs)
	if s.compactable(ix) {
		if err := s.compact(ix); err != nil {
			return err
		}
	}
	return s.writeIndex(s.indexBody(ix))
}

// saveEarly starts writing the index as save would, on a goroutine of
// its own, so that writing and syncing it (some 24 MB at 100,000 sprites,
// 0.16-0.35 s) goes on beside the outputs, which are written after it.
// The index is made here, from the entries as they are; a damaged record
// that the outputs compute again puts a record and changes an entry, and
// save then writes the index again. It does nothing when save would
// compact the records file first, which the outputs read. save and close
// wait for it.
func (s *store) saveEarly(ctx context.Context, srcs []source, outs []outcome) {
	if s.sameIndex(srcs, outs) && len(s.notes) == 0 {
		return
	}
	ix := newIndex(srcs, outs)
	if s.compactable(ix) {
		return
	}
	body := s.indexBody(ix)
	s.mu.Lock()
	s.earlySize = s.size
	s.mu.Unlock()
	done := make(chan error, 1)
	go func() {
		defer trace.StartRegion(ctx, "save the cache index early").End()
		done <- s.writeIndex(body)
	}()
	s.early = func() error { return <-done }
}

// waitEarly waits for the index saveEarly writes, and returns its error.
func (s *store) waitEarly() error {
	if s.early == nil {
		return nil
	}
	err := s.early()
	s.early = nil
	return err
}

// compactable reports whether the records file is to be compacted before
// the index ix is saved: less than half of it is still referred to.
func (s *store) compactable(ix []indexed) bool {
	live := int64(0)
	for _, x := range ix {
		live += x.e.Loc.Len
	}
	return live*2 < s.size && s.size > 1<<20 && !s.keepAll
}

// indexBody returns the index ix encoded.
func (s *store) indexBody(ix []indexed) []byte {
	return appendIndex(make([]byte, 0, s.oldLen+s.oldLen/16+4096), ix, s.gen)
}

// writeIndex writes the index whose encoding is body, and removes the
// records files it does not refer to.
func (s *store) writeIndex(body []byte) error {
	sum := sha256.Sum256(body)
	err := atomicfile.Write(filepath.Join(s.dir, indexName), func(w io.Writer) error {
		for _, part := range [][]byte{[]byte(indexMagic), sum[:], body} {
			if _, err := w.Write(part); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		return err
	}
	return s.removeOtherRecords()
}

// sameIndex reports whether the index of srcs and outs (see newIndex)
// is the old index: the same paths, each with the old entry itself, and
// no record added (an entry changes only by a record added for it).
func (s *store) sameIndex(srcs []source, outs []outcome) bool {
	if s.changed {
		return false
	}
	j := 0
	for i, o := range outs {
		if o.entry == nil || o.entry.Key == (sum32{}) {
			continue
		}
		if j == len(s.old) || s.old[j].rel != srcs[i].rel || s.old[j].e != o.entry {
			return false
		}
		j++
	}
	return j == len(s.old)
}

// compact copies the records the index ix (sorted by path) refers to into
// a new records file, in path order, and points its entries at them.
func (s *store) compact(ix []indexed) error {
	gen := s.nextGen()
	f, err := os.OpenFile(s.recordsPath(gen), os.O_RDWR|os.O_CREATE|os.O_TRUNC, 0o644)
	if err != nil {
		return err
	}
	moved := map[loc]loc{}
	size := int64(0)
	for _, x := range ix {
		e := x.e
		if e.Loc.Len == 0 {
			continue
		}
		if to, ok := moved[e.Loc]; ok { // images with one content share it
			e.Loc = to
			continue
		}
		b := make([]byte, e.Loc.Len)
		if _, err := s.recs.ReadAt(b, e.Loc.Off); err != nil {
			f.Close()
			os.Remove(f.Name())
			return err
		}
		if _, err := f.WriteAt(b, size); err != nil {
			f.Close()
			os.Remove(f.Name())
			return err
		}
		moved[e.Loc] = loc{size, e.Loc.Len}
		e.Loc = loc{size, e.Loc.Len}
		size += e.Loc.Len
	}
	if err := f.Sync(); err != nil {
		f.Close()
		return err
	}
	s.recs.Close()
	s.recs, s.size, s.gen, s.changed = f, size, gen, true
	return nil
}

// removeOtherRecords removes the records files of other generations.
func (s *store) removeOtherRecords() error {
	ents, err := os.ReadDir(s.dir)
	if err != nil {
		return err
	}
	keep := filepath.Base(s.recordsPath(s.gen))
	for _, e := range ents {
		if n := e.Name(); strings.HasPrefix(n, "records-") && n != keep {
			os.Remove(filepath.Join(s.dir, n))
		}
	}
	return nil
}

// close closes the records file.
func (s *store) close() error {
	s.waitEarly()
	return s.recs.Close()
}

// The index is written in a small binary form of its own: reading it is
// most of a warm build after the walk, and gob took several times longer.
// After the records generation, each entry in path order: the path, the
// ten stat numbers (varints), the settings digest and content key, the
// record's offset and length, the number of facts and each fact (name,
// image, pixels, polygon figure as 8 bytes, whether there is a polygon,
// the failures). Strings are uvarint-length-prefixed.

// appendIndex appends the encoded index ix (sorted by path) of records
// generation gen to b.
func appendIndex(b []byte, ix []indexed, gen int) []byte {
	b = binary.AppendUvarint(b, uint64(gen))
	b = binary.AppendUvarint(b, uint64(len(ix)))
	for _, x := range ix {
		e := x.e
		b = binrec.AppendString(b, x.rel)
		st := e.Stat
		for _, v := range []int64{st.Size, st.Mod, st.Change, st.Ino, st.Dev, st.DataSize, st.DataMod, st.DataChange, st.DataIno, st.DataDev, e.Loc.Off, e.Loc.Len} {
			b = binary.AppendVarint(b, v)
		}
		b = append(b, e.Settings[:]...)
		b = append(b, e.Key[:]...)
		b = binary.AppendUvarint(b, uint64(len(e.Facts)))
		for _, f := range e.Facts {
			b = binrec.AppendString(b, f.Name)
			b = binrec.AppendString(b, f.Image)
			b = binary.AppendVarint(b, int64(f.Pixels))
			b = binary.LittleEndian.AppendUint64(b, math.Float64bits(f.PolygonFP))
			b = append(b, boolByte(f.HasPolygon))
			b = binary.AppendUvarint(b, uint64(len(f.Fails)))
			for _, s := range f.Fails {
				b = binrec.AppendString(b, s)
			}
			b = binary.AppendUvarint(b, uint64(len(f.Notes)))
			for _, s := range f.Notes {
				b = binrec.AppendString(b, s)
			}
			b = appendMaskKey(b, f.MaskKey)
			b = binary.AppendUvarint(b, uint64(len(f.Anims)))
			for _, a := range f.Anims {
				b = binary.AppendVarint(binrec.AppendString(b, a.Name), int64(a.Pos))
			}
		}
	}
	return b
}

// appendMaskKey appends a mask key: a 0 byte for none, else 1 and the key.
func appendMaskKey(b []byte, k sum16) []byte {
	if k == (sum16{}) {
		return append(b, 0)
	}
	return append(append(b, 1), k[:]...)
}

func boolByte(v bool) byte {
	if v {
		return 1
	}
	return 0
}

// parseIndex decodes an index written by appendIndex, and false when s is
// not one (or not sorted by path). The entries share one array, and their
// strings none of s's memory: each path is a copy (in an arena), which a sprite's image
// and name share when they are the path and the path without its
// extension (most are), so s can go once the index is read.
func parseIndex(s string) ([]indexed, int, bool) {
	r := &binrec.Reader{S: s}
	gen := r.Uvarint()
	n := r.Count()
	var ix []indexed
	var es []entry
	if n > 0 {
		ix, es = make([]indexed, n), make([]entry, n)
	}
	var a arena
	for i := range n {
		p := a.clone(r.Str())
		stem := strings.TrimSuffix(p, path.Ext(p))
		// own returns v as p or stem when it is one, else a copy.
		own := func(v string) string {
			switch v {
			case p:
				return p
			case stem:
				return stem
			}
			return a.clone(v)
		}
		e := &es[i]
		e.Stat = fileStat{Size: r.Varint(), Mod: r.Varint(), Change: r.Varint(), Ino: r.Varint(), Dev: r.Varint(),
			DataSize: r.Varint(), DataMod: r.Varint(), DataChange: r.Varint(), DataIno: r.Varint(), DataDev: r.Varint()}
		e.Loc = loc{Off: r.Varint(), Len: r.Varint()}
		copy(e.Settings[:], r.Fixed(len(e.Settings)))
		copy(e.Key[:], r.Fixed(len(e.Key)))
		if nf := r.Count(); nf > 0 {
			e.Facts = make([]fact, nf)
		}
		for i := range e.Facts {
			f := &e.Facts[i]
			f.Name, f.Image = own(r.Str()), own(r.Str())
			f.Pixels = int(r.Varint())
			f.PolygonFP = math.Float64frombits(r.Fixed64())
			f.HasPolygon = r.Byte() == 1
			if nf := r.Count(); nf > 0 {
				f.Fails = make([]string, nf)
			}
			for j := range f.Fails {
				f.Fails[j] = a.clone(r.Str())
			}
			if nn := r.Count(); nn > 0 {
				f.Notes = make([]string, nn)
			}
			for j := range f.Notes {
				f.Notes[j] = a.clone(r.Str())
			}
			if r.Byte() == 1 {
				copy(f.MaskKey[:], r.Fixed(len(f.MaskKey)))
			}
			if na := r.Count(); na > 0 {
				f.Anims = make([]animRef, na)
			}
			for j := range f.Anims {
				f.Anims[j] = animRef{Name: a.clone(r.Str()), Pos: int(r.Varint())}
			}
		}
		if r.Bad || i > 0 && ix[i-1].rel >= p {
			return nil, 0, false
		}
		ix[i] = indexed{p, e}
	}
	if r.Bad || r.S != "" || gen == 0 || gen > math.MaxInt32 {
		return nil, 0, false
	}
	return ix, int(gen), true
}

// arena copies strings into shared blocks: an index holds several short
// strings an image, and one allocation each would cost more than reading
// them.
type arena struct{ buf []byte }

func (a *arena) clone(s string) string { return a.join(s, nil) }

// join returns s followed by b, as one string in the arena.
func (a *arena) join(s string, b []byte) string {
	n := len(s) + len(b)
	if n == 0 {
		return ""
	}
	if n > cap(a.buf)-len(a.buf) {
		a.buf = make([]byte, 0, max(64<<10, n))
	}
	// Bytes once appended are never written again, so the string may
	// share them.
	at := len(a.buf)
	a.buf = append(append(a.buf, s...), b...)
	return unsafe.String(&a.buf[at], n)
}
