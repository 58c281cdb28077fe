package hull

import (
	"image"

	"github.com/shapegen/shapegen/collide"
	"github.com/shapegen/shapegen/mask"
)

// Pieces returns at most maxPieces convex polygons of at most k vertices
// each whose union contains every opaque pixel square of m: a convex
// decomposition for concave sprites. It returns nil for an empty mask and
// panics when maxPieces < 1 or k < 3 (programmer errors).
//
// The pixels are split by straight cuts between rows or between columns,
// each piece being the pixels of a rectangle of m. Starting from the whole
// mask, Pieces repeatedly makes the one cut that lowers the total hull
// area the most, over every piece and every cut of it, while that saves at
// least one square pixel. The hull area of every prefix and suffix of a
// piece's rows comes from one incremental monotone chain each way, so a
// piece costs O(width + height) to search. Each piece is then the hull of
// its pixels cut down by Reduce(hull, k), so it contains them.
//
// A convex mask stays one piece: the hull itself, reduced to k vertices.
func Pieces(m *mask.Mask, maxPieces, k int) []collide.Polygon {
	if maxPieces < 1 || k < 3 {
		panic("hull.Pieces: maxPieces < 1 or k < 3")
	}
	b := m.Bounds()
	if b.Empty() {
		return nil
	}
	ps := []piece{newPiece(m, b)}
	for len(ps) < maxPieces {
		best := -1
		for i := range ps {
			if ps[i].gain >= 2 && (best < 0 || ps[i].gain > ps[best].gain) {
				best = i
			}
		}
		if best < 0 {
			break
		}
		p := ps[best]
		ps[best] = newPiece(m, p.cutA)
		ps = append(ps, newPiece(m, p.cutB))
	}
	out := make([]collide.Polygon, 0, len(ps))
	for _, p := range ps {
		out = append(out, Reduce(p.hull, k))
	}
	return out
}

// piece is the opaque pixels of m inside r (r tight around them), its
// hull, and its best cut into the pixels inside cutA and inside cutB,
// which lowers twice the hull area by gain (0: no cut helps).
type piece struct {
	hull       collide.Polygon
	cutA, cutB image.Rectangle
	gain       int64
}

// newPiece returns the piece of m's pixels inside r, with its best cut.
func newPiece(m *mask.Mask, r image.Rectangle) piece {
	sub := m.Sub(r)
	tight := sub.Bounds()
	sub, r = sub.Sub(tight), tight.Add(r.Min)
	p := piece{}
	var c chains
	for y := range sub.Height() {
		if l, rt, ok := sub.RowSpan(y); ok {
			c.addRow(y, l, rt)
		}
	}
	p.hull = c.polygon(int64(r.Min.X), int64(r.Min.Y))
	whole := c.area2()
	// Cuts between rows, then between columns (rows of the transpose).
	if y, g := bestCut(sub, whole); g > p.gain {
		p.gain = g
		p.cutA = image.Rect(r.Min.X, r.Min.Y, r.Max.X, r.Min.Y+y)
		p.cutB = image.Rect(r.Min.X, r.Min.Y+y, r.Max.X, r.Max.Y)
	}
	if x, g := bestCut(sub.Transpose(), whole); g > p.gain {
		p.gain = g
		p.cutA = image.Rect(r.Min.X, r.Min.Y, r.Min.X+x, r.Max.Y)
		p.cutB = image.Rect(r.Min.X+x, r.Min.Y, r.Max.X, r.Max.Y)
	}
	return p
}

// bestCut returns the row y (0 < y < height) that splits m's pixels into
// rows [0, y) and [y, height) with the least sum of twice the hull areas,
// and how much lower that sum is than whole (twice the area of the hull
// of all of m). It returns 0, 0 when no cut helps.
func bestCut(m *mask.Mask, whole int64) (int, int64) {
	h := m.Height()
	// below[y]: twice the hull area of rows [y, h), built bottom up on the
	// rows mirrored (y -> -y), which keeps the areas.
	below := make([]int64, h+1)
	var c chains
	for y := h - 1; y >= 0; y-- {
		if l, r, ok := m.RowSpan(y); ok {
			c.addRow(-y-1, l, r)
		}
		below[y] = c.area2()
	}
	bestY, bestGain := 0, int64(0)
	c = chains{}
	for y := 1; y < h; y++ {
		if l, r, ok := m.RowSpan(y - 1); ok {
			c.addRow(y-1, l, r)
		}
		if g := whole - c.area2() - below[y]; g > bestGain {
			bestY, bestGain = y, g
		}
	}
	return bestY, bestGain
}
