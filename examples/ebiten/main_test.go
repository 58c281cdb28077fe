package main

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/shapegen/shapegen/collide"
	"github.com/shapegen/shapegen/export"
)

// The sprite is drawn where its body is: placeGeoM maps every sprite
// point where collide.Transform.Apply does, for random transforms
// (flips, scales, turns, pivots).
func TestPlaceGeoMAgreesWithTransform(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for i := range 1000 {
		tr := collide.Transform{
			Pos:   collide.V(r.Float64()*400-100, r.Float64()*400-100),
			Angle: r.Float64()*4*math.Pi - 2*math.Pi,
			Scale: collide.V(r.Float64()*3, r.Float64()*3),
			FlipX: r.IntN(2) == 0,
			FlipY: r.IntN(2) == 0,
		}
		if i%4 == 0 {
			tr.Scale = collide.Vec{} // zero counts as 1
		}
		tr = tr.About(collide.V(r.Float64()*64, r.Float64()*64))
		m := placeGeoM(tr)
		p := collide.V(r.Float64()*64, r.Float64()*64)
		want := tr.Apply(p)
		x, y := m.Apply(p.X, p.Y)
		if math.Hypot(x-want.X, y-want.Y) > 1e-9 {
			t.Fatalf("placeGeoM(%+v).Apply(%v) = (%g, %g), want %v", tr, p, x, y, want)
		}
	}
}

// frameGeoM puts the stored frame's pixels where the library says the
// sprite has them: a rotated frame's stored pixel (u, v) is the upright
// pixel (v, W-1-u) (Sprite.Rotated's rule), moved by the trim offset.
func TestFrameGeoM(t *testing.T) {
	for _, s := range []export.Sprite{
		{Frame: export.Frame{X: 36, W: 12, H: 24}, Rotated: true},
		{Frame: export.Frame{X: 16, W: 20, H: 13}, Offset: &[2]int{5, 9}},
		{Frame: export.Frame{X: 3, Y: 4, W: 7, H: 5}, Rotated: true, Offset: &[2]int{2, 1}},
	} {
		m := frameGeoM(&s)
		for u := range s.Frame.W {
			for v := range s.Frame.H {
				x, y := u, v
				if s.Rotated {
					x, y = v, s.Frame.W-1-u
				}
				if s.Offset != nil {
					x, y = x+s.Offset[0], y+s.Offset[1]
				}
				// the stored pixel's centre lands on the upright pixel's centre
				gx, gy := m.Apply(float64(u)+0.5, float64(v)+0.5)
				if math.Abs(gx-float64(x)-0.5) > 1e-9 || math.Abs(gy-float64(y)-0.5) > 1e-9 {
					t.Fatalf("frame %+v rotated %t: stored (%d, %d) drawn at (%g, %g), want pixel (%d, %d)", s.Frame, s.Rotated, u, v, gx, gy, x, y)
				}
			}
		}
	}
}
