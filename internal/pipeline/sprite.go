package pipeline

import (
	"fmt"
	"image"
	"image/draw"
	"slices"

	"github.com/shapegen/shapegen/export"
	"github.com/shapegen/shapegen/hull"
	"github.com/shapegen/shapegen/internal/atlas"
	"github.com/shapegen/shapegen/internal/config"
	"github.com/shapegen/shapegen/mask"
)

// upright returns the pixels of frame f of img as stored, turned back
// when f was packed rotated; its bounds start at (0, 0) only when it had
// to be copied. It fails when the frame is not inside the image.
func upright(img image.Image, f atlas.Frame) (image.Image, error) {
	b := img.Bounds()
	r := f.Rect.Add(b.Min)
	if !r.In(b) {
		return nil, fmt.Errorf("frame %q at %v is outside the %dx%d image", f.Name, f.Rect, b.Dx(), b.Dy())
	}
	sub := img
	if si, ok := img.(interface {
		SubImage(image.Rectangle) image.Image
	}); ok {
		sub = si.SubImage(r)
	} else {
		c := image.NewNRGBA(image.Rect(0, 0, r.Dx(), r.Dy()))
		draw.Draw(c, c.Bounds(), img, r.Min, draw.Src)
		sub = c
	}
	if !f.Rotated {
		return sub, nil
	}
	// Packed turned clockwise: upright (x, y) is stored at (h-1-y, x), h
	// being the upright height (the stored width).
	h, w := r.Dx(), r.Dy()
	out := image.NewNRGBA(image.Rect(0, 0, w, h))
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			out.Set(x, y, sub.At(r.Min.X+h-1-y, r.Min.Y+x))
		}
	}
	return out, nil
}

// spriteMask returns the mask of frame pixels px (upright) in the sprite's
// own, untrimmed space of f.Size, the frame placed at f.Offset.
func spriteMask(px image.Image, f atlas.Frame, threshold int) *mask.Mask {
	m := mask.FromImage(px, uint8(threshold))
	if f.Offset == (image.Point{}) && m.Size() == f.Size {
		return m
	}
	full := mask.New(f.Size.X, f.Size.Y)
	full.Draw(m, f.Offset.X, f.Offset.Y)
	return full
}

// compute returns sprite name's record: its frame, size and pivot, and for
// a sprite with opaque pixels each requested shape kind with its quality
// figures. m is the sprite's mask in its own space.
func compute(name, img string, f atlas.Frame, m *mask.Mask, s config.Sprite) export.Sprite {
	sp := export.Sprite{
		Name:    name,
		Image:   img,
		Frame:   export.Frame{X: f.Rect.Min.X, Y: f.Rect.Min.Y, W: f.Rect.Dx(), H: f.Rect.Dy()},
		Rotated: f.Rotated,
		Size:    [2]int{f.Size.X, f.Size.Y},
		Pivot:   export.Point{s.Pivot.X * float64(f.Size.X), s.Pivot.Y * float64(f.Size.Y)},
		Pixels:  m.Count(),
	}
	if f.Offset != (image.Point{}) {
		sp.Offset = &[2]int{f.Offset.X, f.Offset.Y}
	}
	if sp.Pixels == 0 {
		return sp
	}
	fa := &facts{m: m, hull: hull.Convex(m), maxVertices: s.MaxVertices, maxPieces: s.MaxPieces}
	sp.Quality = map[string]export.Quality{}
	var names []string
	var ks []*kind
	var shapes []shape
	for i := range kinds {
		k := &kinds[i]
		if !slices.Contains(s.Shapes, k.name) {
			continue
		}
		sh := k.make(fa)
		k.store(&sp, sh)
		names, ks, shapes = append(names, k.name), append(ks, k), append(shapes, sh)
	}
	// Figures for each distinct shape (the hull and polygon are often the
	// same), the pair_fp_rates of all in one pass (see pairFP).
	var uniq []shape
	which := make([]int, len(shapes))
	for i, sh := range shapes {
		which[i] = slices.IndexFunc(uniq, func(t shape) bool { return same(t, sh) })
		if which[i] < 0 {
			which[i] = len(uniq)
			uniq = append(uniq, sh)
		}
	}
	rates := pairFP(m, uniq, s.Samples, sampler(s.Seed, name))
	figures := make([]*export.Quality, len(uniq))
	for i, sh := range shapes {
		u := which[i]
		if figures[u] == nil {
			figures[u] = &export.Quality{
				Outside:   ks[i].outside(m, sh),
				AreaRatio: sh.Area() / float64(sp.Pixels),
				FPArea:    rates[u],
			}
		}
		sp.Quality[names[i]] = *figures[u]
	}
	if s.Masks {
		sp.Mask = export.EncodeMask(m)
	}
	return sp
}

// violations returns one line per shape kind of sp that leaves opaque
// pixels outside, in kind order.
func violations(sp *export.Sprite) []string {
	var out []string
	for _, k := range kinds {
		if q, ok := sp.Quality[k.name]; ok && q.Outside > 0 {
			out = append(out, fmt.Sprintf("%s: %s leaves %d opaque pixels outside", sp.Name, k.name, q.Outside))
		}
	}
	return out
}
