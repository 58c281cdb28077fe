package export

import (
	"encoding/base64"
	"encoding/binary"
	"encoding/json"
	"maps"
	"math"
	"slices"
	"strings"
	"unicode/utf8"
	"unsafe"

	"github.com/shapegen/shapegen/collide"
	"github.com/shapegen/shapegen/internal/binrec"
)

// A record holds a sprite in a binary form of its own rather than as
// JSON: the compact library (shapes.compact) holds its sprites so, and the
// build's cache keeps them so. Decoding it is a small fraction of
// encoding/json's Unmarshal, and it takes fewer bytes than the sprite's
// JSON (whole and quarter-pixel numbers, most coordinates, are varints).
// A sprite read back is the one its JSON would read back as (AppendRecord
// normalises what JSON does not keep), so every output is written from
// it as it was from the JSON.
//
// Layout: the strings name, image; frame x, y, w, h; a flags byte
// (rotated, offset, aabb, circle, box, mask, mask packed); turn; offset; size; pivot;
// pixels; aabb, circle and box as present; hull and polygon as rings;
// pieces and outline as ring lists; the quality entries in key order;
// the mask (its size, then its run lengths: packed, the varint bytes the
// base64 of its RLE holds, or when that is not canonical base64 the text
// itself); same_as; the warnings. Ints are zigzag varints, counts and
// lengths uvarints, a nil ring or list is a count of 0 and a present one
// its length plus one, floats as binrec.AppendNums writes them.

const (
	flagRotated = 1 << iota
	flagOffset
	flagAABB
	flagCircle
	flagBox
	flagMask
	flagPacked
)

// AppendRecord appends the record form of the checked sprite sp to b.
func AppendRecord(b []byte, sp *Sprite) []byte {
	var runs []byte // the mask's run lengths, when packed
	packed := false
	if m := sp.Mask; m != nil {
		runs, packed = packRLE(m.RLE)
	}
	var flags byte // the body's; appendHead adds the others
	for i, on := range []bool{sp.AABB != nil, sp.Circle != nil, sp.Box != nil, sp.Mask != nil, packed} {
		if on {
			flags |= flagAABB << i
		}
	}
	b = appendHead(b, sp, flags)
	b = binrec.AppendInts(b, sp.Pixels)
	if a := sp.AABB; a != nil {
		b = binrec.AppendNums(b, a.Min[0], a.Min[1], a.Max[0], a.Max[1])
	}
	if c := sp.Circle; c != nil {
		b = binrec.AppendNums(b, c.Center[0], c.Center[1], c.Radius)
	}
	if x := sp.Box; x != nil {
		b = binrec.AppendNums(b, x.Center[0], x.Center[1], x.Half[0], x.Half[1], x.Angle)
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
		if !HasFPArea(k) {
			q.FPArea = 0 // not written in JSON, so read back as 0
		}
		b = appendText(b, k)
		b = binrec.AppendInts(b, q.Outside)
		b = binrec.AppendNums(b, q.AreaRatio, q.FPArea)
	}
	if m := sp.Mask; m != nil {
		b = binrec.AppendInts(b, m.W, m.H)
		if packed {
			b = binrec.AppendString(b, string(runs))
		} else {
			b = appendText(b, m.RLE)
		}
	}
	return appendTail(b, sp)
}

// AppendRecordLike is AppendRecord for a sprite sp read by ReadRecordLike
// with l: when sp still holds l's body, the parts of the sprite that
// l's sprite shares with it (not copies of them, however equal), the
// body's bytes are copied from l instead of encoded again. The bytes are
// AppendRecord's either way.
func AppendRecordLike(b []byte, sp *Sprite, l *RecordLike) []byte {
	if l == nil || l.shapes || !holdsBody(sp, l.Sprite) {
		return AppendRecord(b, sp)
	}
	b = appendHead(b, sp, l.flags)
	b = append(b, l.body...)
	return appendTail(b, sp)
}

// holdsBody reports whether sp holds the very parts of f that a
// record's body holds (see ReadRecordLike): the same pointers and
// slices, and quality figures of the same bits.
func holdsBody(sp, f *Sprite) bool {
	return sp.Pixels == f.Pixels && sp.AABB == f.AABB && sp.Circle == f.Circle && sp.Box == f.Box && sp.Mask == f.Mask &&
		sameArray(sp.Hull, f.Hull) && sameArray(sp.Polygon, f.Polygon) &&
		sameArray(sp.Pieces, f.Pieces) && sameArray(sp.Outline, f.Outline) &&
		maps.EqualFunc(sp.Quality, f.Quality, func(p, q Quality) bool {
			return p.Outside == q.Outside && math.Float64bits(p.AreaRatio) == math.Float64bits(q.AreaRatio) &&
				math.Float64bits(p.FPArea) == math.Float64bits(q.FPArea)
		})
}

