package report

import (
	"math"
	"net/url"
	"path"
	"slices"
	"strconv"
	"strings"

	"github.com/shapegen/shapegen/export"
	"github.com/shapegen/shapegen/export/preview"
)

// link returns the page-relative address of a sprite's file: from the
// function when given, else dir/<name>.png with each path segment escaped.
func link(name string, f func(string) (string, bool), dir string) (string, bool) {
	if f != nil {
		return f(name)
	}
	if dir == "" {
		return "", false
	}
	return PathFor(dir, name), true
}

// PathFor returns the page-relative address dir/<name>.png of a sprite's
// file, each segment of name escaped for use in a URL (so "a b#1" works).
// This is where the report looks for previews and sprite images unless
// Options says otherwise.
func PathFor(dir, name string) string {
	segs := strings.Split(name, "/")
	for i, s := range segs {
		segs[i] = url.PathEscape(s)
	}
	return strings.TrimSuffix(dir, "/") + "/" + strings.Join(segs, "/") + ".png"
}

// card is one sprite as the page draws it, with short keys. Shapes come
// as SVG paths, one per kind in the order of the kinds table ("" for a
// kind the sprite does not have), so the page needs no geometry of its
// own; figures are rounded as the index rounds them (see round4).
type card struct {
	X       int        `json:"x"` // position in name order
	Name    string     `json:"n"`
	Image   string     `json:"i"`
	Frame   [4]int     `json:"f"`
	Offset  [2]int     `json:"o"`
	Size    [2]int     `json:"s"`
	Pivot   [2]float64 `json:"pv"`
	Pixels  int        `json:"px"`
	Preview string     `json:"p,omitempty"`
	// PreviewRect is where the preview PNG holds its drawing (x, y, w, h)
	// and the PNG's width, so the page can show the drawing without the
	// legend under it.
	PreviewRect []int  `json:"pr,omitempty"`
	Sprite      string `json:"sp,omitempty"`
	// View is the rectangle x0, y0, x1, y1 a picture shows: the sprite
	// and its shapes.
	View  [4]int   `json:"v"`
	Paths []string `json:"d"`
	// Figures are outside, area_ratio, fp_area and the "verts" label of
	// each kind with quality figures.
	Figures  []figure `json:"q,omitempty"`
	Warnings []string `json:"w,omitempty"`
}

// figure is one kind's figures on a card.
type figure struct {
	Kind      string  `json:"k"`
	Outside   int     `json:"out"`
	AreaRatio float64 `json:"ar"`
	FPArea    float64 `json:"fp"`
	Count     string  `json:"c,omitempty"`
}

// round4 rounds a figure to four decimals, as the page gets it: the
// writer sorts, bins and totals the rounded values, so that the page's
// order, histogram and flags agree with the writer's to the bit.
func round4(v float64) float64 {
	if math.IsNaN(v) || math.IsInf(v, 0) {
		return -1
	}
	return math.Round(v*1e4) / 1e4
}

// makeCard returns the card of s at position x.
func makeCard(s *export.Sprite, x int, opt *Options) card {
	c := card{X: x, Name: s.Name, Image: s.Image, Frame: [4]int{s.Frame.X, s.Frame.Y, s.Frame.W, s.Frame.H},
		Size: s.Size, Pivot: [2]float64{round3(s.Pivot[0]), round3(s.Pivot[1])}, Pixels: s.Pixels, Warnings: s.Warnings}
	if s.Offset != nil {
		c.Offset = *s.Offset
	}
	if p, ok := link(s.Name, opt.PreviewFor, opt.PreviewDir); ok {
		c.Preview = p
		r, w := preview.Layout(s, preview.Options{AlphaThreshold: opt.Settings.AlphaThreshold})
		c.PreviewRect = []int{r.Min.X, r.Min.Y, r.Dx(), r.Dy(), w}
	}
	if sp, _ := link(s.Name, opt.SpriteFor, opt.SpriteDir); sp != "" {
		c.Sprite = sp
	}
	c.View = view(s)
	c.Paths = make([]string, len(kinds))
	var b []byte
	for i, k := range kinds {
		if k.shape == nil {
			continue
		}
		rings, circle, ok := k.shape(s)
		if !ok {
			continue
		}
		b = appendPath(b[:0], rings, circle)
		c.Paths[i] = string(b)
	}
	if s.Pixels > 0 { // the pivot's cross, sized to the view
		r := 0.04 * float64(max(c.View[2]-c.View[0], c.View[3]-c.View[1]))
		px, py := s.Pivot[0], s.Pivot[1]
		b = append(b[:0], 'M')
		b = appendNums(b, px-r, py)
		b = append(b, 'H')
		b = appendNum(b, px+r)
		b = append(b, 'M')
		b = appendNums(b, px, py-r)
		b = append(b, 'V')
		b = appendNum(b, py+r)
		c.Paths[len(kinds)-1] = string(b)
	}
	for _, k := range figureKinds(s.Quality) {
		q := s.Quality[k]
		f := figure{Kind: k, Outside: q.Outside, AreaRatio: round4(q.AreaRatio), FPArea: round4(q.FPArea)}
		if i := kindIndex(k); i >= 0 {
			_, f.Count = kinds[i].count(s)
		}
		c.Figures = append(c.Figures, f)
	}
	return c
}

