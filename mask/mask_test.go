package mask

import (
	"image"
	"math/rand/v2"
	"strings"
	"testing"
)

// parse returns the mask drawn by rows: '#' is a set pixel, '.' a clear
// one; every row must have the same length.
func parse(t testing.TB, rows ...string) *Mask {
	t.Helper()
	w := 0
	if len(rows) > 0 {
		w = len(rows[0])
	}
	m := New(w, len(rows))
	for y, row := range rows {
		if len(row) != w {
			t.Fatalf("parse: row %d has %d pixels, want %d", y, len(row), w)
		}
		for x, c := range row {
			switch c {
			case '#':
				m.Set(x, y, true)
			case '.':
			default:
				t.Fatalf("parse: row %d has %q, want '#' or '.'", y, c)
			}
		}
	}
	return m
}

// grid is the naive reference: one bool per pixel, row-major.
type grid struct {
	w, h int
	p    []bool
}

func newGrid(w, h int) *grid { return &grid{w, h, make([]bool, w*h)} }

// at reports whether (x, y) is set; pixels outside g are not.
func (g *grid) at(x, y int) bool {
	return x >= 0 && y >= 0 && x < g.w && y < g.h && g.p[y*g.w+x]
}

func (g *grid) set(x, y int, v bool) {
	if x >= 0 && y >= 0 && x < g.w && y < g.h {
		g.p[y*g.w+x] = v
	}
}

// mask builds the Mask of g with Set, one pixel at a time.
func (g *grid) mask() *Mask {
	m := New(g.w, g.h)
	for y := range g.h {
		for x := range g.w {
			if g.at(x, y) {
				m.Set(x, y, true)
			}
		}
	}
	return m
}

// sameAs reports whether m holds exactly the pixels of g, and describes
// the first difference when it does not.
func sameAs(m *Mask, g *grid) (string, bool) {
	if m.Width() != g.w || m.Height() != g.h {
		return "size " + m.Size().String() + ", want " + image.Pt(g.w, g.h).String(), false
	}
	for y := range g.h {
		for x := range g.w {
			if m.Get(x, y) != g.at(x, y) {
				return "pixel " + image.Pt(x, y).String() + " differs", false
			}
		}
	}
	// Bits beyond the width must stay clear: Count sees them.
	n := 0
	for _, v := range g.p {
		if v {
			n++
		}
	}
	if m.Count() != n {
		return "stray bits beyond the width", false
	}
	return "", true
}

// testSizes are the widths and heights the property tests draw from: the
// edges of the 64-pixel stripes.
var testSizes = []int{0, 1, 2, 5, 63, 64, 65, 127, 128, 130}

// randGrid returns a random grid of a random test size: noise of a random
// density, or a few filled rectangles (which make islands and holes).
func randGrid(r *rand.Rand) *grid {
	g := newGrid(testSizes[r.IntN(len(testSizes))], testSizes[r.IntN(len(testSizes))])
	if g.w == 0 || g.h == 0 {
		return g
	}
	if r.IntN(2) == 0 {
		density := r.Float64()
		for i := range g.p {
			g.p[i] = r.Float64() < density
		}
		return g
	}
	for range r.IntN(6) {
		x0, y0 := r.IntN(g.w), r.IntN(g.h)
		x1, y1 := x0+r.IntN(g.w-x0)+1, y0+r.IntN(g.h-y0)+1
		v := r.IntN(4) != 0
		for y := y0; y < y1; y++ {
			for x := x0; x < x1; x++ {
				g.set(x, y, v)
			}
		}
	}
	return g
}

// randOffset returns an offset that places b (size n) anywhere from fully
// left of a (size m) to fully right of it, sometimes far away.
func randOffset(r *rand.Rand, m, n int) int {
	if r.IntN(20) == 0 {
		return r.IntN(1000) - 500
	}
	return r.IntN(m+n+3) - n - 1
}

func TestParse(t *testing.T) {
	m := parse(t, "..##..", ".#..#.")
	if got, want := m.String(), "..##..\n.#..#.\n"; got != want {
		t.Errorf("String() = %q, want %q", got, want)
	}
	if got, want := m.Size(), image.Pt(6, 2); got != want {
		t.Errorf("Size() = %v, want %v", got, want)
	}
}

func TestZeroValue(t *testing.T) {
	var z Mask
	for _, m := range []*Mask{&z, New(0, 0), New(-3, 5), New(5, 0), New(0, 7)} {
		if m.Count() != 0 || !m.Empty() || m.Bounds() != (image.Rectangle{}) || m.Get(0, 0) {
			t.Errorf("%dx%d mask: Count %d, Empty %v, Bounds %v, want 0, true, zero", m.Width(), m.Height(), m.Count(), m.Empty(), m.Bounds())
		}
		m.Set(0, 0, true)
		m.SetRun(0, -5, 5, true)
		if _, _, ok := m.RowSpan(0); ok {
			t.Errorf("RowSpan(0) of a %dx%d mask found a pixel", m.Width(), m.Height())
		}
		full := parse(t, "##", "##")
		for _, f := range []func() bool{
			func() bool { return Overlap(m, full, 0, 0) || Overlap(full, m, 0, 0) },
			func() bool { return OverlapArea(m, full, 0, 0)+OverlapArea(full, m, 1, 1) != 0 },
			func() bool { _, ok := FirstOverlap(m, full, 0, 0); return ok },
			func() bool { return len(m.Islands()) != 0 },
			func() bool { return !m.Dilate(3).Equal(m) || !m.Erode(3).Equal(m) },
			func() bool { return !m.Clone().Equal(m) || m.Sub(image.Rect(-1, -1, 1, 1)).Count() != 0 },
		} {
			if f() {
				t.Errorf("an operation on a %dx%d mask found a pixel", m.Width(), m.Height())
			}
		}
	}
}

