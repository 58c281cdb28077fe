package report

import (
	"math"
	"net/url"
	"slices"
	"strings"

	"github.com/shapegen/shapegen/export"
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
			fp[k] = append(fp[k], q.FPArea)
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
