package pipeline

import (
	"fmt"
	"hash/fnv"
	"math"
	"math/bits"
	"math/rand/v2"
	"slices"

	"github.com/shapegen/shapegen/collide"
	"github.com/shapegen/shapegen/export"
	"github.com/shapegen/shapegen/hull"
	"github.com/shapegen/shapegen/mask"
)

// shape is what the verification needs of a shape kind: the collide
// shapes that are convex sets with a containment predicate and an area.
type shape interface {
	collide.Shape
	ContainsPoint(q collide.Vec) bool
	Area() float64
}

// facts is what the shape makers start from: the sprite's mask, its exact
// hull and the settings.
type facts struct {
	m           *mask.Mask
	hull        collide.Polygon
	maxVertices int
	maxPieces   int
}

// kind is one shape kind of the library. Adding a kind is one entry here
// (and its name in config.Kinds): make computes it, store puts it on the
// wire, load reads it back; the verification (outside, area_ratio,
// pair_fp_rate) is generic. A convex kind is checked by its row ends
// (outside), a union of convex pieces pixel by pixel (outsideUnion).
type kind struct {
	name   string
	convex bool
	make   func(f *facts) shape
	store  func(s *export.Sprite, sh shape)
	// load returns the kind's shape stored on s, and false when s has none.
	load func(s *export.Sprite) (shape, bool)
}

var kinds = []kind{
	{"aabb", true, func(f *facts) shape { return f.hull.Bounds() }, func(s *export.Sprite, sh shape) {
		s.AABB = export.AABBOf(sh.(collide.Rect))
	}, func(s *export.Sprite) (shape, bool) {
		if s.AABB == nil {
			return nil, false
		}
		return s.AABB.Rect(), true
	}},
	{"circle", true, func(f *facts) shape { return hull.MinCircle(f.hull) }, func(s *export.Sprite, sh shape) {
		s.Circle = export.CircleOf(sh.(collide.Circle))
	}, func(s *export.Sprite) (shape, bool) {
		if s.Circle == nil {
			return nil, false
		}
		return s.Circle.Shape(), true
	}},
	{"box", true, func(f *facts) shape { return hull.MinBox(f.hull) }, func(s *export.Sprite, sh shape) {
		s.Box = export.BoxOf(sh.(collide.Box))
	}, func(s *export.Sprite) (shape, bool) {
		if s.Box == nil {
			return nil, false
		}
		return s.Box.Shape(), true
	}},
	{"hull", true, func(f *facts) shape { return f.hull }, func(s *export.Sprite, sh shape) {
		s.Hull = export.RingOf(sh.(collide.Polygon))
	}, func(s *export.Sprite) (shape, bool) { return polygon(s.Hull) }},
	{"polygon", true, func(f *facts) shape { return hull.Reduce(f.hull, f.maxVertices) }, func(s *export.Sprite, sh shape) {
		s.Polygon = export.RingOf(sh.(collide.Polygon))
	}, func(s *export.Sprite) (shape, bool) { return polygon(s.Polygon) }},
	{"pieces", false, func(f *facts) shape {
		return collide.Compound(hull.Pieces(f.m, hull.PiecesOptions{MaxPieces: f.maxPieces, MaxVertices: f.maxVertices, Gain: hull.DefaultPieces.Gain}))
	}, func(s *export.Sprite, sh shape) {
		s.Pieces = export.RingsOf(sh.(collide.Compound))
	}, func(s *export.Sprite) (shape, bool) {
		if len(s.Pieces) == 0 {
			return nil, false
		}
		return collide.Compound(export.Polygons(s.Pieces)), true
	}},
}

// outside counts the opaque pixel squares of m that sh, a shape of kind k,
// does not contain.
func (k *kind) outside(m *mask.Mask, sh shape) int {
	if c, ok := sh.(collide.Compound); ok && !k.convex {
		return outsideUnion(m, c)
	}
	return outside(m, sh)
}

