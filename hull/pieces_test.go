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

// uncovered returns the first opaque pixel of m that is not inside one
// piece with all four corners, and true, or false. A run of pixels whose
// outer corners are all in one convex piece is in it as a whole.
func uncovered(m *mask.Mask, pieces []collide.Polygon) (collide.Vec, bool) {
	inOne := func(x0, x1, y int) bool {
		fy := float64(y)
		c := []collide.Vec{collide.V(float64(x0), fy), collide.V(float64(x1), fy), collide.V(float64(x0), fy+1), collide.V(float64(x1), fy+1)}
		for _, p := range pieces {
			if _, out := firstOutside(p, c); !out {
				return true
			}
		}
		return false
	}
	for r := range m.Runs() {
		if inOne(r.X0, r.X1, r.Y) {
			continue
		}
		for x := r.X0; x < r.X1; x++ {
			if !inOne(x, x+1, r.Y) {
				return collide.V(float64(x), float64(r.Y)), true
			}
		}
	}
	return collide.Vec{}, false
}

// holds reports whether convex polygon p contains pixel square (x, y).
func holds(p collide.Polygon, x, y int) bool {
	fx, fy := float64(x), float64(y)
	_, out := firstOutside(p, []collide.Vec{collide.V(fx, fy), collide.V(fx+1, fy), collide.V(fx, fy+1), collide.V(fx+1, fy+1)})
	return !out
}

// unionArea returns the area of the union of convex polygons by
// inclusion-exclusion over the intersections of every subset of them
// (each an intersection of convex polygons, clipped exactly up to
// rounding); a subset whose intersection is empty ends its branch.
func unionArea(ps []collide.Polygon) float64 {
	var sum func(i int, cur collide.Polygon, sign float64) float64
	sum = func(i int, cur collide.Polygon, sign float64) float64 {
		s := sign * cur.Area()
		for j := i + 1; j < len(ps); j++ {
			if next := collide.Polygon(clipRing(cur, ps[j])); next != nil && next.Area() > 0 {
				s += sum(j, next, -sign)
			}
		}
		return s
	}
	total := 0.0
	for i, p := range ps {
		total += sum(i, p, 1)
	}
	return total
}

// TestUnionArea checks unionArea against counting covered cells of a fine
// grid on random axis-aligned rectangles with integer corners (exact for
// them at unit cells).
func TestUnionArea(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for i := range 500 {
		var ps []collide.Polygon
		covered := map[[2]int]bool{}
		for range 1 + rng.IntN(6) {
			x0, y0 := rng.IntN(10), rng.IntN(10)
			x1, y1 := x0+1+rng.IntN(6), y0+1+rng.IntN(6)
			ps = append(ps, collide.R(float64(x0), float64(y0), float64(x1), float64(y1)).Polygon())
			for y := y0; y < y1; y++ {
				for x := x0; x < x1; x++ {
					covered[[2]int{x, y}] = true
				}
			}
		}
		if got, want := unionArea(ps), float64(len(covered)); math.Abs(got-want) > 1e-9 {
			t.Fatalf("case %d: unionArea(%v) = %v, want %v", i, ps, got, want)
		}
	}
}

// thickPixel reports whether pixel (x, y) lies in a fully opaque
// MinPieceWidth x MinPieceWidth block of m, by looking at every such block.
func thickPixel(m *mask.Mask, x, y int) bool {
	const s = MinPieceWidth
	for by := y - s + 1; by <= y; by++ {
		for bx := x - s + 1; bx <= x; bx++ {
			full := true
			for j := range s {
				for i := range s {
					full = full && m.Get(bx+i, by+j)
				}
			}
			if full {
				return true
			}
		}
	}
	return false
}

// widthOf returns the least width of convex polygon p over all directions
// (the least, over its edges, of the farthest vertex from the edge's line).
func widthOf(p collide.Polygon) float64 {
	w := math.Inf(1)
	for i, a := range p {
		d := p[(i+1)%len(p)].Sub(a)
		far := 0.0
		for _, v := range p {
			far = math.Max(far, math.Abs(d.Cross(v.Sub(a)))/d.Len())
		}
		w = math.Min(w, far)
	}
	return w
}

