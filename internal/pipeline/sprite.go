package pipeline

import (
	"fmt"
	"image"
	"image/draw"
	"slices"

	"github.com/shapegen/shapegen/collide"
	"github.com/shapegen/shapegen/export"
	"github.com/shapegen/shapegen/hull"
	"github.com/shapegen/shapegen/internal/atlas"
	"github.com/shapegen/shapegen/internal/config"
	"github.com/shapegen/shapegen/internal/plural"
	"github.com/shapegen/shapegen/mask"
	"github.com/shapegen/shapegen/verify"
)

// upright returns the pixels of frame f of img as stored, turned back
// when f was packed turned; its bounds start at (0, 0) only when it had
// to be copied. It fails when the frame is not inside the image.
func upright(img image.Image, f atlas.Frame) (image.Image, error) {
	b := img.Bounds()
	r := f.Rect.Add(b.Min)
	if !r.In(b) {
		return nil, fmt.Errorf("frame %q at %v is outside the %dx%d image", f.Name, f.Rect, b.Dx(), b.Dy())
	}
	if f.Turn == atlas.Upright {
		if si, ok := img.(interface {
			SubImage(image.Rectangle) image.Image
		}); ok {
			return si.SubImage(r), nil
		}
		c := image.NewNRGBA(image.Rect(0, 0, r.Dx(), r.Dy()))
		draw.Draw(c, c.Bounds(), img, r.Min, draw.Src)
		return c, nil
	}
	// Packed turned: Stored says where each upright pixel is.
	size := f.Upright()
	out := image.NewNRGBA(image.Rect(0, 0, size.X, size.Y))
	for y := range size.Y {
		for x := range size.X {
			q := f.Stored(x, y).Add(b.Min)
			out.Set(x, y, img.At(q.X, q.Y))
		}
	}
	return out, nil
}

// turnOf returns how sprite sp says a frame is stored turned: rotated for
// a quarter turn clockwise (DESIGN.md), turn in degrees clockwise for the
// others.
func turnOf(t atlas.Turn) (rotated bool, degrees int) {
	switch t {
	case atlas.Clockwise:
		return true, 0
	case atlas.HalfTurn:
		return false, 180
	case atlas.CounterClockwise:
		return false, 270
	}
	return false, 0
}

// compute returns sprite name's record: its frame, size and pivot, and for
// a sprite with opaque pixels each requested shape kind with its quality
// figures. m is the sprite's mask in its own space.
func compute(name, img string, f atlas.Frame, m *mask.Mask, s config.Sprite) export.Sprite {
	sp := export.Sprite{
		Name:   name,
		Image:  img,
		Frame:  export.Frame{X: f.Rect.Min.X, Y: f.Rect.Min.Y, W: f.Rect.Dx(), H: f.Rect.Dy()},
		Size:   [2]int{f.Size.X, f.Size.Y},
		Pivot:  pivotOf(s, f),
		Pixels: m.Count(),
	}
	sp.Rotated, sp.Turn = turnOf(f.Turn)
	if f.Offset != (image.Point{}) {
		sp.Offset = &[2]int{f.Offset.X, f.Offset.Y}
	}
	if sp.Pixels == 0 {
		return sp
	}
	fa := &export.Facts{Mask: m, Hull: hull.Convex(m), MaxVertices: s.MaxVertices, MaxPieces: s.MaxPieces,
		PiecesGain: s.PiecesGain, MaxOutlineVertices: s.MaxOutlineVertices}
	sp.Quality = export.Qualities{}
	pairs := verify.PairsOf(m) // once, for every kind's figure
	for k := range collide.Kinds() {
		if !slices.Contains(s.Shapes, k.String()) {
			continue
		}
		sh := export.Make(k, fa)
		sp.SetShape(k, sh)
		q := export.Quality{Outside: verify.Outside(m, sh), AreaRatio: verify.AreaRatio(sh, sp.Pixels)}
		if c, ok := sh.(collide.Shape); ok && export.HasFPArea(k.String()) {
			q.FPArea = verify.FPArea(pairs, c)
		}
		sp.Quality[k.String()] = q
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
	for k := range collide.Kinds() {
		if q, ok := sp.Quality[k.String()]; ok && q.Outside > 0 {
			out = append(out, fmt.Sprintf("%s: %s leaves %s outside", sp.Name, k, plural.Count(q.Outside, "opaque pixel")))
		}
	}
	return out
}

// pivotOf returns the pivot of frame f's sprite: the pivot an override
// of the settings s sets, else the one the atlas gives the frame, else the
// settings' rule.
func pivotOf(s config.Sprite, f atlas.Frame) export.Point {
	if f.Pivot != nil && !s.PivotSet {
		return export.Point{f.Pivot[0], f.Pivot[1]}
	}
	return export.Point{s.Pivot.X * float64(f.Size.X), s.Pivot.Y * float64(f.Size.Y)}
}
