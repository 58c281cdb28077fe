package pipeline

import (
	"encoding/binary"
	"encoding/json"
	"math"
	"slices"
	"strings"
	"unicode/utf8"
	"unsafe"

	"github.com/shapegen/shapegen/collide"
	"github.com/shapegen/shapegen/export"
)

// A cache record holds each sprite in a binary form of its own rather
// than as JSON: decoding it is a small fraction of encoding/json's
// Unmarshal, which was most of a rebuild's time, and it takes fewer bytes
// than the sprite's JSON (whole and quarter-pixel numbers, most
// coordinates, are varints). A sprite read back is the one its JSON
// would read back as (encodeSprite normalises what JSON does not keep),
// so every output is written from it as it was from the JSON.
//
// Layout: the strings name, image; frame x, y, w, h; a flags byte
// (rotated, offset, aabb, circle, box, mask); turn; offset; size; pivot;
// pixels; aabb, circle and box as present; hull and polygon as rings;
// pieces and outline as ring lists; the quality entries in key order;
// the mask; same_as; the warnings. Ints are zigzag varints, counts and
// lengths uvarints, a nil ring or list is a count of 0 and a present one
// its length plus one, floats as in appendNum.

const (
	flagRotated = 1 << iota
	flagOffset
	flagAABB
	flagCircle
	flagBox
	flagMask
)

