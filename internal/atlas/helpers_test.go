package atlas

import (
	"image"
	"strings"
	"testing"

	"github.com/shapegen/shapegen/internal/masktest"
	"github.com/shapegen/shapegen/mask"
)

// hero is the untrimmed 7x8 test sprite, asymmetric in both axes so that
// any wrong turn or flip shows. Trimmed, it is 4x5 at (1, 2).
var heroRows = []string{
	".......",
	".......",
	".##....",
	".#.#...",
	".####..",
	"...#...",
	"..##...",
	".......",
}

var (
	heroSize = image.Pt(7, 8)
	heroTrim = image.Rect(1, 2, 5, 7)
)

// pack draws the trimmed hero turned by t into sheet with its stored
// top-left at (x, y), turning it as a packer does: with the mask
// package's on-screen turns, not with Frame.Stored. It returns the stored
// rectangle.
func pack(t testing.TB, sheet *mask.Mask, x, y int, turn Turn) image.Rectangle {
	tr := masktest.Pic(heroRows...).Sub(heroTrim)
	switch turn {
	case Clockwise:
		tr = tr.Rotate90CW()
	case CounterClockwise:
		tr = tr.Rotate90CCW()
	case HalfTurn:
		tr = tr.Rotate180()
	}
	sheet.Draw(tr, x, y)
	return image.Rect(x, y, x+tr.Width(), y+tr.Height())
}

// unpack rebuilds frame f's untrimmed sprite from sheet through
// Frame.Stored and Offset.
func unpack(sheet *mask.Mask, f Frame) *mask.Mask {
	m := mask.New(f.Size.X, f.Size.Y)
	up := f.Upright()
	for y := range up.Y {
		for x := range up.X {
			p := f.Stored(x, y)
			m.Set(x+f.Offset.X, y+f.Offset.Y, sheet.Get(p.X, p.Y))
		}
	}
	return m
}

// checkHero fails unless frame f of sheet is the untrimmed hero.
func checkHero(t *testing.T, sheet *mask.Mask, f Frame) {
	t.Helper()
	if f.Size != heroSize {
		t.Errorf("frame %q: Size = %v, want %v", f.Name, f.Size, heroSize)
		return
	}
	if got, want := unpack(sheet, f), masktest.Pic(heroRows...); !got.Equal(want) {
		t.Errorf("frame %q (%v, %v, offset %v) unpacks to\n%swant\n%s", f.Name, f.Rect, f.Turn, f.Offset, got, want)
	}
}

// sized returns an Options.ImageSize that knows one w x h image, whatever
// its name.
func sized(w, h int) func(string) (image.Point, bool) {
	return func(string) (image.Point, bool) { return image.Pt(w, h), true }
}

// decode calls Decode and fails the test on an error.
func decode(t *testing.T, name, data string, opt Options) (*Atlas, []Problem) {
	t.Helper()
	a, probs, err := Decode(name, []byte(data), opt)
	if err != nil {
		t.Fatalf("Decode(%q) error: %v", name, err)
	}
	checkAtlas(t, a, opt)
	return a, probs
}

// names returns the atlas's frame names.
func names(a *Atlas) []string {
	var s []string
	for _, f := range a.Frames {
		s = append(s, f.Name)
	}
	return s
}

// wantProblems fails unless probs are, in order, one per want: each
// problem's text holds its want.
func wantProblems(t *testing.T, probs []Problem, want ...string) {
	t.Helper()
	if len(probs) != len(want) {
		t.Errorf("got %d problems, want %d:\n%s", len(probs), len(want), problemText(probs))
		return
	}
	for i, p := range probs {
		if !strings.Contains(p.Error(), want[i]) {
			t.Errorf("problem %d = %q, want one containing %q", i, p.Error(), want[i])
		}
	}
}

func problemText(probs []Problem) string {
	var b strings.Builder
	for _, p := range probs {
		b.WriteString("\t" + p.Error() + "\n")
	}
	return b.String()
}

// checkAtlas fails unless a keeps the promises of Decode's documentation:
// clean unique names, whole frames inside their untrimmed size and image,
// sizes within the limit, pages that partition Frames, animation and
// slice indexes within Frames.
func checkAtlas(t testing.TB, a *Atlas, opt Options) {
	t.Helper()
	maxPixels := opt.MaxPixels
	if maxPixels <= 0 {
		maxPixels = DefaultMaxPixels
	}
	seen := map[string]bool{}
	n := 0
	for pi, p := range a.Pages {
		img, known := image.Point{}, false
		if opt.ImageSize != nil {
			img, known = opt.ImageSize(p.Image)
		}
		for i, f := range p.Frames {
			if n+i >= len(a.Frames) || &p.Frames[i] != &a.Frames[n+i] {
				t.Fatalf("page %d frame %d is not Frames[%d]", pi, i, n+i)
			}
			if f.Name == "" || f.Name != cleanPath(f.Name) || strings.Contains("/"+f.Name+"/", "/../") || seen[f.Name] {
				t.Fatalf("frame name %q is not clean or not unique", f.Name)
			}
			seen[f.Name] = true
			up := f.Upright()
			if f.Rect.Empty() || f.Rect.Min.X < 0 || f.Rect.Min.Y < 0 || f.Offset.X < 0 || f.Offset.Y < 0 ||
				f.Offset.X+up.X > f.Size.X || f.Offset.Y+up.Y > f.Size.Y ||
				int64(f.Size.X)*int64(f.Size.Y) > maxPixels || f.Turn > CounterClockwise {
				t.Fatalf("bad frame %+v", f)
			}
			if known && !f.Rect.In(image.Rect(0, 0, img.X, img.Y)) {
				t.Fatalf("frame %+v is outside the %v image", f, img)
			}
		}
		n += len(p.Frames)
	}
	if n != len(a.Frames) {
		t.Fatalf("pages hold %d frames, Frames %d", n, len(a.Frames))
	}
	if len(a.Pages) == 0 || a.Image != a.Pages[0].Image {
		t.Fatalf("Image %q is not the first page's", a.Image)
	}
	for _, an := range a.Animations {
		if an.Name == "" || len(an.Frames) == 0 {
			t.Fatalf("bad animation %+v", an)
		}
		for _, i := range an.Frames {
			if i < 0 || i >= len(a.Frames) {
				t.Fatalf("animation %q frame %d out of range", an.Name, i)
			}
		}
	}
	for _, s := range a.Slices {
		for k, key := range s.Keys {
			if key.Frame < 0 || key.Frame >= len(a.Frames) || k > 0 && key.Frame <= s.Keys[k-1].Frame {
				t.Fatalf("slice %q key %d frame %d out of range or order", s.Name, k, key.Frame)
			}
		}
	}
}
