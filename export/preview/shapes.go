package preview

import (
	"math"

	"github.com/shapegen/shapegen/collide"
	"github.com/shapegen/shapegen/export"
)

// shape is one drawable shape of a sprite in sprite coordinates: a circle,
// or rings (convex polygons, or for the outline the rings of each island),
// or the pivot.
type shape struct {
	kind   collide.Kind // unused for the pivot
	pivot  bool         // the shape is the pivot's cross at at
	circle *collide.Circle
	rings  []collide.Polygon
	at     collide.Vec
}

// shapesOf returns the shapes of s that opt draws, in drawing order.
func shapesOf(s *export.Sprite, opt Options) []shape {
	var out []shape
	for _, k := range drawOrder {
		if !opt.wants(k) {
			continue
		}
		r, ok := s.Shape(k)
		if !ok {
			continue
		}
		sh := shape{kind: k}
		switch r := r.(type) {
		case collide.Rect:
			// collide.R orders the corners of a rectangle written the
			// wrong way round, and Polygon is nil for an empty one.
			if p := collide.R(r.Min.X, r.Min.Y, r.Max.X, r.Max.Y).Polygon(); p != nil {
				sh.rings = []collide.Polygon{p}
			}
		case collide.Circle:
			sh.circle = &r
		case collide.Box:
			c := r.Corners()
			sh.rings = []collide.Polygon{c[:]}
		case collide.Polygon:
			sh.rings = nonEmpty(sh.rings, r)
		case collide.Compound:
			sh.rings = nonEmpty(sh.rings, r...)
		case collide.Rings:
			for _, ring := range r {
				sh.rings = nonEmpty(sh.rings, ring)
			}
		}
		if sh.circle == nil && len(sh.rings) == 0 {
			continue
		}
		out = append(out, sh)
	}
	if !opt.NoPivot && (s.Pixels > 0 || s.Pivot != (export.Point{})) {
		out = append(out, shape{pivot: true, at: vec(s.Pivot)})
	}
	return out
}

func vec(p export.Point) collide.Vec { return collide.V(p[0], p[1]) }

// nonEmpty appends to dst the polygons of ps that have a vertex.
func nonEmpty(dst []collide.Polygon, ps ...collide.Polygon) []collide.Polygon {
	for _, p := range ps {
		if len(p) > 0 {
			dst = append(dst, p)
		}
	}
	return dst
}

// bounds returns the smallest rectangle holding sh.
func (sh shape) bounds() collide.Rect {
	if sh.circle != nil {
		return sh.circle.Bounds()
	}
	if len(sh.rings) == 0 {
		return collide.Rect{Min: sh.at, Max: sh.at}
	}
	r := sh.rings[0].Bounds()
	for _, p := range sh.rings[1:] {
		r = r.Union(p.Bounds())
	}
	return r
}

// encloses reports whether sh is a shape the guarantee applies to (every
// opaque pixel square must lie inside it).
func (sh shape) encloses() bool { return !sh.pivot && sh.kind != collide.KindOutline }

// containsPixel reports whether the closed pixel square [x, x+1] x [y, y+1]
// lies inside sh (boundary included). A square is inside a convex shape
// when its four corners are. For pieces, whose union need not be convex, a
// square is inside when one piece holds it, or else when each of its
// corners and of a 4x4 grid of inner points lies in some piece: exact for
// the usual case, a close approximation where a square straddles pieces.
func (sh shape) containsPixel(x, y int) bool {
	fx, fy := float64(x), float64(y)
	corners := pixelCorners(x, y)
	if sh.circle != nil || len(sh.rings) < 2 {
		return sh.containsAll(corners[:])
	}
	for _, p := range sh.rings {
		if containsAll(p, corners[:]) {
			return true
		}
	}
	for _, c := range corners {
		if !sh.inSome(c) {
			return false
		}
	}
	for i := range 4 {
		for j := range 4 {
			if !sh.inSome(collide.V(fx+(float64(i)+0.5)/4, fy+(float64(j)+0.5)/4)) {
				return false
			}
		}
	}
	return true
}

