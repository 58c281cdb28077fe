package collide

import (
	"math"
	"math/big"
)

// Exact signs of the small polynomials that decide whether a circle
// touches a feature. The circle tests compute in float64 first and answer
// when the result is farther from the boundary than its error bound
// (errBound times the sum of the magnitudes involved); only within that
// bound, which for random input practically never happens but for
// touching shapes always does, do they ask these functions, which decide
// from the exact real values of the given float64 inputs.
//
// The exact values are floating-point expansions (Shewchuk, "Adaptive
// Precision Floating-Point Arithmetic and Fast Robust Geometric
// Predicates", 1997): a sum of non-overlapping float64 components whose
// largest component has the sign of the whole. Differences come from
// TwoSum, products from an FMA, so nothing is rounded. That is exact while
// no product overflows or underflows: for inputs that are 0 or of
// magnitude in [2^-150, 2^150]. Other finite inputs, and an expansion that
// would outgrow its fixed array (which in-range inputs do not reach), are
// decided with math/big instead, which allocates; non-finite inputs are
// not decided here (the callers keep the float answer).

// errBound is the relative error bound the float filters use: 16 units of
// roundoff, several times what the few operations of each test can lose
// (each test names its magnitudes).
const errBound = 0x1p-49

// twoSum returns s = fl(a+b) and the exact rounding error e = a+b-s.
func twoSum(a, b float64) (s, e float64) {
	s = a + b
	bb := s - a
	e = (a - (s - bb)) + (b - bb)
	return s, e
}

// twoProd returns p = fl(a*b) and the exact rounding error e = a*b-p.
func twoProd(a, b float64) (p, e float64) {
	p = a * b
	return p, math.FMA(a, b, -p)
}

// xpCap is the number of components an expansion holds; the predicates'
// values, compressed, need at most about 30 for in-range inputs.
const xpCap = 64

// xp is an expansion: the exact sum of c[:n], components non-overlapping,
// non-zero and increasing in magnitude. over reports that a result did not
// fit, after which the value is meaningless.
type xp struct {
	n    int
	over bool
	c    [xpCap]float64
}

// grow adds b to x exactly (Shewchuk's Grow-Expansion, zeros eliminated).
func (x *xp) grow(b float64) {
	if x.n == xpCap {
		x.compress()
		if x.n == xpCap {
			x.over = true
			return
		}
	}
	q, k := b, 0
	for i := range x.n {
		var h float64
		q, h = twoSum(q, x.c[i])
		if h != 0 {
			x.c[k] = h
			k++
		}
	}
	if q != 0 {
		x.c[k] = q
		k++
	}
	x.n = k
}

// compress rewrites x with as few components as the two sweeps of
// Shewchuk's Compress give (same value).
func (x *xp) compress() {
	if x.n < 2 {
		return
	}
	var g [xpCap]float64
	bottom := x.n - 1
	q := x.c[bottom]
	for i := x.n - 2; i >= 0; i-- {
		s, e := twoSum(q, x.c[i])
		if e != 0 {
			g[bottom] = s
			bottom--
			q = e
		} else {
			q = s
		}
	}
	g[bottom] = q
	top := 0
	q = g[bottom]
	for i := bottom + 1; i < x.n; i++ {
		s, e := twoSum(g[i], q)
		if e != 0 {
			x.c[top] = e
			top++
		}
		q = s
	}
	x.c[top] = q
	x.n = top + 1
	if q == 0 {
		x.n = top
	}
}

// sign returns the sign of x: that of its largest component.
func (x *xp) sign() int {
	switch {
	case x.n == 0:
		return 0
	case x.c[x.n-1] > 0:
		return 1
	}
	return -1
}

// xpField is exact arithmetic on expansions; see field.
type xpField struct{}

func (xpField) diff(a, b float64) xp {
	var x xp
	s, e := twoSum(a, -b)
	if e != 0 {
		x.c[x.n] = e
		x.n++
	}
	if s != 0 {
		x.c[x.n] = s
		x.n++
	}
	return x
}

