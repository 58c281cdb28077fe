package report

import (
	"math"
	"net/url"
	"slices"
	"strconv"
	"strings"

	"github.com/shapegen/shapegen/export"
	"github.com/shapegen/shapegen/export/preview"
)

// num is a float64 written to JSON with at most three decimals, which is
// plenty for drawing and reading figures and keeps the page small.
type num float64

func (n num) MarshalJSON() ([]byte, error) {
	v := float64(n)
	if math.IsNaN(v) || math.IsInf(v, 0) {
		return []byte("null"), nil
	}
	return strconv.AppendFloat(nil, math.Round(v*1000)/1000, 'f', -1, 64), nil
}

type pt [2]num

type ring []pt

// page is the JSON blob the page's script reads.
type page struct {
	Title     string            `json:"title"`
	Generator string            `json:"generator"`
	Settings  export.Settings   `json:"settings"`
	Elapsed   string            `json:"elapsed,omitempty"`
	Failures  []string          `json:"failures"`
	Kinds     []string          `json:"kinds"`
	Colours   map[string]string `json:"colours"`
	Totals    Totals            `json:"totals"`
	Sprites   []card            `json:"sprites"`
}

// card is one sprite as the page needs it, with short keys.
type card struct {
	Name    string `json:"n"`
	Image   string `json:"i"`
	Frame   [4]int `json:"f"`
	Offset  [2]int `json:"o"`
	Size    [2]int `json:"s"`
	Pivot   pt     `json:"pv"`
	Pixels  int    `json:"px"`
	Preview string `json:"p,omitempty"`
	// PreviewRect is where the preview PNG holds its drawing (x, y, w, h)
	// and the PNG's width, so the page can show the drawing without the
	// legend under it.
	PreviewRect []int             `json:"pr,omitempty"`
	Sprite      string            `json:"sp,omitempty"`
	AABB        []num             `json:"aabb,omitempty"`   // x0, y0, x1, y1
	Circle      []num             `json:"circle,omitempty"` // cx, cy, r
	Box         []num             `json:"box,omitempty"`    // cx, cy, hx, hy, angle
	Hull        ring              `json:"hull,omitempty"`
	Polygon     ring              `json:"polygon,omitempty"`
	Pieces      []ring            `json:"pieces,omitempty"`
	Outline     []ring            `json:"outline,omitempty"`
	Quality     map[string][3]num `json:"q,omitempty"` // outside, area_ratio, pair_fp_rate
	Warnings    []string          `json:"w,omitempty"`
}

func toPt(p export.Point) pt { return pt{num(p[0]), num(p[1])} }

func toRing(r export.Ring) ring {
	if len(r) == 0 {
		return nil
	}
	out := make(ring, len(r))
	for i, p := range r {
		out[i] = toPt(p)
	}
	return out
}

func toRings(rs []export.Ring) []ring {
	var out []ring
	for _, r := range rs {
		if len(r) > 0 {
			out = append(out, toRing(r))
		}
	}
	return out
}

