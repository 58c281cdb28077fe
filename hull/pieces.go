package hull

import (
	"cmp"
	"math"
	"slices"
	"sync"

	"github.com/shapegen/shapegen/collide"
	"github.com/shapegen/shapegen/mask"
)

// PiecesOptions are the settings of Pieces.
type PiecesOptions struct {
	// MaxPieces is the most pieces a sprite gets.
	MaxPieces int
	// MaxVertices is the most vertices a piece has.
	MaxVertices int
	// Gain is the least share of the hull's excess area (its area less the
	// opaque pixel count) that a piece must remove to be kept: parts are
	// merged while a merge, refined, adds less than Gain times that excess
	// to the sum of their hull areas. 0 spends the whole budget (parts
	// merge only when that adds nothing).
	Gain float64
}

// DefaultPieces are the settings shapegen uses: the Box2D limits of 8
// pieces of 8 vertices, and pieces that each remove at least 10% of the
// hull's excess area. On the shapegen corpus that gives its concave
// sprites (pixels under 0.8 of the hull's area) a median of 4 pieces
// keeping a median 0.50 of the hull's excess area (the union of the
// pieces less the pixels, over the hull less the pixels); Gain 0.05 gives
// 7 pieces and 0.35, Gain 0.15 gives 2 and 0.68, Gain 0 gives 8 and 0.33.
var DefaultPieces = PiecesOptions{MaxPieces: 8, MaxVertices: 8, Gain: 0.10}

// nearlyConvex is the most a sprite's hull may add to its pixel area, as a
// share of it, for the sprite to get one piece.
const nearlyConvex = 0.05

// refinePasses is the most passes refine makes over the pairs of parts:
// a third pass gains little (on the corpus, a median 0.326 of the hull's
// excess kept against 0.329 with Gain 0) for a third more work.
const refinePasses = 2

// Pieces returns convex polygons whose union contains every opaque pixel
// square of m, each square inside one single polygon: a convex cover for
// concave sprites. Polygons may overlap. It returns nil for an empty mask.
// Zero MaxPieces and MaxVertices take DefaultPieces' values; MaxPieces
// below 1 counts as 1, MaxVertices below 3 as 3, a negative or NaN Gain as
// 0. Each polygon is convex with at most MaxVertices vertices and follows
// the collide.Polygon conventions, being Reduce of an exact hull.
//
// A sprite whose hull adds less than 5% to its pixel area gets one piece,
// Reduce(Convex(m), MaxVertices). Otherwise the pixels are partitioned
// into parts, each covered by Reduce of the hull of its own pixel squares
// (so every square lies in one piece):
//
//  1. Atoms: the row runs, stacked top to bottom into vertical chains
//     while a chain's hull exceeds its pixels by at most one square pixel
//     per row (staircases and straight strokes stay one atom, curves do
//     not).
//  2. Merge: adjacent parts are merged cheapest first, the cost being the
//     area the hull of the union adds to the two hulls, while more than
//     MaxPieces remain or a merge costs less than Gain times the hull's
//     excess (when no adjacent parts are left, as with separate islands,
//     each part and its nearest few are candidates).
//  3. Split: while fewer than MaxPieces remain, the part whose best
//     straight cut (below) saves the most is cut, when that saves at least
//     Gain times the hull's excess.
//  4. Refine: for every two parts that touch, the union of their pixels is
//     cut again by the best straight cut (between rows, between columns or
//     along either diagonal, at every position), kept when the two new
//     hulls have less area than the old ones; at most refinePasses passes.
//  5. Count: the cheapest pair merges while that, after one refining pass
//     over the pairs it changes, adds less than Gain times the hull's
//     excess to the sum of hull areas; then the parts are refined again.
//  6. Size: a part narrower than MinPieceWidth or of less area than
//     MinPieceArea merges into the part whose merge costs least (and the
//     parts are refined), unless its pixels are that thin or small
//     themselves: none of them lies in a fully opaque MinPieceWidth x
//     MinPieceWidth block of m (a 1 px wire keeps its 1 px piece), or it
//     touches no other part (it is whole islands).
//
// Merging and cutting compare sums of hull areas; the pieces of different
// parts may overlap, which only helps the union. The exact area of the
// hull of every prefix of pixels along a cut direction comes from one
// sweep: the hull of the pixel centres (incremental monotone chain, exact
// integers) grown by the unit square, area(C) + width_x(C) + width_y(C) +
// 1. A cut costs O(runs + lines) for each direction; on a 70 x 90 sprite
// Pieces makes some tens of them.
func Pieces(m *mask.Mask, opt PiecesOptions) []collide.Polygon {
	opt = opt.norm()
	whole := Convex(m)
	if whole == nil {
		return nil
	}
	count := int64(m.Count())
	hullArea2 := int64(2*whole.Area() + 0.5)
	excess2 := hullArea2 - 2*count
	if float64(excess2) < nearlyConvex*float64(2*count) || opt.MaxPieces == 1 {
		return []collide.Polygon{Reduce(whole, opt.MaxVertices)}
	}
	limit := opt.Gain * float64(excess2)
	sp := pieceScratches.Get().(*pieceScratch)
	defer sp.release()
	sp.ar.runs, sp.ar.ipts, sp.ar.rows, sp.ar.stamp = sp.ar.runs[:0], sp.ar.ipts[:0], sp.ar.rows[:0], 0
	clear(sp.tried)
	s := partSet{cut: sp.cut, sc: sp.sc, u: sp.u, ch: sp.ch, ar: &sp.ar, tried: sp.tried}
	s.atoms(m, &sp.atoms)
	s.merge(opt.MaxPieces, limit)
	s.split(opt.MaxPieces, limit)
	s.refine()
	// Fewer parts while the cheapest merge, refined, costs less than limit.
	for len(s.parts) > 1 {
		i, j, u := s.cheapestPair()
		c := s.clone()
		c.joinUnion(i, j, u)
		c.refineN(1)
		if float64(c.total()-s.total()) >= limit {
			break
		}
		s = *c
	}
	s.refine()
	s.enforceMinimums(m)
	slices.SortFunc(s.parts, func(a, b *part) int {
		return cmp.Or(cmp.Compare(a.runs[0].y, b.runs[0].y), cmp.Compare(a.runs[0].x0, b.runs[0].x0))
	})
	out := make([]collide.Polygon, 0, len(s.parts))
	for _, p := range s.parts {
		out = append(out, Reduce(p.polygon(), opt.MaxVertices))
	}
	sp.cut, sp.sc, sp.u, sp.ch, sp.tried = s.cut, s.sc, s.u, s.ch, s.tried // as grown
	return out
}

