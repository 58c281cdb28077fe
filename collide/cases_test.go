package collide

import (
	"math"
	"testing"
)

var unitSquare = Polygon{V(0, 0), V(1, 0), V(1, 1), V(0, 1)}

// uShape is a concave U as three convex pieces: the notch is x in [1, 2],
// y in [0, 2].
var uShape = Compound{
	R(0, 0, 1, 3).Polygon(), R(1, 2, 2, 3).Polygon(), R(2, 0, 3, 3).Polygon(),
}

// TestBoundaryCases are the cases where closed sets, containment and
// degenerate shapes decide. Every case runs both ways, through Overlap and
// Collide, and every contact is checked against the oracle.
func TestBoundaryCases(t *testing.T) {
	tests := []struct {
		name  string
		a, b  Shape
		want  bool
		depth float64 // checked when >= 0
	}{
		{"rects touching at a vertex", R(0, 0, 1, 1), R(1, 1, 2, 2), true, 0},
		{"rects touching along an edge", R(0, 0, 1, 1), R(1, 0, 2, 1), true, 0},
		{"rects apart by a hair", R(0, 0, 1, 1), R(1+1e-12, 0, 2, 1), false, -1},
		{"rect inside rect", R(0, 0, 10, 10), R(4, 4, 5, 6), true, 5},
		{"polygons touching at a vertex", unitSquare, Polygon{V(1, 1), V(2, 1), V(2, 3)}, true, 0},
		{"polygons touching along an edge", unitSquare, unitSquare.Translate(V(1, 0.5)), true, 0},
		{"polygon inside polygon", R(0, 0, 10, 10).Polygon(), Polygon{V(4, 4), V(6, 5), V(5, 6)}, true, -1},
		{"polygon inside polygon, same shape", unitSquare, unitSquare, true, 1},
		{"tangent circles outside", Circle{V(0, 0), 1}, Circle{V(2, 0), 1}, true, 0},
		{"tangent circles inside", Circle{V(0, 0), 2}, Circle{V(1, 0), 1}, true, 2},
		{"circles touching diagonally", Circle{V(0, 0), 2.5}, Circle{V(3, 4), 2.5}, true, 0},
		{"circles apart diagonally", Circle{V(0, 0), 1}, Circle{V(1.5, 1.5), 1}, false, -1},
		{"concentric circles", Circle{V(1, 1), 1}, Circle{V(1, 1), 3}, true, 4},
		{"zero-radius circle on a circle", Circle{V(0, 0), 0}, Circle{V(3, 4), 5}, true, 0},
		{"zero-radius circles at one point", Circle{V(3, 4), 0}, Circle{V(3, 4), 0}, true, 0},
		{"zero-radius circles apart", Circle{V(3, 4), 0}, Circle{V(3, 4.5), 0}, false, -1},
		{"circle inside polygon", R(0, 0, 10, 10).Polygon(), Circle{V(3, 5), 1}, true, 4},
		{"polygon inside circle", Circle{V(0, 0), 10}, unitSquare, true, -1},
		{"circle tangent to an edge", Circle{V(0.5, -1), 1}, unitSquare, true, 0},
		{"circle near a corner, apart", Circle{V(2, 2), 1.4}, unitSquare, false, -1},
		{"circle near a corner, overlapping", Circle{V(2, 2), 1.42}, unitSquare, true, -1},
		{"circle tangent to a rect corner", Circle{V(4, 5), 5}, R(0, 0, 1, 1), true, 0},
		{"zero-size rect on a rect corner", R(1, 1, 1, 1), R(0, 0, 1, 1), true, 0},
		{"zero-size rect just outside", R(1, 1.5, 1, 1.5), R(0, 0, 1, 1), false, -1},
		{"zero-width rect across a polygon", R(0.5, -1, 0.5, 2), unitSquare, true, 0.5},
		{"zero-width rects crossing", R(0.5, -1, 0.5, 2), R(-1, 0.5, 2, 0.5), true, 1.5},
		{"point on an edge", V(0.5, 0), unitSquare, true, 0},
		{"point at a vertex", V(1, 1), unitSquare, true, 0},
		{"point just outside", V(1, 1+1e-12), unitSquare, false, -1},
		{"point in a box", V(3, 0.5), Box{V(3, 0.5), V(1, 0.5), 0}, true, 0.5},
		{"box touching a rect along an edge", Box{V(3, 0.5), V(1, 0.5), 0}, R(0, 0, 2, 1), true, 0},
		{"collinear segments apart", Polygon{V(0, 0), V(1, 0)}, Polygon{V(2, 0), V(3, 0)}, false, -1},
		{"collinear segments touching", Polygon{V(0, 0), V(1, 0)}, Polygon{V(1, 0), V(3, 0)}, true, 0},
		{"segment through a polygon", Polygon{V(-1, 0.5), V(2, 0.5)}, unitSquare, true, -1},
		{"square in the U's notch", uShape, R(1.25, 0.5, 1.75, 1.5), false, -1},
		{"square touching the U's inner wall", uShape, R(1.5, 0.5, 2, 1.5), true, 0},
		{"square across the U's notch", uShape, R(0.5, 0.5, 2.5, 1), true, -1},
		{"U inside a big rect", uShape, R(-1, -1, 4, 4), true, -1},
		{"empty rect", Rect{V(1, 1), V(0, 0)}, R(-5, -5, 5, 5), false, -1},
		{"empty polygon", Polygon{}, R(-5, -5, 5, 5), false, -1},
		{"empty compound", Compound{}, R(-5, -5, 5, 5), false, -1},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			for _, ab := range [2][2]Shape{{tc.a, tc.b}, {tc.b, tc.a}} {
				a, b := ab[0], ab[1]
				if got := Overlap(a, b); got != tc.want {
					t.Errorf("Overlap(%v, %v) = %v, want %v", a, b, got, tc.want)
				}
				c, ok := Collide(a, b)
				if ok != tc.want {
					t.Errorf("Collide(%v, %v) = %v, %v, want ok %v", a, b, c, ok, tc.want)
					continue
				}
				if !ok {
					continue
				}
				if tc.depth >= 0 && math.Abs(c.Depth-tc.depth) > 1e-12 {
					t.Errorf("Collide(%v, %v) = %v, want depth %g", a, b, c, tc.depth)
				}
				checkContact(t, -1, a, b, c)
			}
		})
	}
}

// TestNilShape: a nil Shape is empty, not a crash.
func TestNilShape(t *testing.T) {
	if Overlap(nil, R(0, 0, 1, 1)) || Overlap(R(0, 0, 1, 1), nil) {
		t.Error("Overlap with a nil Shape = true, want false")
	}
	if _, ok := Collide(nil, unitSquare); ok {
		t.Error("Collide with a nil Shape ok = true, want false")
	}
	if _, ok := RayCast(Ray{V(0, 0), V(1, 0)}, nil); ok {
		t.Error("RayCast at a nil Shape ok = true, want false")
	}
}
