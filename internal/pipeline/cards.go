package pipeline

import (
	"bufio"
	"bytes"
	"cmp"
	"encoding/binary"
	"errors"
	"hash/crc32"
	"io"
	"os"
	"path/filepath"
	"slices"

	"github.com/shapegen/shapegen/export"
	"github.com/shapegen/shapegen/export/report"
	"github.com/shapegen/shapegen/internal/atomicfile"
	"github.com/shapegen/shapegen/internal/binrec"
)

// The report's cards are copied as the library's sprites are (frags.go):
// after writing the report the build records, in the cache folder
// (cardsName), where each sprite's card lies in the report's card files
// (report.Writer.Placed), under the sprite's fragment key, with the
// report's CardKey and each card file's SHA-256. The next build with the
// same CardKey takes the card of each sprite whose fragment key it finds
// out of the card file as last written, when the cache's record of the
// outputs says that file is untouched since, instead of drawing the
// sprite again (report.Writer.AddCard). The record ends with its
// CRC-32C: a damaged one, whose places could be any bytes, is not used.

// cardsName is the record of the cards in the cache folder, and cardsMagic
// names its layout.
const (
	cardsName  = "report-cards"
	cardsMagic = "shapegen cards 2\n"
)

// cardPlace is where a sprite's card is: a file of the report (an index
// of the record's files) and the bytes in it.
type cardPlace struct {
	file   int32
	off, n int64
}

// oldCards is the cards of the report as last written.
type oldCards struct {
	out   string
	files []string
	sums  []string
	rec   map[string]outputFile
	at    *keyed[cardPlace]
	next  int // keyed.get's
	// cur is the file whose bytes data holds, -1 for none (data is then
	// only memory to reuse); bad marks the files that are not as recorded.
	cur  int32
	data []byte
	bad  []bool
}

// openCards reads the record of the cards in cache folder dir, when it is
// of a report with cardKey; else nil. rec is the cache's record of the
// outputs as last written.
func openCards(out, dir, cardKey string, rec map[string]outputFile) *oldCards {
	b, err := os.ReadFile(filepath.Join(dir, cardsName))
	if err != nil {
		return nil
	}
	rest, ok := bytes.CutPrefix(b, []byte(cardsMagic))
	if !ok || len(rest) < 4 {
		return nil
	}
	rest, sum := rest[:len(rest)-4], rest[len(rest)-4:]
	if crc32.Checksum(b[:len(b)-4], castagnoli) != binary.LittleEndian.Uint32(sum) {
		return nil
	}
	r := &binrec.Reader{S: string(rest)}
	if r.Str() != cardKey || r.Bad {
		return nil
	}
	o := &oldCards{out: out, rec: rec, cur: -1}
	nf := r.Count()
	for range nf {
		o.files = append(o.files, r.Str())
		o.sums = append(o.sums, r.Fixed(64))
	}
	o.bad = make([]bool, nf)
	n := r.Count()
	o.at = newKeyed[cardPlace](n)
	for range n {
		var k sum16
		copy(k[:], r.Fixed(len(k)))
		p := cardPlace{file: int32(r.Uvarint()), off: int64(r.Uvarint()), n: int64(r.Uvarint())}
		if p.file < 0 || int(p.file) >= nf {
			return nil
		}
		o.at.add(k, p)
	}
	if r.Bad || r.S != "" {
		return nil
	}
	return o
}

// card returns the card of the sprite with fragment key k (valid until
// the next call), and false when there is none or o is nil.
func (o *oldCards) card(k sum16) ([]byte, bool) {
	if o == nil {
		return nil, false
	}
	p, ok := o.at.get(k, &o.next)
	if !ok || o.bad[p.file] {
		return nil, false
	}
	if p.file != o.cur {
		o.cur = -1
		b, ok := o.read(p.file)
		if !ok {
			o.bad[p.file] = true
			return nil, false
		}
		o.cur, o.data = p.file, b
	}
	if p.off < 0 || p.n <= 0 || p.off+p.n > int64(len(o.data)) {
		return nil, false
	}
	return o.data[p.off : p.off+p.n], true
}

