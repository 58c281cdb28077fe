package preview

import (
	"bytes"
	"image"
	"image/color"
	"image/draw"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/shapegen/shapegen/collide"
	"github.com/shapegen/shapegen/export"
	"github.com/shapegen/shapegen/export/preview/previewtest"
	"github.com/shapegen/shapegen/mask"
)

// lShape is a concave test sprite: its shapes add area around the pixels.
var lShape = []string{
	"##......",
	"##......",
	"##......",
	"########",
	"########",
}

// render is Render for tests: it fails the test on an error.
func render(t testing.TB, frame image.Image, s *export.Sprite, opt Options) *image.NRGBA {
	t.Helper()
	pic, err := Render(frame, s, opt)
	if err != nil {
		t.Fatalf("Render(%s): %v", s.Name, err)
	}
	return pic
}

// outsideOf returns the pixels of m that forOutside reports, in order.
func outsideOf(m *mask.Mask, shapes []shape) []image.Point {
	rows := &opaqueRows{r: image.Rectangle{Max: m.Size()}, m: m}
	var out []image.Point
	forOutside(rows, shapes, func(y, x0, x1 int) {
		for x := x0; x < x1; x++ {
			out = append(out, image.Pt(x, y))
		}
	})
	return out
}

func TestUpScale(t *testing.T) {
	cases := []struct {
		n, minSide, want int
	}{
		{0, 0, 1},
		{1, 0, 256},
		{8, 0, 32},
		{20, 0, 13}, // 12*20 = 240 < 256
		{255, 0, 2},
		{256, 0, 1},
		{1000, 0, 1},
		{10, 100, 10},
		{11, 100, 10},
	}
	for _, c := range cases {
		got := upScale(c.n, c.minSide)
		if got != c.want {
			t.Errorf("upScale(%d, %d) = %d, want %d", c.n, c.minSide, got, c.want)
		}
		side := c.minSide
		if side == 0 {
			side = DefaultMinSide
		}
		if c.n > 0 && c.n < side && (got*c.n < side || (got-1)*c.n >= side) {
			t.Errorf("upScale(%d) = %d is not the least factor reaching %d", c.n, got, side)
		}
	}
}

// TestRenderSize checks the nearest-neighbour scaling: the drawing is the
// sprite's space times upScale plus the margins, and each sprite pixel is a
// k×k block of its own colour.
func TestRenderSize(t *testing.T) {
	img := previewtest.Picture(lShape...)
	s := previewtest.Sprite("l", img)
	got := render(t, img, s, Options{AlphaThreshold: previewtest.Threshold, Kinds: []collide.Kind{}, NoPivot: true})
	k := upScale(8, 0)
	if want := 8*k + 2*margin; got.Rect.Dx() != want {
		t.Errorf("Render width = %d, want %d (k = %d)", got.Rect.Dx(), want, k)
	}
	if 8*k < DefaultMinSide {
		t.Errorf("longer side drawn %d px, want >= %d", 8*k, DefaultMinSide)
	}
	// Pixel (1, 3) of the sprite, whole block (edges lie outside it).
	want := img.NRGBAAt(1, 3)
	for y := margin + 3*k; y < margin+4*k; y++ {
		for x := margin + k; x < margin+2*k; x++ {
			if g := got.NRGBAAt(x, y); g != want {
				t.Fatalf("output pixel (%d, %d) = %v, want the sprite's %v", x, y, g, want)
			}
		}
	}
}

// painted reports whether some pixel of got differs from the same pixel
// of bare by a move at least 60% of the way to c: a stroke of colour c
// covers it by that much.
func painted(got, bare *image.NRGBA, c color.NRGBA) bool {
	dist := func(p []byte) float64 {
		r, g, b := float64(p[0])-float64(c.R), float64(p[1])-float64(c.G), float64(p[2])-float64(c.B)
		return math.Sqrt(r*r + g*g + b*b)
	}
	b := got.Rect
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			i, j := got.PixOffset(x, y), bare.PixOffset(x, y)
			before, after := dist(bare.Pix[j:j+3]), dist(got.Pix[i:i+3])
			if before > 30 && after <= 0.4*before {
				return true
			}
		}
	}
	return false
}

