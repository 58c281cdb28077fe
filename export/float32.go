package export

import (
	"math"
	"math/big"
	"slices"
)

// Engines that store coordinates as float32 (Box2D, so LÖVE; Godot) would
// round a float64 vertex to the nearest float32, which moves it inward as
// often as outward: about half of real sprites would then leave a pixel
// corner outside the stored polygon, by a few millionths of a pixel. The
// helpers here round outward instead and prove the result: every point of
// the original shape lies in the float32 shape, checked with exact
// arithmetic on the float32 values the engine reads.

// Limits32 are the conditions a float32 polygon must meet for an engine to
// keep it as written.
type Limits32 struct {
	// MaxVertices is the engine's vertex limit (Box2D: 8); 0 means none.
	MaxVertices int
	// Weld is the distance under which the engine merges two vertices
	// (Box2D: half its linear slop), in pixels; vertices must be at least
	// this far apart.
	Weld float64
}

// turn32 is the least height, relative to the polygon's largest
// coordinate, of each vertex over the line through its neighbours: a
// float32 engine that recomputes the convex hull in float32 (Box2D does)
// then sees every vertex on the same side as exact arithmetic does, with
// a margin of about 30 times its rounding error.
const turn32 = 0x1p-16

// Outward32 returns a convex polygon whose coordinates are float32 values
// and which contains every point of r - origin (r convex, with positive
// winding), its vertices at least lim.Weld apart and each turning clearly
// enough to survive float32 arithmetic. Each edge's line is moved outward
// by the rounding bound (none when r - origin is float32 already; else
// one float32 ulp of the largest coordinate, doubled until the proof
// passes, at most 256 ulps), the vertices recomputed as the
// intersections of neighbouring lines and rounded away from the centre;
// containment is then proven exactly. It returns false when r - origin
// has more than lim.MaxVertices vertices or no such polygon is found
// (vertices closer than the weld distance, a turn too slight for
// float32).
func Outward32(r Ring, origin Point, lim Limits32) (Ring, bool) {
	var buf outwardBuf
	q, ok := buf.outward32(make(Ring, 0, len(r)), r, origin, lim)
	if !ok {
		return nil, false
	}
	return q, true
}

// outwardBuf is Outward32's working memory, which a caller making many
// polygons keeps from one to the next.
type outwardBuf struct{ rel, normals []Point }

// outward32 is Outward32 appending the polygon to dst: it returns dst
// and the polygon's vertices after it, or dst and false.
func (buf *outwardBuf) outward32(dst Ring, r Ring, origin Point, lim Limits32) (Ring, bool) {
	n := len(r)
	if n < 3 || (lim.MaxVertices > 0 && n > lim.MaxVertices) {
		return dst, false
	}
	buf.rel = slices.Grow(buf.rel[:0], n)[:n]
	rel := buf.rel
	m := 1.0
	var cx, cy float64
	for i, p := range r {
		rel[i] = Point{p[0] - origin[0], p[1] - origin[1]}
		if !finite(rel[i][0], rel[i][1]) {
			return dst, false
		}
		m = max(m, math.Abs(rel[i][0]), math.Abs(rel[i][1]))
		cx += rel[i][0] / float64(n)
		cy += rel[i][1] / float64(n)
	}
	if m > math.MaxFloat32/4 {
		return dst, false
	}
	// Outward unit normals of the edges i -> i+1.
	buf.normals = slices.Grow(buf.normals[:0], n)[:n]
	normals := buf.normals
	for i := range n {
		a, b := rel[i], rel[next(i, n)]
		dx, dy := b[0]-a[0], b[1]-a[1]
		l := math.Hypot(dx, dy)
		if l == 0 {
			return dst, false
		}
		normals[i] = Point{dy / l, -dx / l}
	}
	start := len(dst)
	dst = slices.Grow(dst, n)[:start+n]
	out := dst[start:]
	// k = -1 tries the polygon as it is, when its coordinates are float32
	// values already (integer hull corners are); then the lines move out
	// by one ulp of the largest coordinate, doubled up to 256 ulps: enough
	// for the proof, never a way to grow the shape.
	for k := -1; k < 9; k++ {
		delta := 0.0
		if k >= 0 {
			delta = 0x1p-23 * m * float64(int(1)<<k)
		}
		for i, prev := 0, n-1; i < n; prev, i = i, i+1 {
			n1, n2 := normals[prev], normals[i]
			den := 1 + n1[0]*n2[0] + n1[1]*n2[1]
			if den < 1e-9 {
				return dst[:start], false // a spike: the neighbouring edges almost fold back
			}
			x := rel[i][0] + delta*(n1[0]+n2[0])/den
			y := rel[i][1] + delta*(n1[1]+n2[1])/den
			out[i] = Point{away32(x, x >= cx), away32(y, y >= cy)}
			if k < 0 && (out[i][0] != x || out[i][1] != y) {
				break // not float32 as it is
			}
		}
		if k < 0 && !exact32(out, rel) {
			continue
		}
		if !apart(out, lim.Weld) || !convex32(out, m) {
			continue
		}
		if contains32(out, r, origin) {
			return dst, true
		}
	}
	return dst[:start], false
}

