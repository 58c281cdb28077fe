package verify

import (
	"bytes"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"fmt"
	"math"
	"path/filepath"
	"testing"

	"github.com/shapegen/shapegen/collide"
	"github.com/shapegen/shapegen/hull"
	"github.com/shapegen/shapegen/internal/update"
)

// fpGolden holds, for each corpus sprite, a digest of its figures' inputs.
const fpGolden = "testdata/fp-corpus.txt"

// TestFPCorpusGolden holds PairsOf and DiffArea to their exact results on
// every corpus sprite, so that work on their speed cannot move a bit of a
// figure unseen: the other tests compare them with references within a
// tolerance. Each line of the golden file is a sprite's name in the corpus
// and the first 16 hex digits of the SHA-256 of the float64 bits of
// PairsOf's area, then DiffArea of each kind in fpKinds order, then of
// at most four pieces (as BenchmarkFPCorpus's pieces4). Refresh with
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
		h := sha256.New()
		var b []byte
		for _, f := range figures {
			b = binary.LittleEndian.AppendUint64(b, math.Float64bits(f))
		}
		h.Write(b)
		fmt.Fprintf(&got, "%s %s\n", filepath.ToSlash(rel), hex.EncodeToString(h.Sum(nil))[:16])
	}
	update.Lines(t, fpGolden, got.Bytes())
}
