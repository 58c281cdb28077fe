package preview

import (
	"math"

	"github.com/shapegen/shapegen/collide"
	"github.com/shapegen/shapegen/export"
)

// shape is one drawable shape of a sprite in sprite coordinates: a circle,
// or rings (convex polygons, or for "outline" the rings of each island).
type shape struct {
	kind   int // index into kinds
	circle *collide.Circle
	rings  []collide.Polygon
	pivot  collide.Vec
}

// shapesOf returns the shapes of s whose kinds are in want, in drawing
// order.
func shapesOf(s *export.Sprite, want func(string) bool) []shape {
	var out []shape
	for i, k := range kinds {
		if !want(k.name) {
			continue
		}
		sh := shape{kind: i}
		switch k.name {
		case "aabb":
			if s.AABB == nil {
				continue
			}
			if p := collide.R(s.AABB.Min[0], s.AABB.Min[1], s.AABB.Max[0], s.AABB.Max[1]).Polygon(); p != nil {
				sh.rings = []collide.Polygon{p}
			}
		case "circle":
			if s.Circle == nil {
				continue
			}
			sh.circle = &collide.Circle{Center: vec(s.Circle.Center), Radius: s.Circle.Radius}
		case "box":
			if s.Box == nil {
				continue
			}
			c := collide.Box{Center: vec(s.Box.Center), Half: vec(s.Box.Half), Angle: s.Box.Angle}.Corners()
			sh.rings = []collide.Polygon{c[:]}
		case "hull":
			sh.rings = polygons([]export.Ring{s.Hull})
		case "polygon":
			sh.rings = polygons([]export.Ring{s.Polygon})
		case "pieces":
			sh.rings = polygons(s.Pieces)
		case "outline":
			sh.rings = polygons(s.Outline)
		case "pivot":
			if s.Pixels == 0 && s.Pivot == (export.Point{}) {
				continue
			}
			sh.pivot = vec(s.Pivot)
		}
		if sh.circle == nil && len(sh.rings) == 0 && k.name != "pivot" {
			continue
		}
		out = append(out, sh)
	}
	return out
}

func vec(p export.Point) collide.Vec { return collide.V(p[0], p[1]) }

// polygons converts the non-empty rings to collide polygons.
func polygons(rings []export.Ring) []collide.Polygon {
	var out []collide.Polygon
	for _, r := range rings {
		if len(r) == 0 {
			continue
		}
		p := make(collide.Polygon, len(r))
		for i, v := range r {
			p[i] = vec(v)
		}
		out = append(out, p)
	}
	return out
}

// bounds returns the smallest rectangle holding sh.
func (sh shape) bounds() collide.Rect {
	if sh.circle != nil {
		return sh.circle.Bounds()
	}
	if len(sh.rings) == 0 {
		return collide.Rect{Min: sh.pivot, Max: sh.pivot}
	}
	r := sh.rings[0].Bounds()
	for _, p := range sh.rings[1:] {
		r = r.Union(p.Bounds())
	}
	return r
}

// encloses reports whether sh is a shape the guarantee applies to (every
// opaque pixel square must lie inside it).
func (sh shape) encloses() bool {
	switch kinds[sh.kind].name {
	case "outline", "pivot":
		return false
	}
	return true
}

// containsPixel reports whether the closed pixel square [x, x+1] x [y, y+1]
// lies inside sh (boundary included). A square is inside a convex shape
// when its four corners are. For pieces, whose union need not be convex, a
// square is inside when one piece holds it, or else when each of its
// corners and of a 4x4 grid of inner points lies in some piece: exact for
// the usual case, a close approximation where a square straddles pieces.
func (sh shape) containsPixel(x, y int) bool {
	fx, fy := float64(x), float64(y)
	corners := [4]collide.Vec{{X: fx, Y: fy}, {X: fx + 1, Y: fy}, {X: fx + 1, Y: fy + 1}, {X: fx, Y: fy + 1}}
	if sh.circle != nil {
		for _, c := range corners {
			if !sh.circle.ContainsPoint(c) {
				return false
			}
		}
		return true
	}
	for _, p := range sh.rings {
		if containsAll(p, corners[:]) {
			return true
		}
	}
	if len(sh.rings) < 2 {
		return false
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
