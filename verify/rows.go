package verify

import (
	"math"
	"slices"

	"github.com/shapegen/shapegen/collide"
)

// rows is the set of integer points of a convex polygon, row by row: for
// y0 <= y < y0+len(lo), the points (x, y) with lo[y-y0] <= x <= hi[y-y0].
type rows struct {
	y0     int
	lo, hi []int
}

// maxExact bounds the vertex coordinates for which Polygon.ContainsPoint is
// exact (26 bits: every cross product is an exact float64).
const maxExact = 1 << 26

// integerRows returns the integer points of the convex polygon p (positive
// winding, boundary included) as rows, in dst's memory when it has room
// (dst unchanged otherwise), and false unless p has at least
// three vertices, all integers of magnitude below maxExact. Then
// Polygon.ContainsPoint is exact, so for integer points rows.contains and
// p.ContainsPoint agree; testing a point costs two comparisons instead of
// one cross product per edge. The rows are found exactly in integer
// arithmetic in O(n + height): each row's ends are the least and greatest
// intersection of the row's line with an edge, rounded inward.
func integerRows(dst rows, p collide.Polygon) (rows, bool) {
	if len(p) < 3 {
		return rows{}, false
	}
	y0, y1 := math.MaxInt, math.MinInt
	for _, v := range p {
		if v.X != math.Trunc(v.X) || v.Y != math.Trunc(v.Y) || math.Abs(v.X) >= maxExact || math.Abs(v.Y) >= maxExact {
			return rows{}, false
		}
		y0, y1 = min(y0, int(v.Y)), max(y1, int(v.Y))
	}
	r := rows{y0: y0, lo: grow(dst.lo, y1-y0+1), hi: grow(dst.hi, y1-y0+1)}
	for i := range r.lo {
		r.lo[i], r.hi[i] = math.MaxInt, math.MinInt
	}
	for i, v := range p {
		w := p[(i+1)%len(p)]
		ax, ay, bx, by := int(v.X), int(v.Y), int(w.X), int(w.Y)
		if ay > by {
			ax, ay, bx, by = bx, by, ax, ay
		}
		if ay == by {
			r.lo[ay-y0] = min(r.lo[ay-y0], ax, bx)
			r.hi[ay-y0] = max(r.hi[ay-y0], ax, bx)
			continue
		}
		// On the edge, x = (ax*d + (bx-ax)*(y-ay)) / d with d = by-ay > 0.
		d := by - ay
		for y := ay; y <= by; y++ {
			n := ax*d + (bx-ax)*(y-ay)
			q, rem := n/d, n%d
			lo, hi := q, q // ceil and floor of n/d
			if rem > 0 {
				lo++
			} else if rem < 0 {
				hi--
			}
			r.lo[y-y0] = min(r.lo[y-y0], lo)
			r.hi[y-y0] = max(r.hi[y-y0], hi)
		}
	}
	return r, true
}

// contains reports whether the integer point (x, y) is in r.
func (r rows) contains(x, y int) bool {
	i := y - r.y0
	return uint(i) < uint(len(r.lo)) && r.lo[i] <= x && x <= r.hi[i]
}

// rowsIn is a polygon p and its rows r (integerRows).
type rowsIn struct {
	p collide.Polygon
	r rows
}

// contains is p's ContainsPoint computed by its rows at integer points,
// and by ContainsPoint elsewhere: the same answers, at the cost of two
// comparisons for a hull.
func (in *rowsIn) contains(q collide.Vec) bool {
	x, y := int(q.X), int(q.Y)
	if float64(x) != q.X || float64(y) != q.Y || max(x, -x, y, -y) >= maxExact {
		return in.p.ContainsPoint(q)
	}
	return in.r.contains(x, y)
}