// piecesProblem returns why ps breaks a promise of Pieces(m, opt), or "":
// the count, each piece's convention and vertex limit, every pixel square
// in one piece, one piece for a nearly convex sprite, and the least size
// of a piece unless the pixels only it holds are thin (in no fully opaque
// MinPieceWidth square block) or whole islands inside it.
func piecesProblem(m *mask.Mask, opt PiecesOptions, ps []collide.Polygon) string {
	opt = opt.norm()
	h := Convex(m)
	if h == nil {
		if ps != nil {
			return "pieces for an empty mask"
		}
		return ""
	}
	if len(ps) < 1 || len(ps) > opt.MaxPieces {
		return fmt.Sprintf("%d pieces", len(ps))
	}
	for _, p := range ps {
		if e := polyProblem(p); e != "" || len(p) > opt.MaxVertices {
			return fmt.Sprintf("piece %v: %d vertices, %s", p, len(p), e)
		}
	}
	if v, bad := uncovered(m, ps); bad {
		return fmt.Sprintf("pixel %v in no single piece", v)
	}
	n := float64(m.Count())
	if h.Area() < 1.05*n && (len(ps) != 1 || !sameCycle(ps[0], Reduce(h, opt.MaxVertices))) {
		return "a nearly convex sprite in more than its reduced hull"
	}
	islands := m.Islands()
	for i, p := range ps {
		if widthOf(p) >= MinPieceWidth-1e-9 && p.Area() >= MinPieceArea-1e-9 {
			continue
		}
		thin, whole := true, true
		for r := range m.Runs() {
			for x := r.X0; x < r.X1; x++ {
				if !holds(p, x, r.Y) || slices.ContainsFunc(ps[:i], func(q collide.Polygon) bool { return holds(q, x, r.Y) }) ||
					slices.ContainsFunc(ps[i+1:], func(q collide.Polygon) bool { return holds(q, x, r.Y) }) {
					continue
				}
				thin = thin && !thickPixel(m, x, r.Y)
				for _, is := range islands {
					if is.Mask.Get(x-is.Offset.X, r.Y-is.Offset.Y) {
						for q := range is.Mask.Runs() {
							for qx := q.X0; qx < q.X1; qx++ {
								whole = whole && holds(p, qx+is.Offset.X, q.Y+is.Offset.Y)
							}
						}
					}
				}
			}
		}
		if !thin && !whole {
			return fmt.Sprintf("piece %d %v is %.3g wide, %.3g in area, holding thick pixels", i, p, widthOf(p), p.Area())
		}
	}
	return ""
}

func TestPieces(t *testing.T) {
	tests := []struct {
		name string
		m    *mask.Mask
		opt  PiecesOptions
		// exact: the pieces' union is exactly the pixels (hand-checked: the
		// mask is a union of rectangles within the budget).
		exact bool
	}{
		{"empty", pic("...", "..."), DefaultPieces, false},
		{"one pixel", pic(".#."), DefaultPieces, true},
		{"rectangle", pic("###", "###"), DefaultPieces, true},
		{"plus in three", pic(".#.", "###", ".#."), PiecesOptions{MaxPieces: 3, MaxVertices: 8}, true},
		{"U in three", pic(
			"#...#",
			"#...#",
			"#####",
		), PiecesOptions{MaxPieces: 3, MaxVertices: 8}, true},
		{"L in two", pic(
			"#...",
			"#...",
			"#...",
			"####",
		), PiecesOptions{MaxPieces: 2, MaxVertices: 8}, true},
		{"two islands", pic(
			"##....",
			"##....",
			"....##",
		), PiecesOptions{MaxPieces: 4, MaxVertices: 8}, true},
		{"one piece allowed", pic("#.#"), PiecesOptions{MaxPieces: 1, MaxVertices: 8}, false},
		{"wire on a block", pic(
			"#.......",
			".#......",
			"..#.....",
			"...#####",
			"...#####",
			"...#####",
		), PiecesOptions{MaxPieces: 8, MaxVertices: 8}, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := Pieces(tt.m, tt.opt)
			if e := piecesProblem(tt.m, tt.opt, got); e != "" {
				t.Fatalf("Pieces(%s, %+v) = %v: %s", maskString(tt.m), tt.opt, got, e)
			}
			if a, n := unionArea(got), float64(tt.m.Count()); tt.exact && math.Abs(a-n) > 1e-9 {
				t.Errorf("Pieces(%s, %+v) = %v covers area %v, want exactly the %v pixels", maskString(tt.m), tt.opt, got, a, n)
			}
			// The transposed mask is as well served.
			if tt.exact {
				tr := tt.m.Transpose()
				if got := Pieces(tr, tt.opt); math.Abs(unionArea(got)-float64(tr.Count())) > 1e-9 {
					t.Errorf("Pieces(transposed %s, %+v) = %v covers area %v, want %v", maskString(tr), tt.opt, got, unionArea(got), tr.Count())
				}
			}
		})
	}
}

// TestPiecesOptions: zero MaxPieces and MaxVertices take the defaults (a
// zero Gain is kept: it spends the budget), out-of-range values are
// clamped, and NaN or negative gains count as 0; none panics.
func TestPiecesOptions(t *testing.T) {
	m := pic(
		"#....#",
		"#....#",
		"######",
	)
	same := func(a, b []collide.Polygon) bool {
		return slices.EqualFunc(a, b, func(p, q collide.Polygon) bool { return slices.Equal(p, q) })
	}
	if a, b := Pieces(m, PiecesOptions{Gain: DefaultPieces.Gain}), Pieces(m, DefaultPieces); !same(a, b) {
		t.Errorf("Pieces(m, {Gain: %v}) = %v, want the defaults' %v", DefaultPieces.Gain, a, b)
	}
	for _, opt := range []PiecesOptions{{MaxPieces: -3, MaxVertices: 1}, {MaxPieces: 2, MaxVertices: 3, Gain: math.NaN()}, {Gain: -1}, {Gain: math.Inf(1)}} {
		if e := piecesProblem(m, opt, Pieces(m, opt)); e != "" {
			t.Errorf("Pieces(m, %+v): %s", opt, e)
		}
	}
}

