package pipeline

import (
	"bytes"
	"context"
	"image"
	"image/color"
	"image/png"
	"os"
	"path/filepath"
	"strings"
	"testing"

	_ "github.com/shapegen/shapegen/internal/update" // -update for go test ./... -update

	"github.com/shapegen/shapegen/internal/config"
	"github.com/shapegen/shapegen/mask"
)

// picture returns the image drawn by rows of '#' (opaque) and '.'
// (transparent), all rows the same length.
func picture(rows ...string) *image.NRGBA {
	img := image.NewNRGBA(image.Rect(0, 0, len(rows[0]), len(rows)))
	for y, r := range rows {
		for x, c := range r {
			if c == '#' {
				img.Set(x, y, color.NRGBA{200, 50, 50, 255})
			}
		}
	}
	return img
}

// maskOf is picture as a mask.
func maskOf(rows ...string) *mask.Mask { return mask.FromImage(picture(rows...), 128) }

// writeFile writes data at dir/rel, making folders.
func writeFile(t testing.TB, dir, rel string, data []byte) {
	t.Helper()
	p := filepath.Join(dir, filepath.FromSlash(rel))
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(p, data, 0o644); err != nil {
		t.Fatal(err)
	}
}

// writePNG writes img as a PNG at dir/rel.
func writePNG(t testing.TB, dir, rel string, img image.Image) {
	t.Helper()
	var b strings.Builder
	if err := png.Encode(&b, img); err != nil {
		t.Fatal(err)
	}
	writeFile(t, dir, rel, []byte(b.String()))
}

// build runs Build on dir into out with cfg and counts the decodes.
func build(t testing.TB, dir, out string, cfg config.Config, workers int) (*Result, int) {
	t.Helper()
	var decoded []string
	opts := Options{Dir: dir, Out: out, Config: cfg, Workers: workers}
	ch := make(chan string, 10000)
	opts.decoded = func(rel string) { ch <- rel }
	res, err := Build(context.Background(), opts)
	if err != nil {
		t.Fatalf("Build(%s): %v", dir, err)
	}
	close(ch)
	for r := range ch {
		decoded = append(decoded, r)
	}
	if len(decoded) != res.Decoded {
		t.Errorf("Build decoded %d images by the hook, Result.Decoded = %d", len(decoded), res.Decoded)
	}
	return res, len(decoded)
}

// reportFiles returns the library and report files of output folder
// out: files, then report.html and the report's pages.
func reportFiles(out string, files ...string) []string {
	files = append(files, "report.html")
	pages, _ := filepath.Glob(filepath.Join(out, "report", "*.js"))
	for _, p := range pages {
		files = append(files, filepath.Join("report", filepath.Base(p)))
	}
	return files
}

// differing returns those of files (paths in an output folder) that are
// not the same bytes in out as in fresh, or are empty there.
func differing(out, fresh string, files []string) []string {
	var d []string
	for _, f := range files {
		got, _ := os.ReadFile(filepath.Join(out, f))
		want, _ := os.ReadFile(filepath.Join(fresh, f))
		if !bytes.Equal(got, want) || len(want) == 0 {
			d = append(d, f)
		}
	}
	return d
}

func mustDecode(t testing.TB, p string) image.Image {
	t.Helper()
	f, err := os.Open(p)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	img, err := png.Decode(f)
	if err != nil {
		t.Fatal(err)
	}
	return img
}