// encodeSprite appends the record form of the checked sprite sp to b.
func encodeSprite(b []byte, sp *export.Sprite) []byte {
	b = appendText(b, sp.Name)
	b = appendText(b, sp.Image)
	b = appendInts(b, sp.Frame.X, sp.Frame.Y, sp.Frame.W, sp.Frame.H)
	var flags byte
	for i, on := range []bool{sp.Rotated, sp.Offset != nil, sp.AABB != nil, sp.Circle != nil, sp.Box != nil, sp.Mask != nil} {
		if on {
			flags |= 1 << i
		}
	}
	b = append(b, flags)
	b = appendInts(b, sp.Turn)
	if sp.Offset != nil {
		b = appendInts(b, sp.Offset[0], sp.Offset[1])
	}
	b = appendInts(b, sp.Size[0], sp.Size[1])
	b = appendNums(b, sp.Pivot[0], sp.Pivot[1])
	b = appendInts(b, sp.Pixels)
	if a := sp.AABB; a != nil {
		b = appendNums(b, a.Min[0], a.Min[1], a.Max[0], a.Max[1])
	}
	if c := sp.Circle; c != nil {
		b = appendNums(b, c.Center[0], c.Center[1], c.Radius)
	}
	if x := sp.Box; x != nil {
		b = appendNums(b, x.Center[0], x.Center[1], x.Half[0], x.Half[1], x.Angle)
	}
	// JSON leaves an empty kind out, which reads back as nil.
	b = appendRingRec(b, len(sp.Hull) > 0, sp.Hull)
	b = appendRingRec(b, len(sp.Polygon) > 0, sp.Polygon)
	b = appendRingList(b, len(sp.Pieces) > 0, sp.Pieces)
	b = appendRingList(b, len(sp.Outline) > 0, sp.Outline)
	keys := make([]string, 0, len(sp.Quality))
	for k := range sp.Quality {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	b = binary.AppendUvarint(b, uint64(len(keys)))
	for _, k := range keys {
		q := sp.Quality[k]
		if !export.HasFPArea(k) {
			q.FPArea = 0 // not written in JSON, so read back as 0
		}
		b = appendText(b, k)
		b = appendInts(b, q.Outside)
		b = appendNums(b, q.AreaRatio, q.FPArea)
	}
	if m := sp.Mask; m != nil {
		b = appendInts(b, m.W, m.H)
		b = appendText(b, m.RLE)
	}
	b = appendText(b, sp.SameAs)
	b = binary.AppendUvarint(b, uint64(len(sp.Warnings)))
	for _, w := range sp.Warnings {
		b = appendText(b, w)
	}
	return b
}

// decodeSprite reads a sprite that encodeSprite wrote; false when rec is
// not one. The sprite shares no memory with rec, which the caller may
// reuse: rec is read in place (a string over its bytes, which no string
// of the sprite keeps), and each string the sprite holds is a copy or a
// constant.
func decodeSprite(rec []byte) (export.Sprite, bool) { return decodeRecord(rec, false) }

// decodeRecord reads a sprite that encodeSprite wrote: all of it, or with
// shapes only what the engine formats read (its outline, quality
// figures, mask and warnings are passed over, not kept: they are most of
// what a sprite allocates, and the engine formats read every sprite).
func decodeRecord(rec []byte, shapes bool) (export.Sprite, bool) {
	sp, _, ok := decodeRecordLike(rec, shapes, nil, false)
	return sp, ok
}

// bodyFlags are the flags of what a record's body holds: the bytes from
// its pixels to its mask, the keys of export.Sprite that a repeated
// frame's record has as its first's.
const bodyFlags = flagAABB | flagCircle | flagBox | flagMask

// like is a decoded sprite that others may repeat, with its record's
// body (a copy of the bytes) and the flags of what that holds.
type like struct {
	sp    *export.Sprite
	body  string
	flags byte
}

// decodeRecordLike is decodeRecord for a sprite that may repeat l's (nil
// for none): when its record's body is the same bytes as l's, the parts
// of the sprite the body holds are l's sprite's, shared (the sprites are
// read, never changed), instead of decoded again. With keep it also
// returns the sprite's own like, whose sprite the caller sets.
func decodeRecordLike(rec []byte, shapes bool, l *like, keep bool) (export.Sprite, *like, bool) {
	r := &reader{s: unsafe.String(unsafe.SliceData(rec), len(rec))}
	var sp export.Sprite
	name, image := r.str(), r.str()
	sp.Image = strings.Clone(image)
	if strings.HasPrefix(image, name) {
		sp.Name = sp.Image[:len(name)] // the common case: one copy for both
	} else {
		sp.Name = strings.Clone(name)
	}
	sp.Frame = export.Frame{X: r.int(), Y: r.int(), W: r.int(), H: r.int()}
	flags := r.byte()
	sp.Rotated = flags&flagRotated != 0
	sp.Turn = r.int()
	if flags&flagOffset != 0 {
		sp.Offset = &[2]int{r.int(), r.int()}
	}
	sp.Size = [2]int{r.int(), r.int()}
	sp.Pivot = export.Point{r.num(), r.num()}
	body := r.s
	if l != nil && flags&bodyFlags == l.flags && strings.HasPrefix(r.s, l.body) {
		// The same bytes read the same way: the parser is deterministic.
		r.s = r.s[len(l.body):]
		f := l.sp
		sp.Pixels, sp.AABB, sp.Circle, sp.Box = f.Pixels, f.AABB, f.Circle, f.Box
		sp.Hull, sp.Polygon, sp.Pieces, sp.Outline = f.Hull, f.Polygon, f.Pieces, f.Outline
		sp.Quality, sp.Mask = f.Quality, f.Mask
	} else {
		decodeBody(r, &sp, flags, shapes)
	}
	var mine *like
	if keep {
		mine = &like{body: strings.Clone(body[:len(body)-len(r.s)]), flags: flags & bodyFlags}
	}
	sp.SameAs = strings.Clone(r.str())
	if n := r.count(); n > 0 {
		if !shapes {
			sp.Warnings = make([]string, n)
		}
		for i := range n {
			if w := r.str(); !shapes {
				sp.Warnings[i] = strings.Clone(w)
			}
		}
	}
	if r.bad || r.s != "" || flags >= 1<<6 {
		return export.Sprite{}, nil, false
	}
	return sp, mine, true
}

// decodeBody reads the body of a record into sp, whose flags are flags
// (see decodeRecord for shapes).
func decodeBody(r *reader, sp *export.Sprite, flags byte, shapes bool) {
	sp.Pixels = r.int()
	if flags&flagAABB != 0 {
		sp.AABB = &export.AABB{Min: export.Point{r.num(), r.num()}, Max: export.Point{r.num(), r.num()}}
	}
	if flags&flagCircle != 0 {
		sp.Circle = &export.Circle{Center: export.Point{r.num(), r.num()}, Radius: r.num()}
	}
	if flags&flagBox != 0 {
		sp.Box = &export.Box{Center: export.Point{r.num(), r.num()}, Half: export.Point{r.num(), r.num()}, Angle: r.num()}
	}
	sp.Hull, sp.Polygon = r.ring(), r.ring()
	sp.Pieces = r.rings()
	if shapes {
		r.skipRings()
	} else {
		sp.Outline = r.rings()
	}
	if n := r.count(); n > 0 {
		if !shapes {
			sp.Quality = make(export.Qualities, n)
		}
		for range n {
			k := r.str()
			q := export.Quality{Outside: r.int(), AreaRatio: r.num(), FPArea: r.num()}
			if shapes {
				continue
			}
			if kind, ok := collide.ParseKind(k); ok {
				k = kind.String() // a constant
			} else {
				k = strings.Clone(k)
			}
			sp.Quality[k] = q
		}
	}
	if flags&flagMask != 0 {
		m := &export.EncodedMask{W: r.int(), H: r.int()}
		if rle := r.str(); !shapes {
			m.RLE = strings.Clone(rle)
			sp.Mask = m
		}
	}
}

// appendText appends s as JSON reads it back: encoding/json writes each
// byte of invalid UTF-8 as U+FFFD.
func appendText(b []byte, s string) []byte {
	if !utf8.ValidString(s) {
		js, _ := json.Marshal(s)
		_ = json.Unmarshal(js, &s)
	}
	return appendString(b, s)
}

func appendInts(b []byte, vs ...int) []byte {
	for _, v := range vs {
		b = binary.AppendVarint(b, int64(v))
	}
	return b
}

// appendNums appends floats: a multiple of a quarter below 2^50 in
// magnitude (not -0) as the uvarint of its zigzagged quarters shifted
// left once, anything else as 1 and its 8 bytes.
func appendNums(b []byte, vs ...float64) []byte {
	for _, v := range vs {
		q := v * 4
		if q == math.Trunc(q) && math.Abs(q) < 1<<52 && !(v == 0 && math.Signbit(v)) {
			n := int64(q)
			b = binary.AppendUvarint(b, uint64(n<<1^n>>63)<<1)
			continue
		}
		b = binary.AppendUvarint(b, 1)
		b = binary.LittleEndian.AppendUint64(b, math.Float64bits(v))
	}
	return b
}

// appendRingRec appends r, or nil when not present.
func appendRingRec(b []byte, present bool, r export.Ring) []byte {
	if !present {
		return append(b, 0)
	}
	b = binary.AppendUvarint(b, uint64(len(r))+1)
	for _, p := range r {
		b = appendNums(b, p[0], p[1])
	}
	return b
}

// appendRingList appends rs, or nil when not present.
func appendRingList(b []byte, present bool, rs []export.Ring) []byte {
	if !present {
		return append(b, 0)
	}
	b = binary.AppendUvarint(b, uint64(len(rs))+1)
	for _, r := range rs {
		b = appendRingRec(b, r != nil, r)
	}
	return b
}

func (r *reader) int() int { return int(r.varint()) }

func (r *reader) num() float64 {
	h := r.uvarint()
	if h == 1 {
		return math.Float64frombits(r.fixed64())
	}
	if h&1 != 0 {
		r.bad = true
		return 0
	}
	z := h >> 1
	return float64(int64(z>>1)^-int64(z&1)) / 4
}

// present reads a count of 0 for nil, else the count plus one, bounded by
// what is left of the input.
func (r *reader) present() (int, bool) {
	n := r.uvarint()
	if n == 0 {
		return 0, false
	}
	if n-1 > uint64(len(r.s)) {
		r.bad = true
		return 0, false
	}
	return int(n - 1), true
}

func (r *reader) ring() export.Ring {
	n, ok := r.present()
	if !ok {
		return nil
	}
	ring := make(export.Ring, n)
	for i := range ring {
		ring[i] = export.Point{r.num(), r.num()}
	}
	return ring
}

// skipRings reads what rings reads, keeping nothing.
func (r *reader) skipRings() {
	n, _ := r.present()
	for range n {
		m, _ := r.present()
		for range 2 * m {
			r.num()
		}
	}
}

func (r *reader) rings() []export.Ring {
	n, ok := r.present()
	if !ok {
		return nil
	}
	rs := make([]export.Ring, n)
	for i := range rs {
		rs[i] = r.ring()
	}
	return rs
}
