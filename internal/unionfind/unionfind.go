// Package unionfind is a disjoint-set forest over indexes, each set's
// root its least index: mask.Islands and internal/slice join runs with it.
package unionfind

// Find returns the root of i's set in the forest parent (parent[i] == i
// at a root), halving the path on the way.
func Find(parent []int, i int) int {
	for parent[i] != i {
		parent[i] = parent[parent[i]]
		i = parent[i]
	}
	return i
}

// Union joins the sets of i and j under the smaller root, so a root is
// always the least index of its set.
func Union(parent []int, i, j int) {
	ri, rj := Find(parent, i), Find(parent, j)
	if ri > rj {
		ri, rj = rj, ri
	}
	parent[rj] = ri
}
