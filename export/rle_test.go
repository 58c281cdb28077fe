package export

import (
	"encoding/base64"
	"errors"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/shapegen/shapegen/internal/masktest"
	"github.com/shapegen/shapegen/mask"
)

// show draws m as rows of '#' and '.', one line each.
func show(m *mask.Mask) string {
	var b strings.Builder
	for y := range m.Height() {
		for x := range m.Width() {
			if m.Get(x, y) {
				b.WriteByte('#')
			} else {
				b.WriteByte('.')
			}
		}
		b.WriteByte('\n')
	}
	return b.String()
}

// naiveRuns is the reference encoder: every row as a []bool, cut into runs
// by hand.
func naiveRuns(m *mask.Mask) []uint64 {
	var runs []uint64
	if m.Width() == 0 {
		return nil
	}
	for y := range m.Height() {
		row := make([]bool, m.Width())
		for x := range row {
			row[x] = m.Get(x, y)
		}
		cur, n := false, uint64(0)
		for _, v := range row {
			if v != cur {
				runs = append(runs, n)
				cur, n = v, 0
			}
			n++
		}
		runs = append(runs, n)
	}
	return runs
}

// rle returns runs as the base64 of their varints.
func rle(runs ...uint64) string {
	var buf []byte
	for _, r := range runs {
		for r >= 0x80 {
			buf = append(buf, byte(r)|0x80)
			r >>= 7
		}
		buf = append(buf, byte(r))
	}
	return base64.StdEncoding.EncodeToString(buf)
}

func equalMasks(a, b *mask.Mask) bool {
	return a.Width() == b.Width() && a.Height() == b.Height() && show(a) == show(b)
}

func TestEncodeMask(t *testing.T) {
	tests := []struct {
		name string
		m    *mask.Mask
		runs []uint64
	}{
		{"0x0", mask.New(0, 0), nil},
		{"0x3", mask.New(0, 3), nil},
		{"3x0", mask.New(3, 0), nil},
		{"1x1 clear", masktest.Pic("."), []uint64{1}},
		{"1x1 set", masktest.Pic("#"), []uint64{0, 1}},
		{"rows", masktest.Pic("##..#", ".....", "#####"), []uint64{0, 2, 2, 1, 5, 0, 5}},
		{"ends clear", masktest.Pic(".#.."), []uint64{1, 1, 2}},
		{"wide", func() *mask.Mask { m := mask.New(200, 1); m.Set(150, 0, true); return m }(), []uint64{150, 1, 49}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			e := EncodeMask(tt.m)
			if want := rle(tt.runs...); e.RLE != want || e.W != tt.m.Width() || e.H != tt.m.Height() {
				t.Errorf("EncodeMask(\n%s) = %+v, want runs %v (%q)", show(tt.m), e, tt.runs, want)
			}
			got, err := e.Decode()
			if err != nil || !equalMasks(got, tt.m) {
				t.Errorf("Decode(%+v) = \n%s, %v; want\n%s", e, show(got), err, show(tt.m))
			}
		})
	}
}

// TestMaskRoundTrip checks thousands of seeded random masks against the
// reference encoder and through Decode.
func TestMaskRoundTrip(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	widths := []int{0, 1, 2, 7, 63, 64, 65, 127, 128, 129, 200}
	for i := range 3000 {
		w := widths[i%len(widths)]
		if i%3 == 0 {
			w = rng.IntN(150)
		}
		h := rng.IntN(12)
		m := mask.New(w, h)
		density := rng.Float64()
		runny := rng.IntN(2) == 0 // long runs: flip rarely
		on := false
		for y := range h {
			for x := range w {
				if runny {
					if rng.Float64() < 0.1 {
						on = !on
					}
				} else {
					on = rng.Float64() < density
				}
				m.Set(x, y, on)
			}
		}
		e := EncodeMask(m)
		if want := rle(naiveRuns(m)...); e.RLE != want {
			t.Fatalf("case %d: EncodeMask(%dx%d\n%s) RLE = %q, want %q", i, w, h, show(m), e.RLE, want)
		}
		got, err := e.Decode()
		if err != nil {
			t.Fatalf("case %d: Decode(EncodeMask(%dx%d)) error %v", i, w, h, err)
		}
		if !equalMasks(got, m) {
			t.Fatalf("case %d: Decode(EncodeMask(m)) =\n%s want\n%s", i, show(got), show(m))
		}
	}
}