// pieceScratch is the space a Pieces call reuses (the cutter's line
// tables and sweeps, hull merges, merged runs, hull chains, the parts'
// arenas, and the atoms' runs, links, chains, hulls and parts, with
// merge's heap and its candidates' unions, and refine's set of pairs
// tried), kept between calls in pieceScratches so that a build does not
// allocate it for every sprite. Nothing Pieces returns or keeps shares
// its memory.
type pieceScratch struct {
	cut   cutter
	sc    scratch
	u     []prun
	ch    chains
	ar    arenas
	atoms atomScratch
	tried pairSet
}

var pieceScratches = sync.Pool{New: func() any { return new(pieceScratch) }}

// maxKeptAtoms is the most atoms whose chains pieceScratches keeps.
const maxKeptAtoms = 1 << 13

// release returns sp to pieceScratches, unless a large mask (a whole
// sheet) has grown it past what a sprite needs (maxKept entries, or
// maxKeptAtoms atoms, whose chains are some 200 bytes each).
func (sp *pieceScratch) release() {
	if cap(sp.u) <= maxKept && cap(sp.cut.lo) <= maxKept && cap(sp.cut.groups) <= maxKept &&
		cap(sp.ar.runs) <= maxKept && cap(sp.ar.ipts) <= maxKept && cap(sp.ar.rows) <= maxKept &&
		cap(sp.atoms.runs) <= maxKept && cap(sp.atoms.unions) <= maxKept && cap(sp.atoms.growing) <= maxKeptAtoms {
		pieceScratches.Put(sp)
	}
}

// arenas are the blocks that parts' runs, hulls and lines are cut from.
// They live as long as one Pieces call (nothing it returns shares them),
// so cuts, merges and clones do not allocate for every part. They also
// hand out the parts' stamps, which clones must share.
type arenas struct {
	runs  []prun
	ipts  []ipt
	rows  []int32 // the lines' rows
	stamp int32   // the last stamp handed out
}

// newStamp returns a stamp no part has had in this Pieces call.
func (a *arenas) newStamp() int32 {
	a.stamp++
	return a.stamp
}

// cutFrom returns n entries of block past its length (old values, for
// the caller to write) and block grown over them; a new block when there
// is no room, the old one staying with the parts that use it.
func cutFrom[T any](block []T, n int) (s, rest []T) {
	if cap(block)-len(block) < n {
		block = make([]T, 0, max(n, 2*cap(block), 1024))
	}
	k := len(block)
	return block[k : k+n : k+n], block[:k+n]
}

// newRuns returns room for n runs.
func (a *arenas) newRuns(n int) []prun {
	var s []prun
	s, a.runs = cutFrom(a.runs, n)
	return s
}

// newRows returns room for n rows.
func (a *arenas) newRows(n int) []int32 {
	var s []int32
	s, a.rows = cutFrom(a.rows, n)
	return s
}

// keepLines returns a copy of l in the arena.
func (a *arenas) keepLines(l lines) lines {
	lo, hi := a.newRows(len(l.lo)), a.newRows(len(l.hi))
	copy(lo, l.lo)
	copy(hi, l.hi)
	return lines{l.k0, lo, hi}
}

// keepHull returns a copy of h in dst's array when it has room, else in
// the arena.
func (a *arenas) keepHull(dst, h []ipt) []ipt {
	if cap(dst) < len(h) {
		dst, a.ipts = cutFrom(a.ipts, len(h))
	}
	return append(dst[:0], h...)
}

// norm returns o with zero fields defaulted and out-of-range ones clamped.
func (o PiecesOptions) norm() PiecesOptions {
	if o.MaxPieces == 0 {
		o.MaxPieces = DefaultPieces.MaxPieces
	}
	if o.MaxVertices == 0 {
		o.MaxVertices = DefaultPieces.MaxVertices
	}
	o.MaxPieces = max(o.MaxPieces, 1)
	o.MaxVertices = max(o.MaxVertices, 3)
	if !(o.Gain >= 0) {
		o.Gain = 0
	}
	return o
}

// prun is the pixels x0 <= x < x1 of row y.
type prun struct{ y, x0, x1 int32 }

// part is a set of pixels and the hull of their squares.
type part struct {
	runs  []prun // sorted by row, then x (from the end of merge on)
	hull  []ipt  // positive shoelace, integer corners
	area2 int64  // twice the hull's area
	count int64  // pixels
	// ver is the part's stamp: every change of its pixels gives it a new
	// one (arenas.newStamp), so two parts with the same stamp, in a
	// partSet and its clone, are the same pixels. Merge spots stale
	// candidates by it, and refine remembers pairs by it.
	ver int32
	// lo, hi: the indices of the hull's least and greatest vertex by x,
	// then y (lexEnds), kept for unionHull with the hull.
	lo, hi int32
	// lines[d]: the part's lines across slants[d], filled for the cutter
	// (partSet.lines) while linesVer[d] is its stamp: a part is cut with
	// each of its neighbours in turn, the union's lines merged from the
	// two parts' (the stamps start again in each Pieces call, so setAtoms
	// clears linesVer of the atoms' parts it reuses).
	lines    [3]lines
	linesVer [3]int32
	alive    bool
	// x0, y0, x1, y1: the bounds of the pixels (x1, y1 exclusive).
	x0, y0, x1, y1 int32
}

