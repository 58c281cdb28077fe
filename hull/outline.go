package hull

import (
	"cmp"
	"image"
	"math"
	"math/bits"
	"slices"
	"sync"

	"github.com/shapegen/shapegen/collide"
	"github.com/shapegen/shapegen/mask"
)

// OutlineOptions are the settings of Outline.
type OutlineOptions struct {
	// MaxVertices is the most vertices a ring keeps; 0 (or less) means
	// DefaultOutline's, and values from 1 to 3 count as 3.
	MaxVertices int
	// Tolerance is the area, in square pixels, that one simplification
	// may add however few vertices a ring has: 0 keeps the exact pixel
	// outline where the vertex limit allows it, 0.5 turns one-pixel
	// staircases into diagonals.
	Tolerance float64
}

// DefaultOutline are the settings shapegen uses. 64 vertices keep a
// character's silhouette (arms, legs, helmet) while bounding the cost of
// the engines that take rings (Godot's CollisionPolygon2D decomposes them
// into convex parts, matter-js's fromVertices too, each about quadratic in
// the vertices): on the shapegen corpus (908 images) half of the rings
// have 53 vertices or fewer at tolerance 0.5 and keep them all; the limit
// binds on 298 images and adds there a median 1.5% (90th percentile 4%)
// of the pixel area.
var DefaultOutline = OutlineOptions{MaxVertices: 64, Tolerance: 0.5}

// Outline returns the outline of every 8-connected island of m (in the
// order of m.Islands()): its outer ring, with a positive shoelace sum,
// then its holes, with negative ones. The filled region of a ring set is
// on the same side of every edge (the left, in the shoelace sense), so
// the winding tells outer from hole. It returns nil for an empty mask.
//
// The rings follow the pixel edges; where two pixels of an island meet only
// at a corner the outer ring passes that corner twice (holes are
// 4-connected, islands 8-connected). Straight runs are one edge. Then
// rings are simplified only outward, so outer rings grow and holes shrink,
// every opaque pixel square stays inside the union of the outer rings
// less the holes' interiors, and no hole covers any part of its island's
// pixels:
//
//  1. Tolerance: a reflex vertex (one whose removal adds area to the
//     filled region) is removed when that adds at most Tolerance square
//     pixels and the triangle it leaves holds no other vertex.
//  2. Limit: a ring with more than MaxVertices vertices loses them
//     cheapest first, each step either removing a reflex vertex or
//     replacing an edge and its two ends by the point where the edges
//     next to it meet when extended (on the outer side), until it has
//     MaxVertices. A step is taken only when the region it adds, closed,
//     meets no other edge of any ring (but at the ends of the edges it
//     keeps), so rings never cross nor newly touch. New vertices are moved
//     outward by a margin of 1e-9 of the coordinate scale, so that rounding
//     cannot put an edge inside a pixel square.
//
// So rings are simple (they may touch at a point, where pixels meet only
// at a corner) and never cross each other. Only when a ring cannot be
// brought to MaxVertices that way (masks like interleaved noise) does a
// hole go (the filled region grows), or an island give way to Reduce of
// the hull of its outer ring, without holes, taking in the islands whose
// rings that convex ring would meet or hold (their rings go: one ring then
// covers several islands). Still no edge crosses another ring or a pixel
// square, and no ring's region lies in another's.
//
// It keeps a few bytes per pixel corner of m (O(width x height) memory);
// the edges come from the runs of each row. Step 2 runs only when a ring
// is over the limit (or has a vertex on a straight line), cheapest step
// first from a heap, each checked against the edges filed in a grid of 8
// pixel cells near its triangle.
func Outline(m *mask.Mask, opt OutlineOptions) [][]collide.Vec {
	rings, _ := outline(m, opt)
	return rings
}

