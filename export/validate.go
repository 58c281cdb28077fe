package export

import (
	"errors"
	"fmt"
	"math"
)

// The limits a library keeps, so that no value read can break the
// geometry a game runs on it: Read refuses a library past them, naming the
// sprite and the key, and the writers refuse to write one.
const (
	// MaxCoord bounds every coordinate, radius, half-extent, size and
	// offset, in pixels (2^30: far beyond any image, and small enough that
	// the collision tests' products stay exact and finite).
	MaxCoord = 1 << 30
	// MaxPieces bounds the pieces of a sprite (and max_pieces).
	MaxPieces = 64
	// MaxRing bounds the vertices of a hull, polygon, piece or outline
	// ring.
	MaxRing = 1 << 16
	// MaxVertices bounds max_vertices.
	MaxVertices = 1024
)

// validate checks lib as DESIGN.md describes it and returns the first
// problem found, naming the sprite. With masks it also decodes every mask
// (masks of more than MaxMaskPixels are refused either way).
func validate(lib *Library, masks bool) error {
	if err := checkHead(lib); err != nil {
		return err
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
	seenAnim := make(map[string]bool, len(lib.Animations))
	for i := range lib.Animations {
		a := &lib.Animations[i]
		if seenAnim[a.Name] {
			return fmt.Errorf("animation %q appears twice", a.Name)
		}
		seenAnim[a.Name] = true
		if err := checkAnimation(a, seen); err != nil {
			return err
		}
	}
	return nil
}

// checkAnimation checks one animation: a name, its shapes as a sprite's,
// and frames, each a sprite of sprites when sprites is not nil.
func checkAnimation(a *Animation, sprites map[string]bool) error {
	if a.Name == "" {
		return errors.New("an animation has no name")
	}
	if len(a.Frames) == 0 {
		return fmt.Errorf("animation %q has no frames", a.Name)
	}
	for _, f := range a.Frames {
		if sprites != nil && !sprites[f] {
			return fmt.Errorf("animation %q: frame %q is not a sprite of the library", a.Name, f)
		}
	}
	if err := checkSprite(&a.Sprite, true); err != nil {
		return fmt.Errorf("animation %q: %w", a.Name, err)
	}
	return nil
}

// checkHead checks lib's format and settings.
func checkHead(lib *Library) error {
	if lib.Format == "" {
		return fmt.Errorf("missing format, want %s", Format)
	}
	if lib.Format != Format {
		return fmt.Errorf("unsupported format %q, want %s", lib.Format, Format)
	}
	st := lib.Settings
	if st.AlphaThreshold < 0 || st.AlphaThreshold > 255 || st.MaxVertices < 0 || st.MaxVertices > MaxVertices ||
		st.MaxPieces < 0 || st.MaxPieces > MaxPieces {
		return fmt.Errorf("settings %+v out of range", st)
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
	case s.Turn != 0 && (s.Rotated || s.Turn != 180 && s.Turn != 270):
		return fmt.Errorf("turn %d: want 180 or 270, and not with rotated", s.Turn)
	}
	if err := bounded("frame", s.Frame.X, s.Frame.Y, s.Frame.W, s.Frame.H); err != nil {
		return err
	}
	if err := bounded("size", s.Size[0], s.Size[1]); err != nil {
		return err
	}
	if s.Offset != nil {
		if err := bounded("offset", s.Offset[0], s.Offset[1]); err != nil {
			return err
		}
	}
	if err := within("pivot", s.Pivot[:]...); err != nil {
		return err
	}
	for i := range kinds {
		if err := kinds[i].check(s); err != nil {
			return err
		}
	}
	for _, q := range s.Quality {
		if q.Outside < 0 || !finite(q.AreaRatio, q.FPArea) {
			// Name the first such key in sorted order, whatever the map's
			// order; sorting only then spares every sprite the sort.
			for _, k := range sortedKeys(s.Quality) {
				if q := s.Quality[k]; q.Outside < 0 || !finite(q.AreaRatio, q.FPArea) {
					return fmt.Errorf("quality %q %+v out of range", k, q)
				}
			}
		}
	}
	if m := s.Mask; m != nil {
		if m.W != s.Size[0] || m.H != s.Size[1] {
			return fmt.Errorf("mask is %dx%d, want the sprite's size %dx%d", m.W, m.H, s.Size[0], s.Size[1])
		}
		if int64(m.W)*int64(m.H) > MaxMaskPixels {
			return fmt.Errorf("mask is %dx%d, over %d pixels", m.W, m.H, int64(MaxMaskPixels))
		}
		if masks {
			if _, err := m.Decode(); err != nil {
				return fmt.Errorf("mask: %w", err)
			}
		}
	}
	return nil
}

// within checks that every v lies in [-MaxCoord, MaxCoord].
func within(key string, vs ...float64) error {
	for _, v := range vs {
		if math.Abs(v) > MaxCoord {
			return fmt.Errorf("%s: %v is beyond %d px (2^30)", key, v, MaxCoord)
		}
	}
	return nil
}

// bounded is within for integers.
func bounded(key string, vs ...int) error {
	for _, v := range vs {
		if v > MaxCoord || v < -MaxCoord {
			return fmt.Errorf("%s: %d is beyond %d px (2^30)", key, v, MaxCoord)
		}
	}
	return nil
}

var errConvex = errors.New("not a convex polygon with positive winding")

// checkRing checks that r has at least three and at most MaxRing points,
// finite and within MaxCoord.
func checkRing(r Ring) error {
	if len(r) < 3 || len(r) > MaxRing {
		return fmt.Errorf("%d points, want 3 to %d", len(r), MaxRing)
	}
	for _, p := range r {
		// One test passes the usual point (and fails NaN).
		if math.Abs(p[0]) <= MaxCoord && math.Abs(p[1]) <= MaxCoord {
			continue
		}
		if !finite(p[0], p[1]) {
			return fmt.Errorf("point %v is not finite", p)
		}
		if math.Abs(p[0]) > MaxCoord || math.Abs(p[1]) > MaxCoord {
			return fmt.Errorf("point %v is beyond %d px (2^30)", p, MaxCoord)
		}
	}
	return nil
}

// checkConvex checks that r is a convex polygon with a positive shoelace
// sum. A turn the wrong way within a relative 1e-9 of the coordinates'
// scale is taken as a straight angle, as the independent checker does, so
// float rounding in a writer cannot make a library unreadable.
// checkConvexKey is checkConvex for a sprite's key (hull, polygon), which
// may be absent.
func checkConvexKey(key string, r Ring) error {
	if len(r) == 0 {
		return nil
	}
	if err := checkConvex(r); err != nil {
		return fmt.Errorf("%s: %w", key, err)
	}
	return nil
}

func checkConvex(r Ring) error {
	if err := checkRing(r); err != nil {
		return err
	}
	// The vertices after a vertex are found by stepping round the ring
	// (next), not modulo its length: a division a vertex, in a check
	// that every writer runs on every sprite (checkSprite: 1.8x faster).
	n := len(r)
	scale, area := 1.0, 0.0
	for i, p := range r {
		q := r[next(i, n)]
		scale = max(scale, math.Abs(p[0]), math.Abs(p[1]))
		area += p[0]*q[1] - q[0]*p[1]
	}
	if area <= 0 {
		return fmt.Errorf("%w: shoelace sum %v", errConvex, area)
	}
	turned := 0
	for i := range r {
		j := next(i, n)
		a, b, c := r[i], r[j], r[next(j, n)]
		cross := (b[0]-a[0])*(c[1]-b[1]) - (b[1]-a[1])*(c[0]-b[0])
		if cross < -1e-9*scale*scale {
			return fmt.Errorf("%w: turns back at vertex %d", errConvex, j)
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

// next returns the index after i in a ring of n vertices.
func next(i, n int) int {
	if i++; i == n {
		return 0
	}
	return i
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
