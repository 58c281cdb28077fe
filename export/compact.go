package export

import (
	"bufio"
	"cmp"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"slices"
	"strings"

	"github.com/shapegen/shapegen/internal/binrec"
)

// CompactFormat is the format string of the compact library, the first
// line of the file.
const CompactFormat = "shapegen-compact/v1"

// CompactFile is the compact library's file in a build's output folder
// (--formats compact).
const CompactFile = "shapes.compact"

// The compact library holds what shapes.json holds, the same library read
// back, in less than half its bytes: each sprite is a record (see
// AppendRecord), whose coordinates and figures are varints when they are
// whole or quarter pixels (most are) and 8 bytes when not, instead of up
// to 24 characters of text; the masks are their run lengths as in JSON.
// The file is, in order:
//
//   - the line "shapegen-compact/v1\n";
//   - the head: a uvarint length and that many bytes of JSON, an object
//     with the library's "format" (shapegen/v1), "generator" and
//     "settings" as shapes.json has them;
//   - each sprite, sorted by name: a uvarint length (not 0) and its
//     record;
//   - a 0;
//   - each animation, sorted by name: a uvarint length (not 0), its
//     frames (a uvarint count, then each name) and the record of its
//     body (an Animation's Sprite, with its name, without the keys it
//     has not);
//   - a 0, which ends the file.
//
// Strings are a uvarint length and UTF-8 bytes. Read tells it from JSON
// and YAML by its first line.

// compactHead is the head of a compact library.
type compactHead struct {
	Format    string   `json:"format"`
	Generator string   `json:"generator,omitempty"`
	Settings  Settings `json:"settings"`
}

// maxCompactItem bounds the length of one sprite or animation: a hostile
// length is refused before anything is read for it.
const maxCompactItem = 1 << 30

// CompactWriter writes a compact library one sprite at a time, as
// JSONWriter writes shapes.json: sprites sorted by name, then
// animations.
type CompactWriter struct {
	w   io.Writer
	buf []byte
	err error
	listOrder
}

// NewCompactWriter checks head's format and settings (its Sprites are not
// used; an empty Format is written as shapegen/v1) and writes the
// compact library's first line and head to w.
func NewCompactWriter(w io.Writer, head *Library) (*CompactWriter, error) {
	h, err := writerHead(head)
	if err != nil {
		return nil, err
	}
	js, err := json.Marshal(compactHead{h.Format, h.Generator, h.Settings})
	if err != nil {
		return nil, err
	}
	b := append([]byte(CompactFormat+"\n"), binary.AppendUvarint(nil, uint64(len(js)))...)
	cw := &CompactWriter{w: w}
	_, cw.err = w.Write(append(b, js...))
	return cw, cw.err
}

// WriteCompact writes lib as a compact library, as WriteJSON writes it as
// JSON: checked first, the sprites and animations sorted by name, nothing
// written on an error.
func WriteCompact(w io.Writer, lib *Library) error {
	return writeAll(w, lib, func(w io.Writer, lib *Library) (spriteWriter, error) { return NewCompactWriter(w, lib) })
}

// AppendSpriteCompact appends sp as a CompactWriter writes it, its length
// first, after checking it as Read would; it returns dst unchanged and an
// error when sp is not valid. A build encodes each sprite so on any core
// and writes the bytes later with AddFragment.
func AppendSpriteCompact(dst []byte, sp *Sprite) ([]byte, error) {
	if err := sp.Check(); err != nil {
		return dst, err
	}
	return appendItem(dst, func(b []byte) []byte { return AppendRecord(b, sp) }), nil
}

// appendItem appends what item appends, its length first.
func appendItem(dst []byte, item func([]byte) []byte) []byte {
	start := len(dst)
	dst = item(dst) // then its length goes before it, in the same buffer
	var n [binary.MaxVarintLen64]byte
	return slices.Insert(dst, start, binary.AppendUvarint(n[:0], uint64(len(dst)-start))...)
}

// Add writes sp, after checking it as Read would.
func (cw *CompactWriter) Add(sp *Sprite) error {
	if cw.err != nil {
		return cw.err
	}
	b, err := AppendSpriteCompact(cw.buf[:0], sp)
	cw.buf = b
	if err != nil {
		cw.err = err
		return err
	}
	return cw.AddFragment(sp.Name, b)
}

// AddFragment writes the sprite called name as frag, the bytes
// AppendSpriteCompact gave for it (in this build or an earlier one).
// Only the order of names and the length are checked.
func (cw *CompactWriter) AddFragment(name string, frag []byte) error {
	if n, k := binary.Uvarint(frag); cw.err == nil && (k <= 0 || n == 0 || n != uint64(len(frag)-k)) {
		cw.err = fmt.Errorf("sprite %q: not a sprite of a compact library", name)
	}
	if cw.err == nil {
		cw.err = cw.sprite(name)
	}
	if cw.err != nil {
		return cw.err
	}
	_, cw.err = cw.w.Write(frag)
	return cw.err
}

// AddFragments writes the sprites called names, in order, as the bytes r
// holds up to its end: the bytes AddFragment would take for each, side by
// side, as in an earlier library. Only the order of names is checked. r
// is copied with io.Copy (see JSONWriter.AddFragments).
func (cw *CompactWriter) AddFragments(names []string, r io.Reader) error {
	if cw.err == nil {
		cw.err = cw.copyFragments(cw.w, names, r)
	}
	return cw.err
}

