package collide

import "slices"

// ConvexHull appends to dst[:0] the convex hull of pts as a Polygon
// (positive shoelace sum, no repeated vertex, no three collinear) and
// returns it, by Andrew's monotone chain in O(n log n). Its vertices are
// points of pts, exactly. Points all equal give one vertex, points all on
// a line its two ends, no points none. pts is not changed; dst may be pts
// only if the caller no longer needs pts.
func ConvexHull(dst, pts []Vec) Polygon {
	s := append(dst[:0], pts...)
	slices.SortFunc(s, func(a, b Vec) int {
		switch {
		case a.X < b.X || a.X == b.X && a.Y < b.Y:
			return -1
		case a.X == b.X && a.Y == b.Y:
			return 0
		}
		return 1
	})
	s = slices.Compact(s)
	if len(s) < 3 {
		return s
	}
	// The lower chain left to right, then the upper chain right to left,
	// each popping vertices that do not turn left (positive cross).
	hull := make([]Vec, 0, len(s)+1)
	for pass := range 2 {
		start := len(hull)
		for k := range s {
			v := s[k]
			if pass == 1 {
				v = s[len(s)-1-k]
			}
			for len(hull) >= start+2 && hull[len(hull)-1].Sub(hull[len(hull)-2]).Cross(v.Sub(hull[len(hull)-2])) <= 0 {
				hull = hull[:len(hull)-1]
			}
			hull = append(hull, v)
		}
		hull = hull[:len(hull)-1] // each chain's last point starts the other
	}
	return append(s[:0], hull...)
}
