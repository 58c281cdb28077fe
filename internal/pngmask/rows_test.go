package pngmask

import (
	"math/rand/v2"
	"testing"

	"github.com/shapegen/shapegen/mask"
)

// TestThresholdProperty checks threshold against a pixel-at-a-time reading
// for random rows, thresholds and starting highs.
func TestThresholdProperty(t *testing.T) {
	r := rand.New(rand.NewPCG(15, 16))
	for range 5000 {
		a := make([]byte, r.IntN(300))
		runs := r.IntN(2) == 0 // long runs of one byte, as in sprites
		for i := range a {
			a[i] = alphaBytes[r.IntN(len(alphaBytes))]
			if r.IntN(3) == 0 {
				a[i] = byte(r.Uint32())
			}
			if runs && i > 0 && r.IntN(100) != 0 {
				a[i] = a[i-1]
			}
		}
		th, hi := uint8(r.Uint32()), uint8(r.Uint32())
		if r.IntN(2) == 0 {
			hi = 0
		}
		words := make([]uint64, (len(a)+63)/64)
		gotHi := threshold(words, a, th, hi)
		wantHi := hi
		for x, v := range a {
			wantHi = max(wantHi, v)
			if got := words[x/64]>>(x%64)&1 != 0; got != (v >= th) {
				t.Fatalf("threshold(%v, t=%d): pixel %d is %v, want %v", a, th, x, got, v >= th)
			}
		}
		if n := len(a) % 64; n != 0 && words[len(words)-1]>>n != 0 {
			t.Fatalf("threshold(%d bytes): bits set past the row", len(a))
		}
		if gotHi != wantHi {
			t.Fatalf("threshold(%v, hi=%d) = %d, want %d", a, hi, gotHi, wantHi)
		}
	}
}

// TestPlaceProperty checks place, which ORs whole words into a row of
// whole pixels and sets an interlace pass's pixels one by one, against
// setting one pixel at a time, for whole rows and for interlace passes.
func TestPlaceProperty(t *testing.T) {
	r := rand.New(rand.NewPCG(17, 18))
	for range 2000 {
		w, h := 1+r.IntN(300), 1+r.IntN(4)
		p := whole[0]
		if r.IntN(2) == 0 {
			p = adam7[r.IntN(7)]
		}
		pw := (w - p.x0 + p.dx - 1) / p.dx
		if pw <= 0 || p.y0 >= h {
			continue
		}
		words := make([]uint64, (pw+63)/64)
		for i := range words {
			switch r.IntN(3) {
			case 0:
				words[i] = ^uint64(0)
			case 1:
				words[i] = r.Uint64()
			}
		}
		if n := pw % 64; n != 0 {
			words[len(words)-1] &= 1<<n - 1
		}
		got, want := mask.New(w, h), mask.New(w, h)
		place(got, p, 0, words)
		for x := range pw {
			if words[x/64]>>(x%64)&1 != 0 {
				want.Set(p.x0+x*p.dx, p.y0, true)
			}
		}
		if !got.Equal(want) {
			t.Fatalf("place(%x) in pass %v:\ngot\n%vwant\n%v", words, p, got, want)
		}
	}
}

// TestUnfilterChannelProperty checks unfilterChannel against unfiltering
// one byte at a time with the PNG specification's predictors, for random
// rows of every filter type and of pixels of 1 to 8 bytes (an Up or Paeth
// row that does not differ, reported as such, stands for prev's bytes).
func TestUnfilterChannelProperty(t *testing.T) {
	r := rand.New(rand.NewPCG(19, 20))
	for range 5000 {
		n, step, f := r.IntN(200), 1+r.IntN(8), byte(r.IntN(5))
		if r.IntN(2) == 0 {
			step = 4
		}
		raw := make([]byte, max((n-1)*step+1, 0))
		prev := make([]byte, n)
		// Mostly zero differences over runs of one byte above, as in the
		// transparent and solid areas of sprites, and some noise.
		for i := range raw {
			if r.IntN(4) == 0 {
				raw[i] = alphaBytes[r.IntN(len(alphaBytes))] + byte(r.IntN(3))
			}
		}
		var above byte
		for i := range prev {
			if r.IntN(20) == 0 {
				above = alphaBytes[r.IntN(len(alphaBytes))]
			}
			prev[i] = above
			if r.IntN(10) == 0 {
				prev[i] = byte(r.Uint32())
			}
		}
		got := make([]byte, n)
		fill(r, got) // the row before last's bytes: each must be written
		if !unfilterChannel(f, raw, step, got, prev) {
			// An Up or Paeth row that does not differ: its bytes are prev's.
			if f != up && f != paeth || string(got) != string(make([]byte, n)) {
				t.Fatalf("unfilterChannel(%d, %v, step %d) = false, leaving %v", f, raw, step, got)
			}
			copy(got, prev)
		}
		want := make([]byte, n)
		for x := range want {
			var a, b, c int
			if x > 0 {
				a, c = int(want[x-1]), int(prev[x-1])
			}
			b = int(prev[x])
			want[x] = raw[x*step] + byte(specPredict(f, a, b, c))
		}
		if string(got) != string(want) {
			t.Fatalf("unfilterChannel(%d, %v, step %d, prev %v) = %v, want %v", f, raw, step, prev, got, want)
		}
	}
}
