package hull

import (
	"image"
	"math"
	"slices"

	"github.com/shapegen/shapegen/collide"
)

// capper holds the rings of an outline as float64 linked lists while
// step 2 of Outline brings each to its vertex limit.
type capper struct {
	pos        []collide.Vec
	next, prev []int32 // next[v] < 0: v is gone
	// meet[v]: where v's collapse step puts the new vertex, set when the
	// step is offered (see collapse) and moved outward when it is popped,
	// so that the step need not find it again.
	meet   []collide.Vec
	seen   []uint32 // seen[v] == query: edge v -> next(v) tested in this query
	query  uint32
	rings  []capRing
	eps    float64 // the tolerance of orientation tests, scaled
	scale  float64 // the largest coordinate magnitude, at least 1
	margin float64 // how far new vertices move outward past rounding
	grid   edgeGrid
	// Scratch of limitRing: its heap of steps, and the vertices whose
	// steps a step changed.
	heap    stepHeap
	touched []int32
}

// edgeGrid files edges a -> b under the cells of side gridCell their
// bounds meet, so that a step's check reads only the edges near it. Each
// cell's edges are a list, newest first, threaded through one slice, so
// that filing an edge seldom allocates; the order does not matter to a
// query. Edges that have since gone stay until a query meets them.
type edgeGrid struct {
	x0, y0 float64
	w, h   int
	// The last column and row, w-1 and h-1, as cellAt takes them.
	lastX, lastY float64
	head         []int32 // head[cell]: the newest of its edges in filed, or -1
	filed        []filedEdge
}

// filedEdge is edge a -> b in a cell's list, with its bounds (least x
// and y, greatest x and y: vertices never move); next is the cell's next
// older edge in edgeGrid.filed, or -1.
type filedEdge struct {
	box        [4]float64
	a, b, next int32
}

// gridCell is the side of a cell of edgeGrid, in pixels.
const gridCell = 8

// cellAt returns the column of cells (or row, with y) that holds x on a
// grid whose first column starts at o and whose last is last, clamped to
// the grid (the border cells take what lies beyond). A plain function
// rather than a method giving all four bounds of a box, so that it is
// inlined.
func cellAt(x, o, last float64) int {
	q := (x - o) / gridCell
	if !(q > 0) {
		return 0
	}
	if q > last {
		return int(last)
	}
	return int(q) // rounds down, as q > 0
}

func (g *edgeGrid) add(a, b int32, pa, pb collide.Vec) {
	box := [4]float64{pa.X, pa.Y, pb.X, pb.Y}
	// Plain comparisons rather than min and max, which would spend
	// instructions on NaN and the sign of zero; the box is only compared.
	if pb.X < pa.X {
		box[0], box[2] = pb.X, pa.X
	}
	if pb.Y < pa.Y {
		box[1], box[3] = pb.Y, pa.Y
	}
	cx0, cx1 := cellAt(box[0], g.x0, g.lastX), cellAt(box[2], g.x0, g.lastX)
	cy0, cy1 := cellAt(box[1], g.y0, g.lastY), cellAt(box[3], g.y0, g.lastY)
	e := filedEdge{box: box, a: a, b: b} // one copy for each cell, with its next
	for cy := cy0; cy <= cy1; cy++ {
		for cx := cx0; cx <= cx1; cx++ {
			cell := cy*g.w + cx
			e.next = g.head[cell]
			g.filed = append(g.filed, e)
			g.head[cell] = int32(len(g.filed) - 1)
		}
	}
}

// newVertex adds a vertex at p, unlinked.
func (c *capper) newVertex(p collide.Vec) int32 {
	i := int32(len(c.pos))
	c.pos = append(c.pos, p)
	c.next, c.prev = append(c.next, -1), append(c.prev, -1)
	c.seen = append(c.seen, 0)
	c.meet = append(c.meet, collide.Vec{})
	return i
}

// link makes b follow a and files the edge in the grid.
func (c *capper) link(a, b int32) {
	c.next[a], c.prev[b] = b, a
	c.grid.add(a, b, c.pos[a], c.pos[b])
}

