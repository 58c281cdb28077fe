package binrec

import (
	"math"
	"testing"
)

// TestNums: every float reads back bit for bit, and whole and quarter
// numbers below 2^50 take a varint (at most 8 bytes), others 9.
func TestNums(t *testing.T) {
	for _, tc := range []struct {
		v      float64
		packed bool
	}{
		{0, true}, {1, true}, {-1, true}, {0.25, true}, {-0.75, true}, {12345.5, true},
		{1 << 49, true}, {-(1 << 49) + 0.25, true},
		{math.Copysign(0, -1), false}, {0.1, false}, {1 << 50, false}, {0.125, false},
		{math.Inf(1), false}, {math.Inf(-1), false}, {math.NaN(), false}, {5e-324, false}, {math.MaxFloat64, false},
	} {
		b := AppendNums(nil, tc.v)
		if packed := len(b) <= 8; packed != tc.packed || !packed && len(b) != 9 {
			t.Errorf("%v: %d bytes, packed %v; want packed %v", tc.v, len(b), packed, tc.packed)
		}
		r := &Reader{S: string(b)}
		got := r.Num()
		if r.Bad || r.S != "" || math.Float64bits(got) != math.Float64bits(tc.v) {
			t.Errorf("%v: read %v (bad %v, %d bytes left)", tc.v, got, r.Bad, len(r.S))
		}
	}
}

// TestReaderShort: every read of input cut short sets Bad and returns a
// zero value, never panics.
func TestReaderShort(t *testing.T) {
	full := AppendString(AppendInts(AppendNums(nil, 0.1), -300), "shapes")
	for n := range len(full) {
		r := &Reader{S: string(full[:n])}
		r.Num()
		r.Int()
		s := r.Str()
		if !r.Bad {
			t.Errorf("the first %d of %d bytes read without Bad (string %q)", n, len(full), s)
		}
	}
	r := &Reader{S: string(full)}
	if v, i, s := r.Num(), r.Int(), r.Str(); r.Bad || v != 0.1 || i != -300 || s != "shapes" {
		t.Errorf("read %v, %v, %q (bad %v)", v, i, s, r.Bad)
	}
	for name, read := range map[string]func(r *Reader){
		"Byte": func(r *Reader) { r.Byte() }, "Fixed64": func(r *Reader) { r.Fixed64() }, "Fixed": func(r *Reader) { r.Fixed(3) },
		"Count": func(r *Reader) { r.Count() }, "Present": func(r *Reader) { r.Present() },
	} {
		r := &Reader{S: "\x05"}
		read(r)
		read(r)
		if !r.Bad {
			t.Errorf("%s past the end: no Bad", name)
		}
	}
	if r := (&Reader{S: "\x03"}); r.Num() != 0 || !r.Bad { // an odd header other than 1
		t.Errorf("Num of an odd header: no Bad")
	}
}