// TestPiecesRandom checks every promise of Pieces (piecesProblem) over
// thousands of seeded random masks and several settings, and that the
// result does not depend on anything but the input.
func TestPiecesRandom(t *testing.T) {
	opts := []PiecesOptions{DefaultPieces, {MaxPieces: 8, MaxVertices: 8}, {MaxPieces: 2, MaxVertices: 3, Gain: 0.2}, {MaxPieces: 4, MaxVertices: 6, Gain: 0.02}}
	eachRandomHull(9, 1500, func(name string, m *mask.Mask, h collide.Polygon) {
		for _, opt := range opts {
			ps := Pieces(m, opt)
			if e := piecesProblem(m, opt, ps); e != "" {
				t.Fatalf("%s: Pieces(%s, %+v) = %v: %s", name, maskString(m), opt, ps, e)
			}
			if again := Pieces(m.Clone(), opt); !slices.EqualFunc(ps, again, func(p, q collide.Polygon) bool { return slices.Equal(p, q) }) {
				t.Fatalf("%s: Pieces(%s, %+v) = %v, then %v", name, maskString(m), opt, ps, again)
			}
		}
	})
}

// TestCutterAreas checks the cutter's prefix and suffix hull areas (from
// pixel centres, lines' extreme pixels and the widths formula) against the
// naive hull of the pixel squares on each side, for every cut of every
// direction of random masks.
func TestCutterAreas(t *testing.T) {
	var c cutter
	eachRandomHull(21, 400, func(name string, m *mask.Mask, _ collide.Polygon) {
		runs := maskRuns(m)
		// The sweeps' values are scaled by sc.
		check := func(dir string, sc float64, key func(x, y int) int) {
			n := len(c.groups)
			for i := 0; i+1 < n; i++ {
				k := int(c.groups[i].k)
				pre := sideArea2(m, func(x, y int) bool { return key(x, y) <= k })
				suf := sideArea2(m, func(x, y int) bool { return key(x, y) > k })
				if gp, gs := float64(c.pre[i])/sc, float64(c.suf[n-2-i])/sc; gp != pre || gs != suf {
					t.Fatalf("%s: %s cut after %d of %s: sides %v and %v, want %v and %v", name, dir, k, maskString(m), gp, gs, pre, suf)
				}
			}
		}
		c.sum = math.Inf(1) // sweep every suffix
		box, _ := c.rowsCut(runs)
		check("row", 1, func(x, y int) int { return y })
		for _, b := range slants {
			c.sum = math.Inf(1)
			c.slantCut(b, c.runLines(runs, b, box))
			check(fmt.Sprintf("(1, %d)", b), float64(1+b*b), func(x, y int) int { return x + int(b)*y })
		}
	})
}

// TestCutterSweepBound checks the bound a sweep stops by (see sweep and
// past) on the exact prefix and suffix hull areas of every direction of
// random masks: each step adds at least past of its line to its side, and
// a side holds at least past of all its lines. It also checks that the
// bound is reached, for lines of span 2 or more, in every direction, so
// that a weaker one (diagonals' lines once counted their span alone)
// fails too.
func TestCutterSweepBound(t *testing.T) {
	var c cutter
	reached := map[string]bool{}
	eachRandomHull(37, 600, func(name string, m *mask.Mask, _ collide.Polygon) {
		runs := maskRuns(m)
		check := func(dir string, sc int64) {
			n := len(c.groups)
			if n < 2 { // no cut, and no suffix swept
				return
			}
			// pre[i]: groups 0..i; suf[i]: groups n-1-i..n-1.
			for _, side := range []struct {
				name string
				v    []int64 // scaled by sc
				line func(i int) group
			}{
				{"prefix", c.pre, func(i int) group { return c.groups[i] }},
				{"suffix", c.suf, func(i int) group { return c.groups[n-1-i] }},
			} {
				bound := int64(0)
				for i := range n {
					add := past(side.line(i).span, sc)
					bound += add
					if z := side.v[i]; z < bound {
						t.Fatalf("%s: %s %s %d of %s: %v, below the bound %v", name, dir, side.name, i, maskString(m), float64(z)/float64(sc), float64(bound)/float64(sc))
					}
					if i == 0 {
						continue
					}
					grew := side.v[i] - side.v[i-1]
					if grew < add {
						t.Fatalf("%s: %s %s %d of %s grew by %v, below the bound %v", name, dir, side.name, i, maskString(m), float64(grew)/float64(sc), float64(add)/float64(sc))
					}
					if grew == add && side.line(i).span >= 2 {
						reached[dir] = true
					}
				}
			}
		}
		c.sum = math.Inf(1) // sweep every prefix and suffix
		box, _ := c.rowsCut(runs)
		check("row", 1)
		for _, b := range slants {
			c.sum = math.Inf(1)
			c.slantCut(b, c.runLines(runs, b, box))
			check(fmt.Sprintf("(1, %d)", b), int64(1+b*b))
		}
	})
	for _, dir := range []string{"row", "(1, 0)", "(1, 1)", "(1, -1)"} {
		if !reached[dir] {
			t.Errorf("%s: no sweep step of a line of span 2 or more adds just its bound: it could be higher", dir)
		}
	}
}

// sideArea2 returns twice the area of the naive hull of the pixel squares
// of m that keep holds, 0 for none.
func sideArea2(m *mask.Mask, keep func(x, y int) bool) float64 {
	s := mask.New(m.Width(), m.Height())
	for r := range m.Runs() {
		for x := r.X0; x < r.X1; x++ {
			s.Set(x, r.Y, keep(x, r.Y))
		}
	}
	return 2 * naiveConvex(s).Area()
}