// capRing is one ring: a vertex on it, how many it has, its island, and
// whether it was dropped.
type capRing struct {
	head, n int32
	island  int32
	gone    bool
}

// newCapper returns t's rings as a capper, which reuses t's scratch.
func newCapper(t *tracing, island func(image.Point) int32) *capper {
	c := &t.capper
	// Room for every vertex and as many again for the steps' new ones,
	// so that the lists rarely grow. The rings' vertices fill the first
	// n places, set below (links by link), rather than one append each.
	n := 0
	for _, r := range t.rings {
		n += r.n
	}
	room := n + n + 16
	c.pos = slices.Grow(c.pos[:0], room)[:n]
	c.next, c.prev = slices.Grow(c.next[:0], room)[:n], slices.Grow(c.prev[:0], room)[:n]
	c.seen, c.query = slices.Grow(c.seen[:0], room)[:n], 0
	c.meet = slices.Grow(c.meet[:0], room)[:n]
	clear(c.seen)
	clear(c.meet)
	c.heap = stepHeap{steps: c.heap.steps[:0], at: c.heap.at[:0]}
	c.rings = slices.Grow(c.rings[:0], len(t.rings))
	c.grid = edgeGrid{head: c.grid.head[:0], filed: c.grid.filed[:0]}
	scale := 1.0 // the largest coordinate magnitude, at least 1
	if len(t.rings) > 0 {
		// The rings' vertices span the corners of the set pixels, which
		// the runs give at less cost than the vertices: simplify removes
		// only vertices whose removal grows an outer ring (a hole lies
		// within its island's outer ring), so none that bounds the rings
		// in x or y. No coordinate is negative.
		minX, minY, maxX, maxY := t.bounds()
		scale = max(scale, float64(maxX), float64(maxY))
		c.grid.x0, c.grid.y0 = float64(minX), float64(minY)
		c.grid.w, c.grid.h = (maxX-minX)/gridCell+1, (maxY-minY)/gridCell+1
		c.grid.lastX, c.grid.lastY = float64(c.grid.w-1), float64(c.grid.h-1)
		c.grid.head = slices.Grow(c.grid.head, c.grid.w*c.grid.h)[:c.grid.w*c.grid.h]
		for i := range c.grid.head {
			c.grid.head[i] = -1
		}
	}
	i := int32(0) // the next vertex
	for _, r := range t.rings {
		first := i
		for v, k := r.head, 0; k < r.n; v, k = t.next[v], k+1 {
			c.pos[i] = collide.V(float64(t.pts[v].x), float64(t.pts[v].y))
			if k > 0 {
				c.link(i-1, i)
			}
			i++
		}
		c.link(i-1, first)
		c.rings = append(c.rings, capRing{head: first, n: int32(r.n), island: island(r.pixel)})
	}
	c.eps = 1e-12 * scale * scale
	c.scale, c.margin = scale, 1e-9*scale
	return c
}

// ring returns ring ri's vertices.
func (c *capper) ring(ri int) []collide.Vec {
	r := &c.rings[ri]
	out := make([]collide.Vec, 0, r.n)
	for v, k := r.head, int32(0); k < r.n; v, k = c.next[v], k+1 {
		out = append(out, c.pos[v])
	}
	return out
}

// A step of the limit: remove vertex v, or replace edge v -> next(v) and
// its ends by the meeting point of the edges before and after it.
const (
	stepRemove = iota
	stepCollapse
)

type capStep struct {
	cost float64 // the area it adds, or a bound below it (see collapse)
	kind int8
	// exact: cost is the step's own. A collapse step is offered with a
	// bound, and put back with its cost when it comes first (see
	// limitRing).
	exact bool
	v     int32
}

// before orders steps by cost, then vertex, then kind; whether a cost is
// exact plays no part.
func (a capStep) before(b capStep) bool {
	return a.cost < b.cost || a.cost == b.cost && (a.v < b.v || a.v == b.v && a.kind < b.kind)
}

// key numbers the steps by vertex and kind.
func (a capStep) key() int { return 2*int(a.v) + int(a.kind) }