// setRuns sets p's pixels (runs sorted) and its hull, using c's space;
// the caller gives p a new stamp. As in Convex, each grid line between
// two rows gets one point per chain, the extremes of the rows above and
// below it: half the pushes of addRow, and the same hull.
func (p *part) setRuns(runs []prun, c *chains) {
	p.runs = runs
	c.right, c.left, c.rsum, c.lsum = c.right[:0], c.left[:0], 0, 0
	var py, pl, pr int64 // the row above: row py, corners pl..pr
	for i := 0; i < len(runs); {
		y, l, r := int64(runs[i].y), int64(runs[i].x0), int64(runs[i].x1)
		for i++; i < len(runs) && int64(runs[i].y) == y; i++ {
			l, r = min(l, int64(runs[i].x0)), max(r, int64(runs[i].x1))
		}
		switch {
		case len(c.right) == 0: // the first row
			c.push(ipt{l, y}, ipt{r, y})
		case py+1 == y:
			c.push(ipt{min(l, pl), y}, ipt{max(r, pr), y})
		default: // a gap: the bottom of the row above, then the top of this one
			c.push(ipt{pl, py + 1}, ipt{pr, py + 1})
			c.push(ipt{l, y}, ipt{r, y})
		}
		py, pl, pr = y, l, r
	}
	if len(c.right) > 0 {
		c.push(ipt{pl, py + 1}, ipt{pr, py + 1})
	}
	p.hull = c.appendIpts(p.hull[:0])
	p.setEnds()
	p.area2 = c.area2()
	p.count = 0
	p.x0, p.y0, p.x1, p.y1 = math.MaxInt32, math.MaxInt32, math.MinInt32, math.MinInt32
	for _, r := range runs {
		p.count += int64(r.x1 - r.x0)
		p.x0, p.x1 = min(p.x0, r.x0), max(p.x1, r.x1)
	}
	if len(runs) > 0 {
		p.y0, p.y1 = runs[0].y, runs[len(runs)-1].y+1
	}
}

// setRuns sets p's pixels as part.setRuns does, and gives it a new stamp.
func (s *partSet) setRuns(p *part, runs []prun) {
	p.setRuns(runs, &s.ch)
	p.ver = s.ar.newStamp()
}

// setEnds sets p.lo and p.hi for p's hull.
func (p *part) setEnds() {
	lo, hi := lexEnds(p.hull)
	p.lo, p.hi = int32(lo), int32(hi)
}

// lines returns p's lines across slants[d], filled once for each of its
// stamps.
func (s *partSet) lines(p *part, d int) lines {
	if p.linesVer[d] != p.ver {
		b := slants[d]
		k0, g := lineRange(b, bounds{p.x0, p.x1 - 1, p.y0, p.y1 - 1})
		p.lines[d] = s.cut.fillLines(p.runs, b, k0, s.ar.newRows(g), s.ar.newRows(g))
		p.linesVer[d] = p.ver
	}
	return p.lines[d]
}

// setCutLines gives parts p and q, the first and second side of a cut
// across slants[d] after line k of pixels whose lines across it are u,
// their lines across it: u's on either side of k (a line of u's). Their
// other lines, and those of the sides of a cut between rows, are filled
// when a cut needs them.
func (s *partSet) setCutLines(d int, k int32, u lines, p, q *part) {
	n := int(k-u.k0) + 1 // the lines on the first side
	p.lines[d] = s.ar.keepLines(lines{u.k0, u.lo[:n], u.hi[:n]})
	q.lines[d] = s.ar.keepLines(lines{k + 1, u.lo[n:], u.hi[n:]})
	p.linesVer[d], q.linesVer[d] = p.ver, q.ver
}

// polygon returns p's hull as a polygon.
func (p *part) polygon() collide.Polygon {
	q := make(collide.Polygon, len(p.hull))
	for i, v := range p.hull {
		q[i] = collide.V(float64(v.x), float64(v.y))
	}
	return q
}

// box returns the bounds of p's pixels: x0, y0, x1, y1 (exclusive).
func (p *part) box() (x0, y0, x1, y1 int32) { return p.x0, p.y0, p.x1, p.y1 }

// near reports whether the bounds of the pixels of p and q touch or
// overlap, as they do when some pixels of the two touch (by an edge or a
// corner).
func (p *part) near(q *part) bool {
	return p.x0 <= q.x1 && q.x0 <= p.x1 && p.y0 <= q.y1 && q.y0 <= p.y1
}

// appendIpts appends the hull's vertices, as polygon returns them.
func (c *chains) appendIpts(dst []ipt) []ipt {
	dst = append(dst, c.right...)
	for i := len(c.left) - 1; i >= 0; i-- {
		dst = append(dst, c.left[i])
	}
	return dst
}

// partSet is the parts of a mask being built, and scratch space.
type partSet struct {
	all   []*part // every part ever made while merging; parts are the live ones after
	parts []*part
	sc    scratch
	cut   cutter
	u     []prun       // refine's union of two parts' runs
	ch    chains       // setRuns's hull chains
	tried pairSet      // pairs of parts refine would not change, shared with clones
	at    *atomScratch // the atoms' runs and links, for merge
	ar    *arenas      // the parts' runs and hulls, and their stamps
}

// scratch is reusable space for hull merges (h, and best for the
// cheapest union cheapestPair found) and for the hulls refine tries (pa,
// pb).
type scratch struct {
	h, best []ipt
	pa, pb  []ipt
}