// TestRenderKindColours draws each kind alone and checks that some pixel
// is painted in its colour, over a picture of the same sprite without
// shapes (so the sprite or the background cannot pass for it).
func TestRenderKindColours(t *testing.T) {
	// A notched blob in the middle of a larger image, so that every shape
	// (the circle too) lies inside the image and the views are the same.
	img := image.NewNRGBA(image.Rect(0, 0, 48, 40))
	draw.Draw(img, image.Rect(12, 12, 36, 28), previewtest.Blob(24, 16, true), image.Point{}, draw.Src)
	s := previewtest.Sprite("blob", img)
	s.Outline = []export.Ring{{{10, 10}, {38, 10}, {38, 30}, {10, 30}}}
	bare := render(t, img, s, Options{AlphaThreshold: previewtest.Threshold, Kinds: []collide.Kind{}, NoPivot: true})
	type drawn struct {
		name string
		opt  Options
		col  color.NRGBA
	}
	var cases []drawn
	for k := range Order() {
		cases = append(cases, drawn{k.String(), Options{Kinds: []collide.Kind{k}, NoPivot: true}, export.Colour(k)})
	}
	cases = append(cases, drawn{"pivot", Options{Kinds: []collide.Kind{}}, PivotColour()})
	if len(cases) != int(collide.NumKinds)+1 {
		t.Fatalf("Order() lists %d kinds, want all %d", len(cases)-1, collide.NumKinds)
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			c.opt.AlphaThreshold = previewtest.Threshold
			got := render(t, img, s, c.opt)
			if got.Rect.Dx() != bare.Rect.Dx() {
				t.Fatalf("width %d, want %d as without shapes", got.Rect.Dx(), bare.Rect.Dx())
			}
			// Compare the drawing above the legend.
			r := image.Rect(0, 0, bare.Rect.Dx(), bare.Rect.Dy()-lineHeight-margin)
			if !painted(got.SubImage(r).(*image.NRGBA), bare.SubImage(r).(*image.NRGBA), c.col) {
				t.Errorf("Render(%s alone) paints no pixel in its colour %v", c.name, c.col)
			}
		})
	}
}

// TestRenderOutside shrinks the box so that it leaves pixels out: those
// are drawn red and counted in the legend; the others keep their colour.
func TestRenderOutside(t *testing.T) {
	img := previewtest.Picture(lShape...)
	s := previewtest.Sprite("l", img)
	s.AABB = &export.AABB{Min: export.Point{0, 0}, Max: export.Point{8, 4}} // leaves row 4 out
	opt := Options{AlphaThreshold: previewtest.Threshold, Kinds: []collide.Kind{collide.KindAABB}, NoPivot: true}
	got := render(t, img, s, opt)
	k := upScale(8, 0)
	at := func(x, y int) color.NRGBA { return got.NRGBAAt(margin+x*k+k/2, margin+y*k+k/2) }
	for x := range 8 {
		if c := at(x, 4); c.R < 200 || c.G > 80 || c.B > 80 {
			t.Errorf("pixel (%d, 4) outside the box drawn %v, want red", x, c)
		}
	}
	if c, want := at(3, 3), img.NRGBAAt(3, 3); c != want {
		t.Errorf("pixel (3, 3) inside the box drawn %v, want its own %v", c, want)
	}
	m := mask.FromImage(img, previewtest.Threshold)
	if n := len(outsideOf(m, shapesOf(s, opt))); n != 8 {
		t.Errorf("forOutside found %d pixels, want 8", n)
	}
	entries := legendEntries(s, shapesOf(s, opt), 8)
	if !slices.ContainsFunc(entries, func(e entry) bool { return e.outside && e.text == "outside 8px" }) {
		t.Errorf("legend %v has no entry %q", entries, "outside 8px")
	}
	// The true shapes leave nothing outside.
	if n := len(outsideOf(m, shapesOf(previewtest.Sprite("l", img), Options{}))); n != 0 {
		t.Errorf("forOutside of conservative shapes found %d pixels, want 0", n)
	}
}

