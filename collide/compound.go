package collide

import (
	"cmp"
	"math"
	"slices"
	"sync"
)

// A Compound overlaps another shape when one of its pieces does. Its
// contact is harder: the union of pieces is not convex, so the contact of
// the deepest pair of pieces may push the compound into a third piece. For
// each overlapping pair the contact normal n is a candidate direction;
// along n every pair of pieces overlaps for an interval of translations
// (the line through the origin clipped to the pair's Minkowski difference),
// and the smallest translation t >= 0 outside all those intervals is found
// by sweeping the intervals in order of their start. Collide returns the
// candidate with the smallest t, so the result always separates the
// compound (the two then touch), though another direction may exist that
// needs less.
//
// The work is kept near-linear in pieces x pieces by bounds: only pairs
// whose bounding boxes meet are tested; candidates are tried shallowest
// first, each normal once, and only while their own pair's depth (a lower
// bound on their t) is below the best t found; along a candidate only the
// pairs whose extents across n meet and whose coarse interval (from the
// extents along n) reaches the sweep before it ends get an exact interval.
// A budget of one exact interval per pair of pieces (what one candidate
// can need at most), plus 4096 so that compounds of up to 8 pieces always
// try every candidate, ends the search for better candidates: pieces sunk
// deep into each other can make every candidate sweep past nearly every
// pair.

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

// bounds returns the bounds of p (empty for an empty part).
func (p *part) bounds() Rect {
	if p.round {
		return p.c.Bounds()
	}
	return Polygon(p.verts()).Bounds()
}

// span returns the extent of p along the unit vector u.
func (p *part) span(u Vec) (lo, hi float64) {
	if p.round {
		c := p.c.Center.Dot(u)
		return c - p.c.Radius, c + p.c.Radius
	}
	return project(p.verts(), u)
}

// candidate is a direction to push a compound out along, with the depth
// of the pair of pieces that proposed it.
type candidate struct {
	n Vec
	d float64
}

// reach is a piece's extent along a candidate normal and across it.
type reach struct{ lo, hi, plo, phi float64 }

// scratch holds a compound test's buffers, reused through a pool so that
// calls made every frame do not allocate once warm.
type scratch struct {
	ab, ob []Rect
	cands  []candidate
	tried  []Vec
	ra     []reach
	order  []int
	pairs  []pair
	heap   []interval2
	work   int // exact intervals computed in this call
}

// interval2 is the interval of translations for which a pair of pieces
// overlaps.
type interval2 struct{ lo, hi float64 }

var scratchPool = sync.Pool{New: func() any { return new(scratch) }}

// bounds fills s.ab and s.ob with the bounds of a's pieces and o's parts.
func (s *scratch) bounds(a Compound, o *others) {
	s.ab = s.ab[:0]
	for _, q := range a {
		s.ab = append(s.ab, q.Bounds())
	}
	s.ob = s.ob[:0]
	var tmp part
	for j := range o.count() {
		s.ob = append(s.ob, o.at(j, &tmp).bounds())
	}
}

func overlapCompound(a Compound, o *others) bool {
	s := scratchPool.Get().(*scratch)
	defer scratchPool.Put(s)
	s.bounds(a, o)
	var tmp part
	for i, q := range a {
		for j, b := range s.ob {
			if s.ab[i].Intersects(b) && overlapPiece(q, o.at(j, &tmp)) {
				return true
			}
		}
	}
	return false
}

func collideCompound(a Compound, o *others) (Contact, bool) {
	s := scratchPool.Get().(*scratch)
	defer scratchPool.Put(s)
	s.bounds(a, o)
	var tmp part
	s.cands = s.cands[:0]
	for i, q := range a {
		for j, b := range s.ob {
			if !s.ab[i].Intersects(b) {
				continue // Intersects is false for an empty piece too
			}
			if c, ok := collidePiece(q, o.at(j, &tmp)); ok {
				s.cands = append(s.cands, candidate{c.Normal, c.Depth})
			}
		}
	}
	if len(s.cands) == 0 {
		return Contact{}, false
	}
	// Shallowest first (ties by normal, so the order is deterministic);
	// a repeated normal is tried once.
	slices.SortFunc(s.cands, func(x, y candidate) int {
		return cmp.Or(cmp.Compare(x.d, y.d), cmp.Compare(x.n.X, y.n.X), cmp.Compare(x.n.Y, y.n.Y))
	})
	best := Contact{s.cands[0].n, math.Inf(1)}
	s.tried, s.work = s.tried[:0], 0
	budget := len(a)*o.count() + 4096
	for _, c := range s.cands {
		if c.d > best.Depth {
			break // this pair alone needs more than the best
		}
		if s.work >= budget {
			break // enough tried: the best so far separates too
		}
		if slices.Contains(s.tried, c.n) {
			continue
		}
		s.tried = append(s.tried, c.n)
		if t := s.clearance(a, o, c.n, best.Depth); t < best.Depth {
			best = Contact{c.n, t}
		}
	}
	return best, true
}

