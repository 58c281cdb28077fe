package export

import (
	"errors"
	"fmt"
	"math"
)

// validate checks lib as DESIGN.md describes it and returns the first
// problem found, naming the sprite. With masks it also decodes every mask.
func validate(lib *Library, masks bool) error {
	if lib.Format == "" {
		return fmt.Errorf("missing format, want %s", Format)
	}
	if lib.Format != Format {
		return fmt.Errorf("unsupported format %q, want %s", lib.Format, Format)
	}
	st := lib.Settings
	if st.AlphaThreshold < 0 || st.AlphaThreshold > 255 || st.MaxVertices < 0 || st.MaxPieces < 0 {
		return fmt.Errorf("settings %+v out of range", st)
	}
	seen := make(map[string]bool, len(lib.Sprites))
	for i := range lib.Sprites {
		s := &lib.Sprites[i]
		if s.Name == "" {
			return fmt.Errorf("sprite %d has no name", i)
		}
		if seen[s.Name] {
			return fmt.Errorf("sprite %q appears twice", s.Name)
		}
		seen[s.Name] = true
		if err := checkSprite(s, masks); err != nil {
			return fmt.Errorf("sprite %q: %w", s.Name, err)
		}
	}
	return nil
}

// checkSprite checks one sprite.
func checkSprite(s *Sprite, masks bool) error {
	switch {
	case s.Frame.W < 0 || s.Frame.H < 0:
		return fmt.Errorf("frame %+v has a negative size", s.Frame)
	case s.Size[0] < 0 || s.Size[1] < 0:
		return fmt.Errorf("size %v is negative", s.Size)
	case s.Offset != nil && (s.Offset[0] < 0 || s.Offset[1] < 0):
		return fmt.Errorf("offset %v is negative", *s.Offset)
	case s.Pixels < 0:
		return fmt.Errorf("pixels %d is negative", s.Pixels)
	case !finite(s.Pivot[:]...):
		return fmt.Errorf("pivot %v is not finite", s.Pivot)
	}
	if a := s.AABB; a != nil {
		if !finite(a.Min[0], a.Min[1], a.Max[0], a.Max[1]) || a.Min[0] > a.Max[0] || a.Min[1] > a.Max[1] {
			return fmt.Errorf("aabb %v-%v is not a finite box with min <= max", a.Min, a.Max)
		}
	}
	if c := s.Circle; c != nil && (!finite(c.Center[0], c.Center[1], c.Radius) || c.Radius < 0) {
		return fmt.Errorf("circle %v radius %v is not finite with radius >= 0", c.Center, c.Radius)
	}
	if b := s.Box; b != nil && (!finite(b.Center[0], b.Center[1], b.Half[0], b.Half[1], b.Angle) || b.Half[0] < 0 || b.Half[1] < 0) {
		return fmt.Errorf("box %+v is not finite with half-extents >= 0", *b)
	}
	if len(s.Hull) > 0 {
		if err := checkConvex(s.Hull); err != nil {
			return fmt.Errorf("hull: %w", err)
		}
	}
	if len(s.Polygon) > 0 {
		if err := checkConvex(s.Polygon); err != nil {
			return fmt.Errorf("polygon: %w", err)
		}
	}
	for i, p := range s.Pieces {
		if err := checkConvex(p); err != nil {
			return fmt.Errorf("piece %d: %w", i, err)
		}
	}
	for i, r := range s.Outline {
		if err := checkRing(r); err != nil {
			return fmt.Errorf("outline ring %d: %w", i, err)
		}
	}
	for _, k := range sortedKeys(s.Quality) {
		q := s.Quality[k]
		if q.Outside < 0 || !finite(q.AreaRatio, q.FPArea) {
			return fmt.Errorf("quality %q %+v out of range", k, q)
		}
	}
	if s.Mask != nil && (s.Mask.W != s.Size[0] || s.Mask.H != s.Size[1]) {
		return fmt.Errorf("mask is %dx%d, want the sprite's size %dx%d", s.Mask.W, s.Mask.H, s.Size[0], s.Size[1])
	}
	if s.Mask != nil && masks {
		if _, err := s.Mask.Decode(); err != nil {
			return fmt.Errorf("mask: %w", err)
		}
	}
	return nil
}

var errConvex = errors.New("not a convex polygon with positive winding")

// checkRing checks that r has at least three finite points.
func checkRing(r Ring) error {
	if len(r) < 3 {
		return fmt.Errorf("%d points, want at least 3", len(r))
	}
	for _, p := range r {
		if !finite(p[0], p[1]) {
			return fmt.Errorf("point %v is not finite", p)
		}
	}
	return nil
}

// checkConvex checks that r is a convex polygon with a positive shoelace
// sum. A turn the wrong way within a relative 1e-9 of the coordinates'
// scale is taken as a straight angle, as the independent checker does, so
// float rounding in a writer cannot make a library unreadable.
func checkConvex(r Ring) error {
	if err := checkRing(r); err != nil {
		return err
	}
	scale, area := 1.0, 0.0
	for i, p := range r {
		q := r[(i+1)%len(r)]
		scale = max(scale, math.Abs(p[0]), math.Abs(p[1]))
		area += p[0]*q[1] - q[0]*p[1]
	}
	if area <= 0 {
		return fmt.Errorf("%w: shoelace sum %v", errConvex, area)
	}
	turned := 0
	for i := range r {
		a, b, c := r[i], r[(i+1)%len(r)], r[(i+2)%len(r)]
		cross := (b[0]-a[0])*(c[1]-b[1]) - (b[1]-a[1])*(c[0]-b[0])
		if cross < -1e-9*scale*scale {
			return fmt.Errorf("%w: turns back at vertex %d", errConvex, (i+1)%len(r))
		}
		// The edge directions must go round once: count the edges whose
		// direction crosses the positive x axis.
		d0, d1 := [2]float64{b[0] - a[0], b[1] - a[1]}, [2]float64{c[0] - b[0], c[1] - b[1]}
		if d0[1] < 0 && d1[1] >= 0 || d0[1] >= 0 && d1[1] < 0 {
			turned++
		}
	}
	if turned > 2 {
		return fmt.Errorf("%w: winds more than once", errConvex)
	}
	return nil
}

// finite reports whether every v is neither NaN nor infinite.
func finite(vs ...float64) bool {
	for _, v := range vs {
		if math.IsNaN(v) || math.IsInf(v, 0) {
			return false
		}
	}
	return true
}
