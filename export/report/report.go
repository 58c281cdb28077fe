package report

import (
	"bytes"
	"embed"
	"fmt"
	"html/template"
	"io"
	"time"

	"github.com/shapegen/shapegen/export"
)

// Options says what goes into a report beyond the library.
type Options struct {
	// Title heads the page; "" means "shapegen report".
	Title string
	// PreviewFor returns the address, relative to the report's file, of a
	// sprite's preview PNG (export/preview.Render), and false when there is
	// none. When nil, previews are looked for at PathFor(PreviewDir, name),
	// or not at all when PreviewDir is "" too.
	PreviewFor func(name string) (relPath string, ok bool)
	PreviewDir string
	// SpriteFor and SpriteDir locate, in the same way, a sprite's image at
	// 1x in its own coordinate space (export/preview.Sprite). With it the
	// report draws shapes over the sprite and kinds can be switched on and
	// off; without it the card shows the preview PNG.
	SpriteFor func(name string) (relPath string, ok bool)
	SpriteDir string
	// Elapsed is the build's duration, shown when not zero.
	Elapsed time.Duration
	// Failures are the build's failure lines (a file and its cause), one
	// each.
	Failures []string
}

//go:embed assets
var assets embed.FS

var pageTemplate = template.Must(template.ParseFS(assets, "assets/page.html"))

var pageCSS, pageJS = mustRead("assets/page.css"), mustRead("assets/page.js")

func mustRead(name string) string {
	b, err := assets.ReadFile(name)
	if err != nil {
		panic(err)
	}
	return string(b)
}

// Write writes the report of lib to w as one self-contained HTML page.
// The output depends only on lib and opt: the same build gives the same
// bytes.
func Write(w io.Writer, lib *export.Library, opt Options) error {
	title := opt.Title
	if title == "" {
		title = "shapegen report"
	}
	var elapsed string
	if opt.Elapsed > 0 {
		elapsed = opt.Elapsed.Round(time.Millisecond).String()
	}
	// The page around the data: the template with a marker in its place
	// (the title is escaped for HTML, so it cannot hold the marker's NUL
	// bytes; the assets do not either), so that the large blob does not
	// go through the template.
	var frame bytes.Buffer
	if err := pageTemplate.Execute(&frame, struct {
		Title  string
		CSS    template.CSS
		Script template.JS
		Data   template.JS
	}{title, template.CSS(pageCSS), template.JS(pageJS), dataMarker}); err != nil {
		return fmt.Errorf("report: %w", err)
	}
	head, tail, ok := bytes.Cut(frame.Bytes(), []byte(dataMarker))
	if !ok {
		return fmt.Errorf("report: page template lost its data marker")
	}
	// The corpus build takes about 600 bytes a sprite; pieces and outlines
	// take more, and growing past the estimate copies once.
	buf := make([]byte, 0, len(head)+len(tail)+2048+1024*len(lib.Sprites))
	buf = append(buf, head...)
	// appendData escapes <, > and & in strings, so the blob cannot end its
	// script element early.
	buf, err := appendData(buf, lib, &opt, title, elapsed)
	if err != nil {
		return err
	}
	buf = append(buf, tail...)
	_, err = w.Write(buf)
	return err
}

// dataMarker stands for the data blob in the executed page template.
const dataMarker = "\x00shapegen-data\x00"

// kinds are the shape kinds the page can show, in drawing order, and
// colours their colours: the same as export/preview's (TestColoursMatchPreview).
var kinds = []string{"aabb", "circle", "box", "hull", "outline", "pieces", "polygon", "pivot"}

var colours = map[string]string{
	"aabb":    "#56b4e9",
	"circle":  "#e69f00",
	"box":     "#009e73",
	"hull":    "#cc79a7",
	"outline": "#8c561e",
	"pieces":  "#7b3fbf",
	"polygon": "#004fb8",
	"pivot":   "#101010",
	"outside": "#ff0000",
}