// sameArray reports whether a and b are one slice of one array.
func sameArray[T any](a, b []T) bool {
	return len(a) == len(b) && (len(a) == 0 || &a[0] == &b[0])
}

// appendHead appends the head of sp's record, from its name to its
// pivot, with flags the body's.
func appendHead(b []byte, sp *Sprite, flags byte) []byte {
	b = appendText(b, sp.Name)
	b = appendText(b, sp.Image)
	b = binrec.AppendInts(b, sp.Frame.X, sp.Frame.Y, sp.Frame.W, sp.Frame.H)
	if sp.Rotated {
		flags |= flagRotated
	}
	if sp.Offset != nil {
		flags |= flagOffset
	}
	b = append(b, flags)
	b = binrec.AppendInts(b, sp.Turn)
	if sp.Offset != nil {
		b = binrec.AppendInts(b, sp.Offset[0], sp.Offset[1])
	}
	b = binrec.AppendInts(b, sp.Size[0], sp.Size[1])
	return binrec.AppendNums(b, sp.Pivot[0], sp.Pivot[1])
}

// appendTail appends the tail of sp's record: same_as and the warnings.
func appendTail(b []byte, sp *Sprite) []byte {
	b = appendText(b, sp.SameAs)
	b = binary.AppendUvarint(b, uint64(len(sp.Warnings)))
	for _, w := range sp.Warnings {
		b = appendText(b, w)
	}
	return b
}

// ReadRecord reads a sprite that AppendRecord wrote; false when rec is
// not one. With shapesOnly it keeps only what the engine formats read:
// the outline, quality figures, mask and warnings are passed over (they
// are most of what a sprite allocates). The sprite shares no memory with
// rec, which the caller may reuse: rec is read in place (a string over
// its bytes, which no string of the sprite keeps), and each string the
// sprite holds is a copy or a constant.
func ReadRecord(rec []byte, shapesOnly bool) (Sprite, bool) {
	sp, _, ok := ReadRecordLike(rec, shapesOnly, nil, false)
	return sp, ok
}

// bodyFlags are the flags of what a record's body holds: the bytes from
// its pixels to its mask, the keys of Sprite that a repeated
// frame's record has as its first's.
const bodyFlags = flagAABB | flagCircle | flagBox | flagMask | flagPacked

// RecordLike is a decoded sprite that others may repeat (see
// ReadRecordLike), with its record's body (a copy of the bytes) and the
// flags of what that holds.
type RecordLike struct {
	Sprite *Sprite // set by the caller of ReadRecordLike
	body   string
	flags  byte
	shapes bool // the sprite holds the shapes only (ReadRecord)
}

// ReadRecordLike is ReadRecord for a sprite that may repeat l's (nil for
// none): when its record's body (its bytes from pixels to mask) is the
// same bytes as l's, the parts of the sprite the body holds are l's
// sprite's, shared (the sprites are read, never changed), instead of
// decoded again. With keep it also returns the sprite's own RecordLike,
// whose Sprite the caller sets.
func ReadRecordLike(rec []byte, shapes bool, l *RecordLike, keep bool) (Sprite, *RecordLike, bool) {
	r := &binrec.Reader{S: unsafe.String(unsafe.SliceData(rec), len(rec))}
	var sp Sprite
	name, image := r.Str(), r.Str()
	sp.Image = strings.Clone(image)
	if strings.HasPrefix(image, name) {
		sp.Name = sp.Image[:len(name)] // the common case: one copy for both
	} else {
		sp.Name = strings.Clone(name)
	}
	sp.Frame = Frame{X: r.Int(), Y: r.Int(), W: r.Int(), H: r.Int()}
	flags := r.Byte()
	sp.Rotated = flags&flagRotated != 0
	sp.Turn = r.Int()
	if flags&flagOffset != 0 {
		sp.Offset = &[2]int{r.Int(), r.Int()}
	}
	sp.Size = [2]int{r.Int(), r.Int()}
	sp.Pivot = Point{r.Num(), r.Num()}
	body := r.S
	if l != nil && flags&bodyFlags == l.flags && strings.HasPrefix(r.S, l.body) {
		// The same bytes read the same way: the parser is deterministic.
		r.S = r.S[len(l.body):]
		f := l.Sprite
		sp.Pixels, sp.AABB, sp.Circle, sp.Box = f.Pixels, f.AABB, f.Circle, f.Box
		sp.Hull, sp.Polygon, sp.Pieces, sp.Outline = f.Hull, f.Polygon, f.Pieces, f.Outline
		sp.Quality, sp.Mask = f.Quality, f.Mask
	} else {
		decodeBody(r, &sp, flags, shapes)
	}
	var mine *RecordLike
	if keep {
		mine = &RecordLike{body: strings.Clone(body[:len(body)-len(r.S)]), flags: flags & bodyFlags, shapes: shapes}
	}
	sp.SameAs = strings.Clone(r.Str())
	if n := r.Count(); n > 0 {
		if !shapes {
			sp.Warnings = make([]string, n)
		}
		for i := range n {
			if w := r.Str(); !shapes {
				sp.Warnings[i] = strings.Clone(w)
			}
		}
	}
	if r.Bad || r.S != "" || flags >= 1<<7 || flags&(flagMask|flagPacked) == flagPacked {
		return Sprite{}, nil, false
	}
	return sp, mine, true
}