func (xpField) add(x, y xp) xp {
	for i := range y.n {
		x.grow(y.c[i])
	}
	x.over = x.over || y.over
	return x
}

func (f xpField) sub(x, y xp) xp {
	for i := range y.n {
		y.c[i] = -y.c[i]
	}
	return f.add(x, y)
}

func (xpField) mul(x, y xp) xp {
	var z xp
	for i := range y.n {
		for j := range x.n {
			p, e := twoProd(x.c[j], y.c[i])
			if e != 0 {
				z.grow(e)
			}
			z.grow(p)
		}
	}
	z.over = z.over || x.over || y.over
	return z
}

func (xpField) sign(x xp) (int, bool) { return x.sign(), !x.over }

// bigField is exact arithmetic with math/big, for inputs out of the
// expansions' range: every finite float64 is an integer multiple of
// 2^-1074, and the predicates are homogeneous, so each input is taken as
// the integer x*2^1074 (no fractions, no GCDs).
type bigField struct{}

func fixed(x float64) *big.Int {
	f := new(big.Float).SetFloat64(x)
	i, _ := f.SetMantExp(f, 1074).Int(nil)
	return i
}

func (bigField) diff(a, b float64) *big.Int  { return new(big.Int).Sub(fixed(a), fixed(b)) }
func (bigField) add(x, y *big.Int) *big.Int  { return new(big.Int).Add(x, y) }
func (bigField) sub(x, y *big.Int) *big.Int  { return new(big.Int).Sub(x, y) }
func (bigField) mul(x, y *big.Int) *big.Int  { return new(big.Int).Mul(x, y) }
func (bigField) sign(x *big.Int) (int, bool) { return x.Sign(), true }

// field is exact arithmetic over some representation T of real numbers;
// the predicates below are written once over it. sign's second result is
// false when the representation could not hold a value.
type field[T any] interface {
	diff(a, b float64) T // a-b
	add(x, y T) T
	sub(x, y T) T
	mul(x, y T) T
	sign(x T) (int, bool)
}

// The predicates, over exact differences of their inputs.

// distSign is the sign of |p-q|² - (r1+r2)²: negative inside, zero
// touching, positive apart. r1+r2 is taken as r1-(-r2).
func distSign[T any, F field[T]](f F, p, q Vec, r1, r2 float64) (int, bool) {
	dx, dy, r := f.diff(p.X, q.X), f.diff(p.Y, q.Y), f.diff(r1, -r2)
	return f.sign(f.sub(f.add(f.mul(dx, dx), f.mul(dy, dy)), f.mul(r, r)))
}

// orientSign is the sign of (b-a)×(c-a): positive when c lies to the left
// of a->b in y-up terms (on the inner side of an edge of a polygon with
// positive winding).
func orientSign[T any, F field[T]](f F, a, b, c Vec) (int, bool) {
	ex, ey, wx, wy := f.diff(b.X, a.X), f.diff(b.Y, a.Y), f.diff(c.X, a.X), f.diff(c.Y, a.Y)
	return f.sign(f.sub(f.mul(ex, wy), f.mul(ey, wx)))
}

// dotSign is the sign of (b-a)·(d-c).
func dotSign[T any, F field[T]](f F, a, b, c, d Vec) (int, bool) {
	ex, ey, wx, wy := f.diff(b.X, a.X), f.diff(b.Y, a.Y), f.diff(d.X, c.X), f.diff(d.Y, c.Y)
	return f.sign(f.add(f.mul(ex, wx), f.mul(ey, wy)))
}

// lineSign is the sign of ((b-a)×(c-a))² - r²|b-a|²: the squared distance
// from c to the line ab, times |b-a|², against r².
func lineSign[T any, F field[T]](f F, a, b, c Vec, r float64) (int, bool) {
	ex, ey, wx, wy := f.diff(b.X, a.X), f.diff(b.Y, a.Y), f.diff(c.X, a.X), f.diff(c.Y, a.Y)
	s, rr := f.sub(f.mul(ex, wy), f.mul(ey, wx)), f.diff(r, 0)
	l2 := f.add(f.mul(ex, ex), f.mul(ey, ey))
	return f.sign(f.sub(f.mul(s, s), f.mul(f.mul(rr, rr), l2)))
}

