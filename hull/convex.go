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

// cross returns a x b, twice the signed area of the triangle 0, a, b.
func cross(a, b ipt) int64 { return a.x*b.y - a.y*b.x }

// chains is the convex hull of pixel rows added top to bottom, kept as
// Andrew's monotone chain: the right chain top to bottom and the left chain
// top to bottom (its reverse is in the polygon), with the shoelace sums
// along each so the area is known after every row.
type chains struct {
	right, left []ipt
	rsum, lsum  int64 // sums of cross(p[i], p[i+1]) along each chain
}

// addRow adds the pixels [l, r] of row y; rows must come in increasing y.
// Only the row's end corners can be hull vertices, so they are all it
// takes: the top two, then the bottom two.
func (c *chains) addRow(y, l, r int) {
	x0, x1, y0 := int64(l), int64(r)+1, int64(y)
	c.push(ipt{x0, y0}, ipt{x1, y0})
	c.push(ipt{x0, y0 + 1}, ipt{x1, y0 + 1})
}

// push adds the point pl to the left chain and pr to the right one.
func (c *chains) push(pl, pr ipt) {
	// Each chain is worked on in locals and stored once.
	right, rsum := c.right, c.rsum
	n := len(right)
	for ; n >= 2 && turn(right[n-2], right[n-1], pr) <= 0; n-- {
		rsum -= cross(right[n-2], right[n-1])
	}
	if n > 0 {
		rsum += cross(right[n-1], pr)
	}
	c.right, c.rsum = append(right[:n], pr), rsum
	// The left chain is built in the reverse of its polygon order, so it
	// keeps the opposite turns.
	left, lsum := c.left, c.lsum
	n = len(left)
	for ; n >= 2 && turn(left[n-2], left[n-1], pl) >= 0; n-- {
		lsum -= cross(left[n-2], left[n-1])
	}
	if n > 0 {
		lsum += cross(left[n-1], pl)
	}
	c.left, c.lsum = append(left[:n], pl), lsum
}

// area2 returns twice the area of the hull so far (0 before any row).
func (c *chains) area2() int64 {
	if len(c.right) == 0 {
		return 0
	}
	r0, r1 := c.right[0], c.right[len(c.right)-1]
	l0, l1 := c.left[0], c.left[len(c.left)-1]
	return c.rsum + cross(r1, l1) - c.lsum + cross(l0, r0)
}

// polygon returns the hull: the right chain down, then the left chain up,
// moved by (dx, dy); nil before any row.
func (c *chains) polygon(dx, dy int64) collide.Polygon {
	if len(c.right) == 0 {
		return nil
	}
	out := make(collide.Polygon, 0, len(c.right)+len(c.left))
	for _, p := range c.right {
		out = append(out, collide.V(float64(p.x+dx), float64(p.y+dy)))
	}
	for i := len(c.left) - 1; i >= 0; i-- {
		out = append(out, collide.V(float64(c.left[i].x+dx), float64(c.left[i].y+dy)))
	}
	return out
}

// Convex returns the convex hull of the union of the opaque pixel squares
// of m, with integer vertices, a positive shoelace sum, no repeated vertex
// and no three collinear vertices. It returns nil for an empty mask; one
// pixel gives the unit square and one row or column a rectangle.
//
// Only the corners of the two ends of each row can be hull vertices, so the
// hull is built from them alone: they come sorted by y, and Andrew's
// monotone chain over them (exact int64 cross products) builds the right
// chain top to bottom and the left chain bottom to top. The cost is
// O(height) RowSpan calls.
func Convex(m *mask.Mask) collide.Polygon {
	c := chains{right: make([]ipt, 0, 16), left: make([]ipt, 0, 16)}
	// Each grid line y gets one point per chain, the extremes of the rows
	// above and below it: half the pushes of addRow.
	pl, pr, prev := 0, 0, false // the row above: corners pl..pr
	for y := range m.Height() + 1 {
		l, r, ok := m.RowSpan(y) // false below the last row
		r++
		x0, x1 := l, r
		if prev && ok {
			x0, x1 = min(l, pl), max(r, pr)
		} else if prev {
			x0, x1 = pl, pr
		}
		if prev || ok {
			c.push(ipt{int64(x0), int64(y)}, ipt{int64(x1), int64(y)})
		}
		pl, pr, prev = l, r, ok
	}
	return c.polygon(0, 0)
}