// naiveBestBelow is bestBelow without its pruning: every cut of every
// direction (rows, then slants), each the least line value k on its first
// side, the naive hulls of both sides, and the first of the least sums
// below limit.
func naiveBestBelow(m *mask.Mask, limit float64) (best cut, sum float64, ok bool) {
	sum = limit
	dirs := []struct {
		c   cut
		key func(x, y int) int
	}{{cut{rows: true}, func(x, y int) int { return y }}}
	for _, b := range slants {
		dirs = append(dirs, struct {
			c   cut
			key func(x, y int) int
		}{cut{b: b}, func(x, y int) int { return x + int(b)*y }})
	}
	for _, d := range dirs {
		for _, k := range cutKeys(m, d.key) {
			s := sideArea2(m, func(x, y int) bool { return d.key(x, y) <= k }) +
				sideArea2(m, func(x, y int) bool { return d.key(x, y) > k })
			if s < sum {
				best, sum = d.c, s
				best.k = int32(k)
			}
		}
	}
	return best, sum, sum < limit
}

// cutKeys returns the cuts of m along a direction, each the least line
// value k on its first side (key(x, y) <= k): every line value of its
// pixels but the greatest, in order.
func cutKeys(m *mask.Mask, key func(x, y int) int) []int {
	var ks []int
	for r := range m.Runs() {
		for x := r.X0; x < r.X1; x++ {
			ks = append(ks, key(x, r.Y))
		}
	}
	slices.Sort(ks)
	ks = slices.Compact(ks)
	return ks[:max(len(ks)-1, 0)]
}

// TestCutterSlantFloor checks the floor rowsCut puts under the sums of the
// slant cuts (bestBelow skips the slants once its best sum is not above
// it) against the naive hulls of the two sides of every slant cut of
// random masks (noise and rings have rows with gaps, which a cut may fall
// in): none is below it.
func TestCutterSlantFloor(t *testing.T) {
	var c cutter
	eachRandomHull(33, 400, func(name string, m *mask.Mask, _ collide.Polygon) {
		c.sum = math.Inf(1)
		_, floor := c.rowsCut(maskRuns(m))
		for _, b := range slants {
			key := func(x, y int) int { return x + int(b)*y }
			for _, k := range cutKeys(m, key) {
				s := sideArea2(m, func(x, y int) bool { return key(x, y) <= k }) +
					sideArea2(m, func(x, y int) bool { return key(x, y) > k })
				if s < float64(floor) {
					t.Fatalf("%s: (1, %d) cut after %d of %s: sum %v, below the floor %d", name, b, k, maskString(m), s, floor)
				}
			}
		}
	})
}

// TestCutterBest checks bestBelow, whose sweeps stop early on bounds,
// against naiveBestBelow on random masks, at limits around the best sum
// (where a bound that is not one would lose the cut) and far above it.
func TestCutterBest(t *testing.T) {
	var c cutter
	rng := rand.New(rand.NewPCG(31, 32))
	eachRandomHull(29, 400, func(name string, m *mask.Mask, h collide.Polygon) {
		runs := maskRuns(m)
		_, least, found := naiveBestBelow(m, math.Inf(1))
		limits := []float64{math.Inf(1), 2*h.Area() + 0.5, float64(2*m.Count()) + rng.Float64()*2*h.Area()}
		if found {
			limits = append(limits, least, least+0.5, least+1, least+0.25+rng.Float64()*8)
		}
		for _, limit := range limits {
			wc, ws, wok := naiveBestBelow(m, limit)
			gc, gs, gok := c.bestBelow(runs, limit)
			if gok != wok || gok && (gc != wc || gs != ws) {
				t.Fatalf("%s: bestBelow(%s, %v) = %+v, %v, %v; want %+v, %v, %v", name, maskString(m), limit, gc, gs, gok, wc, ws, wok)
			}
		}
	})
}

