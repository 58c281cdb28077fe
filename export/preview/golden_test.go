package preview

// The golden previews: a few sprites of testdata/sprites drawn with their
// shapes from golden/shapes.json (with the outline and pieces computed as a
// build computes them, where the library has none), compared pixel by
// pixel with testdata/golden/*.png. After a deliberate change to the drawing, refresh
// them and look at every changed picture before committing:
//
//	go test ./export/preview -run Golden -update

import (
	"bytes"
	"cmp"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/shapegen/shapegen/collide"
	"github.com/shapegen/shapegen/export"
	"github.com/shapegen/shapegen/hull"
	"github.com/shapegen/shapegen/internal/update"
	"github.com/shapegen/shapegen/mask"
)

// goldenSprites is a small set that covers what a preview must get right:
// an atlas frame with an offset, a frame stored rotated, a grid cell with
// no pixels, holes, islands, thin and tiny sprites, soft alpha, a palette
// with transparency, a concave and a round sprite, a wide one.
var goldenSprites = []string{
	"sheets/packed/gem",
	"sheets/packed/arrow",
	"sheets/grid_4x2/3",
	"holes/ring",
	"islands",
	"thin/diagonal2",
	"thin/hline1",
	"tiny",
	"concave/star_soft",
	"convex/circle_soft",
	"formats/paletted_trns",
	"alpha/ramp",
}

const (
	spritesDir  = "../../testdata/sprites"
	libraryPath = "../../golden/shapes.json"
	goldenDir   = "testdata/golden"
)

// Tolerance of the golden comparison: a pixel differs when a channel is
// off by more than maxChannelDiff, and at most maxDifferingShare of the
// pixels may differ (room for floating-point rounding on another machine,
// none for a changed drawing).
const (
	maxChannelDiff    = 2
	maxDifferingShare = 0.001
)

func readLibrary(t *testing.T) *export.Library {
	t.Helper()
	f, err := os.Open(libraryPath)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	lib, err := export.Read(f)
	if err != nil {
		t.Fatalf("%s: %v", libraryPath, err)
	}
	return lib
}

func readPNG(t *testing.T, path string) image.Image {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	img, _, err := image.Decode(f)
	if err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	return img
}

// upright returns s's frame pixels from its image, turned back upright
// when the atlas stores it rotated (see export.Sprite.Rotated).
func upright(img image.Image, s *export.Sprite) *image.NRGBA {
	f := s.Frame
	w, h := f.W, f.H
	if s.Rotated {
		w, h = f.H, f.W
	}
	out := image.NewNRGBA(image.Rect(0, 0, w, h))
	b := img.Bounds().Min
	for y := range h {
		for x := range w {
			sx, sy := f.X+x, f.Y+y
			if s.Rotated {
				sx, sy = f.X+f.W-1-y, f.Y+x
			}
			out.Set(x, y, img.At(b.X+sx, b.Y+sy))
		}
	}
	return out
}

// withOutlineAndPieces returns s with its outline and pieces: those of the
// library, or where it has none those a build computes (the outline
// simplified by half a square pixel, the pieces within the settings'
// limits, 8 and 8 when unset).
func withOutlineAndPieces(frame image.Image, s *export.Sprite, set export.Settings) *export.Sprite {
	c := *s
	m := mask.FromImage(Sprite(frame, s), Options{AlphaThreshold: set.AlphaThreshold}.threshold())
	if m.Empty() {
		return &c
	}
	rings := func(ps [][]collide.Vec) []export.Ring {
		var out []export.Ring
		for _, p := range ps {
			r := make(export.Ring, len(p))
			for i, v := range p {
				r[i] = export.Point{v.X, v.Y}
			}
			out = append(out, r)
		}
		return out
	}
	if len(c.Outline) == 0 {
		c.Outline = rings(hull.Outline(m, hull.DefaultOutline))
	}
	if len(c.Pieces) == 0 {
		pieces, vertices := cmp.Or(set.MaxPieces, 8), cmp.Or(set.MaxVertices, 8)
		var ps [][]collide.Vec
		for _, p := range hull.Pieces(m, hull.PiecesOptions{MaxPieces: pieces, MaxVertices: vertices, Gain: hull.DefaultPieces.Gain}) {
			ps = append(ps, p)
		}
		c.Pieces = rings(ps)
	}
	return &c
}

