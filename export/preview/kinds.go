package preview

import (
	"image/color"
	"iter"
	"slices"

	"github.com/shapegen/shapegen/collide"
)

// style is how Render strokes a shape kind: the legend's label ("" for
// the kind's name), the line width and the dash pattern. The colour is
// export.Colour's, the one the HTML report draws the kind in too.
type style struct {
	label string
	width float64
	dash  []float64
}

var styles = [collide.NumKinds]style{
	collide.KindAABB:    {width: 1.5, dash: []float64{5, 3}},
	collide.KindCircle:  {width: 1.5},
	collide.KindBox:     {label: "oriented box", width: 1.5, dash: []float64{8, 3}},
	collide.KindHull:    {width: 1.5},
	collide.KindPolygon: {width: 2.5},
	collide.KindPieces:  {width: 1.5},
	collide.KindOutline: {width: 1.5, dash: []float64{3, 2}},
}

// label returns the legend's name of kind k.
func label(k collide.Kind) string {
	if l := styles[k].label; l != "" {
		return l
	}
	return k.String()
}

// drawOrder lists the shape kinds in the order Render draws them: the
// largest first, so that the tight shapes end on top. The pivot, not a
// shape kind, is drawn after them all.
var drawOrder = [collide.NumKinds]collide.Kind{
	collide.KindAABB, collide.KindCircle, collide.KindBox, collide.KindHull,
	collide.KindOutline, collide.KindPieces, collide.KindPolygon,
}

// Order returns the shape kinds in the order Render draws them (the
// largest first, so that the tight shapes end on top); the pivot is drawn
// after them all. The HTML report draws in the same order.
func Order() iter.Seq[collide.Kind] { return slices.Values(drawOrder[:]) }

// The pivot's cross, drawn dark on a light halo.
const pivotLabel = "pivot"

var (
	pivotColour = color.NRGBA{0x10, 0x10, 0x10, 0xff}
	pivotHalo   = color.NRGBA{0xff, 0xff, 0xff, 0xe0}
)

// PivotColour returns the colour of the cross Render draws at a sprite's
// pivot. The HTML report draws it so too.
func PivotColour() color.NRGBA { return pivotColour }

// Colours of the parts of a preview that are not shapes.
var (
	outsideColour = color.NRGBA{0xff, 0x00, 0x00, 0xff} // opaque pixels outside a shape
	edgeColour    = color.NRGBA{0x14, 0x14, 0x14, 0xff} // the pixel-edge outline of the mask
	checkLight    = color.NRGBA{0xe9, 0xe9, 0xed, 0xff}
	checkDark     = color.NRGBA{0xd3, 0xd3, 0xd9, 0xff}
	legendBack    = color.NRGBA{0xfa, 0xfa, 0xfa, 0xff}
	textColour    = color.NRGBA{0x20, 0x20, 0x20, 0xff}
)
