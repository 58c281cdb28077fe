package export

import (
	"math"
	"math/big"
	"math/rand/v2"
	"testing"
)

// ratOrient is the reference orientation: the sign of (b - a) x (p - o -
// a) in exact rational arithmetic.
func ratOrient(a, b, p, o Point) int {
	r := func(v float64) *big.Rat { return new(big.Rat).SetFloat64(v) }
	sub := func(x, y *big.Rat) *big.Rat { return new(big.Rat).Sub(x, y) }
	mul := func(x, y *big.Rat) *big.Rat { return new(big.Rat).Mul(x, y) }
	px, py := sub(r(p[0]), r(o[0])), sub(r(p[1]), r(o[1]))
	bx, by := sub(r(b[0]), r(a[0])), sub(r(b[1]), r(a[1]))
	qx, qy := sub(px, r(a[0])), sub(py, r(a[1]))
	return sub(mul(bx, qy), mul(by, qx)).Sign()
}

func TestOrientExact(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for i := range 20000 {
		// Near-collinear points, offsets that do not subtract exactly, and
		// coordinates of very different sizes.
		a := Point{rng.Float64() * 100, rng.Float64() * 100}
		b := Point{a[0] + rng.Float64()*50, a[1] + rng.Float64()*50}
		t0 := rng.Float64()
		p := Point{a[0] + t0*(b[0]-a[0]), a[1] + t0*(b[1]-a[1])}
		o := Point{0, 0}
		switch i % 4 {
		case 1:
			o = Point{rng.Float64() * 1e-3, rng.Float64() * 1e-3}
			p[0] += o[0]
			p[1] += o[1]
		case 2:
			p[0] = math.Nextafter(p[0], math.Inf(1))
		case 3:
			p = Point{rng.NormFloat64() * 1e8, rng.NormFloat64() * 1e-8}
		}
		want := ratOrient(a, b, p, o)
		if got := orient(a, b, p, o); got != want {
			t.Fatalf("orient(%v, %v, %v, %v) = %d, want %d", a, b, p, o, got, want)
		}
		if got, ok := orientExpansion(a, b, p, o); !ok || got != want {
			t.Fatalf("orientExpansion(%v, %v, %v, %v) = %d, %v, want %d", a, b, p, o, got, ok, want)
		}
	}
}

// randomConvex returns a convex polygon with positive winding and n
// vertices (fewer when some coincide) on an ellipse around c.
func randomConvex(rng *rand.Rand, n int, c Point, rx, ry float64) Ring {
	angles := make([]float64, n)
	for i := range angles {
		angles[i] = rng.Float64() * 2 * math.Pi
	}
	// Sorted increasing angle: counterclockwise with y up, a positive
	// shoelace sum.
	for i := 1; i < n; i++ {
		for j := i; j > 0 && angles[j] < angles[j-1]; j-- {
			angles[j], angles[j-1] = angles[j-1], angles[j]
		}
	}
	var r Ring
	for _, a := range angles {
		p := Point{c[0] + rx*math.Cos(a), c[1] + ry*math.Sin(a)}
		if len(r) == 0 || p != r[len(r)-1] {
			r = append(r, p)
		}
	}
	return r
}

func is32(v float64) bool { return float64(float32(v)) == v }

func TestOutward32(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	found := 0
	for i := range 3000 {
		scale := math.Pow(10, float64(rng.IntN(5)))
		c := Point{rng.Float64() * scale, rng.Float64() * scale}
		r := randomConvex(rng, 3+rng.IntN(10), c, scale*(0.05+rng.Float64()), scale*(0.05+rng.Float64()))
		if checkConvex(r) != nil {
			continue
		}
		origin := Point{math.Round(rng.Float64()*scale*2) / 2, math.Round(rng.Float64()*scale*2) / 2}
		if i%3 == 0 {
			origin = Point{rng.Float64() * scale, rng.Float64() * scale} // inexact subtraction
		}
		lim := Limits32{MaxVertices: 8, Weld: 0.01}
		q, ok := Outward32(r, origin, lim)
		if len(r) > 8 {
			if ok {
				t.Fatalf("Outward32(%d vertices) ok past the limit of 8", len(r))
			}
			continue
		}
		if !ok {
			continue
		}
		found++
		if len(q) != len(r) {
			t.Fatalf("Outward32: %d vertices, want %d", len(q), len(r))
		}
		for j, p := range q {
			if !is32(p[0]) || !is32(p[1]) {
				t.Fatalf("Outward32: vertex %d = %v is not float32", j, p)
			}
		}
		for j := range q {
			a, b := q[j], q[(j+1)%len(q)]
			for _, p := range r {
				if ratOrient(a, b, p, origin) < 0 {
					t.Fatalf("case %d: %v - %v outside edge %d of %v", i, p, origin, j, q)
				}
			}
			if ratOrient(a, b, q[(j+2)%len(q)], Point{}) <= 0 {
				t.Fatalf("case %d: %v not strictly convex at vertex %d", i, q, j+1)
			}
			if math.Hypot(a[0]-b[0], a[1]-b[1]) < lim.Weld {
				t.Fatalf("case %d: vertices %d and %d closer than %v", i, j, j+1, lim.Weld)
			}
		}
	}
	if found < 1000 {
		t.Errorf("Outward32 succeeded on %d cases, want most of them", found)
	}
}