// stepHeap is a binary min-heap of steps by before that holds at most one
// step of each kind per vertex: a vertex offered again has its steps
// replaced in place, so that no outdated step waits in the heap. As the
// order is total, the steps come out in the same order however they went
// in.
type stepHeap struct {
	steps []capStep
	at    []int32 // at[key]: the index in steps of the step with that key, or -1
}

// set puts s in the heap, in place of the step of its vertex and kind.
func (h *stepHeap) set(s capStep) {
	k := s.key()
	for len(h.at) <= k {
		h.at = append(h.at, -1)
	}
	i := int(h.at[k])
	if i < 0 {
		i = len(h.steps)
		h.steps = append(h.steps, s)
	} else {
		h.steps[i] = s
	}
	h.fix(i)
}

// push adds s, which no step of the heap may share a vertex and kind
// with, at the end of the heap, out of place: build must follow before
// the heap is used.
func (h *stepHeap) push(s capStep) {
	k := s.key()
	for len(h.at) <= k {
		h.at = append(h.at, -1)
	}
	h.at[k] = int32(len(h.steps))
	h.steps = append(h.steps, s)
}

// build puts the steps of the heap in their places (after push), moving
// each down from the last with children to the first, which takes time
// linear in the steps rather than a move up for each.
func (h *stepHeap) build() {
	for i := len(h.steps)/2 - 1; i >= 0; i-- {
		h.down(i, h.steps[i])
	}
}

// drop takes out the step of vertex v and the kind, if the heap has it.
func (h *stepHeap) drop(v int32, kind int8) {
	if k := (capStep{v: v, kind: kind}).key(); k < len(h.at) && h.at[k] >= 0 {
		h.removeAt(int(h.at[k]))
	}
}

// pop takes out and returns the first step; the heap must not be empty.
func (h *stepHeap) pop() capStep {
	s := h.steps[0]
	h.removeAt(0)
	return s
}

// empty takes out every step.
func (h *stepHeap) empty() {
	for _, s := range h.steps {
		h.at[s.key()] = -1
	}
	h.steps = h.steps[:0]
}

func (h *stepHeap) removeAt(i int) {
	last := len(h.steps) - 1
	h.at[h.steps[i].key()] = -1
	h.steps[i] = h.steps[last]
	h.steps = h.steps[:last]
	if i < last {
		h.fix(i)
	}
}

// fix moves the step at i up or down to its place, shifting the steps it
// passes into the place it leaves.
func (h *stepHeap) fix(i int) {
	s := h.steps
	x := s[i]
	for i > 0 {
		p := (i - 1) / 2
		if !x.before(s[p]) {
			break
		}
		s[i] = s[p]
		h.at[s[i].key()] = int32(i)
		i = p
	}
	h.down(i, x)
}

// down moves step x, which is to go at i, down to its place below i,
// shifting the steps it passes into the place it leaves.
func (h *stepHeap) down(i int, x capStep) {
	s := h.steps
	for {
		c := 2*i + 1
		if c >= len(s) {
			break
		}
		if c+1 < len(s) && s[c+1].before(s[c]) {
			c++
		}
		if !s[c].before(x) {
			break
		}
		s[i] = s[c]
		h.at[s[i].key()] = int32(i)
		i = c
	}
	s[i] = x
	h.at[x.key()] = int32(i)
}

// limit brings every ring to at most max vertices (step 2 of Outline) and
// reports whether an island had to give way to a convex ring.
func (c *capper) limit(max int) (gaveWay bool) {
	for ri := range c.rings {
		if c.rings[ri].gone {
			continue
		}
		if c.rings[ri].n > int32(max) {
			c.limitRing(ri, int32(max))
		}
		c.straighten(ri)
		if r := &c.rings[ri]; r.n > int32(max) {
			gaveWay = c.giveUp(ri, max) || gaveWay
		}
	}
	return gaveWay
}

