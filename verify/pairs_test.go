package verify

import (
	"fmt"
	"image"
	"math"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/shapegen/shapegen/internal/masktest"
	"github.com/shapegen/shapegen/mask"
)

// naivePairsArea is PairsOf's reference, written the slow way: every
// integer offset d within the frame's reach is tested for a common opaque
// pixel pixel by pixel, and every unit cell near them counted when one of
// its four corners is such an offset.
func naivePairsArea(m *mask.Mask) float64 {
	w, h := m.Width(), m.Height()
	var opaque []image.Point
	for y := range h {
		for x := range w {
			if m.Get(x, y) {
				opaque = append(opaque, image.Pt(x, y))
			}
		}
	}
	support := map[image.Point]bool{}
	for dy := -h; dy <= h; dy++ {
		for dx := -w; dx <= w; dx++ {
			for _, p := range opaque {
				if m.Get(p.X+dx, p.Y+dy) {
					support[image.Pt(dx, dy)] = true
					break
				}
			}
		}
	}
	cells := 0
	for j := -h - 1; j <= h; j++ {
		for i := -w - 1; i <= w; i++ {
			if support[image.Pt(i, j)] || support[image.Pt(i+1, j)] || support[image.Pt(i, j+1)] || support[image.Pt(i+1, j+1)] {
				cells++
			}
		}
	}
	return float64(cells)
}

// fpRandomMask returns a w×h mask of one of a few textures (scattered
// pixels, blobs of runs, stripes, repeated rows, noise), placed at a random offset
// inside a larger frame.
func fpRandomMask(r *rand.Rand, w, h int) *mask.Mask {
	ox, oy := r.IntN(w+3), r.IntN(5)
	m := mask.New(ox+w+r.IntN(w+3), oy+h+r.IntN(5))
	switch r.IntN(5) {
	case 0: // scattered pixels
		for range 1 + r.IntN(w*h/4+1) {
			m.Set(ox+r.IntN(w), oy+r.IntN(h), true)
		}
	case 1: // runs of random length per row, a sprite-like blob
		for y := range h {
			if r.IntN(5) == 0 {
				continue
			}
			a := r.IntN(w)
			m.SetRun(oy+y, ox+a, ox+a+1+r.IntN(w-a), true)
		}
	case 2: // several runs per row
		for y := range h {
			for range r.IntN(4) {
				a := r.IntN(w)
				m.SetRun(oy+y, ox+a, ox+a+1+r.IntN(min(w-a, 6)), true)
			}
		}
	case 3: // a few rows of noise repeated, like dithering
		var rows [][]bool
		for range 1 + r.IntN(3) {
			row := make([]bool, w)
			for x := range row {
				row[x] = r.IntN(2) == 0
			}
			rows = append(rows, row)
		}
		for y := range h {
			for x, v := range rows[y%len(rows)] {
				m.Set(ox+x, oy+y, v)
			}
		}
	default: // noise of random density
		p := r.Float64()
		for y := range h {
			for x := range w {
				m.Set(ox+x, oy+y, r.Float64() < p)
			}
		}
	}
	return m
}

// TestPairsOfPictures checks PairsOf on drawn masks against the naive
// reference, and a rectangle of pixels against its closed form: P ⊕ −P of
// a w×h rectangle is the 2w×2h rectangle.
func TestPairsOfPictures(t *testing.T) {
	for _, c := range []struct {
		name string
		rows []string
	}{
		{"one pixel", []string{"#"}},
		{"one pixel in a frame", []string{"....", "..#.", "...."}},
		{"rectangle", []string{".....", ".###.", ".###.", "....."}},
		{"diagonal", []string{"#..", ".#.", "..#"}},
		{"two apart", []string{"#....#"}},
		{"ring", []string{"#####", "#...#", "#...#", "#####"}},
		{"checkers", []string{"#.#.#", ".#.#.", "#.#.#"}},
		{"L", []string{"#...", "#...", "####"}},
		{"empty", []string{"...", "..."}},
	} {
		t.Run(c.name, func(t *testing.T) {
			m := masktest.Pic(c.rows...)
			if got, want := PairsOf(m).Area, naivePairsArea(m); got != want {
				t.Errorf("PairsOf(\n%v) = %v, want %v", m, got, want)
			}
		})
	}
	for w := 1; w <= 70; w += 23 {
		for h := 1; h <= 5; h++ {
			m := mask.New(w+3, h+2)
			for y := 1; y <= h; y++ {
				m.SetRun(y, 2, 2+w, true)
			}
			if got, want := PairsOf(m).Area, float64(4*w*h); got != want {
				t.Errorf("PairsOf(%dx%d rectangle) = %v, want %v", w, h, got, want)
			}
		}
	}
	// Two pixels far apart: offsets 0 and ±(w−1, 1), three separate
	// 2×2 squares.
	for _, w := range []int{3, 64, 65, 1 << 20} {
		m := mask.New(w, 2)
		m.Set(0, 0, true)
		m.Set(w-1, 1, true)
		if got := PairsOf(m).Area; got != 12 {
			t.Errorf("PairsOf(pixels (0, 0) and (%d, 1)) = %v, want 12", w-1, got)
		}
	}
}