// outline is Outline, and reports whether an island gave way to a convex
// ring (which may then overlap other islands' rings).
func outline(m *mask.Mask, opt OutlineOptions) ([][]collide.Vec, bool) {
	if opt.MaxVertices <= 0 {
		opt.MaxVertices = DefaultOutline.MaxVertices
	}
	opt.MaxVertices = max(opt.MaxVertices, 3)
	// All rings are traced and simplified together, so that no ring
	// crosses another island's, then grouped by island.
	t := tracings.Get().(*tracing)
	defer t.release() // nothing returned shares its memory
	t.trace(m)
	t.simplify(opt.Tolerance)
	t.labelIslands()
	gaveWay := false
	// The rings go out grouped by island, in island order, and in the
	// order found within each (the first ring of an island is its outer
	// one: rings are found in row-major order of their first corner). A
	// counting sort by island places them in one slice, the only one
	// made but the rings. ringIsland[i] is ring i's island, or -1 for a
	// ring that went; first[k] is where island k's rings start in out.
	var c *capper
	t.ringIsland = t.ringIsland[:0]
	if t.needsLimit(opt.MaxVertices) {
		c = newCapper(t, t.islandAt)
		gaveWay = c.limit(opt.MaxVertices)
		for _, r := range c.rings {
			k := r.island
			if r.gone {
				k = -1
			}
			t.ringIsland = append(t.ringIsland, k)
		}
	} else {
		for _, r := range t.rings {
			t.ringIsland = append(t.ringIsland, t.islandAt(r.pixel))
		}
	}
	t.first = grown(t.first, t.islands+1)
	n := 0
	for _, k := range t.ringIsland {
		if k >= 0 {
			t.first[k+1]++
			n++
		}
	}
	if n == 0 {
		return nil, gaveWay
	}
	for k := 1; k <= t.islands; k++ {
		t.first[k] += t.first[k-1]
	}
	out := make([][]collide.Vec, n)
	for i, k := range t.ringIsland {
		if k < 0 {
			continue
		}
		if c != nil {
			out[t.first[k]] = c.ring(i)
		} else {
			out[t.first[k]] = t.ring(i)
		}
		t.first[k]++
	}
	return out, gaveWay
}

// ring returns the vertices of ring i.
func (t *tracing) ring(i int) []collide.Vec {
	r := t.rings[i]
	ring := make([]collide.Vec, 0, r.n)
	for v, k := r.head, 0; k < r.n; v, k = t.next[v], k+1 {
		ring = append(ring, collide.V(float64(t.pts[v].x), float64(t.pts[v].y)))
	}
	return ring
}

// needsLimit reports whether step 2 of Outline has work: a ring with more
// than max vertices, or one with a vertex on a straight line between its
// neighbours (step 1 keeps those it cannot check cheaply).
func (t *tracing) needsLimit(max int) bool {
	for _, r := range t.rings {
		if r.n > max {
			return true
		}
		for v, k := r.head, 0; k < r.n; v, k = t.next[v], k+1 {
			if turn(t.pts[t.prev[v]], t.pts[v], t.pts[t.next[v]]) == 0 {
				return true
			}
		}
	}
	return false
}

// tracing holds the rings of one mask as linked lists of vertices, and
// the scratch space of tracing them, kept between calls in tracings.
type tracing struct {
	pts        []ipt // every ring vertex ever made
	next, prev []int
	rings      []ringList
	w1         int // width+1: the grid of corners is w1 x (height+1)
	// occupied[v]: the live ring vertices at corner v, at most 2 (a corner
	// has at most two edges leaving it, and a vertex leaves by one).
	occupied []uint8
	// The runs of the mask, row by row: row y's are runs[rows[y]:rows[y+1]];
	// island[i] is the island of runs[i] (see labelIslands), and islands
	// how many there are.
	runs    []mask.Run
	rows    []int32
	island  []int32
	islands int
	// Scratch: the edges at each corner and the corners with any (see
	// trace), the vertices simplify need not check, and step 2's memory
	// (see newCapper).
	edges   []uint8
	marked  []uint64
	settled []bool
	capper  capper
	// Scratch of outline's grouping of the rings by island.
	ringIsland []int32
	first      []int
}

// tracings keeps tracings between calls of Outline: the grids of corners
// take two bytes per pixel and step 2's lists some more per vertex, which
// a build would otherwise allocate (and the collector reclaim) for every
// sprite. Each is cleared before use.
var tracings = sync.Pool{New: func() any { return new(tracing) }}

// maxKept is the most corners of a tracing that tracings keeps: the grids
// of a sprite up to about 1024 x 1024 (some 2.2 MB, at two bytes and a
// bit a corner). A larger mask's are left to the collector, so that the
// pool does not hold them for the rest of a build.
const maxKept = 1 << 20

// release returns t to tracings, unless its grids are too large to keep.
func (t *tracing) release() {
	if cap(t.edges) <= maxKept {
		tracings.Put(t)
	}
}

// grown returns s resized to n elements, all zero, reusing its memory
// when it can.
func grown[T any](s []T, n int) []T {
	if cap(s) < n {
		// Twice the old room, when that is more (but no more than
		// tracings keeps), so that a run of ever larger masks grows the
		// scratch a few times rather than once for each.
		return make([]T, n, max(n, min(2*cap(s), maxKept)))
	}
	s = s[:n]
	clear(s)
	return s
}

