package export

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"slices"
	"strconv"
	"strings"
)

// WriteJSON writes lib to w as JSON in the layout of DESIGN.md: two-space
// indentation, one line per sprite key, points, rings, frames and quality
// entries each on one line, and one line per piece or outline ring when a
// sprite has several. The sprites are written sorted by name (lib itself
// is not changed), map keys are sorted, numbers are plain JSON numbers in
// their shortest form (as encoding/json writes them), and an empty Format
// is written as shapegen/v1: the same library always gives the same bytes.
// It returns an error, writing nothing, when lib is not valid (as Read
// checks it: NaN or infinite numbers, duplicate names, rings with fewer
// than three points, ...), so it never writes a library that cannot be
// read back.
func WriteJSON(w io.Writer, lib *Library) error {
	return writeAll(w, lib, func(w io.Writer, lib *Library) (spriteWriter, error) { return NewJSONWriter(w, lib) })
}

// spriteWriter is JSONWriter or YAMLWriter.
type spriteWriter interface {
	Add(sp *Sprite) error
	AddAnimation(a *Animation) error
	Close() error
}

// writeAll checks lib, then writes it with the sprite writer open makes,
// the sprites sorted by name, into a buffer first so that nothing reaches
// w on an error.
func writeAll(w io.Writer, lib *Library, open func(io.Writer, *Library) (spriteWriter, error)) error {
	c, err := prepare(lib)
	if err != nil {
		return err
	}
	var buf bytes.Buffer
	sw, err := open(&buf, c)
	if err != nil {
		return err
	}
	for i := range c.Sprites {
		if err := sw.Add(&c.Sprites[i]); err != nil {
			return err
		}
	}
	for i := range c.Animations {
		if err := sw.AddAnimation(&c.Animations[i]); err != nil {
			return err
		}
	}
	if err := sw.Close(); err != nil {
		return err
	}
	_, err = w.Write(buf.Bytes())
	return err
}

// JSONWriter writes a library as WriteJSON lays it out, one sprite at a
// time, so that a library of any size is written in constant memory. The
// sprites must come sorted by name, no name twice. A write error, or a
// sprite out of order or not valid, is returned and kept: later calls
// return it too and write nothing. What was written before an error is not
// a library; write to a temporary file and keep it only when Close
// succeeds.
type JSONWriter struct {
	w   io.Writer
	buf []byte
	err error
	listOrder
}

// NewJSONWriter checks head's format and settings (its Sprites are not
// used; an empty Format is written as shapegen/v1) and writes the library
// up to its sprite list to w.
func NewJSONWriter(w io.Writer, head *Library) (*JSONWriter, error) {
	h, err := writerHead(head)
	if err != nil {
		return nil, err
	}
	b := append([]byte(nil), "{\n  \"format\": "...)
	b = appendString(b, h.Format)
	if h.Generator != "" {
		b = append(b, ",\n  \"generator\": "...)
		b = appendString(b, h.Generator)
	}
	st := h.Settings
	b = append(b, ",\n  \"settings\": {\"alpha_threshold\": "...)
	b = strconv.AppendInt(b, int64(st.AlphaThreshold), 10)
	b = append(b, ", \"max_vertices\": "...)
	b = strconv.AppendInt(b, int64(st.MaxVertices), 10)
	b = append(b, ", \"max_pieces\": "...)
	b = strconv.AppendInt(b, int64(st.MaxPieces), 10)
	if len(st.Shapes) > 0 {
		b = append(b, ", \"shapes\": ["...)
		for i, k := range st.Shapes {
			if i > 0 {
				b = append(b, ", "...)
			}
			b = appendString(b, k)
		}
		b = append(b, ']')
	}
	if st.Pivot != "" {
		b = append(b, ", \"pivot\": "...)
		b = appendString(b, st.Pivot)
	}
	b = append(b, "},\n  \"sprites\": ["...)
	jw := &JSONWriter{w: w}
	_, jw.err = w.Write(b)
	return jw, jw.err
}

// Add writes sp, after checking it as Read would.
func (jw *JSONWriter) Add(sp *Sprite) error {
	if jw.err != nil {
		return jw.err
	}
	b, err := AppendSpriteJSON(jw.buf[:0], sp)
	jw.buf = b
	if err != nil {
		jw.err = err
		return err
	}
	return jw.AddJSON(sp.Name, b)
}