// atoms makes the first parts: chains of row runs (see Pieces), with
// their adjacency (a.linksByAtom). A run continues the chain of the one
// run above it that it touches when that run touches no other run of its
// row. The parts' hulls are cut from an arena in a, each one's capacity
// ending with its own, so a hull that grows (absorb) moves out.
func (s *partSet) atoms(m *mask.Mask, a *atomScratch) {
	a.runs, a.owner, a.links = a.runs[:0], a.owner[:0], a.links[:0]
	a.growing = a.growing[:0]
	prev, cur := a.prev[:0], a.cur[:0]
	prevPart, curPart := a.prevPart[:0], a.curPart[:0]
	touch := func(a, b mask.Run) bool { return a.X0 <= b.X1 && b.X0 <= a.X1 }
	for y := range m.Height() {
		cur = m.AppendRuns(cur[:0], y)
		curPart = curPart[:0]
		pi := 0 // first run above that may touch the current one
		for ci, r := range cur {
			for pi < len(prev) && prev[pi].X1 < r.X0 {
				pi++
			}
			joined := int32(-1)
			// Exactly one run above touches r, and it touches r alone.
			if pi < len(prev) && touch(prev[pi], r) && (pi+1 == len(prev) || !touch(prev[pi+1], r)) &&
				(ci == 0 || !touch(prev[pi], cur[ci-1])) && (ci+1 == len(cur) || !touch(prev[pi], cur[ci+1])) {
				j := prevPart[pi]
				g := &a.growing[j]
				try := g.c.tryRow(y, r.X0, r.X1-1)
				count := g.count + int64(r.X1-r.X0)
				if g.c.area2After(try)-2*count <= 2*(g.rows+1) {
					g.c.apply(try)
					g.count, g.rows = count, g.rows+1
					joined = j
				}
			}
			if joined < 0 {
				joined = int32(len(a.growing))
				a.growing = a.growing.grow()
				g := &a.growing[joined]
				g.c.addRow(y, r.X0, r.X1-1)
				g.count, g.rows = int64(r.X1-r.X0), 1
			}
			a.runs = append(a.runs, prun{int32(y), int32(r.X0), int32(r.X1)})
			a.owner = append(a.owner, joined)
			curPart = append(curPart, joined)
			for k := pi; k < len(prev) && prev[k].X0 <= r.X1; k++ {
				if touch(prev[k], r) && prevPart[k] != joined {
					a.links = append(a.links, [2]int32{prevPart[k], joined})
				}
			}
		}
		prev, cur = cur, prev
		prevPart, curPart = curPart, prevPart
	}
	a.prev, a.cur, a.prevPart, a.curPart = prev, cur, prevPart, curPart
	s.setAtoms(a)
}

// setAtoms makes the parts of the atoms found in a, with the hull each
// one's chain has built. Their runs stay in a until merge gathers them.
func (s *partSet) setAtoms(a *atomScratch) {
	n := len(a.growing)
	a.hulls = a.hulls[:0]
	for j := range n {
		a.hulls = a.growing[j].c.appendIpts(a.hulls)
	}
	a.parts = grown(a.parts, n)
	a.all = grown(a.all, n)
	parts := a.parts
	s.all = a.all
	h := 0
	for j := range n {
		g, p := &a.growing[j], &parts[j]
		k := h + len(g.c.right) + len(g.c.left)
		p.hull, h = a.hulls[h:k:k], k
		p.setEnds()
		p.area2, p.count, p.ver, p.alive = g.c.area2(), g.count, s.ar.newStamp(), true
		p.linesVer = [3]int32{}
		p.x0, p.y0, p.x1, p.y1 = math.MaxInt32, math.MaxInt32, math.MinInt32, math.MinInt32
		s.all[j] = p
	}
	for i, r := range a.runs {
		p := s.all[a.owner[i]]
		p.x0, p.y0, p.x1, p.y1 = min(p.x0, r.x0), min(p.y0, r.y), max(p.x1, r.x1), max(p.y1, r.y+1)
	}
	// The links by their first atom, each atom's in the order found.
	a.next = append(a.next[:0], make([]int32, n+1)...)
	for _, l := range a.links {
		a.next[l[0]+1]++
	}
	for j := range n {
		a.next[j+1] += a.next[j]
	}
	a.linksByAtom = append(a.linksByAtom[:0], a.links...)
	for _, l := range a.links {
		a.linksByAtom[a.next[l[0]]] = l
		a.next[l[0]]++
	}
	s.at = a
}

// gather sets the runs of the live parts once merging is done: the runs
// of their atoms (find leads an atom to its part), which come in row
// order. Each part's runs end at its own slice of an arena in s.at.
func (s *partSet) gather(find func(int) int) {
	a := s.at
	n := len(s.all)
	a.start = append(a.start[:0], make([]int32, n+1)...)
	for i, j := range a.owner {
		j = int32(find(int(j)))
		a.owner[i] = j
		a.start[j+1]++
	}
	for j := range n {
		a.start[j+1] += a.start[j]
	}
	a.sorted = append(a.sorted[:0], a.runs...)
	a.next = append(a.next[:0], a.start[:n]...)
	for i, j := range a.owner {
		a.sorted[a.next[j]] = a.runs[i]
		a.next[j]++
	}
	for j, p := range s.all {
		if p.alive {
			p.runs = a.sorted[a.start[j]:a.start[j+1]:a.start[j+1]]
		}
	}
}

// atomScratch is the space atoms reuses between calls.
type atomScratch struct {
	runs        []prun     // every run, in row order
	owner       []int32    // the atom of each run (its part, after gather)
	links       [][2]int32 // touching atoms, in the order found
	linksByAtom [][2]int32 // the links by their first atom (stable)
	sorted      []prun     // the runs by part
	hulls       []ipt      // the atoms' hulls, one after another
	start, next []int32    // offsets by atom or part, for gathering links and runs
	growing     atomChains
	parts       []part             // the atoms' parts (merge's parts after)
	all         []*part            // pointers to them
	owners      []int              // merge's union-find
	heap        minHeap[candidate] // merge's candidates
	unions      []ipt              // the hulls of their unions
	// The runs of the row above and of this row, with their atoms.
	prev, cur         []mask.Run
	prevPart, curPart []int32
}