// ringList is one ring: a vertex on it, how many it has, and a pixel it
// bounds.
type ringList struct {
	head, n int
	pixel   image.Point
}

// trace follows the pixel edges of m into rings, outer ring first, and
// keeps the runs of m; it replaces what t held.
func (t *tracing) trace(m *mask.Mask) {
	w, h := m.Width(), m.Height()
	w1 := w + 1
	// The runs are kept: labelIslands reads them too.
	t.runs, t.rows = t.runs[:0], append(t.rows[:0], 0)
	for y := range h {
		t.runs = m.AppendRuns(t.runs, y)
		t.rows = append(t.rows, int32(len(t.runs)))
	}
	// edges[v]: bit d set when an edge leaves corner v in direction d (0
	// to 3: +x, +y, -x, -y), and bit 4+d once a ring has followed it.
	// Edges keep the pixel on their left in the shoelace sense: tops run
	// +x, right sides +y, bottoms -x, left sides -y. They come from the
	// runs of each row and of the rows above and below. Bit v%64 of
	// marked[v/64] is set when corner v has an edge, so that the search
	// for rings below skips the many corners without one (inside and
	// outside the shape) a word at a time.
	t.edges = grown(t.edges, w1*(h+1))
	t.marked = grown(t.marked, (len(t.edges)+63)/64)
	edges, marked := t.edges, t.marked
	// Each row's runs are the next one's above: the rows slide down.
	above, cur := t.row(-1), t.row(0)
	for y := range h {
		below := t.row(y + 1)
		for _, r := range cur {
			fileEdge(edges, marked, (y+1)*w1+r.X0, 3) // left side of the run
			fileEdge(edges, marked, y*w1+r.X1, 1)     // right side
		}
		uncoveredBy(cur, above, func(x0, x1 int) {
			for v := y*w1 + x0; v < y*w1+x1; v++ {
				fileEdge(edges, marked, v, 0)
			}
		})
		uncoveredBy(cur, below, func(x0, x1 int) {
			for v := (y+1)*w1 + x0 + 1; v <= (y+1)*w1+x1; v++ {
				fileEdge(edges, marked, v, 2)
			}
		})
		above, cur = cur, below
	}
	t.w1, t.occupied = w1, grown(t.occupied, w1*(h+1))
	t.pts, t.next, t.prev, t.rings = t.pts[:0], t.next[:0], t.prev[:0], t.rings[:0]
	for i, word := range marked {
		for ; word != 0; word &= word - 1 {
			v := 64*i + bits.TrailingZeros64(word)
			for {
				// The edges leaving v that no ring has followed yet, first
				// direction first; follow marks edges, this corner's too.
				todo := edges[v] & 0xf &^ (edges[v] >> 4)
				if todo == 0 {
					break
				}
				t.follow(v, bits.TrailingZeros8(todo))
			}
		}
	}
}

// fileEdge sets bit d of edges[v], for an edge leaving corner v in
// direction d, and corner v's bit of marked (see trace). It is a function
// of the slices rather than a closure over them so that it inlines.
func fileEdge(edges []uint8, marked []uint64, v int, d uint) {
	edges[v] |= 1 << (d & 7)
	marked[uint(v)/64] |= 1 << (uint(v) % 64)
}

// row returns the runs of row y, none outside the mask.
func (t *tracing) row(y int) []mask.Run {
	if y < 0 || y >= len(t.rows)-1 {
		return nil
	}
	return t.runs[t.rows[y]:t.rows[y+1]]
}

// bounds returns the least and greatest x and y of the corners of the
// traced mask's set pixels; the mask must have one.
func (t *tracing) bounds() (minX, minY, maxX, maxY int) {
	minX, minY, maxX, maxY = math.MaxInt, math.MaxInt, math.MinInt, math.MinInt
	for y := range len(t.rows) - 1 {
		runs := t.row(y)
		if len(runs) == 0 {
			continue
		}
		minX, maxX = min(minX, runs[0].X0), max(maxX, runs[len(runs)-1].X1)
		minY, maxY = min(minY, y), y+1
	}
	return minX, minY, maxX, maxY
}