// limitRing takes the cheapest valid steps on ring ri until it has max
// vertices or none is left.
func (c *capper) limitRing(ri int, max int32) {
	r := &c.rings[ri]
	h := &c.heap
	defer h.empty()
	// offer puts v's collapse step, and its removal too if asked, in the
	// heap in place of those it had.
	offer := func(v int32, removal bool) {
		if c.next[v] < 0 {
			return // gone
		}
		if removal {
			if s, ok := c.removal(v); ok {
				h.set(s)
			} else {
				h.drop(v, stepRemove)
			}
		}
		if s, ok := c.collapse(v); ok {
			h.set(s)
		} else {
			h.drop(v, stepCollapse)
		}
	}
	// The first steps go in at once: the heap is empty.
	for v, k := r.head, int32(0); k < r.n; v, k = c.next[v], k+1 {
		if s, ok := c.removal(v); ok {
			h.push(s)
		}
		if s, ok := c.collapse(v); ok {
			h.push(s)
		}
	}
	h.build()
	for r.n > max && len(h.steps) > 0 {
		s := h.pop()
		if c.next[s.v] < 0 {
			continue // gone with a step taken since it was offered
		}
		// The steps of the vertices near the step taken change (see
		// remove); those of the others stay as they are in the heap.
		var changed []int32
		var before int32
		switch s.kind {
		case stepRemove:
			if r.n <= 3 || c.removalBlocked(s.v) {
				continue
			}
			changed, before = c.remove(ri, s.v)
		default:
			if r.n <= 3 {
				continue
			}
			if !s.exact {
				// The step comes first by a bound below its cost (see
				// collapse). With its cost it comes where it would have
				// come all along, as every other step's cost is at least
				// its key: still first, when it is before the heap's
				// first step, or else back in the heap. A void step goes,
				// as it would never have been offered.
				x, ok := c.outward(s.v, c.meet[s.v])
				if !ok {
					continue
				}
				c.meet[s.v] = x
				s = capStep{cost: c.collapseCost(s.v, x), kind: stepCollapse, exact: true, v: s.v}
				if len(h.steps) > 0 && !s.before(h.steps[0]) {
					h.set(s)
					continue
				}
			}
			if c.collapseBlocked(s.v) {
				continue
			}
			changed, before = c.collapseEdge(ri, s.v)
		}
		for _, v := range changed {
			offer(v, true)
		}
		offer(before, false)
	}
}

// straighten removes the vertices of ring ri that lie on a straight line
// between their neighbours (steps leave some; step 1 keeps those it cannot
// check cheaply), where nothing touches them.
func (c *capper) straighten(ri int) {
	r := &c.rings[ri]
	for changed := true; changed && r.n > 3; {
		changed = false
		for v, k := r.head, int32(0); k < r.n && r.n > 3; k++ {
			nv := c.next[v]
			p, n := c.pos[c.prev[v]], c.pos[nv]
			if a, b := c.pos[v].Sub(p), n.Sub(c.pos[v]); a.Cross(b) == 0 && a.Dot(b) > 0 && !c.removalBlocked(v) {
				c.remove(ri, v)
				changed = true
			}
			v = nv
		}
	}
}

// removal returns the step removing vertex v when v is reflex (or on a
// straight line): its cost is the triangle it adds.
func (c *capper) removal(v int32) (capStep, bool) {
	p, n := c.pos[c.prev[v]], c.pos[c.next[v]]
	a, b := c.pos[v].Sub(p), n.Sub(c.pos[v])
	cr := a.Cross(b)
	if cr > 0 || cr >= -c.eps && a.Dot(b) <= 0 {
		return capStep{}, false // convex (however little), or a spike back
	}
	return capStep{cost: max(-cr, 0) / 2, kind: stepRemove, v: v}, true
}

// meeting returns where the edges before and after edge v -> w meet when
// extended past v and before w, and false when they do not meet there (on
// the outer side of the edge). The point is exact but for rounding: see
// outward for the point a collapse puts its new vertex at.
func (c *capper) meeting(v int32) (collide.Vec, bool) {
	u, w := c.prev[v], c.next[v]
	z := c.next[w]
	pv, pw := c.pos[v], c.pos[w]
	d1, d2 := pv.Sub(c.pos[u]), c.pos[z].Sub(pw)
	den := d1.Cross(d2)
	if den <= c.eps {
		return collide.Vec{}, false // parallel, or turning more than half a turn
	}
	t := pw.Sub(pv).Cross(d2) / den
	x := pv.Add(d1.Scale(t))
	if !(t > 0) || pw.Sub(pv).Cross(x.Sub(pv)) >= -c.eps || x.Sub(pw).Dot(d2) >= 0 {
		return collide.Vec{}, false
	}
	return x, true
}

