// Package previewtest makes sprites and shape libraries for the tests of
// export/preview and export/report: ASCII pictures as images, and sprites
// whose shapes come from the hull package with simple quality figures.
package previewtest

import (
	"fmt"
	"image"
	"image/color"
	_ "image/png" // the corpus
	"io/fs"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/shapegen/shapegen/collide"
	"github.com/shapegen/shapegen/export"
	"github.com/shapegen/shapegen/hull"
	"github.com/shapegen/shapegen/mask"
)

// Threshold is the alpha threshold of the sprites made here.
const Threshold = 128

// Picture makes an image from an ASCII picture: '#' is an opaque pixel
// (its colour varies with x and y), '+' a faint one below Threshold, '.' a
// transparent one. It panics on any other character.
func Picture(rows ...string) *image.NRGBA {
	img := image.NewNRGBA(image.Rect(0, 0, len(rows[0]), len(rows)))
	for y, row := range rows {
		for x, c := range row {
			switch c {
			case '#':
				img.SetNRGBA(x, y, color.NRGBA{uint8(40 + 20*(x%8)), uint8(90 + 15*(y%8)), 60, 0xff})
			case '+':
				img.SetNRGBA(x, y, color.NRGBA{200, 200, 40, 60})
			case '.':
			default:
				panic(fmt.Sprintf("previewtest.Picture: bad character %q", c))
			}
		}
	}
	return img
}

// Sprite returns the sprite of img (its whole bounds as the frame) with
// shapes from the hull package: the bounding box, the minimum circle and
// box of the hull, the hull, the hull reduced to 8 vertices, and as pieces
// the hulls of the left and right halves. Quality holds outside 0 (these
// shapes are conservative), the true area_ratio, and as fp_area a
// stand-in, 1 - pixels/area, which grows with the same slack.
func Sprite(name string, img image.Image) *export.Sprite {
	b := img.Bounds()
	m := mask.FromImage(img, Threshold)
	s := &export.Sprite{
		Name:   name,
		Image:  name + ".png",
		Frame:  export.Frame{W: b.Dx(), H: b.Dy()},
		Size:   [2]int{b.Dx(), b.Dy()},
		Pixels: m.Count(),
	}
	if s.Pixels == 0 {
		return s
	}
	mb := m.Bounds()
	aabb := collide.R(float64(mb.Min.X), float64(mb.Min.Y), float64(mb.Max.X), float64(mb.Max.Y))
	h := hull.Convex(m)
	poly := h
	if len(h) > 8 {
		poly = hull.Reduce(h, 8)
	}
	c := hull.MinCircle(h)
	box := hull.MinBox(h)
	s.Pivot = point(aabb.Center())
	s.AABB = &export.AABB{Min: point(aabb.Min), Max: point(aabb.Max)}
	s.Circle = &export.Circle{Center: point(c.Center), Radius: c.Radius}
	s.Box = &export.Box{Center: point(box.Center), Half: point(box.Half), Angle: box.Angle}
	s.Hull = ring(h)
	s.Polygon = ring(poly)
	piecesArea := 0.0
	for _, half := range halves(m) {
		if p := hull.Convex(half); len(p) > 0 {
			s.Pieces = append(s.Pieces, ring(p))
			piecesArea += p.Area()
		}
	}
	s.Quality = map[string]export.Quality{}
	for k, area := range map[collide.Kind]float64{
		collide.KindAABB: aabb.Area(), collide.KindCircle: c.Area(), collide.KindBox: box.Area(),
		collide.KindHull: h.Area(), collide.KindPolygon: poly.Area(), collide.KindPieces: piecesArea,
	} {
		r := area / float64(s.Pixels)
		s.Quality[k.String()] = export.Quality{AreaRatio: r, FPArea: math.Max(0, 1-1/r)}
	}
	return s
}

// halves splits m into its left and right halves (same size as m).
func halves(m *mask.Mask) [2]*mask.Mask {
	l, r := mask.New(m.Width(), m.Height()), mask.New(m.Width(), m.Height())
	for y := range m.Height() {
		for x := range m.Width() {
			if !m.Get(x, y) {
				continue
			}
			if x < m.Width()/2 {
				l.Set(x, y, true)
			} else {
				r.Set(x, y, true)
			}
		}
	}
	return [2]*mask.Mask{l, r}
}

func point(v collide.Vec) export.Point { return export.Point{v.X, v.Y} }

func ring(p collide.Polygon) export.Ring {
	out := make(export.Ring, len(p))
	for i, v := range p {
		out[i] = point(v)
	}
	return out
}

// Blob returns an image of w×h with an opaque ellipse touching its edges,
// with a notch cut in from the right when notch is true (a concave sprite).
func Blob(w, h int, notch bool) *image.NRGBA {
	img := image.NewNRGBA(image.Rect(0, 0, w, h))
	cx, cy := float64(w)/2, float64(h)/2
	for y := range h {
		for x := range w {
			dx, dy := (float64(x)+0.5-cx)/cx, (float64(y)+0.5-cy)/cy
			if dx*dx+dy*dy > 1 {
				continue
			}
			if notch && dx > 0 && math.Abs(dy) < 0.25 {
				continue
			}
			img.SetNRGBA(x, y, color.NRGBA{uint8(60 + 150*x/w), uint8(80 + 120*y/h), 170, 0xff})
		}
	}
	return img
}

// Corpus is the shared real art as seen from the repository's root.
const Corpus = "../shared/corpus/platformer-art"

// CorpusSprites returns up to n sprites of the PNGs under dir (every few
// files, so all its packs and sizes are among them, leaving out images of
// more than a megapixel: backgrounds and sample sheets), each with the
// shapes of Sprite and its outline as a build traces it, or skips tb when
// dir has no PNG (the corpus is not in the repository).
func CorpusSprites(tb testing.TB, dir string, n int) ([]image.Image, []*export.Sprite) {
	tb.Helper()
	var paths []string
	filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() && strings.HasSuffix(path, ".png") {
			paths = append(paths, path)
		}
		return nil
	})
	if len(paths) == 0 {
		tb.Skip("corpus absent: " + dir)
	}
	step := max(1, len(paths)/n)
	var imgs []image.Image
	var sprites []*export.Sprite
	for i := 0; i < len(paths) && len(imgs) < n; i += step {
		f, err := os.Open(paths[i])
		if err != nil {
			tb.Fatal(err)
		}
		img, _, err := image.Decode(f)
		f.Close()
		if err != nil || img.Bounds().Dx()*img.Bounds().Dy() > 1<<20 {
			continue
		}
		s := Sprite(filepath.ToSlash(paths[i]), img)
		// Builds will write outlines by default: previews draw them.
		for _, r := range hull.Outline(mask.FromImage(img, Threshold), hull.DefaultOutline) {
			s.Outline = append(s.Outline, ring(r))
		}
		imgs = append(imgs, img)
		sprites = append(sprites, s)
	}
	return imgs, sprites
}
