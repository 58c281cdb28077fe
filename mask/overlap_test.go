package mask

import (
	"image"
	"math/rand/v2"
	"testing"
)

// refOverlap returns what Overlap, OverlapArea and FirstOverlap should:
// pixel by pixel over a, in row-major order.
func refOverlap(a, b *grid, dx, dy int) (area int, first image.Point, found bool) {
	for y := range a.h {
		for x := range a.w {
			if a.at(x, y) && b.at(x-dx, y-dy) {
				if !found {
					first, found = image.Pt(x, y), true
				}
				area++
			}
		}
	}
	return area, first, found
}

func TestOverlap(t *testing.T) {
	a := parse(t,
		"##..",
		"#...",
		"....",
	)
	b := parse(t,
		".#",
		"##",
	)
	tests := []struct {
		name   string
		dx, dy int
		area   int
		first  image.Point
	}{
		{"origin", 0, 0, 2, image.Pt(1, 0)},
		{"left", -1, 0, 2, image.Pt(0, 0)},
		{"down left", -1, 1, 1, image.Pt(0, 1)},
		{"corner touch", -1, -1, 1, image.Pt(0, 0)},
		{"miss right", 1, 0, 0, image.Point{}},
		{"far", 1000, -1000, 0, image.Point{}},
		{"beyond", 4, 0, 0, image.Point{}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := Overlap(a, b, tt.dx, tt.dy); got != (tt.area > 0) {
				t.Errorf("Overlap(a, b, %d, %d) = %v, want %v", tt.dx, tt.dy, got, tt.area > 0)
			}
			if got := OverlapArea(a, b, tt.dx, tt.dy); got != tt.area {
				t.Errorf("OverlapArea(a, b, %d, %d) = %d, want %d", tt.dx, tt.dy, got, tt.area)
			}
			p, ok := FirstOverlap(a, b, tt.dx, tt.dy)
			if ok != (tt.area > 0) || p != tt.first {
				t.Errorf("FirstOverlap(a, b, %d, %d) = %v, %v, want %v, %v", tt.dx, tt.dy, p, ok, tt.first, tt.area > 0)
			}
		})
	}
}

// checkOverlap compares Overlap, OverlapArea, FirstOverlap and Draw of
// a and b at (dx, dy) with the pixel-by-pixel reference.
func checkOverlap(t testing.TB, ga, gb *grid, dx, dy int) {
	t.Helper()
	a, b := ga.mask(), gb.mask()
	area, first, found := refOverlap(ga, gb, dx, dy)
	if got := Overlap(a, b, dx, dy); got != found {
		t.Fatalf("Overlap(%dx%d, %dx%d, %d, %d) = %v, want %v", ga.w, ga.h, gb.w, gb.h, dx, dy, got, found)
	}
	if got := OverlapArea(a, b, dx, dy); got != area {
		t.Fatalf("OverlapArea(%dx%d, %dx%d, %d, %d) = %d, want %d", ga.w, ga.h, gb.w, gb.h, dx, dy, got, area)
	}
	if p, ok := FirstOverlap(a, b, dx, dy); p != first || ok != found {
		t.Fatalf("FirstOverlap(%dx%d, %dx%d, %d, %d) = %v, %v, want %v, %v", ga.w, ga.h, gb.w, gb.h, dx, dy, p, ok, first, found)
	}
	// Draw: a |= b at the offset, clipped to a.
	want := newGrid(ga.w, ga.h)
	for y := range ga.h {
		for x := range ga.w {
			want.set(x, y, ga.at(x, y) || gb.at(x-dx, y-dy))
		}
	}
	a.Draw(b, dx, dy)
	if msg, ok := sameAs(a, want); !ok {
		t.Fatalf("Draw(%dx%d, %d, %d) on %dx%d: %s", gb.w, gb.h, dx, dy, ga.w, ga.h, msg)
	}
}

func TestOverlapProperty(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	for range 6000 {
		ga, gb := randGrid(r), randGrid(r)
		checkOverlap(t, ga, gb, randOffset(r, ga.w, gb.w), randOffset(r, ga.h, gb.h))
	}
}

func TestDrawSelf(t *testing.T) {
	m := parse(t, "#...", "....")
	m.Draw(m, 1, 1)
	if want := parse(t, "#...", ".#.."); !m.Equal(want) {
		t.Errorf("Draw(m, 1, 1) = %q, want %q", m, want)
	}
}

func TestOverlapAllocs(t *testing.T) {
	a, b := checker(200, 150, 0), checker(130, 70, 1)
	for name, f := range map[string]func(){
		"Overlap":      func() { Overlap(a, b, 37, 11) },
		"OverlapArea":  func() { OverlapArea(a, b, -37, 11) },
		"FirstOverlap": func() { FirstOverlap(a, b, 37, -11) },
	} {
		if n := testing.AllocsPerRun(100, f); n != 0 {
			t.Errorf("%s allocates %v times per call, want 0", name, n)
		}
	}
}

// TestOverlapAlignedProperty: offsets that are whole stripes (and one
// pixel either side) take the aligned kernels; masks several stripes wide
// and of every height modulo 4 exercise the four-row steps and their
// tails.
func TestOverlapAlignedProperty(t *testing.T) {
	r := rand.New(rand.NewPCG(15, 64))
	n := 1500
	if testing.Short() {
		n = 150
	}
	for range n {
		ga, gb := randGrid(r), randGrid(r)
		if r.IntN(2) == 0 { // wide masks, sparse enough to miss now and then
			ga, gb = newGrid(64+r.IntN(200), 1+r.IntN(23)), newGrid(64+r.IntN(200), 1+r.IntN(23))
			for _, g := range []*grid{ga, gb} {
				for i := range g.p {
					g.p[i] = r.IntN(40) == 0
				}
			}
		}
		dx := 64*(r.IntN(9)-4) + r.IntN(3) - 1
		checkOverlap(t, ga, gb, dx, randOffset(r, ga.h, gb.h))
	}
}

// TestAnyAnd compares anyAnd (assembly on amd64) with anyAndWords, and
// both with a plain loop, on random slices of every length up to 40 with
// at most one common bit, so that where it lies, or that there is none,
// decides the answer; b is sometimes longer than a.
func TestAnyAnd(t *testing.T) {
	r := rand.New(rand.NewPCG(15, 2))
	for n := range 41 {
		for range 200 {
			a, b := make([]uint64, n), make([]uint64, n+r.IntN(3))
			for i := range a {
				a[i] = r.Uint64()
				b[i] = ^a[i] & r.Uint64()
			}
			for i := n; i < len(b); i++ {
				b[i] = ^uint64(0) // beyond a: must not count
			}
			if n > 0 && r.IntN(2) == 0 {
				i := r.IntN(n)
				bit := uint64(1) << r.IntN(64)
				a[i] |= bit
				b[i] |= bit
			}
			want := false
			for i := range a {
				want = want || a[i]&b[i] != 0
			}
			if got := anyAnd(a, b); got != want {
				t.Errorf("anyAnd(%x, %x) = %v, want %v", a, b, got, want)
			}
			if got := anyAndWords(a, b); got != want {
				t.Errorf("anyAndWords(%x, %x) = %v, want %v", a, b, got, want)
			}
		}
	}
}