// outward returns x, the meeting point of edge v -> w's neighbours, moved
// outward (right of both lines) by a margin, so that the new edges pass
// clearly outside v and w, which lie on pixel corners, rather than a
// rounding error inside them; false when no margin up to 1e-3 of the
// scale does (the point is then too far out along near-parallel edges).
// It is apart from meeting because it is dear (square roots, and some
// twenty tries when it fails) and only the steps that are popped need it.
func (c *capper) outward(v int32, x collide.Vec) (collide.Vec, bool) {
	u, w := c.prev[v], c.next[v]
	z := c.next[w]
	pu, pv, pw, pz := c.pos[u], c.pos[v], c.pos[w], c.pos[z]
	d1, d2 := pv.Sub(pu), pz.Sub(pw)
	right := func(d collide.Vec) collide.Vec { return collide.V(d.Y, -d.X).Scale(1 / d.Len()) }
	n := right(d1).Add(right(d2))
	n = n.Scale(1 / n.Len())
	for margin := c.margin; margin < 1e-3*c.scale; margin *= 2 {
		y := x.Add(n.Scale(margin))
		e1, e2 := y.Sub(pu), pz.Sub(y)
		if e1.Cross(pv.Sub(pu)) >= margin/4*e1.Len() && e2.Cross(pw.Sub(y)) >= margin/4*e2.Len() {
			return y, true
		}
	}
	return collide.Vec{}, false
}

// collapse returns the step replacing edge v -> next(v) and its ends by
// the meeting point of its neighbours, which it keeps in meet[v]. The
// step's cost is the triangle it adds up to the point moved outward (see
// outward), but that is dear, and most steps offered never come first; so
// it comes with a bound below its cost instead, the triangle up to the
// point itself less a slack for rounding, and limitRing finds the cost
// (and whether the step is void, outward failing) only when the step
// comes first. The step reads the links around v alone, so while it is
// in the heap (limitRing offers it again whenever they change) meet[v] is
// what meeting(v) would return, or, once limitRing has costed the step
// and put it back, that point moved outward (outward's).
func (c *capper) collapse(v int32) (capStep, bool) {
	x, ok := c.meeting(v)
	if !ok {
		return capStep{}, false
	}
	c.meet[v] = x
	pv, e := c.pos[v], c.pos[c.next[v]].Sub(c.pos[v])
	// The outward move only adds area (it is to the right of the edge
	// too); the slack covers the rounding of both costs, which is within
	// a few units in the last place of the terms of their cross products.
	slack := 1e-9 * (math.Abs(x.X) + math.Abs(x.Y) + math.Abs(pv.X) + math.Abs(pv.Y) + c.scale) * (math.Abs(e.X) + math.Abs(e.Y))
	return capStep{cost: c.collapseCost(v, x) - slack, kind: stepCollapse, v: v}, true
}

// collapseCost returns the area that collapsing edge v -> next(v) into
// point x adds: the triangle v, x, next(v).
func (c *capper) collapseCost(v int32, x collide.Vec) float64 {
	pv, pw := c.pos[v], c.pos[c.next[v]]
	return x.Sub(pv).Cross(pw.Sub(pv)) / 2
}

// remove removes vertex v of ring ri and returns the vertices whose steps
// changed: a removal step reads the links to and from its vertex, a
// collapse step those and the link after, so both steps of v's neighbours
// change (changed, in c.touched) and the collapse step of the vertex
// before them (before).
func (c *capper) remove(ri int, v int32) (changed []int32, before int32) {
	r := &c.rings[ri]
	p, n := c.prev[v], c.next[v]
	c.link(p, n)
	c.next[v] = -1
	if r.head == v {
		r.head = n
	}
	r.n--
	c.touched = append(c.touched[:0], p, n)
	return c.touched, c.prev[p]
}