// The exact predicates on float64 inputs. Each reports false in ok when
// some input is not finite (the caller then keeps its float answer).

// inRange reports whether every v is 0 or of magnitude in [2^-150, 2^150],
// where expansions are exact; finite reports whether every v is finite.
func inRange(v ...float64) (in, finite bool) {
	in = true
	for _, x := range v {
		a := math.Abs(x)
		if !(a <= math.MaxFloat64) {
			return false, false
		}
		if a != 0 && (a < 0x1p-150 || a > 0x1p150) {
			in = false
		}
	}
	return in, true
}

// A quicker exact stage for the degree-2 predicates, in the spirit of
// Shewchuk's adaptive stages: each difference is a head and a tail (TwoSum),
// the products of the heads are summed exactly (an expansion of a few
// components) and the products with a tail, a rounding error smaller, in
// float. The sign is certain when the result exceeds the error of that
// float part; and when every tail is zero the heads' sum is the exact
// value. Only the rest (a tie closer than about 2^-100 of the magnitudes,
// with inexact differences) goes to the full expansions.

// dd is an exact difference: head h plus tail l.
type dd struct{ h, l float64 }

func diff2(a, b float64) dd {
	s, e := twoSum(a, -b)
	return dd{s, e}
}

// quick accumulates sums of products of exact differences.
type quick struct {
	head       xp      // the heads' products, exactly
	tail, tmag float64 // the products with a tail, and their magnitude
}

// add adds sign*x*y (sign is 1 or -1).
func (q *quick) add(x, y dd, sign float64) {
	p, e := twoProd(x.h, y.h)
	q.head.grow(sign * e)
	q.head.grow(sign * p)
	a, b, c := x.h*y.l, x.l*y.h, x.l*y.l
	q.tail += sign * (a + b + c)
	q.tmag += math.Abs(a) + math.Abs(b) + math.Abs(c)
}

// sign returns the sign of the sum and whether it is certain.
func (q *quick) sign() (int, bool) {
	if q.tmag == 0 {
		return q.head.sign(), !q.head.over
	}
	h := 0.0
	for i := range q.head.n {
		h += q.head.c[i]
	}
	r := h + q.tail
	switch certainSign(r, math.Abs(h)+q.tmag) {
	case 1:
		return 1, true
	case -1:
		return -1, true
	}
	return 0, false
}

// exactDist returns the sign of |p-q|² - (r1+r2)².
func exactDist(p, q Vec, r1, r2 float64) (int, bool) {
	in, ok := inRange(p.X, p.Y, q.X, q.Y, r1, r2)
	if !ok {
		return 0, false
	}
	if in {
		var k quick
		dx, dy, r := diff2(p.X, q.X), diff2(p.Y, q.Y), diff2(r1, -r2)
		k.add(dx, dx, 1)
		k.add(dy, dy, 1)
		k.add(r, r, -1)
		if s, ok := k.sign(); ok {
			return s, true
		}
		if s, ok := distSign(xpField{}, p, q, r1, r2); ok {
			return s, true
		}
	}
	return distSign(bigField{}, p, q, r1, r2)
}

// exactOrient returns the sign of (b-a)×(c-a).
func exactOrient(a, b, c Vec) (int, bool) {
	in, ok := inRange(a.X, a.Y, b.X, b.Y, c.X, c.Y)
	if !ok {
		return 0, false
	}
	if in {
		var k quick
		k.add(diff2(b.X, a.X), diff2(c.Y, a.Y), 1)
		k.add(diff2(b.Y, a.Y), diff2(c.X, a.X), -1)
		if s, ok := k.sign(); ok {
			return s, true
		}
		if s, ok := orientSign(xpField{}, a, b, c); ok {
			return s, true
		}
	}
	return orientSign(bigField{}, a, b, c)
}

