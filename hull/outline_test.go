package hull

import (
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/shapegen/shapegen/collide"
	"github.com/shapegen/shapegen/mask"
)

// ringArea returns the signed shoelace area of a ring.
func ringArea(r []collide.Vec) float64 {
	s := 0.0
	for i, a := range r {
		s += a.Cross(r[(i+1)%len(r)])
	}
	return s / 2
}

// onSegment reports whether q lies on the closed segment ab.
func onSegment(a, b, q collide.Vec) bool {
	return b.Sub(a).Cross(q.Sub(a)) == 0 && math.Min(a.X, b.X) <= q.X && q.X <= math.Max(a.X, b.X) &&
		math.Min(a.Y, b.Y) <= q.Y && q.Y <= math.Max(a.Y, b.Y)
}

// filled reports whether q is in the region the rings bound, boundary
// included: on an edge, or of non-zero winding number.
func filled(rings [][]collide.Vec, q collide.Vec) bool {
	w := 0
	for _, r := range rings {
		for i, a := range r {
			b := r[(i+1)%len(r)]
			if onSegment(a, b, q) {
				return true
			}
			if a.Y <= q.Y && b.Y > q.Y && b.Sub(a).Cross(q.Sub(a)) > 0 {
				w++
			} else if b.Y <= q.Y && a.Y > q.Y && b.Sub(a).Cross(q.Sub(a)) < 0 {
				w--
			}
		}
	}
	return w != 0
}

// properCross reports whether two edges of the rings cross at a point
// inside both.
func properCross(rings [][]collide.Vec) bool {
	type seg struct{ a, b collide.Vec }
	var segs []seg
	for _, r := range rings {
		for i, a := range r {
			segs = append(segs, seg{a, r[(i+1)%len(r)]})
		}
	}
	for i, s := range segs {
		for _, u := range segs[i+1:] {
			d1 := s.b.Sub(s.a).Cross(u.a.Sub(s.a))
			d2 := s.b.Sub(s.a).Cross(u.b.Sub(s.a))
			d3 := u.b.Sub(u.a).Cross(s.a.Sub(u.a))
			d4 := u.b.Sub(u.a).Cross(s.b.Sub(u.a))
			if d1*d2 < 0 && d3*d4 < 0 {
				return true
			}
		}
	}
	return false
}

func TestOutline(t *testing.T) {
	V := collide.V
	tests := []struct {
		name      string
		m         *mask.Mask
		tolerance float64
		want      [][]collide.Vec
	}{
		{"empty", pic("..."), 0, nil},
		{"one pixel", pic("...", ".#."), 0, [][]collide.Vec{{V(1, 1), V(2, 1), V(2, 2), V(1, 2)}}},
		{"ring with hole", pic(
			"###",
			"#.#",
			"###",
		), 0, [][]collide.Vec{
			{V(0, 0), V(3, 0), V(3, 3), V(0, 3)},
			{V(1, 1), V(1, 2), V(2, 2), V(2, 1)},
		}},
		{"corner-joined pixels are one island", pic(
			"#.",
			".#",
		), 0, [][]collide.Vec{{V(0, 0), V(1, 0), V(1, 1), V(2, 1), V(2, 2), V(1, 2), V(1, 1), V(0, 1)}}},
		{"two islands", pic("#.#"), 0, [][]collide.Vec{
			{V(0, 0), V(1, 0), V(1, 1), V(0, 1)},
			{V(2, 0), V(3, 0), V(3, 1), V(2, 1)},
		}},
		{"L exact", pic(
			"#.",
			"##",
		), 0, [][]collide.Vec{{V(0, 0), V(1, 0), V(1, 1), V(2, 1), V(2, 2), V(0, 2)}}},
		{"L simplified", pic(
			"#.",
			"##",
		), 0.5, [][]collide.Vec{{V(0, 0), V(1, 0), V(2, 1), V(2, 2), V(0, 2)}}},
		{"L tolerance too small", pic(
			"#.",
			"##",
		), 0.49, [][]collide.Vec{{V(0, 0), V(1, 0), V(1, 1), V(2, 1), V(2, 2), V(0, 2)}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			opt := OutlineOptions{MaxVertices: 1 << 20, Tolerance: tt.tolerance}
			got := Outline(tt.m, opt)
			if len(got) != len(tt.want) {
				t.Fatalf("Outline(%s, %+v) = %v, want %v", maskString(tt.m), opt, got, tt.want)
			}
			for i := range got {
				if !sameCycle(got[i], tt.want[i]) {
					t.Errorf("Outline(%s, %+v) = %v, want %v", maskString(tt.m), opt, got, tt.want)
				}
			}
		})
	}
}