// outsideUnion counts the opaque pixel squares of m not contained in any
// single piece of c (all four corners in that piece). A square split
// between two pieces would count as outside; the decomposition never
// splits one (each piece holds whole pixels), so this is exact for it and
// conservative in general. Pixels are tried against the piece that held
// the previous one first.
func outsideUnion(m *mask.Mask, c collide.Compound) int {
	n, last := 0, 0
	in := func(p collide.Polygon, x, y int) bool {
		fx, fy := float64(x), float64(y)
		return p.ContainsPoint(collide.V(fx, fy)) && p.ContainsPoint(collide.V(fx+1, fy)) &&
			p.ContainsPoint(collide.V(fx, fy+1)) && p.ContainsPoint(collide.V(fx+1, fy+1))
	}
	for y := 0; y < m.Height(); y++ {
		l, r, ok := m.RowSpan(y)
		if !ok {
			continue
		}
	pixels:
		for x := l; x <= r; x++ {
			if !m.Get(x, y) {
				continue
			}
			if last < len(c) && in(c[last], x, y) {
				continue
			}
			for i, p := range c {
				if in(p, x, y) {
					last = i
					continue pixels
				}
			}
			n++
		}
	}
	return n
}

// polygon returns r as a Polygon, and false when r is empty.
func polygon(r export.Ring) (shape, bool) {
	if len(r) == 0 {
		return nil, false
	}
	return r.Polygon(), true
}

// translate returns sh moved by d.
func translate(sh shape, d collide.Vec) shape {
	switch s := sh.(type) {
	case collide.Rect:
		return s.Translate(d)
	case collide.Circle:
		return s.Translate(d)
	case collide.Box:
		return s.Translate(d)
	case collide.Polygon:
		return s.Translate(d)
	case collide.Compound:
		return collide.Transform{Pos: d}.Compound(nil, s)
	}
	panic(fmt.Sprintf("pipeline: translate of %T", sh))
}

// outside counts the opaque pixel squares of m not contained in the convex
// shape sh: a square is contained when its four corners are.
//
// Fast path: on each grid line y the corners of the rows above and below
// span a segment from the leftmost to the rightmost corner; when sh holds
// both ends of every such segment it holds every corner (sh is convex),
// so nothing is outside. Otherwise, per row, when the outer corners of the
// two end pixels are inside so is the whole row, and only the other rows
// are checked pixel by pixel.
func outside(m *mask.Mask, sh shape) int {
	contains := sh.ContainsPoint
	if p, ok := sh.(collide.Polygon); ok {
		if in, ok := exactContains(p); ok { // hulls: by rows, the same answers
			contains = in
		}
	}
	if holdsGridExtremes(m, contains) {
		return 0
	}
	n := 0
	in := func(x, y int) bool {
		fx, fy := float64(x), float64(y)
		return contains(collide.V(fx, fy)) && contains(collide.V(fx+1, fy)) &&
			contains(collide.V(fx, fy+1)) && contains(collide.V(fx+1, fy+1))
	}
	for y := 0; y < m.Height(); y++ {
		l, r, ok := m.RowSpan(y)
		if !ok || in(l, y) && in(r, y) {
			continue
		}
		for x := l; x <= r; x++ {
			if m.Get(x, y) && !in(x, y) {
				n++
			}
		}
	}
	return n
}

// holdsGridExtremes reports whether contains (a convex shape's
// ContainsPoint) holds, on every grid line, the leftmost and rightmost
// pixel corner of the rows touching it.
func holdsGridExtremes(m *mask.Mask, contains func(collide.Vec) bool) bool {
	pl, pr, pok := 0, 0, false // span of the row above the line
	for y := 0; y <= m.Height(); y++ {
		l, r, ok := m.RowSpan(y)
		lo, hi, any := l, r, ok
		if pok {
			if !any {
				lo, hi, any = pl, pr, true
			} else {
				lo, hi = min(lo, pl), max(hi, pr)
			}
		}
		if any && !(contains(collide.V(float64(lo), float64(y))) && contains(collide.V(float64(hi+1), float64(y)))) {
			return false
		}
		pl, pr, pok = l, r, ok
	}
	return true
}

