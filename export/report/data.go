package report

import (
	"maps"
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

// hasSprites reports whether opt gives sprites' 1x images.
func hasSprites(opt *Options) bool { return opt.SpriteFor != nil || opt.SpriteDir != "" }

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

// card is one sprite as the page draws it, with short keys; what the
// page can tell otherwise is left out. Shapes come one per kind in the
// order of the kinds table: an SVG path, [cx, cy, r] for a circle, or ""
// for a kind the sprite does not have, so the page needs no geometry of
// its own. The name and figures are in the index; only the first cards,
// which show before the index loads, carry them.
type card struct {
	X     int     `json:"x"` // position in name order
	Name  string  `json:"n,omitempty"`
	Image string  `json:"i,omitempty"` // omitted when <name>.png
	Frame *[4]int `json:"f,omitempty"` // omitted when the whole image
	// Rotated says the frame is stored turned a quarter turn (as
	// export.Sprite.Rotated).
	Rotated bool       `json:"r,omitempty"`
	Offset  *[2]int    `json:"o,omitempty"`
	Size    [2]int     `json:"s"`
	Pivot   [2]float64 `json:"pv"`
	Pixels  int        `json:"px"`
	// Preview and Sprite are links given by Options.PreviewFor and
	// SpriteFor; with PreviewDir and SpriteDir the page makes them.
	Preview string `json:"p,omitempty"`
	Sprite  string `json:"sp,omitempty"`
	// SourceImage is the link Options.ImageFor gives.
	SourceImage string `json:"im,omitempty"`
	// PreviewRect is where the preview PNG holds its drawing (x, y, w, h)
	// and the PNG's width, so the page can show the drawing without the
	// legend under it; present when the sprite has a preview.
	PreviewRect []int `json:"pr,omitempty"`
	// View is the rectangle x0, y0, x1, y1 a picture shows: the sprite
	// and its shapes.
	View     [4]int   `json:"v"`
	Shapes   []any    `json:"d"`
	Figures  []figure `json:"q,omitempty"`
	Warnings []string `json:"w,omitempty"`
	// drawn, when set, is View and Shapes as encoded (see drawer), which
	// are then left empty.
	drawn []byte
}

// figure is one kind's figures on a first card.
type figure struct {
	Kind      string  `json:"k"`
	Outside   int     `json:"out"`
	AreaRatio float64 `json:"ar"`
	FPArea    float64 `json:"fp"`
	Count     int     `json:"c"` // -1 for none
}

// round4 rounds a figure to four decimals, as the page gets it: the
// writer sorts, bins and totals the rounded values, so that the page's
// order, histogram and flags agree with the writer's to the bit. A value
// that is not a number becomes -1, which the page reads as missing.
func round4(v float64) float64 {
	if math.IsNaN(v) || math.IsInf(v, 0) {
		return -1
	}
	return math.Round(v*1e4) / 1e4
}

// makeCard returns the card of s at position x, without the name and
// figures (see withHead), its shapes drawn by d.
func makeCard(s *export.Sprite, x int, opt *Options, d *drawer) (card, error) {
	c := card{X: x, Size: s.Size, Pivot: [2]float64{round3(s.Pivot[0]), round3(s.Pivot[1])}, Pixels: s.Pixels, Warnings: s.Warnings, Rotated: s.Rotated}
	if s.Image != s.Name+".png" {
		c.Image = s.Image
	}
	if f := s.Frame; f.X != 0 || f.Y != 0 || [2]int{f.W, f.H} != s.Size || s.Rotated {
		c.Frame = &[4]int{f.X, f.Y, f.W, f.H}
	}
	if s.Offset != nil && *s.Offset != [2]int{} {
		c.Offset = s.Offset
	}
	if p, ok := link(s.Name, opt.PreviewFor, opt.PreviewDir); ok {
		if opt.PreviewFor != nil {
			c.Preview = p
		}
		r, w := preview.Layout(s, preview.Options{AlphaThreshold: opt.Settings.AlphaThreshold})
		c.PreviewRect = []int{r.Min.X, r.Min.Y, r.Dx(), r.Dy(), w}
	}
	if opt.SpriteFor != nil {
		c.Sprite, _ = opt.SpriteFor(s.Name)
	}
	if opt.ImageFor != nil && !hasSprites(opt) {
		c.SourceImage, _ = opt.ImageFor(s.Image)
	}
	var err error
	c.drawn, err = d.draw(s)
	return c, err
}

// withHead adds the name and the figures of s to its card c.
func withHead(c card, s *export.Sprite) card {
	c.Name = s.Name
	for _, k := range figureKinds(s.Quality) {
		q := s.Quality[k]
		f := figure{Kind: k, Outside: q.Outside, AreaRatio: round4(q.AreaRatio), FPArea: round4(q.FPArea), Count: countOf(s, k)}
		c.Figures = append(c.Figures, f)
	}
	return c
}

// figureKinds returns the kinds of q in report order: those of the kinds
// table in its order, then any other in name order.
func figureKinds(q map[string]export.Quality) []string {
	out := make([]string, 0, len(q))
	for _, k := range kinds {
		if _, ok := q[k.name()]; ok && !k.pivot {
			out = append(out, k.name())
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

// view gathers the rectangle a picture of a sprite shows: the sprite's
// own space and its shapes.
type view struct{ x0, y0, x1, y1 float64 }

func newView(s *export.Sprite) view { return view{0, 0, float64(s.Size[0]), float64(s.Size[1])} }

func (v *view) add(x, y float64) {
	v.x0, v.y0, v.x1, v.y1 = min(v.x0, x), min(v.y0, y), max(v.x1, x), max(v.y1, y)
}

// rect returns the rectangle x0, y0, x1, y1 in whole pixels, reaching at
// most the sprite's longer side beyond the sprite.
func (v *view) rect(s *export.Sprite) [4]int {
	lim := float64(max(s.Size[0], s.Size[1], 1))
	clamp := func(x, lo, hi float64) int {
		if math.IsNaN(x) {
			return int(lo)
		}
		return int(min(max(x, lo), hi))
	}
	w, h := float64(s.Size[0]), float64(s.Size[1])
	return [4]int{clamp(math.Floor(v.x0), -lim, 0), clamp(math.Floor(v.y0), -lim, 0),
		clamp(math.Ceil(v.x1), w, w+lim), clamp(math.Ceil(v.y1), h, h+lim)}
}

// appendPath appends the SVG path of closed rings.
func appendPath(b []byte, rings []export.Ring) []byte {
	for _, r := range rings {
		for i, p := range r {
			if i == 0 {
				b = append(b, 'M')
			} else {
				b = append(b, 'L')
			}
			b = appendNum(append(appendNum(b, p[0]), ' '), p[1])
		}
		if len(r) > 0 {
			b = append(b, 'Z')
		}
	}
	return b
}

// round2 rounds a coordinate to two decimals, plenty for drawing (a
// hundredth of a sprite pixel), which keeps the data small.
func round2(v float64) float64 {
	if math.IsNaN(v) || math.IsInf(v, 0) {
		return 0
	}
	r := math.Round(v*100) / 100
	if r == 0 {
		return 0 // not -0
	}
	return r
}

// round3 rounds the pivot to three decimals.
func round3(v float64) float64 { return math.Round(v*1000) / 1000 }

// appendNum appends v rounded to two decimals as a path number, as
// strconv.AppendFloat(b, round2(v), 'f', -1, 64) would (below 1e13
// hundredths a decimal with two places has at most 15 significant
// digits, so it is the shortest that reads back as the same float64),
// written from the integer directly: strconv's shortest formatting was
// a fifth of the report's time.
func appendNum(b []byte, v float64) []byte {
	r := math.Round(v * 100)
	if math.IsNaN(r) || math.IsInf(r, 0) {
		return append(b, '0')
	}
	if math.Abs(r) >= 1e13 {
		return strconv.AppendFloat(b, r/100, 'f', -1, 64)
	}
	n := int64(r)
	if n < 0 {
		b = append(b, '-')
		n = -n
	}
	b = strconv.AppendInt(b, n/100, 10)
	switch f := n % 100; {
	case f == 0:
	case f%10 == 0:
		b = append(b, '.', byte('0'+f/10))
	default:
		b = append(b, '.', byte('0'+f/10), byte('0'+f%10))
	}
	return b
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
	// spare holds the kinds' columns of earlier pages, emptied, for the
	// kinds of this one: growing new columns for each page of 5,000 rows
	// was a sixth of what a rebuild allocated.
	spare map[string]*indexKind
}

// indexKind holds one kind's columns of an index page.
type indexKind struct {
	Outside   []int     `json:"out"`
	FPArea    []float64 `json:"fp"`
	AreaRatio []float64 `json:"ar"`
	Count     []int     `json:"c"` // vertices or pieces, as kind.count
}

// push appends a row.
func (k *indexKind) push(out int, fp, ar float64, n int) {
	k.Outside, k.FPArea, k.AreaRatio, k.Count = append(k.Outside, out), append(k.FPArea, fp), append(k.AreaRatio, ar), append(k.Count, n)
}

// start begins the row of s and returns its number; push adds each of its
// kinds and end finishes it.
func (p *indexPage) start(s *export.Sprite) int {
	p.Names = append(p.Names, s.Name)
	p.Pixels = append(p.Pixels, s.Pixels)
	return len(p.Names) - 1
}

// push adds to row the figures of the kind called k.
func (p *indexPage) push(row int, k string, out int, fp, ar float64, n int) {
	ik := p.Kinds[k]
	if ik == nil {
		if ik = p.spare[k]; ik != nil {
			delete(p.spare, k)
		} else {
			ik = &indexKind{}
		}
		for range row {
			ik.push(-1, -1, -1, -1)
		}
		p.Kinds[k] = ik
	}
	ik.push(out, fp, ar, n)
}

// end finishes the row of s, whose kinds' Outside sum to out: the page's
// kinds that s does not have get no figures in this row.
func (p *indexPage) end(s *export.Sprite, out int) {
	if len(p.Kinds) > len(s.Quality) { // each kind of s is on the page now
		for k, ik := range p.Kinds {
			if _, ok := s.Quality[k]; !ok {
				ik.push(-1, -1, -1, -1)
			}
		}
	}
	p.Outside = append(p.Outside, out)
	p.Warnings = append(p.Warnings, len(s.Warnings))
}

// reset empties p for the page that starts at position first.
func (p *indexPage) reset(page, first int) {
	p.Page, p.First = page, first
	p.Names, p.Pixels, p.Outside, p.Warnings = p.Names[:0], p.Pixels[:0], p.Outside[:0], p.Warnings[:0]
	if p.Kinds == nil {
		p.Kinds = map[string]*indexKind{}
	}
	for k, ik := range p.Kinds {
		if ik != nil {
			ik.Outside, ik.FPArea, ik.AreaRatio, ik.Count = ik.Outside[:0], ik.FPArea[:0], ik.AreaRatio[:0], ik.Count[:0]
			if p.spare == nil {
				p.spare = map[string]*indexKind{}
			}
			p.spare[k] = ik
		}
	}
	clear(p.Kinds)
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

// counts is a multiset of figures rounded to four significant digits:
// its size is the number of distinct values, which the rounding bounds
// (9,000 a decade; fp_area, within [0, 1] and rounded to four decimals,
// has at most 10,001) whatever the number of sprites.
type counts struct {
	n int
	// dense counts, by k, the values that are exactly k/10⁴ for k in
	// 1..10⁴, as every non-zero fp_area is once rounded as the page gets
	// it: with at most four decimals below 1 they have at most four
	// significant digits, so sig4 keeps them (TestCountsDense checks all
	// 10,000), and adding one to an array costs a fraction of a map's.
	dense *[10001]int
	// ratios counts, by k, the values in [1, 9.999) that sig4 makes
	// (1000+k)/10³, as it does the common area ratio (see sig4).
	ratios *[9000]int
	m      map[float64]int // the other values, by sig4
}

func (c *counts) add(v float64) {
	c.n++
	if v > 0 && v <= 1 {
		if k := math.Round(v * 1e4); k/1e4 == v {
			if c.dense == nil {
				c.dense = new([10001]int)
			}
			c.dense[int(k)]++
			return
		}
	}
	if v >= 1 && v < 9.999 {
		if c.ratios == nil {
			c.ratios = new([9000]int)
		}
		c.ratios[int(math.Round(v*1e3))-1000]++
		return
	}
	if c.m == nil {
		c.m = map[float64]int{}
	}
	c.m[sig4(v)]++
}

// sig4 rounds v to four significant digits (by scaling with a power of
// ten; the same v always gives the same value, which is what the counts
// need).
func sig4(v float64) float64 {
	if v >= 1 && v < 9.999 {
		// The common area ratio: sig4Scaled's scale is 10³ here, as
		// log10(v) is in [0, 0.99996) (TestSig4 holds the two ways equal).
		return math.Round(v*1e3) / 1e3
	}
	return sig4Scaled(v)
}

// sig4Scaled is sig4 for any v.
func sig4Scaled(v float64) float64 {
	if v == 0 || math.IsNaN(v) || math.IsInf(v, 0) {
		return v
	}
	e := 3 - int(math.Floor(math.Log10(math.Abs(v))))
	if e < -300 || e > 300 {
		return v
	}
	if e >= 0 {
		p := math.Pow10(e)
		return math.Round(v*p) / p
	}
	p := math.Pow10(-e)
	return math.Round(v/p) * p
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
	m := maps.Clone(c.m) // with the arrays' values, which can be one value (1)
	if m == nil {
		m = map[float64]int{}
	}
	if c.dense != nil {
		for k, n := range c.dense {
			if n > 0 {
				m[float64(k)/1e4] += n
			}
		}
	}
	if c.ratios != nil {
		for k, n := range c.ratios {
			if n > 0 {
				m[float64(1000+k)/1e3] += n // sig4's value
			}
		}
	}
	vals := slices.Sorted(maps.Keys(m))
	seen, j := 0, 0
	for i, q := range qs {
		rank := max(1, int(math.Ceil(q*float64(c.n)))) // 1-based
		for ; j < len(vals); j++ {
			if seen+m[vals[j]] >= rank {
				break
			}
			seen += m[vals[j]]
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
	case len(name) > len(stem) && name[len(stem)] == '/' && strings.HasPrefix(name, stem): // no stem+"/" made per sprite
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
	v float64
	c *card
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

// offer considers the sprite s, whose card card returns (called only
// when s is kept).
func (f *firstPage) offer(s *export.Sprite, card func() *card) {
	q, has := s.Quality[f.kind]
	if !has {
		if len(f.missing) < f.size {
			h := withHead(*card(), s)
			f.missing = append(f.missing, ranked{c: &h})
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
	h := withHead(*card(), s)
	f.top = slices.Insert(f.top, i, ranked{v: v, c: &h})
}

// cards returns the kept cards in the page's order.
func (f *firstPage) cards() []card {
	out := make([]card, 0, f.size)
	for _, r := range f.top {
		out = append(out, *r.c)
	}
	for _, r := range f.missing {
		if len(out) == f.size {
			break
		}
		out = append(out, *r.c)
	}
	return out
}