// exact32 reports whether q equals rel, vertex for vertex.
func exact32(q Ring, rel []Point) bool {
	for i := range rel {
		if q[i] != rel[i] {
			return false
		}
	}
	return true
}

// away32 returns the float32 value next to v on the side up (up: the
// least float32 >= v; otherwise the greatest <= v), as a float64.
func away32(v float64, up bool) float64 {
	f := float32(v)
	switch {
	case up && float64(f) < v:
		f = math.Nextafter32(f, float32(math.Inf(1)))
	case !up && float64(f) > v:
		f = math.Nextafter32(f, float32(math.Inf(-1)))
	}
	return float64(f)
}

// up32 returns the least float32 value >= v, as a float64.
func up32(v float64) float64 { return away32(v, true) }

// apart reports whether every two vertices of q are at least weld apart
// (and distinct).
func apart(q Ring, weld float64) bool {
	for i := range q {
		for j := i + 1; j < len(q); j++ {
			dx, dy := q[i][0]-q[j][0], q[i][1]-q[j][1]
			// Vertices a weld or more apart in x or y are apart without
			// a square root: Hypot is never below the larger of |dx|, |dy|.
			if m := max(math.Abs(dx), math.Abs(dy)); m > 0 && m >= weld {
				continue
			}
			d := math.Hypot(dx, dy)
			if d == 0 || d < weld {
				return false
			}
		}
	}
	return true
}

// convex32 reports whether q (float32 values) turns the positive way at
// every vertex, exactly and in float32 arithmetic, each vertex at least
// turn32*m above the line through its neighbours.
func convex32(q Ring, m float64) bool {
	n := len(q)
	for i, prev := 0, n-1; i < n; prev, i = i, i+1 {
		a, b, c := q[prev], q[i], q[next(i, n)]
		if orient(a, c, b, Point{}) >= 0 { // b must lie strictly right of a->c: outside
			return false
		}
		// Box2D's hull test: the cross product of float32 differences.
		rx, ry := float32(c[0])-float32(a[0]), float32(c[1])-float32(a[1])
		vx, vy := float32(b[0])-float32(a[0]), float32(b[1])-float32(a[1])
		if rx*vy-ry*vx >= 0 {
			return false
		}
		l := math.Hypot(c[0]-a[0], c[1]-a[1])
		h := -((c[0]-a[0])*(b[1]-a[1]) - (c[1]-a[1])*(b[0]-a[0])) / l
		if !(h >= turn32*m) {
			return false
		}
	}
	return true
}

// contains32 reports whether the convex polygon q contains every vertex
// of r - origin (and so r - origin itself), exactly.
func contains32(q Ring, r Ring, origin Point) bool {
	// Point by point, so that each p - o is split once (orientSplit) for
	// all of q's edges.
	for _, p := range r {
		cx, ex := twoDiff(p[0], origin[0])
		cy, ey := twoDiff(p[1], origin[1])
		for i := range q {
			if orientSplit(q[i], q[next(i, len(q))], p, origin, cx, ex, cy, ey) < 0 {
				return false
			}
		}
	}
	return true
}

// orient returns the sign of the cross product (b - a) x (p - o - a): +1
// when p - o lies left of a->b (inside, for a polygon with positive
// winding), 0 on the line, -1 right of it. It is exact: a float64 filter
// with Shewchuk's error bound; when the filter cannot decide, float64
// expansions (orientExpansion), and big.Float arithmetic for what those
// cannot hold (products near the ends of float64's range).
func orient(a, b, p, o Point) int {
	// p - o is (cx + ex, cy + ey) exactly.
	cx, ex := twoDiff(p[0], o[0])
	cy, ey := twoDiff(p[1], o[1])
	return orientSplit(a, b, p, o, cx, ex, cy, ey)
}

