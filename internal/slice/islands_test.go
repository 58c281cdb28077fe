package slice

import (
	"image"
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"

	"github.com/shapegen/shapegen/internal/masktest"
	"github.com/shapegen/shapegen/mask"
)

// naiveGroups labels m's pixels by flood fill: two pixels are together
// when they are within merge+1 of each other across and down. It returns
// each group's box and pixel count in the order of their first pixels,
// row by row, as label does.
func naiveGroups(m *mask.Mask, merge int) []island {
	w, h := m.Width(), m.Height()
	seen := make([]bool, w*h)
	var out []island
	for y := range h {
		for x := range w {
			if !m.Get(x, y) || seen[y*w+x] {
				continue
			}
			g := island{box: image.Rect(x, y, x+1, y+1)}
			stack := []image.Point{{x, y}}
			seen[y*w+x] = true
			for len(stack) > 0 {
				p := stack[len(stack)-1]
				stack = stack[:len(stack)-1]
				g.pixels++
				g.box = g.box.Union(image.Rect(p.X, p.Y, p.X+1, p.Y+1))
				for dy := -merge - 1; dy <= merge+1; dy++ {
					for dx := -merge - 1; dx <= merge+1; dx++ {
						q := p.Add(image.Pt(dx, dy))
						if q.X >= 0 && q.Y >= 0 && q.X < w && q.Y < h && m.Get(q.X, q.Y) && !seen[q.Y*w+q.X] {
							seen[q.Y*w+q.X] = true
							stack = append(stack, q)
						}
					}
				}
			}
			out = append(out, g)
		}
	}
	return out
}

// TestLabelRandom checks label against flood fill on seeded random masks
// for merge distances 0 to 3, across word boundaries: the same groups in
// the same order.
func TestLabelRandom(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	for k := range 400 {
		w, h := 1+rng.IntN(90), 1+rng.IntN(20)
		m := mask.New(w, h)
		density := rng.Float64() * 0.3
		for y := range h {
			for x := range w {
				m.Set(x, y, rng.Float64() < density)
			}
		}
		merge := k % 4
		got, ok := label(m, merge)
		if !ok {
			t.Fatal("label refused a small mask")
		}
		if want := naiveGroups(m, merge); !reflect.DeepEqual(got, want) && len(got)+len(want) > 0 {
			t.Fatalf("label(merge %d) of\n%s= %v, want %v", merge, m, got, want)
		}
	}
}

func TestIslands(t *testing.T) {
	m := masktest.Pic(
		"..........................",
		".####.......###......#....",
		".####......#####..........",
		".####.......###...........",
		"..........................",
		"..........................",
		"...................####...",
		"..##...............####...",
		"..##..##...........####...",
		"......##..................",
	)
	tests := []struct {
		name  string
		opt   IslandOptions
		rects []image.Rectangle
		why   string
	}{
		{"all", IslandOptions{}, []image.Rectangle{
			image.Rect(1, 1, 5, 4), image.Rect(11, 1, 16, 4), image.Rect(21, 1, 22, 2),
			image.Rect(2, 7, 4, 9), image.Rect(6, 8, 8, 10), image.Rect(19, 6, 23, 9),
		}, "6 islands (merge 0, min size 0)"},
		{"min size", IslandOptions{MinSize: 3}, []image.Rectangle{
			image.Rect(1, 1, 5, 4), image.Rect(11, 1, 16, 4), image.Rect(19, 6, 23, 9),
		}, "3 islands (merge 0, min size 3), 3 specks dropped"},
		// The two small squares are 2 pixels apart across, 3 below the
		// big one.
		{"merge", IslandOptions{Merge: 2, MinSize: 3}, []image.Rectangle{
			image.Rect(1, 1, 5, 4), image.Rect(11, 1, 16, 4), image.Rect(2, 7, 8, 10), image.Rect(19, 6, 23, 9),
		}, "4 islands (merge 2, min size 3), 1 speck dropped"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := Islands(m, tt.opt)
			var got []image.Rectangle
			for i, f := range r.Frames {
				got = append(got, f.Rect)
				if f.Name != string(rune('0'+i)) || f.Size != f.Rect.Size() || f.Offset != (image.Point{}) {
					t.Errorf("frame %d = %+v", i, f)
				}
			}
			if !reflect.DeepEqual(got, tt.rects) || r.Why != tt.why {
				t.Errorf("Islands(%+v) = %v, %q; want %v, %q", tt.opt, got, r.Why, tt.rects, tt.why)
			}
		})
	}
}