// AddJSON writes the sprite called name that AppendSpriteJSON encoded as
// js.
func (jw *JSONWriter) AddJSON(name string, js []byte) error {
	if jw.err = jw.order(name); jw.err != nil {
		return jw.err
	}
	sep := ",\n    "
	if jw.n == 1 {
		sep = "\n    "
	}
	if _, jw.err = io.WriteString(jw.w, sep); jw.err == nil {
		_, jw.err = jw.w.Write(js)
	}
	return jw.err
}

// AddFragment writes the sprite called name as frag: the bytes that Add
// wrote for it to an earlier JSONWriter, at the same place in the list
// (first or not, for the separator). A build that wrote a library keeps
// where each sprite's bytes went and copies the unchanged ones instead of
// encoding them again. Only the order of names is checked.
func (jw *JSONWriter) AddFragment(name string, frag []byte) error {
	want := ",\n    {"
	if jw.n == 0 {
		want = "\n    {"
	}
	if jw.err == nil && !bytes.HasPrefix(frag, []byte(want)) {
		jw.err = fmt.Errorf("sprite %q: not a fragment of this place in a JSON library", name)
	}
	if jw.err = jw.order(name); jw.err != nil {
		return jw.err
	}
	_, jw.err = jw.w.Write(frag)
	return jw.err
}

// AddFragments writes the sprites called names, in order, as the bytes r
// holds up to its end: the bytes AddFragment would take for each, one
// after another, as they lay side by side in an earlier library. Only the
// order of names is checked. r is copied with io.Copy, so a writer that
// is an io.ReaderFrom may copy from a file without the bytes passing
// through memory (an *os.File from an *io.LimitedReader of one).
func (jw *JSONWriter) AddFragments(names []string, r io.Reader) error {
	if jw.err == nil {
		jw.err = jw.copyFragments(jw.w, names, r)
	}
	return jw.err
}

// order checks that the sprite called name may come next, and counts it.
func (jw *JSONWriter) order(name string) error {
	if jw.err != nil {
		return jw.err
	}
	return jw.sprite(name)
}

// writerHead returns head without its sprites and animations and with an
// empty Format as shapegen/v1, after checking its format and settings.
func writerHead(head *Library) (Library, error) {
	h := *head
	h.Sprites, h.Animations = nil, nil
	if h.Format == "" {
		h.Format = Format
	}
	return h, validate(&h, false)
}

// listOrder keeps a library writer's sprites sorted by name and before
// its animations, which come sorted by name too, and counts them.
type listOrder struct {
	n, anims       int // sprites and animations written
	last, lastAnim string
}

// sprite checks that the sprite called name may come next, and counts it.
func (o *listOrder) sprite(name string) error {
	switch {
	case o.anims > 0:
		return fmt.Errorf("sprite %q after the animations", name)
	case o.n > 0 && name <= o.last:
		return fmt.Errorf("sprite %q after %q: sprites not sorted by name or a name twice", name, o.last)
	}
	o.n++
	o.last = name
	return nil
}

// anim checks a as Read would (but for whether its frames are sprites of
// the library, which a writer does not keep) and that it may come next,
// and counts it.
func (o *listOrder) anim(a *Animation) error {
	if err := checkAnimation(a, nil); err != nil {
		return err
	}
	if o.anims > 0 && a.Name <= o.lastAnim {
		return fmt.Errorf("animation %q after %q: animations not sorted by name or a name twice", a.Name, o.lastAnim)
	}
	o.anims++
	o.lastAnim = a.Name
	return nil
}

// copyFragments counts the sprites called names, in order, then copies r
// to w.
func (o *listOrder) copyFragments(w io.Writer, names []string, r io.Reader) error {
	for _, name := range names {
		if err := o.sprite(name); err != nil {
			return err
		}
	}
	_, err := io.Copy(w, r)
	return err
}

// AddAnimation writes a, after every sprite, checked as Read would check
// it (but for whether its frames are sprites of the library, which a
// JSONWriter does not keep); animations come sorted by name too.
func (jw *JSONWriter) AddAnimation(a *Animation) error {
	if jw.err != nil {
		return jw.err
	}
	sep := ",\n    "
	if jw.anims == 0 {
		sep = "\n  ],\n  \"animations\": [\n    "
		if jw.n == 0 {
			sep = "],\n  \"animations\": [\n    "
		}
	}
	if jw.err = jw.anim(a); jw.err != nil {
		return jw.err
	}
	b := append(jw.buf[:0], sep+"{\n      \"name\": "...)
	b = appendString(b, a.Name)
	b = append(b, ",\n      \"frames\": ["...)
	for i, f := range a.Frames {
		if i > 0 {
			b = append(b, ", "...)
		}
		b = appendString(b, f)
	}
	b = append(b, ']')
	b = appendBody(b, &a.Sprite) // no place keys: see Animation
	jw.buf = b
	_, jw.err = jw.w.Write(b)
	return jw.err
}