// TestPairsOfMatchesNaive compares PairsOf, looking up pairs of repeated
// rows always and never, with the naive reference on thousands of random
// masks, some wider than a word.
func TestPairsOfMatchesNaive(t *testing.T) {
	r := rand.New(rand.NewPCG(17, 1))
	for i := range 3000 {
		w, h := 1+r.IntN(12), 1+r.IntN(12)
		if i%20 == 0 {
			w, h = 60+r.IntN(100), 1+r.IntN(3)
		}
		m := fpRandomMask(r, w, h)
		want := naivePairsArea(m)
		if got := PairsOf(m).Area; got != want {
			t.Fatalf("case %d: PairsOf(\n%v) = %v, want %v", i, m, got, want)
		}
		for _, heavy := range []int{0, math.MaxInt} {
			if got := float64(2 * supportCells(m, heavy)); got != want {
				t.Fatalf("case %d: supportCells(\n%v, %d) gives area %v, want %v", i, m, heavy, got, want)
			}
		}
	}
}

// TestPairsOfTranslation checks that PairsOf does not depend on where the
// pixels sit in their frame, nor on the frame's size.
func TestPairsOfTranslation(t *testing.T) {
	r := rand.New(rand.NewPCG(17, 2))
	for i := range 500 {
		m := fpRandomMask(r, 1+r.IntN(90), 1+r.IntN(20))
		b := m.Bounds()
		moved := mask.New(b.Dx()+r.IntN(200), b.Dy()+r.IntN(30))
		ox, oy := r.IntN(moved.Width()-b.Dx()+1), r.IntN(moved.Height()-b.Dy()+1)
		moved.Draw(m.Sub(b), ox, oy)
		if got, want := PairsOf(moved), PairsOf(m); got != want {
			t.Fatalf("case %d: PairsOf moved by (%d, %d) = %v, in place %v", i, ox-b.Min.X, oy-b.Min.Y, got, want)
		}
	}
}

// TestPairsOfEmpty checks the documented results for masks with no
// opaque pixel.
func TestPairsOfEmpty(t *testing.T) {
	for _, m := range []*mask.Mask{nil, mask.New(0, 0), mask.New(5, 0), mask.New(0, 5), mask.New(9, 7), {}} {
		if got := PairsOf(m); got != (Pairs{}) {
			t.Errorf("PairsOf(%v) = %v, want the zero Pairs", m, got)
		}
	}
}

// FuzzPairsOf compares PairsOf with the naive reference on masks drawn
// from the fuzzer's bytes: the first byte gives the width, each further
// byte a row of up to 8 pixels. Run longer with
//
//	go test ./verify -run '^$' -fuzz FuzzPairsOf -fuzztime 5m
func FuzzPairsOf(f *testing.F) {
	f.Add([]byte{3, 0b111, 0b101, 0b111})
	f.Add([]byte{8, 0b10101010, 0b01010101})
	f.Add([]byte{1, 1})
	f.Add([]byte{0})
	f.Fuzz(func(t *testing.T, b []byte) {
		if len(b) == 0 || len(b) > 20 {
			return
		}
		w := int(b[0]%8) + 1
		var rows []string
		for _, v := range b[1:] {
			var s strings.Builder
			for x := range w {
				s.WriteByte(".#"[v>>uint(x)&1])
			}
			rows = append(rows, s.String())
		}
		if len(rows) == 0 {
			return
		}
		m := masktest.Pic(rows...)
		if got, want := PairsOf(m).Area, naivePairsArea(m); got != want {
			t.Errorf("PairsOf(\n%v) = %v, want %v", m, got, want)
		}
		if got, want := float64(2*supportCells(m, 0)), naivePairsArea(m); got != want {
			t.Errorf("supportCells(\n%v, 0) gives area %v, want %v", m, got, want)
		}
	})
}