// orientSplit is orient given p - o split as twoDiff splits it: (cx +
// ex, cy + ey).
func orientSplit(a, b, p, o Point, cx, ex, cy, ey float64) int {
	l := (a[0] - cx) * (b[1] - cy)
	r := (a[1] - cy) * (b[0] - cx)
	det := l - r
	bound := (3.3306690738754716e-16 + 1e-30) * (math.Abs(l) + math.Abs(r))
	if ex != 0 || ey != 0 {
		// The determinant is linear in p's coordinates (their product
		// cancels), so what p - o lost moves it by exactly
		// ex*(a[1]-b[1]) + ey*(b[0]-a[0]): bounded here twice over, and by
		// a tiny absolute term for products that underflow.
		bound += 2*(math.Abs(ex)*(math.Abs(a[1])+math.Abs(b[1]))+math.Abs(ey)*(math.Abs(a[0])+math.Abs(b[0]))) + 0x1p-1000
	}
	if det > bound {
		return 1
	}
	if det < -bound {
		return -1
	}
	// Undecided, often a point on the line: when every difference and
	// product is exact, comparing the products is exact too.
	if ex == 0 && ey == 0 {
		if s, ok := exactSign(a[0]-cx, b[1]-cy, a[1]-cy, b[0]-cx, a, b, Point{cx, cy}); ok {
			return s
		}
	}
	if s, ok := orientExpansion(a, b, p, o); ok {
		return s
	}
	const prec = 2200 // wide enough for any product of float64 differences
	f := func(v float64) *big.Float { return new(big.Float).SetPrec(prec).SetFloat64(v) }
	sub := func(x, y *big.Float) *big.Float { return new(big.Float).SetPrec(prec).Sub(x, y) }
	mul := func(x, y *big.Float) *big.Float { return new(big.Float).SetPrec(prec).Mul(x, y) }
	px, py := sub(f(p[0]), f(o[0])), sub(f(p[1]), f(o[1]))
	bx, by := sub(f(b[0]), f(a[0])), sub(f(b[1]), f(a[1]))
	qx, qy := sub(px, f(a[0])), sub(py, f(a[1]))
	return sub(mul(bx, qy), mul(by, qx)).Sign()
}

// exactSign returns the sign of u*v - w*z when the differences that made
// them (a - c and b - c, coordinate by coordinate) and both products are
// exact, and false otherwise.
func exactSign(u, v, w, z float64, a, b, c Point) (int, bool) {
	if _, e := twoDiff(a[0], c[0]); e != 0 {
		return 0, false
	}
	if _, e := twoDiff(b[1], c[1]); e != 0 {
		return 0, false
	}
	if _, e := twoDiff(a[1], c[1]); e != 0 {
		return 0, false
	}
	if _, e := twoDiff(b[0], c[0]); e != 0 {
		return 0, false
	}
	l, r := u*v, w*z
	if math.FMA(u, v, -l) != 0 || math.FMA(w, z, -r) != 0 || !normalProduct(l, u, v) || !normalProduct(r, w, z) {
		return 0, false
	}
	switch {
	case l > r:
		return 1, true
	case l < r:
		return -1, true
	}
	return 0, true
}

// orientExpansion returns orient's sign computed exactly in float64
// expansions (Shewchuk, "Adaptive Precision Floating-Point Arithmetic",
// 1997): each difference is an expansion of two or three terms, each
// product of terms an exact pair (math.FMA), all summed into one
// nonoverlapping expansion, whose largest term has the sum's sign. It
// allocates nothing. It returns false when a product could leave float64's
// normal range, where a product's error would not be exact.
func orientExpansion(a, b, p, o Point) (int, bool) {
	var bufs [4][3]float64
	bx := grow(grow(bufs[0][:0], b[0]), -a[0])
	by := grow(grow(bufs[1][:0], b[1]), -a[1])
	qx := grow(grow(grow(bufs[2][:0], p[0]), -o[0]), -a[0])
	qy := grow(grow(grow(bufs[3][:0], p[1]), -o[1]), -a[1])
	var acc [2 * 2 * (2*3 + 2*3)]float64
	d := acc[:0]
	for _, t := range [2]struct {
		u, v []float64
		sign float64
	}{{bx, qy, 1}, {by, qx, -1}} {
		for _, x := range t.u {
			for _, y := range t.v {
				x := t.sign * x
				hi := x * y
				if !normalProduct(hi, x, y) {
					return 0, false
				}
				d = grow(grow(d, math.FMA(x, y, -hi)), hi)
			}
		}
	}
	for _, v := range slices.Backward(d) {
		switch {
		case v > 0:
			return 1, true
		case v < 0:
			return -1, true
		}
	}
	return 0, true
}

