package collide

import "math"

// Grid is a broad phase for many moving bodies: a spatial hash of square
// cells. Each body is an id (a small non-negative int the caller chooses;
// storage grows to the largest id) with a bounding Rect, listed in the
// bucket of every cell its rect covers. Bodies that would cover more than
// bigSpan×bigSpan cells are kept in a separate list and checked against
// everything, so one huge body cannot flood the table.
//
// Rects are closed, as everywhere: rects that touch are candidates. After
// warm-up (the id table and the shared node array at their working size),
// Move, Query and Pairs do not allocate. A Grid is not safe for concurrent use.
type Grid struct {
	inv   float64 // 1 / cell size
	heads []int32 // per bucket, the first node of its list, or -1
	nodes []node  // bucket list nodes; freed ones are chained from free
	free  int32
	mask  uint32
	items []gridItem
	big   []int32
	n     int
}

// entry is a body listed in a bucket, with its cell span so that a scan
// can reject most pairs without touching the body table.
type entry struct {
	id             int32
	x0, y0, x1, y1 int32
}

// node is an entry in a bucket's singly linked list. All lists share one
// node array with a free list, so bodies moving between cells reuse nodes
// and the grid stops allocating once the array has its working size.
type node struct {
	e    entry
	next int32
}

type gridItem struct {
	r              Rect
	x0, y0, x1, y1 int32
	live, big      bool
}

const bigSpan = 16

// NewGrid returns an empty grid with square cells of the given size; one
// to two times the typical body's extent works best. It panics when cell is
// not positive.
func NewGrid(cell float64) *Grid {
	if !(cell > 0) {
		panic("collide: NewGrid cell size must be positive")
	}
	g := &Grid{inv: 1 / cell}
	g.resize(1024)
	return g
}

// Len returns how many bodies the grid holds.
func (g *Grid) Len() int { return g.n }

func (g *Grid) resize(n int) {
	g.heads = make([]int32, n)
	for i := range g.heads {
		g.heads[i] = -1
	}
	g.nodes, g.free = g.nodes[:0], -1
	g.mask = uint32(n - 1)
	for id := range g.items {
		if it := &g.items[id]; it.live && !it.big {
			g.add(int32(id), it)
		}
	}
}

func (g *Grid) hash(x, y int32) uint32 {
	h := uint32(x)*0x9E3779B1 ^ uint32(y)*0x85EBCA77
	return (h ^ h>>15) & g.mask
}

// cellOf returns the cell index holding coordinate v, clamped to int32.
func (g *Grid) cellOf(v float64) int32 {
	c := math.Floor(v * g.inv)
	return int32(max(min(c, math.MaxInt32/2), math.MinInt32/2))
}

func (g *Grid) span(r Rect) (x0, y0, x1, y1 int32) {
	return g.cellOf(r.Min.X), g.cellOf(r.Min.Y), g.cellOf(r.Max.X), g.cellOf(r.Max.Y)
}

// Insert adds body id with bounds r, or moves it there when it is already
// in the grid. An empty r is kept but is never a candidate. It panics on a
// negative id.
func (g *Grid) Insert(id int, r Rect) {
	if id < 0 {
		panic("collide: Grid id must not be negative")
	}
	for id >= len(g.items) {
		g.items = append(g.items, gridItem{})
	}
	if g.items[id].live {
		g.Move(id, r)
		return
	}
	g.n++
	if g.n > len(g.heads)/2 {
		g.resize(2 * len(g.heads))
	}
	g.place(int32(id), r)
}

func (g *Grid) place(id int32, r Rect) {
	it := &g.items[id]
	*it = gridItem{r: r, live: true}
	it.x0, it.y0, it.x1, it.y1 = g.span(r)
	if r.Empty() {
		it.x1, it.y1 = it.x0-1, it.y0-1 // covers no cell
	}
	if int64(it.x1-it.x0) >= bigSpan || int64(it.y1-it.y0) >= bigSpan {
		it.big = true
		g.big = append(g.big, id)
		return
	}
	g.add(id, it)
}

func (g *Grid) add(id int32, it *gridItem) {
	for y := it.y0; y <= it.y1; y++ {
		for x := it.x0; x <= it.x1; x++ {
			h := g.hash(x, y)
			if g.listed(h, id) {
				continue // two cells of one body may share a bucket: list it once
			}
			k := g.free
			if k >= 0 {
				g.free = g.nodes[k].next
			} else {
				k = int32(len(g.nodes))
				g.nodes = append(g.nodes, node{})
			}
			g.nodes[k] = node{entry{id, it.x0, it.y0, it.x1, it.y1}, g.heads[h]}
			g.heads[h] = k
		}
	}
}

// listed reports whether bucket h lists id.
func (g *Grid) listed(h uint32, id int32) bool {
	for k := g.heads[h]; k >= 0; k = g.nodes[k].next {
		if g.nodes[k].e.id == id {
			return true
		}
	}
	return false
}

