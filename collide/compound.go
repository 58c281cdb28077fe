package collide

import "math"

// A Compound overlaps another shape when one of its pieces does. Its
// contact is harder: the union of pieces is not convex, so the contact of
// the deepest pair of pieces may push the compound into a third piece. For
// each overlapping pair the contact normal n is a candidate direction;
// along n every pair of pieces overlaps for an interval of translations
// (the line through the origin clipped to the pair's Minkowski difference),
// and the smallest translation t >= 0 outside all those intervals is found
// by walking from 0 to the end of every interval that holds the current t.
// Collide returns the candidate with the smallest t, so the result always
// separates the compound (the two then touch), though another direction
// may exist that needs less.

// part is one convex piece of the other shape in a compound test: a circle
// (round) or a polygon-like vertex list.
type part struct {
	round bool
	c     Circle
	poly  []Vec // when set, the vertices; otherwise buf[:n]
	buf   [4]Vec
	n     int
	flat  bool
}

func (p *part) verts() []Vec {
	if p.poly != nil {
		return p.poly
	}
	return p.buf[:p.n]
}

func (p *part) setPoint(v Vec)     { *p = part{buf: [4]Vec{v}, n: 1, flat: true} }
func (p *part) setCircle(c Circle) { *p = part{round: true, c: c} }
func (p *part) setPolygon(q Polygon) {
	*p = part{poly: q, flat: q.flat()}
	if q == nil {
		p.poly = q[:0:0]
	}
}

func (p *part) setRect(r Rect) {
	*p = part{}
	if !r.Empty() {
		p.buf, p.flat = r.corners()
		p.n = 4
	}
}

func (p *part) setBox(b Box) { *p = part{buf: b.Corners(), n: 4, flat: b.flat()} }

// overlapPiece reports whether the piece q and p share a point.
func overlapPiece(q Polygon, p *part) bool {
	if p.round {
		return OverlapCirclePolygon(p.c, q)
	}
	return overlapConvex(q, p.verts(), q.flat(), p.flat)
}

// collidePiece returns the contact of the piece q (as a) and p (as b).
func collidePiece(q Polygon, p *part) (Contact, bool) {
	if p.round {
		c, ok := CollideCirclePolygon(p.c, q)
		return c.flip(), ok
	}
	return collideConvex(q, p.verts(), q.flat(), p.flat)
}

// interval returns the translations t for which q moved by -n*t and p share
// a point, as the interval [lo, hi]; ok is false when there is none.
func interval(q Polygon, p *part, n Vec) (lo, hi float64, ok bool) {
	if len(q) == 0 {
		return 0, 0, false
	}
	if p.round {
		return clipRounded(q, p.c, n)
	}
	v := p.verts()
	if len(v) == 0 {
		return 0, 0, false
	}
	// q - n*t meets p when n*t lies in the Minkowski difference q - p,
	// whose faces are q's faces pushed out by p and p's faces negated.
	lo, hi = math.Inf(-1), math.Inf(1)
	cq, cp := makeConvex(q, q.flat()), makeConvex(v, p.flat)
	for i := range cq.faces() {
		f, h := cq.face(i)
		if f == (Vec{}) {
			continue
		}
		m, _ := project(v, f)
		if !clipHalf(&lo, &hi, f, h-m, n) {
			return 0, 0, false
		}
	}
	for i := range cp.faces() {
		f, h := cp.face(i)
		if f == (Vec{}) {
			continue
		}
		m, _ := project(q, f)
		if !clipHalf(&lo, &hi, f.Neg(), h-m, n) {
			return 0, 0, false
		}
	}
	return lo, hi, true
}

// clipHalf narrows [lo, hi] to the t with u·(n*t) <= c and reports whether
// any t is left.
func clipHalf(lo, hi *float64, u Vec, c float64, n Vec) bool {
	switch k := u.Dot(n); {
	case k > 0:
		*hi = min(*hi, c/k)
	case k < 0:
		*lo = max(*lo, c/k)
	case c < 0:
		return false
	}
	return *lo <= *hi
}

// clipRounded returns the interval of t for which the point c.Center + n*t
// lies within c.Radius of the convex polygon q: the line clipped to the
// union of the capsules around q's edges, which covers the whole rounded
// polygon's boundary, so the union's extent is the answer.
func clipRounded(q Polygon, c Circle, n Vec) (lo, hi float64, ok bool) {
	lo, hi = math.Inf(1), math.Inf(-1)
	a := q[len(q)-1]
	for _, b := range q {
		if l, h, in := clipCapsule(a, b, c, n); in {
			lo, hi, ok = min(lo, l), max(hi, h), true
		}
		a = b
	}
	return lo, hi, ok
}