// TestCutterLines checks the lines slantCut groups (which lines have
// pixels, the bits its fills leave, and each one's topmost and bottommost
// pixel and span) against a pixel-by-pixel scan, for every slant direction of
// random masks (blobs have runs whose lines are all filled already; noise
// and separate parts leave lines empty and fill lines apart), some of
// them wide, so that the lines take more than one word of bits.
func TestCutterLines(t *testing.T) {
	var c cutter
	check := func(name string, m *mask.Mask) {
		runs := maskRuns(m)
		for _, b := range slants {
			type line struct{ ylo, yhi int64 }
			want := map[int64]*line{}
			for y := range m.Height() {
				for x := range m.Width() {
					if !m.Get(x, y) {
						continue
					}
					k := int64(x) + int64(b)*int64(y)
					if l := want[k]; l == nil {
						want[k] = &line{int64(y), int64(y)}
					} else {
						l.yhi = int64(y)
					}
				}
			}
			c.sum = math.Inf(1)
			box, _ := c.rowsCut(runs)
			c.slantCut(b, c.runLines(runs, b, box))
			if len(c.groups) != len(want) {
				t.Fatalf("%s: (1, %d): %d lines, want %d", name, b, len(c.groups), len(want))
			}
			for i, g := range c.groups {
				w := want[g.k]
				if i > 0 && c.groups[i-1].k >= g.k {
					t.Fatalf("%s: (1, %d): line %d after line %d", name, b, g.k, c.groups[i-1].k)
				}
				if w == nil {
					t.Fatalf("%s: (1, %d): line %d has no pixel in %s", name, b, g.k, maskString(m))
				}
				// The topmost and bottommost pixels (xa, ylo) and (xb, yhi)
				// hold the extremes of x and of q = -b x + y.
				xa, xb := g.k-int64(b)*w.ylo, g.k-int64(b)*w.yhi
				if g.y0 != w.ylo || g.y1 != w.yhi || g.x0 != min(xa, xb) || g.x1 != max(xa, xb) ||
					g.qlo != -int64(b)*xa+w.ylo || g.qhi != -int64(b)*xb+w.yhi || g.span != w.yhi-w.ylo+1 {
					t.Fatalf("%s: (1, %d): line %d is %+v, want %+v in %s", name, b, g.k, g, w, maskString(m))
				}
			}
		}
	}
	eachRandomHull(23, 600, func(name string, m *mask.Mask, _ collide.Polygon) { check(name, m) })
	rng := rand.New(rand.NewPCG(25, 26))
	for i := range 200 {
		m := mask.New(60+rng.IntN(200), 1+rng.IntN(8))
		p := rng.Float64()
		for y := range m.Height() {
			for x := range m.Width() {
				m.Set(x, y, rng.Float64() < p)
			}
		}
		check(fmt.Sprintf("wide case %d", i), m)
	}
}

// TestUnionHull checks the linear-time hull of two convex polygons against
// the naive hull of their vertices.
func TestUnionHull(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	var sc scratch
	for i := range 2000 {
		m1, _ := randomMask(rng)
		m2, _ := randomMask(rng)
		a, b := Convex(m1), Convex(m2)
		if a == nil || b == nil {
			continue
		}
		dx, dy := rng.IntN(20)-10, rng.IntN(20)-10
		toI := func(p collide.Polygon, dx, dy int) []ipt {
			var q []ipt
			for _, v := range p {
				q = append(q, ipt{int64(v.X) + int64(dx), int64(v.Y) + int64(dy)})
			}
			return q
		}
		h, a2 := sc.unionHull(toI(a, 0, 0), toI(b, dx, dy))
		pts := append(collide.Polygon(nil), a...)
		for _, v := range b {
			pts = append(pts, v.Add(collide.V(float64(dx), float64(dy))))
		}
		want := pointsHull(pts)
		if float64(a2) != 2*want.Area() || len(h) != len(want) {
			t.Fatalf("case %d: unionHull(%v, %v moved (%d, %d)) = %v (twice area %d), want %v", i, a, b, dx, dy, h, a2, want)
		}
	}
}

// TestThickRows checks the bit-parallel thick pixels against thickPixel.
func TestThickRows(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	for i := range 300 {
		w, h := 1+rng.IntN(140), 1+rng.IntN(12)
		m := mask.New(w, h)
		p := rng.Float64()
		for y := range h {
			for x := range w {
				m.Set(x, y, rng.Float64() < p)
			}
		}
		thick := thickRows(m)
		for y := range h {
			for x := range w {
				got := thick[y][x/64]>>uint(x%64)&1 != 0
				if want := thickPixel(m, x, y); got != want {
					t.Fatalf("case %d: thickRows of %s at (%d, %d) = %v, want %v", i, maskString(m), x, y, got, want)
				}
				if got != anyThick(thick, []prun{{int32(y), int32(x), int32(x + 1)}}) {
					t.Fatalf("case %d: anyThick disagrees with thickRows at (%d, %d)", i, x, y)
				}
			}
		}
	}
}

// TestChainsArea checks the incremental hull area after every row against
// the naive hull of the rows so far.
func TestChainsArea(t *testing.T) {
	eachRandomHull(11, 2000, func(name string, m *mask.Mask, _ collide.Polygon) {
		var c chains
		rows := mask.New(m.Width(), m.Height())
		for y := range m.Height() {
			l, r, ok := m.RowSpan(y)
			if ok {
				c.addRow(y, l, r)
				for x := l; x <= r; x++ {
					rows.Set(x, y, m.Get(x, y))
				}
			}
			if got, want := float64(c.area2())/2, naiveConvex(rows).Area(); got != want {
				t.Fatalf("%s: hull area after row %d = %v, want %v", name, y, got, want)
			}
		}
	})
}

// TestSetRuns checks the hull setRuns builds (one point per chain and
// grid line) against the chains of addRow (two per row) and Convex, vertex
// for vertex, on random masks, gaps between rows included.
func TestSetRuns(t *testing.T) {
	var ch chains
	eachRandomHull(13, 2000, func(name string, m *mask.Mask, h collide.Polygon) {
		runs := maskRuns(m)
		var p part
		p.setRuns(runs, &ch)
		var rows chains
		for y := range m.Height() {
			if l, r, ok := m.RowSpan(y); ok {
				rows.addRow(y, l, r)
			}
		}
		if want := rows.appendIpts(nil); !slices.Equal(p.hull, want) || p.area2 != rows.area2() {
			t.Fatalf("%s: setRuns hull %v (twice area %d), want %v (%d) in %s", name, p.hull, p.area2, want, rows.area2(), maskString(m))
		}
		if got := p.polygon(); !slices.Equal(got, h) {
			t.Fatalf("%s: setRuns hull %v, Convex %v", name, got, h)
		}
	})
}

