package collide

import (
	"math/rand/v2"
	"testing"
)

func randBodyRect(r *rand.Rand, world float64) Rect {
	p := V(r.Float64()*world, r.Float64()*world)
	s := 2 + r.Float64()*30
	switch r.IntN(20) {
	case 0:
		s = 300 + r.Float64()*800 // huge: goes to the big list
	case 1:
		s = 0 // a point
	}
	return Rect{p, p.Add(V(s, s*(0.5+r.Float64())))}
}

// TestGridOracle checks Pairs and Query against all-pairs brute force
// while bodies are inserted, moved and removed.
func TestGridOracle(t *testing.T) {
	r := rand.New(rand.NewPCG(6, 6))
	g := NewGrid(32)
	rects := map[int]Rect{}
	for step := range 60 {
		for range 40 {
			id := r.IntN(400)
			switch r.IntN(4) {
			case 0:
				g.Remove(id)
				delete(rects, id)
			case 1:
				rc := rects[id]
				if _, ok := rects[id]; ok {
					rc = rc.Translate(V(r.Float64()*10-5, r.Float64()*10-5))
					g.Move(id, rc)
					rects[id] = rc
				}
			default:
				rc := randBodyRect(r, 1000)
				g.Insert(id, rc)
				rects[id] = rc
			}
		}
		if g.Len() != len(rects) {
			t.Fatalf("step %d: Len() = %d, want %d", step, g.Len(), len(rects))
		}
		want := map[[2]int]int{}
		for a, ra := range rects {
			for b, rb := range rects {
				if a < b && ra.Intersects(rb) {
					want[[2]int{a, b}] = 1
				}
			}
		}
		got := map[[2]int]int{}
		g.Pairs(func(a, b int) { got[[2]int{a, b}]++ })
		for p, n := range got {
			if n != 1 || want[p] != 1 {
				t.Errorf("step %d: Pairs visited %v %d times, want %d", step, p, n, want[p])
			}
		}
		if len(got) != len(want) {
			t.Errorf("step %d: Pairs visited %d pairs, want %d", step, len(got), len(want))
		}
		q := randBodyRect(r, 1000)
		seen := map[int]int{}
		g.Query(q, func(id int) bool { seen[id]++; return true })
		for id, rc := range rects {
			if w := rc.Intersects(q); (seen[id] == 1) != w || seen[id] > 1 {
				t.Errorf("step %d: Query(%v) saw %d %d times, want intersect=%v", step, q, id, seen[id], w)
			}
		}
	}
}

// movingWorld is n bodies of mixed sizes drifting in a square world.
type movingWorld struct {
	g     *Grid
	rects []Rect
	vel   []Vec
	size  float64
}

func newMovingWorld(n int) *movingWorld {
	r := rand.New(rand.NewPCG(7, 7))
	w := &movingWorld{g: NewGrid(64), size: 4000}
	for i := range n {
		rc := randBodyRect(r, w.size)
		if rc.Size().X > 100 {
			rc.Max = rc.Min.Add(V(120, 90)) // a few large ones, not huge
		}
		w.rects = append(w.rects, rc)
		w.vel = append(w.vel, V(r.Float64()*4-2, r.Float64()*4-2))
		w.g.Insert(i, rc)
	}
	return w
}

// frame moves every body (bouncing at the walls) and visits all pairs.
func (w *movingWorld) frame() int {
	for i, rc := range w.rects {
		v := w.vel[i]
		if rc.Min.X+v.X < 0 || rc.Max.X+v.X > w.size {
			v.X = -v.X
		}
		if rc.Min.Y+v.Y < 0 || rc.Max.Y+v.Y > w.size {
			v.Y = -v.Y
		}
		w.vel[i], w.rects[i] = v, rc.Translate(v)
		w.g.Move(i, w.rects[i])
	}
	pairs := 0
	w.g.Pairs(func(a, b int) { pairs++ })
	return pairs
}

func TestGridAllocs(t *testing.T) {
	w := newMovingWorld(2000)
	for range 100 { // warm-up: the node array reaches its working size
		w.frame()
	}
	if n := testing.AllocsPerRun(20, func() { w.frame() }); n != 0 {
		t.Errorf("Grid Move+Pairs allocates %v times per frame, want 0", n)
	}
	q := R(100, 100, 300, 300)
	if n := testing.AllocsPerRun(20, func() { w.g.Query(q, func(int) bool { return true }) }); n != 0 {
		t.Errorf("Grid.Query allocates %v times, want 0", n)
	}
}

// BenchmarkGridFrame moves every body and visits all candidate pairs, as a
// game does once per frame.
func BenchmarkGridFrame(b *testing.B) {
	for _, n := range []int{1000, 10000} {
		b.Run(itoa(n), func(b *testing.B) {
			w := newMovingWorld(n)
			for range 100 { // warm-up: the node array reaches its working size
				w.frame()
			}
			b.ReportAllocs()
			pairs := 0
			for b.Loop() {
				pairs = w.frame()
			}
			b.ReportMetric(float64(pairs), "pairs/frame")
		})
	}
}

func itoa(n int) string {
	s := ""
	for ; n > 0; n /= 10 {
		s = string(rune('0'+n%10)) + s
	}
	return s
}