// collapseEdge replaces edge v -> w of ring ri and its ends by their
// neighbours' meeting point (meet[v], moved outward when v's step was
// popped), and returns the vertices whose steps changed as remove does:
// both steps of the new vertex and its neighbours, and the collapse step
// of the vertex before them.
func (c *capper) collapseEdge(ri int, v int32) (changed []int32, before int32) {
	r := &c.rings[ri]
	x := c.meet[v]
	u, w := c.prev[v], c.next[v]
	z := c.next[w]
	i := c.newVertex(x)
	c.link(u, i)
	c.link(i, z)
	c.next[v], c.next[w] = -1, -1
	if r.head == v || r.head == w {
		r.head = i
	}
	r.n--
	c.touched = append(c.touched[:0], u, i, z)
	return c.touched, c.prev[u]
}

// removalBlocked reports whether removing vertex v of ring ri would add a
// triangle that meets another ring or the ring itself (see blocked). Its
// corners p and n stay on the ring and may be touched; v ends up inside
// the filled region and may not.
func (c *capper) removalBlocked(v int32) bool {
	p, n := c.prev[v], c.next[v]
	tri := [3]collide.Vec{c.pos[p], c.pos[v], c.pos[n]}
	return c.blocked(tri, [3]bool{true, false, true}, &ownEdges{{p, v}, {v, n}, {-1, -1}})
}

// collapseBlocked is removalBlocked for collapsing edge v -> w = next(v)
// of a ring u -> v -> w -> z into u -> x -> z. As x is moved out past
// rounding (see outward), v and w end up just inside the new edges, and
// the region added is the triangle v, x, w and two slivers u, v, x and
// w, x, z, all checked; only u and z, which stay, may be touched. x is
// meet[v], moved outward: v's collapse step must have just been popped.
func (c *capper) collapseBlocked(v int32) bool {
	x := c.meet[v]
	u, w := c.prev[v], c.next[v]
	z := c.next[w]
	pu, pv, pw, pz := c.pos[u], c.pos[v], c.pos[w], c.pos[z]
	own := ownEdges{{u, v}, {v, w}, {w, z}}
	return c.blocked([3]collide.Vec{pv, x, pw}, [3]bool{}, &own) ||
		c.blocked([3]collide.Vec{pu, pv, x}, [3]bool{true, false, false}, &own) ||
		c.blocked([3]collide.Vec{pw, x, pz}, [3]bool{false, false, true}, &own)
}

// ownEdges are a step's edges a -> b that bound the triangles blocked
// checks, which blocked skips; {-1, -1} fills a place left over. An array
// rather than a function, so that the test is a few comparisons, not a
// call. They are the ring's links as they are, and an edge a -> b once
// gone never comes back (see blocked), so a filed edge that matches one
// is that edge and is there.
type ownEdges [3][2]int32