func TestOutward32Refuses(t *testing.T) {
	tests := []struct {
		name string
		r    Ring
		lim  Limits32
	}{
		{"too many vertices", Ring{{0, 0}, {2, 0}, {3, 1}, {3, 2}, {2, 3}, {1, 3}, {0, 2}, {-1, 1}, {-0.5, 0.2}}, Limits32{MaxVertices: 8}},
		{"welded", Ring{{0, 0}, {10, 0}, {10, 0.1}, {0, 10}}, Limits32{Weld: 0.32}},
		{"almost straight", Ring{{0, 0}, {5, 1e-9}, {10, 0}, {0, 10}}, Limits32{}},
		{"two points", Ring{{0, 0}, {1, 0}}, Limits32{}},
		{"not finite", Ring{{0, 0}, {math.Inf(1), 0}, {0, 1}}, Limits32{}},
		{"too large", Ring{{0, 0}, {1e38, 0}, {0, 1e38}}, Limits32{}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if q, ok := Outward32(tt.r, Point{}, tt.lim); ok {
				t.Errorf("Outward32(%v) = %v, true; want false", tt.r, q)
			}
		})
	}
}

func TestCircle32(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	for range 5000 {
		c := Circle{Center: Point{rng.Float64() * 1000, rng.Float64() * 1000}, Radius: rng.Float64() * 500}
		o := Point{rng.Float64() * 1000, rng.Float64() * 1000}
		center, r, ok := Circle32(c, o)
		if !ok || !is32(center[0]) || !is32(center[1]) || !is32(r) {
			t.Fatalf("Circle32(%v, %v) = %v, %v, %v", c, o, center, r, ok)
		}
		// Contained: |center - (c.Center - o)| + c.Radius <= r, exactly.
		rat := func(v float64) *big.Rat { return new(big.Rat).SetFloat64(v) }
		dx := new(big.Rat).Sub(rat(center[0]), new(big.Rat).Sub(rat(c.Center[0]), rat(o[0])))
		dy := new(big.Rat).Sub(rat(center[1]), new(big.Rat).Sub(rat(c.Center[1]), rat(o[1])))
		// (r - R)^2 >= dx^2 + dy^2 with r >= R.
		gap := new(big.Rat).Sub(rat(r), rat(c.Radius))
		if gap.Sign() < 0 {
			t.Fatalf("Circle32: radius %v < %v", r, c.Radius)
		}
		d2 := new(big.Rat).Add(new(big.Rat).Mul(dx, dx), new(big.Rat).Mul(dy, dy))
		if new(big.Rat).Mul(gap, gap).Cmp(d2) < 0 {
			t.Fatalf("Circle32(%v, %v) = %v, %v does not contain it", c, o, center, r)
		}
	}
	if _, _, ok := Circle32(Circle{Radius: math.NaN()}, Point{}); ok {
		t.Error("Circle32(NaN radius) ok")
	}
}

// box32Corners returns the corners of a box as a float32 engine computes
// them: float32 sine and cosine of the float32 angle, float32 products and
// sums (Box2D's SetAsBox, Godot's Transform2D).
func box32Corners(center, half Point, angle float64) Ring {
	s, c := math.Sincos(float64(float32(angle)))
	s32, c32 := float32(s), float32(c)
	cx, cy, hx, hy := float32(center[0]), float32(center[1]), float32(half[0]), float32(half[1])
	var r Ring
	for _, k := range [4][2]float32{{-1, -1}, {1, -1}, {1, 1}, {-1, 1}} {
		x, y := k[0]*hx, k[1]*hy
		r = append(r, Point{float64(cx + (c32*x - s32*y)), float64(cy + (s32*x + c32*y))})
	}
	return r
}

func TestBox32(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	for range 5000 {
		b := Box{Center: Point{rng.Float64() * 2000, rng.Float64() * 2000}, Half: Point{rng.Float64() * 300, rng.Float64() * 300}, Angle: rng.Float64() * math.Pi}
		o := Point{math.Round(rng.Float64() * 2000), rng.Float64() * 2000}
		center, half, angle, ok := Box32(b, o)
		if !ok {
			t.Fatalf("Box32(%v) failed", b)
		}
		q := box32Corners(center, half, angle)
		for _, p := range boxRing(b) {
			for j := range q {
				if ratOrient(q[j], q[(j+1)%4], p, o) < 0 {
					t.Fatalf("Box32(%v, %v): corner %v outside the float32 box %v", b, o, p, q)
				}
			}
		}
	}
}

