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
func (c *chains) addRow(y, l, r int) { c.apply(c.tryRow(y, l, r)) }

// rowTry is what adding the row of pixels x0 <= x < x1 at y would do to
// chains, found without changing them: the same pops and sums as the two
// pushes of addRow.
type rowTry struct {
	x0, x1, y   int64
	right, left chainTry
}

// chainTry is rowTry for one chain: it keeps its first n points, then gets
// the row's top corner (when top holds) and its bottom corner, and has the
// sum given.
type chainTry struct {
	n   int
	top bool
	sum int64
}

// tryRow returns what addRow(y, l, r) would do, reading c only.
func (c *chains) tryRow(y, l, r int) rowTry {
	x0, x1, y0 := int64(l), int64(r)+1, int64(y)
	return rowTry{
		x0: x0, x1: x1, y: y0,
		right: extend(c.right, c.rsum, ipt{x1, y0}, ipt{x1, y0 + 1}, 1),
		left:  extend(c.left, c.lsum, ipt{x0, y0}, ipt{x0, y0 + 1}, -1),
	}
}

// area2After returns twice the area c would have after t, as area2 would
// return it after apply(t).
func (c *chains) area2After(t rowTry) int64 {
	r0, l0 := ipt{t.x1, t.y}, ipt{t.x0, t.y} // the first points when the chains are empty
	if len(c.right) > 0 {
		r0, l0 = c.right[0], c.left[0]
	}
	return t.right.sum + cross(ipt{t.x1, t.y + 1}, ipt{t.x0, t.y + 1}) - t.left.sum + cross(l0, r0)
}

// apply makes the change t, which must come from c.tryRow with c unchanged
// since.
func (c *chains) apply(t rowTry) {
	c.right, c.rsum = t.right.appendTo(c.right, t.x1, t.y), t.right.sum
	c.left, c.lsum = t.left.appendTo(c.left, t.x0, t.y), t.left.sum
}

// appendTo returns ch with t's change made, x the row's end on its side.
func (t chainTry) appendTo(ch []ipt, x, y int64) []ipt {
	ch = ch[:t.n]
	if t.top {
		ch = append(ch, ipt{x, y})
	}
	return append(ch, ipt{x, y + 1})
}

// extend returns what pushing p, then q onto the chain ch of sum sum does,
// as push does it (sign 1 for the right chain, -1 for the left), without
// changing ch: ch[:n] stays, and p may be popped by q.
func extend(ch []ipt, sum int64, p, q ipt, sign int64) chainTry {
	n := len(ch)
	if n == 0 { // p is the chain's first point, and q cannot pop it
		return chainTry{0, true, sum + cross(p, q)}
	}
	// b is the chain's last point left, kept while popping.
	b := ch[n-1]
	for ; n >= 2; n-- {
		a := ch[n-2]
		if sign*turn(a, b, p) > 0 {
			break
		}
		sum -= cross(a, b)
		b = a
	}
	if sign*turn(b, p, q) > 0 {
		return chainTry{n, true, sum + cross(b, p) + cross(p, q)}
	}
	for ; n >= 2; n-- {
		a := ch[n-2]
		if sign*turn(a, b, q) > 0 {
			break
		}
		sum -= cross(a, b)
		b = a
	}
	return chainTry{n, false, sum + cross(b, q)}
}

// push adds the point pl to the left chain and pr to the right one.
func (c *chains) push(pl, pr ipt) {
	// Each chain is worked on in locals and stored once; b is its last
	// point, kept while popping.
	right, rsum := c.right, c.rsum
	if n := len(right); n > 0 {
		b := right[n-1]
		for ; n >= 2; n-- {
			a := right[n-2]
			if turn(a, b, pr) > 0 {
				break
			}
			rsum -= cross(a, b)
			b = a
		}
		rsum += cross(b, pr)
		right = right[:n]
	}
	c.right, c.rsum = append(right, pr), rsum
	// The left chain is built in the reverse of its polygon order, so it
	// keeps the opposite turns.
	left, lsum := c.left, c.lsum
	if n := len(left); n > 0 {
		b := left[n-1]
		for ; n >= 2; n-- {
			a := left[n-2]
			if turn(a, b, pl) < 0 {
				break
			}
			lsum -= cross(a, b)
			b = a
		}
		lsum += cross(b, pl)
		left = left[:n]
	}
	c.left, c.lsum = append(left, pl), lsum
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