// scanEnvelope is rowSet.envelope's reference: the same figures from a
// scan of every pair of rows dy apart, without the bounds that end it
// early.
func scanEnvelope(rs *rowSet, dy int) (lo, hi, yLo, yHi int) {
	lo, hi = far, -far
	for y := range len(rs.ends) - dy {
		if d := rs.ends[y+dy].first - rs.ends[y].last; d < lo {
			lo, yLo = d, y
		}
		if d := rs.ends[y+dy].last - rs.ends[y].first; d > hi {
			hi, yHi = d, y
		}
	}
	return lo, hi, yLo, yHi
}

// TestEnvelopeMatchesScan checks that envelope, which stops once its
// bounds show the remaining rows cannot matter, gives the full scan's
// figures and rows at every dy: on random masks (tall ones, so that it
// does stop early, and discs and rectangles, where it stops soonest) and
// on the corpus's sprites when the corpus is present.
func TestEnvelopeMatchesScan(t *testing.T) {
	check := func(t *testing.T, name string, m *mask.Mask) {
		t.Helper()
		rs := newRowSet(m)
		for dy := range len(rs.ends) {
			lo, hi, yLo, yHi := rs.envelope(dy)
			wlo, whi, wyLo, wyHi := scanEnvelope(rs, dy)
			if lo != wlo || hi != whi || yLo != wyLo || yHi != wyHi {
				t.Fatalf("%s: envelope(%d) = %d, %d at rows %d, %d; want %d, %d at rows %d, %d",
					name, dy, lo, hi, yLo, yHi, wlo, whi, wyLo, wyHi)
			}
		}
	}
	r := rand.New(rand.NewPCG(17, 3))
	for i := range 600 {
		w, h := 1+r.IntN(60), 1+r.IntN(100)
		m := fpRandomMask(r, w, h)
		switch i % 3 {
		case 1: // a disc
			m = mask.New(w, h)
			cx, cy, rad := float64(w)/2, float64(h)/2, float64(min(w, h))/2
			for y := range h {
				if dx := rad*rad - (float64(y)+0.5-cy)*(float64(y)+0.5-cy); dx >= 0 {
					m.SetRun(y, int(cx-math.Sqrt(dx)), int(math.Ceil(cx+math.Sqrt(dx))), true)
				}
			}
		case 2: // a rectangle, with gaps of empty rows at times
			m = mask.New(w+2, h)
			for y := range h {
				if r.IntN(8) != 0 {
					m.SetRun(y, 1, w+1, true)
				}
			}
		}
		check(t, fmt.Sprintf("random mask %d", i), m)
	}
	t.Run("corpus", func(t *testing.T) {
		for _, s := range fpCorpus(t) {
			if !s.m.Empty() {
				check(t, s.name, s.m)
			}
		}
	})
}

// TestBitRow checks bitRow's set and all, which work a word at a time,
// against a bit at a time, on random ranges of rows up to four words.
func TestBitRow(t *testing.T) {
	r := rand.New(rand.NewPCG(17, 4))
	for i := range 20000 {
		n := 1 + r.IntN(4)
		row, want := make(bitRow, n), make([]bool, 64*n)
		var setLo, setHi int
		for range 1 + r.IntN(4) {
			setLo = r.IntN(64 * n)
			setHi = setLo + r.IntN(64*n-setLo)
			row.set(setLo, setHi)
			for k := setLo; k <= setHi; k++ {
				want[k] = true
			}
		}
		for k, v := range want {
			if got := row[k/64]>>(k%64)&1 == 1; got != v {
				t.Fatalf("case %d: bit %d of %x is %v, want %v", i, k, row, got, v)
			}
		}
		lo := r.IntN(64 * n)
		hi := lo + r.IntN(64*n-lo)
		if i%2 == 0 { // within the last range set: all set
			lo = setLo + r.IntN(setHi-setLo+1)
			hi = lo + r.IntN(setHi-lo+1)
		}
		all := true
		for k := lo; k <= hi; k++ {
			all = all && want[k]
		}
		if got := row.all(lo, hi); got != all {
			t.Fatalf("case %d: %x.all(%d, %d) = %v, want %v", i, row, lo, hi, got, all)
		}
	}
}

// TestPairsOfAllocs checks that PairsOf reuses its memory between calls:
// a sprite's figure allocates nothing once a mask as large was done.
func TestPairsOfAllocs(t *testing.T) {
	if raceDetector {
		t.Skip("allocation counts mean nothing under the race detector (see race_on_test.go)")
	}
	m := masktest.Pic(
		"..####..",
		".######.",
		"##.##.##",
		"########",
		".#....#.",
	)
	if n := testing.AllocsPerRun(100, func() { PairsOf(m) }); n != 0 {
		t.Errorf("PairsOf makes %v allocations, want 0", n)
	}
}
