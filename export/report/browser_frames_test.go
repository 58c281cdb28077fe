package report

import (
	"fmt"
	"image"
	"image/color"
	"image/draw"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/shapegen/shapegen/export"
	"github.com/shapegen/shapegen/export/preview"
	"github.com/shapegen/shapegen/export/preview/previewtest"
	"github.com/shapegen/shapegen/internal/atomicfile"
)

// TestBrowserSourceImage checks that a card drawn from the sprite's
// source image (Options.ImageDir: a sheet, the frame cut out by the page,
// at its offset, turned back when stored rotated) shows the same pixels
// as the card drawn from the sprite's own 1x image (Options.SpriteDir).
//
//	SHAPEGEN_SCREENSHOTS=/tmp/shots go test ./export/report -run BrowserSourceImage -v
func TestBrowserSourceImage(t *testing.T) {
	if testing.Short() {
		t.Skip("browser test skipped in -short mode")
	}
	sheet := image.NewNRGBA(image.Rect(0, 0, 40, 30))
	for y := range 30 {
		for x := range 40 {
			if (x+2*y)%5 != 0 {
				sheet.SetNRGBA(x, y, color.NRGBA{uint8(x * 37), uint8(y * 59), uint8(x * y), 255})
			}
		}
	}
	frames := []struct {
		name    string
		frame   export.Frame
		rotated bool
		offset  [2]int
		size    [2]int
	}{
		{"sheet/a", export.Frame{X: 2, Y: 3, W: 10, H: 8}, false, [2]int{}, [2]int{10, 8}},
		{"sheet/b", export.Frame{X: 14, Y: 2, W: 9, H: 12}, true, [2]int{1, 2}, [2]int{15, 13}},
		{"sheet/c", export.Frame{X: 25, Y: 10, W: 8, H: 14}, false, [2]int{3, 1}, [2]int{12, 16}},
	}
	lib := &export.Library{Format: export.Format, Settings: export.Settings{AlphaThreshold: previewtest.Threshold}}
	a, b := t.TempDir(), t.TempDir()
	save := func(path string, img image.Image) {
		os.MkdirAll(filepath.Dir(path), 0o755)
		if err := atomicfile.Write(path, func(w io.Writer) error { return preview.Encode(w, img) }); err != nil {
			t.Fatal(err)
		}
	}
	for _, f := range frames {
		// The upright frame: the upright pixel (x, y) of a rotated frame is
		// the sheet's (X + W-1-y, Y + x).
		r := image.Rect(f.frame.X, f.frame.Y, f.frame.X+f.frame.W, f.frame.Y+f.frame.H)
		var up draw.Image = image.NewNRGBA(image.Rect(0, 0, f.frame.W, f.frame.H))
		draw.Draw(up, up.Bounds(), sheet, r.Min, draw.Src)
		if f.rotated {
			up = image.NewNRGBA(image.Rect(0, 0, f.frame.H, f.frame.W))
			for y := range f.frame.W {
				for x := range f.frame.H {
					up.Set(x, y, sheet.At(f.frame.X+f.frame.W-1-y, f.frame.Y+x))
				}
			}
		}
		s := previewtest.Sprite(f.name, up)
		s.Image, s.Frame, s.Rotated, s.Size = "sheet.png", f.frame, f.rotated, f.size
		if f.offset != [2]int{} {
			s.Offset = &f.offset
		}
		lib.Sprites = append(lib.Sprites, *s)
		save(filepath.Join(a, "sprite", filepath.FromSlash(f.name)+".png"), preview.Sprite(up, s))
	}
	save(filepath.Join(b, "img", "sheet.png"), sheet)
	if err := Write(dirFiles(t, a), lib, Options{SpriteDir: "sprite"}); err != nil {
		t.Fatal(err)
	}
	if err := Write(dirFiles(t, b), lib, Options{ImageDir: "img"}); err != nil {
		t.Fatal(err)
	}

	br := startBrowser(t, 1280, 900)
	// Every kind off: the pictures are the pixels alone.
	var names []string
	for _, k := range kinds {
		names = append(names, k.name())
	}
	hide := "#off=" + strings.Join(names, ",")
	shots := map[string]map[string]image.Image{}
	for _, dir := range []string{a, b} {
		br.open("file://" + filepath.ToSlash(filepath.Join(dir, HTMLFile)) + hide)
		br.waitFor("the pictures", `const is = [...document.querySelectorAll("#grid .card img")];
			return is.length === 3 && is.every((i) => i.complete && i.naturalWidth > 0)`)
		shots[dir] = map[string]image.Image{}
		for _, f := range frames {
			shots[dir][f.name] = br.elementShot(br.find(fmt.Sprintf(`.card[data-name=%q] .pic`, f.name)))
		}
	}
	for _, f := range frames {
		pa, pb := shots[a][f.name], shots[b][f.name]
		if pa.Bounds() != pb.Bounds() {
			t.Errorf("%s: pictures of %v and %v", f.name, pa.Bounds(), pb.Bounds())
			continue
		}
		differ, total := 0, 0
		for y := pa.Bounds().Min.Y; y < pa.Bounds().Max.Y; y++ {
			for x := pa.Bounds().Min.X; x < pa.Bounds().Max.X; x++ {
				total++
				if !near(pa.At(x, y), pb.At(x, y)) {
					differ++
				}
			}
		}
		t.Logf("%s: %d of %d pixels differ", f.name, differ, total)
		if differ > total/200 {
			t.Errorf("%s: the frame cut from its sheet differs from its 1x image in %d of %d pixels", f.name, differ, total)
			if d := os.Getenv("SHAPEGEN_SCREENSHOTS"); d != "" {
				save(filepath.Join(d, strings.ReplaceAll(f.name, "/", "_")+"-sprite.png"), pa)
				save(filepath.Join(d, strings.ReplaceAll(f.name, "/", "_")+"-sheet.png"), pb)
			}
		}
	}
}

// near reports whether two colours differ by at most 8 in each channel.
func near(a, b color.Color) bool {
	r1, g1, b1, a1 := a.RGBA()
	r2, g2, b2, a2 := b.RGBA()
	d := func(x, y uint32) bool { return max(x, y)-min(x, y) <= 8<<8 }
	return d(r1, r2) && d(g1, g2) && d(b1, b2) && d(a1, a2)
}