// diff compares got with want and describes how they differ beyond the
// tolerance, or returns "".
func diff(got, want image.Image) string {
	if got.Bounds().Size() != want.Bounds().Size() {
		return fmt.Sprintf("size %v, want %v", got.Bounds().Size(), want.Bounds().Size())
	}
	gb, wb := got.Bounds().Min, want.Bounds().Min
	n, differing, worst := 0, 0, 0
	var first image.Point
	for y := range got.Bounds().Dy() {
		for x := range got.Bounds().Dx() {
			n++
			g := color.NRGBAModel.Convert(got.At(gb.X+x, gb.Y+y)).(color.NRGBA)
			w := color.NRGBAModel.Convert(want.At(wb.X+x, wb.Y+y)).(color.NRGBA)
			d := max(absDiff(g.R, w.R), absDiff(g.G, w.G), absDiff(g.B, w.B), absDiff(g.A, w.A))
			if d > maxChannelDiff {
				if differing == 0 {
					first = image.Pt(x, y)
				}
				differing++
				worst = max(worst, d)
			}
		}
	}
	if float64(differing) > maxDifferingShare*float64(n) {
		return fmt.Sprintf("%d of %d pixels differ (first at %v, worst channel difference %d)", differing, n, first, worst)
	}
	return ""
}

func absDiff(a, b uint8) int {
	if a > b {
		return int(a - b)
	}
	return int(b - a)
}

func TestGolden(t *testing.T) {
	if _, err := os.Stat(spritesDir); err != nil {
		t.Skip("testdata/sprites absent")
	}
	lib := readLibrary(t)
	byName := map[string]*export.Sprite{}
	for i := range lib.Sprites {
		byName[lib.Sprites[i].Name] = &lib.Sprites[i]
	}
	for _, name := range goldenSprites {
		t.Run(name, func(t *testing.T) {
			s, ok := byName[name]
			if !ok {
				t.Fatalf("%s not in %s", name, libraryPath)
			}
			frame := upright(readPNG(t, filepath.Join(spritesDir, filepath.FromSlash(s.Image))), s)
			s = withOutlineAndPieces(frame, s, lib.Settings)
			got := render(t, frame, s, Options{AlphaThreshold: lib.Settings.AlphaThreshold})
			path := filepath.Join(goldenDir, strings.ReplaceAll(name, "/", "_")+".png")
			if update.Enabled() {
				if err := os.MkdirAll(goldenDir, 0o755); err != nil {
					t.Fatal(err)
				}
				// Goldens are stored small (image/png at its best
				// compression); they are compared by pixels, not bytes.
				var buf bytes.Buffer
				if err := (&png.Encoder{CompressionLevel: png.BestCompression}).Encode(&buf, got); err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(path, buf.Bytes(), 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			if d := diff(got, readPNG(t, path)); d != "" {
				t.Errorf("Render(%s) differs from %s: %s (after a deliberate change: go test ./export/preview -run Golden -update, and look at the pictures)", name, path, d)
			}
		})
	}
}

// TestDiff checks the golden comparison itself: within the tolerance,
// just beyond it, and a different size.
func TestDiff(t *testing.T) {
	base := image.NewNRGBA(image.Rect(0, 0, 100, 100)) // 10,000 pixels: 10 may differ
	for i := range base.Pix {
		base.Pix[i] = 100
	}
	with := func(n int, delta uint8) *image.NRGBA {
		img := image.NewNRGBA(base.Rect)
		copy(img.Pix, base.Pix)
		for i := range n {
			img.Pix[4*i+1] += delta
		}
		return img
	}
	cases := []struct {
		name string
		got  image.Image
		ok   bool
	}{
		{"same", with(0, 0), true},
		{"all off by 2", with(10000, 2), true},
		{"10 off by 3", with(10, 3), true},
		{"11 off by 3", with(11, 3), false},
		{"all off by 3", with(10000, 3), false},
		{"other size", image.NewNRGBA(image.Rect(0, 0, 100, 99)), false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if d := diff(c.got, base); (d == "") != c.ok {
				t.Errorf("diff = %q, want ok %v", d, c.ok)
			}
		})
	}
}
