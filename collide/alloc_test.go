package collide

import (
	"math"
	"testing"

	"github.com/shapegen/shapegen/mask"
)

// regular returns a regular n-gon of radius r around c with positive
// winding.
func regular(n int, c Vec, r float64) Polygon {
	p := make(Polygon, n)
	for i := range p {
		p[i] = c.Add(V(r, 0).Rotate(2 * math.Pi * float64(i) / float64(n)))
	}
	return p
}

// TestZeroAllocs asserts that every typed pair, the generic entry points,
// the casts, placement into a buffer and Body.Hits do not allocate.
func TestZeroAllocs(t *testing.T) {
	if raceDetector {
		t.Skip("allocation counts mean nothing under the race detector (see race_on_test.go)")
	}
	p, q := V(1, 1), V(2, 2)
	c, d := Circle{V(0, 0), 3}, Circle{V(2, 1), 2}
	r, s := R(0, 0, 4, 3), R(1, 1, 5, 5)
	b, e := Box{V(1, 1), V(2, 1), 0.3}, Box{V(2, 2), V(1, 3), 1.1}
	g, h := regular(8, V(0, 0), 3), regular(8, V(2, 1), 3)
	u := Compound{g, h}
	ray := Ray{V(-10, 0.5), V(1, 0)}
	var sink bool
	var con Contact
	var shapes = []Shape{p, c, r, b, g, u}
	buf := make(Polygon, 0, 8)
	cbuf := Transform{}.Compound(nil, u)
	tr := Transform{Pos: V(5, 5), Angle: 0.5, Scale: V(2, -1), FlipX: true}
	bodyShapes := Shapes{KindAABB: R(0, 0, 4, 4), KindCircle: Circle{V(2, 2), 3}, KindPolygon: regular(8, V(2, 2), 2.5), KindPieces: u}
	ba := NewBody(bodyShapes, Vec{}, mask.New(4, 4))
	bb := NewBody(bodyShapes, Vec{}, ba.Mask())
	ba.Mask().Set(1, 1, true)
	bb.Place(Transform{Pos: V(1, 0)})
	fns := map[string]func(){
		"PointPoint":         func() { sink = OverlapPointPoint(p, q); con, sink = CollidePointPoint(p, q) },
		"PointCircle":        func() { sink = OverlapPointCircle(p, c); con, sink = CollidePointCircle(p, c) },
		"PointRect":          func() { sink = OverlapPointRect(p, r); con, sink = CollidePointRect(p, r) },
		"PointBox":           func() { sink = OverlapPointBox(p, b); con, sink = CollidePointBox(p, b) },
		"PointPolygon":       func() { sink = OverlapPointPolygon(p, g); con, sink = CollidePointPolygon(p, g) },
		"CircleCircle":       func() { sink = OverlapCircleCircle(c, d); con, sink = CollideCircleCircle(c, d) },
		"CircleRect":         func() { sink = OverlapCircleRect(c, r); con, sink = CollideCircleRect(c, r) },
		"CircleBox":          func() { sink = OverlapCircleBox(c, b); con, sink = CollideCircleBox(c, b) },
		"CirclePolygon":      func() { sink = OverlapCirclePolygon(c, g); con, sink = CollideCirclePolygon(c, g) },
		"RectRect":           func() { sink = OverlapRectRect(r, s); con, sink = CollideRectRect(r, s) },
		"RectBox":            func() { sink = OverlapRectBox(r, b); con, sink = CollideRectBox(r, b) },
		"RectPolygon":        func() { sink = OverlapRectPolygon(r, g); con, sink = CollideRectPolygon(r, g) },
		"BoxBox":             func() { sink = OverlapBoxBox(b, e); con, sink = CollideBoxBox(b, e) },
		"BoxPolygon":         func() { sink = OverlapBoxPolygon(b, g); con, sink = CollideBoxPolygon(b, g) },
		"PolygonPolygon":     func() { sink = OverlapPolygonPolygon(g, h); con, sink = CollidePolygonPolygon(g, h) },
		"CompoundCompound":   func() { sink = OverlapCompoundCompound(u, u); con, sink = CollideCompoundCompound(u, u) },
		"Transform.Polygon":  func() { buf = tr.Polygon(buf, g) },
		"Transform.Compound": func() { cbuf = tr.Compound(cbuf, u) },
		"Transform.Box":      func() { e = tr.Box(b); d = tr.Circle(c) },
		"RayCast":            func() { _, sink = RayCast(ray, g); _, sink = RayCast(ray, c); _, sink = RayCast(ray, u) },
		"SegmentCast":        func() { _, sink = SegmentCast(V(0, 0), V(9, 9), b) },
		"Body.Place":         func() { bb.Place(tr) },
		"Body.Hits":          func() { sink = ba.Hits(bb, PhaseAABB|PhaseCircle|PhasePolygon|PhasePieces|PhasePixels) },
		"Body.Collide":       func() { con, sink = ba.Collide(bb, KindPolygon); con, sink = ba.Collide(bb, KindBox) },
		"generic typed args": func() {
			sink = Overlap(g, c)
			con, sink = Collide(g, h)
			con, sink = Collide(u, b)
		},
		"generic all pairs": func() {
			for _, x := range shapes {
				for _, y := range shapes {
					sink = Overlap(x, y)
					con, sink = Collide(x, y)
				}
			}
		},
	}
	for name, fn := range fns {
		if n := testing.AllocsPerRun(100, fn); n != 0 {
			t.Errorf("%s allocates %v times per call, want 0", name, n)
		}
	}
	_, _ = sink, con
}
