package collide

import (
	"slices"
	"testing"
)

// hullOf returns the convex hull of pts with positive winding, without
// collinear vertices (Andrew's monotone chain; exact for small integers).
func hullOf(pts []Vec) Polygon {
	pts = slices.Clone(pts)
	slices.SortFunc(pts, func(a, b Vec) int {
		if a.X != b.X {
			return int(a.X - b.X)
		}
		return int(a.Y - b.Y)
	})
	pts = slices.Compact(pts)
	if len(pts) < 3 {
		return Polygon(pts)
	}
	var h Polygon
	for pass := 0; pass < 2; pass++ {
		start := len(h)
		for _, p := range pts {
			for len(h) >= start+2 && orient(h[len(h)-2], h[len(h)-1], p) <= 0 {
				h = h[:len(h)-1]
			}
			h = append(h, p)
		}
		h = h[:len(h)-1]
		slices.Reverse(pts)
	}
	if h.Area() < 0 {
		slices.Reverse(h)
	}
	return h
}

// polygonsFromBytes splits data into two convex polygons on a 16x16 grid:
// the first byte says how many points the first takes, each further byte is
// a point (high nibble x, low nibble y).
func polygonsFromBytes(data []byte) (Polygon, Polygon) {
	if len(data) < 3 {
		return nil, nil
	}
	n := 1 + int(data[0])%min(8, len(data)-2)
	var a, b []Vec
	for i, c := range data[1:] {
		p := V(float64(c>>4), float64(c&15))
		if i < n {
			a = append(a, p)
		} else if len(b) < 12 {
			b = append(b, p)
		}
	}
	return hullOf(a), hullOf(b)
}

// FuzzPolygonPair checks Overlap and Collide of two integer polygons
// (points, segments and proper polygons) against the exact oracle, both
// ways. Run longer with:
//
//	go test ./collide -run '^$' -fuzz FuzzPolygonPair -fuzztime 5m
func FuzzPolygonPair(f *testing.F) {
	f.Add([]byte{3, 0x00, 0x40, 0x04, 0x40, 0x80, 0x44})       // triangles touching at a vertex
	f.Add([]byte{4, 0x00, 0x40, 0x44, 0x04, 0x11, 0x31, 0x22}) // triangle inside a square
	f.Add([]byte{1, 0x00, 0x10, 0x20})                         // point on a segment
	f.Add([]byte{2, 0x00, 0x20, 0x30, 0x50})                   // collinear segments apart
	f.Add([]byte{4, 0x00, 0x40, 0x44, 0x04, 0x40, 0x80, 0x84, 0x44})
	f.Fuzz(func(t *testing.T, data []byte) {
		a, b := polygonsFromBytes(data)
		if len(a) == 0 || len(b) == 0 {
			return
		}
		want := oDist(a, b) == 0
		for _, ab := range [2][2]Polygon{{a, b}, {b, a}} {
			x, y := ab[0], ab[1]
			if got := Overlap(x, y); got != want {
				t.Fatalf("Overlap(%v, %v) = %v, want %v", x, y, got, want)
			}
			c, ok := Collide(x, y)
			if ok != want {
				t.Fatalf("Collide(%v, %v) ok = %v, want %v", x, y, ok, want)
			}
			if ok {
				checkContact(t, -1, x, y, c)
			}
		}
	})
}

// FuzzCirclePolygon checks CollideCirclePolygon against the exact
// reference on integer polygons of a 16x16 grid and circles whose centre
// and radius are quarter units, so that touching exactly (at an edge, at
// a vertex) is common: the first two bytes are the centre (high and low
// nibble each a coordinate, plus a quarter step from the next byte's low
// bits), the third the radius in quarters, the rest the polygon's points.
// Run longer with:
//
//	go test ./collide -run '^$' -fuzz FuzzCirclePolygon -fuzztime 5m
func FuzzCirclePolygon(f *testing.F) {
	f.Add([]byte{0x88, 0x00, 8, 0x00, 0x40, 0x44, 0x04})  // centre inside a square
	f.Add([]byte{0x62, 0x00, 8, 0x00, 0x40, 0x44, 0x04})  // touching an edge
	f.Add([]byte{0x66, 0x00, 11, 0x00, 0x40, 0x44, 0x04}) // near a corner
	f.Add([]byte{0xc8, 0x00, 4, 0x00, 0x80, 0x88, 0x08})  // apart
	f.Fuzz(func(t *testing.T, data []byte) {
		if len(data) < 6 {
			return
		}
		q := data[1]
		o := V(float64(data[0]>>4)+float64(q&3)/4, float64(data[0]&15)+float64(q>>2&3)/4)
		c := Circle{o, float64(data[2]) / 4}
		var pts []Vec
		for _, b := range data[3:min(len(data), 15)] {
			pts = append(pts, V(float64(b>>4), float64(b&15)))
		}
		p := hullOf(pts)
		if len(p) < 3 {
			return
		}
		want := refTouch(c, p)
		con, ok := CollideCirclePolygon(c, p)
		if ok != want {
			t.Fatalf("CollideCirclePolygon(%v, %v) ok = %v, want %v", c, p, ok, want)
		}
		if ok {
			checkContact(t, -1, c, p, con)
		}
	})
}