// lineRows returns, for the grid lines y0 <= y <= y1, the integer points
// (x, y) of the convex polygon p with 0 <= x <= w, as p.ContainsPoint
// decides them (boundary included): exactly by integerRows when p's
// vertices are small integers, else line by line from float bounds on
// the ends, proven (boundedSpan) or, for vertices past maxBounded or not
// finite, estimated (settledSpan), and settled by ContainsPoint where
// they leave a doubt. A line that misses p, or misses [0, w], gets
// lo > hi. p must have at least three vertices.
func lineRows(dst rows, p collide.Polygon, y0, y1, w int) rows {
	n := max(y1-y0+1, 0)
	if ir, ok := integerRows(dst, p); ok {
		// p's rows, in dst's memory, move to the lines in place: line i
		// takes row i+off, so the lines go in the order that reads each
		// row before it is written over.
		m, off := len(ir.lo), y0-ir.y0
		size := max(n, m)
		lo, hi := slices.Grow(ir.lo, size-m)[:size], slices.Grow(ir.hi, size-m)[:size]
		line := func(i int) {
			l, h := 1, 0
			if j := i + off; uint(j) < uint(m) {
				l, h = max(lo[j], 0), min(hi[j], w)
			}
			lo[i], hi[i] = l, h
		}
		if off >= 0 {
			for i := range n {
				line(i)
			}
		} else {
			for i := n - 1; i >= 0; i-- {
				line(i)
			}
		}
		return rows{y0: y0, lo: lo[:n], hi: hi[:n]}
	}
	dst.y0 = y0
	dst.lo, dst.hi = grow(dst.lo, n), grow(dst.hi, n)
	bounded := boundedCoords(p)
	for i := range n {
		if bounded {
			dst.lo[i], dst.hi[i] = boundedSpan(p, y0+i, w)
		} else {
			dst.lo[i], dst.hi[i] = settledSpan(p, y0+i, w)
		}
	}
	return dst
}

// grow returns s resliced to length n, reallocated when too short.
func grow[T any](s []T, n int) []T {
	if cap(s) < n {
		return make([]T, n)
	}
	return s[:n]
}

// settledSpan returns the least and greatest integer x in [0, w] with
// (x, y) in the convex polygon p by p.ContainsPoint, lo > hi for none. The
// float extent of p on the line puts the ends within a rounding error of
// the true ones; ContainsPoint settles them, and convexity makes the
// points in p a single interval. A line that meets no edge (compared
// exactly) misses p.
func settledSpan(p collide.Polygon, y, w int) (lo, hi int) {
	flo, fhi, ok := extentAt(p, float64(y))
	if !ok || !(flo <= float64(w)+1) || !(fhi >= -1) {
		return 1, 0
	}
	fy := float64(y)
	in := func(x int) bool { return p.ContainsPoint(collide.V(float64(x), fy)) }
	flo, fhi = max(flo, -1), min(fhi, float64(w)+1) // in int range
	lo = min(max(int(math.Ceil(flo)), 0), w)
	end := min(max(int(math.Floor(fhi))+1, 0), w) // past the estimate by one
	if in(lo) {
		for lo > 0 && in(lo-1) {
			lo--
		}
	} else {
		for lo++; lo <= end && !in(lo); lo++ {
		}
		if lo > end {
			return 1, 0
		}
	}
	hi = min(max(int(math.Floor(fhi)), lo), w)
	if in(hi) {
		for hi < w && in(hi+1) {
			hi++
		}
	} else {
		for hi--; !in(hi); hi-- { // in(lo) holds
		}
	}
	return lo, hi
}

// maxBounded bounds the vertex coordinates for which lineBounds's error
// bound holds: their differences and the products of two stay finite.
const maxBounded = 0x1p500

// boundedCoords reports whether every vertex coordinate of p is below
// maxBounded in magnitude (and so a number).
func boundedCoords(p collide.Polygon) bool {
	for _, v := range p {
		if !(math.Abs(v.X) < maxBounded && math.Abs(v.Y) < maxBounded) {
			return false
		}
	}
	return true
}

// boundedSpan returns the least and greatest integer x in [0, w] with
// (x, y) in p by p.ContainsPoint, lo > hi for none, for a p of three
// vertices or more with boundedCoords. That test holds the points on or
// left of every edge's line (exactly, for finite coordinates), on the
// line at height y an interval whose ends lineBounds brackets with proven
// bounds; only the integers between the brackets of an end are asked of
// ContainsPoint, usually none. Where lineBounds has no bounds, every
// integer is asked.
func boundedSpan(p collide.Polygon, y, w int) (lo, hi int) {
	fy := float64(y)
	outLo, outHi, inLo, inHi, empty, ok := lineBounds(p, fy)
	if !ok {
		outLo, outHi, inLo, inHi = 0, float64(w), math.Inf(1), math.Inf(-1)
	} else if empty || !(outLo <= float64(w)) || !(outHi >= 0) || outLo > outHi {
		return 1, 0
	}
	lo, hi = int(max(math.Ceil(outLo), 0)), int(min(math.Floor(outHi), float64(w)))
	in := func(x int) bool {
		fx := float64(x)
		return inLo < fx && fx < inHi || p.ContainsPoint(collide.V(fx, fy))
	}
	for ; lo <= hi && !in(lo); lo++ {
	}
	if lo > hi {
		return 1, 0
	}
	for ; hi > lo && !in(hi); hi-- {
	}
	return lo, hi
}

