package report

import (
	"fmt"
	"image"
	_ "image/png"
	"io"
	"io/fs"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/shapegen/shapegen/export"
	"github.com/shapegen/shapegen/export/preview"
	"github.com/shapegen/shapegen/export/preview/previewtest"
	"github.com/shapegen/shapegen/internal/atomicfile"
)

// testSprites is the project's own sprite folder, seen from this package.
const testSprites = "../../testdata/sprites"

// fixture builds a library from the project's test sprites (when present)
// and n synthetic blobs, among them names that need escaping in a URL,
// writes their previews and 1x images under dir/preview and dir/sprite,
// and the report at dir/report.html. It returns the library.
func fixture(t testing.TB, dir string, n int) *export.Library {
	t.Helper()
	images := map[string]image.Image{}
	filepath.WalkDir(testSprites, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || filepath.Ext(path) != ".png" {
			return nil
		}
		f, err := os.Open(path)
		if err != nil {
			return nil
		}
		defer f.Close()
		img, _, err := image.Decode(f)
		if err != nil {
			return nil // the corrupt inputs are not sprites
		}
		rel, _ := filepath.Rel(testSprites, path)
		images["testdata/"+strings.TrimSuffix(filepath.ToSlash(rel), ".png")] = img
		return nil
	})
	for i := range n {
		images[fmt.Sprintf("blobs/blob_%03d", i)] = previewtest.Blob(6+(i*7)%57, 5+(i*13)%41, i%3 == 0)
	}
	images["odd/a b#1?"] = previewtest.Blob(20, 14, true)
	images["odd/empty"] = image.NewNRGBA(image.Rect(0, 0, 8, 8))

	lib := &export.Library{Format: export.Format, Generator: "shapegen test",
		Settings: export.Settings{AlphaThreshold: previewtest.Threshold, MaxVertices: 8, MaxPieces: 8}}
	for _, name := range slices.Sorted(mapKeys(images)) {
		img := images[name]
		s := previewtest.Sprite(name, img)
		lib.Sprites = append(lib.Sprites, *s)
		pre, err := preview.Render(img, s, preview.Options{AlphaThreshold: previewtest.Threshold})
		if err != nil {
			t.Fatal(err)
		}
		for sub, pic := range map[string]image.Image{
			"preview": pre,
			"sprite":  preview.Sprite(img, s),
		} {
			path := filepath.Join(dir, sub, filepath.FromSlash(name)+".png")
			if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
				t.Fatal(err)
			}
			if err := atomicfile.Write(path, func(w io.Writer) error { return preview.Encode(w, pic) }); err != nil {
				t.Fatal(err)
			}
		}
	}
	opt := Options{Title: "Test build", PreviewDir: "preview", SpriteDir: "sprite", Elapsed: 1234 * time.Millisecond,
		Failures: []string{"bad/truncated.png: unexpected EOF"}}
	err := atomicfile.Write(filepath.Join(dir, "report.html"), func(w io.Writer) error { return Write(w, lib, opt) })
	if err != nil {
		t.Fatal(err)
	}
	return lib
}

func mapKeys[V any](m map[string]V) func(func(string) bool) {
	return func(yield func(string) bool) {
		for k := range m {
			if !yield(k) {
				return
			}
		}
	}
}

// shotDir is where the browser test leaves its screenshots: the folder
// named by $SHAPEGEN_SCREENSHOTS, else a temporary one.
func shotDir(t *testing.T) string {
	if d := os.Getenv("SHAPEGEN_SCREENSHOTS"); d != "" {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
		return d
	}
	return t.TempDir()
}