// TestAppendMerged checks that the runs of two parts merged are the runs
// of the union of their pixels, row by row and joined where they meet: the
// pixels of random masks are split between two parts by a random straight
// cut or pixel by pixel, and the merge, either way round, must give the
// mask's own runs.
func TestAppendMerged(t *testing.T) {
	rng := rand.New(rand.NewPCG(41, 42))
	eachRandomHull(43, 2000, func(name string, m *mask.Mask, _ collide.Polygon) {
		a, b := mask.New(m.Width(), m.Height()), mask.New(m.Width(), m.Height())
		cx, cy, k := rng.IntN(3)-1, rng.IntN(3)-1, rng.IntN(m.Width()+m.Height())
		perPixel := rng.IntN(2) == 0
		for r := range m.Runs() {
			for x := r.X0; x < r.X1; x++ {
				first := cx*x+cy*r.Y <= k-m.Height()
				if perPixel {
					first = rng.IntN(2) == 0
				}
				if first {
					a.Set(x, r.Y, true)
				} else {
					b.Set(x, r.Y, true)
				}
			}
		}
		want := maskRuns(m)
		for _, ab := range [][2]*mask.Mask{{a, b}, {b, a}} {
			if got := appendMerged(nil, maskRuns(ab[0]), maskRuns(ab[1])); !slices.Equal(got, want) {
				t.Fatalf("%s: appendMerged(%v, %v) = %v, want %v", name, maskRuns(ab[0]), maskRuns(ab[1]), got, want)
			}
		}
	})
}

// TestCeilInt checks the sweep's integer limit at halves, integers and the
// ends.
func TestCeilInt(t *testing.T) {
	for _, c := range []struct {
		x    float64
		want int64
	}{
		{0, 0}, {0.5, 1}, {-0.5, 0}, {7, 7}, {7.25, 8}, {-7.5, -7},
		{math.Inf(1), 1 << 62}, {math.Inf(-1), -1 << 62}, {math.NaN(), -1 << 62}, {1e300, 1 << 62},
	} {
		if got := ceilInt(c.x); got != c.want {
			t.Errorf("ceilInt(%v) = %d, want %d", c.x, got, c.want)
		}
	}
}

// TestPartEnds checks the least and greatest hull vertex that each part
// keeps for unionHull (set from its runs, from merge's unions and from
// refine's cuts) against lexEnds of its hull, after each of Pieces' steps
// on random masks. From merge on, when the parts have their runs, it also
// checks the bounds each part keeps against its runs, and that parts whose
// pixels touch are near (refine passes over pairs that are not).
func TestPartEnds(t *testing.T) {
	eachRandomHull(47, 1500, func(name string, m *mask.Mask, _ collide.Polygon) {
		check := func(step string, parts []*part) {
			for _, p := range parts {
				if lo, hi := lexEnds(p.hull); int(p.lo) != lo || int(p.hi) != hi {
					t.Fatalf("%s: after %s, a part keeps ends %d, %d of hull %v, want %d, %d in %s", name, step, p.lo, p.hi, p.hull, lo, hi, maskString(m))
				}
			}
			if step == "atoms" {
				return
			}
			for i, p := range parts {
				x0, y0, x1, y1 := int32(math.MaxInt32), p.runs[0].y, int32(math.MinInt32), p.runs[len(p.runs)-1].y+1
				for _, r := range p.runs {
					x0, x1 = min(x0, r.x0), max(x1, r.x1)
				}
				if a, b, c, d := p.box(); a != x0 || b != y0 || c != x1 || d != y1 {
					t.Fatalf("%s: after %s, a part keeps bounds %d, %d, %d, %d of runs %v, want %d, %d, %d, %d in %s", name, step, a, b, c, d, p.runs, x0, y0, x1, y1, maskString(m))
				}
				for _, q := range parts[i+1:] {
					if touching(p.runs, q.runs) && !p.near(q) {
						t.Fatalf("%s: after %s, parts of runs %v and %v touch but are not near in %s", name, step, p.runs, q.runs, maskString(m))
					}
				}
			}
		}
		sp := new(pieceScratch)
		s := partSet{cut: sp.cut, sc: sp.sc, u: sp.u, ch: sp.ch, ar: &sp.ar}
		s.atoms(m, &sp.atoms)
		check("atoms", s.all)
		limit := DefaultPieces.Gain * float64(m.Count())
		s.merge(3, limit)
		check("merge", s.parts)
		s.split(6, 0)
		check("split", s.parts)
		s.refine()
		check("refine", s.parts)
		if len(s.parts) > 1 {
			i, j, u := s.cheapestPair()
			c := s.clone()
			c.joinUnion(i, j, u)
			c.refineN(1)
			check("join and refine", c.parts)
		}
		s.enforceMinimums(m)
		check("minimums", s.parts)
	})
}