// lineBounds brackets the ends of the interval of x with (x, y) on or
// left of every edge line of p, as Polygon.ContainsPoint tests a point
// (the orientation (b-a)×(q-a) >= 0 for each edge ab): the interval's
// least x is in [outLo, inLo] and its greatest in [inHi, outHi], so the
// x below outLo or above outHi are outside and those strictly between
// inLo and inHi inside (for x within 2^1023 of 0: see the overflow
// below). -Inf and +Inf stand for no edge bounding x below or above.
// empty reports that a level edge has the line outside it; ok is false
// when, for an edge with y != a.Y and b.X != a.X, the computed product
// (y-a.Y)(b.X-a.X) is below 2^-1022 in magnitude, where the bound does
// not hold (an underflow). p's
// coordinates and y must be below maxBounded.
//
// An edge ab with b.Y != a.Y bounds x above (b.Y > a.Y) or below at its
// line's crossing x = a.X + (y-a.Y)(b.X-a.X)/(b.Y-a.Y). In float each of
// the three differences, the product, the quotient and the sum rounds
// with a relative error of at most u = 2^-53 while no result is
// subnormal (the differences and the sum are exact when they are; a
// product at least 2^-1022 keeps the quotient's rounding relative or
// below 2^-1075 absolute). So the computed quotient q' is within
// (1+u)^4/(1-u) - 1 < 5.01u of the true one, relative to q, and within
// 5.02u|q'|; the computed x' within u|x'|(1+u) of a.X + q'. In all
// |x' - x| <= 5.02u|q'| + 1.01u|x'| + 2^-1075 < 7u(|q'| + |x'|) + 2^-1075,
// and the computed e = 2^-49(|q'| + |x'|) + 2^-1000 (2^-49 is 16u; its
// own rounding costs below 3u of it) exceeds that by more than
// u(|x'| + e), the rounding of x' - e and x' + e. When y = a.Y or
// b.X = a.X the crossing is a.X exactly, and e is 0. The greatest lower
// bound lies between the greatest x' - e and the greatest x' + e of the
// lower-bounding edges; the least upper bound so too. A crossing past the
// float range (an overflow) leaves x' and e infinite, one of x' - e and
// x' + e NaN, which no comparison keeps, and the other infinite: an edge
// whose true crossing is beyond 2^1023 on the side away from the line's
// points (an upper bound far right) is then dropped, and one on the side
// of them (an upper bound far left) leaves no integer certain, so the
// brackets still decide every x within 2^1023 of 0 as the true ends do.
func lineBounds(p collide.Polygon, y float64) (outLo, outHi, inLo, inHi float64, empty, ok bool) {
	outLo, inLo = math.Inf(-1), math.Inf(-1)
	outHi, inHi = math.Inf(1), math.Inf(1)
	a := p[len(p)-1]
	for _, b := range p {
		dy, dx, ey := y-a.Y, b.X-a.X, b.Y-a.Y
		if ey == 0 { // in when (b.X-a.X)(y-a.Y) >= 0
			empty = empty || dx > 0 && dy < 0 || dx < 0 && dy > 0
			a = b
			continue
		}
		x, e := a.X, 0.0
		if dx != 0 && dy != 0 {
			t := dy * dx
			if math.Abs(t) < 0x1p-1022 {
				return outLo, outHi, inLo, inHi, empty, false
			}
			q := t / ey
			x = a.X + q
			e = 0x1p-49*(math.Abs(q)+math.Abs(x)) + 0x1p-1000
		}
		// Compared, not min and max, which cost twice the instructions
		// for their NaN rule.
		if ey > 0 {
			if x+e < outHi {
				outHi = x + e
			}
			if x-e < inHi {
				inHi = x - e
			}
		} else {
			if x-e > outLo {
				outLo = x - e
			}
			if x+e > inLo {
				inLo = x + e
			}
		}
		a = b
	}
	return outLo, outHi, inLo, inHi, empty, true
}