// TestRenderTint checks that the area a shape adds around the pixels is
// tinted in its colour, and that the background outside every shape is
// the bare checkerboard.
func TestRenderTint(t *testing.T) {
	img := previewtest.Picture(lShape...)
	s := previewtest.Sprite("l", img)
	opt := Options{AlphaThreshold: previewtest.Threshold, Kinds: []collide.Kind{collide.KindAABB}, NoPivot: true}
	bare := render(t, img, s, Options{AlphaThreshold: previewtest.Threshold, Kinds: []collide.Kind{}, NoPivot: true})
	got := render(t, img, s, opt)
	k := upScale(8, 0)
	// Sprite pixel (5, 1) is transparent but inside the bounding box.
	x, y := margin+5*k+k/2, margin+1*k+k/2
	b, g := bare.NRGBAAt(x, y), got.NRGBAAt(x, y)
	col := export.Colour(collide.KindAABB)
	if b == g {
		t.Fatalf("pixel inside the box, outside the sprite: %v, same as without the box", g)
	}
	// The tint moves the colour towards the kind's colour, channel by channel.
	for i, c := range [3][3]uint8{{b.R, g.R, col.R}, {b.G, g.G, col.G}, {b.B, g.B, col.B}} {
		if absDiff(c[1], c[2]) > absDiff(c[0], c[2]) {
			t.Errorf("channel %d: tinted %d is farther from the colour %d than bare %d", i, c[1], c[2], c[0])
		}
	}
	// The margin's top-left corner lies outside every shape.
	if g, b := got.NRGBAAt(2, 2), bare.NRGBAAt(2, 2); g != b || g != checkLight {
		t.Errorf("pixel (2, 2) = %v (bare %v), want the checkerboard's %v", g, b, checkLight)
	}
}

func TestRenderDeterministic(t *testing.T) {
	img := previewtest.Blob(37, 23, true)
	s := previewtest.Sprite("blob", img)
	var a, b bytes.Buffer
	if err := Encode(&a, render(t, img, s, Options{})); err != nil {
		t.Fatal(err)
	}
	if err := Encode(&b, render(t, img, s, Options{})); err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(a.Bytes(), b.Bytes()) {
		t.Errorf("Encode(Render(...)) twice gave %d and %d bytes that differ", a.Len(), b.Len())
	}
}

// TestRenderEmpty draws a sprite with no pixel and no shapes: a
// checkerboard and a legend naming it.
func TestRenderEmpty(t *testing.T) {
	img := image.NewNRGBA(image.Rect(0, 0, 16, 16))
	s := previewtest.Sprite("empty", img)
	got := render(t, img, s, Options{})
	if want := 16*upScale(16, 0) + 2*margin; got.Rect.Dx() != want {
		t.Errorf("width = %d, want %d", got.Rect.Dx(), want)
	}
	if e := legendEntries(s, shapesOf(s, Options{}), 0); len(e) != 0 {
		t.Errorf("legend entries of an empty sprite = %v, want none", e)
	}
}

func TestFit(t *testing.T) {
	cases := []struct {
		s    string
		n    int
		want string
	}{
		{"short", 10, "short"},
		{"enemies/bat/fly_01", 10, ".../fly_01"},
		{"abcdefgh", 3, "abcdefgh"},
	}
	for _, c := range cases {
		if got := fit(c.s, c.n); got != c.want || (c.n >= 4 && len(got) > c.n) {
			t.Errorf("fit(%q, %d) = %q, want %q", c.s, c.n, got, c.want)
		}
	}
	if got := fit(strings.Repeat("a", 50)+"/end", 12); !strings.HasSuffix(got, "/end") || len(got) != 12 {
		t.Errorf("fit(long, 12) = %q, want 12 characters ending in /end", got)
	}
}