// AddAnimation writes a, after every sprite, checked as
// JSONWriter.AddAnimation checks it; animations come sorted by name.
func (cw *CompactWriter) AddAnimation(a *Animation) error {
	if cw.err != nil {
		return cw.err
	}
	b := cw.buf[:0]
	if cw.anims == 0 {
		b = append(b, 0) // the end of the sprites
	}
	if cw.err = cw.anim(a); cw.err != nil {
		return cw.err
	}
	body := a.Sprite
	body.Image, body.Frame, body.Offset, body.Rotated, body.Turn, body.SameAs, body.Mask = "", Frame{}, nil, false, 0, "", nil
	b = appendItem(b, func(b []byte) []byte {
		b = binary.AppendUvarint(b, uint64(len(a.Frames)))
		for _, f := range a.Frames {
			b = appendText(b, f)
		}
		return AppendRecord(b, &body)
	})
	cw.buf = b
	_, cw.err = cw.w.Write(b)
	return cw.err
}

// Close ends the sprites or animations and the library.
func (cw *CompactWriter) Close() error {
	if cw.err != nil {
		return cw.err
	}
	end := []byte{0}
	if cw.anims == 0 {
		end = []byte{0, 0}
	}
	if _, cw.err = cw.w.Write(end); cw.err == nil {
		cw.err = errClosed
		return nil
	}
	return cw.err
}

// compactPrefix starts every version of the compact format.
const compactPrefix = "shapegen-compact/"

// isCompact reports whether br starts as a compact library does.
func isCompact(br *bufio.Reader) bool {
	b, _ := br.Peek(len(compactPrefix))
	return string(b) == compactPrefix
}

// readCompact reads a compact library from br, checked as readJSON checks
// a JSON one.
func readCompact(br *bufio.Reader) (*Library, error) {
	bad := func(err error) error { return fmt.Errorf("bad shape library (compact): %w", err) }
	line, err := br.ReadString('\n')
	if err != nil {
		return nil, bad(errors.New("no first line"))
	}
	if f := strings.TrimSuffix(line, "\n"); f != CompactFormat {
		return nil, fmt.Errorf("unsupported format %q, want %s", f, CompactFormat)
	}
	var buf []byte
	// item reads the next length and that many bytes into buf; false at
	// a length of 0.
	item := func() (bool, error) {
		n, err := binary.ReadUvarint(br)
		switch {
		case err != nil:
			return false, bad(fmt.Errorf("cut short: %w", noEOF(err)))
		case n == 0:
			return false, nil
		case n > maxCompactItem:
			return false, bad(fmt.Errorf("an item of %d bytes", n))
		}
		buf = buf[:0]
		for len(buf) < int(n) { // grown as the bytes come, not by the length alone
			k := min(int(n)-len(buf), 1<<20)
			buf = slices.Grow(buf, k)
			if _, err := io.ReadFull(br, buf[len(buf):len(buf)+k]); err != nil {
				return false, bad(fmt.Errorf("cut short: %w", noEOF(err)))
			}
			buf = buf[:len(buf)+k]
		}
		return true, nil
	}
	if ok, err := item(); err != nil || !ok {
		return nil, cmp.Or(err, bad(errors.New("no head")))
	}
	var h compactHead
	if err := json.Unmarshal(buf, &h); err != nil {
		return nil, bad(fmt.Errorf("head: %w", err))
	}
	if err := checkFormat(h.Format); err != nil {
		return nil, err
	}
	lib := &Library{Format: h.Format, Generator: h.Generator, Settings: h.Settings, Sprites: []Sprite{}}
	if err := checkHead(lib); err != nil {
		return nil, err
	}
	// each reads items up to the next 0, calling f after each.
	each := func(f func() error) error {
		for {
			if ok, err := item(); err != nil || !ok {
				return err
			}
			if err := f(); err != nil {
				return err
			}
		}
	}
	seen := map[string]bool{}
	if err := each(func() error {
		s, ok := ReadRecord(buf, false)
		if !ok {
			return bad(fmt.Errorf("sprite %d is not a record", len(lib.Sprites)))
		}
		return addRead(lib, seen, &s)
	}); err != nil {
		return nil, err
	}
	if err := each(func() error {
		r := &binrec.Reader{S: string(buf)}
		var a Animation
		if n := r.Count(); n > 0 {
			a.Frames = make([]string, n)
			for i := range a.Frames {
				a.Frames[i] = r.Str()
			}
		}
		if r.Bad {
			return bad(fmt.Errorf("animation %d is cut short", len(lib.Animations)))
		}
		var ok bool
		if a.Sprite, ok = ReadRecord([]byte(r.S), false); !ok {
			return bad(fmt.Errorf("animation %d: its body is not a record", len(lib.Animations)))
		}
		lib.Animations = append(lib.Animations, a)
		return nil
	}); err != nil {
		return nil, err
	}
	if _, err := br.ReadByte(); err != io.EOF {
		return nil, bad(errors.New("data after the library"))
	}
	return finishRead(lib, seen)
}

// noEOF turns io.EOF, which a library cut short gives, into
// io.ErrUnexpectedEOF.
func noEOF(err error) error {
	if err == io.EOF {
		return io.ErrUnexpectedEOF
	}
	return err
}
