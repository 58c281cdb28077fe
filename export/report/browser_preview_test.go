package report

import (
	"path/filepath"
	"testing"
)

// TestBrowserPreviewOnly opens a report as a build writes it, with preview
// PNGs but no 1x sprite images: each card shows the preview's drawing,
// cropped above its legend, and the detail view shows the whole preview
// beside the figures.
//
//	SHAPEGEN_SCREENSHOTS=/tmp/shots go test ./export/report -run BrowserPreviewOnly -v
func TestBrowserPreviewOnly(t *testing.T) {
	if testing.Short() {
		t.Skip("browser test skipped in -short mode")
	}
	dir := t.TempDir()
	lib := fixture(t, dir, 20)
	if err := Write(dirFiles(t, dir), lib, Options{PreviewDir: "preview"}); err != nil {
		t.Fatal(err)
	}
	b := startBrowser(t, 1280, 900)
	b.open("file://" + filepath.ToSlash(filepath.Join(dir, "report.html")))
	b.waitFor("the first previews", `const i = document.querySelector("#grid .card img"); return i && i.complete && i.naturalWidth > 0`)
	var cropped bool
	b.eval(`const i = document.querySelector("#grid .card img.pv"), st = i.parentElement;
		return st.classList.contains("crop") && st.getBoundingClientRect().height < i.getBoundingClientRect().height &&
			i.getBoundingClientRect().width / i.naturalWidth > 0 &&
			Math.abs(st.getBoundingClientRect().width - (i.naturalWidth - 24) * i.getBoundingClientRect().width / i.naturalWidth) < 1`, &cropped)
	if !cropped {
		t.Error("card preview is not cropped to its drawing (the legend shows, or the drawing is cut)")
	}
	shots := shotDir(t)
	b.screenshot(filepath.Join(shots, "report-previews.png"))
	b.click(b.find("#grid .card"))
	b.waitFor("the detail's preview", `const i = document.querySelector("#detail .pvbig"); return i && i.complete && i.naturalWidth > 0`)
	var rows int
	b.eval(`return document.querySelectorAll("#detail .figs tr").length`, &rows)
	if rows < 2 {
		t.Errorf("detail view has %d rows of figures, want a header and a row per kind", rows)
	}
	b.screenshot(filepath.Join(shots, "report-previews-detail.png"))
}