// TestIslandsOverlap joins a ring and the dot inside it, whose boxes
// overlap, into one frame.
func TestIslandsOverlap(t *testing.T) {
	m := masktest.Pic(
		"#####....##",
		"#...#....##",
		"#.#.#......",
		"#...#......",
		"#####......",
	)
	r := Islands(m, IslandOptions{})
	if len(r.Frames) != 2 || r.Frames[0].Rect != image.Rect(0, 0, 5, 5) || r.Frames[1].Rect != image.Rect(9, 0, 11, 2) {
		t.Errorf("Islands = %v, %q; want the ring with its dot, then the square", r.Frames, r.Why)
	}
	one := masktest.Pic("#####", "#.#.#", "#####")
	if r := Islands(one, IslandOptions{}); r.Sliced() || !strings.Contains(r.Why, "1 island") {
		t.Errorf("Islands(one island) = %v, %q; want not sliced", r.Frames, r.Why)
	}
}

func TestJoinOverlapsChain(t *testing.T) {
	// a overlaps b only once b has grown by c: the passes repeat.
	boxes := []image.Rectangle{image.Rect(0, 0, 2, 2), image.Rect(5, 5, 7, 7), image.Rect(1, 1, 6, 6), image.Rect(20, 0, 21, 1)}
	got := joinOverlaps(boxes)
	want := []image.Rectangle{image.Rect(0, 0, 7, 7), image.Rect(20, 0, 21, 1)}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("joinOverlaps = %v, want %v", got, want)
	}
}

func TestLooksLikeIslands(t *testing.T) {
	sheet := mask.New(64, 40)
	for _, r := range []image.Rectangle{image.Rect(2, 2, 14, 14), image.Rect(20, 3, 30, 15), image.Rect(40, 1, 60, 12), image.Rect(5, 25, 17, 38)} {
		fill(sheet, r)
	}
	single := mask.New(32, 32)
	fill(single, image.Rect(4, 4, 28, 28))
	dust := mask.New(64, 64)
	for i := range 30 {
		dust.Set(2*i, (7*i)%64, true)
	}
	fill(dust, image.Rect(0, 40, 10, 50))
	tests := []struct {
		name string
		m    *mask.Mask
		want bool
		why  string
	}{
		{"sheet", sheet, true, "looks like a sheet of 4 separate sprites; slice it by islands to cut them"},
		{"single", single, false, "1 island of at least 8x8; not a sheet of islands"},
		{"dust", dust, false, "1 island of at least 8x8; not a sheet of islands"},
		{"empty", mask.New(8, 8), false, "0 islands of at least 8x8; not a sheet of islands"},
	}
	for _, tt := range tests {
		got, why := LooksLikeIslands(tt.m)
		if got != tt.want || why != tt.why {
			t.Errorf("LooksLikeIslands(%s) = %v, %q; want %v, %q", tt.name, got, why, tt.want, tt.why)
		}
	}
}

func TestIslandsTooMany(t *testing.T) {
	// A checkerboard of isolated pixels, two apart: more runs than
	// maxRuns is refused before the runs are stored.
	w := 2048
	h := 2*maxRuns/(w/2) + 2
	m := mask.New(w, h)
	for y := 0; y < h; y += 2 {
		for x := 0; x < w; x += 2 {
			m.Set(x, y, true)
		}
	}
	if r := Islands(m, IslandOptions{}); r.Sliced() || !strings.Contains(r.Why, "too many") {
		t.Errorf("Islands(checkerboard) = %d frames, %q", len(r.Frames), r.Why)
	}
}