// figureKinds returns the kinds of q in report order: those of the kinds
// table in its order, then any other in name order.
func figureKinds(q map[string]export.Quality) []string {
	out := make([]string, 0, len(q))
	for _, k := range kinds {
		if _, ok := q[k.name]; ok {
			out = append(out, k.name)
		}
	}
	if len(out) < len(q) {
		var extra []string
		for k := range q {
			if kindIndex(k) < 0 {
				extra = append(extra, k)
			}
		}
		slices.Sort(extra)
		out = append(out, extra...)
	}
	return out
}

func kindIndex(name string) int {
	for i, k := range kinds {
		if k.name == name {
			return i
		}
	}
	return -1
}

// view returns the rectangle a picture of s shows: the sprite's own
// space and its shapes, in whole pixels, reaching at most the sprite's
// longer side beyond the sprite.
func view(s *export.Sprite) [4]int {
	x0, y0, x1, y1 := 0.0, 0.0, float64(s.Size[0]), float64(s.Size[1])
	add := func(x, y float64) {
		x0, y0, x1, y1 = min(x0, x), min(y0, y), max(x1, x), max(y1, y)
	}
	for _, k := range kinds {
		if k.shape == nil {
			continue
		}
		rings, c, ok := k.shape(s)
		if !ok {
			continue
		}
		for _, r := range rings {
			for _, p := range r {
				add(p[0], p[1])
			}
		}
		if c != nil {
			add(c.Center[0]-c.Radius, c.Center[1]-c.Radius)
			add(c.Center[0]+c.Radius, c.Center[1]+c.Radius)
		}
	}
	lim := float64(max(s.Size[0], s.Size[1], 1))
	clamp := func(v, lo, hi float64) int {
		if math.IsNaN(v) {
			return int(lo)
		}
		return int(min(max(v, lo), hi))
	}
	w, h := float64(s.Size[0]), float64(s.Size[1])
	return [4]int{clamp(math.Floor(x0), -lim, 0), clamp(math.Floor(y0), -lim, 0),
		clamp(math.Ceil(x1), w, w+lim), clamp(math.Ceil(y1), h, h+lim)}
}

// appendPath appends the SVG path of closed rings and a circle.
func appendPath(b []byte, rings []export.Ring, c *export.Circle) []byte {
	for _, r := range rings {
		for i, p := range r {
			if i == 0 {
				b = append(b, 'M')
			} else {
				b = append(b, 'L')
			}
			b = appendNums(b, p[0], p[1])
		}
		if len(r) > 0 {
			b = append(b, 'Z')
		}
	}
	if c != nil { // two half-circle arcs
		r := round3(c.Radius)
		for i, x := range [...]float64{c.Center[0] - c.Radius, c.Center[0] + c.Radius, c.Center[0] - c.Radius} {
			if i == 0 {
				b = append(b, 'M')
			} else {
				b = append(b, 'A')
				b = appendNums(b, r, r)
				b = append(b, " 0 1 0 "...)
			}
			b = appendNums(b, x, c.Center[1])
		}
		b = append(b, 'Z')
	}
	return b
}

// round3 rounds a coordinate to three decimals: plenty for drawing, and
// it keeps the data small.
func round3(v float64) float64 { return math.Round(v*1000) / 1000 }

// appendNum appends v rounded to three decimals as a path number (0 for
// a value that is not a finite number).
func appendNum(b []byte, v float64) []byte {
	v = round3(v)
	if math.IsNaN(v) || math.IsInf(v, 0) {
		v = 0
	}
	if v == 0 {
		v = 0 // no "-0"
	}
	return strconv.AppendFloat(b, v, 'f', -1, 64)
}

// appendNums appends x and y separated by a space.
func appendNums(b []byte, x, y float64) []byte {
	return appendNum(append(appendNum(b, x), ' '), y)
}

