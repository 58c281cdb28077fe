package collide

import (
	"fmt"
	"math"
	"math/rand/v2"
)

// The slow oracle: every shape is a union of rounded convex sets (a vertex
// list plus a radius), and the distance between two such sets is found by
// brute force over all pairs of edges, with containment checked separately.
// It shares no code with the package's tests.

type rounded struct {
	v []Vec
	r float64
}

// oracleOf turns any Shape into its rounded convex pieces.
func oracleOf(s Shape) []rounded {
	switch s := s.(type) {
	case Vec:
		return []rounded{{[]Vec{s}, 0}}
	case Circle:
		return []rounded{{[]Vec{s.Center}, s.Radius}}
	case Rect:
		if s.Empty() {
			return nil
		}
		return []rounded{{[]Vec{s.Min, V(s.Max.X, s.Min.Y), s.Max, V(s.Min.X, s.Max.Y)}, 0}}
	case Box:
		// Corners computed independently of Box.Corners.
		u := V(math.Cos(s.Angle), math.Sin(s.Angle))
		w := V(-u.Y, u.X)
		var v []Vec
		for _, k := range [4][2]float64{{-1, -1}, {1, -1}, {1, 1}, {-1, 1}} {
			v = append(v, s.Center.Add(u.Scale(k[0]*s.Half.X)).Add(w.Scale(k[1]*s.Half.Y)))
		}
		return []rounded{{v, 0}}
	case Polygon:
		if len(s) == 0 {
			return nil
		}
		return []rounded{{s, 0}}
	case Compound:
		var out []rounded
		for _, p := range s {
			out = append(out, oracleOf(p)...)
		}
		return out
	}
	panic(fmt.Sprintf("oracleOf(%T)", s))
}

func orient(a, b, c Vec) float64 { return (b.X-a.X)*(c.Y-a.Y) - (b.Y-a.Y)*(c.X-a.X) }

// oSegsCross reports whether closed segments ab and cd share a point.
func oSegsCross(a, b, c, d Vec) bool {
	d1, d2, d3, d4 := orient(c, d, a), orient(c, d, b), orient(a, b, c), orient(a, b, d)
	if ((d1 > 0 && d2 < 0) || (d1 < 0 && d2 > 0)) && ((d3 > 0 && d4 < 0) || (d3 < 0 && d4 > 0)) {
		return true
	}
	on := func(p, q, r Vec) bool { // r on segment pq, given collinear
		return math.Min(p.X, q.X) <= r.X && r.X <= math.Max(p.X, q.X) && math.Min(p.Y, q.Y) <= r.Y && r.Y <= math.Max(p.Y, q.Y)
	}
	return (d1 == 0 && on(c, d, a)) || (d2 == 0 && on(c, d, b)) || (d3 == 0 && on(a, b, c)) || (d4 == 0 && on(a, b, d))
}

func oPointSeg(p, a, b Vec) float64 {
	e := b.Sub(a)
	t := 0.0
	if l := e.X*e.X + e.Y*e.Y; l > 0 {
		t = math.Max(0, math.Min(1, ((p.X-a.X)*e.X+(p.Y-a.Y)*e.Y)/l))
	}
	return math.Hypot(p.X-a.X-t*e.X, p.Y-a.Y-t*e.Y)
}

func oSegSeg(a, b, c, d Vec) float64 {
	if oSegsCross(a, b, c, d) {
		return 0
	}
	return math.Min(math.Min(oPointSeg(a, c, d), oPointSeg(b, c, d)), math.Min(oPointSeg(c, a, b), oPointSeg(d, a, b)))
}

// oInside reports whether p lies in the convex list v of non-zero area,
// whatever its winding.
func oInside(p Vec, v []Vec) bool {
	area := 0.0
	for i := range v {
		area += v[i].X*v[(i+1)%len(v)].Y - v[(i+1)%len(v)].X*v[i].Y
	}
	if area == 0 {
		return false
	}
	pos, neg := false, false
	for i := range v {
		o := orient(v[i], v[(i+1)%len(v)], p)
		pos, neg = pos || o > 0, neg || o < 0
	}
	return !(pos && neg)
}

// oConvexDist returns the distance between two convex vertex lists.
func oConvexDist(a, b []Vec) float64 {
	if oInside(a[0], b) || oInside(b[0], a) {
		return 0
	}
	d := math.Inf(1)
	for i := range a {
		for j := range b {
			d = math.Min(d, oSegSeg(a[i], a[(i+1)%len(a)], b[j], b[(j+1)%len(b)]))
		}
	}
	return d
}

// oDist returns the distance between two shapes, 0 when they overlap, +Inf
// when one is empty.
func oDist(a, b Shape) float64 {
	d := math.Inf(1)
	for _, p := range oracleOf(a) {
		for _, q := range oracleOf(b) {
			d = math.Min(d, math.Max(0, oConvexDist(p.v, q.v)-p.r-q.r))
		}
	}
	return d
}

