package report

import (
	"fmt"
	"image/color"
	"math"
	"slices"

	"github.com/shapegen/shapegen/collide"
	"github.com/shapegen/shapegen/export"
	"github.com/shapegen/shapegen/export/preview"
)

// kind is how the report shows one shape kind, or the pivot: its label
// and stroke; the writer turns the kind's geometry on a sprite (see
// geometry) into an SVG path, so that the page draws every kind the same
// way and knows no kind by name. The pivot is drawn as a cross at the
// sprite's pivot, and listed with the kinds so that it can be switched
// off like the shapes.
type kind struct {
	kind  collide.Kind // unused for the pivot
	pivot bool
	label string  // "" for the kind's name
	width float64 // stroke width in CSS pixels
	dash  string  // SVG stroke-dasharray, "" for a solid line
	// tint fills the area the shape adds around the pixels, lightly.
	tint bool
	// evenOdd fills with the even-odd rule (rings after the first are holes).
	evenOdd bool
	// count returns the number the kind's "verts" column shows (vertices,
	// or the number of pieces), or -1 for none; nil for a kind without
	// one. countSuffix follows it ("3×" pieces), and countLabel names it
	// in the sort menu.
	count       func(s *export.Sprite) int
	countSuffix string
	countLabel  string
}

// styles are the shape kinds' rows of kinds.
var styles = [collide.NumKinds]kind{
	collide.KindAABB:   {width: 1.5, dash: "5 3", tint: true},
	collide.KindCircle: {width: 1.5, tint: true},
	collide.KindBox:    {label: "oriented box", width: 1.5, dash: "8 3", tint: true},
	collide.KindHull: {width: 1.5, tint: true,
		count: func(s *export.Sprite) int { return vertices(s.Hull) }, countLabel: "hull vertices"},
	collide.KindPolygon: {width: 2.5, tint: true,
		count: func(s *export.Sprite) int { return vertices(s.Polygon) }, countLabel: "polygon vertices"},
	collide.KindPieces: {width: 1.5, tint: true,
		count: func(s *export.Sprite) int { return vertices(s.Pieces) }, countSuffix: "×", countLabel: "number of pieces"},
	collide.KindOutline: {width: 1, dash: "3 2", evenOdd: true, count: func(s *export.Sprite) int {
		if len(s.Outline) == 0 {
			return -1
		}
		n := 0
		for _, r := range s.Outline {
			n += len(r)
		}
		return n
	}, countLabel: "outline vertices"},
}

// kinds are what the report draws, in export/preview's drawing order
// (largest first, so the tight shapes end on top), then the pivot, which
// has no figures. Colours are export.Colour's and the preview's pivot
// colour.
var kinds = func() []kind {
	var out []kind
	for k := range preview.Order() {
		row := styles[k]
		row.kind = k
		out = append(out, row)
	}
	return append(out, kind{pivot: true, width: 1.5})
}()

// pivotName is the pivot's name and label on the page.
const pivotName = "pivot"

// name returns k's name on the page: the shape kind's name, or "pivot".
func (k *kind) name() string {
	if k.pivot {
		return pivotName
	}
	return k.kind.String()
}

// colour returns the CSS colour k is drawn in, as export/preview draws it.
func (k *kind) colour() string {
	c := preview.PivotColour()
	if !k.pivot {
		c = export.Colour(k.kind)
	}
	return css(c)
}

func css(c color.NRGBA) string { return fmt.Sprintf("#%02x%02x%02x", c.R, c.G, c.B) }

// sortPreference lists the kinds whose fp_area orders the page at first
// ("worst first"), most preferred first: the first of them the build
// computed. A game tests the tight convex shapes most.
var sortPreference = []collide.Kind{collide.KindPolygon, collide.KindHull, collide.KindPieces, collide.KindBox, collide.KindCircle, collide.KindAABB}

// vertices returns len(s), or -1 for none.
func vertices[S ~[]E, E any](s S) int {
	if len(s) == 0 {
		return -1
	}
	return len(s)
}

// kindIndex returns the index in kinds of the shape kind called name, and
// -1 for a name that is no shape kind.
func kindIndex(name string) int {
	k, ok := collide.ParseKind(name)
	if !ok {
		return -1
	}
	return slices.IndexFunc(kinds, func(r kind) bool { return !r.pivot && r.kind == k })
}

