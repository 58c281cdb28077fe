package verify

import (
	"math"

	"github.com/shapegen/shapegen/collide"
)

// DiffArea returns area(S ⊕ −S), the area of S's difference body: the
// offsets d at which S and S moved by d overlap (touching counts).
//
//   - Rect: (2w)(2h); an empty Rect gives 0.
//   - Circle: π(2r)².
//   - Box: 16·hx·hy.
//   - Polygon: the area of K ⊕ −K for K the convex hull of its vertices
//     (a Polygon following collide's conventions is its own hull), built
//     as a Minkowski sum in O(n); exact for integer vertices below 2²⁴.
//     Fewer than three vertices, or all on a line, give 0.
//   - Compound: the area of the union over all pieces i, j of Pi ⊕ −Pj
//     (each piece taken as its convex hull; pieces may overlap), exactly
//     up to rounding by a sweep in y (see unionArea); no piece gives 0.
//   - Vec, or a nil Shape: 0.
//
// Negative radii and half-extents count by their size. Coordinates that
// are not finite give an unspecified result, but DiffArea returns.
func DiffArea(s collide.Shape) float64 {
	switch s := s.(type) {
	case collide.Rect:
		if s.Empty() {
			return 0
		}
		return 4 * s.Area()
	case collide.Circle:
		return 4 * math.Pi * s.Radius * s.Radius
	case collide.Box:
		return 16 * math.Abs(s.Half.X*s.Half.Y)
	case collide.Polygon:
		return convexDiffArea(s)
	case collide.Compound:
		return compoundDiffArea(s)
	}
	return 0
}

// zeroFP is the one tolerance of FPArea: a figure within it of 0 is 0.
// A shape that hugs its pixels exactly (a rectangle of pixels in its box)
// has area(S ⊕ −S) = area(P ⊕ −P) in exact arithmetic, but a box's or a
// reduced polygon's float coordinates can leave the quotient a few ulps
// from 1; reports sort by the figure, so such a shape must read exactly
// 0. 1e-12 is far above those rounding errors and far below any real
// difference: area(P ⊕ −P) is a whole number, and one square pixel in a
// difference body of 10¹⁰ is still 1e-10.
const zeroFP = 1e-12

// FPArea returns the exact pair false-positive figure of the shape s for
// the mask whose Pairs p are: 1 − area(P ⊕ −P) / area(S ⊕ −S). Over
// offsets spread evenly where two copies of s overlap, it is the share at
// which the pixels do not; 0 means the shape test is as good as the pixel
// test. It depends on the mask only through its shape, not where it sits
// in its frame.
//
// For a shape containing the pixels the figure lies in [0, 1), with 0
// within zeroFP read as 0. An empty mask gives 0. A shape that does not
// contain the pixels (a failed verification) can give a negative figure,
// which shows the fault; a shape whose difference body has no area, or
// not a number, gives 0.
func FPArea(p Pairs, s collide.Shape) float64 {
	if p.Area == 0 {
		return 0
	}
	d := DiffArea(s)
	if !(d > 0) {
		return 0
	}
	fp := 1 - p.Area/d
	if math.Abs(fp) <= zeroFP {
		return 0
	}
	return fp
}
