package slice

import (
	"image"
	"image/png"
	"io/fs"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/shapegen/shapegen/internal/atlas"
	"github.com/shapegen/shapegen/mask"
)

// corpusDir holds real sprite art, outside the repository.
const corpusDir = "../../../shared/corpus/platformer-art"

// checkCover fails unless frames are inside m, pairwise disjoint, and
// hold every opaque pixel of m.
func checkCover(t *testing.T, what string, m *mask.Mask, frames []atlas.Frame) {
	t.Helper()
	inside := 0
	for i, f := range frames {
		if !f.Rect.In(image.Rect(0, 0, m.Width(), m.Height())) || f.Rect.Empty() {
			t.Fatalf("%s: frame %d %v outside the %v image", what, i, f.Rect, m.Size())
		}
		for _, g := range frames[:i] {
			if f.Rect.Overlaps(g.Rect) {
				t.Fatalf("%s: frames %v and %v overlap", what, f.Rect, g.Rect)
			}
		}
		inside += m.Sub(f.Rect).Count()
	}
	if inside != m.Count() {
		t.Fatalf("%s: frames hold %d of the %d opaque pixels", what, inside, m.Count())
	}
}

// checkRules runs every rule on m and checks what each returns.
func checkRules(t *testing.T, name string, m *mask.Mask) {
	t.Helper()
	if r := ByGutters(m); r.Sliced() {
		checkCover(t, name+" gutters", m, r.Frames)
	} else if r.Why == "" {
		t.Fatalf("%s: ByGutters says nothing", name)
	}
	for _, merge := range []int{0, 2} {
		if r := Islands(m, IslandOptions{Merge: merge}); r.Sliced() {
			checkCover(t, name+" islands", m, r.Frames)
		} else if r.Why == "" {
			t.Fatalf("%s: Islands says nothing", name)
		}
	}
	if _, why := LooksLikeIslands(m); why == "" {
		t.Fatalf("%s: LooksLikeIslands says nothing", name)
	}
}

// TestRulesRandom checks the rules' frames on seeded random sheets of
// rectangles, some on a grid.
func TestRulesRandom(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	for range 300 {
		w, h := 8+rng.IntN(120), 8+rng.IntN(80)
		m := mask.New(w, h)
		cell := 8 + rng.IntN(12)
		for range 1 + rng.IntN(12) {
			x, y := rng.IntN(w), rng.IntN(h)
			if rng.IntN(2) == 0 { // on a grid
				x, y = x/cell*cell+1, y/cell*cell+1
			}
			fill(m, image.Rect(x, y, x+1+rng.IntN(cell-2), y+1+rng.IntN(cell-2)).Intersect(image.Rect(0, 0, w, h)))
		}
		checkRules(t, "random", m)
	}
}

// TestRulesCorpus runs the rules on the corpus's images (when present).
// None of them is a regular grid sheet (they are single sprites and
// packed atlases), so ByGutters, which never guesses, slices none.
func TestRulesCorpus(t *testing.T) {
	if testing.Short() {
		t.Skip("short")
	}
	n := 0
	eachCorpusMask(t, func(file string, m *mask.Mask) {
		checkRules(t, file, m)
		if r := ByGutters(m); r.Sliced() {
			t.Errorf("%s: ByGutters sliced a sheet that is no grid: %s", file, r.Why)
		}
		n++
	})
	t.Logf("%d images", n)
}

// eachCorpusMask calls f with the mask (alpha 128) of each of the
// corpus's PNGs that image/png decodes, and skips tb when the corpus is
// not present.
func eachCorpusMask(tb testing.TB, f func(file string, m *mask.Mask)) {
	tb.Helper()
	if _, err := os.Stat(corpusDir); err != nil {
		tb.Skip("corpus not present:", err)
	}
	err := filepath.WalkDir(corpusDir, func(file string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(file, ".png") {
			return err
		}
		r, err := os.Open(file)
		if err != nil {
			return err
		}
		defer r.Close()
		img, err := png.Decode(r)
		if err != nil {
			return nil // the mask package's corpus test covers decoding
		}
		f(file, mask.FromImage(img, 128))
		return nil
	})
	if err != nil {
		tb.Fatal(err)
	}
}
