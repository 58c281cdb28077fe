package hull

import (
	"math"
	"slices"

	"github.com/shapegen/shapegen/collide"
)

// boxTie is the relative difference under which two candidate box areas
// count as equal, so that float noise cannot pick between equal boxes and
// the smaller angle (the axis-aligned box when it is minimal) wins.
const boxTie = 1e-12

// MinBox returns the minimum-area oriented box containing every vertex of
// the convex polygon p (as Convex returns; either winding is accepted).
//
// One side of a minimum-area box lies on a hull edge (Freeman & Shapira),
// so rotating calipers try each edge direction in O(n). Among boxes whose
// areas agree to a relative 1e-12 the one with the smallest angle wins,
// then the first edge. The angle is normalised to [0, pi/2): Half.X is the
// half-extent along (cos Angle, sin Angle). An axis-aligned minimum gives
// Angle 0 exactly and, for integer vertices, an exact box.
//
// A rotated box is grown outward: each half-extent gets 2^-40 * max(1, S)
// more, S the largest coordinate magnitude of p (about 1e-12 * S, far
// above the rounding of the box's own containment test and far below any
// pixel), and more, doubling, until Box.ContainsPoint holds for every
// vertex. An empty p gives the zero Box; one vertex a box of zero size;
// two vertices a box of zero height along their segment. MinBox does not
// allocate, unless p has the opposite winding.
func MinBox(p collide.Polygon) collide.Box {
	switch len(p) {
	case 0:
		return collide.Box{}
	case 1:
		return collide.Box{Center: p[0]}
	case 2:
		return boxAlong(p, p[1].Sub(p[0]))
	}
	if p.Area() < 0 { // tolerate the opposite winding
		p = p.Clone()
		slices.Reverse(p)
	}
	n := len(p)
	best, bestArea, bestAngle := -1, math.Inf(1), 0.0
	// iu, ju: vertices farthest along and against the edge direction; in:
	// farthest from the edge. They only move forward as the edge turns.
	iu, ju, in := 0, 0, 0
	for i := 0; i < n; i++ {
		a, d := p[i], p[(i+1)%n].Sub(p[i])
		along := func(k int) float64 { return p[k].Sub(a).Dot(d) }
		away := func(k int) float64 { return d.Cross(p[k].Sub(a)) }
		if i == 0 {
			for k := 1; k < n; k++ {
				if along(k) > along(iu) {
					iu = k
				}
				if along(k) < along(ju) {
					ju = k
				}
				if away(k) > away(in) {
					in = k
				}
			}
		} else {
			// Each caliper moves forward while that raises its projection.
			for s, k := 0, succ(iu, n); s < n && along(k) > along(iu); s, k = s+1, succ(k, n) {
				iu = k
			}
			for s, k := 0, succ(ju, n); s < n && along(k) < along(ju); s, k = s+1, succ(k, n) {
				ju = k
			}
			for s, k := 0, succ(in, n); s < n && away(k) > away(in); s, k = s+1, succ(k, n) {
				in = k
			}
		}
		area := (along(iu) - along(ju)) * away(in) / d.Len2()
		if best >= 0 && area > bestArea*(1+boxTie) {
			continue
		}
		// The angle only matters for a new best or a tie.
		angle := quadrantAngle(d)
		if best < 0 || area < bestArea*(1-boxTie) || angle < bestAngle {
			best, bestArea, bestAngle = i, area, angle
		}
	}
	return boxAlong(p, p[(best+1)%n].Sub(p[best]))
}

// succ returns the index after k among n.
func succ(k, n int) int {
	if k++; k == n {
		return 0
	}
	return k
}

// quadrantAngle returns the angle of d turned by a multiple of 90 degrees
// into [0, pi/2); the turns are exact, so axis-aligned d gives exactly 0.
func quadrantAngle(d collide.Vec) float64 {
	for !(d.X > 0 && d.Y >= 0) {
		d = collide.V(d.Y, -d.X)
		if d == (collide.Vec{}) {
			return 0
		}
	}
	if d.Y == 0 {
		return 0 // not -0
	}
	return math.Atan2(d.Y, d.X)
}

// boxAlong returns the box with one axis along d containing every vertex
// of p, grown outward as MinBox documents.
func boxAlong(p collide.Polygon, d collide.Vec) collide.Box {
	angle := quadrantAngle(d)
	s, c := math.Sincos(angle)
	minU, maxU := math.Inf(1), math.Inf(-1)
	minV, maxV := math.Inf(1), math.Inf(-1)
	scale := 1.0
	for _, v := range p {
		u, w := c*v.X+s*v.Y, -s*v.X+c*v.Y
		minU, maxU = math.Min(minU, u), math.Max(maxU, u)
		minV, maxV = math.Min(minV, w), math.Max(maxV, w)
		scale = math.Max(scale, math.Max(math.Abs(v.X), math.Abs(v.Y)))
	}
	b := collide.Box{
		Center: collide.V((minU+maxU)/2, (minV+maxV)/2).Rotate(angle),
		Half:   collide.V((maxU-minU)/2, (maxV-minV)/2),
		Angle:  angle,
	}
	if angle == 0 {
		// Exact for integer (indeed for most) inputs; verified below anyway.
		b.Center = collide.V((minU+maxU)/2, (minV+maxV)/2)
	}
	eps := 0.0
	if angle != 0 {
		eps = math.Ldexp(scale, -40)
	}
	half := b.Half
	// 64 doublings reach half the scale; only NaN input gets that far.
	for range 64 {
		b.Half = half.Add(collide.V(eps, eps))
		if containsAll(b, p) {
			break
		}
		eps = math.Max(2*eps, math.Ldexp(scale, -40))
	}
	return b
}

// containsAll reports whether b contains every vertex of p.
func containsAll(b collide.Box, p collide.Polygon) bool {
	for _, v := range p {
		if !b.ContainsPoint(v) {
			return false
		}
	}
	return true
}
