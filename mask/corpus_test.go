package mask

import (
	"fmt"
	"image"
	"image/png"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// corpusDir holds the project's real sprite art, outside the repository.
const corpusDir = "../../shared/corpus/platformer-art"

// TestFromImageCorpus checks FromImage on every PNG of the corpus (every
// colour type it has) against the pixel-by-pixel rule, whole and as a
// sub-image, and that every decoded type took a fast path.
func TestFromImageCorpus(t *testing.T) {
	if _, err := os.Stat(corpusDir); err != nil {
		t.Skip("corpus not present:", err)
	}
	types := map[string]int{}
	err := filepath.WalkDir(corpusDir, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(path, ".png") {
			return err
		}
		f, err := os.Open(path)
		if err != nil {
			return err
		}
		defer f.Close()
		img, err := png.Decode(f)
		if err != nil {
			t.Logf("%s: %v (skipped)", path, err)
			return nil
		}
		types[fmt.Sprintf("%T", img)]++
		b := img.Bounds()
		sub := img.(interface {
			SubImage(image.Rectangle) image.Image
		}).SubImage(image.Rect(b.Min.X+b.Dx()/3, b.Min.Y+b.Dy()/4, b.Max.X-b.Dx()/5, b.Max.Y))
		for _, im := range []image.Image{img, sub} {
			if msg, ok := sameAs(FromImage(im, 128), refFromImage(im, 128)); !ok {
				t.Errorf("FromImage(%s %v, 128): %s", path, im.Bounds(), msg)
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("decoded image types: %v", types)
	for typ := range types {
		switch typ {
		case "*image.NRGBA", "*image.RGBA", "*image.NRGBA64", "*image.RGBA64", "*image.Paletted",
			"*image.Gray", "*image.Gray16", "*image.Alpha", "*image.Alpha16":
		default:
			t.Errorf("corpus image type %s has no fast path in FromImage", typ)
		}
	}
}