// clipRing returns the part of ring r (any simple polygon) inside the
// convex polygon q, by Sutherland-Hodgman (right for a concave subject
// against a convex window: its area is the area of the intersection).
func clipRing(r []collide.Vec, q collide.Polygon) []collide.Vec {
	out := r
	for i := range q {
		a, b := q[i], q[(i+1)%len(q)]
		e := b.Sub(a)
		in := out
		out = nil
		for j := range in {
			c, d := in[j], in[(j+1)%len(in)]
			sc, sd := e.Cross(c.Sub(a)), e.Cross(d.Sub(a))
			if sc >= 0 {
				out = append(out, c)
			}
			if (sc >= 0) != (sd >= 0) {
				out = append(out, c.Add(d.Sub(c).Scale(sc/(sc-sd))))
			}
		}
		if len(out) < 3 {
			return nil
		}
	}
	return out
}

// outlineProblem returns why rings break a promise of Outline(m, opt), or
// "": each ring within the vertex limit, no spike back or collinear
// vertex, outer rings positive, holes negative after their outer ring, no
// two edges of all the rings crossing, and each opaque pixel square
// wholly inside an outer ring and meeting none of that ring's holes'
// interiors (areas of the square clipped by each ring, so partial
// overlaps count). Unless an island gave way (gaveWay), there is one
// outer ring per island, holding that island's pixels.
func outlineProblem(m *mask.Mask, opt OutlineOptions, rings [][]collide.Vec, gaveWay bool) string {
	islands := m.Islands()
	if len(islands) == 0 {
		if rings != nil {
			return "rings for an empty mask"
		}
		return ""
	}
	var groups [][][]collide.Vec // outer ring, then holes
	for i, r := range rings {
		if len(r) < 3 || len(r) > max(opt.MaxVertices, 3) && opt.MaxVertices > 0 {
			return fmt.Sprintf("ring %d has %d vertices", i, len(r))
		}
		for j := range r {
			a, b, c := r[j], r[(j+1)%len(r)], r[(j+2)%len(r)]
			if tr := b.Sub(a).Cross(c.Sub(b)); tr == 0 {
				return fmt.Sprintf("ring %d: collinear or spike at vertex %d", i, (j+1)%len(r))
			}
		}
		switch a := ringArea(r); {
		case a > 0:
			groups = append(groups, [][]collide.Vec{r})
		case len(groups) == 0:
			return "a hole first"
		default:
			groups[len(groups)-1] = append(groups[len(groups)-1], r)
		}
	}
	if !gaveWay && len(groups) != len(islands) {
		return fmt.Sprintf("%d outer rings for %d islands", len(groups), len(islands))
	}
	if properCross(rings) {
		return "edges cross"
	}
	holds := func(g [][]collide.Vec, sq collide.Polygon) bool {
		if math.Abs(ringArea(clipRing(g[0], sq))) < 1-1e-9 {
			return false
		}
		for _, hole := range g[1:] {
			if math.Abs(ringArea(clipRing(hole, sq))) > 1e-9 {
				return false
			}
		}
		return true
	}
	for k, is := range islands {
		for q := range is.Mask.Runs() {
			for x := q.X0; x < q.X1; x++ {
				px, py := float64(x+is.Offset.X), float64(q.Y+is.Offset.Y)
				sq := collide.R(px, py, px+1, py+1).Polygon()
				if !gaveWay && !holds(groups[k], sq) || gaveWay && !slices.ContainsFunc(groups, func(g [][]collide.Vec) bool { return holds(g, sq) }) {
					return fmt.Sprintf("pixel (%v, %v) of island %d is not wholly in its region", px, py, k)
				}
			}
		}
	}
	return ""
}

// outlineMask returns a seeded random mask for outline tests: the kinds
// of randomMask, and patches of diagonal pinches (a checkerboard), rings
// with wires through them, and blobs with holes.
func outlineMask(rng *rand.Rand) (*mask.Mask, string) {
	switch rng.IntN(4) {
	case 0:
		w, h := 2+rng.IntN(20), 2+rng.IntN(20)
		m := mask.New(w, h)
		for y := range h {
			for x := range w {
				m.Set(x, y, (x+y)%2 == 0 && rng.IntN(5) > 0 || rng.IntN(9) == 0)
			}
		}
		return m, "pinches"
	case 1:
		n := 6 + rng.IntN(20)
		m := mask.New(n, n)
		c, r := float64(n)/2, float64(n)/2-0.5
		for y := range n {
			for x := range n {
				d := math.Hypot(float64(x)+0.5-c, float64(y)+0.5-c)
				m.Set(x, y, d <= r && d >= r-1.5 || x == y || x+y == n/2)
			}
		}
		return m, "ring with wires"
	case 2:
		w, h := 4+rng.IntN(30), 4+rng.IntN(30)
		m := mask.New(w, h)
		for y := range h {
			for x := range w {
				dx, dy := (float64(x)+0.5)/float64(w)-0.5, (float64(y)+0.5)/float64(h)-0.5
				m.Set(x, y, dx*dx+dy*dy < 0.24 && rng.IntN(7) > 0)
			}
		}
		return m, "blob with holes"
	}
	return randomMask(rng)
}

