package slice

import (
	"fmt"
	"image"
	"slices"
	"sort"
	"strconv"
	"sync"

	"github.com/shapegen/shapegen/internal/atlas"
	"github.com/shapegen/shapegen/internal/plural"
	"github.com/shapegen/shapegen/mask"
)

// MaxMerge bounds IslandOptions.Merge; maxRuns bounds the runs of opaque
// pixels an image may have for Islands to label them.
const (
	MaxMerge = 64
	maxRuns  = 1 << 20
)

// IslandOptions say how Islands groups pixels.
type IslandOptions struct {
	// MinSize drops islands whose box is narrower and shorter than
	// MinSize pixels (specks); 0 keeps every island.
	MinSize int
	// Merge joins islands whose pixels come within Merge transparent
	// pixels of each other, across or down (Chebyshev distance Merge+1
	// between pixel centres); 0 is plain 8-connectivity. It is clamped to
	// 0..MaxMerge.
	Merge int
}

// island is a group's box and pixel count.
type island struct {
	box    image.Rectangle
	pixels int
}

// Islands slices m's image into its islands: each group of opaque pixels
// connected through steps of at most Merge+1 pixels across and down
// (8-connectivity when Merge is 0), without the ones smaller than
// MinSize in both width and height; boxes that then overlap are joined,
// so no frame holds part of another. Frames are the boxes (untrimmed,
// upright), sorted row by row: a row starts with the topmost remaining
// box and takes every box that starts above the bottom of the boxes
// taken so far; within a row, left to right. Not clear when there are
// fewer than 2 islands or more than MaxCells.
func Islands(m *mask.Mask, opt IslandOptions) Result {
	groups, ok := label(m, min(max(opt.Merge, 0), MaxMerge))
	if !ok {
		return notClear("too many separate runs of pixels to slice by islands")
	}
	var boxes []image.Rectangle
	dropped := 0
	for _, g := range groups {
		if g.box.Dx() < opt.MinSize && g.box.Dy() < opt.MinSize {
			dropped++
			continue
		}
		boxes = append(boxes, g.box)
	}
	if len(boxes) > MaxCells {
		return notClear("%s, over the limit of %d", plural.Count(len(boxes), "island"), MaxCells)
	}
	boxes = joinOverlaps(boxes)
	if len(boxes) < 2 {
		return notClear("%s (merge %d, min size %d); nothing to slice", plural.Count(len(boxes), "island"), opt.Merge, opt.MinSize)
	}
	rowOrder(boxes)
	fs := make([]atlas.Frame, len(boxes))
	for i, b := range boxes {
		fs[i] = atlas.Frame{Name: strconv.Itoa(i), Rect: b, Size: b.Size()}
	}
	why := fmt.Sprintf("%s (merge %d, min size %d)", plural.Count(len(fs), "island"), opt.Merge, opt.MinSize)
	if dropped > 0 {
		why += fmt.Sprintf(", %s dropped", plural.Count(dropped, "speck"))
	}
	return Result{Frames: fs, Why: why}
}

// LooksLikeIslands reports whether m looks like a sheet of separate
// sprites: at least 3 islands (merge 1) of at least MinCell x MinCell
// that together hold at least 90% of the opaque pixels. The line says
// so, for a hint that islands slicing would cut it.
func LooksLikeIslands(m *mask.Mask) (bool, string) {
	groups, ok := label(m, 1)
	if !ok {
		return false, "too many separate runs of pixels"
	}
	n, big, all := 0, 0, 0
	for _, g := range groups {
		all += g.pixels
		if g.box.Dx() >= MinCell && g.box.Dy() >= MinCell {
			n++
			big += g.pixels
		}
	}
	if n >= 3 && 10*big >= 9*all {
		return true, fmt.Sprintf("looks like a sheet of %d separate sprites; slice it by islands to cut them", n)
	}
	return false, plural.Count(n, "island") + notIslands
}

// notIslands ends the line of LooksLikeIslands for an image that is not
// a sheet of islands, made once: a build asks of nearly every image, and
// formatting the line there took one of the question's four allocations.
var notIslands = fmt.Sprintf(" of at least %dx%d; not a sheet of islands", MinCell, MinCell)

