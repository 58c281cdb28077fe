package hull

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/shapegen/shapegen/internal/update"
	"github.com/shapegen/shapegen/mask"
)

// piecesGolden holds, for each PNG of the corpus, a digest of what Pieces
// gives its mask with DefaultPieces.
const piecesGolden = "testdata/pieces-corpus.txt"

// TestPiecesCorpusGolden holds Pieces to its exact output on every corpus
// PNG, so that work on its speed cannot change a vertex unseen: the
// property tests check that pieces are convex and cover the pixels, not
// which pieces they are. Each line of the golden file is a PNG's path in
// the corpus and the first 16 hex digits of the SHA-256 of its pieces'
// vertices (float64 bits). Refresh with go test ./hull -run
// PiecesCorpusGolden -update, when a change of the pieces is meant.
func TestPiecesCorpusGolden(t *testing.T) {
	var got bytes.Buffer
	eachCorpusMask(t, func(path string, m *mask.Mask) {
		rel, err := filepath.Rel(corpusDir, path)
		if err != nil {
			t.Fatal(err)
		}
		fmt.Fprintf(&got, "%s %s\n", filepath.ToSlash(rel), piecesDigest(m))
	})
	if update.Enabled() {
		if err := os.WriteFile(piecesGolden, got.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(piecesGolden)
	if err != nil {
		t.Fatalf("%v (make it with -update)", err)
	}
	wantOf := lineMap(string(want))
	gotOf := lineMap(got.String())
	bad := 0
	for p, g := range gotOf {
		if w, ok := wantOf[p]; !ok {
			t.Errorf("%s: not in %s (a corpus file added? refresh with -update)", p, piecesGolden)
		} else if w != g {
			if bad++; bad <= 10 {
				t.Errorf("%s: pieces digest %s, golden %s", p, g, w)
			}
		}
	}
	for p := range wantOf {
		if _, ok := gotOf[p]; !ok {
			t.Errorf("%s: in %s but not in the corpus", p, piecesGolden)
		}
	}
	if bad > 0 {
		t.Errorf("%d of %d corpus PNGs have other pieces than the golden file", bad, len(gotOf))
	}
}

// piecesDigest returns vertexDigest of Pieces(m, DefaultPieces).
func piecesDigest(m *mask.Mask) string { return vertexDigest(Pieces(m, DefaultPieces)) }

// lineMap returns the "path digest" lines of s by path.
func lineMap(s string) map[string]string {
	out := map[string]string{}
	for line := range strings.Lines(s) {
		if p, d, ok := strings.Cut(strings.TrimSpace(line), " "); ok {
			out[p] = d
		}
	}
	return out
}