// TestCutBest checks the pairs of parts that refine does not try again
// until one of them changes, as split and refine record them in tried:
// after split, after refine, and after a trial join refined in a clone
// (which shares tried) on random masks, refine would change no recorded
// pair of live parts: no straight cut of the union of such a pair that
// touches has a smaller sum of hull areas. Split records every cut it
// makes.
func TestCutBest(t *testing.T) {
	var c cutter
	eachRandomHull(53, 800, func(name string, m *mask.Mask, _ collide.Polygon) {
		sp := new(pieceScratch)
		s := partSet{cut: sp.cut, sc: sp.sc, u: sp.u, ch: sp.ch, ar: &sp.ar}
		s.atoms(m, &sp.atoms)
		s.merge(3, DefaultPieces.Gain*float64(m.Count()))
		merged := len(s.parts)
		s.split(6, 0)
		if len(s.tried) != len(s.parts)-merged {
			t.Fatalf("%s: split made %d cuts and recorded %d in %s", name, len(s.parts)-merged, len(s.tried), maskString(m))
		}
		check := func(step string) {
			for i, p := range s.parts {
				for _, q := range s.parts[i+1:] {
					if !s.tried.has(p, q) || !touching(p.runs, q.runs) {
						continue
					}
					u := appendMerged(nil, p.runs, q.runs)
					if cut, sum, ok := c.bestBelow(u, float64(p.area2+q.area2)-0.5); ok {
						t.Fatalf("%s: after %s, parts of sums %d and %d are recorded as cut best, but %+v gives %v in %s", name, step, p.area2, q.area2, cut, sum, maskString(m))
					}
				}
			}
		}
		// A join refined in a clone, as Pieces tries them.
		trial := func() {
			if len(s.parts) > 1 {
				i, j, u := s.cheapestPair()
				c := s.clone()
				c.joinUnion(i, j, u)
				c.refineN(1)
			}
		}
		check("split")
		trial()
		check("split and a trial join")
		s.refine()
		check("refine")
		trial()
		check("refine and a trial join")
	})
}

// TestJoin checks the part join makes of two parts (its hull from the two
// hulls) against setRuns of the merged runs, the hull built from every
// row: the same vertices in the same order, area, pixels, ends and
// bounds, for every pair of parts after refine on random masks.
func TestJoin(t *testing.T) {
	var ch chains
	eachRandomHull(61, 800, func(name string, m *mask.Mask, _ collide.Polygon) {
		sp := new(pieceScratch)
		s := partSet{cut: sp.cut, sc: sp.sc, u: sp.u, ch: sp.ch, ar: &sp.ar}
		s.atoms(m, &sp.atoms)
		s.merge(4, DefaultPieces.Gain*float64(m.Count()))
		s.split(8, 0)
		s.refine()
		for i := range s.parts {
			for j := i + 1; j < len(s.parts); j++ {
				var want part
				want.setRuns(appendMerged(nil, s.parts[i].runs, s.parts[j].runs), &ch)
				c := s.clone()
				c.join(i, j)
				got := c.parts[i]
				gx0, gy0, gx1, gy1 := got.box()
				wx0, wy0, wx1, wy1 := want.box()
				if !slices.Equal(got.hull, want.hull) || got.area2 != want.area2 || got.count != want.count ||
					got.lo != want.lo || got.hi != want.hi || !slices.Equal(got.runs, want.runs) ||
					gx0 != wx0 || gy0 != wy0 || gx1 != wx1 || gy1 != wy1 {
					t.Fatalf("%s: join of parts %d and %d gives hull %v (twice area %d, %d pixels, ends %d, %d, bounds %d %d %d %d), want %v (%d, %d, %d, %d, %d %d %d %d) in %s",
						name, i, j, got.hull, got.area2, got.count, got.lo, got.hi, gx0, gy0, gx1, gy1,
						want.hull, want.area2, want.count, want.lo, want.hi, wx0, wy0, wx1, wy1, maskString(m))
				}
			}
		}
	})
}

// TestMergeHulls checks the hulls merge leaves its parts (each absorb's
// union, the one kept from costing its candidate; these masks keep far
// fewer than maxKept/2 points, so none is built again: see
// TestMergeHullsPastKept) against setRuns of each part's gathered runs:
// the same area and the same vertices (turned to start at the same one),
// on random masks, merging to a few parts and, with a large limit, to one.
func TestMergeHulls(t *testing.T) {
	var ch chains
	turned := func(h []ipt) []ipt {
		lo, _ := lexEnds(h)
		return append(slices.Clone(h[lo:]), h[:lo]...)
	}
	eachRandomHull(67, 800, func(name string, m *mask.Mask, _ collide.Polygon) {
		for _, target := range []int{3, 1} {
			sp := new(pieceScratch)
			s := partSet{cut: sp.cut, sc: sp.sc, u: sp.u, ch: sp.ch, ar: &sp.ar}
			s.atoms(m, &sp.atoms)
			s.merge(target, DefaultPieces.Gain*float64(m.Count()))
			for _, p := range s.parts {
				var want part
				want.setRuns(p.runs, &ch)
				if got, w := turned(p.hull), turned(want.hull); !slices.Equal(got, w) || p.area2 != want.area2 {
					t.Fatalf("%s: merge to %d leaves a part of hull %v (twice area %d), want %v (%d) in %s", name, target, got, p.area2, w, want.area2, maskString(m))
				}
			}
		}
	})
}