// read reads card file i, when the record of the outputs says it is as
// written with the SHA-256 the cards' record names.
func (o *oldCards) read(i int32) ([]byte, bool) {
	name := o.files[i]
	rec, ok := o.rec[name]
	if !ok || rec.SHA256 != o.sums[i] {
		return nil, false
	}
	f, err := os.Open(filepath.Join(o.out, filepath.FromSlash(name)))
	if err != nil {
		return nil, false
	}
	defer f.Close()
	fi, err := f.Stat()
	if err != nil || statOfInfo(fi) != rec.Stat {
		return nil, false
	}
	if rec.Stat.Size > 1<<30 {
		return nil, false
	}
	if int64(cap(o.data)) < rec.Stat.Size {
		o.data = make([]byte, rec.Stat.Size)
	}
	b := o.data[:rec.Stat.Size]
	_, err = io.ReadFull(f, b)
	return b, err == nil
}

// newCards gathers where the cards of a report being written go.
type newCards struct {
	files  []string
	fileOf map[string]int32
	places []sum16
	at     []cardPlace
}

// reserve makes room for n cards: grown a card at a time, the record was
// 19 MB of garbage at 100,000 sprites.
func (c *newCards) reserve(n int) {
	c.places, c.at = slices.Grow(c.places, n), slices.Grow(c.at, n)
}

// add records that the card of the sprite with fragment key k is the n
// bytes at off of file.
func (c *newCards) add(k sum16, file string, off, n int) {
	i, ok := c.fileOf[file]
	if !ok {
		if c.fileOf == nil {
			c.fileOf = map[string]int32{}
		}
		i = int32(len(c.files))
		c.files = append(c.files, file)
		c.fileOf[file] = i
	}
	c.places = append(c.places, k)
	c.at = append(c.at, cardPlace{file: i, off: int64(off), n: int64(n)})
}

// write records the cards in cache folder dir, for a report with cardKey
// whose files are as rec says.
func (c *newCards) write(dir, cardKey string, rec map[string]outputFile) error {
	for _, f := range c.files {
		if len(rec[f].SHA256) != 64 {
			return removeCards(dir)
		}
	}
	// Written a part at a time: whole, the record (2.5 MB at 100,000
	// sprites) came on top of the build's peak memory.
	return atomicfile.WriteUnsynced(filepath.Join(dir, cardsName), func(w io.Writer) error {
		bw := bufio.NewWriterSize(w, 64<<10)
		var sum uint32 // of the bytes written, which it follows
		put := func(b []byte) {
			sum = crc32.Update(sum, castagnoli, b)
			bw.Write(b) // an error stays in bw, for Flush
		}
		b := binrec.AppendString(append(make([]byte, 0, 4096), cardsMagic...), cardKey)
		b = binary.AppendUvarint(b, uint64(len(c.files)))
		for _, f := range c.files {
			b = append(binrec.AppendString(b, f), rec[f].SHA256...)
		}
		b = binary.AppendUvarint(b, uint64(len(c.places)))
		for i, k := range c.places {
			p := c.at[i]
			b = append(b, k[:]...)
			b = binary.AppendUvarint(b, uint64(p.file))
			b = binary.AppendUvarint(b, uint64(p.off))
			b = binary.AppendUvarint(b, uint64(p.n))
			if len(b) >= 2048 {
				put(b)
				b = b[:0]
			}
		}
		put(b)
		bw.Write(binary.LittleEndian.AppendUint32(b[:0], sum))
		return bw.Flush()
	})
}

// removeCards removes the record of the cards from cache folder dir.
func removeCards(dir string) error {
	err := os.Remove(filepath.Join(dir, cardsName))
	if errors.Is(err, os.ErrNotExist) {
		return nil
	}
	return err
}

// reportOut writes the report on a goroutine of its own, fed the sprites
// in name order through a short queue (as libOut.async), each with its
// fragment key: the report costs about what reading the sprites does, so
// they go side by side on two cores. It copies the cards it can from the
// report as last written and records where the new ones go.
type reportOut struct {
	rw      *report.Writer
	pages   *pages // the files rw writes
	cardKey string
	keep    bool // the report has a CardKey: cards are copied and recorded
	old     *oldCards
	cards   newCards
	copied  func(file string)
	q       *serial
}