// indexPage is one file of the index: the figures the page sorts,
// filters and bins by, for a run of sprites in name order, as columns. A
// figure a sprite does not have is -1.
type indexPage struct {
	Page     int                   `json:"page"`
	First    int                   `json:"first"` // position of the first sprite
	Names    []string              `json:"n"`
	Pixels   []int                 `json:"px"`
	Outside  []int                 `json:"out"` // over all kinds
	Warnings []int                 `json:"w"`
	Kinds    map[string]*indexKind `json:"k"`
}

// indexKind holds one kind's columns of an index page.
type indexKind struct {
	FPArea    []float64 `json:"fp"`
	AreaRatio []float64 `json:"ar"`
	Count     []int     `json:"c"` // vertices or pieces, as card's "verts"
}

// add appends the row of s.
func (p *indexPage) add(s *export.Sprite) {
	row := len(p.Names)
	p.Names = append(p.Names, s.Name)
	p.Pixels = append(p.Pixels, s.Pixels)
	out := 0
	for k, q := range s.Quality {
		out += q.Outside
		ik := p.Kinds[k]
		if ik == nil {
			ik = &indexKind{}
			for range row {
				ik.FPArea, ik.AreaRatio, ik.Count = append(ik.FPArea, -1), append(ik.AreaRatio, -1), append(ik.Count, -1)
			}
			p.Kinds[k] = ik
		}
		n := -1
		if i := kindIndex(k); i >= 0 {
			n, _ = kinds[i].count(s)
		}
		ik.FPArea, ik.AreaRatio, ik.Count = append(ik.FPArea, round4(q.FPArea)), append(ik.AreaRatio, round4(q.AreaRatio)), append(ik.Count, n)
	}
	for k, ik := range p.Kinds {
		if _, ok := s.Quality[k]; !ok {
			ik.FPArea, ik.AreaRatio, ik.Count = append(ik.FPArea, -1), append(ik.AreaRatio, -1), append(ik.Count, -1)
		}
	}
	p.Outside = append(p.Outside, out)
	p.Warnings = append(p.Warnings, len(s.Warnings))
}

// reset empties p for the page that starts at position first.
func (p *indexPage) reset(page, first int) {
	p.Page, p.First = page, first
	p.Names, p.Pixels, p.Outside, p.Warnings = p.Names[:0], p.Pixels[:0], p.Outside[:0], p.Warnings[:0]
	p.Kinds = map[string]*indexKind{}
}

// totals are the figures at the top of a report.
type totals struct {
	// Sprites counts all sprites; Frames those that are frames of a sheet
	// or atlas (their name is not their image's); Images the distinct
	// image files.
	Sprites int `json:"sprites"`
	Frames  int `json:"frames"`
	Images  int `json:"images"`
	// Empty counts sprites with no opaque pixel.
	Empty int `json:"empty"`
	// Failures counts the lines of Options.Failures.
	Failures int `json:"failures"`
	// Pixels is the total of opaque pixels.
	Pixels int `json:"pixels"`
	// Outside is the total of quality.outside over all sprites and kinds
	// (0 when every shape holds its pixels).
	Outside int `json:"outside"`
	// Warnings counts sprites with at least one warning.
	Warnings int `json:"warnings"`
	// Flagged counts the sprites the page flags (see flagged).
	Flagged int `json:"flagged"`
	// Kinds holds per kind with figures, in report order, the median and
	// 90th percentile of area_ratio and fp_area.
	Kinds []kindTotals `json:"kinds"`
}

// kindTotals are the figures of one shape kind over all sprites that have it.
type kindTotals struct {
	Kind       string  `json:"kind"`
	Sprites    int     `json:"sprites"`
	AreaMedian float64 `json:"area_median"`
	AreaP90    float64 `json:"area_p90"`
	FPMedian   float64 `json:"fp_median"`
	FPP90      float64 `json:"fp_p90"`
}

// flagged reports whether the page flags a sprite: some opaque pixel is
// outside one of its shapes, or some kind's fp_area (rounded as the page
// gets it) is above threshold.
func flagged(s *export.Sprite, threshold float64) bool {
	for _, q := range s.Quality {
		if q.Outside != 0 || round4(q.FPArea) > threshold {
			return true
		}
	}
	return false
}

// counts is a multiset of figures rounded to four significant digits:
// its size is the number of distinct values, which the rounding bounds
// (9,000 a decade; fp_area, within [0, 1] and rounded to four decimals,
// has at most 10,001) whatever the number of sprites.
type counts struct {
	n int
	m map[float64]int
}