// TestMergeHullsPastKept checks merge's hulls as TestMergeHulls does on a
// noise mask whose candidates' unions fill the maxKept/2 points merge
// keeps, so that the joins of the candidates costed after that build
// their union again (absorb).
func TestMergeHullsPastKept(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	const n = 512
	m := mask.New(n, n)
	for y := range n {
		for x := range n {
			m.Set(x, y, rng.IntN(3) != 0)
		}
	}
	var ch chains
	sp := new(pieceScratch)
	s := partSet{cut: sp.cut, sc: sp.sc, u: sp.u, ch: sp.ch, ar: &sp.ar}
	s.atoms(m, &sp.atoms)
	s.merge(3, DefaultPieces.Gain*float64(m.Count()))
	// The unions are kept while they fit: room for fewer than maxKept/2
	// points less a union's worth means none went unkept.
	if c := cap(sp.atoms.unions); c < maxKept/2-1024 {
		t.Fatalf("merge kept room for %d points of unions, want the cap of %d reached", c, maxKept/2)
	}
	for _, p := range s.parts {
		var want part
		want.setRuns(p.runs, &ch)
		lo, _ := lexEnds(p.hull)
		wlo, _ := lexEnds(want.hull)
		got, w := append(slices.Clone(p.hull[lo:]), p.hull[:lo]...), append(slices.Clone(want.hull[wlo:]), want.hull[:wlo]...)
		if !slices.Equal(got, w) || p.area2 != want.area2 {
			t.Fatalf("merge leaves a part of hull %v (twice area %d), want %v (%d)", got, p.area2, w, want.area2)
		}
	}
}

// TestPartLines checks the lines across each slant that parts keep for
// the cutter (filled from their runs, merged by join, split along a cut
// across them by refine and split) against lines filled from their runs,
// after each of Pieces' steps on random masks and the corpus: every part's
// lines that are current for its stamp have the same rows on every line.
func TestPartLines(t *testing.T) {
	var c cutter
	kept := 0 // parts' lines checked that were not filled from their runs
	run := func(name string, m *mask.Mask) {
		check := func(step string, parts []*part) {
			for _, p := range parts {
				for d, b := range slants {
					if p.linesVer[d] != p.ver {
						continue
					}
					want := c.runLines(p.runs, b, bounds{p.x0, p.x1 - 1, p.y0, p.y1 - 1})
					if k, got, w := lineDiff(p.lines[d], want); k != nil {
						t.Fatalf("%s: after %s, a part of runs %v keeps rows %v on line %d across (1, %d), want %v in %s", name, step, p.runs, got, *k, b, w, maskString(m))
					}
					if len(p.lines[d].lo) != len(want.lo) || p.lines[d].k0 != want.k0 {
						kept++
					}
				}
			}
		}
		sp := new(pieceScratch)
		s := partSet{cut: sp.cut, sc: sp.sc, u: sp.u, ch: sp.ch, ar: &sp.ar}
		s.atoms(m, &sp.atoms)
		s.merge(3, DefaultPieces.Gain*float64(m.Count()))
		s.split(6, 0)
		check("split", s.parts)
		s.refine()
		check("refine", s.parts)
		for i, p := range s.parts { // the lines of unions, as refine cuts them
			for _, q := range s.parts[i+1:] {
				u := appendMerged(nil, p.runs, q.runs)
				for d, b := range slants {
					got := s.cut.unionLines(s.lines(p, d), s.lines(q, d))
					want := c.runLines(u, b, bounds{min(p.x0, q.x0), max(p.x1, q.x1) - 1, min(p.y0, q.y0), max(p.y1, q.y1) - 1})
					if k, g, w := lineDiff(got, want); k != nil {
						t.Fatalf("%s: the union of parts of runs %v and %v has rows %v on line %d across (1, %d), want %v in %s", name, p.runs, q.runs, g, *k, b, w, maskString(m))
					}
				}
			}
		}
		for range 3 { // joins of joined parts too
			if len(s.parts) < 2 {
				break
			}
			i, j, u := s.cheapestPair()
			joined := s.clone()
			joined.joinUnion(i, j, u)
			check("join", joined.parts)
			joined.refineN(1)
			check("join and refine", joined.parts)
			s = *joined
		}
		s.enforceMinimums(m)
		check("minimums", s.parts)
	}
	eachRandomHull(71, 800, func(name string, m *mask.Mask, _ collide.Polygon) { run(name, m) })
	if !testing.Short() {
		eachCorpusMask(t, func(path string, m *mask.Mask) { run(path, m) })
	}
	if kept == 0 {
		t.Errorf("no part kept lines merged by join or split along a cut")
	}
}

// lineDiff returns the first line k on which l and m have different rows
// (lo, hi; none on a line outside them or with lo > hi), and their rows
// there; nil when they have the same on every line.
func lineDiff(l, m lines) (k *int32, got, want [2]int32) {
	at := func(l lines, k int32) [2]int32 {
		if i := k - l.k0; i >= 0 && int(i) < len(l.lo) && l.lo[i] <= l.hi[i] {
			return [2]int32{l.lo[i], l.hi[i]}
		}
		return [2]int32{1, 0} // none
	}
	k0 := min(l.k0, m.k0)
	k1 := max(l.k0+int32(len(l.lo)), m.k0+int32(len(m.lo)))
	for k := k0; k < k1; k++ {
		if a, b := at(l, k), at(m, k); a != b {
			return &k, a, b
		}
	}
	return nil, got, want
}