// clipCapsule clips the line c.Center + n*t to the points within c.Radius
// of the segment ab.
func clipCapsule(a, b Vec, c Circle, n Vec) (lo, hi float64, ok bool) {
	lo, hi = math.Inf(1), math.Inf(-1)
	for _, v := range [2]Vec{a, b} {
		if l, h, in := clipDisc(c.Center, n, Circle{v, c.Radius}); in {
			lo, hi, ok = min(lo, l), max(hi, h), true
		}
	}
	e := b.Sub(a)
	if e == (Vec{}) {
		return lo, hi, ok
	}
	// The slab: 0 <= e·(x-a) <= |e|², |perp(e)·(x-a)| <= r|e|.
	w, s := c.Center.Sub(a), e.Perp()
	rl := c.Radius * e.Len()
	l, h := math.Inf(-1), math.Inf(1)
	if clipHalf(&l, &h, e.Neg(), e.Dot(w), n) &&
		clipHalf(&l, &h, e, e.Len2()-e.Dot(w), n) &&
		clipHalf(&l, &h, s, rl-s.Dot(w), n) &&
		clipHalf(&l, &h, s.Neg(), rl+s.Dot(w), n) {
		lo, hi, ok = min(lo, l), max(hi, h), true
	}
	return lo, hi, ok
}

// clipDisc returns the interval of t for which o + d*t lies in the disc c.
func clipDisc(o, d Vec, c Circle) (lo, hi float64, ok bool) {
	w := o.Sub(c.Center)
	a, b, k := d.Len2(), d.Dot(w), w.Len2()-c.Radius*c.Radius
	if a == 0 {
		return math.Inf(-1), math.Inf(1), k <= 0
	}
	disc := b*b - a*k
	if disc < 0 {
		return 0, 0, false
	}
	// Stable roots of a t² + 2b t + k = 0.
	q := -b - math.Copysign(math.Sqrt(disc), b)
	if q == 0 {
		return 0, 0, true
	}
	t0, t1 := q/a, k/q
	return min(t0, t1), max(t0, t1), true
}

// others is the other side of a compound test: a compound's pieces, or one
// part.
type others struct {
	comp   Compound
	isComp bool
	one    part
}

func (o *others) count() int {
	if o.isComp {
		return len(o.comp)
	}
	return 1
}

// at returns part i, using tmp for a compound's piece.
func (o *others) at(i int, tmp *part) *part {
	if o.isComp {
		tmp.setPolygon(o.comp[i])
		return tmp
	}
	return &o.one
}

func overlapCompound(a Compound, o *others) bool {
	var tmp part
	for _, q := range a {
		for j := range o.count() {
			if overlapPiece(q, o.at(j, &tmp)) {
				return true
			}
		}
	}
	return false
}

func collideCompound(a Compound, o *others) (Contact, bool) {
	var tmp part
	best, hit := Contact{Depth: math.Inf(1)}, false
	for _, q := range a {
		for j := range o.count() {
			c, ok := collidePiece(q, o.at(j, &tmp))
			if !ok {
				continue
			}
			hit = true
			if t := clearance(a, o, c.Normal); t < best.Depth {
				best = Contact{c.Normal, t}
			}
		}
	}
	if !hit {
		return Contact{}, false
	}
	return best, true
}

// clearance returns the smallest t >= 0 such that a moved by -n*t only touches
// the other side.
func clearance(a Compound, o *others, n Vec) float64 {
	var tmp part
	t := 0.0
	for moved := true; moved; {
		moved = false
		for _, q := range a {
			for j := range o.count() {
				if lo, hi, ok := interval(q, o.at(j, &tmp), n); ok && lo <= t && t < hi {
					t, moved = hi, true
				}
			}
		}
	}
	return t
}

// OverlapCompoundCompound reports whether some piece of a and some piece of
// b share a point.
func OverlapCompoundCompound(a, b Compound) bool {
	o := others{comp: b, isComp: true}
	return overlapCompound(a, &o)
}

// CollideCompoundCompound returns a contact that separates a from b (see
// the package comment on compounds): moving a by -Normal*Depth leaves them
// touching.
func CollideCompoundCompound(a, b Compound) (Contact, bool) {
	o := others{comp: b, isComp: true}
	return collideCompound(a, &o)
}