// Close ends the sprite or animation list and the library.
func (jw *JSONWriter) Close() error {
	if jw.err != nil {
		return jw.err
	}
	end := "\n  ]\n}\n"
	if jw.n == 0 && jw.anims == 0 {
		end = "]\n}\n"
	}
	_, jw.err = io.WriteString(jw.w, end)
	if jw.err == nil {
		jw.err = errClosed
		return nil
	}
	return jw.err
}

var errClosed = errors.New("export: writer closed")

// AppendSpriteJSON appends sp to dst as WriteJSON lays it out inside a
// library's sprite list: from its "{" to its "}", inner lines indented for
// that place. It is the encoder JSONWriter uses, so that a build can encode
// each sprite as soon as it is computed, on any core, and write it later
// with JSONWriter.AddJSON. It returns dst unchanged and an error when sp is
// not valid (as Read checks it).
func AppendSpriteJSON(dst []byte, sp *Sprite) ([]byte, error) {
	if err := sp.Check(); err != nil {
		return dst, err
	}
	return appendSprite(dst, sp), nil
}

// AppendSpriteJSONLike is AppendSpriteJSON for a sprite sp that may repeat
// another, like, whose bytes from AppendSpriteJSON are likeFrag: when the
// two hold the same body (pixels to mask, see sameBody), sp's keys around
// it are encoded and the body is copied from likeFrag. A repeated frame's
// body is most of its bytes. The bytes are AppendSpriteJSON's either way.
func AppendSpriteJSONLike(dst []byte, sp, like *Sprite, likeFrag []byte) ([]byte, error) {
	if !sameBody(sp, like) {
		return AppendSpriteJSON(dst, sp)
	}
	// like's keys around its body, encoded where sp's bytes go (dst's
	// spare room, when it has some), must be likeFrag's.
	n := len(dst)
	b := appendBodyHead(appendSprite0(dst, like), like)
	head := len(b) - n
	if !bytes.HasPrefix(likeFrag, b[n:]) {
		return AppendSpriteJSON(b[:n], sp)
	}
	b = appendBodyTail(b[:n], like)
	tail := len(b) - n
	if len(likeFrag) < head+tail || !bytes.HasSuffix(likeFrag, b[n:]) {
		return AppendSpriteJSON(b[:n], sp)
	}
	if err := sp.Check(); err != nil {
		return b[:n], err
	}
	b = appendBodyHead(appendSprite0(b[:n], sp), sp)
	b = append(b, likeFrag[head:len(likeFrag)-tail]...)
	return appendBodyTail(b, sp), nil
}

// Check returns what makes s not valid as Read checks a sprite (the
// error AppendSpriteJSON returns for it), or nil: a build checks each
// sprite as soon as it is computed, on any core, and encodes it later.
func (s *Sprite) Check() error {
	if s.Name == "" {
		return errors.New("sprite has no name")
	}
	if err := checkSprite(s, true); err != nil {
		return fmt.Errorf("sprite %q: %w", s.Name, err)
	}
	return nil
}

// appendSprite appends the checked sprite sp (see AppendSpriteJSON).
func appendSprite(b []byte, sp *Sprite) []byte {
	return appendBody(appendSprite0(b, sp), sp)
}

// appendSprite0 appends the start of sprite sp: its "{", name and place.
func appendSprite0(b []byte, sp *Sprite) []byte {
	const in = "\n      " // a sprite key's line
	b = append(b, "{"+in+"\"name\": "...)
	b = appendString(b, sp.Name)
	return appendPlace(b, sp)
}

// appendPlace appends the keys that place sprite sp in its image: image,
// frame, rotated, turn and offset.
func appendPlace(b []byte, sp *Sprite) []byte {
	const in = "\n      " // a sprite key's line
	b = append(b, ","+in+"\"image\": "...)
	b = appendString(b, sp.Image)
	f := sp.Frame
	b = append(b, ","+in+"\"frame\": {\"x\": "...)
	b = strconv.AppendInt(b, int64(f.X), 10)
	b = append(b, ", \"y\": "...)
	b = strconv.AppendInt(b, int64(f.Y), 10)
	b = append(b, ", \"w\": "...)
	b = strconv.AppendInt(b, int64(f.W), 10)
	b = append(b, ", \"h\": "...)
	b = strconv.AppendInt(b, int64(f.H), 10)
	b = append(b, '}')
	if sp.Rotated {
		b = append(b, ","+in+"\"rotated\": true"...)
	}
	if sp.Turn != 0 {
		b = append(b, ","+in+"\"turn\": "...)
		b = strconv.AppendInt(b, int64(sp.Turn), 10)
	}
	if sp.Offset != nil {
		b = append(b, ","+in+"\"offset\": "...)
		b = appendInts(b, sp.Offset[0], sp.Offset[1])
	}
	return b
}

