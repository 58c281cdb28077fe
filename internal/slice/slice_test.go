package slice

import (
	"image"
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"

	"github.com/shapegen/shapegen/internal/atlas"
	"github.com/shapegen/shapegen/internal/masktest"
	"github.com/shapegen/shapegen/mask"
)

// fill sets the pixels of r.
func fill(m *mask.Mask, r image.Rectangle) {
	for y := r.Min.Y; y < r.Max.Y; y++ {
		m.SetRun(y, r.Min.X, r.Max.X, true)
	}
}

// naiveHas reports whether m has a set pixel in r, pixel by pixel.
func naiveHas(m *mask.Mask, r image.Rectangle) bool {
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			if m.Get(x, y) {
				return true
			}
		}
	}
	return false
}

func TestSkipEmpty(t *testing.T) {
	m := masktest.Pic(
		"#.......",
		"........",
		".....#..",
		"........",
	)
	frames := atlas.GridFrames(8, 4, 2, 2, 0, 0)
	kept, skipped := SkipEmpty(frames, m)
	var got []string
	for _, f := range kept {
		got = append(got, f.Name)
	}
	if want := []string{"0", "6"}; !reflect.DeepEqual(got, want) || skipped != 6 {
		t.Errorf("SkipEmpty kept %v, skipped %d; want %v, 6", got, skipped, want)
	}
}

// TestSkipEmptyRandom checks SkipEmpty against a pixel-by-pixel scan on
// seeded random masks and rectangles, across word boundaries.
func TestSkipEmptyRandom(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for range 300 {
		w, h := 1+rng.IntN(200), 1+rng.IntN(20)
		m := mask.New(w, h)
		for range rng.IntN(6) {
			m.Set(rng.IntN(w), rng.IntN(h), true)
		}
		var frames []atlas.Frame
		for i := range 20 {
			x, y := rng.IntN(w), rng.IntN(h)
			r := image.Rect(x, y, x+1+rng.IntN(w-x), y+1+rng.IntN(h-y))
			frames = append(frames, atlas.Frame{Name: string(rune('a' + i)), Rect: r})
		}
		kept, skipped := SkipEmpty(frames, m)
		var want []atlas.Frame
		for _, f := range frames {
			if naiveHas(m, f.Rect) {
				want = append(want, f)
			}
		}
		if len(want) == 0 {
			want = []atlas.Frame{}
		}
		if !reflect.DeepEqual(kept, want) || skipped != len(frames)-len(want) {
			t.Fatalf("SkipEmpty on\n%s= %v (%d skipped), want %v", m, kept, skipped, want)
		}
	}
}

func TestNameSize(t *testing.T) {
	tests := []struct {
		file   string
		w, h   int
		cw, ch int
		ok     bool
	}{
		{"hero_Running_16x16.png", 96, 16, 16, 16, true},
		{"tiles-32x48.png", 64, 96, 32, 48, true},
		{"icons_8X8.png", 64, 64, 8, 8, true},
		{"16x16.png", 64, 64, 16, 16, true},
		{"art/sheets/fx 24x24.png", 96, 24, 24, 24, true},
		{"sheet_256x128_16x16.png", 256, 128, 16, 16, true},
		{"a_16x16_32x32.png", 64, 64, 0, 0, false},
		{"v1x2.png", 64, 64, 0, 0, false},
		{"a_16x16b.png", 64, 64, 0, 0, false},
		{"a_123456x2.png", 64, 64, 0, 0, false},
		{"hero.png", 64, 64, 0, 0, false},
		{"sheet_64x64.png", 64, 64, 0, 0, false},
	}
	for _, tt := range tests {
		cw, ch, ok := NameSize(tt.file, tt.w, tt.h)
		if cw != tt.cw || ch != tt.ch || ok != tt.ok {
			t.Errorf("NameSize(%q, %d, %d) = %d, %d, %v; want %d, %d, %v", tt.file, tt.w, tt.h, cw, ch, ok, tt.cw, tt.ch, tt.ok)
		}
	}
}

func TestByName(t *testing.T) {
	tests := []struct {
		file string
		w, h int
		grid Grid
		n    int
		why  string
	}{
		{"hero_Running_16x16.png", 96, 16, Grid{16, 16, 0, 0}, 6, `16x16 cells from the file name "hero_Running_16x16.png": 6 cells (6x1)`},
		{"tiles-32x48.png", 64, 96, Grid{32, 48, 0, 0}, 4, "4 cells (2x2)"},
		{"sheet_16x16.png", 72, 36, Grid{16, 16, 1, 2}, 8, "(margin and spacing inferred): 8 cells (4x2), margin 1, spacing 2"},
		{"icons_8x8.png", 8, 8, Grid{}, 0, "no cell size"}, // the image's own size
		{"strip_16x16.png", 70, 16, Grid{16, 16, 0, 2}, 4, "margin 0, spacing 2"},
		{"one_16x16.png", 20, 20, Grid{}, 0, "fits it with 8 margins and spacings"},
		{"tiny_4x4.png", 64, 64, Grid{}, 0, "under the 8x8 minimum"},
		{"hero.png", 64, 64, Grid{}, 0, `no cell size in the name "hero.png"; add a grids: entry`},
		{"odd_16x16.png", 71, 16, Grid{}, 0, "not a whole number of such cells"},
		{"even_16x16.png", 40, 40, Grid{}, 0, "fits it with 4 margins and spacings"},
		{"huge_8x8.png", 8 * 300, 8 * 300, Grid{}, 0, "over the limit"},
	}
	for _, tt := range tests {
		t.Run(tt.file, func(t *testing.T) {
			r := ByName(tt.file, tt.w, tt.h)
			if r.Grid != tt.grid || len(r.Frames) != tt.n || r.Sliced() != (tt.n > 0) || !strings.Contains(r.Why, tt.why) {
				t.Errorf("ByName(%q, %d, %d) = %v with %d frames, %q; want %v with %d frames, containing %q", tt.file, tt.w, tt.h, r.Grid, len(r.Frames), r.Why, tt.grid, tt.n, tt.why)
			}
			if tt.n > 0 {
				g := tt.grid
				if want := atlas.GridFrames(tt.w, tt.h, g.CellWidth, g.CellHeight, g.Margin, g.Spacing); !reflect.DeepEqual(r.Frames, want) {
					t.Errorf("frames %v, want the grid's %v", r.Frames, want)
				}
			}
		})
	}
}
