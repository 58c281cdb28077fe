package pipeline

import (
	"bytes"
	"fmt"
	"image"
	"image/draw"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/shapegen/shapegen/export"
	"github.com/shapegen/shapegen/export/preview"
	"github.com/shapegen/shapegen/internal/config"
)

// TestPreviewOutputs builds testdata/sprites with previews on: every
// sprite has a preview and a 1x image of its size, the contact sheet and
// the report are there and use them, and a warm run rewrites nothing.
func TestPreviewOutputs(t *testing.T) {
	out := t.TempDir()
	cfg, err := config.Load(sprites)
	if err != nil {
		t.Fatal(err)
	}
	cfg.Preview = true
	res, _ := build(t, sprites, out, cfg, 0)
	if res.Failed() {
		t.Fatalf("Build(testdata/sprites) failures %v, want none", res.Failures)
	}
	lib := readLib(t, out)
	if len(lib.Sprites) == 0 {
		t.Fatal("no sprites")
	}
	files := []string{ContactSheet, "report.html", "shapes.json"}
	wholeFiles := 0
	for _, s := range lib.Sprites {
		mustDecode(t, previewPath(out, PreviewDir, s.Name))
		img := mustDecode(t, previewPath(out, SpriteDir, s.Name))
		if got, want := img.Bounds(), image.Rect(0, 0, s.Size[0], s.Size[1]); got != want {
			t.Errorf("%s: sprite image bounds %v, want %v", s.Name, got, want)
		}
		files = append(files, filepath.Join(PreviewDir, filepath.FromSlash(s.Name)+".png"), filepath.Join(SpriteDir, filepath.FromSlash(s.Name)+".png"))
		// A sprite that is a whole file has that file as its 1x image.
		if s.Name+".png" == s.Image {
			got, err := os.ReadFile(previewPath(out, SpriteDir, s.Name))
			if err != nil {
				t.Fatal(err)
			}
			want, err := os.ReadFile(filepath.Join(sprites, filepath.FromSlash(s.Image)))
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(got, want) {
				t.Errorf("%s: 1x image differs from %s", s.Name, s.Image)
			}
			wholeFiles++
		}
	}
	if wholeFiles == 0 {
		t.Error("no sprite is a whole file")
	}
	sheet := mustDecode(t, filepath.Join(out, ContactSheet))
	if b := sheet.Bounds(); b.Dx() == 0 || b.Dy() == 0 {
		t.Errorf("contact sheet bounds %v, want a picture", b)
	}
	if _, err := os.Stat(filepath.Join(out, sheetPage(2))); !os.IsNotExist(err) {
		t.Errorf("stat %s: %v, want it absent for %d sprites", sheetPage(2), err, len(lib.Sprites))
	}
	// The report names the folders and makes each sprite's links
	// (<folder>/<name>.png) from the names in its index.
	html, err := os.ReadFile(filepath.Join(out, "report.html"))
	if err != nil {
		t.Fatal(err)
	}
	for _, ref := range []string{`"imageDir":"`, `"previewDir":"` + PreviewDir + `"`} {
		if !strings.Contains(string(html), ref) {
			t.Errorf("report.html does not say %s", ref)
		}
	}
	if index, err := os.ReadFile(filepath.Join(out, "report", "index-0001.js")); err != nil || !strings.Contains(string(index), `"sheets/packed/gem"`) {
		t.Errorf("report/index-0001.js does not name sheets/packed/gem (%v)", err)
	}

	mtimes := func() []time.Time {
		var m []time.Time
		for _, f := range files {
			fi, err := os.Stat(filepath.Join(out, f))
			if err != nil {
				t.Fatal(err)
			}
			m = append(m, fi.ModTime())
		}
		return m
	}
	before := mtimes()
	// Past the file system's timestamp resolution, so a rewrite would show.
	time.Sleep(20 * time.Millisecond)
	res, n := build(t, sprites, out, cfg, 0)
	if n != 0 || res.Wrote {
		t.Errorf("warm run decoded %d images, wrote %v; want 0, false", n, res.Wrote)
	}
	if after := mtimes(); !slices.Equal(before, after) {
		for i := range files {
			if !before[i].Equal(after[i]) {
				t.Errorf("warm run rewrote %s", files[i])
			}
		}
	}

	// A missing contact sheet is rewritten from the 1x images, decoding
	// no image, the same picture as the one made from the workers' tiles;
	// a missing 1x image makes its image be decoded again.
	if err := os.Remove(filepath.Join(out, ContactSheet)); err != nil {
		t.Fatal(err)
	}
	if _, n := build(t, sprites, out, cfg, 0); n != 0 {
		t.Errorf("run without the contact sheet decoded %d images, want 0", n)
	}
	if again := mustDecode(t, filepath.Join(out, ContactSheet)); !samePixels(sheet, again) {
		t.Error("contact sheet made from the 1x images differs from the one made from the workers' tiles")
	}
	gem := previewPath(out, SpriteDir, "sheets/packed/gem")
	if err := os.Remove(gem); err != nil {
		t.Fatal(err)
	}
	if _, n := build(t, sprites, out, cfg, 0); n != 1 {
		t.Errorf("run without the gem's 1x image decoded %d images, want 1", n)
	}
	mustDecode(t, gem)
}

