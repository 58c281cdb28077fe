package report

import (
	"bytes"
	"fmt"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/shapegen/shapegen/export"
	"github.com/shapegen/shapegen/export/preview"
	"github.com/shapegen/shapegen/export/preview/previewtest"
	_ "github.com/shapegen/shapegen/internal/update" // go test ./... -update
)

// library returns a library of n synthetic sprites (blobs of varied size,
// every third concave, one in 50 empty) with shapes from previewtest.
func library(n int) *export.Library {
	lib := &export.Library{Format: export.Format, Generator: "shapegen test",
		Settings: export.Settings{AlphaThreshold: previewtest.Threshold, MaxVertices: 8, MaxPieces: 8}}
	for i := range n {
		w, h := 6+(i*7)%37, 5+(i*13)%29
		if i%50 == 49 {
			w, h = 0, 0
		}
		img := previewtest.Blob(max(w, 1), max(h, 1), i%3 == 0)
		if w == 0 {
			img.Pix[3] = 0 // no opaque pixel
		}
		lib.Sprites = append(lib.Sprites, *previewtest.Sprite(fmt.Sprintf("group%02d/sprite_%05d", i%17, i), img))
	}
	slices.SortFunc(lib.Sprites, func(a, b export.Sprite) int { return strings.Compare(a.Name, b.Name) })
	return lib
}

func TestWriteDeterministic(t *testing.T) {
	lib := library(300)
	opt := Options{PreviewDir: "preview", Elapsed: 1500 * time.Millisecond, Failures: []string{"x.png: bad"}}
	var a, b bytes.Buffer
	if err := Write(&a, lib, opt); err != nil {
		t.Fatal(err)
	}
	if err := Write(&b, lib, opt); err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(a.Bytes(), b.Bytes()) {
		t.Errorf("Write twice gave %d and %d bytes that differ", a.Len(), b.Len())
	}
}

// externalRef matches what would make the page fetch something from
// elsewhere: an http(s) or protocol-relative address as a src, href,
// CSS url() or @import, a stylesheet link or a script with a src.
var externalRef = regexp.MustCompile(`(?i)((src|href|action|poster|data)\s*=\s*["']?\s*(https?:)?//)|url\(\s*["']?\s*(https?:)?//|@import|<link\b|<script\b[^>]*\bsrc\s*=|<iframe\b`)

func TestWriteSelfContained(t *testing.T) {
	var buf bytes.Buffer
	if err := Write(&buf, library(40), Options{PreviewDir: "preview"}); err != nil {
		t.Fatal(err)
	}
	page := buf.String()
	if m := externalRef.FindString(page); m != "" {
		i := strings.Index(page, m)
		t.Errorf("report refers to an external resource: %q in ...%s...", m, page[max(0, i-80):min(len(page), i+80)])
	}
	// http(s) addresses may only be XML namespace names, which fetch nothing.
	for _, m := range regexp.MustCompile(`https?://[^\s"'<>)]*`).FindAllString(page, -1) {
		if m != "http://www.w3.org/2000/svg" {
			t.Errorf("report holds the address %q", m)
		}
	}
	for _, want := range []string{"<style>", "<script>", "sprite_00001"} {
		if !strings.Contains(page, want) {
			t.Errorf("report has no %q (CSS and JS must be inline, the data too)", want)
		}
	}
	// The preview links are relative to the report.
	if !strings.Contains(page, `preview/group01/sprite_00001.png`) {
		t.Errorf("report has no relative link to preview/group01/sprite_00001.png")
	}
}

// TestSelfContainedCheck makes sure the check above catches what it is
// for.
func TestSelfContainedCheck(t *testing.T) {
	for _, bad := range []string{
		`<img src="https://cdn.example/x.png">`,
		`<script src="/app.js"></script>`,
		`<link rel="stylesheet" href="x.css">`,
		`body { background: url(//cdn.example/bg.png) }`,
		`@import "theme.css";`,
		`<a href='http://example.com'>`,
	} {
		if !externalRef.MatchString(bad) {
			t.Errorf("externalRef misses %s", bad)
		}
	}
	for _, good := range []string{`<img src="preview/a.png">`, `createElementNS("http://www.w3.org/2000/svg", "svg")`} {
		if externalRef.MatchString(good) {
			t.Errorf("externalRef flags %s", good)
		}
	}
}

func TestColoursMatchPreview(t *testing.T) {
	for _, k := range preview.Kinds() {
		c, _ := preview.Colour(k)
		if got, want := colours[k], fmt.Sprintf("#%02x%02x%02x", c.R, c.G, c.B); got != want {
			t.Errorf("report colour of %s = %s, want the preview's %s", k, got, want)
		}
	}
}