// TestLayout checks that Layout tells where Render's drawing is: the
// picture's width, and the drawing's bottom edge just above the legend's
// rule.
func TestLayout(t *testing.T) {
	for _, c := range []struct {
		name string
		img  image.Image
	}{
		{"l", previewtest.Picture(lShape...)},
		{"blob", previewtest.Blob(30, 70, true)},
		{"empty", image.NewNRGBA(image.Rect(0, 0, 5, 9))},
	} {
		t.Run(c.name, func(t *testing.T) {
			s := previewtest.Sprite(c.name, c.img)
			got := render(t, c.img, s, Options{})
			r, w := Layout(s, Options{})
			if w != got.Rect.Dx() {
				t.Errorf("Layout width = %d, want Render's %d", w, got.Rect.Dx())
			}
			if r.Min != image.Pt(margin, margin) || r.Dx() != w-2*margin {
				t.Errorf("Layout drawing = %v, want at (%d, %d), %d wide", r, margin, margin, w-2*margin)
			}
			if rule := got.NRGBAAt(0, r.Max.Y+margin); rule != checkDark {
				t.Errorf("pixel under the drawing and its margin = %v, want the legend's rule %v", rule, checkDark)
			}
			if above := got.NRGBAAt(0, r.Max.Y+margin-1); above == legendBack {
				t.Errorf("pixel above the legend's rule is the legend's background")
			}
		})
	}
}

// TestRendererReuse checks that a Renderer drawing sprites of different
// sizes one after another gives each the picture Render gives it: no
// coverage or pixel of one picture leaks into the next.
func TestRendererReuse(t *testing.T) {
	var r Renderer
	for i, size := range [][2]int{{40, 30}, {9, 7}, {90, 20}, {9, 7}, {3, 60}, {40, 30}} {
		img := previewtest.Blob(size[0], size[1], i%2 == 0)
		s := previewtest.Sprite("blob", img)
		for _, opt := range []Options{{}, {NoLegend: true}, {MinSide: 1, Kinds: []collide.Kind{collide.KindCircle, collide.KindPolygon}, NoPivot: true}} {
			want := render(t, img, s, opt)
			got, err := r.Render(img, s, opt)
			if err != nil {
				t.Fatal(err)
			}
			if got.Rect != want.Rect || !bytes.Equal(got.Pix, want.Pix) {
				t.Fatalf("sprite %d (%v), %+v: Renderer.Render differs from Render", i, size, opt)
			}
		}
	}
}

// TestRenderNoLegend checks that with NoLegend the picture is the
// drawing of the full picture, where Layout says it is, pixel for pixel
// (but for strokes that reach into the margin, which are cut off at the
// drawing's edge, the same in both).
func TestRenderNoLegend(t *testing.T) {
	img := previewtest.Blob(23, 31, true)
	s := previewtest.Sprite("blob", img)
	full := render(t, img, s, Options{})
	bare := render(t, img, s, Options{NoLegend: true})
	r, _ := Layout(s, Options{})
	if lr, w := Layout(s, Options{NoLegend: true}); lr != bare.Rect || w != bare.Rect.Dx() {
		t.Fatalf("Layout with NoLegend = %v, %d; want the whole picture %v", lr, w, bare.Rect)
	}
	if bare.Rect.Size() != r.Size() {
		t.Fatalf("NoLegend picture %v, want the drawing's size %v", bare.Rect, r.Size())
	}
	for y := range r.Dy() {
		for x := range r.Dx() {
			if got, want := bare.NRGBAAt(x, y), full.NRGBAAt(r.Min.X+x, r.Min.Y+y); got != want {
				t.Fatalf("pixel (%d, %d) = %v, want %v", x, y, got, want)
			}
		}
	}
}

// TestExpand checks expand against scaling pixel by pixel, cut off on
// either side.
func TestExpand(t *testing.T) {
	src := []byte{1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12}
	for k := 1; k <= 4; k++ {
		var full []byte // the three pixels scaled k times
		for i := 0; i < len(src); i += 4 {
			for range k {
				full = append(full, src[i:i+4]...)
			}
		}
		for skip := range 3 * k {
			for n := 0; skip+n <= 3*k; n++ {
				dst := make([]byte, 4*n)
				expand(dst, src, k, skip)
				if want := full[4*skip : 4*(skip+n)]; !bytes.Equal(dst, want) {
					t.Errorf("k %d, skip %d, %d pixels: %v, want %v", k, skip, n, dst, want)
				}
			}
		}
	}
}

