package hull

import (
	"testing"

	"github.com/shapegen/shapegen/mask"
)

// TestOutlineAllocs holds Outline, its scratch kept between calls, to one
// allocation for the list of rings and one for each ring, with and
// without the vertex limit at work (a disc has more vertices than 8).
func TestOutlineAllocs(t *testing.T) {
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
