package hull

import (
	"bytes"
	"fmt"
	"path/filepath"
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
	update.Lines(t, piecesGolden, got.Bytes())
}

// piecesDigest returns vertexDigest of Pieces(m, DefaultPieces).
func piecesDigest(m *mask.Mask) string { return vertexDigest(Pieces(m, DefaultPieces)) }
