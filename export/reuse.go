package export

import (
	"bufio"
	"io"

	"github.com/shapegen/shapegen/collide"
)

// Reuse is what an engine format's file held for each sprite as last
// written, kept between builds so that a rebuild writes an unchanged
// sprite's bytes again instead of computing its shapes in float32 once
// more: the build's cache provides one for each file, EngineOptions.Reuse.
//
// A format asks Old for each sprite in name order before writing it, and
// tells Wrote, in the same order, where the sprite's bytes went in the
// file it writes now, with a note of its own (what it needs beyond the
// bytes: the kinds it wrote, say). The bytes and notes Old gives are
// those a format told Wrote in the build that wrote the file as last
// written, of the same sprite (the same record, image and settings). What
// depends on more than the sprite (a Godot sub-resource's number, a Tiled
// tile's number and the path to its image) the format makes again or
// checks; it checks what else it cheaply can, and computes the sprite
// when the bytes do not fit.
type Reuse interface {
	// Old returns the bytes sp had in the file as last written and their
	// note, or false when there are none to trust. They are valid until
	// the next call.
	Old(sp *Sprite) (b, note []byte, ok bool)
	// Wrote records that sp's bytes are the n bytes at off in the file
	// being written, with note, which Wrote does not keep.
	Wrote(sp *Sprite, off, n int64, note []byte)
}

// spriteBytes is what an engine writer needs to reuse sprites' bytes in
// one file: reuse (nil: compute every sprite), and where in the file the
// next byte written through b goes.
type spriteBytes struct {
	reuse Reuse
	c     *countingWriter
	b     *bufio.Writer
}

// newSpriteBytes returns w buffered, counting what is written, for
// reuse, which may be nil. The buffer is large: with the sprites' bytes
// reused, writing the file (some 300 MB for Godot at 100,000 sprites) is
// much of a writer's time, and bufio's 4 kB made one system call each.
func newSpriteBytes(w io.Writer, reuse Reuse) spriteBytes {
	c := &countingWriter{w: w}
	return spriteBytes{reuse: reuse, c: c, b: bufio.NewWriterSize(c, 64<<10)}
}

// at returns the offset in the file of the next byte written.
func (s spriteBytes) at() int64 { return s.c.n + int64(s.b.Buffered()) }

// old is Reuse.Old, false without a Reuse.
func (s spriteBytes) old(sp *Sprite) (b, note []byte, ok bool) {
	if s.reuse == nil {
		return nil, nil, false
	}
	return s.reuse.Old(sp)
}

// write writes sp's bytes b and records them, at off, with note.
func (s spriteBytes) write(sp *Sprite, b, note []byte) {
	off := s.at()
	s.b.Write(b) // an error stays in s.b, for Flush
	if s.reuse != nil {
		s.reuse.Wrote(sp, off, int64(len(b)), note)
	}
}

// countingWriter counts the bytes written through it.
type countingWriter struct {
	w io.Writer
	n int64
}

func (c *countingWriter) Write(p []byte) (int, error) {
	n, err := c.w.Write(p)
	c.n += int64(n)
	return n, err
}

// kindsNote returns the note of a sprite whose kinds ks (bit k for kind
// k) were written.
func kindsNote(dst []byte, ks uint8) []byte { return append(dst[:0], ks) }

// noteKinds returns the kinds a sprite's note (kindsNote) says were
// written, and false when it is not such a note.
func noteKinds(note []byte) (uint8, bool) {
	if len(note) != 1 {
		return 0, false
	}
	var all uint8
	for _, k := range spriteKinds {
		all |= 1 << k
	}
	return note[0], note[0]&^all == 0
}

// omitAgain adds to om what writing sp computed left out, when its bytes
// as last written are used again, the kinds ks written: each kind sp has
// and ks lacks, with the reason parts32 gives within lim (after prefix).
// A kind left out is rare, and parts32 refuses most of them at once (too
// many vertices). It adds nothing and reports false when ks does not fit
// sp: a kind in ks that sp lacks, or one it lacks that parts32 would
// write.
func omitAgain(om *omissions, sp *Sprite, ks uint8, lim Limits32, prefix string, parts *partBuf) bool {
	var why [collide.NumKinds]string
	for _, k := range spriteKinds {
		in := ks&(1<<k) != 0
		switch {
		case !has(sp, k):
			if in {
				return false
			}
		case !in:
			if _, why[k] = parts32(sp, k, lim, parts); why[k] == "" {
				return false
			}
		}
	}
	for _, k := range spriteKinds {
		if why[k] != "" {
			om.add(k.String(), prefix+why[k], sp.Name)
		}
	}
	return true
}
