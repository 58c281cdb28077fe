package hull

import (
	"testing"

	"github.com/shapegen/shapegen/mask"
)

// TestOutlineAllocs holds Outline, its scratch kept between calls, to one
// allocation for the list of rings and one for each ring, with and
// without the vertex limit at work (a disc has more vertices than 8).
func TestOutlineAllocs(t *testing.T) {
	if raceDetector {
		t.Skip("allocation counts mean nothing under the race detector (see race_on_test.go)")
	}
	disc := mask.New(40, 40)
	for y := range 40 {
		for x := range 40 {
			dx, dy := float64(x)-19.5, float64(y)-19.5
			disc.Set(x, y, dx*dx+dy*dy < 18*18)
		}
	}
	tests := []struct {
		name  string
		m     *mask.Mask
		opt   OutlineOptions
		rings int
	}{
		{"square", pic("....", ".##.", ".##.", "...."), DefaultOutline, 1},
		{"two islands, one with a hole", pic("###..#", "#.#...", "###..#"), DefaultOutline, 4},
		{"disc over the limit", disc, OutlineOptions{MaxVertices: 8}, 1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := len(Outline(tt.m, tt.opt)); got != tt.rings {
				t.Fatalf("Outline gave %d rings, want %d", got, tt.rings)
			}
			got := testing.AllocsPerRun(100, func() { Outline(tt.m, tt.opt) })
			if want := float64(1 + tt.rings); got != want {
				t.Errorf("Outline(%s) allocates %v times, want %v", tt.name, got, want)
			}
		})
	}
}

// TestGrownDoubles holds grown to growing scratch by doubling (so that a
// run of ever larger masks, as a build meets them, allocates a few times,
// not once each) and to no more room than tracings keeps.
func TestGrownDoubles(t *testing.T) {
	got := testing.AllocsPerRun(10, func() {
		var s []uint8
		for n := 100; n <= 200; n++ {
			s = grown(s, n)
		}
	})
	if got > 2 {
		t.Errorf("grown from 100 to 200 elements one at a time allocates %v times, want at most 2", got)
	}
	s := grown(make([]uint8, 0, maxKept*3/4), maxKept*3/4+1)
	if len(s) != maxKept*3/4+1 || cap(s) > maxKept {
		t.Errorf("grown to %d elements from room for %d: len %d, cap %d, want cap at most %d", maxKept*3/4+1, maxKept*3/4, len(s), cap(s), maxKept)
	}
}