func TestBasicsProperty(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for i := range 3000 {
		g := randGrid(r)
		m := g.mask()
		if msg, ok := sameAs(m, g); !ok {
			t.Fatalf("case %d: Set/Get: %s", i, msg)
		}
		n, want := 0, image.Rectangle{}
		for y := range g.h {
			l, rt, ok := m.RowSpan(y)
			wl, wr, wok := -1, -1, false
			for x := range g.w {
				if g.at(x, y) {
					if !wok {
						wl, wok = x, true
					}
					wr = x
					n++
					px := image.Rect(x, y, x+1, y+1)
					if want.Empty() {
						want = px
					} else {
						want = want.Union(px)
					}
				}
			}
			if ok != wok || ok && (l != wl || rt != wr) {
				t.Fatalf("case %d: RowSpan(%d) = %d, %d, %v, want %d, %d, %v", i, y, l, rt, ok, wl, wr, wok)
			}
		}
		if got := m.Count(); got != n {
			t.Fatalf("case %d: Count() = %d, want %d", i, got, n)
		}
		if got := m.Empty(); got != (n == 0) {
			t.Fatalf("case %d: Empty() = %v, want %v", i, got, n == 0)
		}
		if got := m.Bounds(); got != want {
			t.Fatalf("case %d: Bounds() = %v, want %v", i, got, want)
		}
		if c := m.Clone(); !c.Equal(m) || (len(c.bits) > 0 && &c.bits[0] == &m.bits[0]) {
			t.Fatalf("case %d: Clone() is not an independent equal copy", i)
		}
	}
}

func TestSetRunProperty(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	for i := range 3000 {
		g := randGrid(r)
		m := g.mask()
		y := r.IntN(g.h+2) - 1
		x0 := randOffset(r, g.w, 10)
		x1 := x0 + r.IntN(150) - 5
		v := r.IntN(2) == 0
		m.SetRun(y, x0, x1, v)
		for x := x0; x < x1; x++ {
			g.set(x, y, v)
		}
		if msg, ok := sameAs(m, g); !ok {
			t.Fatalf("case %d: SetRun(%d, %d, %d, %v) on %dx%d: %s", i, y, x0, x1, v, g.w, g.h, msg)
		}
	}
}

func TestEqual(t *testing.T) {
	tests := []struct {
		name string
		a, b *Mask
		want bool
	}{
		{"same", parse(t, "#.", ".#"), parse(t, "#.", ".#"), true},
		{"pixel", parse(t, "#.", ".#"), parse(t, "#.", "##"), false},
		{"size", parse(t, "#.", ".."), parse(t, "#..", "..."), false},
		{"empty sizes", New(0, 3), New(3, 0), false},
		{"zero", New(0, 0), &Mask{}, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := tt.a.Equal(tt.b); got != tt.want {
				t.Errorf("Equal(%q, %q) = %v, want %v", tt.a, tt.b, got, tt.want)
			}
		})
	}
}

func TestString(t *testing.T) {
	m := New(3, 2)
	m.Set(2, 1, true)
	if got, want := m.String(), "...\n..#\n"; got != want {
		t.Errorf("String() = %q, want %q", got, want)
	}
	if got := strings.Count(New(0, 4).String(), "\n"); got != 4 {
		t.Errorf("String() of a 0x4 mask has %d lines, want 4", got)
	}
}

func TestAppendRow(t *testing.T) {
	r := rand.New(rand.NewPCG(21, 22))
	for _, w := range []int{0, 1, 63, 64, 65, 130} {
		m := New(w, 3)
		for y := range 3 {
			for x := range w {
				m.Set(x, y, r.IntN(2) == 1)
			}
		}
		for y := -1; y <= 3; y++ {
			got := m.AppendRow([]uint64{7}, y)
			if len(got) != 1+(w+63)/64 || got[0] != 7 {
				t.Fatalf("%d wide, row %d: AppendRow gave %d words after the prefix %v", w, y, len(got)-1, got[:min(1, len(got))])
			}
			for x := range 64 * len(got[1:]) {
				if bit := got[1+x/64]>>(x%64)&1 == 1; bit != m.Get(x, y) {
					t.Fatalf("%d wide, row %d: pixel %d is %v in the row words, %v in the mask", w, y, x, bit, m.Get(x, y))
				}
			}
		}
	}
}

func TestOrRow(t *testing.T) {
	r := rand.New(rand.NewPCG(23, 24))
	for _, w := range []int{0, 1, 63, 64, 65, 130} {
		for _, n := range []int{0, 1, 2, 3} { // words given, fewer or more than the stripes
			m, want := New(w, 3), New(w, 3)
			for y := range 3 {
				for x := range w {
					if r.IntN(2) == 1 {
						m.Set(x, y, true)
						want.Set(x, y, true)
					}
				}
			}
			words := make([]uint64, n)
			for i := range words {
				words[i] = r.Uint64()
			}
			for x := range min(64*n, w) {
				if words[x/64]>>(x%64)&1 == 1 {
					want.Set(x, n%3, true)
				}
			}
			m.OrRow(n%3, words)
			m.OrRow(-1, words)
			m.OrRow(3, words)
			if !m.Equal(want) {
				t.Fatalf("%d wide, %d words %x: OrRow gave\n%v, want\n%v", w, n, words, m, want)
			}
		}
	}
}