// normalProduct reports whether xy, the product x*y rounded, is zero for
// a zero factor or else within [2^-900, 2^900] in magnitude: far enough
// from float64's ends that the product's rounding error (math.FMA) is
// exact and sums of a few such terms cannot overflow. An underflowed
// product would otherwise pass for an exact one.
func normalProduct(xy, x, y float64) bool {
	if x == 0 || y == 0 {
		return true
	}
	a := math.Abs(xy)
	return a >= 0x1p-900 && a <= 0x1p900
}

// grow returns the expansion e (nonoverlapping terms, increasing in
// magnitude but for zeros) plus v, exactly, as one of the same kind, in
// e's memory (Shewchuk's Grow-Expansion).
func grow(e []float64, v float64) []float64 {
	for i := range e {
		v, e[i] = twoSum(v, e[i])
	}
	return append(e, v)
}

// twoSum returns a + b rounded and the rounding error: exactly a + b.
func twoSum(a, b float64) (s, e float64) {
	s = a + b
	bv := s - a
	av := s - bv
	return s, (a - av) + (b - bv)
}

// twoDiff returns a - b rounded, and the rounding error (0 when exact).
func twoDiff(a, b float64) (s, e float64) {
	s = a - b
	bv := s - a
	av := s - bv
	return s, (a - av) - (b + bv)
}

// Circle32 returns a circle with float32 centre (relative to origin) and
// radius that contains c: the centre rounded to the nearest float32 and
// the radius grown by the centre's move, rounded up. It returns false for
// a circle too large for float32.
func Circle32(c Circle, origin Point) (center Point, radius float64, ok bool) {
	x, y := c.Center[0]-origin[0], c.Center[1]-origin[1]
	if !finite(x, y, c.Radius) || math.Max(math.Abs(x), math.Abs(y))+c.Radius > math.MaxFloat32/4 {
		return Point{}, 0, false
	}
	center = Point{float64(float32(x)), float64(float32(y))}
	// The move is measured from the exact centre; a relative 1e-15 and
	// two ulps cover the float64 rounding of the subtraction and the sum.
	move := math.Hypot(center[0]-(c.Center[0]-origin[0]), center[1]-(c.Center[1]-origin[1]))
	move += 4e-16 * (math.Abs(c.Center[0]) + math.Abs(c.Center[1]) + math.Abs(origin[0]) + math.Abs(origin[1]))
	r := up32((c.Radius + move) * (1 + 1e-15))
	return center, float64(math.Nextafter32(float32(r), float32(math.Inf(1)))), true
}

// Box32 returns an oriented box with float32 centre (relative to origin),
// half-extents and angle that contains b even after a float32 engine
// turns its corners with float32 sines and cosines: the half-extents grow
// by a bound on the centre's move and on the corners' move from float32
// rounding of the angle and its trigonometry. It returns false for a box
// too large for float32.
func Box32(b Box, origin Point) (center, half Point, angle float64, ok bool) {
	x, y := b.Center[0]-origin[0], b.Center[1]-origin[1]
	if !finite(x, y, b.Half[0], b.Half[1], b.Angle) {
		return Point{}, Point{}, 0, false
	}
	size := math.Max(math.Abs(x), math.Abs(y)) + b.Half[0] + b.Half[1]
	if size > math.MaxFloat32/4 || math.Abs(b.Angle) > 64 {
		return Point{}, Point{}, 0, false
	}
	center = Point{float64(float32(x)), float64(float32(y))}
	angle = float64(float32(b.Angle))
	// A corner moves by at most |half| times the change of the rotation
	// matrix: the angle's rounding plus float32 sin and cos (a few ulps
	// each), plus the float32 products and sums that place it, relative
	// 2^-21 of the box's reach from the origin; and the centre's move.
	move := math.Hypot(center[0]-x, center[1]-y) + (math.Abs(angle-b.Angle)+0x1p-20)*math.Hypot(b.Half[0], b.Half[1]) + 0x1p-19*size
	half = Point{up32(b.Half[0] + move), up32(b.Half[1] + move)}
	return center, half, angle, true
}