// blocked reports whether the closed triangle tri meets an edge of any
// ring other than own (the step's edges that bound the triangle). An edge with an end at a corner that may be touched
// (touch[i]) may meet the triangle there, but not run into its angle; an
// end at any other corner blocks. Rings then never cross nor overlap, and
// touch only where they did.
func (c *capper) blocked(tri [3]collide.Vec, touch [3]bool, own *ownEdges) bool {
	minX, maxX := span3(tri[0].X, tri[1].X, tri[2].X)
	minY, maxY := span3(tri[0].Y, tri[1].Y, tri[2].Y)
	corner := func(q collide.Vec) int {
		switch q {
		case tri[0]:
			return 0
		case tri[1]:
			return 1
		case tri[2]:
			return 2
		}
		return -1
	}
	c.query++
	g := &c.grid
	cx0, cx1 := cellAt(minX, g.x0, g.lastX), cellAt(maxX, g.x0, g.lastX)
	cy0, cy1 := cellAt(minY, g.y0, g.lastY), cellAt(maxY, g.y0, g.lastY)
	for cy := cy0; cy <= cy1; cy++ {
		for cx := cx0; cx <= cx1; cx++ {
			// at points to the link to entry k, so that a gone edge can be
			// taken out of the cell's list. It never comes back: a
			// vertex's next changes only when the old next goes, and
			// vertices and rings that go never return.
			at := &c.grid.head[cy*c.grid.w+cx]
			for k := *at; k >= 0; k = *at {
				e := &c.grid.filed[k]
				// The edge's box misses the triangle's, which rules out
				// most edges of a cell before their vertices are read;
				// a gone one stays in the list until it passes this.
				if e.box[2] < minX || e.box[0] > maxX || e.box[3] < minY || e.box[1] > maxY {
					at = &e.next
					continue
				}
				a, b := e.a, e.b
				// The step's own edges, which pass the box test in every
				// query, are there (see ownEdges) and go first, before
				// any link is read.
				if own[0] == [2]int32{a, b} || own[1] == [2]int32{a, b} || own[2] == [2]int32{a, b} {
					at = &e.next
					continue
				}
				if c.next[a] != b {
					*at = e.next // gone, or its ring did (see dropRing)
					continue
				}
				at = &e.next
				if c.seen[a] == c.query {
					continue // tested already
				}
				c.seen[a] = c.query
				pa, pb := c.pos[a], c.pos[b]
				ca, cb := corner(pa), corner(pb)
				switch {
				case ca >= 0 && !touch[ca] || cb >= 0 && !touch[cb]:
					return true
				case ca >= 0:
					if c.intoCorner(tri, ca, pb) {
						return true
					}
				case cb >= 0:
					if c.intoCorner(tri, cb, pa) {
						return true
					}
				default:
					if c.segmentMeets(pa, pb, tri) {
						return true
					}
				}
			}
		}
	}
	return false
}

// span3 returns the least and greatest of a, b and c, by plain
// comparisons (see edgeGrid.add).
func span3(a, b, c float64) (lo, hi float64) {
	lo, hi = a, a
	if b < lo {
		lo = b
	} else if b > hi {
		hi = b
	}
	if c < lo {
		lo = c
	} else if c > hi {
		hi = c
	}
	return lo, hi
}

// intoCorner reports whether the segment from corner i of tri to q runs
// into the closed triangle: its direction lies within the corner's closed
// angle.
func (c *capper) intoCorner(tri [3]collide.Vec, i int, q collide.Vec) bool {
	o := tri[i]
	b, d := tri[(i+1)%3].Sub(o), tri[(i+2)%3].Sub(o)
	e := q.Sub(o)
	if e.Len2() == 0 {
		return true
	}
	s := math.Copysign(1, b.Cross(d))
	return s*b.Cross(e) >= -c.eps && s*e.Cross(d) >= -c.eps && e.Dot(b)+e.Dot(d) > 0
}

// segmentMeets reports whether segment p q meets the closed triangle tri,
// leaning towards yes within the tolerance.
func (c *capper) segmentMeets(p, q collide.Vec, tri [3]collide.Vec) bool {
	if c.inside(p, tri) || c.inside(q, tri) {
		return true
	}
	for i := range 3 {
		if c.segmentsMeet(p, q, tri[i], tri[(i+1)%3]) {
			return true
		}
	}
	return false
}

// inside reports whether q lies in the closed triangle tri (on one of its
// sides, when it is flat).
func (c *capper) inside(q collide.Vec, tri [3]collide.Vec) bool {
	area := tri[1].Sub(tri[0]).Cross(tri[2].Sub(tri[0]))
	if math.Abs(area) <= c.eps {
		for i := range 3 {
			if c.segmentsMeet(tri[i], tri[(i+1)%3], q, q) {
				return true
			}
		}
		return false
	}
	s := math.Copysign(1, area)
	for i := range 3 {
		a, b := tri[i], tri[(i+1)%3]
		if s*b.Sub(a).Cross(q.Sub(a)) < -c.eps {
			return false
		}
	}
	return true
}