func (g *Grid) unplace(id int32) {
	it := &g.items[id]
	if it.big {
		removeID(&g.big, id)
		return
	}
	for y := it.y0; y <= it.y1; y++ {
		for x := it.x0; x <= it.x1; x++ {
			h := g.hash(x, y)
			for p, k := int32(-1), g.heads[h]; k >= 0; p, k = k, g.nodes[k].next {
				if g.nodes[k].e.id != id {
					continue
				}
				if p < 0 {
					g.heads[h] = g.nodes[k].next
				} else {
					g.nodes[p].next = g.nodes[k].next
				}
				g.nodes[k].next, g.free = g.free, k
				break
			}
		}
	}
}

// removeID deletes one occurrence of id from the list, not keeping order.
func removeID(s *[]int32, id int32) {
	l := *s
	for i, v := range l {
		if v == id {
			l[i] = l[len(l)-1]
			*s = l[:len(l)-1]
			return
		}
	}
}

// Move sets the bounds of body id to r (inserting it if absent). When r
// covers the same cells as before, only the stored rect changes.
func (g *Grid) Move(id int, r Rect) {
	if id < 0 || id >= len(g.items) || !g.items[id].live {
		g.Insert(id, r)
		return
	}
	it := &g.items[id]
	x0, y0, x1, y1 := g.span(r)
	if !r.Empty() && !it.r.Empty() && x0 == it.x0 && y0 == it.y0 && x1 == it.x1 && y1 == it.y1 {
		it.r = r
		return
	}
	g.unplace(int32(id))
	g.place(int32(id), r)
}

// Remove takes body id out of the grid; an absent id is ignored.
func (g *Grid) Remove(id int) {
	if id < 0 || id >= len(g.items) || !g.items[id].live {
		return
	}
	g.unplace(int32(id))
	g.items[id].live = false
	g.n--
}

// Rect returns the bounds of body id and whether it is in the grid.
func (g *Grid) Rect(id int) (Rect, bool) {
	if id < 0 || id >= len(g.items) || !g.items[id].live {
		return Rect{}, false
	}
	return g.items[id].r, true
}

// first reports whether cell (x, y) is the first cell (smallest x, then
// smallest y) shared by the two spans, so a pair found in several shared
// cells is reported from one of them only.
func first(x, y, ax0, ay0, bx0, by0 int32) bool {
	return x == max(ax0, bx0) && y == max(ay0, by0)
}

// Query calls fn with every body whose rect intersects r (touching
// included), each once, until fn returns false.
func (g *Grid) Query(r Rect, fn func(id int) bool) {
	if r.Empty() {
		return
	}
	for _, id := range g.big {
		if g.items[id].r.Intersects(r) && !g.items[id].r.Empty() && !fn(int(id)) {
			return
		}
	}
	x0, y0, x1, y1 := g.span(r)
	if int64(x1-x0+1)*int64(y1-y0+1) > int64(len(g.items)) {
		// Scanning the bodies is cheaper than visiting the cells.
		for id := range g.items {
			it := &g.items[id]
			if it.live && !it.big && !it.r.Empty() && it.r.Intersects(r) && !fn(id) {
				return
			}
		}
		return
	}
	for y := y0; y <= y1; y++ {
		for x := x0; x <= x1; x++ {
			for k := g.heads[g.hash(x, y)]; k >= 0; k = g.nodes[k].next {
				e := &g.nodes[k].e
				if x < e.x0 || x > e.x1 || y < e.y0 || y > e.y1 || !first(x, y, x0, y0, e.x0, e.y0) {
					continue // another cell in the bucket, or reported elsewhere
				}
				if g.items[e.id].r.Intersects(r) && !fn(int(e.id)) {
					return
				}
			}
		}
	}
}

// Pairs calls fn(a, b), a < b, once for every pair of bodies whose rects
// intersect (touching included): the candidates for a narrow-phase test.
func (g *Grid) Pairs(fn func(a, b int)) {
	for _, bid := range g.big {
		b := &g.items[bid]
		if b.r.Empty() {
			continue
		}
		for id := range g.items {
			it := &g.items[id]
			if !it.live || int32(id) == bid || (it.big && int32(id) < bid) || it.r.Empty() || !it.r.Intersects(b.r) {
				continue
			}
			fn(min(id, int(bid)), max(id, int(bid)))
		}
	}
	// Each bucket is scanned once; a pair is reported from the bucket of
	// its first shared cell only.
	for h, head := range g.heads {
		for i := head; i >= 0; i = g.nodes[i].next {
			a := &g.nodes[i].e
			for j := g.nodes[i].next; j >= 0; j = g.nodes[j].next {
				b := &g.nodes[j].e
				x, y := max(a.x0, b.x0), max(a.y0, b.y0)
				if x > a.x1 || x > b.x1 || y > a.y1 || y > b.y1 || g.hash(x, y) != uint32(h) {
					continue
				}
				if g.items[a.id].r.Intersects(g.items[b.id].r) {
					fn(int(min(a.id, b.id)), int(max(a.id, b.id)))
				}
			}
		}
	}
}
