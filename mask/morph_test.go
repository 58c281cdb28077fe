package mask

import (
	"image"
	"math"
	"math/rand/v2"
	"testing"
)

// refMorph dilates (or erodes) g by the disc of radius r, pixel by pixel:
// the OR (AND) over the offsets (i, j) with i*i+j*j <= r*r, pixels
// outside g being clear. A radius below 0 counts as 0, as documented.
func refMorph(g *grid, r int, erode bool) *grid {
	r = max(r, 0)
	out := newGrid(g.w, g.h)
	for y := range g.h {
		for x := range g.w {
			v := erode
			for j := -r; j <= r; j++ {
				for i := -r; i <= r; i++ {
					if i*i+j*j <= r*r && g.at(x+i, y+j) != erode {
						v = !erode
					}
				}
			}
			out.set(x, y, v)
		}
	}
	return out
}

func TestDilateErode(t *testing.T) {
	dot := parse(t,
		".......",
		".......",
		".......",
		"...#...",
		".......",
		".......",
		".......",
	)
	tests := []struct {
		name string
		got  *Mask
		want *Mask
	}{
		{"dilate 1 is a plus", dot.Dilate(1), parse(t,
			".......",
			".......",
			"...#...",
			"..###..",
			"...#...",
			".......",
			".......",
		)},
		{"dilate 2", dot.Dilate(2), parse(t,
			".......",
			"...#...",
			"..###..",
			".#####.",
			"..###..",
			"...#...",
			".......",
		)},
		{"dilate 3 clips nothing", dot.Dilate(3), parse(t,
			"...#...",
			".#####.",
			".#####.",
			"#######",
			".#####.",
			".#####.",
			"...#...",
		)},
		{"dilate clips at the edge", parse(t, "#..", "...").Dilate(1), parse(t, "##.", "#..")},
		{"erode undoes a dilate", dot.Dilate(2).Erode(2), dot},
		{"erode clears the edge", parse(t, "###", "###", "###").Erode(1), parse(t, "...", ".#.", "...")},
		{"radius 0", dot.Dilate(0), dot},
		{"negative radius", dot.Erode(-2), dot},
		{"huge radius", dot.Dilate(math.MaxInt), parse(t, "#######", "#######", "#######", "#######", "#######", "#######", "#######")},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if !tt.got.Equal(tt.want) {
				t.Errorf("got\n%vwant\n%v", tt.got, tt.want)
			}
		})
	}
}

func TestMorphProperty(t *testing.T) {
	r := rand.New(rand.NewPCG(11, 12))
	for i := range 1500 {
		g := randGrid(r)
		if g.w*g.h > 70*70 { // the reference is O(pixels * r^2)
			g = newGrid(r.IntN(70), r.IntN(70))
			for k := range g.p {
				g.p[k] = r.IntN(3) != 0
			}
		}
		rad := r.IntN(7)
		m := g.mask()
		if msg, ok := sameAs(m.Dilate(rad), refMorph(g, rad, false)); !ok {
			t.Fatalf("case %d: Dilate(%d) of %dx%d: %s", i, rad, g.w, g.h, msg)
		}
		if msg, ok := sameAs(m.Erode(rad), refMorph(g, rad, true)); !ok {
			t.Fatalf("case %d: Erode(%d) of %dx%d: %s", i, rad, g.w, g.h, msg)
		}
	}
}

func TestSubPadProperty(t *testing.T) {
	r := rand.New(rand.NewPCG(13, 14))
	for i := range 3000 {
		g := randGrid(r)
		m := g.mask()
		x0, y0 := randOffset(r, g.w, 70), randOffset(r, g.h, 70)
		rect := image.Rect(x0, y0, x0+r.IntN(140)-5, y0+r.IntN(140)-5).Canon()
		want := newGrid(rect.Dx(), rect.Dy())
		for y := range want.h {
			for x := range want.w {
				want.set(x, y, g.at(x+rect.Min.X, y+rect.Min.Y))
			}
		}
		if msg, ok := sameAs(m.Sub(rect), want); !ok {
			t.Fatalf("case %d: Sub(%v) of %dx%d: %s", i, rect, g.w, g.h, msg)
		}
		n := r.IntN(140) - 70
		pad := newGrid(max(g.w+2*n, 0), max(g.h+2*n, 0))
		for y := range pad.h {
			for x := range pad.w {
				pad.set(x, y, g.at(x-n, y-n))
			}
		}
		if msg, ok := sameAs(m.Pad(n), pad); !ok {
			t.Fatalf("case %d: Pad(%d) of %dx%d: %s", i, n, g.w, g.h, msg)
		}
	}
}