// atomChain is the hull of an atom's rows so far, with its pixel and row
// counts.
type atomChain struct {
	c           chains
	count, rows int64
}

// atomChains are the chains of the atoms, by atom.
type atomChains []atomChain

// grow returns cs with one more chain, empty, reusing the memory of a
// chain dropped earlier when there is one.
func (cs atomChains) grow() atomChains {
	if len(cs) == cap(cs) {
		return append(cs, atomChain{})
	}
	cs = cs[:len(cs)+1]
	g := &cs[len(cs)-1]
	g.c.right, g.c.left, g.c.rsum, g.c.lsum = g.c.right[:0], g.c.left[:0], 0, 0
	g.count, g.rows = 0, 0
	return cs
}

// lexEnds returns the indices of the least and the greatest vertex of p
// by x, then y.
func lexEnds(p []ipt) (lo, hi int) {
	for i, v := range p {
		if v.x < p[lo].x || v.x == p[lo].x && v.y < p[lo].y {
			lo = i
		}
		if v.x > p[hi].x || v.x == p[hi].x && v.y > p[hi].y {
			hi = i
		}
	}
	return lo, hi
}

// unionHull returns the hull of the convex polygons a and b (positive
// shoelace) and twice its area, in sc.h: Andrew's monotone chain, one
// chain at a time. Each polygon's vertices from its least (by x, then y)
// to its greatest, in polygon order, come sorted, and only they can be on
// that chain of the union; so the chain is built from the two polygons'
// runs merged, and the way back likewise. Linear in their sizes.
func (sc *scratch) unionHull(a, b []ipt) ([]ipt, int64) {
	alo, ahi := lexEnds(a)
	blo, bhi := lexEnds(b)
	h, a2, _ := sc.unionHullEnds(a, b, alo, ahi, blo, bhi)
	return h, a2
}

// unionHullEnds is unionHull with the polygons' lexEnds given, and it
// returns the index of the greatest vertex of the hull too (the least is
// its first).
func (sc *scratch) unionHullEnds(a, b []ipt, alo, ahi, blo, bhi int) (h []ipt, a2 int64, hi int) {
	h = hullChain(sc.h[:0], a, b, alo, ahi, blo, bhi, 1)
	hi = len(h) - 1
	h = hullChain(h, a, b, ahi, alo, bhi, blo, -1)
	h = h[:len(h)-1] // the least vertex again
	sc.h = h
	a2 = cross(h[len(h)-1], h[0])
	for k := 1; k < len(h); k++ {
		a2 += cross(h[k-1], h[k])
	}
	return h, a2, hi
}

// unionOf is unionHullEnds of the hulls of parts p and q.
func (sc *scratch) unionOf(p, q *part) (h []ipt, a2 int64, hi int) {
	return sc.unionHullEnds(p.hull, q.hull, int(p.lo), int(p.hi), int(q.lo), int(q.hi))
}

// hullChain appends to h one chain of Andrew's monotone chain over the
// vertices of a from index i to j and of b from k to l (in polygon order,
// cyclically), which come in increasing order by x, then y (sign 1), or
// decreasing (sign -1), merged. It pops none of the points h has already.
func hullChain(h, a, b []ipt, i, j, k, l int, sign int64) []ipt {
	low := len(h) + 2
	if len(h) > 0 {
		low = len(h) + 1
	}
	na := (j-i+len(a))%len(a) + 1 // points left of each
	nb := (l-k+len(b))%len(b) + 1
	for na > 0 && nb > 0 {
		var p ipt
		if dx, dy := a[i].x-b[k].x, a[i].y-b[k].y; sign*dx < 0 || dx == 0 && sign*dy <= 0 {
			p = a[i]
			if i++; i == len(a) {
				i = 0
			}
			na--
		} else {
			p = b[k]
			if k++; k == len(b) {
				k = 0
			}
			nb--
		}
		h = pushChain(h, low, p)
	}
	// The rest of one of them.
	if nb > 0 {
		a, i, na = b, k, nb
	}
	for ; na > 0; na-- {
		h = pushChain(h, low, a[i])
		if i++; i == len(a) {
			i = 0
		}
	}
	return h
}

// pushChain appends p to the chain h, first dropping its last point
// while h has at least low points and its last two and p make no positive
// turn.
func pushChain(h []ipt, low int, p ipt) []ipt {
	for len(h) >= low && turn(h[len(h)-2], h[len(h)-1], p) <= 0 {
		h = h[:len(h)-1]
	}
	return append(h, p)
}

// joinCost returns how much twice the hull area of the union of parts p
// and q exceeds the sum of theirs.
func (s *partSet) joinCost(p, q *part) int64 {
	_, a2, _ := s.sc.unionOf(p, q)
	return a2 - p.area2 - q.area2
}

// appendMerged appends the runs of a and b (sorted, with no pixel in
// common) to out, sorted, each run that starts where the one before it in
// its row ends joined to it: the cutter's work goes by runs, and two parts
// side by side meet in many rows.
func appendMerged(out, a, b []prun) []prun {
	start := len(out)
	i, j := 0, 0
	for i < len(a) || j < len(b) {
		var r prun
		if j == len(b) || i < len(a) && (a[i].y < b[j].y || a[i].y == b[j].y && a[i].x0 < b[j].x0) {
			r = a[i]
			i++
		} else {
			r = b[j]
			j++
		}
		if n := len(out); n > start && out[n-1].y == r.y && out[n-1].x1 == r.x0 {
			out[n-1].x1 = r.x1
			continue
		}
		out = append(out, r)
	}
	return out
}

// candidate is a merge of parts a and b (indices into partSet.all) adding
// cost to twice the hull areas, valid while their stamps are va and vb.
// The hull of their union, as unionOf returns it, is merge's
// unions[h0:h1] with its greatest vertex at hi, or h0 == h1 when it was
// not kept.
type candidate struct {
	cost       int64
	a, b       int32
	va, vb     int32
	h0, h1, hi int32
}

