package hull

import (
	"github.com/shapegen/shapegen/collide"
	"github.com/shapegen/shapegen/mask"
)

// ipt is an integer point: hull arithmetic is exact.
type ipt struct{ x, y int64 }

// turn returns the cross product (b-a) x (c-b): positive when a, b, c turn
// the way a polygon with a positive shoelace sum turns.
func turn(a, b, c ipt) int64 {
	return (b.x-a.x)*(c.y-b.y) - (b.y-a.y)*(c.x-b.x)
}

// Convex returns the convex hull of the union of the opaque pixel squares
// of m, with integer vertices, a positive shoelace sum, no repeated vertex
// and no three collinear vertices. It returns nil for an empty mask; one
// pixel gives the unit square and one row or column a rectangle.
//
// Only the corners of the two ends of each row can be hull vertices, so the
// hull is built from them: at each grid line y the leftmost and rightmost
// corner of the rows just above and below it. Those points come sorted by
// y, and Andrew's monotone chain over them (exact int64 cross products)
// builds the right chain top to bottom and the left chain bottom to top.
// The cost is O(height) RowSpan calls.
func Convex(m *mask.Mask) collide.Polygon {
	h := m.Height()
	right := make([]ipt, 0, 16)
	left := make([]ipt, 0, 16)
	// add pushes the extremes of grid line y onto both chains.
	add := func(y, l, r int) {
		pr, pl := ipt{int64(r), int64(y)}, ipt{int64(l), int64(y)}
		for len(right) >= 2 && turn(right[len(right)-2], right[len(right)-1], pr) <= 0 {
			right = right[:len(right)-1]
		}
		right = append(right, pr)
		// The left chain is built top to bottom, the reverse of its order in
		// the polygon, so it keeps the opposite turns.
		for len(left) >= 2 && turn(left[len(left)-2], left[len(left)-1], pl) >= 0 {
			left = left[:len(left)-1]
		}
		left = append(left, pl)
	}
	// pl, pr: the previous row's span as corner x coordinates [pl, pr].
	pl, pr, prev := 0, 0, false
	for y := 0; y < h; y++ {
		l, r, ok := m.RowSpan(y)
		r++
		switch {
		case ok && prev:
			add(y, min(l, pl), max(r, pr))
		case ok:
			add(y, l, r)
		case prev:
			add(y, pl, pr)
		}
		pl, pr, prev = l, r, ok
	}
	if prev {
		add(h, pl, pr)
	}
	if len(right) == 0 {
		return nil
	}
	out := make(collide.Polygon, 0, len(right)+len(left))
	for _, p := range right {
		out = append(out, collide.V(float64(p.x), float64(p.y)))
	}
	for i := len(left) - 1; i >= 0; i-- {
		out = append(out, collide.V(float64(left[i].x), float64(left[i].y)))
	}
	return out
}