// oSupport returns max u·x over a rounded convex set, for unit u.
func oSupport(p rounded, u Vec) float64 {
	m := math.Inf(-1)
	for _, v := range p.v {
		m = math.Max(m, u.X*v.X+u.Y*v.Y)
	}
	return m + p.r
}

// oSize returns a length scale for tolerances.
func oSize(a, b Shape) float64 {
	r := a.Bounds().Union(b.Bounds())
	return math.Max(1, math.Max(r.Size().X, r.Size().Y))
}

// moved returns s translated by d.
func moved(s Shape, d Vec) Shape {
	switch s := s.(type) {
	case Vec:
		return s.Add(d)
	case Circle:
		return s.Translate(d)
	case Rect:
		return s.Translate(d)
	case Box:
		return s.Translate(d)
	case Polygon:
		return s.Translate(d)
	case Compound:
		out := make(Compound, len(s))
		for i, p := range s {
			out[i] = p.Translate(d)
		}
		return out
	}
	panic("moved")
}

// Random shapes in a 100x100 world, with some degenerate ones mixed in.

var kinds = []string{"point", "circle", "rect", "box", "polygon", "compound"}

func randVec(r *rand.Rand) Vec { return V(r.Float64()*100, r.Float64()*100) }

// randPolygon returns a random convex polygon with n vertices around c: a
// circle's points at sorted random angles, turned by a random linear map
// (reversed when the map mirrors).
func randPolygon(r *rand.Rand, c Vec, size float64, n int) Polygon {
	ang := make([]float64, n)
	for i := range ang {
		ang[i] = r.Float64() * 2 * math.Pi
	}
	sortFloats(ang)
	m := [4]float64{r.Float64()*2 - 1, r.Float64()*2 - 1, r.Float64()*2 - 1, r.Float64()*2 - 1}
	if math.Abs(m[0]*m[3]-m[1]*m[2]) < 0.2 {
		m = [4]float64{1, 0, 0, 1}
	}
	p := make(Polygon, n)
	for i, a := range ang {
		x, y := math.Cos(a)*size, math.Sin(a)*size
		p[i] = V(c.X+m[0]*x+m[1]*y, c.Y+m[2]*x+m[3]*y)
	}
	if p.Area() < 0 {
		for i, j := 0, n-1; i < j; i, j = i+1, j-1 {
			p[i], p[j] = p[j], p[i]
		}
	}
	return p
}

func sortFloats(a []float64) {
	for i := 1; i < len(a); i++ {
		for j := i; j > 0 && a[j] < a[j-1]; j-- {
			a[j], a[j-1] = a[j-1], a[j]
		}
	}
}

// randPair returns random shapes of the two kinds near each other; a point
// is sometimes a vertex of the other shape, to hit the boundary exactly.
func randPair(r *rand.Rand, ka, kb string) (Shape, Shape) {
	c := randVec(r)
	a := randShape(r, ka, c)
	b := randShape(r, kb, c.Add(V(r.Float64()*60-30, r.Float64()*60-30)))
	if ka == "point" && r.IntN(3) == 0 {
		if v, ok := vertexOf(r, b); ok {
			a = v
		}
	} else if kb == "point" && r.IntN(3) == 0 {
		if v, ok := vertexOf(r, a); ok {
			b = v
		}
	}
	return a, b
}

// vertexOf returns an exactly representable vertex of s, if it has one.
func vertexOf(r *rand.Rand, s Shape) (Vec, bool) {
	switch s := s.(type) {
	case Vec:
		return s, true
	case Rect:
		c, _ := s.corners()
		return c[r.IntN(4)], true
	case Polygon:
		return s[r.IntN(len(s))], true
	case Compound:
		p := s[r.IntN(len(s))]
		return p[r.IntN(len(p))], true
	}
	return Vec{}, false
}

func randShape(r *rand.Rand, kind string, c Vec) Shape {
	size := 2 + r.Float64()*30
	switch kind {
	case "point":
		return c
	case "circle":
		if r.IntN(10) == 0 {
			size = 0
		}
		return Circle{c, size}
	case "rect":
		w, h := r.Float64()*40, r.Float64()*40
		switch r.IntN(10) {
		case 0:
			w = 0
		case 1:
			h = 0
		}
		return Rect{c, c.Add(V(w, h))}
	case "box":
		h := V(r.Float64()*20, r.Float64()*20)
		switch r.IntN(20) {
		case 0, 1:
			h.Y = 0
		case 2:
			h.Y = h.X * 1e-15 // a rounding error thick
		}
		return Box{c, h, r.Float64() * 7}
	case "polygon":
		switch r.IntN(20) {
		case 0:
			return Polygon{c}
		case 1:
			return Polygon{c, randVec(r)}
		}
		return randPolygon(r, c, size, 3+r.IntN(6))
	case "compound":
		out := Compound{}
		for range 1 + r.IntN(3) {
			out = append(out, randPolygon(r, c.Add(V(r.Float64()*30-15, r.Float64()*30-15)), size/2+1, 3+r.IntN(5)))
		}
		return out
	}
	panic(kind)
}
