// Package hull turns an opaque-pixel mask into the collision shapes of
// shapegen: the exact convex hull of the pixel squares (Convex), the
// minimum enclosing circle (MinCircle), the minimum-area oriented box
// (MinBox), a convex polygon of at most k vertices that contains the hull
// (Reduce), a few convex pieces that cover a concave sprite (Pieces, with
// PiecesOptions) and the traced outline of each island (Outline, with
// OutlineOptions). The tight axis-aligned box is the hull's Bounds().
//
// Conventions (DESIGN.md): pixel (x, y) is the closed square
// [x, x+1] x [y, y+1]; polygons have a positive shoelace sum (clockwise on
// a y-down screen), no repeated vertex and no three collinear vertices.
//
// Every shape is conservative: it contains every opaque pixel square, and
// the float64 containment tests of package collide (Polygon.ContainsPoint,
// Circle.ContainsPoint, Box.ContainsPoint) say so for every hull vertex.
// Where floating point cannot be exact the shape is grown outward by a
// documented, tiny amount, never shrunk.
//
// The hull is built from the two ends of each row (mask.RowSpan), so its
// cost is O(height) whatever the number of pixels; the circle and the box
// cost O(n) in the number n of hull vertices, Reduce O(k n log n) for k
// vertices. Pieces and Outline work from row runs: each cut Pieces tries
// costs O(runs + lines), and Outline O(pixel corners) plus its steps.
//
// An empty mask gives a nil hull and zero shapes; one pixel, one row, one
// column and diagonal staircases give valid closed shapes.
package hull
