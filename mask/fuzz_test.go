package mask

import (
	"slices"
	"testing"
)

// fuzzGrids decodes two grids from data: four size bytes (mod 140, so
// sizes cross two stripe edges), then the pixels of both, one bit each,
// row-major; missing bytes are clear.
func fuzzGrids(data []byte) (a, b *grid) {
	size := func(i int) int {
		if i < len(data) {
			return int(data[i]) % 140
		}
		return 0
	}
	a, b = newGrid(size(0), size(1)), newGrid(size(2), size(3))
	bit := 0
	for _, g := range []*grid{a, b} {
		for i := range g.p {
			k := 4 + bit/8
			g.p[i] = k < len(data) && data[k]>>(bit%8)&1 != 0
			bit++
		}
	}
	return a, b
}

// FuzzOverlap compares Overlap, OverlapArea, FirstOverlap and Draw with
// the pixel-by-pixel reference. Run it longer with
//
//	go test ./mask -run '^$' -fuzz FuzzOverlap -fuzztime 5m
func FuzzOverlap(f *testing.F) {
	f.Add([]byte{70, 3, 65, 2, 0xff, 0x0f, 0xf0, 0xaa, 0x55, 0xff, 0xff}, 37, 1)
	f.Add([]byte{130, 130, 1, 1, 0x01, 0x80}, -1, 129)
	f.Add([]byte{0, 5, 5, 5, 0xff}, 0, 0)
	f.Fuzz(func(t *testing.T, data []byte, dx, dy int) {
		ga, gb := fuzzGrids(data)
		checkOverlap(t, ga, gb, dx, dy)
	})
}

// FuzzIslands compares Islands, Dilate and Erode with their references.
// Run it longer with
//
//	go test ./mask -run '^$' -fuzz FuzzIslands -fuzztime 5m
func FuzzIslands(f *testing.F) {
	f.Add([]byte{9, 9, 0, 0, 0x81, 0x42, 0x24, 0x18, 0xff, 0x00, 0xf0, 0x0f, 0x99, 0x66}, 2)
	f.Add([]byte{65, 3, 0, 0, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xfe}, 1)
	f.Fuzz(func(t *testing.T, data []byte, r int) {
		g, _ := fuzzGrids(data)
		if g.w > 80 || g.h > 80 {
			return // keep the O(pixels * r^2) reference quick
		}
		r %= 6
		m := g.mask()
		if got, want := m.Islands(), refIslands(g); !slices.EqualFunc(got, want, sameIsland) {
			t.Fatalf("Islands() of %dx%d: %d islands, want %d (or an island differs)", g.w, g.h, len(got), len(want))
		}
		if msg, ok := sameAs(m.Dilate(r), refMorph(g, r, false)); !ok {
			t.Fatalf("Dilate(%d) of %dx%d: %s", r, g.w, g.h, msg)
		}
		if msg, ok := sameAs(m.Erode(r), refMorph(g, r, true)); !ok {
			t.Fatalf("Erode(%d) of %dx%d: %s", r, g.w, g.h, msg)
		}
	})
}
