package hull

import (
	"image/png"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/shapegen/shapegen/collide"
	"github.com/shapegen/shapegen/mask"
)

// corpusDir is the shared CC0 art, outside the repository.
const corpusDir = "../../shared/corpus/platformer-art"

// TestCorpus computes every shape of every sprite of the corpus (each PNG
// as a whole image, alpha threshold 128), checks that each is valid and
// contains every opaque pixel square, and holds Reduce(hull, 8) to its tightness
// targets: the area it adds over the hull is at most 2% at the median and
// 5% at the 90th percentile. Pieces(m, 8, 8) must cover every opaque pixel;
// how much of the hull's excess area it keeps on concave sprites is logged.
func TestCorpus(t *testing.T) {
	if _, err := os.Stat(corpusDir); err != nil {
		t.Skipf("corpus absent: %v", err)
	}
	var excess, piecesVsHull []float64
	exactVerts, simpleVerts := 0, 0
	err := filepath.WalkDir(corpusDir, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.EqualFold(filepath.Ext(path), ".png") {
			return err
		}
		f, err := os.Open(path)
		if err != nil {
			return err
		}
		img, err := png.Decode(f)
		f.Close()
		if err != nil {
			t.Logf("%s: %v (skipped)", path, err)
			return nil
		}
		m := mask.FromImage(img, 128)
		h := Convex(m)
		if h == nil {
			return nil
		}
		if e := polyProblem(h); e != "" {
			t.Errorf("%s: Convex: %s", path, e)
			return nil
		}
		r := Reduce(h, 8)
		if e := polyProblem(r); e != "" || len(r) > 8 {
			t.Errorf("%s: Reduce(hull, 8) = %v: %d vertices, %s", path, r, len(r), e)
		}
		// The outer corners of each row's end pixels: a convex shape that
		// holds them holds every opaque pixel square.
		ends := rowEnds(m)
		for _, s := range []struct {
			name string
			s    shape
		}{{"Convex", h}, {"MinCircle", MinCircle(h)}, {"MinBox", MinBox(h)}, {"Reduce(hull, 8)", r}} {
			if v, bad := firstOutside(s.s, ends); bad {
				t.Errorf("%s: %s leaves pixel corner %v outside", path, s.name, v)
			}
		}
		excess = append(excess, r.Area()/h.Area()-1)
		ps := Pieces(m, 8, 8)
		if v, bad := uncovered(m, ps); bad || len(ps) > 8 {
			t.Errorf("%s: Pieces(m, 8, 8) = %d pieces, pixel %v uncovered: %v", path, len(ps), v, bad)
		}
		exact, simple := Outline(m, 0), Outline(m, 0.5)
		if a, b := ringsArea(exact), ringsArea(simple); a != float64(m.Count()) || b < a {
			t.Errorf("%s: Outline bounds area %v exact, %v simplified; want %d and more", path, a, b, m.Count())
		}
		exactVerts, simpleVerts = exactVerts+vertices(exact), simpleVerts+vertices(simple)
		if n := float64(m.Count()); n/h.Area() < 0.8 {
			piecesVsHull = append(piecesVsHull, (totalArea(ps)-n)/(h.Area()-n))
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(excess) == 0 {
		t.Skip("no sprite in the corpus")
	}
	t.Logf("Outline: %d vertices exact, %d at tolerance 0.5", exactVerts, simpleVerts)
	slices.Sort(piecesVsHull)
	if n := len(piecesVsHull); n > 0 {
		t.Logf("Pieces(m, 8, 8) on %d concave sprites (pixels < 80%% of the hull): excess area over the pixels / the hull's: median %.3f, p90 %.3f",
			n, piecesVsHull[n/2], piecesVsHull[n*9/10])
	}
	slices.Sort(excess)
	q := func(p float64) float64 { return excess[int(p*float64(len(excess)-1))] }
	t.Logf("Reduce(hull, 8) area over hull, %d sprites: median %.3f%%, p90 %.3f%%, max %.3f%%",
		len(excess), 100*q(.5), 100*q(.9), 100*excess[len(excess)-1])
	if q(.5) > 0.02 || q(.9) > 0.05 {
		t.Errorf("Reduce(hull, 8) adds median %.3f%%, p90 %.3f%% over the hull; want at most 2%% and 5%%", 100*q(.5), 100*q(.9))
	}
}

// ringsArea returns the area the rings bound: outer areas less holes.
func ringsArea(rings [][]collide.Vec) float64 {
	a := 0.0
	for _, r := range rings {
		a += ringArea(r)
	}
	return a
}

func vertices(rings [][]collide.Vec) int {
	n := 0
	for _, r := range rings {
		n += len(r)
	}
	return n
}

// rowEnds returns the outer corners of the two end pixels of every row.
func rowEnds(m *mask.Mask) []collide.Vec {
	var c []collide.Vec
	for y := range m.Height() {
		if l, r, ok := m.RowSpan(y); ok {
			fl, fr, fy := float64(l), float64(r+1), float64(y)
			c = append(c, collide.V(fl, fy), collide.V(fl, fy+1), collide.V(fr, fy), collide.V(fr, fy+1))
		}
	}
	return c
}
