package report

import (
	"bytes"
	"embed"
	"encoding/json"
	"fmt"
	"html/template"
	"io"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/shapegen/shapegen/export"
)

// Options says what goes into a report beyond its sprites.
type Options struct {
	// Title heads the page; "" means "shapegen report".
	Title string
	// Generator and Settings are the library's, shown at the top.
	// Settings.Shapes also chooses the kind whose fp_area orders the page
	// at first (polygon when it is built or Shapes is empty).
	Generator string
	Settings  export.Settings
	// PreviewFor returns the address, relative to the report's file, of a
	// sprite's preview PNG (export/preview.Render), and false when there is
	// none. When nil, previews are looked for at PathFor(PreviewDir, name),
	// or not at all when PreviewDir is "" too.
	PreviewFor func(name string) (relPath string, ok bool)
	PreviewDir string
	// SpriteFor and SpriteDir locate, in the same way, a sprite's image at
	// 1x in its own coordinate space (export/preview.Sprite). With it the
	// report draws shapes over the sprite; without it the card shows the
	// preview PNG, or the shapes alone.
	SpriteFor func(name string) (relPath string, ok bool)
	SpriteDir string
	// ImageFor and ImageDir locate a sprite's source image instead: the
	// whole file its frame is cut from, ImageFor(Sprite.Image) or
	// ImageDir/<Sprite.Image> (segments escaped), out of which the page
	// shows the frame, at its offset and turned back when it is stored
	// rotated. One copy of each source image (or a link to the art itself)
	// is then all the report needs, where the 1x images of SpriteFor hold
	// a sheet's frames a second time. SpriteFor and SpriteDir win when set.
	ImageFor func(image string) (relPath string, ok bool)
	ImageDir string
	// Elapsed is the build's duration, shown when not zero.
	Elapsed time.Duration
	// Failures are the build's failure lines (a file and its cause), one
	// each.
	Failures []string
	// FPThreshold flags a sprite when some kind's fp_area is above it
	// (the page states it); 0 means DefaultFPThreshold.
	FPThreshold float64
}

// DefaultFPThreshold is the fp_area above which the page flags a sprite
// unless Options says otherwise: then most overlaps that the shape test
// accepts are ones the pixels reject.
const DefaultFPThreshold = 0.5

// The report's files: report.html, which the reader opens, and beside it
// in the folder report/ the data it loads through <script> elements
// (browsers refuse to fetch sibling files of a file:// page):
// index-0001.js, ... hold the figures of every sprite, indexSize sprites
// each, which the page loads to sort, filter and bin; cards-0001.js, ...
// hold the shapes of cardSize sprites each, which the page loads when it
// shows one of them. report.html itself holds the totals, the histogram
// and the first firstSize cards of the opening order, so the first cards
// show at once whatever the number of sprites.
const (
	HTMLFile  = "report.html"
	dataDir   = "report/"
	cardSize  = 100
	indexSize = 5000
	firstSize = 200
)

// Files returns the names of the files the report of n sprites is made
// of, slash-separated and relative to the folder of report.html, in the
// order a Writer creates them at the latest (data files first, report.html
// last).
func Files(n int) []string {
	var f []string
	for i := range (n + indexSize - 1) / indexSize {
		f = append(f, indexFile(i))
	}
	for i := range (n + cardSize - 1) / cardSize {
		f = append(f, cardFile(i))
	}
	return append(f, HTMLFile)
}

func cardFile(i int) string  { return fmt.Sprintf("%scards-%04d.js", dataDir, i+1) }
func indexFile(i int) string { return fmt.Sprintf("%sindex-%04d.js", dataDir, i+1) }

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

// Writer writes a report while the sprites stream past: it takes them
// one at a time in name order and holds only the page of data it is
// filling, the first cards, the totals and the counts behind the
// histogram and the medians, so its memory does not grow with the
// number of sprites. It opens each file of the report through create,
// writes it whole and closes it; it never touches a file system itself.
type Writer struct {
	create    func(name string) (io.WriteCloser, error)
	opt       Options
	threshold float64

	n       int    // sprites added
	last    string // the last sprite's name
	err     error
	done    bool
	cards   []byte // the card page being filled, as JSON elements
	page    []byte // memory for the card file being written
	inCards int
	idx     indexPage
	first   firstPage
	drawer  *drawer

	t      totals
	images imageCounter
	kinds  map[string]*kindTally // by the name in Sprite.Quality
	drawn  []bool                // per kind of the table, whether some card draws it
	// allDrawn says every kind is drawn; placed is where the last card is
	// in its file (Placed).
	allDrawn bool
	placed   [2]int
	headLen  int // of the card page being filled (cardHead)
}

