package mask

import (
	"image"
	"math"
	"math/rand/v2"
	"slices"
	"testing"
)

// refIslands flood-fills g's 8-connected components, in row-major order
// of their first pixels, each as (offset, cropped grid).
func refIslands(g *grid) []Island {
	seen := make([]bool, len(g.p))
	var out []Island
	for y := range g.h {
		for x := range g.w {
			if !g.at(x, y) || seen[y*g.w+x] {
				continue
			}
			var comp []image.Point
			stack := []image.Point{{x, y}}
			seen[y*g.w+x] = true
			b := image.Rect(x, y, x+1, y+1)
			for len(stack) > 0 {
				p := stack[len(stack)-1]
				stack = stack[:len(stack)-1]
				comp = append(comp, p)
				b = b.Union(image.Rect(p.X, p.Y, p.X+1, p.Y+1))
				for dy := -1; dy <= 1; dy++ {
					for dx := -1; dx <= 1; dx++ {
						q := p.Add(image.Pt(dx, dy))
						if g.at(q.X, q.Y) && !seen[q.Y*g.w+q.X] {
							seen[q.Y*g.w+q.X] = true
							stack = append(stack, q)
						}
					}
				}
			}
			c := newGrid(b.Dx(), b.Dy())
			for _, p := range comp {
				c.set(p.X-b.Min.X, p.Y-b.Min.Y, true)
			}
			out = append(out, Island{Offset: b.Min, Mask: c.mask()})
		}
	}
	return out
}

func TestIslands(t *testing.T) {
	tests := []struct {
		name    string
		m       *Mask
		offsets []image.Point
		masks   [][]string
	}{
		{"empty", parse(t, "...", "..."), nil, nil},
		{"diagonal joins", parse(t, "#..", ".#.", "..#"), []image.Point{{0, 0}}, [][]string{{"#..", ".#.", "..#"}}},
		{"order by first pixel", parse(t,
			"...#",
			"#...",
			"#.#.",
		), []image.Point{{3, 0}, {0, 1}, {2, 2}}, [][]string{{"#"}, {"#", "#"}, {"#"}}},
		{"ring with inner dot", parse(t,
			"#####",
			"#...#",
			"#.#.#",
			"#...#",
			"#####",
		), []image.Point{{0, 0}, {2, 2}}, [][]string{{"#####", "#...#", "#...#", "#...#", "#####"}, {"#"}}},
		{"U joins at the bottom", parse(t,
			"#..#",
			"#..#",
			".##.",
		), []image.Point{{0, 0}}, [][]string{{"#..#", "#..#", ".##."}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := tt.m.Islands()
			if len(got) != len(tt.offsets) {
				t.Fatalf("Islands() has %d islands, want %d", len(got), len(tt.offsets))
			}
			for i, is := range got {
				if want := parse(t, tt.masks[i]...); is.Offset != tt.offsets[i] || !is.Mask.Equal(want) {
					t.Errorf("Islands()[%d] = %v %q, want %v %q", i, is.Offset, is.Mask, tt.offsets[i], want)
				}
			}
		})
	}
}

func sameIsland(a, b Island) bool { return a.Offset == b.Offset && a.Mask.Equal(b.Mask) }

func TestIslandsProperty(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 8))
	for i := range 2000 {
		g := randGrid(r)
		got, want := g.mask().Islands(), refIslands(g)
		if !slices.EqualFunc(got, want, sameIsland) {
			t.Fatalf("case %d: Islands() of %dx%d: %d islands, want %d (or an island differs)", i, g.w, g.h, len(got), len(want))
		}
	}
}

func TestRunsProperty(t *testing.T) {
	r := rand.New(rand.NewPCG(9, 10))
	for i := range 3000 {
		g := randGrid(r)
		var want []Run
		for y := range g.h {
			for x := 0; x < g.w; x++ {
				if g.at(x, y) && !g.at(x-1, y) {
					want = append(want, Run{y, x, x})
				}
				if g.at(x, y) {
					want[len(want)-1].X1 = x + 1
				}
			}
		}
		got := slices.Collect(g.mask().Runs())
		if !slices.Equal(got, want) {
			t.Fatalf("case %d: Runs() of %dx%d = %v, want %v", i, g.w, g.h, got, want)
		}
	}
}

func TestRunsEdges(t *testing.T) {
	m := parse(t, "#.#", "###")
	var first []Run
	for r := range m.Runs() {
		first = append(first, r)
		break
	}
	if want := []Run{{0, 0, 1}}; !slices.Equal(first, want) {
		t.Errorf("Runs() stopped after one = %v, want %v", first, want)
	}
	dst := []Run{{9, 9, 9}}
	for _, y := range []int{-1, 2, math.MaxInt} {
		if got := m.AppendRuns(dst, y); !slices.Equal(got, dst) {
			t.Errorf("AppendRuns(dst, %d) = %v, want %v", y, got, dst)
		}
	}
}