func cardOf(s *export.Sprite, opt *Options, threshold int) card {
	c := card{
		Name:     s.Name,
		Image:    s.Image,
		Frame:    [4]int{s.Frame.X, s.Frame.Y, s.Frame.W, s.Frame.H},
		Size:     s.Size,
		Pivot:    toPt(s.Pivot),
		Pixels:   s.Pixels,
		Hull:     toRing(s.Hull),
		Polygon:  toRing(s.Polygon),
		Pieces:   toRings(s.Pieces),
		Outline:  toRings(s.Outline),
		Warnings: s.Warnings,
	}
	if s.Offset != nil {
		c.Offset = *s.Offset
	}
	if p, ok := link(s.Name, opt.PreviewFor, opt.PreviewDir); ok {
		c.Preview = p
		r, w := preview.Layout(s, preview.Options{AlphaThreshold: threshold})
		c.PreviewRect = []int{r.Min.X, r.Min.Y, r.Dx(), r.Dy(), w}
	}
	c.Sprite, _ = link(s.Name, opt.SpriteFor, opt.SpriteDir)
	if a := s.AABB; a != nil {
		c.AABB = []num{num(a.Min[0]), num(a.Min[1]), num(a.Max[0]), num(a.Max[1])}
	}
	if ci := s.Circle; ci != nil {
		c.Circle = []num{num(ci.Center[0]), num(ci.Center[1]), num(ci.Radius)}
	}
	if b := s.Box; b != nil {
		// The angle keeps more decimals: a rounded angle would move far corners.
		c.Box = []num{num(b.Center[0]), num(b.Center[1]), num(b.Half[0]), num(b.Half[1]), num(math.Round(b.Angle*1e6) / 1e6)}
	}
	if len(s.Quality) > 0 {
		c.Quality = make(map[string][3]num, len(s.Quality))
		for k, q := range s.Quality {
			c.Quality[k] = [3]num{num(q.Outside), num(q.AreaRatio), num(q.PairFPRate)}
		}
	}
	return c
}

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

// Totals are the figures at the top of a report.
type Totals struct {
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
	// Kinds holds per shape kind, in the order of the kinds list, the
	// median and 90th percentile of area_ratio and pair_fp_rate.
	Kinds []KindTotals `json:"kinds"`
}

// KindTotals are the figures of one shape kind over all sprites that have it.
type KindTotals struct {
	Kind       string  `json:"kind"`
	Sprites    int     `json:"sprites"`
	AreaMedian float64 `json:"area_median"`
	AreaP90    float64 `json:"area_p90"`
	FPMedian   float64 `json:"fp_median"`
	FPP90      float64 `json:"fp_p90"`
}

// qualityKinds are the kinds with quality figures, in report order.
var qualityKinds = []string{"aabb", "circle", "box", "hull", "polygon", "pieces"}

// Sum returns the totals of lib (with failures failed sprites).
func Sum(lib *export.Library, failures int) Totals {
	t := Totals{Sprites: len(lib.Sprites), Failures: failures}
	images := map[string]bool{}
	area := map[string][]float64{}
	fp := map[string][]float64{}
	for i := range lib.Sprites {
		s := &lib.Sprites[i]
		images[s.Image] = true
		if s.Image != "" && strings.TrimSuffix(s.Image, pathExt(s.Image)) != s.Name {
			t.Frames++
		}
		if s.Pixels == 0 {
			t.Empty++
		}
		if len(s.Warnings) > 0 {
			t.Warnings++
		}
		t.Pixels += s.Pixels
		for k, q := range s.Quality {
			t.Outside += q.Outside
			area[k] = append(area[k], q.AreaRatio)
			fp[k] = append(fp[k], q.PairFPRate)
		}
	}
	t.Images = len(images)
	for _, k := range qualityKinds {
		if len(area[k]) == 0 {
			continue
		}
		t.Kinds = append(t.Kinds, KindTotals{
			Kind:       k,
			Sprites:    len(area[k]),
			AreaMedian: quantile(area[k], 0.5),
			AreaP90:    quantile(area[k], 0.9),
			FPMedian:   quantile(fp[k], 0.5),
			FPP90:      quantile(fp[k], 0.9),
		})
	}
	return t
}

func pathExt(p string) string {
	i := strings.LastIndexByte(p, '.')
	if i < 0 || strings.ContainsRune(p[i:], '/') {
		return ""
	}
	return p[i:]
}

// quantile returns the q-quantile of v by the nearest-rank method (the
// smallest value with at least q of the values at or below it); v is
// sorted in place. The median of an even count is the lower middle value.
func quantile(v []float64, q float64) float64 {
	if len(v) == 0 {
		return 0
	}
	slices.Sort(v)
	i := int(math.Ceil(q*float64(len(v)))) - 1
	return v[max(0, min(i, len(v)-1))]
}