// TestOutlineRandom checks every promise of Outline (outlineProblem) over
// thousands of seeded random masks and several settings, including tight
// vertex limits; with no limit and tolerance 0 the rings bound exactly the
// pixels.
func TestOutlineRandom(t *testing.T) {
	rng := rand.New(rand.NewPCG(13, 14))
	opts := []OutlineOptions{{MaxVertices: 1 << 20}, DefaultOutline, {MaxVertices: 12, Tolerance: 0.5}, {MaxVertices: 5, Tolerance: 2}, {MaxVertices: 3}}
	for i := range 1200 {
		m, kind := outlineMask(rng)
		name := fmt.Sprintf("case %d (%s)", i, kind)
		for _, opt := range opts {
			rings, gaveWay := outline(m, opt)
			if e := outlineProblem(m, opt, rings, gaveWay); e != "" {
				t.Fatalf("%s: Outline(%s, %+v) = %v: %s", name, maskString(m), opt, rings, e)
			}
			if opt.MaxVertices == 1<<20 && ringsArea(rings) != float64(m.Count()) {
				t.Fatalf("%s: Outline(%s, %+v) = %v bounds area %v, want %d", name, maskString(m), opt, rings, ringsArea(rings), m.Count())
			}
		}
	}
}

// naiveRemovable is removable's first answer by its definition alone:
// every corner in the triangle's box is tested against the triangle.
func naiveRemovable(t *tracing, p, v, n int, tolerance float64) bool {
	a, b, c := t.pts[p], t.pts[v], t.pts[n]
	tr := turn(a, b, c)
	if tr == 0 && (b.x-a.x)*(c.x-b.x)+(b.y-a.y)*(c.y-b.y) <= 0 || tr > 0 || float64(-tr) > 2*tolerance {
		return false
	}
	x0, x1 := min(a.x, b.x, c.x), max(a.x, b.x, c.x)
	y0, y1 := min(a.y, b.y, c.y), max(a.y, b.y, c.y)
	if (x1-x0+1)*(y1-y0+1) > 1<<12 {
		return false
	}
	for y := y0; y <= y1; y++ {
		for x := x0; x <= x1; x++ {
			q := ipt{x, y}
			if q == a || q == c {
				continue
			}
			k := int(t.occupied[t.index(q)])
			if q == b {
				k--
			}
			if k > 0 && turn(a, b, q) <= 0 && turn(b, c, q) <= 0 && turn(c, a, q) <= 0 {
				return false
			}
		}
	}
	return true
}

// TestRemovable holds removable, whose common cases skip the box scan,
// to naiveRemovable on every triangle of three vertices of small seeded
// random masks (not only neighbours: straight runs through another ring's
// corner are rare between them), as traced and after simplifying.
func TestRemovable(t *testing.T) {
	rng := rand.New(rand.NewPCG(15, 16))
	tried, blockedStraight, blockedHalf := 0, 0, 0
	for tried < 150 {
		m, kind := outlineMask(rng)
		tr := new(tracing)
		tr.trace(m)
		if len(tr.pts) > 40 {
			continue
		}
		tried++
		for _, simplified := range []bool{false, true} {
			if simplified {
				tr.simplify(0.5)
			}
			var live []int
			for _, r := range tr.rings {
				for v, k := r.head, 0; k < r.n; v, k = tr.next[v], k+1 {
					live = append(live, v)
				}
			}
			for _, p := range live {
				for _, v := range live {
					for _, n := range live {
						for _, tol := range []float64{0, 0.5, 2, 8} {
							got, _ := tr.removable(p, v, n, tol)
							want := naiveRemovable(tr, p, v, n, tol)
							if got != want {
								t.Fatalf("%s, simplified %v: removable(%v, %v, %v, %v) = %v, want %v in %s",
									kind, simplified, tr.pts[p], tr.pts[v], tr.pts[n], tol, got, want, maskString(m))
							}
							switch a, b, c := tr.pts[p], tr.pts[v], tr.pts[n]; {
							case want || tol < 0.5:
							case turn(a, b, c) == 0 && (b.x-a.x)*(c.x-b.x)+(b.y-a.y)*(c.y-b.y) > 0:
								blockedStraight++
							case turn(a, b, c) == -1:
								blockedHalf++
							}
						}
					}
				}
			}
		}
	}
	if blockedStraight == 0 || blockedHalf == 0 {
		t.Errorf("tried %d straight runs and %d half-pixel triangles held by another vertex, want some of each", blockedStraight, blockedHalf)
	}
}