func (c *counts) add(v float64) {
	if c.m == nil {
		c.m = map[float64]int{}
	}
	c.m[sig4(v)]++
	c.n++
}

// sig4 rounds v to four significant digits.
func sig4(v float64) float64 {
	if v == 0 || math.IsNaN(v) || math.IsInf(v, 0) {
		return v
	}
	r, err := strconv.ParseFloat(strconv.FormatFloat(v, 'g', 4, 64), 64)
	if err != nil {
		return v
	}
	return r
}

// quantiles returns the q-quantiles of the values by the nearest-rank
// method (the smallest value with at least a share q of the values at or
// below it; the median of an even count is the lower middle value), in
// the order of qs, which must be increasing.
func (c *counts) quantiles(qs ...float64) []float64 {
	out := make([]float64, len(qs))
	if c.n == 0 {
		return out
	}
	vals := make([]float64, 0, len(c.m))
	for v := range c.m {
		vals = append(vals, v)
	}
	slices.Sort(vals)
	seen, j := 0, 0
	for i, q := range qs {
		rank := max(1, int(math.Ceil(q*float64(c.n)))) // 1-based
		for ; j < len(vals); j++ {
			if seen+c.m[vals[j]] >= rank {
				break
			}
			seen += c.m[vals[j]]
		}
		out[i] = vals[min(j, len(vals)-1)]
	}
	return out
}

// histBins is the number of columns of the fp_area histogram over [0, 1].
const histBins = 20

// bin returns the histogram column of a rounded fp_area: floor(v*bins),
// kept within [0, bins-1]; the page computes it the same way.
func bin(v float64) int {
	return min(max(int(math.Floor(v*histBins)), 0), histBins-1)
}

// imageCounter counts distinct images in a stream of sprites in name
// order. By DESIGN.md's naming rule a sprite of image a/b.png is named
// a/b, or a/b/<frame> for a frame of a sheet or atlas; so once a name
// no longer starts with a/b/, no later sprite is a frame of a/b.png, and
// the counter keeps only the images whose frames may still come (a
// stack, as deep as the folders nest). A sprite named otherwise counts
// its image unless the sprite before it had the same image.
type imageCounter struct {
	n    int
	open []string // stems with "/", innermost last; frames of each may still come
	last string
}

func (c *imageCounter) add(name, image string) {
	for len(c.open) > 0 && !strings.HasPrefix(name, c.open[len(c.open)-1]) {
		c.open = c.open[:len(c.open)-1]
	}
	stem := strings.TrimSuffix(image, path.Ext(image))
	switch {
	case name == stem:
		c.n++
	case strings.HasPrefix(name, stem+"/"):
		if !slices.Contains(c.open, stem+"/") {
			c.n++
			c.open = append(c.open, stem+"/")
		}
	case image != c.last:
		c.n++
	}
	c.last = image
}

// isFrame reports whether s is a frame of a sheet or atlas: its name is
// not its image's path without the extension.
func isFrame(s *export.Sprite) bool {
	return s.Image != "" && strings.TrimSuffix(s.Image, path.Ext(s.Image)) != s.Name
}

// ranked is a card and the value it is sorted by at first.
type ranked struct {
	v   float64
	has bool
	c   card
}

// firstPage keeps the first cards of the page's opening order while the
// sprites stream past in name order: fp_area of the sort kind, worst
// first, ties in name order, sprites without the figure last (in name
// order). It holds at most size cards.
type firstPage struct {
	size    int
	kind    string
	top     []ranked // with the figure, in order
	missing []ranked // without, in name order
}

// offer considers the sprite s, whose card is c.
func (f *firstPage) offer(s *export.Sprite, c *card) {
	q, has := s.Quality[f.kind]
	if !has {
		if len(f.missing) < f.size {
			f.missing = append(f.missing, ranked{c: *c})
		}
		return
	}
	v := round4(q.FPArea)
	// Later sprites come after earlier ones of the same value.
	i, _ := slices.BinarySearchFunc(f.top, v, func(r ranked, v float64) int {
		if r.v >= v {
			return -1
		}
		return 1
	})
	if i >= f.size {
		return
	}
	if len(f.top) == f.size {
		f.top = f.top[:f.size-1]
	}
	f.top = slices.Insert(f.top, i, ranked{v: v, has: true, c: *c})
}

// cards returns the kept cards in the page's order.
func (f *firstPage) cards() []card {
	out := make([]card, 0, f.size)
	for _, r := range f.top {
		out = append(out, r.c)
	}
	for _, r := range f.missing {
		if len(out) == f.size {
			break
		}
		out = append(out, r.c)
	}
	return out
}