// appendBody appends the keys of sprite sp from size on, and its "}".
func appendBody(b []byte, sp *Sprite) []byte {
	return appendBodyTail(appendShapes(appendBodyHead(b, sp), sp), sp)
}

// appendBodyHead appends the keys of sprite sp before its body: size and
// pivot.
func appendBodyHead(b []byte, sp *Sprite) []byte {
	const in = "\n      " // a sprite key's line
	b = append(b, ","+in+"\"size\": "...)
	b = appendInts(b, sp.Size[0], sp.Size[1])
	b = append(b, ","+in+"\"pivot\": "...)
	return appendPoint(b, sp.Pivot)
}

// appendShapes appends the body of sprite sp (the keys sameBody compares):
// pixels, shapes, quality figures and mask.
func appendShapes(b []byte, sp *Sprite) []byte {
	const in = "\n      " // a sprite key's line
	b = append(b, ","+in+"\"pixels\": "...)
	b = strconv.AppendInt(b, int64(sp.Pixels), 10)
	if a := sp.AABB; a != nil {
		b = append(b, ","+in+"\"aabb\": {\"min\": "...)
		b = appendPoint(b, a.Min)
		b = append(b, ", \"max\": "...)
		b = appendPoint(b, a.Max)
		b = append(b, '}')
	}
	if c := sp.Circle; c != nil {
		b = append(b, ","+in+"\"circle\": {\"center\": "...)
		b = appendPoint(b, c.Center)
		b = append(b, ", \"radius\": "...)
		b = appendFloat(b, c.Radius)
		b = append(b, '}')
	}
	if x := sp.Box; x != nil {
		b = append(b, ","+in+"\"box\": {\"center\": "...)
		b = appendPoint(b, x.Center)
		b = append(b, ", \"half\": "...)
		b = appendPoint(b, x.Half)
		b = append(b, ", \"angle\": "...)
		b = appendFloat(b, x.Angle)
		b = append(b, '}')
	}
	if len(sp.Hull) > 0 {
		b = append(b, ","+in+"\"hull\": "...)
		b = appendRing(b, sp.Hull)
	}
	var poly, polyEnd int // where the polygon's ring is in b, when it has one
	if len(sp.Polygon) > 0 {
		b = append(b, ","+in+"\"polygon\": "...)
		poly = len(b)
		b = appendRing(b, sp.Polygon)
		polyEnd = len(b)
	}
	if len(sp.Pieces) > 0 {
		b = append(b, ","+in+"\"pieces\": "...)
		if len(sp.Pieces) == 1 && len(sp.Polygon) > 0 && sameRing(sp.Pieces[0], sp.Polygon) {
			// One piece that is the polygon, as for four sprites in ten:
			// its ring's bytes are the polygon's, copied rather than
			// formatted again (most of its numbers take strconv's
			// shortest formatting).
			b = append(b, '[')
			b = append(b, b[poly:polyEnd]...)
			b = append(b, ']')
		} else {
			b = appendRings(b, sp.Pieces)
		}
	}
	if len(sp.Outline) > 0 {
		b = append(b, ","+in+"\"outline\": "...)
		b = appendRings(b, sp.Outline)
	}
	if len(sp.Quality) > 0 {
		b = append(b, ","+in+"\"quality\": {"...)
		for i, k := range sortedKeys(sp.Quality) {
			q := sp.Quality[k]
			if i > 0 {
				b = append(b, ',')
			}
			b = append(b, in+"  "...)
			b = appendString(b, k)
			b = append(b, ": {\"outside\": "...)
			b = strconv.AppendInt(b, int64(q.Outside), 10)
			b = append(b, ", \"area_ratio\": "...)
			b = appendFloat(b, q.AreaRatio)
			if HasFPArea(k) {
				b = append(b, ", \"fp_area\": "...)
				b = appendFloat(b, q.FPArea)
			}
			b = append(b, '}')
		}
		b = append(b, in+"}"...)
	}
	if m := sp.Mask; m != nil {
		b = append(b, ","+in+"\"mask\": {\"w\": "...)
		b = strconv.AppendInt(b, int64(m.W), 10)
		b = append(b, ", \"h\": "...)
		b = strconv.AppendInt(b, int64(m.H), 10)
		b = append(b, ", \"rle\": "...)
		b = appendString(b, m.RLE)
		b = append(b, '}')
	}
	return b
}