// outside appends to dst the ranges [a, b) of the pixels x0 <= x < x1 of
// row y that sh does not hold (see containsPixel), and returns it.
//
// A circle or a single ring holds a set of pixels of a row that is one
// range: its test of a point is a disc or an intersection of half-planes,
// whose points on each of the lines y and y+1 form an interval even as
// rounded. So when it holds both ends of the run it holds it all, and
// otherwise the pixels it leaves out are found by walking in from either
// end. For pieces, one piece's range is skipped at once (by bisection),
// and a pixel no single piece holds takes containsPixel's test.
func (sh shape) outside(dst [][2]int, x0, x1, y int) [][2]int {
	if sh.circle != nil || len(sh.rings) == 1 {
		if sh.holdsRect(x0, x1, y, y+1) {
			return dst
		}
		a := x0
		for a < x1 && !sh.containsPixel(a, y) {
			a++
		}
		if a > x0 {
			dst = append(dst, [2]int{x0, a})
		}
		if a == x1 {
			return dst
		}
		b := x1
		for !sh.containsPixel(b-1, y) {
			b--
		}
		if b < x1 {
			dst = append(dst, [2]int{b, x1})
		}
		return dst
	}
	for x := x0; x < x1; {
		piece := -1
		for i, p := range sh.rings {
			if c := pixelCorners(x, y); containsAll(p, c[:]) {
				piece = i
				break
			}
		}
		if piece < 0 {
			if !sh.containsPixel(x, y) {
				dst = append(dst, [2]int{x, x + 1})
			}
			x++
			continue
		}
		// The piece holds pixel x: the pixels after x that it holds too
		// run up to the last one it holds.
		p := sh.rings[piece]
		lo, hi := x, x1-1 // p holds pixel lo; find the last it holds
		for lo < hi {
			mid := lo + (hi-lo+1)/2
			if c := pixelCorners(mid, y); containsAll(p, c[:]) {
				lo = mid
			} else {
				hi = mid - 1
			}
		}
		x = lo + 1
	}
	return dst
}

// holdsRect reports whether sh holds the rectangle [x0, x1] x [y0, y1]
// whole: its circle or its one ring contains the four corners, or one of
// its pieces does (see forOutside).
func (sh shape) holdsRect(x0, x1, y0, y1 int) bool {
	fx0, fx1, fy0, fy1 := float64(x0), float64(x1), float64(y0), float64(y1)
	c := [4]collide.Vec{{X: fx0, Y: fy0}, {X: fx1, Y: fy0}, {X: fx1, Y: fy1}, {X: fx0, Y: fy1}}
	if sh.circle != nil || len(sh.rings) < 2 {
		return sh.containsAll(c[:])
	}
	for _, p := range sh.rings {
		if containsAll(p, c[:]) {
			return true
		}
	}
	return false
}

// pixelCorners returns the corners of the pixel square (x, y).
func pixelCorners(x, y int) [4]collide.Vec {
	fx, fy := float64(x), float64(y)
	return [4]collide.Vec{{X: fx, Y: fy}, {X: fx + 1, Y: fy}, {X: fx + 1, Y: fy + 1}, {X: fx, Y: fy + 1}}
}

// containsAll reports whether sh's circle, or its one ring, contains
// every point of pts (boundary included).
func (sh shape) containsAll(pts []collide.Vec) bool {
	if sh.circle != nil {
		for _, q := range pts {
			if !sh.circle.ContainsPoint(q) {
				return false
			}
		}
		return true
	}
	return len(sh.rings) == 1 && containsAll(sh.rings[0], pts)
}

func containsAll(p collide.Polygon, pts []collide.Vec) bool {
	for _, q := range pts {
		if !p.ContainsPoint(q) {
			return false
		}
	}
	return true
}

func (sh shape) inSome(q collide.Vec) bool {
	for _, p := range sh.rings {
		if p.ContainsPoint(q) {
			return true
		}
	}
	return false
}

// viewBounds returns the integer rectangle, in sprite coordinates, that a
// preview shows: the sprite's own space and every shape, but never more
// than the sprite's longer side beyond it on any side (so a broken shape
// cannot make a huge image).
func viewBounds(w, h int, shapes []shape) (x0, y0, x1, y1 int) {
	r := collide.R(0, 0, float64(w), float64(h))
	for _, sh := range shapes {
		r = r.Union(sh.bounds())
	}
	lim := float64(max(w, h))
	x0 = int(math.Floor(math.Max(r.Min.X, -lim)))
	y0 = int(math.Floor(math.Max(r.Min.Y, -lim)))
	x1 = int(math.Ceil(math.Min(r.Max.X, float64(w)+lim)))
	y1 = int(math.Ceil(math.Min(r.Max.Y, float64(h)+lim)))
	return x0, y0, x1, y1
}
