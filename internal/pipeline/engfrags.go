package pipeline

import (
	"bufio"
	"encoding/binary"
	"errors"
	"io"
	"net/url"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/shapegen/shapegen/export"
	"github.com/shapegen/shapegen/internal/atomicfile"
)

// The engine formats that write one file, and Tiled's tileset of the
// whole-image sprites, write each sprite's bytes apart too, and most of a
// rebuild's time in them was computing the shapes in float32 again
// (export.Reuse). After writing such a file the build records, in the
// cache folder (frags-<file>, as for the library files: frags.go), each
// sprite's name, fragment key, where its bytes are and the format's note,
// in name order, and last the file's SHA-256. The next build reads that record beside the sprites, both in
// name order, and hands the format the bytes of each sprite whose name and
// fragment key it finds there, read from the file as last written. Neither
// the record nor the bytes are held whole: the memory is a few buffers,
// however many sprites there are. The record is used only with the file
// whose digest it names, and only when the file's stat data are those the
// cache recorded for it.

// engineFragsMagic names the layout of an engine file's record.
const engineFragsMagic = "shapegen engine frags 1\n"

// engineFragsPath returns the record of engine file name (slash-separated,
// in a folder for Tiled) in cache dir dir.
func engineFragsPath(dir, name string) string { return fragsPath(dir, url.PathEscape(name)) }

// removeEngineFrags removes the record of engine file name.
func removeEngineFrags(dir, name string) error {
	err := os.Remove(engineFragsPath(dir, name))
	if errors.Is(err, os.ErrNotExist) {
		return nil
	}
	return err
}

// reusedFiles lists the engine files that may take a Reuse: each format's
// one file, Tiled's TiledSprites.
func reusedFiles() []string {
	var fs []string
	for _, e := range export.EngineFormats {
		if e.Name == "tiled" {
			fs = append(fs, export.TiledSprites)
		} else {
			fs = append(fs, e.File)
		}
	}
	return fs
}

// engineReuse is the export.Reuse of one engine file: what its record from
// the last build says (old), and the record being made (rec).
type engineReuse struct {
	file string
	// refs are the sprites, in name order, and keys their fragment keys;
	// next is the index of refs where the last sprite asked for was.
	refs []spriteRef
	keys []sum16
	next int
	old  *oldEngine // nil: nothing to reuse
	rec  *atomicfile.File
	bw   *bufio.Writer
	buf  []byte
	// copied, when not nil, is called for each sprite Old gives (tests).
	copied func(file string)
}

// newEngineReuse returns the Reuse of engine file name in out, its record
// to be made in cache dir dir; rec is the cache's record of the outputs,
// refs and keys as engineReuse's. It returns nil when the record cannot
// be made.
func newEngineReuse(out, dir, name string, rec map[string]outputFile, refs []spriteRef, keys []sum16, copied func(string)) *engineReuse {
	f, err := atomicfile.Create(engineFragsPath(dir, name))
	if err != nil {
		return nil
	}
	bw := bufio.NewWriterSize(f, 32<<10)
	bw.WriteString(engineFragsMagic)
	return &engineReuse{
		file: name, refs: refs, keys: keys, rec: f, bw: bw, copied: copied,
		old: openEngine(out, dir, name, rec),
	}
}

// index returns the index in refs of the sprite called name.
func (e *engineReuse) index(name string) (int, bool) {
	for e.next < len(e.refs) && e.refs[e.next].name < name {
		e.next++
	}
	if e.next < len(e.refs) && e.refs[e.next].name == name {
		return e.next, e.next < len(e.keys)
	}
	i, ok := slices.BinarySearchFunc(e.refs, name, func(r spriteRef, n string) int { return strings.Compare(r.name, n) })
	if ok {
		e.next = i
	}
	return i, ok && i < len(e.keys)
}

// Old returns sp's bytes and note in the file as last written, when its
// record has them under sp's name and fragment key.
func (e *engineReuse) Old(sp *export.Sprite) ([]byte, []byte, bool) {
	i, ok := e.index(sp.Name)
	if !ok || e.old == nil {
		return nil, nil, false
	}
	b, note, ok := e.old.find(sp.Name, e.keys[i])
	if ok && e.copied != nil {
		e.copied(e.file)
	}
	return b, note, ok
}

// Wrote adds sp's bytes to the record being made.
func (e *engineReuse) Wrote(sp *export.Sprite, off, n int64, note []byte) {
	i, ok := e.index(sp.Name)
	if !ok {
		return // the next build computes it
	}
	b := binary.AppendUvarint(e.buf[:0], uint64(len(sp.Name)))
	b = append(append(b, sp.Name...), e.keys[i][:]...)
	b = binary.AppendUvarint(b, uint64(off))
	b = binary.AppendUvarint(b, uint64(n))
	b = binary.AppendUvarint(b, uint64(len(note)))
	e.buf = append(b, note...)
	e.bw.Write(e.buf) // an error stays in bw, for finish
}

// finish ends the record with the digest of the file it describes, sum
// (none: the record is dropped), and puts it in place of the last.
func (e *engineReuse) finish(dir, sum string) error {
	e.old.close()
	e.old = nil
	if len(sum) != 64 {
		e.rec.Abort()
		return removeEngineFrags(dir, e.file)
	}
	e.bw.WriteString(sum)
	if err := e.bw.Flush(); err != nil {
		e.rec.Abort()
		return err
	}
	return e.rec.Commit(false)
}

