package report

import (
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/shapegen/shapegen/internal/atomicfile"
)

// TestBrowserLarge opens the report of 10,000 sprites: the page must build
// only a page of cards at first (not one node per sprite), stay quick to
// open, and still filter and sort over all of them.
//
//	go test ./export/report -run BrowserLarge -v   # needs chromium and chromedriver
func TestBrowserLarge(t *testing.T) {
	if testing.Short() {
		t.Skip("browser test skipped in -short mode")
	}
	const n = 10000
	lib := library(n)
	dir := t.TempDir()
	path := filepath.Join(dir, "report.html")
	err := atomicfile.Write(path, func(w io.Writer) error { return Write(w, lib, Options{PreviewDir: "preview"}) })
	if err != nil {
		t.Fatal(err)
	}
	st, err := os.Stat(path)
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("report of %d sprites: %d bytes", n, st.Size())

	b := startBrowser(t, 1280, 900)
	start := time.Now()
	b.open("file://" + filepath.ToSlash(path))
	b.waitFor("the first cards", `return document.querySelectorAll("#grid .card").length > 0`)
	t.Logf("first cards after %v", time.Since(start).Round(time.Millisecond))

	const bound = 400 // two pages of 200: the first, and one the scroll watcher may add
	cards := func() int {
		var c int
		b.eval(`return document.querySelectorAll("#grid .card").length`, &c)
		return c
	}
	t.Run("bounded", func(t *testing.T) {
		time.Sleep(300 * time.Millisecond) // let a scroll watcher add what it would
		if c := cards(); c > bound {
			t.Errorf("%d card nodes built at first for %d sprites, want <= %d", c, n, bound)
		}
		var nodes int
		b.eval(`return document.getElementsByTagName("*").length`, &nodes)
		if nodes > 60*bound {
			t.Errorf("%d DOM nodes at first, want <= %d", nodes, 60*bound)
		}
		if s := b.text(b.find("#tot-sprites")); s != thousands(n) {
			t.Errorf("#tot-sprites shows %q, want %q", s, thousands(n))
		}
	})

	t.Run("filter", func(t *testing.T) {
		b.typeInto(b.find("#filter"), "sprite_0999")
		var want []string
		for _, s := range lib.Sprites {
			if strings.Contains(s.Name, "sprite_0999") {
				want = append(want, s.Name)
			}
		}
		got := b.cardNames()
		slices.Sort(got)
		slices.Sort(want)
		if !slices.Equal(got, want) {
			t.Errorf("filter shows %d cards %q, want %d %q", len(got), got, len(want), want)
		}
		b.eval(`const f = document.getElementById("filter"); f.value = "group03/"; f.dispatchEvent(new Event("input")); return null`, nil)
		matching := 0
		for _, s := range lib.Sprites {
			if strings.Contains(s.Name, "group03/") {
				matching++
			}
		}
		if s := b.text(b.find("#count")); !strings.Contains(s, thousands(matching)+" matching") {
			t.Errorf("count reads %q, want %d matching", s, matching)
		}
		if c := cards(); c > bound {
			t.Errorf("%d cards after filtering to %d, want <= %d", c, matching, bound)
		}
	})

	t.Run("sort by name", func(t *testing.T) {
		b.eval(`const f = document.getElementById("filter"); f.value = ""; f.dispatchEvent(new Event("input")); return null`, nil)
		b.click(b.find(`#sort`))
		b.click(b.find(`#sort option[value="name"]`))
		b.click(b.find("h1"))
		got := b.cardNames()
		if len(got) == 0 || got[0] != lib.Sprites[0].Name {
			t.Errorf("sorted by name, first card %q, want %q", got[:min(1, len(got))], lib.Sprites[0].Name)
		}
	})
}
