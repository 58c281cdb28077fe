package collide

import (
	"math"
	"math/rand/v2"
	"testing"
)

// refCollideCompound is the compound contact searched the plain way, as
// the package did before its bounds: every pair of pieces that collides
// proposes its normal, and along each normal the translation is pushed to
// the end of every pair's interval that holds it until none does.
func refCollideCompound(a Compound, b Shape) (Contact, bool) {
	var o others
	o.setShape(b)
	var tmp part
	best, hit := Contact{Depth: math.Inf(1)}, false
	for _, q := range a {
		for j := range o.count() {
			c, ok := collidePiece(q, o.at(j, &tmp))
			if !ok {
				continue
			}
			hit = true
			t := 0.0
			for moved := true; moved; {
				moved = false
				for _, q2 := range a {
					for j2 := range o.count() {
						if lo, hi, ok := interval(q2, o.at(j2, &tmp), c.Normal); ok && lo <= t && t < hi {
							t, moved = hi, true
						}
					}
				}
			}
			if t < best.Depth {
				best = Contact{c.Normal, t}
			}
		}
	}
	return best, hit
}

// TestCompoundSearch: on small compounds, where the work budget is never
// reached, the pruned search finds the same least translation as trying
// every candidate along every pair.
func TestCompoundSearch(t *testing.T) {
	r := rand.New(rand.NewPCG(8, 12))
	n := 3000
	if testing.Short() {
		n = 300
	}
	hits := 0
	for i := range n {
		c := randVec(r)
		a := make(Compound, 1+r.IntN(5))
		for k := range a {
			a[k] = randPolygon(r, c.Add(V(r.Float64()*30, r.Float64()*30)), 3+r.Float64()*10, 3+r.IntN(6))
		}
		var b Shape
		switch i % 3 {
		case 0:
			bc := make(Compound, 1+r.IntN(5))
			for k := range bc {
				bc[k] = randPolygon(r, c.Add(V(r.Float64()*30, r.Float64()*30)), 3+r.Float64()*10, 3+r.IntN(6))
			}
			b = bc
		case 1:
			b = Circle{c.Add(V(r.Float64()*30, r.Float64()*30)), r.Float64() * 15}
		default:
			b = randPolygon(r, c.Add(V(r.Float64()*30, r.Float64()*30)), 3+r.Float64()*10, 3+r.IntN(6))
		}
		want, wok := refCollideCompound(a, b)
		got, ok := Collide(a, b)
		if ok != wok {
			t.Fatalf("case %d: Collide(%v, %v) ok = %v, want %v", i, a, b, ok, wok)
		}
		if !ok {
			continue
		}
		hits++
		if math.Abs(got.Depth-want.Depth) > 1e-9*(1+want.Depth) {
			t.Errorf("case %d: Collide(%v, %v) = %v, want depth %g (along %v)", i, a, b, got, want.Depth, want.Normal)
		}
	}
	if hits < n/10 {
		t.Errorf("only %d of %d cases collide", hits, n)
	}
}