// abort drops the record being made, unless finish put it in place.
func (e *engineReuse) abort() {
	e.old.close()
	e.old = nil
	e.rec.Abort()
}

// oldEngine is an engine file as last written, and its record, read in
// name order.
type oldEngine struct {
	f, recFile *os.File
	size       int64 // f's
	rec        *bufio.Reader
	// cur is the record's entry read last; prev the name before it; done
	// says the record has ended (or is not of the form).
	cur struct {
		name  []byte
		key   sum16
		at    loc
		note  []byte
		valid bool
	}
	prev []byte
	done bool
	// src reads f from pos; buf holds the bytes last found.
	src *bufio.Reader
	pos int64
	buf []byte
}

// openEngine opens engine file name in out as last written, and its
// record in cache dir dir, when the cache's record of the outputs (rec)
// says the file is untouched since and the record names its digest;
// else nil.
func openEngine(out, dir, name string, rec map[string]outputFile) *oldEngine {
	o, ok := rec[name]
	if !ok || len(o.SHA256) != 64 {
		return nil
	}
	rf, err := os.Open(engineFragsPath(dir, name))
	if err != nil {
		return nil
	}
	fi, err := rf.Stat()
	head := int64(len(engineFragsMagic))
	if err != nil || fi.Size() < head+64 {
		rf.Close()
		return nil
	}
	b := make([]byte, head+64)
	if _, err := rf.ReadAt(b[:head], 0); err != nil || string(b[:head]) != engineFragsMagic {
		rf.Close()
		return nil
	}
	if _, err := rf.ReadAt(b[head:], fi.Size()-64); err != nil || string(b[head:]) != o.SHA256 {
		rf.Close()
		return nil
	}
	f, err := os.Open(filepath.Join(out, filepath.FromSlash(name)))
	if err != nil {
		rf.Close()
		return nil
	}
	ffi, err := f.Stat()
	if err != nil || statOfInfo(ffi) != o.Stat {
		f.Close()
		rf.Close()
		return nil
	}
	return &oldEngine{
		f: f, recFile: rf, size: ffi.Size(), pos: -1,
		rec: bufio.NewReaderSize(io.NewSectionReader(rf, head, fi.Size()-head-64), 32<<10),
	}
}

// find returns the bytes and note of the sprite called name whose
// fragment key is key, when the record has them; asked in name order.
// The bytes and note hold until the next call.
func (o *oldEngine) find(name string, key sum16) ([]byte, []byte, bool) {
	if o == nil {
		return nil, nil, false
	}
	for !o.done && (!o.cur.valid || string(o.cur.name) < name) {
		o.advance()
	}
	if o.done || string(o.cur.name) != name || o.cur.key != key {
		return nil, nil, false
	}
	b, ok := o.read(o.cur.at)
	return b, o.cur.note, ok
}

// advance reads the record's next entry into cur; at the record's end,
// or an entry not of the form or not after the one before, done is set.
func (o *oldEngine) advance() {
	if o.cur.valid {
		o.prev = append(o.prev[:0], o.cur.name...)
	}
	o.cur.valid = false
	c := &o.cur
	n, err := binary.ReadUvarint(o.rec)
	if err != nil || n == 0 || n > 1<<16 {
		o.done = true
		return
	}
	c.name = slices.Grow(c.name[:0], int(n))[:n]
	if _, err := io.ReadFull(o.rec, c.name); err != nil || (len(o.prev) > 0 && string(c.name) <= string(o.prev)) {
		o.done = true
		return
	}
	if _, err := io.ReadFull(o.rec, c.key[:]); err != nil {
		o.done = true
		return
	}
	off, err1 := binary.ReadUvarint(o.rec)
	size, err2 := binary.ReadUvarint(o.rec)
	nn, err3 := binary.ReadUvarint(o.rec)
	if err := errors.Join(err1, err2, err3); err != nil || nn > 1<<10 || off > uint64(o.size) || size > uint64(o.size)-off {
		o.done = true
		return
	}
	c.at = loc{Off: int64(off), Len: int64(size)}
	c.note = slices.Grow(c.note[:0], int(nn))[:nn]
	if _, err := io.ReadFull(o.rec, c.note); err != nil {
		o.done = true
		return
	}
	c.valid = true
}

// read returns the bytes at l in the file, read ahead in a buffer: the
// sprites' bytes mostly follow one another.
func (o *oldEngine) read(l loc) ([]byte, bool) {
	if o.src == nil {
		o.src = bufio.NewReaderSize(nil, 64<<10)
	}
	if ahead := l.Off - o.pos; o.pos < 0 || ahead < 0 || ahead > int64(o.src.Buffered()) {
		o.src.Reset(io.NewSectionReader(o.f, l.Off, o.size-l.Off))
	} else if _, err := o.src.Discard(int(ahead)); err != nil {
		o.pos = -1
		return nil, false
	}
	o.pos = l.Off
	o.buf = slices.Grow(o.buf[:0], int(l.Len))[:l.Len]
	if _, err := io.ReadFull(o.src, o.buf); err != nil {
		o.pos = -1
		return nil, false
	}
	o.pos += l.Len
	return o.buf, true
}

func (o *oldEngine) close() {
	if o != nil {
		o.f.Close()
		o.recFile.Close()
	}
}
