package atlas

import (
	"image"
	"image/png"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"strings"
	"testing"
)

// corpusDir holds real sprite art, outside the repository.
const corpusDir = "../../../shared/corpus/platformer-art"

// pngSize returns the size in a PNG file's header.
func pngSize(file string) (image.Point, bool) {
	f, err := os.Open(file)
	if err != nil {
		return image.Point{}, false
	}
	defer f.Close()
	c, err := png.DecodeConfig(f)
	if err != nil {
		return image.Point{}, false
	}
	return image.Pt(c.Width, c.Height), true
}

// TestCorpus decodes every frame list of the corpus that belongs to an
// image (named after it, or naming it), with the image's size from its
// header: real files give frames and no problem.
func TestCorpus(t *testing.T) {
	if _, err := os.Stat(corpusDir); err != nil {
		t.Skip("corpus not present:", err)
	}
	n := 0
	err := filepath.WalkDir(corpusDir, func(file string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || FormatOf(file) == Unknown || strings.HasSuffix(file, "license.txt") {
			return err
		}
		data, err := os.ReadFile(file)
		if err != nil {
			return err
		}
		dir := filepath.Dir(file)
		opt := Options{ImageSize: func(img string) (image.Point, bool) {
			if img == "" {
				img = strings.TrimSuffix(filepath.Base(file), filepath.Ext(file)) + ".png"
			}
			return pngSize(filepath.Join(dir, path.Base(strings.ReplaceAll(img, `\`, "/"))))
		}}
		a, probs, err := Decode(file, data, opt)
		if err != nil {
			t.Errorf("Decode: %v", err)
			return nil
		}
		for _, p := range probs {
			t.Errorf("problem: %v", p)
		}
		if len(a.Frames) == 0 {
			t.Errorf("%s: no frames", file)
		}
		checkAtlas(t, a, opt)
		n++
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if n == 0 {
		t.Error("no frame list in the corpus")
	}
	t.Logf("%d frame lists", n)
}