func TestDecodeErrors(t *testing.T) {
	tests := []struct {
		name string
		e    EncodedMask
	}{
		{"negative width", EncodedMask{W: -1, H: 1, RLE: rle(1)}},
		{"negative height", EncodedMask{W: 1, H: -1, RLE: ""}},
		{"too large", EncodedMask{W: 1 << 20, H: 1 << 20, RLE: rle(1 << 20)}},
		{"bad base64", EncodedMask{W: 2, H: 1, RLE: "!!!"}},
		{"base64 without padding", EncodedMask{W: 2, H: 1, RLE: "AQE"}},
		{"line break in base64", EncodedMask{W: 2, H: 1, RLE: "\n" + rle(2)}},
		{"data for empty mask", EncodedMask{W: 0, H: 2, RLE: rle(0)}},
		{"run overruns row", EncodedMask{W: 4, H: 1, RLE: rle(5)}},
		{"runs overrun row", EncodedMask{W: 4, H: 1, RLE: rle(2, 3)}},
		{"zero run inside row", EncodedMask{W: 4, H: 1, RLE: rle(2, 0, 2)}},
		{"zero run at row end", EncodedMask{W: 4, H: 1, RLE: rle(0, 4, 0)}},
		{"missing row", EncodedMask{W: 2, H: 2, RLE: rle(2)}},
		{"short row", EncodedMask{W: 3, H: 2, RLE: rle(1, 1)}},
		{"trailing bytes", EncodedMask{W: 2, H: 1, RLE: rle(2, 1)}},
		{"truncated varint", EncodedMask{W: 300, H: 1, RLE: base64.StdEncoding.EncodeToString([]byte{0xac})}},
		{"overlong varint", EncodedMask{W: 2, H: 1, RLE: base64.StdEncoding.EncodeToString(slices.Repeat([]byte{0xff}, 11))}},
		{"non-minimal varint", EncodedMask{W: 2, H: 1, RLE: base64.StdEncoding.EncodeToString([]byte{0x82, 0x00})}},
		{"huge run", EncodedMask{W: 2, H: 1, RLE: rle(1 << 62)}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m, err := tt.e.Decode()
			if err == nil || m != nil {
				t.Errorf("Decode(%+v) = %v, %v; want nil and an error", tt.e, m, err)
			}
		})
	}
	if _, err := (&EncodedMask{W: 4, H: 1, RLE: rle(5)}).Decode(); !errors.Is(err, errRLE) {
		t.Errorf("Decode(overrun) error %v does not wrap errRLE", err)
	}
}

// FuzzDecode checks that Decode never panics and that whatever it accepts
// encodes back to the same bytes (the encoding is unique). Run longer with
//
//	go test ./export -run '^$' -fuzz FuzzDecode -fuzztime 1m
func FuzzDecode(f *testing.F) {
	f.Add(3, 2, rle(0, 2, 1, 3))
	f.Add(0, 0, "")
	f.Add(65, 1, rle(64, 1))
	f.Add(2, 1, "!!")
	f.Add(1, 1, rle(0, 1))
	f.Fuzz(func(t *testing.T, w, h int, s string) {
		if w > 4096 || h > 4096 {
			return // keep each run small; size limits are tested above
		}
		e := &EncodedMask{W: w, H: h, RLE: s}
		m, err := e.Decode()
		if err != nil {
			if m != nil {
				t.Fatalf("Decode(%+v) returned a mask and error %v", e, err)
			}
			return
		}
		if back := EncodeMask(m); *back != *e {
			t.Fatalf("EncodeMask(Decode(%+v)) = %+v", e, back)
		}
	})
}