func TestSheetFiles(t *testing.T) {
	tests := []struct {
		name    string
		sprites int
		want    []string
	}{
		{"none", 0, []string{"contact-sheet.png"}},
		{"one", 1, []string{"contact-sheet.png"}},
		{"full page", 400, []string{"contact-sheet.png"}},
		{"one over", 401, []string{"contact-sheet.png", "contact-sheet-2.png"}},
		{"three pages", 1200, []string{"contact-sheet.png", "contact-sheet-2.png", "contact-sheet-3.png"}},
		{"four pages", 1201, []string{"contact-sheet.png", "contact-sheet-2.png", "contact-sheet-3.png", "contact-sheet-4.png"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := sheetFiles(tt.sprites); !slices.Equal(got, tt.want) {
				t.Errorf("sheetFiles(%d) = %v, want %v", tt.sprites, got, tt.want)
			}
		})
	}
}

// TestStaleSheetsRemoved checks that the pages a larger library left
// behind go when the library shrinks, and no other file does.
func TestStaleSheetsRemoved(t *testing.T) {
	out := t.TempDir()
	for _, f := range []string{sheetPage(2), sheetPage(3), sheetPage(5), "keep.png"} {
		writeFile(t, out, f, []byte("old"))
	}
	if err := writeContactSheets(out, &export.Library{}, nil); err != nil {
		t.Fatalf("writeContactSheets: %v", err)
	}
	mustDecode(t, filepath.Join(out, ContactSheet))
	for _, tt := range []struct {
		file   string
		exists bool
	}{{sheetPage(2), false}, {sheetPage(3), false}, {sheetPage(5), true}, {"keep.png", true}} {
		if _, err := os.Stat(filepath.Join(out, tt.file)); (err == nil) != tt.exists {
			t.Errorf("after writeContactSheets, stat %s: %v, want exists %v", tt.file, err, tt.exists)
		}
	}
}

// samePixels reports whether a and b have the same bounds and pixels.
func samePixels(a, b image.Image) bool {
	if a.Bounds() != b.Bounds() {
		return false
	}
	na, nb := image.NewNRGBA(a.Bounds()), image.NewNRGBA(b.Bounds())
	draw.Draw(na, na.Rect, a, a.Bounds().Min, draw.Src)
	draw.Draw(nb, nb.Rect, b, b.Bounds().Min, draw.Src)
	return bytes.Equal(na.Pix, nb.Pix)
}

// TestStalePreviewsRemoved checks that a build with previews removes the
// previews and 1x images of sprites that are gone, and temporary files a
// killed build left, but keeps its own files and files that are not PNGs.
func TestStalePreviewsRemoved(t *testing.T) {
	out := t.TempDir()
	cfg, err := config.Load(sprites)
	if err != nil {
		t.Fatal(err)
	}
	cfg.Preview = true
	stale := []string{"preview/gone.png", "preview/old/deep/gone.png", "sprite/gone.png", "sprite/sheets/.shapegen-tmp-123"}
	kept := []string{"preview/notes.txt", "sprite/keep/readme.md"}
	for _, f := range append(stale, kept...) {
		writeFile(t, out, f, []byte("old"))
	}
	build(t, sprites, out, cfg, 0)
	for _, f := range stale {
		if _, err := os.Stat(filepath.Join(out, f)); !os.IsNotExist(err) {
			t.Errorf("stat %s: %v, want it removed", f, err)
		}
	}
	if _, err := os.Stat(filepath.Join(out, "preview/old")); !os.IsNotExist(err) {
		t.Errorf("stat preview/old: %v, want the emptied folder removed", err)
	}
	for _, f := range kept {
		if _, err := os.Stat(filepath.Join(out, f)); err != nil {
			t.Errorf("stat %s: %v, want it kept", f, err)
		}
	}
	for _, s := range readLib(t, out).Sprites {
		mustDecode(t, previewPath(out, PreviewDir, s.Name))
		mustDecode(t, previewPath(out, SpriteDir, s.Name))
	}
}

// TestPreviewsOffRemovesThem checks that a build without previews, after
// one with them, removes the previews, the 1x images and every contact
// sheet page, and leaves other files alone.
func TestPreviewsOffRemovesThem(t *testing.T) {
	out := t.TempDir()
	cfg, err := config.Load(sprites)
	if err != nil {
		t.Fatal(err)
	}
	cfg.Preview = true
	build(t, sprites, out, cfg, 0)
	kept := []string{"preview/notes.txt", "keep.png"}
	for _, f := range append(kept, sheetPage(2)) {
		writeFile(t, out, f, []byte("old"))
	}
	cfg.Preview = false
	build(t, sprites, out, cfg, 0)
	for _, f := range []string{ContactSheet, sheetPage(2), SpriteDir, "preview/large.png", "preview/sheets"} {
		if _, err := os.Stat(filepath.Join(out, f)); !os.IsNotExist(err) {
			t.Errorf("stat %s: %v, want it removed", f, err)
		}
	}
	for _, f := range append(kept, "shapes.json", "report.html") {
		if _, err := os.Stat(filepath.Join(out, f)); err != nil {
			t.Errorf("stat %s: %v, want it kept", f, err)
		}
	}
}

