package report

import (
	"fmt"
	"math"

	"github.com/shapegen/shapegen/export"
	"github.com/shapegen/shapegen/export/preview"
)

// kind is how the report shows one shape kind: its label and stroke, and
// its geometry on a sprite as closed rings or a circle, which the writer
// turns into an SVG path so that the page draws every kind the same way
// and knows no kind by name. The pivot is a kind too (a cross at the
// sprite's pivot), so that it can be switched off like the shapes.
type kind struct {
	name  string
	label string
	width float64 // stroke width in CSS pixels
	dash  string  // SVG stroke-dasharray, "" for a solid line
	// tint fills the area the shape adds around the pixels, lightly.
	tint bool
	// evenOdd fills with the even-odd rule (rings after the first are holes).
	evenOdd bool
	// halo draws a white line under the stroke (for the pivot's cross).
	halo bool
	// point marks a kind drawn as a cross at the sprite's pivot, not from
	// a shape (the pivot).
	point bool
	// shape returns the kind's rings or circle on s, and false when s
	// has none.
	shape func(s *export.Sprite) (rings []export.Ring, c *export.Circle, ok bool)
	// count returns the number the kind's "verts" column shows (vertices,
	// or the number of pieces), or -1 for none; countSuffix follows it
	// ("3×" pieces), and countLabel names it in the sort menu.
	count       func(s *export.Sprite) int
	countSuffix string
	countLabel  string
}

// kinds are the kinds the report draws, in drawing order (largest first,
// so the tight shapes end on top), as export/preview draws them; pivot is
// the last and has no figures. Colours come from preview.Colour.
var kinds = []kind{
	{name: "aabb", label: "aabb", width: 1.5, dash: "5 3", tint: true, shape: func(s *export.Sprite) ([]export.Ring, *export.Circle, bool) {
		if s.AABB == nil {
			return nil, nil, false
		}
		a := s.AABB
		return []export.Ring{{a.Min, {a.Max[0], a.Min[1]}, a.Max, {a.Min[0], a.Max[1]}}}, nil, true
	}, count: noCount},
	{name: "circle", label: "circle", width: 1.5, tint: true, shape: func(s *export.Sprite) ([]export.Ring, *export.Circle, bool) {
		return nil, s.Circle, s.Circle != nil
	}, count: noCount},
	{name: "box", label: "oriented box", width: 1.5, dash: "8 3", tint: true, shape: func(s *export.Sprite) ([]export.Ring, *export.Circle, bool) {
		if s.Box == nil {
			return nil, nil, false
		}
		b := s.Box
		c, sn := math.Cos(b.Angle), math.Sin(b.Angle)
		r := make(export.Ring, 4)
		for i, u := range [4][2]float64{{-1, -1}, {1, -1}, {1, 1}, {-1, 1}} {
			x, y := u[0]*b.Half[0], u[1]*b.Half[1]
			r[i] = export.Point{b.Center[0] + c*x - sn*y, b.Center[1] + sn*x + c*y}
		}
		return []export.Ring{r}, nil, true
	}, count: noCount},
	{name: "hull", label: "hull", width: 1.5, tint: true, shape: func(s *export.Sprite) ([]export.Ring, *export.Circle, bool) {
		return []export.Ring{s.Hull}, nil, len(s.Hull) > 0
	}, count: func(s *export.Sprite) int { return vertices(s.Hull) }, countLabel: "hull vertices"},
	{name: "outline", label: "outline", width: 1, dash: "3 2", evenOdd: true, shape: func(s *export.Sprite) ([]export.Ring, *export.Circle, bool) {
		return s.Outline, nil, len(s.Outline) > 0
	}, count: func(s *export.Sprite) int {
		if len(s.Outline) == 0 {
			return -1
		}
		n := 0
		for _, r := range s.Outline {
			n += len(r)
		}
		return n
	}, countLabel: "outline vertices"},
	{name: "pieces", label: "pieces", width: 1.5, tint: true, shape: func(s *export.Sprite) ([]export.Ring, *export.Circle, bool) {
		return s.Pieces, nil, len(s.Pieces) > 0
	}, count: func(s *export.Sprite) int { return vertices(s.Pieces) }, countSuffix: "×", countLabel: "number of pieces"},
	{name: "polygon", label: "polygon", width: 2.5, tint: true, shape: func(s *export.Sprite) ([]export.Ring, *export.Circle, bool) {
		return []export.Ring{s.Polygon}, nil, len(s.Polygon) > 0
	}, count: func(s *export.Sprite) int { return vertices(s.Polygon) }, countLabel: "polygon vertices"},
	{name: "pivot", label: "pivot", width: 1.5, halo: true, point: true, count: noCount},
}

// sortPreference lists the kinds whose fp_area orders the page at first
// ("worst first"), most preferred first: the first of them the build
// computed. A game tests the tight convex shapes most.
var sortPreference = []string{"polygon", "hull", "pieces", "box", "circle", "aabb"}

func noCount(*export.Sprite) int { return -1 }

// vertices returns len(s), or -1 for none.
func vertices[S ~[]E, E any](s S) int {
	if len(s) == 0 {
		return -1
	}
	return len(s)
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
// says which kinds some sprite has.
func kindInfos(present []bool) []kindInfo {
	out := make([]kindInfo, len(kinds))
	for i, k := range kinds {
		out[i] = kindInfo{Name: k.name, Label: k.label, Colour: colour(k.name), Width: k.width, Dash: k.dash,
			Tint: k.tint, EvenOdd: k.evenOdd, Halo: k.halo, Point: k.point, Count: k.countLabel, Suffix: k.countSuffix, Present: present[i]}
	}
	return out
}

// colour returns the CSS colour export/preview draws kind in.
func colour(kind string) string {
	c, ok := preview.Colour(kind)
	if !ok {
		return "#808080"
	}
	return fmt.Sprintf("#%02x%02x%02x", c.R, c.G, c.B)
}
