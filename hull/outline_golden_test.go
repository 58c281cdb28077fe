package hull

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
	"github.com/shapegen/shapegen/internal/update"
	"github.com/shapegen/shapegen/mask"
)

// outlineGolden holds, for each PNG of the corpus, digests of what
// Outline gives its mask with DefaultOutline and with a tighter limit.
const outlineGolden = "testdata/outline-corpus.txt"

// outlineGoldenOptions are the settings the golden file digests, in its
// column order: the build's, and a limit of 16 vertices at tolerance 0,
// under which step 2 of Outline works on most sprites.
var outlineGoldenOptions = []OutlineOptions{DefaultOutline, {MaxVertices: 16}}

// TestOutlineCorpusGolden holds Outline to its exact output on every
// corpus PNG, so that work on its speed cannot move a vertex unseen: the
// property tests check that rings are simple and hold the pixels, not
// which rings they are. Each line of the golden file is a PNG's path in
// the corpus and, per outlineGoldenOptions, the first 16 hex digits of the
// SHA-256 of its rings' vertices (float64 bits). Refresh with
// go test ./hull -run OutlineCorpusGolden -update, when a change of the
// outlines is meant.
func TestOutlineCorpusGolden(t *testing.T) {
	var got bytes.Buffer
	eachCorpusMask(t, func(path string, m *mask.Mask) {
		rel, err := filepath.Rel(corpusDir, path)
		if err != nil {
			t.Fatal(err)
		}
		fmt.Fprintf(&got, "%s", filepath.ToSlash(rel))
		for _, opt := range outlineGoldenOptions {
			fmt.Fprintf(&got, " %s", vertexDigest(Outline(m, opt)))
		}
		fmt.Fprintln(&got)
	})
	update.Lines(t, outlineGolden, got.Bytes())
}

// vertexDigest returns the first 16 hex digits of the SHA-256 of the
// vertices of rs (float64 bits), ring by ring, each after its length.
func vertexDigest[R ~[]collide.Vec](rs []R) string {
	h := sha256.New()
	var b []byte
	for _, r := range rs {
		b = binary.LittleEndian.AppendUint64(b[:0], uint64(len(r)))
		for _, v := range r {
			b = binary.LittleEndian.AppendUint64(b, math.Float64bits(v.X))
			b = binary.LittleEndian.AppendUint64(b, math.Float64bits(v.Y))
		}
		h.Write(b)
	}
	return hex.EncodeToString(h.Sum(nil))[:16]
}
