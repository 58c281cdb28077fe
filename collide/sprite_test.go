package collide

import (
	"math"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/shapegen/shapegen/mask"
)

// maskOf builds a mask from an ASCII picture: '#' is opaque, '.' clear.
func maskOf(rows ...string) *mask.Mask {
	m := mask.New(len(rows[0]), len(rows))
	for y, row := range rows {
		for x, c := range row {
			m.Set(x, y, c == '#')
		}
	}
	return m
}

func randMask(r *rand.Rand, w, h int, fill float64) *mask.Mask {
	rows := make([]string, h)
	for y := range rows {
		var b strings.Builder
		for range w {
			if r.Float64() < fill {
				b.WriteByte('#')
			} else {
				b.WriteByte('.')
			}
		}
		rows[y] = b.String()
	}
	return maskOf(rows...)
}

// TestMaskedIntegerAgrees checks that the mapped path applies the same rule
// as mask.Overlap at whole-pixel offsets, where pixels that only touch do
// not collide.
func TestMaskedIntegerAgrees(t *testing.T) {
	r := rand.New(rand.NewPCG(8, 8))
	for i := range 500 {
		a, b := randMask(r, 1+r.IntN(9), 1+r.IntN(9), 0.3), randMask(r, 1+r.IntN(9), 1+r.IntN(9), 0.3)
		dx, dy := r.IntN(20)-10, r.IntN(20)-10
		ta := Transform{Pos: V(float64(r.IntN(5)), 3)}
		tb := Transform{Pos: ta.Pos.Add(V(float64(dx), float64(dy)))}
		want := mask.Overlap(a, b, dx, dy)
		if got := overlapMasksMapped(a, ta, b, tb); got != want {
			t.Errorf("case %d: mapped overlap at (%d, %d) = %v, mask.Overlap = %v", i, dx, dy, got, want)
		}
		if got := OverlapMasksPlaced(a, ta, b, tb); got != want {
			t.Errorf("case %d: OverlapMasksPlaced at (%d, %d) = %v, mask.Overlap = %v", i, dx, dy, got, want)
		}
	}
}

// oClipArea returns the area shared by two convex polygons
// (Sutherland-Hodgman clipping of p by q, any winding).
func oClipArea(p, q []Vec) float64 {
	sign := 1.0
	if Polygon(q).Area() < 0 {
		sign = -1
	}
	out := append([]Vec(nil), p...)
	for i := range q {
		a, b := q[i], q[(i+1)%len(q)]
		in := out
		out = nil
		side := func(v Vec) float64 { return sign * orient(a, b, v) }
		for j := range in {
			c, d := in[j], in[(j+1)%len(in)]
			sc, sd := side(c), side(d)
			if sc >= 0 {
				out = append(out, c)
			}
			if (sc >= 0) != (sd >= 0) {
				out = append(out, c.Add(d.Sub(c).Scale(sc/(sc-sd))))
			}
		}
		if len(out) == 0 {
			return 0
		}
	}
	return math.Abs(Polygon(out).Area())
}

// TestMaskedOracle places random small masks with random turns, scales and
// flips and compares with two oracles: exact clipping of every pair of
// pixel squares in world coordinates, and dense sampling of b's pixels.
func TestMaskedOracle(t *testing.T) {
	r := rand.New(rand.NewPCG(9, 9))
	hits := 0
	for i := range 300 {
		a, b := randMask(r, 1+r.IntN(7), 1+r.IntN(7), 0.3), randMask(r, 1+r.IntN(7), 1+r.IntN(7), 0.3)
		ta, tb := randTransform(r), randTransform(r)
		ta.Pos, tb.Pos = V(50, 50), V(50+r.Float64()*12-6, 50+r.Float64()*12-6)
		ta = ta.About(V(float64(a.Width())/2, float64(a.Height())/2))
		tb = tb.About(V(float64(b.Width())/2, float64(b.Height())/2))
		got := OverlapMasksPlaced(a, ta, b, tb)
		area := 0.0
		for ay := range a.Height() {
			for ax := range a.Width() {
				if !a.Get(ax, ay) {
					continue
				}
				pa := ta.Polygon(nil, R(float64(ax), float64(ay), float64(ax+1), float64(ay+1)).Polygon())
				for by := range b.Height() {
					for bx := range b.Width() {
						if b.Get(bx, by) {
							pb := tb.Polygon(nil, R(float64(bx), float64(by), float64(bx+1), float64(by+1)).Polygon())
							area = math.Max(area, oClipArea(pa, pb))
						}
					}
				}
			}
		}
		if area > 1e-6 && !got {
			t.Errorf("case %d: OverlapMasksPlaced = false, but two pixels share area %g", i, area)
		}
		if area == 0 && got {
			t.Errorf("case %d: OverlapMasksPlaced = true, but no two pixels share area", i)
		}
		if got {
			hits++
		}
		// Dense sampling: a sample of b's pixel inside a's opaque pixel is
		// an overlap that must be reported.
		for by := range b.Height() {
			for bx := range b.Width() {
				if !b.Get(bx, by) {
					continue
				}
				for k := range 36 {
					p := V(float64(bx)+(float64(k%6)+0.5)/6, float64(by)+(float64(k/6)+0.5)/6)
					q := ta.Inverse(tb.Apply(p))
					if a.Get(int(math.Floor(q.X)), int(math.Floor(q.Y))) && !got {
						t.Fatalf("case %d: sample %v of b lands in a's pixel %v, but OverlapMasksPlaced = false", i, p, q)
					}
				}
			}
		}
	}
	if hits < 30 || hits > 270 {
		t.Errorf("%d of 300 placements overlap: the test does not exercise both outcomes", hits)
	}
}