// before orders candidates by cost, then by their parts.
func (x candidate) before(y candidate) bool {
	return x.cost < y.cost || x.cost == y.cost && (x.a < y.a || x.a == y.a && x.b < y.b)
}

// merge joins parts, cheapest first, while more than target remain or the
// cheapest join adds less than limit (twice an area; see Pieces).
// Adjacent parts are candidates; when none are left (separate islands),
// each part and its nearest few are, after parts in the same cell of an
// 8 x 8 grid over the sprite have merged when there are many.
//
// Candidates are refreshed lazily: a merged part keeps its index, the
// other's index leads to it (union-find), and a candidate whose parts have
// changed since its cost was found is costed again when it comes to the
// top. So a merge costs O(log) heap work plus the joins it refreshes,
// whatever the number of neighbours, but the merge taken is the cheapest
// only among costs still current.
func (s *partSet) merge(target int, limit float64) {
	owner := s.at.owners[:0]
	for i := range s.all {
		owner = append(owner, i)
	}
	find := func(i int) int {
		for owner[i] != i {
			owner[i] = owner[owner[i]]
			i = owner[i]
		}
		return i
	}
	h := s.at.heap[:0]
	// Each candidate's union is kept (up to maxKept/2 points in all), so
	// that the join taken need not build it again.
	unions := s.at.unions[:0]
	costed := func(i, j int) candidate {
		if i > j {
			i, j = j, i
		}
		p, q := s.all[i], s.all[j]
		u, a2, hi := s.sc.unionOf(p, q)
		h0 := int32(len(unions))
		if len(unions)+len(u) <= maxKept/2 {
			unions = append(unions, u...)
		}
		return candidate{a2 - p.area2 - q.area2, int32(i), int32(j), p.ver, q.ver, h0, int32(len(unions)), int32(hi)}
	}
	push := func(i, j int) { h.push(costed(i, j)) }
	// Pathological masks (noise) can have very many atoms: beyond 4096
	// they merge by the cells of a 64 x 64 grid first, adjacency aside.
	alive := s.mergeCells(owner, 64)
	for _, l := range s.at.linksByAtom {
		if a, b := find(int(l[0])), find(int(l[1])); a != b {
			push(a, b)
		}
	}
	for alive > 1 {
		if len(h) == 0 {
			if alive <= target {
				break
			}
			alive = s.mergeCells(owner, 8)
			live := s.live()
			for _, i := range live {
				for _, j := range s.nearest(live, i, 6) {
					push(i, j)
				}
			}
			continue
		}
		c := h[0]
		a, b := find(int(c.a)), find(int(c.b))
		if a == b {
			h.pop()
			continue
		}
		if a != int(c.a) || b != int(c.b) || s.all[a].ver != c.va || s.all[b].ver != c.vb {
			h.replaceTop(costed(a, b)) // a pop and a push
			continue
		}
		if alive <= target && float64(c.cost) >= limit {
			break
		}
		h.pop()
		if c.h0 < c.h1 {
			s.absorbUnion(a, b, unions[c.h0:c.h1], c.cost+s.all[a].area2+s.all[b].area2, int(c.hi))
		} else {
			s.absorb(a, b)
		}
		owner[b] = a
		alive--
	}
	s.at.owners, s.at.heap, s.at.unions = owner, h[:0], unions[:0]
	s.gather(find)
	s.parts = s.parts[:0]
	for _, p := range s.all {
		if p.alive {
			s.parts = append(s.parts, p)
		}
	}
}

// live returns the indices of the live parts.
func (s *partSet) live() []int {
	var out []int
	for i, p := range s.all {
		if p.alive {
			out = append(out, i)
		}
	}
	return out
}

// mergeCells merges, when more than n*n parts are live, all those whose
// bounds' centres fall in the same cell of an n x n grid over their
// bounds, and returns how many are live.
func (s *partSet) mergeCells(owner []int, n int32) int {
	live := s.live()
	if len(live) <= int(n*n) {
		return len(live)
	}
	x0, y0, x1, y1 := int32(math.MaxInt32), int32(math.MaxInt32), int32(math.MinInt32), int32(math.MinInt32)
	for _, i := range live {
		a, b, c, d := s.all[i].box()
		x0, y0, x1, y1 = min(x0, a), min(y0, b), max(x1, c), max(y1, d)
	}
	cw, ch := (x1-x0+n-1)/n, (y1-y0+n-1)/n
	first := make(map[int32]int, n*n) // cell -> the part the others join
	for _, i := range live {
		a, b, c, d := s.all[i].box()
		cell := ((b+d)/2-y0)/ch*n + ((a+c)/2-x0)/cw
		if j, ok := first[cell]; ok {
			s.absorb(j, i)
			owner[i] = j
			continue
		}
		first[cell] = i
	}
	return len(first)
}

// nearest returns up to n parts of live other than i, nearest to it first
// by the gap between their bounds.
func (s *partSet) nearest(live []int, i, n int) []int {
	type near struct {
		gap int32
		j   int
	}
	var ns []near
	ax0, ay0, ax1, ay1 := s.all[i].box()
	for _, j := range live {
		if j == i {
			continue
		}
		bx0, by0, bx1, by1 := s.all[j].box()
		ns = append(ns, near{max(bx0-ax1, ax0-bx1, 0) + max(by0-ay1, ay0-by1, 0), j})
	}
	slices.SortFunc(ns, func(a, b near) int { return cmp.Or(cmp.Compare(a.gap, b.gap), cmp.Compare(a.j, b.j)) })
	out := make([]int, 0, n)
	for _, x := range ns[:min(n, len(ns))] {
		out = append(out, x.j)
	}
	return out
}

