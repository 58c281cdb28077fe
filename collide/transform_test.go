package collide

import (
	"math"
	"math/rand/v2"
	"testing"

	_ "github.com/shapegen/shapegen/internal/update"
)

func randTransform(r *rand.Rand) Transform {
	pos, pivot := randVec(r), V(r.Float64()*20, r.Float64()*20)
	t := Transform{Pos: pos, Angle: r.Float64() * 7, FlipX: r.IntN(2) == 0, FlipY: r.IntN(2) == 0}.About(pivot)
	switch r.IntN(3) {
	case 0: // identity scale
	case 1:
		s := 0.25 + r.Float64()*3
		t.Scale = V(s, s)
	default:
		t.Scale = V(0.25+r.Float64()*3, -(0.25 + r.Float64()*3))
	}
	return t
}

func near(a, b Vec, tol float64) bool { return a.Dist(b) <= tol }

func TestTransformPolygon(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 3))
	var buf Polygon
	for i := range 2000 {
		tr := randTransform(r)
		src := randPolygon(r, randVec(r), 5+r.Float64()*20, 3+r.IntN(6))
		buf = tr.Polygon(buf, src)
		if len(buf) != len(src) {
			t.Fatalf("case %d: %v.Polygon(%v) has %d vertices", i, tr, src, len(buf))
		}
		kx, ky := tr.factors()
		if got, want := buf.Area(), src.Area()*math.Abs(kx*ky); math.Abs(got-want) > 1e-9*want {
			t.Errorf("case %d: %v.Polygon(%v).Area() = %g, want %g (positive winding)", i, tr, src, got, want)
		}
		for _, v := range src {
			w := tr.Apply(v)
			found := false
			for _, u := range buf {
				found = found || near(u, w, 1e-9)
			}
			if !found {
				t.Errorf("case %d: %v.Polygon(%v) = %v misses Apply(%v) = %v", i, tr, src, buf, v, w)
			}
			if back := tr.Inverse(w); !near(back, v, 1e-9) {
				t.Errorf("case %d: %v.Inverse(Apply(%v)) = %v", i, tr, v, back)
			}
		}
	}
}

// TestTransformConservative maps random points of a circle, rect and box
// through the transform and checks that the placed shape holds them.
func TestTransformConservative(t *testing.T) {
	r := rand.New(rand.NewPCG(4, 4))
	for i := range 1000 {
		tr := randTransform(r)
		c := Circle{randVec(r), 1 + r.Float64()*10}
		b := Box{randVec(r), V(1+r.Float64()*10, r.Float64()*10), r.Float64() * 7}
		rc := R(r.Float64()*50, r.Float64()*50, r.Float64()*50, r.Float64()*50)
		pc, pb, pr := tr.Circle(c), tr.Box(b), tr.Rect(rc)
		bounds := tr.Bounds(rc)
		for range 20 {
			u, v := r.Float64()*2-1, r.Float64()*2-1
			if p := tr.Apply(c.Center.Add(V(u, v).Scale(c.Radius / math.Sqrt2))); pc.Center.Dist(p) > pc.Radius+1e-9 {
				t.Fatalf("case %d: %v.Circle(%v) = %v misses %v", i, tr, c, pc, p)
			}
			if p := tr.Apply(b.Center.Add(V(u*b.Half.X, v*b.Half.Y).Rotate(b.Angle))); !OverlapBoxBox(pb, Box{Center: p}.grow(1e-9)) {
				t.Fatalf("case %d: %v.Box(%v) = %v misses %v", i, tr, b, pb, p)
			}
			q := V(rc.Min.X+(u+1)/2*rc.Size().X, rc.Min.Y+(v+1)/2*rc.Size().Y)
			p := tr.Apply(q)
			if !OverlapRectBox(R(p.X-1e-9, p.Y-1e-9, p.X+1e-9, p.Y+1e-9), pr) || !bounds.Intersects(R(p.X-1e-9, p.Y-1e-9, p.X+1e-9, p.Y+1e-9)) {
				t.Fatalf("case %d: %v.Rect(%v) = %v (bounds %v) misses %v", i, tr, rc, pr, bounds, p)
			}
		}
		if tr.uniform() { // exact: same area
			kx, _ := tr.factors()
			if got, want := pb.Area(), b.Area()*kx*kx; math.Abs(got-want) > 1e-9*want {
				t.Errorf("case %d: %v.Box(%v).Area() = %g, want %g", i, tr, b, got, want)
			}
		}
	}
}

func (b Box) grow(e float64) Box { return Box{b.Center, b.Half.Add(V(e, e)), b.Angle} }

func TestTransformZero(t *testing.T) {
	var tr Transform
	p := V(3, 4)
	if got := tr.Apply(p); got != p {
		t.Errorf("Transform{}.Apply(%v) = %v, want %v", p, got, p)
	}
	tr = Transform{Pos: V(10, 0), FlipX: true}.About(V(1, 1))
	if got, want := tr.Apply(V(2, 1)), V(9, 0); got != want {
		t.Errorf("%v.Apply((2,1)) = %v, want %v", tr, got, want)
	}
}

// TestTransformBoundsExact checks that the bounds of a placed rect contain
// the vertices of the same rect placed as a polygon with no tolerance at
// all, so a broad phase on Bounds never drops a touching pair.
func TestTransformBoundsExact(t *testing.T) {
	r := rand.New(rand.NewPCG(9, 9))
	var buf Polygon
	for i := range 20000 {
		tr := randTransform(r)
		rc := R(r.Float64()*50, r.Float64()*50, r.Float64()*50, r.Float64()*50)
		bounds := tr.Bounds(rc)
		buf = tr.Polygon(buf, rc.Polygon())
		for _, v := range buf {
			if !bounds.ContainsPoint(v) {
				t.Fatalf("case %d: %v.Bounds(%v) = %v, placed vertex %v is outside", i, tr, rc, bounds, v)
			}
		}
	}
}
