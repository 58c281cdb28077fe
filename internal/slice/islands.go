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
// down, for merge in 0..MaxMerge (its reach down is kept in arrays of
// that size: past it, rows further up are not looked at). It returns
// each group's box and pixel count in the order of their first pixels,
// or false past maxRuns runs (checked a row at a time, as they are
// stored).
//
// It labels the runs as it reads them, with a union-find over sets: a run
// that reaches no earlier run starts a set, any other joins the sets of
// the runs it reaches, and each set's root holds its box and pixel count
// so far. Two sets join under the older root, so the roots left at the
// end are in the order of their groups' first runs.
func label(m *mask.Mask, merge int) ([]island, bool) {
	h := m.Height()
	lm := labelPool.Get().(*labelMemory)
	defer lm.put()
	runs, set := lm.runs[:0], lm.set[:0]      // run i is in set set[i], or in a set it has joined
	start := slices.Grow(lm.start[:0], h)[:h] // row y's runs start at runs[start[y]]
	parent, sets := lm.parent[:0], lm.sets[:0]
	defer func() { lm.runs, lm.set, lm.start, lm.parent, lm.sets = runs, set, start, parent, sets }()
	// Row y-1-d is within reach for d < reach; its runs end at end[d],
	// and next[d] is its first run that may reach the current run: the
	// runs of a row that reach a run are consecutive, and a run that
	// ends out of one run's reach is out of the next's too.
	var next, end [MaxMerge + 1]int
	live := 0 // sets not joined to another
	for y := range h {
		start[y] = len(runs)
		if runs = m.AppendRuns(runs, y); len(runs) > maxRuns {
			return nil, false
		}
		reach := min(y, merge+1, len(next))
		for d := range reach {
			next[d], end[d] = start[y-1-d], start[y-d]
		}
		for i := start[y]; i < len(runs); i++ {
			r := runs[i]
			root := -1 // of the set r joins, if any yet
			if i > start[y] && r.X0-runs[i-1].X1 <= merge {
				root = find(parent, set[i-1])
			}
			// Once r has joined a set and no other is left, the rows
			// above can change nothing.
			for d := 0; d < reach && (root < 0 || live > 1); d++ {
				rs, ss := runs[:end[d]], set[:end[d]]
				j := next[d]
				for j < len(rs) && rs[j].X1+merge < r.X0 {
					j++
				}
				next[d] = j
				for ; j < len(rs) && rs[j].X0-merge <= r.X1; j++ {
					if s := ss[j]; s != root {
						if s = find(parent, s); root < 0 {
							root = s
						} else if s != root {
							root, live = union(parent, sets, root, s), live-1
						}
					}
				}
			}
			if root < 0 {
				root, live = len(parent), live+1
				parent = append(parent, root)
				sets = append(sets, island{box: image.Rect(r.X0, y, r.X1, y+1), pixels: r.X1 - r.X0})
			} else {
				// The set began at row y or above, and no row below
				// has been read: only the box's sides and bottom grow.
				g := &sets[root]
				g.box.Min.X, g.box.Max.X, g.box.Max.Y = min(g.box.Min.X, r.X0), max(g.box.Max.X, r.X1), y+1
				g.pixels += r.X1 - r.X0
			}
			set = append(set, root)
		}
	}
	var groups []island
	for i, p := range parent {
		if p == i {
			groups = append(groups, sets[i])
		}
	}
	return groups, true
}

// labelMemory is label's working memory, reused: a build labels every
// image that it does not slice otherwise, for a hint, and this memory
// was an eighth of all a build allocated.
type labelMemory struct {
	runs               []mask.Run
	set, start, parent []int
	sets               []island
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

// union joins the sets of roots a != b under the smaller, which then
// holds both sets' box and pixel count, and returns it.
func union(parent []int, sets []island, a, b int) int {
	if a > b {
		a, b = b, a
	}
	parent[b] = a
	sets[a].add(sets[b])
	return a
}

// add grows g by o: the box that holds both boxes, and both pixel
// counts. Neither box is empty, which lets it skip Union's tests.
func (g *island) add(o island) {
	g.box.Min.X, g.box.Min.Y = min(g.box.Min.X, o.box.Min.X), min(g.box.Min.Y, o.box.Min.Y)
	g.box.Max.X, g.box.Max.Y = max(g.box.Max.X, o.box.Max.X), max(g.box.Max.Y, o.box.Max.Y)
	g.pixels += o.pixels
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
