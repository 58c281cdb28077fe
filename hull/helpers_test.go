package hull

import (
	"fmt"
	"math"
	"math/rand/v2"
	"strings"

	"github.com/shapegen/shapegen/collide"
	"github.com/shapegen/shapegen/mask"
)

// pic returns the mask drawn by an ASCII picture: one string per row, '#'
// for an opaque pixel and '.' for a transparent one.
func pic(rows ...string) *mask.Mask {
	w := 0
	for _, r := range rows {
		w = max(w, len(r))
	}
	m := mask.New(w, len(rows))
	for y, r := range rows {
		for x, c := range r {
			switch c {
			case '#':
				m.Set(x, y, true)
			case '.':
			default:
				panic(fmt.Sprintf("pic: bad character %q", c))
			}
		}
	}
	return m
}

// corners returns the four corners of every opaque pixel of m.
func corners(m *mask.Mask) []collide.Vec {
	var c []collide.Vec
	for y := range m.Height() {
		for x := range m.Width() {
			if m.Get(x, y) {
				fx, fy := float64(x), float64(y)
				c = append(c, collide.V(fx, fy), collide.V(fx+1, fy), collide.V(fx, fy+1), collide.V(fx+1, fy+1))
			}
		}
	}
	return c
}

// polyProblem returns why p breaks the DESIGN polygon convention (positive
// shoelace, convex, no repeated or collinear vertex, winding once), or "".
// The thresholds are shapecheck's.
func polyProblem(p collide.Polygon) string {
	if len(p) < 3 {
		return fmt.Sprintf("%d vertices", len(p))
	}
	if p.Area() <= 0 {
		return "non-positive shoelace area"
	}
	s := 1.0
	for _, v := range p {
		s = math.Max(s, math.Max(math.Abs(v.X), math.Abs(v.Y)))
	}
	turning := 0.0
	for i := range p {
		a, b, c := p[i], p[(i+1)%len(p)], p[(i+2)%len(p)]
		cr := b.Sub(a).Cross(c.Sub(b))
		if cr < -1e-9*s*s {
			return fmt.Sprintf("not convex at vertex %d", (i+1)%len(p))
		}
		if math.Abs(cr) <= 1e-12*s*s {
			return fmt.Sprintf("collinear or repeated vertex %d", (i+1)%len(p))
		}
		turning += math.Atan2(cr, b.Sub(a).Dot(c.Sub(b)))
	}
	if math.Abs(turning-2*math.Pi) > 1e-6 {
		return "winds more than once"
	}
	return ""
}

// shape is anything with a float64 containment test.
type shape interface{ ContainsPoint(collide.Vec) bool }

// firstOutside returns the first point of pts outside s and true, or false.
func firstOutside(s shape, pts []collide.Vec) (collide.Vec, bool) {
	for _, v := range pts {
		if !s.ContainsPoint(v) {
			return v, true
		}
	}
	return collide.Vec{}, false
}

// eachRandomHull calls f with n seeded random masks that have opaque
// pixels, their hulls and a name for messages ("case 12 (blob)").
func eachRandomHull(seed uint64, n int, f func(name string, m *mask.Mask, h collide.Polygon)) {
	rng := rand.New(rand.NewPCG(seed, seed+1))
	for i := range n {
		m, kind := randomMask(rng)
		if h := Convex(m); h != nil {
			f(fmt.Sprintf("case %d (%s)", i, kind), m, h)
		}
	}
}

// randomMask returns one of several kinds of seeded random masks; kind
// names it for messages.
func randomMask(rng *rand.Rand) (m *mask.Mask, kind string) {
	w, h := 1+rng.IntN(24), 1+rng.IntN(24)
	m = mask.New(w, h)
	switch rng.IntN(7) {
	case 0:
		kind = "noise"
		p := rng.Float64()
		for y := range h {
			for x := range w {
				m.Set(x, y, rng.Float64() < p)
			}
		}
	case 1:
		kind = "blob"
		cx, cy := rng.Float64()*float64(w), rng.Float64()*float64(h)
		rx, ry := 0.5+rng.Float64()*float64(w)/2, 0.5+rng.Float64()*float64(h)/2
		for y := range h {
			for x := range w {
				dx, dy := (float64(x)+0.5-cx)/rx, (float64(y)+0.5-cy)/ry
				m.Set(x, y, dx*dx+dy*dy <= 1+0.3*rng.Float64())
			}
		}
	case 2:
		kind = "line"
		x0, y0, x1, y1 := rng.IntN(w), rng.IntN(h), rng.IntN(w), rng.IntN(h)
		steps := max(abs(x1-x0), abs(y1-y0))
		for i := 0; i <= steps; i++ {
			t := 0.0
			if steps > 0 {
				t = float64(i) / float64(steps)
			}
			m.Set(int(math.Round(float64(x0)+t*float64(x1-x0))), int(math.Round(float64(y0)+t*float64(y1-y0))), true)
		}
	case 3:
		kind = "pixels"
		for range 1 + rng.IntN(3) {
			m.Set(rng.IntN(w), rng.IntN(h), true)
		}
	case 4:
		kind = "staircase"
		x, y, step := rng.IntN(w), 0, 1+rng.IntN(3)
		for ; y < h && x < w; y++ {
			for i := 0; i < step && x+i < w; i++ {
				m.Set(x+i, y, true)
			}
			x += step
		}
	case 5:
		kind = "ring"
		cx, cy := float64(w)/2, float64(h)/2
		r := math.Min(cx, cy)
		for y := range h {
			for x := range w {
				d := math.Hypot(float64(x)+0.5-cx, float64(y)+0.5-cy)
				m.Set(x, y, d <= r && d >= r-1.5)
			}
		}
	default:
		kind = "rect"
		x0, y0 := rng.IntN(w), rng.IntN(h)
		x1, y1 := x0+rng.IntN(w-x0), y0+rng.IntN(h-y0)
		for y := y0; y <= y1; y++ {
			for x := x0; x <= x1; x++ {
				m.Set(x, y, true)
			}
		}
	}
	return m, kind
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// maskString draws m as its ASCII picture, for failure messages.
func maskString(m *mask.Mask) string {
	var b strings.Builder
	for y := range m.Height() {
		b.WriteString("\n\t")
		for x := range m.Width() {
			if m.Get(x, y) {
				b.WriteByte('#')
			} else {
				b.WriteByte('.')
			}
		}
	}
	return b.String()
}

// maskRuns returns the runs of m, sorted by row, then x.
func maskRuns(m *mask.Mask) []prun {
	var runs []prun
	for r := range m.Runs() {
		runs = append(runs, prun{int32(r.Y), int32(r.X0), int32(r.X1)})
	}
	return runs
}