// newReportOut starts writing the report, whose Options are opt, into
// out, its files through create; c is the cache, copied (when not nil)
// is called for each card copied.
func newReportOut(create func(string) (io.WriteCloser, error), opt report.Options, out string, c *store, copied func(string)) *reportOut {
	pg := newPages(create)
	ro := &reportOut{rw: report.NewWriter(pg.open, opt), pages: pg, copied: copied, q: newSerial(256)}
	ro.cardKey, ro.keep = opt.CardKey()
	if ro.keep {
		ro.old = openCards(out, c.dir, ro.cardKey, c.outputs.Files)
	}
	return ro
}

// put adds sp, whose fragment key is key, to the report.
func (ro *reportOut) put(sp *export.Sprite, key sum16) error {
	var err error
	if b, ok := ro.old.card(key); ok {
		err = ro.rw.AddCard(sp, b)
		if ro.copied != nil {
			ro.copied(report.HTMLFile)
		}
	} else {
		err = ro.rw.Add(sp)
	}
	if err == nil && ro.keep {
		file, off, n := ro.rw.Placed()
		ro.cards.add(key, file, off, n)
	}
	return err
}

// add queues sp, which must not change afterwards; an error is returned
// by close.
func (ro *reportOut) add(sp *export.Sprite, key sum16) {
	ro.q.do(func() error { return ro.put(sp, key) })
}

// stop waits for the queued sprites and the files being written, and
// returns the first error.
func (ro *reportOut) stop() error { return cmp.Or(ro.q.stop(), ro.pages.wait()) }

// close ends the sprites and writes the rest of the report.
func (ro *reportOut) close() error {
	err := ro.q.stop()
	if err == nil {
		ro.old = nil // while the engine formats are written
		err = ro.rw.Close()
	}
	return cmp.Or(err, ro.pages.wait())
}

// pages writes the files of a report on a goroutine of its own (a
// serial): the report hands each file over whole and goes on with the
// next sprites while the file is created, compared with the one it
// replaces (keepSame) and renamed. When 1 % of 100,000 sprites changed,
// nearly every card file changes, and writing them was most of the
// report's time. Each file's bytes are copied into a buffer that comes
// back once written; an error is returned by wait.
type pages struct {
	create func(string) (io.WriteCloser, error)
	q      *serial
	free   chan []byte
}

func newPages(create func(string) (io.WriteCloser, error)) *pages {
	return &pages{create: create, q: newSerial(4), free: make(chan []byte, 6)}
}

// open returns the file name, written through create once closed.
func (p *pages) open(name string) (io.WriteCloser, error) {
	var b []byte
	select {
	case b = <-p.free:
	default:
	}
	return &page{pages: p, name: name, b: b[:0]}, nil
}

// wait waits for the files handed over and returns the first error.
func (p *pages) wait() error { return p.q.stop() }

// page is a file of the report being written (pages.open).
type page struct {
	*pages
	name string
	b    []byte
}

func (f *page) Write(b []byte) (int, error) {
	f.b = append(f.b, b...)
	return len(b), nil
}

func (f *page) Close() error {
	p, name, b := f.pages, f.name, f.b
	f.b = nil
	p.q.do(func() error {
		w, err := p.create(name)
		if err != nil {
			return err
		}
		if k, ok := w.(*keepSame); ok {
			err = k.writeWhole(b)
		} else {
			_, err = w.Write(b)
		}
		if cerr := w.Close(); err == nil {
			err = cerr
		}
		select {
		case p.free <- b:
		default:
		}
		return err
	})
	return nil
}

// record records where the cards went in cache folder dir, the report's
// files being as rec says (see newCards.write), or removes the record
// when the report has no CardKey.
func (ro *reportOut) record(dir string, rec map[string]outputFile) error {
	if !ro.keep {
		return removeCards(dir)
	}
	return ro.cards.write(dir, ro.cardKey, rec)
}