// labelIslands numbers the 8-connected islands of the traced mask as
// m.Islands() does, in row-major order of their first pixels, and files
// the island of each run in t.island. Only the island of each ring's pixel
// is needed, so the runs are joined (by union-find over each pair of
// touching runs of neighbouring rows) rather than every pixel labelled.
func (t *tracing) labelIslands() {
	// island[i] is first run i's parent, always an earlier run or i itself,
	// so that a root is its island's first run.
	t.island = grown(t.island, len(t.runs))
	parent := t.island
	for i := range parent {
		parent[i] = int32(i)
	}
	find := func(i int32) int32 {
		for parent[i] != i {
			parent[i] = parent[parent[i]]
			i = parent[i]
		}
		return i
	}
	// Locals, as stores to parent would have t's fields read again.
	runs, rows := t.runs, t.rows
	for y := 1; y < len(rows)-1; y++ {
		// Two pointers over the row above, runs[i], and this one, runs[j].
		for i, j, iEnd, jEnd := rows[y-1], rows[y], rows[y], rows[y+1]; i < iEnd && j < jEnd; {
			a, b := &runs[i], &runs[j]
			if b.X0 <= a.X1 && a.X0 <= b.X1 { // touch, corners included
				if ri, rj := find(i), find(j); ri < rj {
					parent[rj] = ri
				} else {
					parent[ri] = rj
				}
			}
			if a.X1 < b.X1 {
				i++
			} else {
				j++
			}
		}
	}
	// Roots in run order are islands in order of their first pixels. A
	// run's parent comes before it, so by then holds its island number.
	t.islands = 0
	for i, p := range parent {
		if p == int32(i) {
			parent[i] = int32(t.islands)
			t.islands++
		} else {
			parent[i] = parent[p]
		}
	}
}

// islandAt returns the island of pixel p, which must be set.
func (t *tracing) islandAt(p image.Point) int32 {
	runs := t.row(p.Y)
	i, _ := slices.BinarySearchFunc(runs, p.X, func(r mask.Run, x int) int { return cmp.Compare(r.X1, x+1) })
	return t.island[int(t.rows[p.Y])+i]
}

// uncoveredBy calls f(x0, x1) with every span of pixels x0 <= x < x1 of
// the runs a (one row) that no run of b (another row) covers, left to
// right; both are sorted. A span is called for at once, rather than each
// of its pixels, as most are long.
func uncoveredBy(a, b []mask.Run, f func(x0, x1 int)) {
	j := 0
	for _, r := range a {
		x := r.X0
		for x < r.X1 {
			for j < len(b) && b[j].X1 <= x {
				j++
			}
			end := r.X1 // pixels x..end-1 are uncovered
			if j < len(b) && b[j].X0 <= x {
				x = min(b[j].X1, r.X1) // covered up to there
				continue
			}
			if j < len(b) {
				end = min(end, b[j].X0)
			}
			f(x, end)
			x = end
		}
	}
}

// turnTo returns the direction to leave a corner with edges out by, having
// come in direction d: the only edge, or of two (pixels meeting at the
// corner) the right turn, which joins those pixels into one ring.
func turnTo(d int, out uint8) int {
	if out&(out-1) != 0 {
		return (d + 3) % 4
	}
	return bits.TrailingZeros8(out)
}

// follow traces the ring through the edge leaving corner v0 in direction
// d0, keeping only the corners where it turns. Where each edge leads is
// fixed by turnTo, so the ring closes on its first edge.
func (t *tracing) follow(v0, d0 int) {
	// The ring's vertices are first to first+n-1, in order: each links
	// to the next and the previous index, set once the ring is whole.
	first, n := len(t.pts), 0
	// turnAt adds a vertex at corner v at the end of the ring.
	turnAt := func(v int) {
		t.pts = append(t.pts, ipt{int64(v % t.w1), int64(v / t.w1)})
		t.occupied[v]++
		n++
	}
	// The loop reads the edges and steps through a local slice and table:
	// through t, each store to edges would have t's fields read again.
	edges := t.edges
	step := [4]int{1, t.w1, -1, -t.w1} // corner index steps by direction
	head := first
	for v, d := v0, d0; ; {
		edges[v] |= 0x10 << (uint(d) & 3)
		v += step[d]
		in := d
		d = turnTo(in, edges[v]&0xf)
		if v == v0 && d == d0 {
			// Whether the ring turns at v0 shows only now; its vertex
			// there, if any, goes last and then heads the ring.
			if d != in {
				turnAt(v0)
				head = len(t.pts) - 1
			}
			break
		}
		if d != in {
			turnAt(v)
		}
	}
	last := first + n - 1 // a ring turns at least four times
	t.next, t.prev = slices.Grow(t.next, n)[:last+1], slices.Grow(t.prev, n)[:last+1]
	next, prev := t.next[first:], t.prev[first:]
	prev = prev[:len(next)] // so that the loop checks no bounds
	for k := range next {
		next[k], prev[k] = first+k+1, first+k-1
	}
	t.next[last], t.prev[first] = first, last
	// The pixel on the left of the first edge.
	x, y := v0%t.w1, v0/t.w1
	px := [4]image.Point{{x, y}, {x - 1, y}, {x - 1, y - 1}, {x, y - 1}}[d0]
	t.rings = append(t.rings, ringList{head, n, px})
}