// FuzzOutward32 checks that Outward32 never panics and that what it
// returns is float32 and contains its input, exactly. Run it longer with
//
//	go test ./export -run '^$' -fuzz FuzzOutward32 -fuzztime 1m
func FuzzOutward32(f *testing.F) {
	f.Add(0.0, 0.0, 10.0, 0.0, 10.0, 10.0, 0.1, 9.9, 3.3, 7.0, 0.5)
	f.Add(1e-30, 0.0, 1e30, 1.0, 3.0, 1e-3, -2.0, 5.0, 16.5, 16.5, 0.0)
	f.Add(0.0, 0.0, 5.0, 1e-9, 10.0, 0.0, 0.0, 10.0, 0.0, 0.0, 0.32)
	f.Fuzz(func(t *testing.T, x0, y0, x1, y1, x2, y2, x3, y3, ox, oy, weld float64) {
		r := Ring{{x0, y0}, {x1, y1}, {x2, y2}, {x3, y3}}
		if checkConvex(r) != nil {
			r = r[:3]
			if checkConvex(r) != nil {
				return
			}
		}
		q, ok := Outward32(r, Point{ox, oy}, Limits32{MaxVertices: 8, Weld: math.Abs(weld)})
		if !ok {
			return
		}
		for j := range q {
			if !is32(q[j][0]) || !is32(q[j][1]) {
				t.Fatalf("vertex %v not float32", q[j])
			}
			for _, p := range r {
				if ratOrient(q[j], q[(j+1)%len(q)], p, Point{ox, oy}) < 0 {
					t.Fatalf("Outward32(%v, %v) = %v leaves %v outside", r, Point{ox, oy}, q, p)
				}
			}
		}
	})
}

// TestOrientExpansionRange checks orient where products of differences
// leave float64's normal range (orientExpansion then declines, and
// big.Float decides), and that orientExpansion allocates nothing.
func TestOrientExpansionRange(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	declined := 0
	for i := range 4000 {
		s := math.Pow(10, float64(rng.IntN(601)-300))
		a := Point{rng.Float64() * s, rng.Float64() * s}
		b := Point{a[0] + rng.Float64()*s, a[1] + rng.Float64()*s}
		t0 := rng.Float64()
		p := Point{a[0] + t0*(b[0]-a[0]), a[1] + t0*(b[1]-a[1])}
		o := Point{rng.Float64() * s * 1e-3, 0}
		if i%2 == 0 {
			o = Point{}
		}
		want := ratOrient(a, b, p, o)
		if got := orient(a, b, p, o); got != want {
			t.Fatalf("orient(%v, %v, %v, %v) = %d, want %d", a, b, p, o, got, want)
		}
		got, ok := orientExpansion(a, b, p, o)
		if !ok {
			declined++
		} else if got != want {
			t.Fatalf("orientExpansion(%v, %v, %v, %v) = %d, want %d", a, b, p, o, got, want)
		}
	}
	if declined == 0 || declined == 4000 {
		t.Errorf("orientExpansion declined %d of 4000 cases, want some", declined)
	}
	a, b, p := Point{0.1, 0.2}, Point{3.3, 7.7}, Point{1.7, 4.1}
	if n := testing.AllocsPerRun(100, func() { orientExpansion(a, b, p, Point{0.3, 0}) }); n != 0 {
		t.Errorf("orientExpansion allocates %v times, want 0", n)
	}
}

// TestOrientInexactOffset checks orient's filter where p - o does not
// subtract exactly: p within a few ulps of the line through a and b, seen
// from offsets o of every size, where what the subtraction lost decides
// the sign.
func TestOrientInexactOffset(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	for i := range 40000 {
		s := math.Pow(2, float64(rng.IntN(40)-10))
		a := Point{rng.Float64() * s, rng.Float64() * s}
		b := Point{a[0] + (rng.Float64()-0.5)*s, a[1] + (rng.Float64()-0.5)*s}
		t0 := rng.Float64()
		o := Point{(rng.Float64() - 0.5) * s * math.Pow(2, float64(rng.IntN(30)-15)), (rng.Float64() - 0.5) * s}
		p := Point{a[0] + t0*(b[0]-a[0]) + o[0], a[1] + t0*(b[1]-a[1]) + o[1]}
		for range rng.IntN(4) {
			p[i%2] = math.Nextafter(p[i%2], math.Inf(2*(i/2%2)-1))
		}
		want := ratOrient(a, b, p, o)
		if got := orient(a, b, p, o); got != want {
			t.Fatalf("orient(%v, %v, %v, %v) = %d, want %d", a, b, p, o, got, want)
		}
	}
}