// pairFP estimates, for each of the shapes of one sprite with mask m, how
// often two copies whose shapes overlap have masks that do not. It draws
// integer offsets d uniformly from [-w, w] x [-h, h], the size of the
// union of the shapes' bounds (two copies cannot meet farther apart); each
// shape keeps the offsets where it and its copy moved by d overlap, until
// it has samples of them (or 64*samples offsets were drawn). Its rate is
// the fraction of its kept offsets where the mask placed at d does not
// overlap m; its kept offsets are uniform over those where the shapes
// overlap. A shape that kept nothing gets 0.
//
// The shapes share one sequence of draws, so each offset's mask test is
// done at most once, whatever the number of shapes.
func pairFP(m *mask.Mask, shapes []shape, samples int, rng *draws) []float64 {
	rates := make([]float64, len(shapes))
	if len(shapes) == 0 {
		return rates
	}
	all := shapes[0].Bounds()
	tests := make([]func(collide.Vec) bool, len(shapes))
	for i, sh := range shapes {
		all = all.Union(sh.Bounds())
		tests[i] = overlapTest(sh)
	}
	w, h := int(math.Ceil(all.Max.X-all.Min.X)), int(math.Ceil(all.Max.Y-all.Min.Y))
	kept, fp := make([]int, len(shapes)), make([]int, len(shapes))
	active := len(shapes)
	for draw := 0; active > 0 && draw < 64*samples; draw++ {
		dx, dy := rng.intN(2*w+1)-w, rng.intN(2*h+1)-h
		d := collide.V(float64(dx), float64(dy))
		tested, overlap := false, false
		for i, test := range tests {
			if kept[i] >= samples || !test(d) {
				continue
			}
			if !tested {
				tested, overlap = true, mask.Overlap(m, m, dx, dy)
			}
			kept[i]++
			if !overlap {
				fp[i]++
			}
			if kept[i] == samples {
				active--
			}
		}
	}
	for i := range rates {
		if kept[i] > 0 {
			rates[i] = float64(fp[i]) / float64(kept[i])
		}
	}
	return rates
}

// overlapTest returns the test of whether sh and sh moved by d overlap:
// collide's overlap tests for rects and circles (no allocation), and for
// boxes and polygons containment of d in the difference body S ⊕ (−S)
// with collide's ContainsPoint: for a box (centrally symmetric) that is the
// box doubled about the origin, for a polygon diffBody, behind a bounds
// check, or, when the body's vertices are integers (hulls) and d is an
// integer offset, by the body's rows (integerRows), exactly the same. Both give the answers of collide.OverlapBoxBox and
// OverlapPolygonPolygon (TestPairFPMatchesNaive, TestDiffBodyMatchesOverlap)
// at a fraction of the cost.
func overlapTest(sh shape) func(d collide.Vec) bool {
	switch s := sh.(type) {
	case collide.Rect:
		return func(d collide.Vec) bool { return collide.OverlapRectRect(s, s.Translate(d)) }
	case collide.Circle:
		return func(d collide.Vec) bool { return collide.OverlapCircleCircle(s, s.Translate(d)) }
	case collide.Box:
		if s.Angle == 0 { // Box.ContainsPoint at angle 0, without its Sincos
			h := s.Half.Scale(2)
			return func(d collide.Vec) bool { return math.Abs(d.X) <= h.X && math.Abs(d.Y) <= h.Y }
		}
		body := collide.Box{Half: s.Half.Scale(2), Angle: s.Angle}
		return body.ContainsPoint
	case collide.Polygon:
		body := diffBody(s)
		if in, ok := exactContains(body); ok { // hulls: by rows, the same answers
			return in
		}
		outer, inner := body.Bounds(), innerBox(body)
		return func(d collide.Vec) bool {
			return outer.ContainsPoint(d) && (inner.ContainsPoint(d) || body.ContainsPoint(d))
		}
	}
	var buf collide.Compound // moved pieces, reused
	return func(d collide.Vec) bool {
		c, ok := sh.(collide.Compound)
		if !ok {
			return collide.Overlap(sh, translate(sh, d))
		}
		buf = collide.Transform{Pos: d}.Compound(buf, c)
		return collide.Overlap(c, buf)
	}
}

