// Package binrec reads and writes the small binary forms the build keeps
// in its cache and the compact library (shapes.compact) holds sprites in:
// ints as zigzag varints, counts and lengths as uvarints, strings
// length-prefixed, and floats as Nums writes them.
package binrec

import (
	"encoding/binary"
	"math"
)

// AppendString appends s, its length first.
func AppendString(b []byte, s string) []byte {
	return append(binary.AppendUvarint(b, uint64(len(s))), s...)
}

// AppendInts appends each of vs as a zigzag varint.
func AppendInts(b []byte, vs ...int) []byte {
	for _, v := range vs {
		b = binary.AppendVarint(b, int64(v))
	}
	return b
}

// AppendNums appends floats: a multiple of a quarter below 2^50 in
// magnitude (not -0) as the uvarint of its zigzagged quarters shifted
// left once, anything else as 1 and its 8 bytes. Whole and quarter-pixel
// numbers, most of a sprite's coordinates, take a byte or two.
func AppendNums(b []byte, vs ...float64) []byte {
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

// Reader reads the parts of an encoded form from S; Bad is set, and zero
// values returned, once the input runs short or is not of the form.
type Reader struct {
	S   string
	Bad bool
}

// Uvarint reads an unsigned varint.
func (r *Reader) Uvarint() uint64 {
	var v uint64
	for shift := 0; shift < 64; shift += 7 {
		if len(r.S) == 0 {
			break
		}
		c := r.S[0]
		r.S = r.S[1:]
		v |= uint64(c&0x7f) << shift
		if c < 0x80 {
			return v
		}
	}
	r.Bad = true
	return 0
}

// Varint reads a zigzag varint.
func (r *Reader) Varint() int64 {
	u := r.Uvarint()
	return int64(u>>1) ^ -int64(u&1)
}

// Int reads what AppendInts wrote for one int.
func (r *Reader) Int() int { return int(r.Varint()) }

// Count reads a length, bounded by what is left of the input (every item
// takes at least a byte).
func (r *Reader) Count() int {
	n := r.Uvarint()
	if n > uint64(len(r.S)) {
		r.Bad = true
		return 0
	}
	return int(n)
}

// Str reads what AppendString wrote; the string shares S's memory.
func (r *Reader) Str() string {
	n := r.Count()
	v := r.S[:n]
	r.S = r.S[n:]
	return v
}

// Fixed reads n bytes.
func (r *Reader) Fixed(n int) string {
	if len(r.S) < n {
		r.Bad = true
		return ""
	}
	v := r.S[:n]
	r.S = r.S[n:]
	return v
}

// Fixed64 reads 8 bytes, little-endian.
func (r *Reader) Fixed64() uint64 {
	if len(r.S) < 8 {
		r.Bad = true
		return 0
	}
	v := binary.LittleEndian.Uint64([]byte(r.S[:8]))
	r.S = r.S[8:]
	return v
}

// Byte reads one byte.
func (r *Reader) Byte() byte {
	if len(r.S) == 0 {
		r.Bad = true
		return 0
	}
	c := r.S[0]
	r.S = r.S[1:]
	return c
}

// Num reads what AppendNums wrote for one float.
func (r *Reader) Num() float64 {
	h := r.Uvarint()
	if h == 1 {
		return math.Float64frombits(r.Fixed64())
	}
	if h&1 != 0 {
		r.Bad = true
		return 0
	}
	z := h >> 1
	return float64(int64(z>>1)^-int64(z&1)) / 4
}

// Present reads a count of 0 for nil, else the count plus one, bounded by
// what is left of the input; false for nil.
func (r *Reader) Present() (int, bool) {
	n := r.Uvarint()
	if n == 0 {
		return 0, false
	}
	if n-1 > uint64(len(r.S)) {
		r.Bad = true
		return 0, false
	}
	return int(n - 1), true
}