// NewWriter returns a Writer that opens the report's files (Files) by
// calling create with each name. If a Write to a file fails, the Writer
// still closes it and returns the error; a create whose files commit on
// Close should then discard the file.
func NewWriter(create func(name string) (io.WriteCloser, error), opt Options) *Writer {
	w := &Writer{create: create, opt: opt, threshold: opt.FPThreshold,
		kinds: map[string]*kindTally{}, drawn: make([]bool, len(kinds)),
		drawer: newDrawer()}
	if w.threshold <= 0 {
		w.threshold = DefaultFPThreshold
	}
	w.first = firstPage{size: firstSize, kind: sortKind(opt.Settings.Shapes)}
	w.idx.reset(0, 0)
	return w
}

// sortKind returns the name of the kind whose fp_area orders the page at
// first.
func sortKind(built []string) string {
	for _, k := range sortPreference {
		if len(built) == 0 || slices.Contains(built, k.String()) {
			return k.String()
		}
	}
	return sortPreference[0].String()
}

// Add adds the next sprite. Sprites must come in strictly increasing
// name order (as in a library); the Writer does not keep s.
func (w *Writer) Add(s *export.Sprite) error { return w.add(s, nil) }

// AddCard adds the next sprite as Add does, with card the bytes that
// Placed located, after an earlier Writer added the same sprite, in the
// file it wrote: with Options whose CardKey is the same, a sprite's card
// is those bytes wherever it comes, so the Writer copies them instead of
// drawing the sprite again. Only the bytes' first and last are checked.
func (w *Writer) AddCard(s *export.Sprite, card []byte) error {
	if w.err == nil && (len(card) < 2 || card[0] != ',' || card[len(card)-1] != '}') {
		w.err = fmt.Errorf("report: sprite %q: not the bytes of a card", s.Name)
	}
	return w.add(s, card)
}

// Placed returns where the card of the sprite last added lies in the
// files a Writer writes: in file, from byte off, n bytes, which are the
// same in every Writer with Options of one CardKey (AddCard).
func (w *Writer) Placed() (file string, off, n int) {
	return cardFile((w.n - 1) / cardSize), w.placed[0], w.placed[1]
}

// CardKey returns a text that two Options share when a sprite's card is
// the same with either, and false when links given by functions
// (PreviewFor, SpriteFor, ImageFor) make them unknown.
func (o *Options) CardKey() (string, bool) {
	if o.PreviewFor != nil || o.SpriteFor != nil || o.ImageFor != nil {
		return "", false
	}
	b, err := json.Marshal(struct {
		PreviewDir, SpriteDir string
		Threshold             int
		Card                  int
	}{o.PreviewDir, o.SpriteDir, o.Settings.AlphaThreshold, cardVersion})
	return string(b), err == nil
}

// cardVersion changes whenever a card's bytes do for one sprite and
// Options (CardKey).
const cardVersion = 1

// cardHead returns the bytes of page's card file before its first card.
func cardHead(page int) string { return fmt.Sprintf("shapegenCards(%d,[", page) }

func (w *Writer) add(s *export.Sprite, reuse []byte) error {
	if w.err != nil {
		return w.err
	}
	if w.done {
		return fmt.Errorf("report: Add after Close")
	}
	if w.n > 0 && s.Name <= w.last {
		w.err = fmt.Errorf("report: sprite %q comes after %q: sprites must come in name order", s.Name, w.last)
		return w.err
	}
	var c *card
	var err error
	made := func() *card {
		if c == nil {
			var v card
			v, err = makeCard(s, w.n, &w.opt, w.drawer)
			c = &v
		}
		return c
	}
	if w.inCards > 0 {
		w.cards = append(w.cards, ',')
	} else {
		w.headLen = len(cardHead(w.n / cardSize))
	}
	start := len(w.cards)
	if reuse == nil {
		var b []byte
		if made(); err == nil {
			b, err = c.appendJSON(w.cards)
		}
		if err != nil {
			w.err = fmt.Errorf("report: sprite %q: %w", s.Name, err)
			return w.err
		}
		w.cards = b
	} else {
		w.cards = strconv.AppendInt(append(w.cards, `{"x":`...), int64(w.n), 10)
		w.cards = append(w.cards, reuse...)
	}
	// The card's bytes but for its position, which leads it.
	x := bytes.IndexByte(w.cards[start:], ',')
	if x < 0 {
		w.err = fmt.Errorf("report: sprite %q: a card without shapes", s.Name)
		return w.err
	}
	w.placed = [2]int{w.headLen + start + x, len(w.cards) - start - x}
	w.tally(s)
	if !w.allDrawn {
		w.allDrawn = true
		for i, k := range kinds {
			w.drawn[i] = w.drawn[i] || draws(s, k)
			w.allDrawn = w.allDrawn && w.drawn[i]
		}
	}
	if w.first.offer(s, made); err != nil {
		w.err = fmt.Errorf("report: sprite %q: %w", s.Name, err)
		return w.err
	}
	w.inCards++
	w.n++
	w.last = s.Name
	if w.inCards == cardSize {
		w.err = w.flushCards()
	}
	if w.err == nil && len(w.idx.Names) == indexSize {
		w.err = w.flushIndex()
	}
	return w.err
}