// TestRenderGivenMask checks that a picture drawn with the caller's mask
// is the one drawn without, for the golden sprites (trimmed atlas frames
// among them) and for their tiles, and that a mask of the wrong size is
// not used.
func TestRenderGivenMask(t *testing.T) {
	if _, err := os.Stat(spritesDir); err != nil {
		t.Skip("testdata/sprites absent")
	}
	lib := readLibrary(t)
	for i := range lib.Sprites {
		s := &lib.Sprites[i]
		if !slices.Contains(goldenSprites, s.Name) {
			continue
		}
		frame := upright(readPNG(t, filepath.Join(spritesDir, filepath.FromSlash(s.Image))), s)
		base := Options{AlphaThreshold: lib.Settings.AlphaThreshold}
		m := mask.FromImage(Sprite(frame, s), base.threshold())
		for _, opt := range []Options{base, {AlphaThreshold: base.AlphaThreshold, NoLegend: true}} {
			want := render(t, frame, s, opt)
			opt.Mask = m
			if got := render(t, frame, s, opt); !bytes.Equal(got.Pix, want.Pix) {
				t.Errorf("%s: the picture with the given mask differs", s.Name)
			}
			opt.Mask = mask.New(m.Width()+1, m.Height())
			if got := render(t, frame, s, opt); !bytes.Equal(got.Pix, want.Pix) {
				t.Errorf("%s: a mask of the wrong size was used", s.Name)
			}
			// The given mask is the one drawn: an empty one leaves out the
			// pixel outline of a sprite that has pixels (with no shapes
			// drawn over it).
			bare := opt
			bare.Kinds, bare.NoPivot, bare.Mask = []collide.Kind{}, true, m
			outlined := render(t, frame, s, bare)
			bare.Mask = mask.New(m.Width(), m.Height())
			if got := render(t, frame, s, bare); s.Pixels > 0 && bytes.Equal(got.Pix, outlined.Pix) {
				t.Errorf("%s: an empty mask of the right size was not used", s.Name)
			}
		}
		for _, cell := range []int{0, 24} {
			want := Tile(frame, s, base, cell)
			opt := base
			opt.Mask = m
			if got := Tile(frame, s, opt, cell); !bytes.Equal(got.Pix, want.Pix) {
				t.Errorf("%s: the tile in a %d px cell with the given mask differs", s.Name, cell)
			}
		}
	}
}

// TestTintHoles checks that leaving the opaque pixels out of the tints
// changes no pixel of a sprite whose pixels are opaque or transparent
// (no partial alpha): the sprite covers them.
func TestTintHoles(t *testing.T) {
	islands := image.NewNRGBA(image.Rect(0, 0, 40, 30))
	draw.Draw(islands, image.Rect(2, 3, 19, 14), previewtest.Blob(17, 11, true), image.Point{}, draw.Src)
	draw.Draw(islands, image.Rect(20, 12, 39, 29), previewtest.Blob(19, 17, false), image.Point{}, draw.Src)
	for _, c := range []struct {
		name string
		img  *image.NRGBA
	}{
		{"l", previewtest.Picture(lShape...)},
		{"blob", previewtest.Blob(37, 23, true)},
		{"islands", islands},
		{"big", previewtest.Blob(300, 200, true)},
	} {
		t.Run(c.name, func(t *testing.T) {
			s := previewtest.Sprite(c.name, c.img)
			with := render(t, c.img, s, Options{})
			defer func(n int) { maxHoles = n }(maxHoles)
			maxHoles = -1
			without := render(t, c.img, s, Options{})
			if d := diff(with, without); d != "" || !bytes.Equal(with.Pix, without.Pix) {
				t.Errorf("tints with holes differ from tints without: %s", d)
			}
		})
	}
}