// label groups m's opaque pixels: two runs belong together when they come
// within merge transparent pixels of each other across and merge rows
// down. It returns each group's box and pixel count in the order of
// their first pixels, or false past maxRuns runs (checked a row at a
// time, as they are stored).
func label(m *mask.Mask, merge int) ([]island, bool) {
	h := m.Height()
	lm := labelPool.Get().(*labelMemory)
	defer lm.put()
	runs := lm.runs[:0]
	start := slices.Grow(lm.start[:0], h+1)[:h+1] // runs of row y are runs[start[y]:start[y+1]]
	parent := lm.parent[:0]
	defer func() { lm.runs, lm.start, lm.parent = runs, start, parent }()
	for y := range h {
		start[y] = len(runs)
		if runs = m.AppendRuns(runs, y); len(runs) > maxRuns {
			return nil, false
		}
		for i := start[y]; i < len(runs); i++ {
			parent = append(parent, i)
			if i > start[y] && runs[i].X0-runs[i-1].X1 <= merge {
				union(parent, i-1, i)
			}
		}
		// Rows above within reach: for each run, the runs of that row
		// whose reach overlaps it are consecutive.
		for yy := max(0, y-merge-1); yy < y; yy++ {
			lo := start[yy]
			for i := start[y]; i < len(runs); i++ {
				b := runs[i]
				for lo < start[yy+1] && runs[lo].X1+merge < b.X0 {
					lo++
				}
				for j := lo; j < start[yy+1] && runs[j].X0-merge <= b.X1; j++ {
					union(parent, j, i)
				}
			}
		}
	}
	start[h] = len(runs)
	// A set's root is its first run (union), so it comes before the
	// others. Each run's root is found in order and kept in parent; then
	// a root's entry holds its group's number instead (negated, -1-g),
	// which the runs after it read through their root.
	for i := range parent {
		parent[i] = find(parent, i)
	}
	var groups []island
	for i, r := range runs {
		box := image.Rect(r.X0, r.Y, r.X1, r.Y+1)
		if root := parent[i]; root != i {
			g := &groups[-1-parent[root]]
			g.box, g.pixels = g.box.Union(box), g.pixels+r.X1-r.X0
			continue
		}
		parent[i] = -1 - len(groups)
		groups = append(groups, island{box: box, pixels: r.X1 - r.X0})
	}
	return groups, true
}

// labelMemory is label's working memory, reused: a build labels every
// image that it does not slice otherwise, for a hint, and this memory
// was an eighth of all a build allocated.
type labelMemory struct {
	runs          []mask.Run
	start, parent []int
}

var labelPool = sync.Pool{New: func() any { return new(labelMemory) }}

// keepRuns bounds the runs of the memory put back in labelPool: a larger
// image's goes.
const keepRuns = 1 << 16

func (lm *labelMemory) put() {
	if cap(lm.runs) <= keepRuns && cap(lm.start) <= keepRuns {
		labelPool.Put(lm)
	}
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
// its set's first run.
func union(parent []int, i, j int) {
	ri, rj := find(parent, i), find(parent, j)
	if ri > rj {
		ri, rj = rj, ri
	}
	parent[rj] = ri
}

// joinOverlaps joins boxes that share a pixel until none do. Each pass
// sweeps the boxes left to right and compares each with the joined boxes
// that reach past its left edge only.
func joinOverlaps(boxes []image.Rectangle) []image.Rectangle {
	for changed := true; changed; {
		changed = false
		sort.Slice(boxes, func(i, j int) bool { return boxes[i].Min.X < boxes[j].Min.X })
		out := boxes[:0]
		var active []int // indexes into out that may reach the next box
		for _, b := range boxes {
			live := active[:0]
			joined := false
			for _, k := range active {
				if out[k].Max.X <= b.Min.X {
					continue // ends before b and every later box
				}
				live = append(live, k)
				if !joined && out[k].Overlaps(b) {
					out[k], joined, changed = out[k].Union(b), true, true
				}
			}
			active = live
			if !joined {
				out = append(out, b)
				active = append(active, len(out)-1)
			}
		}
		boxes = out
	}
	return boxes
}

// rowOrder sorts boxes row by row (see Islands).
func rowOrder(boxes []image.Rectangle) {
	sort.Slice(boxes, func(i, j int) bool {
		a, b := boxes[i].Min, boxes[j].Min
		return a.Y < b.Y || a.Y == b.Y && a.X < b.X
	})
	for i := 0; i < len(boxes); {
		bottom, j := boxes[i].Max.Y, i+1
		for j < len(boxes) && boxes[j].Min.Y < bottom {
			bottom = max(bottom, boxes[j].Max.Y)
			j++
		}
		row := boxes[i:j]
		sort.Slice(row, func(a, b int) bool { return row[a].Min.X < row[b].Min.X })
		i = j
	}
}