// decodeBody reads the body of a record into sp, whose flags are flags
// (see ReadRecord for shapes).
func decodeBody(r *binrec.Reader, sp *Sprite, flags byte, shapes bool) {
	sp.Pixels = r.Int()
	if flags&flagAABB != 0 {
		sp.AABB = &AABB{Min: Point{r.Num(), r.Num()}, Max: Point{r.Num(), r.Num()}}
	}
	if flags&flagCircle != 0 {
		sp.Circle = &Circle{Center: Point{r.Num(), r.Num()}, Radius: r.Num()}
	}
	if flags&flagBox != 0 {
		sp.Box = &Box{Center: Point{r.Num(), r.Num()}, Half: Point{r.Num(), r.Num()}, Angle: r.Num()}
	}
	sp.Hull, sp.Polygon = readRing(r), readRing(r)
	sp.Pieces = readRings(r)
	if shapes {
		skipRings(r)
	} else {
		sp.Outline = readRings(r)
	}
	if n := r.Count(); n > 0 {
		if !shapes {
			sp.Quality = make(Qualities, n)
		}
		for range n {
			k := r.Str()
			q := Quality{Outside: r.Int(), AreaRatio: r.Num(), FPArea: r.Num()}
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
		m := &EncodedMask{W: r.Int(), H: r.Int()}
		if rle := r.Str(); !shapes && flags&flagPacked != 0 {
			m.RLE = base64.StdEncoding.EncodeToString([]byte(rle))
			sp.Mask = m
		} else if !shapes {
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
	return binrec.AppendString(b, s)
}

// appendRingRec appends r, or nil when not present.
func appendRingRec(b []byte, present bool, r Ring) []byte {
	if !present {
		return append(b, 0)
	}
	b = binary.AppendUvarint(b, uint64(len(r))+1)
	for _, p := range r {
		b = binrec.AppendNums(b, p[0], p[1])
	}
	return b
}

// appendRingList appends rs, or nil when not present.
func appendRingList(b []byte, present bool, rs []Ring) []byte {
	if !present {
		return append(b, 0)
	}
	b = binary.AppendUvarint(b, uint64(len(rs))+1)
	for _, r := range rs {
		b = appendRingRec(b, r != nil, r)
	}
	return b
}

// packRLE returns the bytes whose base64 rle is, and true, when rle is
// their canonical base64 (as EncodeMask writes it): then the bytes give
// rle back.
func packRLE(rle string) ([]byte, bool) {
	runs, err := base64.StdEncoding.Strict().DecodeString(rle)
	if err != nil || base64.StdEncoding.EncodedLen(len(runs)) != len(rle) {
		return nil, false
	}
	return runs, true
}

// readRing reads what appendRingRec wrote.
func readRing(r *binrec.Reader) Ring {
	n, ok := r.Present()
	if !ok {
		return nil
	}
	ring := make(Ring, n)
	for i := range ring {
		ring[i] = Point{r.Num(), r.Num()}
	}
	return ring
}

// skipRings reads what rings reads, keeping nothing.
func skipRings(r *binrec.Reader) {
	n, _ := r.Present()
	for range n {
		m, _ := r.Present()
		for range 2 * m {
			r.Num()
		}
	}
}

// readRings reads what appendRingList wrote.
func readRings(r *binrec.Reader) []Ring {
	n, ok := r.Present()
	if !ok {
		return nil
	}
	rs := make([]Ring, n)
	for i := range rs {
		rs[i] = readRing(r)
	}
	return rs
}
