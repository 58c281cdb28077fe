package hull

import (
	"math"
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

func totalArea(ps []collide.Polygon) float64 {
	a := 0.0
	for _, p := range ps {
		a += p.Area()
	}
	return a
}

func TestPieces(t *testing.T) {
	tests := []struct {
		name      string
		m         *mask.Mask
		maxPieces int
		count     int
		area      float64 // total area of the pieces
	}{
		{"empty", pic("...", "..."), 4, 0, 0},
		{"one pixel", pic(".#."), 4, 1, 1},
		{"rectangle stays whole", pic("###", "###"), 4, 1, 6},
		{"plus in three rectangles", pic(".#.", "###", ".#."), 4, 3, 5},
		{"U in three", pic(
			"#...#",
			"#...#",
			"#####",
		), 3, 3, 9},
		{"U in two", pic(
			"#...#",
			"#...#",
			"#####",
		), 2, 2, 12},
		{"L", pic(
			"#..",
			"#..",
			"###",
		), 4, 2, 5},
		{"two islands", pic(
			"##....",
			"##....",
			"....##",
		), 4, 2, 6},
		{"one piece allowed", pic("#.#"), 1, 1, 3},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := Pieces(tt.m, tt.maxPieces, 8)
			if len(got) != tt.count || math.Abs(totalArea(got)-tt.area) > 1e-9 {
				t.Errorf("Pieces(%s, %d, 8) = %v: %d pieces of total area %v, want %d of %v",
					maskString(tt.m), tt.maxPieces, got, len(got), totalArea(got), tt.count, tt.area)
			}
			if v, bad := uncovered(tt.m, got); bad {
				t.Errorf("Pieces(%s, %d, 8) = %v leaves the pixel at %v uncovered", maskString(tt.m), tt.maxPieces, got, v)
			}
			// The transposed mask splits the same way.
			if tr := Pieces(tt.m.Transpose(), tt.maxPieces, 8); len(tr) != len(got) || math.Abs(totalArea(tr)-totalArea(got)) > 1e-9 {
				t.Errorf("Pieces(transposed %s) = %v, want %d pieces of area %v", tt.name, tr, len(got), totalArea(got))
			}
		})
	}
}

// TestPiecesRandom checks Pieces over thousands of seeded random masks:
// at most maxPieces pieces of at most k vertices each, the polygon
// convention, every opaque pixel square inside one piece, and a convex
// mask kept whole.
func TestPiecesRandom(t *testing.T) {
	eachRandomHull(9, 3000, func(name string, m *mask.Mask, h collide.Polygon) {
		for _, tc := range []struct{ n, k int }{{1, 8}, {2, 3}, {4, 6}, {8, 8}} {
			ps := Pieces(m, tc.n, tc.k)
			if len(ps) == 0 || len(ps) > tc.n {
				t.Fatalf("%s: Pieces(%s, %d, %d) = %v: %d pieces", name, maskString(m), tc.n, tc.k, ps, len(ps))
			}
			for _, p := range ps {
				if e := polyProblem(p); e != "" || len(p) > tc.k {
					t.Fatalf("%s: Pieces(%s, %d, %d) has piece %v: %d vertices, %s", name, maskString(m), tc.n, tc.k, p, len(p), e)
				}
			}
			if v, bad := uncovered(m, ps); bad {
				t.Fatalf("%s: Pieces(%s, %d, %d) = %v leaves the pixel at %v uncovered", name, maskString(m), tc.n, tc.k, ps, v)
			}
			if h.Area() == float64(m.Count()) && len(ps) != 1 {
				t.Fatalf("%s: Pieces(%s, %d, %d) = %v, want the convex mask whole", name, maskString(m), tc.n, tc.k, ps)
			}
		}
	})
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