// innerBox returns an axis-aligned box about the origin inside the convex,
// centrally symmetric polygon p (a difference body), with the aspect of
// p's bounds and as large as its diagonals allow, shrunk by a relative
// 1e-9 so that rounding cannot put any of it outside p: a point in it is
// in p without testing p's edges. It returns an empty Rect when p has no
// interior around the origin.
func innerBox(p collide.Polygon) collide.Rect {
	none := collide.Rect{Min: collide.V(1, 1), Max: collide.V(0, 0)}
	if len(p) < 3 {
		return none
	}
	half := p.Bounds().Max
	t := math.Inf(1)
	for i, a := range p {
		e := p[(i+1)%len(p)].Sub(a)
		// Inside is e.Cross(x-a) >= 0, i.e. e.Cross(x) >= e.Cross(a).
		c := e.Cross(a)
		if c >= 0 { // the origin is not strictly inside
			return none
		}
		for _, dir := range []collide.Vec{half, collide.V(half.X, -half.Y), half.Neg(), collide.V(-half.X, half.Y)} {
			if k := e.Cross(dir); k < 0 {
				t = math.Min(t, c/k)
			}
		}
	}
	if math.IsInf(t, 1) || t <= 0 {
		return none
	}
	h := half.Scale(t * (1 - 1e-9))
	return collide.Rect{Min: h.Neg(), Max: h}
}

// same reports whether a and b are the same set of points (as when a hull
// has no more vertices than the polygon may have, or the minimum box is
// the AABB), so their figures are too.
func same(a, b shape) bool {
	pa, okA := a.(collide.Polygon)
	pb, okB := b.(collide.Polygon)
	if okA || okB {
		return okA && okB && slices.Equal(pa, pb)
	}
	if r, ok := a.(collide.Rect); ok {
		if bx, ok := b.(collide.Box); ok {
			return bx.Angle == 0 && bx.Center.Sub(bx.Half) == r.Min && bx.Center.Add(bx.Half) == r.Max
		}
	}
	return a == b
}

// sampler returns the random source of a sprite's pair_fp_rate: the same
// for every kind of the sprite, derived from the settings' seed and the
// sprite's name so results do not depend on the order of work.
func sampler(seed uint64, name string) *draws {
	h := fnv.New64a()
	h.Write([]byte(name))
	pcg := rand.NewPCG(seed, h.Sum64())
	return &draws{pcg: pcg, rand: rand.New(pcg)}
}

// draws gives the numbers of rand.New(pcg).IntN, with IntN's method
// (math/rand/v2's uint64n) inlined on 64-bit platforms: pairFP draws two
// numbers per offset and the calls through the Source interface were a
// sixth of its time. TestDrawsMatchRand holds it to rand.Rand's sequence.
type draws struct {
	pcg  *rand.PCG
	rand *rand.Rand // the same source, for 32-bit platforms
}

const is64bit = ^uint(0)>>32 != 0

// intN returns, as rand.Rand.IntN(n) does, a number in [0, n); n > 0.
func (d *draws) intN(n int) int {
	if !is64bit {
		return d.rand.IntN(n)
	}
	u := uint64(n)
	if u&(u-1) == 0 {
		return int(d.pcg.Uint64() & (u - 1))
	}
	hi, lo := bits.Mul64(d.pcg.Uint64(), u)
	if lo < u {
		thresh := -u % u
		for lo < thresh {
			hi, lo = bits.Mul64(d.pcg.Uint64(), u)
		}
	}
	return int(hi)
}
