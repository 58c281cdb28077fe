package report

import (
	"fmt"
	"image"
	_ "image/png"
	"io"
	"io/fs"
	"math"
	"net/url"
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

// longName is a sprite name too long for its card: the card must show its
// end, where such names differ.
const longName = "blobs/a/very/deep/folder/of/sprites/that/goes/on/and/on/walk_cycle_frame_0042"

// fixture builds a library from the project's test sprites (when present)
// and n synthetic blobs, among them names that need escaping in a URL, a
// long name, and one sprite whose hull leaves pixels outside; writes
// their previews and 1x images under dir/preview and dir/sprite, and the
// report at dir/report.html. It returns the library.
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
	images["odd/outside"] = previewtest.Blob(16, 16, false)
	images[longName] = previewtest.Blob(12, 12, false)

	lib := &export.Library{Format: export.Format, Generator: "shapegen test",
		Settings: export.Settings{AlphaThreshold: previewtest.Threshold, MaxVertices: 8, MaxPieces: 8}}
	for _, name := range slices.Sorted(mapKeys(images)) {
		img := images[name]
		s := previewtest.Sprite(name, img)
		if name == "odd/outside" { // as a broken build would report it
			q := s.Quality["hull"]
			q.Outside = 3
			s.Quality["hull"] = q
		}
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
	if err := Write(dirFiles(t, dir), lib, opt); err != nil {
		t.Fatal(err)
	}
	return lib
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

// setFilter replaces the name filter's text as typing would, and waits
// for the grid.
func (b *browser) setFilter(s string) {
	b.eval(`const f = document.getElementById("filter"); f.value = `+strconv.Quote(s)+`; f.dispatchEvent(new Event("input")); return null`, nil)
	b.settle()
}

// settle waits until the grid shows the first page of the view: the page
// resets its count of shown cards when the view changes, then builds the
// cards as their data comes.
func (b *browser) settle() {
	b.t.Helper()
	b.waitFor("the grid", `const c = document.getElementById("count").dataset;
		return c.matching !== "" && +c.shown === Math.min(+c.matching, 200)`)
}

// TestBrowser opens a generated report in headless Chromium and uses it as
// a person would: reads the totals, checks the order and the flags,
// reads a long name, filters by a histogram column, scrolls, sorts,
// filters by name, switches a shape kind off, opens a sprite and closes
// it with Esc.
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
	position := map[string]int{}
	empty, pixels := 0, 0
	for i := range lib.Sprites {
		s := &lib.Sprites[i]
		byName[s.Name] = s
		position[s.Name] = i
		pixels += s.Pixels
		if s.Pixels == 0 {
			empty++
		}
	}
	total := len(lib.Sprites)
	b.open("file://" + filepath.ToSlash(filepath.Join(dir, "report.html")))
	b.waitFor("the first cards", `return document.querySelectorAll("#grid .card").length > 0`)

	t.Run("totals", func(t *testing.T) {
		for id, want := range map[string]int{"#tot-sprites": total, "#tot-empty": empty, "#tot-opaque-pixels": pixels, "#tot-failures": 1, "#tot-outside-pixels": 3} {
			if got := b.text(b.find(id)); got != thousands(want) {
				t.Errorf("%s shows %q, want %q", id, got, thousands(want))
			}
		}
	})

	// The page gets fp_area to four decimals and orders by it, worst
	// first, ties in name order.
	fp := func(name, kind string) (float64, bool) {
		q, ok := byName[name].Quality[kind]
		return math.Round(q.FPArea*1e4) / 1e4, ok
	}
	t.Run("worst first", func(t *testing.T) {
		names := b.cardNames()
		if len(names) != 200 {
			t.Fatalf("first page has %d cards, want 200 of %d", len(names), total)
		}
		want := slices.Collect(mapKeys(byName))
		slices.SortFunc(want, func(a, c string) int {
			va, oka := fp(a, "polygon")
			vc, okc := fp(c, "polygon")
			switch {
			case oka != okc && oka:
				return -1
			case oka != okc:
				return 1
			case va != vc && va > vc:
				return -1
			case va != vc:
				return 1
			}
			return strings.Compare(a, c)
		})
		if !slices.Equal(names, want[:200]) {
			for i := range names {
				if names[i] != want[i] {
					t.Fatalf("card %d is %s (polygon fp_area %v), want %s (%v): not worst first", i, names[i], byName[names[i]].Quality["polygon"].FPArea, want[i], byName[want[i]].Quality["polygon"].FPArea)
				}
			}
		}
		if got := b.text(b.find("#dir")); got != "worst first" {
			t.Errorf("direction button reads %q, want \"worst first\"", got)
		}
	})

	t.Run("index loads", func(t *testing.T) {
		b.waitFor("the index", `return document.getElementById("count").dataset.matching === "`+strconv.Itoa(total)+`"`)
	})

	t.Run("flag", func(t *testing.T) {
		note := b.text(b.find("#flagnote"))
		if !strings.Contains(note, "above "+strconv.FormatFloat(DefaultFPThreshold, 'f', -1, 64)) || !strings.Contains(note, "outside") {
			t.Errorf("the page states %q, want the threshold %v and the outside rule", note, DefaultFPThreshold)
		}
		flagged := func(name string) (bool, string) {
			for k, q := range byName[name].Quality {
				if q.Outside > 0 {
					return true, "outside"
				}
				if v, _ := fp(name, k); v > DefaultFPThreshold {
					return true, "poor fit"
				}
			}
			return false, ""
		}
		var good, poor string
		for _, n := range slices.Sorted(mapKeys(byName)) {
			f, why := flagged(n)
			if !f && good == "" && byName[n].Pixels > 0 {
				good = n
			}
			if f && why == "poor fit" && poor == "" {
				poor = n
			}
		}
		if good == "" || poor == "" {
			t.Fatalf("fixture lacks a flagged (%q) or an unflagged (%q) sprite", poor, good)
		}
		for _, tc := range []struct {
			name, word string
		}{{"odd/outside", "outside pixels: hull"}, {poor, "poor fit"}, {good, ""}} {
			b.setFilter(tc.name)
			var got struct {
				Class, Flag, Border string
			}
			b.eval(`const c = [...document.querySelectorAll("#grid .card")].find((c) => c.dataset.name === `+strconv.Quote(tc.name)+`);
				if (!c) return null;
				const f = c.querySelector(".flag");
				return {Class: c.className, Flag: f ? f.textContent : "", Border: getComputedStyle(c).borderTopColor};`, &got)
			if got.Class == "" {
				t.Fatalf("no card for %s", tc.name)
			}
			if tc.word == "" {
				if strings.Contains(got.Class, "flagged") || got.Flag != "" {
					t.Errorf("%s is flagged (%q, %q), want not", tc.name, got.Class, got.Flag)
				}
				continue
			}
			if !strings.Contains(got.Class, "flagged") || !strings.HasPrefix(got.Flag, tc.word) || got.Border != "rgb(215, 0, 21)" {
				t.Errorf("%s: card class %q, word %q, border %s; want flagged, %q..., red", tc.name, got.Class, got.Flag, got.Border, tc.word)
			}
		}
		b.setFilter("")
	})

	t.Run("long name", func(t *testing.T) {
		b.setFilter("walk_cycle")
		var got struct {
			Title, Text         string
			Overflows, EndShows bool
			StartHidden         bool
		}
		b.eval(`const n = document.querySelector("#grid .card .name"), r = n.getBoundingClientRect();
			const t = n.querySelector("span").firstChild, s = t.textContent, g = document.createRange();
			g.setStart(t, s.length - 12); g.setEnd(t, s.length);
			const end = g.getBoundingClientRect();
			g.setStart(t, 0); g.setEnd(t, 1);
			const start = g.getBoundingClientRect();
			return {Title: n.title, Text: s, Overflows: n.scrollWidth > n.clientWidth,
				EndShows: end.left >= r.left - 0.5 && end.right <= r.right + 0.5, StartHidden: start.right <= r.left + 0.5};`, &got)
		if got.Title != longName || got.Text != longName {
			t.Errorf("long name card: title %q, text %q; want the whole name %q", got.Title, got.Text, longName)
		}
		if !got.Overflows || !got.EndShows || !got.StartHidden {
			t.Errorf("long name: overflows %v, its end shows %v, its start is cut %v; want all true", got.Overflows, got.EndShows, got.StartHidden)
		}
		b.click(b.find("#grid .card"))
		if got := b.text(b.find("#detail h2")); got != longName {
			t.Errorf("detail view of the long name shows %q, want %q", got, longName)
		}
		b.press("\uE00C") // Escape
		b.setFilter("")
	})

	t.Run("histogram filter", func(t *testing.T) {
		// The polygon column with the most sprites, up to a page of them.
		var bars []struct {
			Bin, Count int
		}
		b.eval(`return [...document.querySelectorAll('#hist .bar[data-kind="polygon"]')].map((e) => ({Bin: +e.dataset.bin, Count: +e.dataset.count}))`, &bars)
		if len(bars) != histBins {
			t.Fatalf("polygon histogram has %d columns, want %d", len(bars), histBins)
		}
		var want []string
		col, sum := -1, 0
		for _, bar := range bars {
			sum += bar.Count
			if bar.Count <= 200 && (col < 0 || bar.Count > bars[col].Count) {
				col = bar.Bin
			}
		}
		for n := range byName {
			if v, ok := fp(n, "polygon"); ok && min(int(math.Floor(v*histBins)), histBins-1) == col {
				want = append(want, n)
			}
		}
		if want := total - empty; sum != want {
			t.Errorf("polygon histogram counts %d sprites, want %d", sum, want)
		}
		if bars[col].Count != len(want) || len(want) == 0 {
			t.Fatalf("column %d says %d sprites, want %d (and some)", col, bars[col].Count, len(want))
		}
		b.click(b.find(fmt.Sprintf(`#hist .bar[data-kind="polygon"][data-bin="%d"]`, col)))
		b.waitFor("the filtered grid", `return document.getElementById("count").dataset.matching === "`+strconv.Itoa(len(want))+`"`)
		got := b.cardNames()
		slices.Sort(got)
		slices.Sort(want)
		if !slices.Equal(got, want) {
			t.Errorf("column %d shows %d cards %q, want %d %q", col, len(got), got, len(want), want)
		}
		if !b.displayed(b.find("#binfilter")) {
			t.Error("no sign of the histogram filter above the grid")
		}
		b.click(b.find("#binfilter"))
		b.waitFor("the whole grid again", `return document.getElementById("count").dataset.matching === "`+strconv.Itoa(total)+`"`)
	})

	t.Run("scroll loads more", func(t *testing.T) {
		b.eval(`window.scrollTo(0, document.body.scrollHeight); return null`, nil)
		b.waitFor("a second page of cards", `return document.querySelectorAll("#grid .card").length >= 400`)
	})

	t.Run("sort by name", func(t *testing.T) {
		b.click(b.find(`#sort`))
		b.click(b.find(`#sort option[value="name"]`))
		all := slices.Sorted(mapKeys(byName))
		b.waitFor("cards in name order", `return document.querySelector("#grid .card").dataset.name === `+strconv.Quote(all[0]))
		if got := b.cardNames(); !slices.Equal(got[:50], all[:50]) {
			t.Errorf("sorted by name, cards start %q, want %q", got[:5], all[:5])
		}
		b.click(b.find("#dir"))
		slices.Reverse(all)
		b.waitFor("cards in reverse name order", `return document.querySelector("#grid .card").dataset.name === `+strconv.Quote(all[0]))
		if got := b.cardNames(); !slices.Equal(got[:50], all[:50]) {
			t.Errorf("sorted by name Z→A, cards start %q, want %q", got[:5], all[:5])
		}
	})

	t.Run("filter", func(t *testing.T) {
		for _, needle := range []string{"convex", "BLOB_01", "odd/a b#"} {
			b.setFilter("")
			b.typeInto(b.find("#filter"), needle)
			var want []string
			for n := range byName {
				if strings.Contains(strings.ToLower(n), strings.ToLower(needle)) {
					want = append(want, n)
				}
			}
			b.waitFor("the filtered cards", `return document.getElementById("count").dataset.shown === "`+strconv.Itoa(len(want))+`"`)
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
		b.setFilter("concave/star")
		b.waitFor("the star", `return document.querySelector("#grid .card .over .k-polygon") !== null`)
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
		b.setFilter("")
		b.eval(`window.scrollTo(0, 0); return null`, nil)
		b.click(b.find(`#sort`))
		b.click(b.find(`#sort option[value="fp:polygon"]`))
		b.click(b.find("h1")) // closes the select's list
		b.waitFor("worst first again", `return document.getElementById("dir").textContent === "worst first" && document.getElementById("count").dataset.shown !== "0"`)
		b.screenshot(filepath.Join(shots, "report.png"))
		first := b.cardNames()[0]
		b.click(b.find("#grid .card"))
		d := b.find("#detail")
		b.waitFor("the detail view", `return !document.getElementById("detail").hidden`)
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

	t.Run("link", func(t *testing.T) {
		// A link to a view: sorted by name, one sprite open, which is not
		// among the first cards in report.html (so its card file loads).
		name := "blobs/blob_017"
		b.open("about:blank") // a fresh page, as a link opens
		b.open("file://" + filepath.ToSlash(filepath.Join(dir, "report.html")) + "#sort=name&open=" + url.QueryEscape(name))
		b.waitFor("the detail view", `return !document.getElementById("detail").hidden`)
		if got := b.text(b.find("#detail h2")); got != name {
			t.Errorf("the link opened %q, want %q", got, name)
		}
		b.settle()
		if got := b.cardNames(); got[0] != slices.Min(slices.Collect(mapKeys(byName))) {
			t.Errorf("the link's view starts with %q, want name order", got[0])
		}
	})
}

// thousands formats n as the page does (en-US grouping).
func thousands(n int) string {
	s := strconv.Itoa(n)
	for i := len(s) - 3; i > 0; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return s
}

// TestBrowserOneSprite opens the report of a library of one sprite: its
// count says "1 sprite".
func TestBrowserOneSprite(t *testing.T) {
	if testing.Short() {
		t.Skip("browser test skipped in -short mode")
	}
	b := startBrowser(t, 800, 600)
	dir := t.TempDir()
	img := previewtest.Blob(12, 10, false)
	s := previewtest.Sprite("one", img)
	lib := &export.Library{Format: export.Format, Generator: "shapegen test",
		Settings: export.Settings{AlphaThreshold: previewtest.Threshold, MaxVertices: 8, MaxPieces: 8}, Sprites: []export.Sprite{*s}}
	if err := Write(dirFiles(t, dir), lib, Options{Title: "One"}); err != nil {
		t.Fatal(err)
	}
	b.open("file://" + filepath.ToSlash(filepath.Join(dir, "report.html")))
	b.waitFor("the index", `return document.getElementById("count").dataset.matching === "1"`)
	if got := b.text(b.find("#count")); !strings.HasSuffix(got, "· 1 sprite") {
		t.Errorf("count %q, want it to end with \"· 1 sprite\"", got)
	}
}