// absorb merges part j into part i (indices into all): the hull of the
// union is the hull of the two hulls. The runs are gathered once merging
// is done.
func (s *partSet) absorb(i, j int) {
	h, a2, hi := s.sc.unionOf(s.all[i], s.all[j])
	s.absorbUnion(i, j, h, a2, hi)
}

// absorbUnion is absorb with the union's hull given, as unionOf returns
// it.
func (s *partSet) absorbUnion(i, j int, h []ipt, a2 int64, hi int) {
	p, q := s.all[i], s.all[j]
	p.hull, p.area2, p.count = s.ar.keepHull(p.hull, h), a2, p.count+q.count
	p.lo, p.hi = 0, int32(hi)
	p.x0, p.y0, p.x1, p.y1 = min(p.x0, q.x0), min(p.y0, q.y0), max(p.x1, q.x1), max(p.y1, q.y1)
	p.ver = s.ar.newStamp()
	q.alive = false
}

// union is the hull of the union of two parts as unionOf returns it: its
// vertices, twice its area and the index of its greatest vertex.
type union struct {
	h  []ipt
	a2 int64
	hi int
}

// cheapestPair returns the two live parts (indices into parts) whose
// merge adds the least hull area, and their union (in s.sc.best, until
// the next call), for joinUnion.
func (s *partSet) cheapestPair() (int, int, union) {
	bi, bj, best, cost := -1, -1, union{}, int64(0)
	for i, p := range s.parts {
		for j := i + 1; j < len(s.parts); j++ {
			q := s.parts[j]
			h, a2, hi := s.sc.unionOf(p, q)
			if c := a2 - p.area2 - q.area2; bi < 0 || c < cost {
				bi, bj, best, cost = i, j, union{h, a2, hi}, c
				s.sc.h, s.sc.best = s.sc.best, h // keep h from the next union
			}
		}
	}
	return bi, bj, best
}

// join merges parts[j] into parts[i].
func (s *partSet) join(i, j int) {
	h, a2, hi := s.sc.unionOf(s.parts[i], s.parts[j])
	s.joinUnion(i, j, union{h, a2, hi})
}

// joinUnion is join with the union given. The hull of the union is the
// hull of the two hulls (unionOf: linear in their vertices, where setRuns
// goes over every row), turned to start where setRuns starts, at the
// vertex of least y and then greatest x: the same vertices in the same
// order.
func (s *partSet) joinUnion(i, j int, u union) {
	p := s.parts[i]
	q := s.parts[j]
	h, a2, hi := u.h, u.a2, u.hi
	start := 0
	for k, v := range h {
		if v.y < h[start].y || v.y == h[start].y && v.x > h[start].x {
			start = k
		}
	}
	n := len(h)
	if cap(p.hull) < n {
		p.hull, s.ar.ipts = cutFrom(s.ar.ipts, n)
	}
	p.hull = append(append(p.hull[:0], h[start:]...), h[:start]...)
	p.lo, p.hi = int32((n-start)%n), int32((hi-start+n)%n) // unionOf's least vertex is its first
	p.runs = appendMerged(s.ar.newRuns(len(p.runs) + len(q.runs))[:0], p.runs, q.runs)
	p.area2, p.count = a2, p.count+q.count
	p.x0, p.y0, p.x1, p.y1 = min(p.x0, q.x0), min(p.y0, q.y0), max(p.x1, q.x1), max(p.y1, q.y1)
	ver := s.ar.newStamp()
	for d := range slants { // the lines the two parts have, merged
		if p.linesVer[d] == p.ver && q.linesVer[d] == q.ver {
			p.lines[d], p.linesVer[d] = s.ar.keepLines(s.cut.unionLines(p.lines[d], q.lines[d])), ver
		}
	}
	p.ver = ver
	s.parts = slices.Delete(s.parts, j, j+1)
}

// refine re-cuts the union of every two parts that touch by the best
// straight cut, while that lowers the sum of their hull areas. Every
// change lowers the total, an integer, so it ends; a pair is not tried
// again while neither part has changed (s.tried).
func (s *partSet) refine() { s.refineN(refinePasses) }

// refineN is refine with at most passes passes.
func (s *partSet) refineN(passes int) {
	const minGain = 1
	if s.tried == nil {
		s.tried = pairSet{}
	}
	for pass, changed := 0, true; changed && pass < passes; pass++ {
		changed = false
		for i, p := range s.parts {
			for _, q := range s.parts[i+1:] {
				if s.tried.has(p, q) {
					continue
				}
				// Recorded now, and dropped below when the pair changes.
				s.tried.add(p, q)
				if p.area2+q.area2-2*(p.count+q.count) < minGain || !p.near(q) || !touching(p.runs, q.runs) {
					continue
				}
				s.u = appendMerged(s.u[:0], p.runs, q.runs)
				u := s.u // apply copies what it keeps
				c, _, ok := s.cut.bestBelowLines(u, float64(p.area2+q.area2-minGain)+0.5, func(d int, _ bounds) lines {
					return s.cut.unionLines(s.lines(p, d), s.lines(q, d))
				})
				if !ok {
					continue
				}
				a, b := c.apply(u, s.ar)
				// The new hulls are built in scratch space, and copied
				// into the parts' own when kept.
				na, nb := part{hull: s.sc.pa}, part{hull: s.sc.pb}
				na.setRuns(a, &s.ch)
				nb.setRuns(b, &s.ch)
				s.sc.pa, s.sc.pb = na.hull, nb.hull
				if len(a) == 0 || len(b) == 0 || na.area2+nb.area2 > p.area2+q.area2-minGain {
					continue
				}
				// A clone (or the partSet it came from) may still have the
				// pair as it was, and must try it.
				s.tried.remove(p, q)
				pl, ql := p.lines, q.lines // the lines of the pair cut, across c among them
				p.runs, p.hull, p.area2, p.count, p.ver = na.runs, s.ar.keepHull(p.hull, na.hull), na.area2, na.count, s.ar.newStamp()
				q.runs, q.hull, q.area2, q.count, q.ver = nb.runs, s.ar.keepHull(q.hull, nb.hull), nb.area2, nb.count, s.ar.newStamp()
				p.lo, p.hi, q.lo, q.hi = na.lo, na.hi, nb.lo, nb.hi
				p.x0, p.y0, p.x1, p.y1 = na.box()
				q.x0, q.y0, q.x1, q.y1 = nb.box()
				if d := c.slant(); d >= 0 {
					s.setCutLines(d, c.k, s.cut.unionLines(pl[d], ql[d]), p, q)
				}
				s.cutBest(p, q)
				changed = true
			}
		}
	}
}

