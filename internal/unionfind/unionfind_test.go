package unionfind

import (
	"math/rand/v2"
	"testing"
)

// TestUnion joins random pairs and compares the sets with labels kept the
// slow way (relabel every member on each join); each root must be its
// set's least index.
func TestUnion(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	const n = 200
	parent, label := make([]int, n), make([]int, n)
	for i := range n {
		parent[i], label[i] = i, i
	}
	for range 300 {
		i, j := rng.IntN(n), rng.IntN(n)
		Union(parent, i, j)
		if a, b := label[i], label[j]; a != b {
			for k := range label {
				if label[k] == b {
					label[k] = a
				}
			}
		}
		for k := range n {
			root := Find(parent, k)
			for m := range n {
				if (label[m] == label[k]) != (Find(parent, m) == root) {
					t.Fatalf("%d and %d: same set %v by labels, roots %d and %d", k, m, label[m] == label[k], root, Find(parent, m))
				}
				if label[m] == label[k] && m < root {
					t.Fatalf("root %d of %d is not its set's least index (%d)", root, k, m)
				}
			}
		}
	}
}
