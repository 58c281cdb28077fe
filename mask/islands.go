package mask

import "image"

// Island is one 8-connected component of a mask: Mask holds exactly its
// pixels, cropped to their bounds, and Offset is where Mask's top-left
// lies in the original mask (so Mask's pixel (x, y) is the original's
// Offset+(x, y)).
type Island struct {
	Offset image.Point
	Mask   *Mask
}

// Islands returns the 8-connected components of m (pixels touching by an
// edge or only by a corner belong together), ordered by their first pixel
// in row-major order (topmost, then leftmost). An empty mask has none.
//
// It labels runs, not pixels: the runs of each row are joined to the runs
// of the row above that they touch, with a union-find.
func (m *Mask) Islands() []Island {
	var runs []Run
	var parent []int
	prev, cur := 0, 0 // runs[prev:cur] is the row above the current one
	for y := range m.h {
		start := len(runs)
		runs = m.AppendRuns(runs, y)
		for i := start; i < len(runs); i++ {
			parent = append(parent, i)
		}
		// Two pointers over the row above and this row, both sorted.
		for i, j := prev, start; i < cur && j < len(runs); {
			a, b := runs[i], runs[j]
			if b.X0 <= a.X1 && a.X0 <= b.X1 { // touch, corners included
				union(parent, i, j)
			}
			if a.X1 < b.X1 {
				i++
			} else {
				j++
			}
		}
		prev, cur = start, len(runs)
	}

	// A root is its island's first run in row-major order, so numbering
	// roots as they come orders the islands by their first pixels.
	var islands []Island
	var bounds []image.Rectangle
	label := make([]int, len(runs))
	for i, r := range runs {
		rect := image.Rect(r.X0, r.Y, r.X1, r.Y+1)
		root := find(parent, i)
		if root == i {
			label[i] = len(islands)
			islands = append(islands, Island{})
			bounds = append(bounds, rect)
			continue
		}
		k := label[root]
		bounds[k] = bounds[k].Union(rect)
		label[i] = k
	}
	for k := range islands {
		islands[k].Offset = bounds[k].Min
		islands[k].Mask = New(bounds[k].Dx(), bounds[k].Dy())
	}
	for i, r := range runs {
		is := islands[label[i]]
		is.Mask.SetRun(r.Y-is.Offset.Y, r.X0-is.Offset.X, r.X1-is.Offset.X, true)
	}
	return islands
}

// find returns the root of i's set, halving the path on the way.
func find(parent []int, i int) int {
	for parent[i] != i {
		parent[i] = parent[parent[i]]
		i = parent[i]
	}
	return i
}

// union joins the sets of i and j under the smaller root, so a root is
// always the set's first run.
func union(parent []int, i, j int) {
	ri, rj := find(parent, i), find(parent, j)
	if ri > rj {
		ri, rj = rj, ri
	}
	parent[rj] = ri
}