// simplify removes reflex vertices as Outline documents, in passes until
// none can go. Most vertices are ruled out by their own triangle (convex,
// say); such a vertex is settled, not checked again in later passes until
// one of its neighbours goes, as the check would give the same answer.
func (t *tracing) simplify(tolerance float64) {
	t.settled = grown(t.settled, len(t.pts))
	settled := t.settled
	for changed := true; changed; {
		changed = false
		for ri := range t.rings {
			r := &t.rings[ri]
			for v, c := r.head, 0; c < r.n && r.n > 3; c++ {
				nv := t.next[v]
				if settled[v] {
					v = nv
					continue
				}
				p, n := t.prev[v], nv
				switch ok, final := t.removable(p, v, n, tolerance); {
				case ok:
					t.next[p], t.prev[n] = n, p
					t.occupied[t.index(t.pts[v])]--
					settled[p], settled[n] = false, false
					if r.head == v {
						r.head = n
					}
					r.n--
					changed = true
				case final:
					settled[v] = true
				}
				v = nv
			}
		}
	}
}

// gcd returns the greatest common divisor of a and b, not both 0.
func gcd(a, b int64) int64 {
	for b != 0 {
		a, b = b, a%b
	}
	return a
}

// index returns the grid index of corner p.
func (t *tracing) index(p ipt) int { return int(p.y)*t.w1 + int(p.x) }

// removable reports whether dropping v (between p and n) adds at most
// tolerance area, only outward, and no other vertex lies in the closed
// triangle p, v, n. When it does not, final reports whether the triangle
// alone rules v out, which holds for as long as v keeps its neighbours;
// the vertices in the triangle may yet go.
func (t *tracing) removable(p, v, n int, tolerance float64) (ok, final bool) {
	a, b, c := t.pts[p], t.pts[v], t.pts[n]
	tr := turn(a, b, c)
	if tr == 0 && (b.x-a.x)*(c.x-b.x)+(b.y-a.y)*(c.y-b.y) <= 0 {
		return false, true // a spike back is kept
	}
	// A straight-through v changes nothing but is checked like the rest:
	// another ring may touch it there.
	if tr > 0 || float64(-tr) > 2*tolerance {
		return false, true
	}
	x0, x1 := min(a.x, b.x, c.x), max(a.x, b.x, c.x)
	y0, y1 := min(a.y, b.y, c.y), max(a.y, b.y, c.y)
	if (x1-x0+1)*(y1-y0+1) > 1<<12 {
		return false, true // too long to check cheaply; keep it
	}
	// The box below holds the triangle, but two common cases need less.
	switch tr {
	case -1:
		// A triangle with integer corners and area 1/2 holds no integer
		// point but its corners (Pick's theorem), so only another vertex
		// at v can be in it.
		return t.occupied[t.index(b)] == 1, false
	case 0:
		// v lies on the segment a c, which is then the whole triangle:
		// only its integer points, g-1 steps of (c-a)/g apart (g the gcd
		// of its spans), can hold another vertex.
		g := gcd(x1-x0, y1-y0)
		step := ipt{(c.x - a.x) / g, (c.y - a.y) / g}
		q := a
		for range g - 1 {
			q = ipt{q.x + step.x, q.y + step.y}
			k := int(t.occupied[t.index(q)])
			if q == b {
				k--
			}
			if k > 0 {
				return false, false
			}
		}
		return true, false
	}
	for y := y0; y <= y1; y++ {
		row := t.occupied[t.index(ipt{0, y}):]
		for x := x0; x <= x1; x++ {
			k := int(row[x])
			if k == 0 {
				continue // most corners hold no vertex
			}
			// Another ring touching at p or n cannot reach into the
			// triangle without a vertex in it (or crossing edge v-n); one
			// touching at v can.
			q := ipt{x, y}
			if q == a || q == c {
				continue
			}
			if q == b {
				k--
			}
			// q in the closed triangle: on the inner side of no edge.
			if k > 0 && turn(a, b, q) <= 0 && turn(b, c, q) <= 0 && turn(c, a, q) <= 0 {
				return false, false
			}
		}
	}
	return true, false
}
