package preview

import "image/color"

// The shape kinds Render knows, in drawing order (largest first, so the
// tight shapes end on top). "pivot" is the sprite's pivot point, drawn as
// a cross.
var kinds = []struct {
	name   string
	label  string
	colour color.NRGBA
	width  float64
	dash   []float64
}{
	{"aabb", "aabb", color.NRGBA{0x56, 0xb4, 0xe9, 0xff}, 1.5, []float64{5, 3}},
	{"circle", "circle", color.NRGBA{0xe6, 0x9f, 0x00, 0xff}, 1.5, nil},
	{"box", "oriented box", color.NRGBA{0x00, 0x9e, 0x73, 0xff}, 1.5, []float64{8, 3}},
	{"hull", "hull", color.NRGBA{0xcc, 0x79, 0xa7, 0xff}, 1.5, nil},
	{"outline", "outline", color.NRGBA{0x8c, 0x56, 0x1e, 0xff}, 1.5, []float64{3, 2}},
	{"pieces", "pieces", color.NRGBA{0x7b, 0x3f, 0xbf, 0xff}, 1.5, nil},
	{"polygon", "polygon", color.NRGBA{0x00, 0x4f, 0xb8, 0xff}, 2.5, nil},
	{"pivot", "pivot", color.NRGBA{0x10, 0x10, 0x10, 0xff}, 1.5, nil},
}

// Colours of the parts of a preview that are not shapes.
var (
	outsideColour = color.NRGBA{0xff, 0x00, 0x00, 0xff} // opaque pixels outside a shape
	edgeColour    = color.NRGBA{0x14, 0x14, 0x14, 0xff} // the pixel-edge outline of the mask
	checkLight    = color.NRGBA{0xe9, 0xe9, 0xed, 0xff}
	checkDark     = color.NRGBA{0xd3, 0xd3, 0xd9, 0xff}
	legendBack    = color.NRGBA{0xfa, 0xfa, 0xfa, 0xff}
	textColour    = color.NRGBA{0x20, 0x20, 0x20, 0xff}
)

// Kinds returns the shape kinds Render can draw, in drawing order:
// "aabb", "circle", "box", "hull", "outline", "pieces", "polygon", "pivot".
func Kinds() []string {
	out := make([]string, len(kinds))
	for i, k := range kinds {
		out[i] = k.name
	}
	return out
}

// Colour returns the colour Render draws kind in, and false for a kind it
// does not know. The HTML report uses the same colours.
func Colour(kind string) (color.NRGBA, bool) {
	for _, k := range kinds {
		if k.name == kind {
			return k.colour, true
		}
	}
	return color.NRGBA{}, false
}

// OutsideColour is the colour of opaque pixels that a drawn shape leaves
// outside (there should be none).
func OutsideColour() color.NRGBA { return outsideColour }