// kindTally is what the totals, the histogram and the medians hold of
// one kind: its figures over every sprite so far.
type kindTally struct {
	area, fp counts
	hist     [histBins]int
	// row is the index in kinds of the kind's row, -1 for a name that is
	// no shape kind: where countAt finds its count of vertices or pieces.
	row int
}

// tally adds s to the totals, the histogram and the medians' counts, and
// its row to the index page, in one pass over its kinds. The page flags a
// sprite when some opaque pixel is outside one of its shapes, or some
// kind's fp_area (rounded as the page gets it) is above the threshold.
func (w *Writer) tally(s *export.Sprite) {
	t := &w.t
	t.Sprites++
	if isFrame(s) {
		t.Frames++
	}
	w.images.add(s.Name, s.Image)
	if s.Pixels == 0 {
		t.Empty++
	}
	if len(s.Warnings) > 0 {
		t.Warnings++
	}
	t.Pixels += s.Pixels
	p := &w.idx
	row := p.start(s)
	out, flag := 0, false
	for k, q := range s.Quality {
		kt := w.kinds[k]
		if kt == nil {
			kt = &kindTally{row: kindIndex(k)}
			w.kinds[k] = kt
		}
		fp, ar := round4(q.FPArea), round4(q.AreaRatio)
		kt.area.add(ar)
		kt.fp.add(fp)
		kt.hist[bin(fp)]++
		out += q.Outside
		flag = flag || q.Outside != 0 || fp > w.threshold
		p.push(row, k, q.Outside, fp, ar, countAt(s, kt.row))
	}
	t.Outside += out
	if flag {
		t.Flagged++
	}
	p.end(s, out)
}

// flushCards writes the card page being filled.
func (w *Writer) flushCards() error {
	page := (w.n - 1) / cardSize
	b := append(w.page[:0], cardHead(page)...)
	b = append(append(b, w.cards...), "]);\n"...)
	w.page = b
	w.cards, w.inCards = w.cards[:0], 0
	return w.writeFile(cardFile(page), b)
}

// flushIndex writes the index page being filled.
func (w *Writer) flushIndex() error {
	b, err := w.idx.appendJSON(append(w.page[:0], "shapegenIndex("...))
	if err != nil {
		return fmt.Errorf("report: %w", err)
	}
	w.page = append(b, ");\n"...)
	page := w.idx.Page
	w.idx.reset(page+1, w.n)
	return w.writeFile(indexFile(page), w.page)
}

// writeFile creates the file name and writes data to it.
func (w *Writer) writeFile(name string, data []byte) error {
	f, err := w.create(name)
	if err != nil {
		return fmt.Errorf("report: %s: %w", name, err)
	}
	_, err = f.Write(data)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return fmt.Errorf("report: %s: %w", name, err)
	}
	return nil
}

// head is the data report.html holds for its script.
type head struct {
	Title     string          `json:"title"`
	Generator string          `json:"generator"`
	Settings  export.Settings `json:"settings"`
	Elapsed   string          `json:"elapsed,omitempty"`
	Failures  []string        `json:"failures"`
	// Kinds are the kinds the page can draw and switch, in drawing order;
	// Figures the kinds with figures in this report, in report order.
	Kinds   []kindInfo `json:"kinds"`
	Figures []string   `json:"figures"`
	// Sort is the opening order's key ("fp:<kind>", worst first) and
	// Threshold the fp_area above which a sprite is flagged.
	Sort      string  `json:"sort"`
	Threshold float64 `json:"threshold"`
	Totals    totals  `json:"totals"`
	// Hist holds per kind of Figures the number of sprites whose fp_area
	// falls in each of Bins equal columns over [0, 1].
	Bins int         `json:"bins"`
	Hist []kindHisto `json:"hist"`
	// PreviewDir and SpriteDir are where the page finds a sprite's
	// preview and 1x image (at PathFor(dir, name)) when Options gives the
	// folders; it finds them in the cards when Options gives functions.
	PreviewDir string `json:"previewDir,omitempty"`
	SpriteDir  string `json:"spriteDir,omitempty"`
	ImageDir   string `json:"imageDir,omitempty"`
	// Count is the number of sprites; Page the number of cards built at
	// a time; CardPage the sprites per card file.
	Count      int      `json:"count"`
	Page       int      `json:"page"`
	CardPage   int      `json:"cardPage"`
	CardFiles  []string `json:"cardFiles"`
	IndexFiles []string `json:"indexFiles"`
	// First are the first cards of the opening order.
	First []card `json:"first"`
}

