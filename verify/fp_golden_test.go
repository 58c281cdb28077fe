package verify

import (
	"bytes"
	"fmt"
	"path/filepath"
	"testing"

	"github.com/shapegen/shapegen/collide"
	"github.com/shapegen/shapegen/hull"
	"github.com/shapegen/shapegen/internal/update"
)

// fpGolden holds, for each corpus sprite, its figures' inputs.
const fpGolden = "testdata/fp-corpus.txt"

// TestFPCorpusGolden holds PairsOf and DiffArea to their exact results on
// every corpus sprite, so that work on their speed cannot move a bit of a
// figure unseen: the other tests compare them with references within a
// tolerance. Each line of the golden file is a sprite's name in the corpus
// and, exactly in hexadecimal floating point, PairsOf's area, then
// DiffArea of each kind in fpKinds order, then of at most four pieces (as
// BenchmarkFPCorpus's pieces4). Refresh with
// go test ./verify -run FPCorpusGolden -update, when a change of the
// figures is meant.
func TestFPCorpusGolden(t *testing.T) {
	var got bytes.Buffer
	for _, s := range fpCorpus(t) {
		if s.m.Empty() {
			continue
		}
		rel, err := filepath.Rel(fpCorpusDir, s.name)
		if err != nil {
			t.Fatal(err)
		}
		ks := fpKindsOf(s.m)
		figures := []float64{PairsOf(s.m).Area}
		for _, k := range fpKinds {
			figures = append(figures, DiffArea(ks[k]))
		}
		four := collide.Compound(hull.Pieces(s.m, hull.PiecesOptions{MaxPieces: 4, MaxVertices: 8}))
		figures = append(figures, DiffArea(four))
		fmt.Fprint(&got, filepath.ToSlash(rel))
		for _, f := range figures {
			fmt.Fprintf(&got, " %x", f)
		}
		fmt.Fprintln(&got)
	}
	update.Lines(t, fpGolden, got.Bytes())
}