// TestBrowser opens a generated report in headless Chromium and uses it as
// a person would: reads the totals, scrolls, sorts, filters, switches a
// shape kind off, opens a sprite and closes it with Esc.
//
//	go test ./export/report -run Browser -v   # needs chromium and chromedriver
//	SHAPEGEN_SCREENSHOTS=/tmp/shots go test ./export/report -run Browser -v
func TestBrowser(t *testing.T) {
	if testing.Short() {
		t.Skip("browser test skipped in -short mode")
	}
	b := startBrowser(t, 1280, 900)
	dir := t.TempDir()
	lib := fixture(t, dir, 420)
	byName := map[string]*export.Sprite{}
	empty, pixels := 0, 0
	for i := range lib.Sprites {
		s := &lib.Sprites[i]
		byName[s.Name] = s
		pixels += s.Pixels
		if s.Pixels == 0 {
			empty++
		}
	}
	total := len(lib.Sprites)
	b.open("file://" + filepath.ToSlash(filepath.Join(dir, "report.html")))
	b.waitFor("the first cards", `return document.querySelectorAll("#grid .card").length > 0`)

	t.Run("totals", func(t *testing.T) {
		for id, want := range map[string]int{"#tot-sprites": total, "#tot-empty": empty, "#tot-opaque-pixels": pixels, "#tot-failures": 1} {
			if got := b.text(b.find(id)); got != thousands(want) {
				t.Errorf("%s shows %q, want %q", id, got, thousands(want))
			}
		}
	})

	t.Run("worst first", func(t *testing.T) {
		names := b.cardNames()
		if len(names) != 200 {
			t.Fatalf("first page has %d cards, want 200 of %d", len(names), total)
		}
		// The page holds figures to three decimals, and orders by them.
		fp := func(name string) float64 { return math.Round(byName[name].Quality["polygon"].PairFPRate*1000) / 1000 }
		worst := 0.0
		for n := range byName {
			worst = math.Max(worst, fp(n))
		}
		for i := 1; i < len(names); i++ {
			if fp(names[i]) > fp(names[i-1]) {
				t.Fatalf("card %d (%s) has fp %.3f after %.3f: not worst first", i, names[i], fp(names[i]), fp(names[i-1]))
			}
		}
		if got := fp(names[0]); got != worst {
			t.Errorf("first card %s has fp %.3f, want the worst %.3f", names[0], got, worst)
		}
	})

	t.Run("scroll loads more", func(t *testing.T) {
		b.eval(`window.scrollTo(0, document.body.scrollHeight); return null`, nil)
		b.waitFor("a second page of cards", `return document.querySelectorAll("#grid .card").length >= 400`)
	})

	t.Run("sort by name", func(t *testing.T) {
		b.click(b.find(`#sort`))
		b.click(b.find(`#sort option[value="name"]`))
		all := slices.Sorted(maps(byName))
		if got := b.cardNames(); !slices.Equal(got[:50], all[:50]) {
			t.Errorf("sorted by name, cards start %q, want %q", got[:5], all[:5])
		}
		b.click(b.find("#dir"))
		slices.Reverse(all)
		if got := b.cardNames(); !slices.Equal(got[:50], all[:50]) {
			t.Errorf("sorted by name Z→A, cards start %q, want %q", got[:5], all[:5])
		}
	})

	t.Run("filter", func(t *testing.T) {
		for _, needle := range []string{"convex", "BLOB_01", "odd/a b#"} {
			f := b.find("#filter")
			b.eval(`const f = document.getElementById("filter"); f.value = ""; f.dispatchEvent(new Event("input")); return null`, nil)
			b.typeInto(f, needle)
			var want []string
			for n := range byName {
				if strings.Contains(strings.ToLower(n), strings.ToLower(needle)) {
					want = append(want, n)
				}
			}
			got := b.cardNames()
			slices.Sort(got)
			slices.Sort(want)
			if !slices.Equal(got, want) {
				t.Errorf("filter %q shows %d cards %q, want %d %q", needle, len(got), got, len(want), want)
			}
			if s := b.text(b.find("#count")); !strings.Contains(s, thousands(len(want))+" matching") {
				t.Errorf("filter %q: count reads %q, want %d matching", needle, s, len(want))
			}
		}
	})

	t.Run("images load", func(t *testing.T) {
		// The sprite with a '#' and a '?' in its name is still on screen.
		b.waitFor("its image", `const i = document.querySelector("#grid .card img"); return i && i.complete && i.naturalWidth > 0`)
	})

	t.Run("kinds switch", func(t *testing.T) {
		b.eval(`const f = document.getElementById("filter"); f.value = "concave/star"; f.dispatchEvent(new Event("input")); return null`, nil)
		shape := b.find(`#grid .card .over .k-polygon`)
		row := b.find(`#grid .card .figs .k-polygon`)
		if !b.displayed(shape) || !b.displayed(row) {
			t.Fatal("polygon shape and figures not shown at first")
		}
		box := b.find(`#kinds input[data-kind="polygon"]`)
		b.click(box)
		if b.displayed(shape) || b.displayed(row) {
			t.Error("polygon shape or figures still shown after switching polygon off")
		}
		if !b.displayed(b.find(`#grid .card .over .k-hull`)) {
			t.Error("hull hidden after switching polygon off")
		}
		b.click(box)
		if !b.displayed(shape) {
			t.Error("polygon shape not shown after switching it on again")
		}
	})

	shots := shotDir(t)
	t.Run("detail", func(t *testing.T) {
		b.eval(`const f = document.getElementById("filter"); f.value = ""; f.dispatchEvent(new Event("input")); window.scrollTo(0, 0); return null`, nil)
		b.click(b.find(`#sort`))
		b.click(b.find(`#sort option[value="fp:polygon"]`))
		b.click(b.find("h1")) // closes the select's list
		b.screenshot(filepath.Join(shots, "report.png"))
		first := b.cardNames()[0]
		b.click(b.find("#grid .card"))
		d := b.find("#detail")
		if !b.displayed(d) {
			t.Fatal("clicking a card did not open the detail view")
		}
		if got := b.text(b.find("#detail h2")); got != first {
			t.Errorf("detail view shows %q, want %q", got, first)
		}
		b.waitFor("the big preview", `const i = document.querySelector("#detail .pvbig"); return i && i.complete && i.naturalWidth > 0`)
		b.screenshot(filepath.Join(shots, "report-detail.png"))
		b.press("\uE00C") // Escape
		if b.displayed(d) {
			t.Error("Esc did not close the detail view")
		}
	})
	t.Logf("screenshots: %s and %s", filepath.Join(shots, "report.png"), filepath.Join(shots, "report-detail.png"))
}

func maps(m map[string]*export.Sprite) func(func(string) bool) { return mapKeys(m) }

// thousands formats n as the page does (en-US grouping).
func thousands(n int) string {
	s := strconv.Itoa(n)
	for i := len(s) - 3; i > 0; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return s
}