type kindHisto struct {
	Kind   string `json:"kind"`
	Counts []int  `json:"counts"`
}

// Close writes what remains: the last data files, then report.html.
// The Writer takes no sprite after it.
func (w *Writer) Close() error {
	if w.err != nil {
		return w.err
	}
	if w.done {
		return nil
	}
	w.done = true
	if w.inCards > 0 {
		if w.err = w.flushCards(); w.err != nil {
			return w.err
		}
	}
	if len(w.idx.Names) > 0 {
		if w.err = w.flushIndex(); w.err != nil {
			return w.err
		}
	}
	w.err = w.writeHTML()
	return w.err
}

func (w *Writer) writeHTML() error {
	opt := &w.opt
	h := head{Title: opt.Title, Generator: opt.Generator, Settings: opt.Settings, Failures: opt.Failures,
		Kinds: kindInfos(w.drawn), Sort: "fp:" + w.first.kind, Threshold: w.threshold, Totals: w.t,
		Bins: histBins, Count: w.n, Page: firstSize, CardPage: cardSize, First: w.first.cards()}
	if h.Title == "" {
		h.Title = "shapegen report"
	}
	if opt.PreviewFor == nil {
		h.PreviewDir = opt.PreviewDir
	}
	if opt.SpriteFor == nil {
		h.SpriteDir = opt.SpriteDir
	}
	if opt.ImageFor == nil && !hasSprites(opt) {
		h.ImageDir = opt.ImageDir
	}
	if h.Failures == nil {
		h.Failures = []string{}
	}
	if opt.Elapsed > 0 {
		h.Elapsed = opt.Elapsed.Round(time.Millisecond).String()
	}
	h.Totals.Failures = len(opt.Failures)
	h.Totals.Images = w.images.n
	seen := map[string]export.Quality{}
	for k := range w.kinds {
		seen[k] = export.Quality{}
	}
	h.Figures = figureKinds(seen)
	for _, k := range h.Figures {
		kt := w.kinds[k]
		a, f := kt.area.quantiles(0.5, 0.9), kt.fp.quantiles(0.5, 0.9)
		h.Totals.Kinds = append(h.Totals.Kinds, kindTotals{Kind: k, Sprites: kt.area.n,
			AreaMedian: a[0], AreaP90: a[1], FPMedian: f[0], FPP90: f[1]})
		h.Hist = append(h.Hist, kindHisto{Kind: k, Counts: kt.hist[:]})
	}
	for _, f := range Files(w.n) {
		switch {
		case strings.HasPrefix(f, dataDir+"cards-"):
			h.CardFiles = append(h.CardFiles, f)
		case strings.HasPrefix(f, dataDir+"index-"):
			h.IndexFiles = append(h.IndexFiles, f)
		}
	}
	data, err := json.Marshal(&h)
	if err != nil {
		return fmt.Errorf("report: %w", err)
	}
	// json.Marshal writes <, > and & as \u003c, \u003e and \u0026, so the
	// data cannot end its script element.
	var page bytes.Buffer
	if err := pageTemplate.Execute(&page, struct {
		Title  string
		CSS    template.CSS
		Script template.JS
		Data   template.JS
	}{h.Title, template.CSS(pageCSS), template.JS(pageJS), template.JS(data)}); err != nil {
		return fmt.Errorf("report: %w", err)
	}
	return w.writeFile(HTMLFile, page.Bytes())
}

// Write writes the report of lib through create, as a Writer does with
// the sprites of lib in order; opt's Generator and Settings are lib's.
func Write(create func(name string) (io.WriteCloser, error), lib *export.Library, opt Options) error {
	opt.Generator, opt.Settings = lib.Generator, lib.Settings
	w := NewWriter(create, opt)
	for i := range lib.Sprites {
		if err := w.Add(&lib.Sprites[i]); err != nil {
			return err
		}
	}
	return w.Close()
}