// exactDot returns the sign of (b-a)·(d-c).
func exactDot(a, b, c, d Vec) (int, bool) {
	in, ok := inRange(a.X, a.Y, b.X, b.Y, c.X, c.Y, d.X, d.Y)
	if !ok {
		return 0, false
	}
	if in {
		var k quick
		k.add(diff2(b.X, a.X), diff2(d.X, c.X), 1)
		k.add(diff2(b.Y, a.Y), diff2(d.Y, c.Y), 1)
		if s, ok := k.sign(); ok {
			return s, true
		}
		if s, ok := dotSign(xpField{}, a, b, c, d); ok {
			return s, true
		}
	}
	return dotSign(bigField{}, a, b, c, d)
}

// exactLine returns the sign of ((b-a)×(c-a))² - r²|b-a|².
func exactLine(a, b, c Vec, r float64) (int, bool) {
	in, ok := inRange(a.X, a.Y, b.X, b.Y, c.X, c.Y, r)
	if !ok {
		return 0, false
	}
	if in {
		if s, ok := lineSign(xpField{}, a, b, c, r); ok {
			return s, true
		}
	}
	return lineSign(bigField{}, a, b, c, r)
}

// touchSegment reports exactly whether the closed disc of radius r about c
// meets the closed segment ab (a point when a == b): c is within r of an
// end, or its foot on the line lies between the ends and the line is
// within r. ok is false when an input is not finite.
func touchSegment(a, b, c Vec, r float64) (touch, ok bool) {
	if s, ok := exactDist(c, a, r, 0); !ok || s <= 0 {
		return ok, ok
	}
	if s, ok := exactDist(c, b, r, 0); !ok || s <= 0 {
		return ok, ok
	}
	if a == b {
		return false, true
	}
	if s, ok := exactDot(a, b, a, c); !ok || s < 0 {
		return false, ok
	}
	if s, ok := exactDot(a, b, b, c); !ok || s > 0 {
		return false, ok
	}
	s, ok := exactLine(a, b, c, r)
	return s <= 0, ok
}

// touchPoint is touchPolygon for radius 0 and three vertices or more, with
// the same answers at less cost: edge by edge in the same order, the point
// is outside or behind the edge's line in float when the rounding cannot
// flip the sign (then the inputs are finite and the exact sign agrees),
// and exactly only when it can.
func touchPoint(p []Vec, c Vec) (in, ok bool) {
	a := p[len(p)-1]
	for _, b := range p {
		if s, bound := edgeSide(a, b, c); s > bound {
			return false, true
		} else if !(s < -bound) {
			o, ok := exactOrient(a, b, c)
			if !ok || o < 0 {
				return false, ok
			}
		}
		a = b
	}
	return true, true
}

// touchPolygon reports exactly whether the closed disc of radius r about c
// meets the convex polygon p (positive winding; fewer than three vertices
// is a segment or a point): its centre is inside, or an edge is within r.
// ok is false when an input is not finite.
func touchPolygon(p []Vec, c Vec, r float64) (touch, ok bool) {
	if r == 0 && len(p) >= 3 {
		return touchPoint(p, c)
	}
	switch len(p) {
	case 0:
		return false, true
	case 1, 2:
		return touchSegment(p[0], p[len(p)-1], c, r)
	}
	inside := true
	a := p[len(p)-1]
	for _, b := range p {
		s, ok := exactOrient(a, b, c)
		if !ok {
			return false, false
		}
		if s < 0 {
			if r == 0 {
				return false, true // a point outside an edge line
			}
			inside = false
		}
		a = b
	}
	if inside {
		return true, true
	}
	a = p[len(p)-1]
	for _, b := range p {
		if t, ok := touchSegment(a, b, c, r); !ok || t {
			return t, ok
		}
		a = b
	}
	return false, true
}