// appendBodyTail appends the keys of sprite sp after its body, same_as and
// warnings, and its "}".
func appendBodyTail(b []byte, sp *Sprite) []byte {
	const in = "\n      " // a sprite key's line
	if sp.SameAs != "" {
		b = append(b, ","+in+"\"same_as\": "...)
		b = appendString(b, sp.SameAs)
	}
	if len(sp.Warnings) > 0 {
		b = append(b, ","+in+"\"warnings\": ["...)
		for i, w := range sp.Warnings {
			if i > 0 {
				b = append(b, ", "...)
			}
			b = appendString(b, w)
		}
		b = append(b, ']')
	}
	return append(b, "\n    }"...)
}

// appendRings appends the pieces or outline rs: on one line when there is
// one ring, else one ring per line.
func appendRings(b []byte, rs []Ring) []byte {
	if len(rs) == 1 {
		b = append(b, '[')
		return append(appendRing(b, rs[0]), ']')
	}
	b = append(b, '[')
	for i, r := range rs {
		if i > 0 {
			b = append(b, ',')
		}
		b = append(b, "\n        "...)
		b = appendRing(b, r)
	}
	return append(b, "\n      ]"...)
}

// appendRing appends r as [[x, y], ...] (null for a nil ring, as
// encoding/json writes it).
func appendRing(b []byte, r Ring) []byte {
	if r == nil {
		return append(b, "null"...)
	}
	b = append(b, '[')
	for i, p := range r {
		if i > 0 {
			b = append(b, ", "...)
		}
		b = appendPoint(b, p)
	}
	return append(b, ']')
}

func appendPoint(b []byte, p Point) []byte {
	b = append(b, '[')
	b = appendFloat(b, p[0])
	b = append(b, ", "...)
	b = appendFloat(b, p[1])
	return append(b, ']')
}

func appendInts(b []byte, x, y int) []byte {
	b = append(b, '[')
	b = strconv.AppendInt(b, int64(x), 10)
	b = append(b, ", "...)
	b = strconv.AppendInt(b, int64(y), 10)
	return append(b, ']')
}

// appendFloat appends the finite f as encoding/json writes a float64: the
// shortest form that reads back exactly, in exponent form only below 1e-6
// or from 1e21 on, with a two-digit exponent cut to one ("1e-7"). Most
// numbers of a library are whole or half pixels (hull corners, outlines,
// sizes, pivots), which appendShortest writes from the integer.
func appendFloat(b []byte, f float64) []byte {
	if abs := math.Abs(f); abs != 0 && (abs < 1e-6 || abs >= 1e21) {
		b = strconv.AppendFloat(b, f, 'e', -1, 64)
		if n := len(b); n >= 4 && b[n-4] == 'e' && b[n-3] == '-' && b[n-2] == '0' {
			b[n-2] = b[n-1]
			b = b[:n-1]
		}
		return b
	}
	return appendShortest(b, f)
}

// appendString appends s as a JSON string, escaped as encoding/json does
// without HTML escaping. Plain printable ASCII, the usual case, is copied.
func appendString(b []byte, s string) []byte {
	for i := 0; i < len(s); i++ {
		if c := s[i]; c < 0x20 || c >= 0x80 || c == '"' || c == '\\' {
			return append(b, quote(s)...)
		}
	}
	b = append(b, '"')
	b = append(b, s...)
	return append(b, '"')
}

// prepare returns a shallow copy of lib with its sprites sorted by name and
// an empty Format set, after validating it.
func prepare(lib *Library) (*Library, error) {
	c := *lib
	if c.Format == "" {
		c.Format = Format
	}
	c.Sprites = slices.Clone(lib.Sprites)
	if c.Sprites == nil {
		c.Sprites = []Sprite{} // "sprites": [], not null
	}
	slices.SortStableFunc(c.Sprites, func(a, b Sprite) int { return strings.Compare(a.Name, b.Name) })
	c.Animations = slices.Clone(lib.Animations)
	slices.SortStableFunc(c.Animations, func(a, b Animation) int { return strings.Compare(a.Name, b.Name) })
	if err := validate(&c, true); err != nil {
		return nil, err
	}
	return &c, nil
}

// quote returns s as a JSON string, without HTML escaping.
func quote(s string) []byte {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	_ = enc.Encode(s) // a string always encodes
	return bytes.TrimSuffix(buf.Bytes(), []byte("\n"))
}