// cutBest records that parts p and q are the best cut of their pixels, so
// that refine does not try the pair again until one of them changes: no
// cut of their union has a smaller sum.
func (s *partSet) cutBest(p, q *part) {
	if s.tried == nil {
		s.tried = pairSet{}
	}
	s.tried.add(p, q)
}

// pairSet is a set of pairs of parts by their stamps, either way round.
// As a stamp stands for one set of pixels, a partSet and its clones can
// share one: what refine learns in a clone holds for the parts they have
// in common.
type pairSet map[[2]int32]struct{}

func pairKey(p, q *part) [2]int32 { return [2]int32{min(p.ver, q.ver), max(p.ver, q.ver)} }

func (ps pairSet) add(p, q *part)    { ps[pairKey(p, q)] = struct{}{} }
func (ps pairSet) remove(p, q *part) { delete(ps, pairKey(p, q)) }

// has reports whether ps holds the pair p, q.
func (ps pairSet) has(p, q *part) bool {
	_, ok := ps[pairKey(p, q)]
	return ok
}

// touching reports whether some pixel of a and some pixel of b touch (by
// an edge or a corner); both are sorted.
func touching(a, b []prun) bool {
	j0 := 0
	for _, r := range a {
		for j0 < len(b) && b[j0].y < r.y-1 {
			j0++
		}
		for j := j0; j < len(b) && b[j].y <= r.y+1; j++ {
			if s := b[j]; s.x0 <= r.x1 && r.x0 <= s.x1 {
				return true
			}
		}
	}
	return false
}

// total returns the sum of twice the hull areas of the parts.
func (s *partSet) total() int64 {
	t := int64(0)
	for _, p := range s.parts {
		t += p.area2
	}
	return t
}

// clone returns a copy of s that can change without changing s (but for
// the pairs they share in tried, which stay true for both).
// The parts and their hulls are copied into one array each.
func (s *partSet) clone() *partSet {
	c := &partSet{sc: s.sc, cut: s.cut, u: s.u, ch: s.ch, ar: s.ar, tried: s.tried}
	parts := make([]part, len(s.parts))
	c.parts = make([]*part, len(s.parts))
	n := 0
	for _, p := range s.parts {
		n += len(p.hull)
	}
	var hulls []ipt
	hulls, s.ar.ipts = cutFrom(s.ar.ipts, n)
	for i, p := range s.parts {
		q := &parts[i]
		*q = *p
		k := copy(hulls, p.hull)
		q.hull, hulls = hulls[:k:k], hulls[k:]
		c.parts[i] = q
	}
	return c
}

// enforceMinimums merges every part narrower than MinPieceWidth or smaller
// than MinPieceArea into the part whose merge adds the least area (and
// refines), unless its pixels are that thin or small themselves: none of
// them lies in a fully opaque MinPieceWidth square block of m, or it
// touches no other part (it is whole islands). Each merge leaves one part
// fewer, so it ends.
func (s *partSet) enforceMinimums(m *mask.Mask) {
	var thick [][]uint64
	for len(s.parts) > 1 {
		bad := -1
		for i, p := range s.parts {
			if !tooSmall(p.hull, p.area2) {
				continue
			}
			if thick == nil {
				thick = thickRows(m)
			}
			if anyThick(thick, p.runs) && !s.alone(i) {
				bad = i
				break
			}
		}
		if bad < 0 {
			return
		}
		best, cost := -1, int64(0)
		for j, q := range s.parts {
			if c := s.joinCost(s.parts[bad], q); j != bad && (best < 0 || c < cost) {
				best, cost = j, c
			}
		}
		s.join(min(bad, best), max(bad, best))
		s.refine()
	}
}

// alone reports whether parts[i] touches no other part.
func (s *partSet) alone(i int) bool {
	for j, q := range s.parts {
		if j != i && touching(s.parts[i].runs, q.runs) {
			return false
		}
	}
	return true
}

// split cuts parts while fewer than target remain: each time the part
// whose best cut lowers the sum of hull areas the most, when that is at
// least limit and more than nothing. Atoms can be coarse (a small plus is
// one chain), and Gain may have stopped merging before target.
func (s *partSet) split(target int, limit float64) {
	type best struct {
		ver  int32
		c    cut
		gain float64
	}
	memo := map[*part]best{}
	for len(s.parts) < target {
		bi, bg := -1, 0.0
		for i, p := range s.parts {
			b, ok := memo[p]
			if !ok || b.ver != p.ver {
				c, sum, ok := s.cut.bestBelowLines(p.runs, float64(p.area2)-max(limit, 1)+0.5, func(d int, _ bounds) lines { return s.lines(p, d) })
				b = best{ver: p.ver, c: c}
				if ok {
					b.gain = float64(p.area2) - sum
				}
				memo[p] = b
			}
			if b.gain > bg {
				bi, bg = i, b.gain
			}
		}
		if bi < 0 || bg < limit {
			return
		}
		p := s.parts[bi]
		c := memo[p].c
		a, b := c.apply(p.runs, s.ar)
		q := &part{alive: true}
		u := p.lines
		s.setRuns(q, b)
		s.setRuns(p, a)
		if d := c.slant(); d >= 0 {
			s.setCutLines(d, c.k, u[d], p, q)
		}
		s.parts = append(s.parts, q)
		s.cutBest(p, q)
	}
}
