package verify

import (
	"image"
	"image/png"
	"io/fs"
	"math"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/shapegen/shapegen/collide"
	"github.com/shapegen/shapegen/internal/atlas"
	"github.com/shapegen/shapegen/mask"
)

// fpCorpusDir is the shared CC0 art, outside the repository.
const fpCorpusDir = "../../shared/corpus/platformer-art"

// fpSprite is one sprite of the corpus: its name and its mask.
type fpSprite struct {
	name string
	m    *mask.Mask
}

// fpCorpus returns the corpus's sprites as a build sees them (alpha
// threshold 128): each PNG whole, or its frames when an atlas data file
// is named like it or names it. Frames are cut as stored (neither turned
// back nor untrimmed, which moves no figure). It skips tb when the corpus
// is absent.
func fpCorpus(tb testing.TB) []fpSprite {
	tb.Helper()
	if _, err := os.Stat(fpCorpusDir); err != nil {
		tb.Skipf("corpus absent: %v", err)
	}
	var pngs, datas []string
	err := filepath.WalkDir(fpCorpusDir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		switch strings.ToLower(filepath.Ext(p)) {
		case ".png":
			pngs = append(pngs, p)
		case ".xml", ".json", ".txt":
			datas = append(datas, p)
		}
		return nil
	})
	if err != nil {
		tb.Fatal(err)
	}
	frames := map[string][]atlas.Frame{}
	owned := map[string]bool{}
	use := func(img, data string) {
		if _, done := frames[img]; done || owned[data] || !slices.Contains(pngs, img) {
			return
		}
		b, err := os.ReadFile(data)
		if err != nil {
			return
		}
		if a, _, err := atlas.Decode(data, b, atlas.Options{}); err == nil && len(a.Frames) > 0 {
			frames[img], owned[data] = a.Frames, true
		}
	}
	for _, p := range pngs { // data files named like their image
		for _, ext := range []string{".xml", ".json", ".txt"} {
			use(p, strings.TrimSuffix(p, filepath.Ext(p))+ext)
		}
	}
	for _, d := range datas { // then those naming an image in their folder
		b, err := os.ReadFile(d)
		if err != nil {
			continue
		}
		if a, _, err := atlas.Decode(d, b, atlas.Options{}); err == nil && a.Image != "" {
			use(filepath.Join(filepath.Dir(d), path.Base(strings.ReplaceAll(a.Image, `\`, "/"))), d)
		}
	}
	var out []fpSprite
	for _, p := range pngs {
		f, err := os.Open(p)
		if err != nil {
			tb.Fatal(err)
		}
		img, err := png.Decode(f)
		f.Close()
		if err != nil {
			continue // the corpus's broken files are the build's business
		}
		m := mask.FromImage(img, 128)
		name := strings.TrimSuffix(p, ".png")
		fs, ok := frames[p]
		if !ok {
			out = append(out, fpSprite{name, m})
			continue
		}
		for _, fr := range fs {
			r := fr.Rect.Intersect(image.Rect(0, 0, m.Width(), m.Height()))
			out = append(out, fpSprite{name + "/" + fr.Name, m.Sub(r)})
		}
	}
	return out
}

// TestFPCorpus checks on every corpus sprite that each kind's figure lies
// in [0, 1) and is no better than the hull's where the kind contains the
// hull, and that PairsOf gives the same area without looking up pairs of
// repeated rows. On a
// sample of the sprites with several pieces it compares the pieces'
// difference area with the x-sweep reference.
func TestFPCorpus(t *testing.T) {
	sprites := fpCorpus(t)
	checked := 0
	for i, s := range sprites {
		if s.m.Empty() {
			continue
		}
		p := PairsOf(s.m)
		if fresh := 2 * supportCells(s.m, math.MaxInt); float64(fresh) != p.Area {
			t.Errorf("%s: PairsOf = %v, %v without looking up repeated rows", s.name, p.Area, fresh)
		}
		ks := fpKindsOf(s.m)
		fh := FPArea(p, ks["hull"])
		for kind, sh := range ks {
			f := FPArea(p, sh)
			if !(f >= 0 && f < 1) || kind != "pieces" && f < fh-1e-12 {
				t.Errorf("%s: %s figure %v (hull %v)", s.name, kind, f, fh)
			}
		}
		c := ks["pieces"].(collide.Compound)
		if len(c) > 1 && i%20 == 0 {
			var sums [][]collide.Vec
			for _, a := range c {
				for _, b := range c {
					sums = append(sums, refDiff(a, b))
				}
			}
			if got, want := DiffArea(c), refUnionArea(sums); !fpNear(got, want, 1e-9) {
				t.Errorf("%s: DiffArea(pieces) = %v, reference %v", s.name, got, want)
			}
			checked++
		}
	}
	t.Logf("%d sprites; pieces checked against the reference on %d", len(sprites), checked)
}
