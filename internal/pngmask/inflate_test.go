package pngmask

import (
	"bufio"
	"bytes"
	"compress/zlib"
	"encoding/binary"
	"encoding/hex"
	"hash/adler32"
	"io"
	"math/bits"
	"math/rand/v2"
	"os"
	"strings"
	"testing"
)

// maxInflated bounds the output of the inflate tests.
const maxInflated = 1 << 20

// zlibInflate is the reference: compress/zlib's output, or ok = false.
func zlibInflate(data []byte) (out []byte, ok bool) {
	r, err := zlib.NewReader(bytes.NewReader(data))
	if err != nil {
		return nil, false
	}
	out, err = io.ReadAll(io.LimitReader(r, maxInflated+1))
	return out, err == nil && len(out) <= maxInflated
}

// inflateAll inflates the zlib stream data with an inflater, handing out
// rows of the given size (the last one shorter).
func inflateAll(data []byte, row int) ([]byte, error) {
	var z inflater
	if err := z.reset(data, []int{len(data)}, row); err != nil {
		return nil, err
	}
	var out []byte
	for len(out) <= maxInflated {
		// Ask for a whole row when the stream has one, else what is left.
		for z.w-z.r < row && z.state != stateDone {
			limit := len(z.buf) - margin
			if z.w >= limit || z.r+row > limit {
				z.slide()
			}
			if err := z.inflate(limit); err != nil {
				return nil, err
			}
		}
		n := min(row, z.w-z.r)
		if n == 0 {
			break
		}
		p, err := z.next(n)
		if err != nil {
			return nil, err
		}
		out = append(out, p...)
	}
	return out, z.end()
}

// inflateDiffer returns what is wrong with the inflater beside
// compress/zlib on data, or "".
func inflateDiffer(data []byte, row int) string {
	want, ok := zlibInflate(data)
	got, err := inflateAll(data, row)
	switch {
	case !ok && err == nil:
		return "compress/zlib rejects the stream, the inflater accepts it"
	case ok && err != nil:
		return "compress/zlib accepts the stream, the inflater fails: " + err.Error()
	case ok && !bytes.Equal(got, want):
		return "outputs differ"
	}
	return ""
}

// wrap puts a raw deflate stream in a zlib wrapper, with the Adler-32 of
// what compress/flate makes of it.
func wrap(raw []byte) []byte {
	out := append([]byte{0x78, 0x9c}, raw...)
	var sum uint32 = 1
	if r, err := zlib.NewReader(bytes.NewReader(append(bytes.Clone(out), 0, 0, 0, 0))); err == nil {
		data, _ := io.ReadAll(r) // fails on the checksum; data is what came before
		sum = adler32.Checksum(data)
	}
	return binary.BigEndian.AppendUint32(out, sum)
}

// flateStreams returns the streams of testdata/flate_streams.txt, wrapped.
func flateStreams(t testing.TB) [][]byte {
	f, err := os.Open("testdata/flate_streams.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out [][]byte
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if line := sc.Text(); line != "" && !strings.HasPrefix(line, "#") {
			raw, err := hex.DecodeString(line)
			if err != nil {
				t.Fatal(err)
			}
			out = append(out, wrap(raw))
		}
	}
	return out
}

func TestInflateStreams(t *testing.T) {
	for i, data := range flateStreams(t) {
		for _, row := range []int{1, 7, 4096} {
			if d := inflateDiffer(data, row); d != "" {
				t.Errorf("stream %d, rows of %d: %s", i, row, d)
			}
		}
	}
}

// TestInflateProperty inflates random data compressed at every level:
// runs, repeats at every distance below 8 (the pattern copies) and noise,
// handed out in rows of random sizes, whole and cut short.
func TestInflateProperty(t *testing.T) {
	r := rand.New(rand.NewPCG(13, 14))
	for i := range 400 {
		var data []byte
		for len(data) < r.IntN(200000) {
			switch r.IntN(3) {
			case 0:
				data = append(data, bytes.Repeat([]byte{byte(r.IntN(3))}, r.IntN(600))...)
			case 1:
				p := make([]byte, 1+r.IntN(9))
				fill(r, p)
				data = append(data, bytes.Repeat(p, r.IntN(100))...)
			default:
				p := make([]byte, r.IntN(300))
				fill(r, p)
				data = append(data, p...)
			}
		}
		var z bytes.Buffer
		zw, _ := zlib.NewWriterLevel(&z, i%12-2)
		zw.Write(data)
		zw.Close()
		row := 1 + r.IntN(5000)
		got, err := inflateAll(z.Bytes(), row)
		if err != nil || !bytes.Equal(got, data) {
			t.Fatalf("case %d (level %d, rows of %d): %d bytes, %v; want %d bytes", i, i%12-2, row, len(got), err, len(data))
		}
		cut := z.Bytes()[:r.IntN(z.Len())]
		if d := inflateDiffer(cut, row); d != "" {
			t.Fatalf("case %d cut to %d bytes: %s", i, len(cut), d)
		}
	}
}

// FuzzInflate checks the inflater against compress/zlib on any zlib
// stream, seeded with compress/flate's own test streams; run it longer
// with
//
//	go test ./internal/pngmask -run X -fuzz FuzzInflate -fuzztime 10m
func FuzzInflate(f *testing.F) {
	for _, data := range flateStreams(f) {
		f.Add(data, uint16(100))
	}
	f.Fuzz(func(t *testing.T, data []byte, row uint16) {
		if d := inflateDiffer(data, 1+int(row)); d != "" {
			t.Error(d)
		}
	})
}

// TestBuildProperty builds the literal/length table of seeded random
// complete codes, over a table left dirty by the one before (as a
// block's table is by the last block's), and checks that every symbol's
// code, whatever bits follow it, decodes to that symbol's entry: the
// codes of up to litRoot bits from the first level, the longer ones
// through a second-level table. The codes are canonical (RFC 1951 3.2.2)
// and read lowest bit first.
func TestBuildProperty(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 8))
	var table litTable
	for k := range 2000 {
		// A complete code: start from two 1-bit codes and split random
		// ones until the symbols or the lengths run out.
		lens := []uint8{1, 1}
		for len(lens) < 2+r.IntN(maxLit-1) {
			i := r.IntN(len(lens))
			if lens[i] == 15 {
				break
			}
			lens[i]++
			lens = append(lens, lens[i])
		}
		var lengths [maxLit]uint8
		for i, sym := range r.Perm(maxLit)[:len(lens)] {
			lengths[sym] = lens[i]
		}
		if !build(table[:], lengths[:], litRoot, litEntries) {
			t.Fatalf("%d: build refused a complete code %v", k, lengths)
		}
		var next [16]int // the next canonical code of each length
		var count [16]int
		for _, n := range lengths {
			count[n]++
		}
		count[0] = 0
		for n := 1; n < 16; n++ {
			next[n] = (next[n-1] + count[n-1]) << 1
		}
		for sym, n := range lengths {
			if n == 0 {
				continue
			}
			code := uint64(bits.Reverse16(uint16(next[n]))) >> (16 - n)
			next[n]++
			want := litEntries[sym] | uint32(n)
			for range 4 {
				b := code | r.Uint64()<<n
				if got := table.entry(b); got != want {
					t.Fatalf("%d: symbol %d (%d bits) followed by %#x decodes to %#x, want %#x", k, sym, n, b>>n, got, want)
				}
			}
		}
	}
}