// TestTileBudget checks that with no memory for tiles the contact sheet,
// then drawn from the 1x images, is the same picture.
func TestTileBudget(t *testing.T) {
	cfg, err := config.Load(sprites)
	if err != nil {
		t.Fatal(err)
	}
	cfg.Preview = true
	var sheets []image.Image
	for _, budget := range []int64{tileBudget, 0} {
		t.Run(fmt.Sprint(budget), func(t *testing.T) {
			defer func(b int64) { tileBudget = b }(tileBudget)
			tileBudget = budget
			out := t.TempDir()
			build(t, sprites, out, cfg, 0)
			sheets = append(sheets, mustDecode(t, filepath.Join(out, ContactSheet)))
		})
	}
	if len(sheets) == 2 && !samePixels(sheets[0], sheets[1]) {
		t.Error("contact sheet without kept tiles differs from the one with them")
	}
}

// TestTilesOfKeepsFirst checks that of two sprites with one name the
// contact sheet gets the first one's tile, the one the library keeps.
func TestTilesOfKeepsFirst(t *testing.T) {
	first, second := image.NewNRGBA(image.Rect(0, 0, 1, 1)), image.NewNRGBA(image.Rect(0, 0, 2, 2))
	outs := []outcome{
		{tiles: map[string]image.Image{"a": first}},
		{tiles: map[string]image.Image{"a": second, "b": second}},
	}
	got := tilesOf(outs)
	if got["a"] != image.Image(first) || got["b"] != image.Image(second) || len(got) != 2 {
		t.Errorf("tilesOf = %v, want a from the first outcome and b", got)
	}
}

// TestDuplicateNamePreviews builds a frame "a" of sheet.png and a file
// sheet/a.png, both named sheet/a: a failure, the library keeps the frame
// (first in path order), and its preview files must show the frame
// whichever worker finishes first.
func TestDuplicateNamePreviews(t *testing.T) {
	dir := t.TempDir()
	sheet := image.NewNRGBA(image.Rect(0, 0, 20, 20))
	for y := range 10 {
		for x := range 10 {
			sheet.Pix[sheet.PixOffset(x, y)+3] = 0xff
		}
	}
	writePNG(t, dir, "sheet.png", sheet)
	writeFile(t, dir, "sheet.txt", []byte("a = 0 0 10 10\n"))
	other := image.NewNRGBA(image.Rect(0, 0, 30, 20))
	for i := 3; i < len(other.Pix); i += 4 {
		other.Pix[i] = 0xff
	}
	writePNG(t, dir, "sheet/a.png", other)
	cfg := config.Default()
	cfg.Preview = true
	for range 5 {
		for _, workers := range []int{1, 2, 4} {
			out := t.TempDir()
			res, _ := build(t, dir, out, cfg, workers)
			if !res.Failed() {
				t.Fatal("a duplicate sprite name is no failure")
			}
			if b := mustDecode(t, previewPath(out, SpriteDir, "sheet/a")).Bounds(); b != image.Rect(0, 0, 10, 10) {
				t.Fatalf("%d workers: 1x image of sheet/a is %v, want the frame's 10x10", workers, b)
			}
		}
	}
}

// TestPreviewBounded builds a 2×20,000 strip with previews (issue 12, item
// 5: its preview was 20,026×20,064 pixels): the build succeeds and the
// preview's drawing stays within preview.MaxSide, with the strip's
// neighbour drawn as usual.
func TestPreviewBounded(t *testing.T) {
	dir, out := t.TempDir(), t.TempDir()
	strip := image.NewNRGBA(image.Rect(0, 0, 2, 20_000))
	for i := range strip.Pix {
		strip.Pix[i] = 0xff
	}
	writePNG(t, dir, "strip.png", strip)
	writePNG(t, dir, "dot.png", picture("##", "##"))
	cfg := config.Default()
	cfg.Preview = true
	res, _ := build(t, dir, out, cfg, 0)
	if res.Failed() {
		t.Fatalf("failures %v, want none", res.Failures)
	}
	for _, name := range []string{"strip", "dot"} {
		b := mustDecode(t, previewPath(out, PreviewDir, name)).Bounds()
		// The margins and the legend add a few hundred pixels at most.
		if b.Dx() > preview.MaxSide+100 || b.Dy() > preview.MaxSide+300 {
			t.Errorf("%s: preview %v, want its drawing within %d px", name, b, preview.MaxSide)
		}
	}
}
