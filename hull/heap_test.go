package hull

import (
	"math/rand/v2"
	"slices"
	"testing"
)

// intItem is an int ordered by value, for testing minHeap.
type intItem int

func (x intItem) before(y intItem) bool { return x < y }

// TestMinHeap checks pop and replaceTop against a sorted slice over
// seeded random sequences of pushes, pops and replacements (small values,
// so that many are equal).
func TestMinHeap(t *testing.T) {
	rng := rand.New(rand.NewPCG(71, 72))
	for run := range 300 {
		var h minHeap[intItem]
		var want []intItem // sorted
		for step := range 200 {
			switch op := rng.IntN(3); {
			case op == 0 || len(want) == 0:
				x := intItem(rng.IntN(50))
				h.push(x)
				i, _ := slices.BinarySearch(want, x)
				want = slices.Insert(want, i, x)
			case op == 1:
				if got := h.pop(); got != want[0] {
					t.Fatalf("run %d, step %d: pop() = %d, want %d", run, step, got, want[0])
				}
				want = want[1:]
			default:
				x := intItem(rng.IntN(50))
				h.replaceTop(x)
				want = want[1:]
				i, _ := slices.BinarySearch(want, x)
				want = slices.Insert(want, i, x)
			}
			if len(h) != len(want) || len(h) > 0 && h[0] != want[0] {
				t.Fatalf("run %d, step %d: heap of %d, top %v; want %d, top %v", run, step, len(h), h[:min(1, len(h))], len(want), want[:min(1, len(want))])
			}
		}
	}
}