// countOf returns the count the figures show for the kind called name on
// s (see kind.count), and -1 for none.
func countOf(s *export.Sprite, name string) int { return countAt(s, kindIndex(name)) }

// countAt is countOf for the kind at index i of kinds (-1 for none).
func countAt(s *export.Sprite, i int) int {
	if i >= 0 && kinds[i].count != nil {
		return kinds[i].count(s)
	}
	return -1
}

// geometry returns the shape of kind k on s as the page draws it: closed
// rings, or a circle; ok is false when s has none. It is the shape
// Sprite.Shape gives, an oriented box turned into its four corners.
func geometry(s *export.Sprite, k collide.Kind) (rings []collide.Polygon, c *collide.Circle, ok bool) {
	r, ok := s.Shape(k)
	if !ok {
		return nil, nil, false
	}
	switch r := r.(type) {
	case collide.Rect:
		return []collide.Polygon{{r.Min, collide.V(r.Max.X, r.Min.Y), r.Max, collide.V(r.Min.X, r.Max.Y)}}, nil, true
	case collide.Circle:
		return nil, &r, true
	case collide.Box:
		// Not collide.Box.Corners: its sums round differently in the last
		// place, and the page's data stays as it was written.
		cos, sin := math.Cos(r.Angle), math.Sin(r.Angle)
		ring := make(collide.Polygon, 4)
		for i, u := range [4][2]float64{{-1, -1}, {1, -1}, {1, 1}, {-1, 1}} {
			x, y := u[0]*r.Half.X, u[1]*r.Half.Y
			ring[i] = collide.V(r.Center.X+cos*x-sin*y, r.Center.Y+sin*x+cos*y)
		}
		return []collide.Polygon{ring}, nil, true
	case collide.Polygon:
		return []collide.Polygon{r}, nil, true
	case collide.Compound:
		return r, nil, true
	case collide.Rings:
		rings = make([]collide.Polygon, len(r))
		for i, ring := range r {
			rings[i] = ring
		}
		return rings, nil, true
	}
	return nil, nil, false
}

// draws reports whether the card of s draws kind k: the pivot of a
// sprite with pixels, and a shape of k with a circle or a ring of some
// vertex (what makeCard does not leave "").
func draws(s *export.Sprite, k kind) bool {
	if k.pivot {
		return s.Pixels > 0
	}
	r, ok := s.Shape(k.kind)
	if !ok {
		return false
	}
	switch r := r.(type) {
	case collide.Polygon:
		return len(r) > 0
	case collide.Compound:
		return slices.ContainsFunc(r, func(p collide.Polygon) bool { return len(p) > 0 })
	case collide.Rings:
		return slices.ContainsFunc(r, func(p []collide.Vec) bool { return len(p) > 0 })
	case collide.Rect, collide.Circle, collide.Box:
		return true
	}
	return false
}

// kindInfo is a kind as the page's data states it.
type kindInfo struct {
	Name    string  `json:"name"`
	Label   string  `json:"label"`
	Colour  string  `json:"colour"`
	Width   float64 `json:"width"`
	Dash    string  `json:"dash,omitempty"`
	Tint    bool    `json:"tint,omitempty"`
	EvenOdd bool    `json:"evenodd,omitempty"`
	Halo    bool    `json:"halo,omitempty"`
	Point   bool    `json:"point,omitempty"`
	// Count names the kind's count in the sort menu ("" for none), and
	// Suffix follows the count in a figures table.
	Count  string `json:"count,omitempty"`
	Suffix string `json:"suffix,omitempty"`
	// Present says some sprite of the report has the kind.
	Present bool `json:"present"`
}

// kindInfos returns the kinds as the page's data states them; present
// says which kinds some sprite has. The pivot is drawn with a halo, as a
// point (a cross at the sprite's pivot).
func kindInfos(present []bool) []kindInfo {
	out := make([]kindInfo, len(kinds))
	for i, k := range kinds {
		label := k.label
		if label == "" {
			label = k.name()
		}
		out[i] = kindInfo{Name: k.name(), Label: label, Colour: k.colour(), Width: k.width, Dash: k.dash,
			Tint: k.tint, EvenOdd: k.evenOdd, Halo: k.pivot, Point: k.pivot, Count: k.countLabel, Suffix: k.countSuffix, Present: present[i]}
	}
	return out
}