// segmentsMeet reports whether the closed segments a b and p q meet.
func (c *capper) segmentsMeet(a, b, p, q collide.Vec) bool {
	side := func(o, d, x collide.Vec) int {
		v := d.Sub(o).Cross(x.Sub(o))
		switch {
		case v > c.eps:
			return 1
		case v < -c.eps:
			return -1
		}
		return 0
	}
	d1, d2 := side(a, b, p), side(a, b, q)
	d3, d4 := side(p, q, a), side(p, q, b)
	if d1*d2 < 0 && d3*d4 < 0 {
		return true
	}
	on := func(o, d, x collide.Vec) bool { // x, on the line o d, within the segment's box
		const slack = 1e-9
		return min(o.X, d.X)-slack <= x.X && x.X <= max(o.X, d.X)+slack &&
			min(o.Y, d.Y)-slack <= x.Y && x.Y <= max(o.Y, d.Y)+slack
	}
	return d1 == 0 && on(a, b, p) || d2 == 0 && on(a, b, q) || d3 == 0 && on(p, q, a) || d4 == 0 && on(p, q, b)
}

// giveUp handles a ring that valid steps cannot bring to max vertices: a
// hole goes (the filled region grows); an outer ring becomes Reduce of the
// hull of its vertices, and its island's holes go. Where that convex ring
// meets or holds rings of other islands, those islands are taken in (the
// hull of their outer rings too, their rings dropped) until it meets none,
// so that no edge crosses another ring, so no pixel, and no region lies in
// another. It reports whether an outer ring gave way.
func (c *capper) giveUp(ri, max int) bool {
	r := &c.rings[ri]
	if ringArea2(c.ring(ri)) < 0 {
		c.dropRing(ri)
		return false
	}
	taken := make([]bool, len(c.rings)+1) // by island
	taken[r.island] = true
	pts := c.ring(ri)
	var h collide.Polygon
	for {
		h = collide.ConvexHull(nil, pts)
		if len(h) > max {
			h = Reduce(h, max)
		}
		grew := false
		for k := range c.rings {
			if o := &c.rings[k]; !o.gone && !taken[o.island] && c.ringMeets(k, h) {
				taken[o.island], grew = true, true
			}
		}
		if !grew {
			break
		}
		for k := range c.rings {
			if o := &c.rings[k]; !o.gone && k != ri && taken[o.island] {
				pts = append(pts, c.ring(k)...)
			}
		}
	}
	c.unlink(ri) // the old ring goes
	first := int32(len(c.pos))
	for _, p := range h {
		c.newVertex(p)
	}
	for i := range h {
		c.link(first+int32(i), first+int32((i+1)%len(h)))
	}
	r.head, r.n = first, int32(len(h))
	for k := range c.rings {
		if k != ri && taken[c.rings[k].island] {
			c.dropRing(k)
		}
	}
	return true
}

// dropRing marks ring ri gone and unlinks its vertices, so that blocked
// finds its edges gone by their links alone; a ring gone already stays
// as it is.
func (c *capper) dropRing(ri int) {
	if !c.rings[ri].gone {
		c.unlink(ri)
		c.rings[ri].gone = true
	}
}

// unlink marks the vertices of ring ri gone (next < 0).
func (c *capper) unlink(ri int) {
	r := &c.rings[ri]
	for v, k := r.head, int32(0); k < r.n; k++ {
		nv := c.next[v]
		c.next[v] = -1
		v = nv
	}
}

// ringMeets reports whether ring k meets the convex polygon h: an edge
// meets an edge of h, or a vertex lies in h.
func (c *capper) ringMeets(k int, h collide.Polygon) bool {
	r := &c.rings[k]
	for a, n := r.head, int32(0); n < r.n; a, n = c.next[a], n+1 {
		pa, pb := c.pos[a], c.pos[c.next[a]]
		in := true
		for i := range h {
			if c.segmentsMeet(pa, pb, h[i], h[(i+1)%len(h)]) {
				return true
			}
			in = in && h[(i+1)%len(h)].Sub(h[i]).Cross(pa.Sub(h[i])) >= -c.eps
		}
		if in {
			return true
		}
	}
	return false
}

// ringArea2 returns twice the signed shoelace area of ring r.
func ringArea2(r []collide.Vec) float64 {
	s := 0.0
	for i, a := range r {
		s += a.Cross(r[(i+1)%len(r)])
	}
	return s
}
