package report

import (
	"embed"
	"encoding/json"
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

// Write writes the report of lib to w as one self-contained HTML page.
// The output depends only on lib and opt: the same build gives the same
// bytes.
func Write(w io.Writer, lib *export.Library, opt Options) error {
	title := opt.Title
	if title == "" {
		title = "shapegen report"
	}
	p := page{
		Title:     title,
		Generator: lib.Generator,
		Settings:  lib.Settings,
		Failures:  opt.Failures,
		Kinds:     kinds,
		Colours:   colours,
		Totals:    Sum(lib, len(opt.Failures)),
		Sprites:   make([]card, len(lib.Sprites)),
	}
	if p.Failures == nil {
		p.Failures = []string{}
	}
	if opt.Elapsed > 0 {
		p.Elapsed = opt.Elapsed.Round(time.Millisecond).String()
	}
	for i := range lib.Sprites {
		p.Sprites[i] = cardOf(&lib.Sprites[i], &opt, lib.Settings.AlphaThreshold)
	}
	// json.Marshal escapes <, > and &, so the blob cannot end its script
	// element early.
	data, err := json.Marshal(p)
	if err != nil {
		return fmt.Errorf("report: %w", err)
	}
	css, err := assets.ReadFile("assets/page.css")
	if err != nil {
		return fmt.Errorf("report: %w", err)
	}
	js, err := assets.ReadFile("assets/page.js")
	if err != nil {
		return fmt.Errorf("report: %w", err)
	}
	return pageTemplate.Execute(w, struct {
		Title  string
		CSS    template.CSS
		Script template.JS
		Data   template.JS
	}{title, template.CSS(css), template.JS(js), template.JS(data)})
}

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
