package pipeline

import (
	"fmt"
	"hash/fnv"
	"math"
	"math/rand/v2"

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
}

// kind is one shape kind of the library. Adding a kind is one entry here
// (and its name in config.Kinds): make computes it, store puts it on the
// wire; the verification (outside, area_ratio, pair_fp_rate) is generic.
// Every kind must be convex, so checking the row ends suffices (outside).
type kind struct {
	name  string
	make  func(f *facts) shape
	store func(s *export.Sprite, sh shape)
	// load returns the kind's shape stored on s, and false when s has none.
	load func(s *export.Sprite) (shape, bool)
}

var kinds = []kind{
	{"aabb", func(f *facts) shape { return f.hull.Bounds() }, func(s *export.Sprite, sh shape) {
		s.AABB = export.AABBOf(sh.(collide.Rect))
	}, func(s *export.Sprite) (shape, bool) {
		if s.AABB == nil {
			return nil, false
		}
		return s.AABB.Rect(), true
	}},
	{"circle", func(f *facts) shape { return hull.MinCircle(f.hull) }, func(s *export.Sprite, sh shape) {
		s.Circle = export.CircleOf(sh.(collide.Circle))
	}, func(s *export.Sprite) (shape, bool) {
		if s.Circle == nil {
			return nil, false
		}
		return s.Circle.Shape(), true
	}},
	{"box", func(f *facts) shape { return hull.MinBox(f.hull) }, func(s *export.Sprite, sh shape) {
		s.Box = export.BoxOf(sh.(collide.Box))
	}, func(s *export.Sprite) (shape, bool) {
		if s.Box == nil {
			return nil, false
		}
		return s.Box.Shape(), true
	}},
	{"hull", func(f *facts) shape { return f.hull }, func(s *export.Sprite, sh shape) {
		s.Hull = export.RingOf(sh.(collide.Polygon))
	}, func(s *export.Sprite) (shape, bool) { return polygon(s.Hull) }},
	{"polygon", func(f *facts) shape { return hull.Reduce(f.hull, f.maxVertices) }, func(s *export.Sprite, sh shape) {
		s.Polygon = export.RingOf(sh.(collide.Polygon))
	}, func(s *export.Sprite) (shape, bool) { return polygon(s.Polygon) }},
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
	}
	panic(fmt.Sprintf("pipeline: translate of %T", sh))
}

// outside counts the opaque pixel squares of m not contained in the convex
// shape sh: a square is contained when its four corners are. Per row, when
// the outer corners of the two end pixels are inside, so is the whole row;
// only rows where they are not are checked pixel by pixel.
func outside(m *mask.Mask, sh shape) int {
	n := 0
	in := func(x, y int) bool {
		fx, fy := float64(x), float64(y)
		return sh.ContainsPoint(collide.V(fx, fy)) && sh.ContainsPoint(collide.V(fx+1, fy)) &&
			sh.ContainsPoint(collide.V(fx, fy+1)) && sh.ContainsPoint(collide.V(fx+1, fy+1))
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

// pairFP estimates how often two copies of the sprite whose shapes overlap
// have masks that do not: it draws integer offsets d uniformly from the
// range where the shapes' bounds can meet, keeps those where sh and sh+d
// overlap (at most samples of them, out of at most 64*samples draws), and
// returns the fraction of kept offsets where the mask placed at d does not
// overlap m. It returns 0 when nothing was kept.
func pairFP(m *mask.Mask, sh shape, samples int, rng *rand.Rand) float64 {
	b := sh.Bounds()
	w, h := int(math.Ceil(b.Max.X-b.Min.X)), int(math.Ceil(b.Max.Y-b.Min.Y))
	kept, fp := 0, 0
	for draws := 0; kept < samples && draws < 64*samples; draws++ {
		dx, dy := rng.IntN(2*w+1)-w, rng.IntN(2*h+1)-h
		if !collide.Overlap(sh, translate(sh, collide.V(float64(dx), float64(dy)))) {
			continue
		}
		kept++
		if !mask.Overlap(m, m, dx, dy) {
			fp++
		}
	}
	if kept == 0 {
		return 0
	}
	return float64(fp) / float64(kept)
}

// sampler returns the random source of a sprite's pair_fp_rate: the same
// for every kind of the sprite, derived from the settings' seed and the
// sprite's name so results do not depend on the order of work.
func sampler(seed uint64, name string) *rand.Rand {
	h := fnv.New64a()
	h.Write([]byte(name))
	return rand.New(rand.NewPCG(seed, h.Sum64()))
}