// clearance returns the smallest t >= 0 such that a moved by -n*t only
// touches the other side, or bound when that t is not below bound.
//
// Moving along n does not change extents across n, so only pairs whose
// extents across n meet can ever overlap; they are found by sorting a's
// pieces by where their extent across n starts. Such a pair, a - n*t and
// b, meets along n only for t in the coarse interval [ra.lo-rb.hi,
// ra.hi-rb.lo], which holds the exact one. The sweep takes pairs in order
// of their coarse start and computes a pair's exact interval only once the
// sweep point has reached that start, keeping exact intervals that start
// later in a heap until it reaches them.
func (s *scratch) clearance(a Compound, o *others, n Vec, bound float64) float64 {
	p := n.Perp()
	s.ra, s.order = s.ra[:0], s.order[:0]
	w := 0.0 // the widest extent across n among a's pieces
	for i, q := range a {
		lo, hi := project(q, n)
		plo, phi := project(q, p)
		s.ra = append(s.ra, reach{lo, hi, plo, phi})
		if len(q) > 0 {
			s.order = append(s.order, i)
			w = max(w, phi-plo)
		}
	}
	slices.SortFunc(s.order, func(i, j int) int { return cmp.Compare(s.ra[i].plo, s.ra[j].plo) })
	var tmp part
	s.pairs = s.pairs[:0]
	for j := range o.count() {
		b := o.at(j, &tmp)
		if !b.round && len(b.verts()) == 0 {
			continue
		}
		lo, hi := b.span(n)
		plo, phi := b.span(p)
		// a's pieces starting across n in [plo-w, phi] may meet b there.
		k, _ := slices.BinarySearchFunc(s.order, plo-w, func(i int, x float64) int { return cmp.Compare(s.ra[i].plo, x) })
		for _, i := range s.order[k:] {
			ra := s.ra[i]
			if ra.plo > phi {
				break
			}
			if ra.phi < plo || ra.hi-lo <= 0 || ra.lo-hi >= bound {
				continue // apart across n, or never within [0, bound) along it
			}
			s.pairs = append(s.pairs, pair{ra.lo - hi, i, j})
		}
	}
	slices.SortFunc(s.pairs, func(x, y pair) int { return cmp.Compare(x.lo, y.lo) })
	t := 0.0
	s.heap = s.heap[:0]
	for k := 0; ; {
		switch {
		case k < len(s.pairs) && s.pairs[k].lo <= t:
			pr := s.pairs[k]
			k++
			s.work++
			lo, hi, ok := interval(a[pr.i], o.at(pr.j, &tmp), n)
			switch {
			case !ok || hi <= t:
			case lo <= t:
				t = hi
			default:
				s.push(interval2{lo, hi})
			}
		case len(s.heap) > 0 && s.heap[0].lo <= t:
			t = max(t, s.pop().hi)
		default:
			return t // nothing starts at or before t: t is free
		}
		if t >= bound {
			return bound
		}
	}
}

// pair is a piece of a and a part of the other side whose coarse interval
// starts at lo.
type pair struct {
	lo   float64
	i, j int
}

// push adds v to the heap of intervals ordered by start.
func (s *scratch) push(v interval2) {
	h := append(s.heap, v)
	for i := len(h) - 1; i > 0; {
		up := (i - 1) / 2
		if !(h[i].lo < h[up].lo) {
			break
		}
		h[i], h[up] = h[up], h[i]
		i = up
	}
	s.heap = h
}

// pop removes and returns the interval that starts first.
func (s *scratch) pop() interval2 {
	h := s.heap
	v := h[0]
	h[0] = h[len(h)-1]
	h = h[:len(h)-1]
	for i := 0; ; {
		c := 2*i + 1
		if c >= len(h) {
			break
		}
		if c+1 < len(h) && h[c+1].lo < h[c].lo {
			c++
		}
		if !(h[c].lo < h[i].lo) {
			break
		}
		h[i], h[c] = h[c], h[i]
		i = c
	}
	s.heap = h
	return v
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
