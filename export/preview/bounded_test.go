package preview

import (
	"image"
	"image/color"
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/shapegen/shapegen/collide"
	"github.com/shapegen/shapegen/export"
	"github.com/shapegen/shapegen/export/preview/previewtest"
	"github.com/shapegen/shapegen/mask"
)

// rectSprite returns a sprite of a w×h space, all opaque, with every
// shape kind around it as a build makes them: the box, its circle, the
// rectangle as hull, polygon, piece and outline, the pivot in the middle.
func rectSprite(name string, w, h int) *export.Sprite {
	fw, fh := float64(w), float64(h)
	rect := export.Ring{{0, 0}, {fw, 0}, {fw, fh}, {0, fh}}
	return &export.Sprite{
		Name: name, Frame: export.Frame{W: w, H: h}, Size: [2]int{w, h}, Pixels: w * h,
		Pivot:   export.Point{fw / 2, fh / 2},
		AABB:    &export.AABB{Max: export.Point{fw, fh}},
		Circle:  &export.Circle{Center: export.Point{fw / 2, fh / 2}, Radius: math.Hypot(fw, fh) / 2 * (1 + 1e-12)},
		Box:     &export.Box{Center: export.Point{fw / 2, fh / 2}, Half: export.Point{fw / 2, fh / 2}},
		Hull:    rect,
		Polygon: rect,
		Pieces:  []export.Ring{rect},
		Outline: []export.Ring{rect},
	}
}

// checkBounded checks that pic, Render's picture of s, keeps its drawing
// within MaxSide and MaxPixels, where Layout says it is.
func checkBounded(t *testing.T, pic *image.NRGBA, s *export.Sprite, opt Options) {
	t.Helper()
	r, w := Layout(s, opt)
	if w != pic.Rect.Dx() {
		t.Errorf("Layout width %d, picture %v", w, pic.Rect)
	}
	if r.Dx() > MaxSide || r.Dy() > MaxSide || r.Dx()*r.Dy() > MaxPixels {
		t.Errorf("drawing %v beyond %d px a side or %d px", r, MaxSide, MaxPixels)
	}
	// The legend adds a few rows of text under the drawing.
	if pic.Rect.Dx() > MaxSide+2*margin || pic.Rect.Dy() > r.Max.Y+margin+12*lineHeight {
		t.Errorf("picture %v, drawing %v: too large", pic.Rect, r)
	}
}

// TestRenderBounded draws the two sprites that made huge pictures (issue
// 12, item 5): a 1×20,000,000 image (held as an image.Alpha, 20 MB, and
// with no mask given, so Render finds the pixels a band at a time) and a
// 2×20,000 strip, each with its shapes. The drawing stays within the
// bounds and no pixel is outside.
func TestRenderBounded(t *testing.T) {
	if testing.Short() {
		t.Skip("draws a 20-megapixel sprite")
	}
	thin := image.NewAlpha(image.Rect(0, 0, 1, 20_000_000))
	for i := range thin.Pix {
		thin.Pix[i] = 0xff
	}
	strip := image.NewNRGBA(image.Rect(0, 0, 2, 20_000))
	for i := range strip.Pix {
		strip.Pix[i] = 0xff
	}
	for _, c := range []struct {
		name string
		img  image.Image
	}{{"thin", thin}, {"strip", strip}} {
		t.Run(c.name, func(t *testing.T) {
			b := c.img.Bounds()
			s := rectSprite(c.name, b.Dx(), b.Dy())
			for _, opt := range []Options{{}, {NoLegend: true}} {
				pic := render(t, c.img, s, opt)
				checkBounded(t, pic, s, opt)
			}
			rows := &opaqueRows{}
			rows.reset(c.img, b.Size(), image.Point{}, Options{})
			n := 0
			forOutside(rows, shapesOf(s, Options{}), func(y, x0, x1 int) { n += x1 - x0 })
			if n != 0 {
				t.Errorf("%d pixels outside shapes that hold them all", n)
			}
		})
	}
}

// TestViewOf checks the scale of random spaces and shapes: the drawing
// fits the bounds, scaled up as far as they allow (no more than upScale)
// or else down by the least factor that fits.
func TestViewOf(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 5))
	side := func() int { return 1 + int(math.Exp(rng.Float64()*math.Log(3e7))) }
	for n := range 3000 {
		size := image.Pt(side(), side())
		s := rectSprite("s", size.X, size.Y)
		if n%3 == 0 {
			s.Circle.Radius *= 1 + 3*rng.Float64() // reaching out of the space
		}
		shapes := shapesOf(s, Options{})
		minSide := []int{0, 1, 64, 1000}[n%4]
		v := viewOf(size, shapes, minSide)
		w, h := v.size()
		if !fits(w, h) {
			t.Fatalf("size %v: view %+v draws %dx%d, beyond the bounds", size, v, w, h)
		}
		if v.up > 1 && v.down > 1 || v.up < 1 || v.down < 1 {
			t.Fatalf("size %v: view %+v", size, v)
		}
		up := v
		up.up++
		if v.down == 1 && v.up < upScale(max(size.X, size.Y), minSide) && fits(up.size()) {
			t.Fatalf("size %v: view %+v could be scaled up further", size, v)
		}
		down := v
		down.down--
		if v.down > 1 && fits(down.size()) {
			t.Fatalf("size %v: view %+v could be scaled down less", size, v)
		}
		x0, y0, x1, y1 := viewBounds(size.X, size.Y, shapes)
		if v.x0 != x0 || v.y0 != y0 || v.w != x1-x0 || v.h != y1-y0 {
			t.Fatalf("size %v: view %+v, want the bounds (%d, %d)-(%d, %d)", size, v, x0, y0, x1, y1)
		}
	}
}

// TestRenderScaledDown checks nearest-neighbour sampling when a sprite is
// scaled down: each drawing pixel is the sprite pixel under its centre.
func TestRenderScaledDown(t *testing.T) {
	img := image.NewNRGBA(image.Rect(0, 0, 5000, 7))
	for y := range 7 {
		for x := range 5000 {
			img.SetNRGBA(x, y, color.NRGBA{uint8(x), uint8(x >> 8), uint8(40 * y), 0xff})
		}
	}
	s := rectSprite("wide", 5000, 7)
	opt := Options{Kinds: []collide.Kind{}, NoPivot: true}
	v := viewOf(image.Pt(5000, 7), nil, 0)
	if v.down != 2 || v.up != 1 {
		t.Fatalf("view %+v, want scaled down by 2", v)
	}
	pic := render(t, img, s, opt)
	checkBounded(t, pic, s, opt)
	for py := range 3 {
		for px := 0; px < 2500; px += 7 {
			if got, want := pic.NRGBAAt(margin+px, margin+py), img.NRGBAAt(2*px+1, 2*py+1); got != want {
				t.Fatalf("drawing pixel (%d, %d) = %v, want sprite pixel (%d, %d) %v", px, py, got, 2*px+1, 2*py+1, want)
			}
		}
	}
}

// TestRenderErrors checks that what Render cannot draw is an error, and
// that Layout and Tile then give empty results, never a panic.
func TestRenderErrors(t *testing.T) {
	img := previewtest.Picture(lShape...)
	good := previewtest.Sprite("l", img)
	cases := []struct {
		name  string
		frame image.Image
		edit  func(s *export.Sprite)
	}{
		{"no frame", nil, func(*export.Sprite) {}},
		{"NaN radius", img, func(s *export.Sprite) { s.Circle.Radius = math.NaN() }},
		{"huge polygon", img, func(s *export.Sprite) { s.Polygon[0][0] = 1e300 }},
		{"infinite box", img, func(s *export.Sprite) { s.Box.Half[1] = math.Inf(1) }},
		{"huge piece", img, func(s *export.Sprite) { s.Pieces[0][1][1] = -1e12 }},
		{"NaN outline", img, func(s *export.Sprite) { s.Outline = []export.Ring{{{0, math.NaN()}, {1, 1}, {0, 1}}} }},
		{"huge size", img, func(s *export.Sprite) { s.Size[0] = math.MaxInt32 }},
		{"huge offset", img, func(s *export.Sprite) { s.Offset = &[2]int{math.MinInt32, 0} }},
		{"huge aabb", img, func(s *export.Sprite) { s.AABB.Max[0] = 1e20 }},
		{"NaN pivot", img, func(s *export.Sprite) { s.Pivot[1] = math.NaN() }},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			s := previewtest.Sprite("l", img)
			c.edit(s)
			if pic, err := Render(c.frame, s, Options{}); err == nil || pic != nil {
				t.Errorf("Render = %v, %v; want no picture and an error", pic != nil, err)
			}
			if c.frame == nil {
				return
			}
			if r, w := Layout(s, Options{}); !r.Empty() || w != 0 {
				t.Errorf("Layout = %v, %d; want empty", r, w)
			}
			if tile := Tile(c.frame, s, Options{}, 0); !tile.Rect.Empty() {
				t.Errorf("Tile = %v, want empty", tile.Rect)
			}
		})
	}
	if _, err := Render(img, nil, Options{}); err == nil {
		t.Errorf("Render(nil sprite): no error")
	}
	if _, err := Render(img, good, Options{}); err != nil {
		t.Errorf("Render(good sprite): %v", err)
	}
}

// naiveEdges returns the unit edges between an opaque pixel of m and a
// transparent one (or the outside), each as its two end points.
func naiveEdges(m *mask.Mask) map[[4]int]bool {
	out := map[[4]int]bool{}
	for y := -1; y <= m.Height(); y++ {
		for x := -1; x <= m.Width(); x++ {
			if m.Get(x, y) != m.Get(x+1, y) {
				out[[4]int{x + 1, y, x + 1, y + 1}] = true
			}
			if m.Get(x, y) != m.Get(x, y+1) {
				out[[4]int{x, y + 1, x + 1, y + 1}] = true
			}
		}
	}
	return out
}

// TestEachEdge compares eachEdge's straight pieces, cut into unit edges,
// with the naive unit edges on seeded random masks (some wider than a
// word, some a word wide exactly), and checks that the pieces are
// maximal: no two of them continue each other.
func TestEachEdge(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for n := range 500 {
		w, h := 1+rng.IntN(140), 1+rng.IntN(12)
		if n%10 == 0 {
			w = 64 * (1 + rng.IntN(2))
		}
		m := mask.New(w, h)
		density := rng.Float64()
		for y := range h {
			for x := range w {
				m.Set(x, y, rng.Float64() < density)
			}
		}
		rows := &opaqueRows{r: image.Rectangle{Max: m.Size()}, m: m}
		got := map[[4]int]bool{}
		ends := map[[3]int]int{} // a piece's end point and direction: how many pieces end there
		eachEdge(rows, func(x0, y0, x1, y1 int) {
			if x0 != x1 && y0 != y1 || x0 > x1 || y0 > y1 || x0 == x1 && y0 == y1 {
				t.Fatalf("case %d: edge (%d, %d)-(%d, %d) not a straight piece left to right or down", n, x0, y0, x1, y1)
			}
			dir := 0
			if x0 == x1 {
				dir = 1
			}
			ends[[3]int{x0, y0, dir}]++
			ends[[3]int{x1, y1, dir}]++
			for x, y := x0, y0; x < x1 || y < y1; {
				e := [4]int{x, y, x + 1 - dir, y + dir}
				if got[e] {
					t.Fatalf("case %d: unit edge %v twice", n, e)
				}
				got[e] = true
				x, y = x+1-dir, y+dir
			}
		})
		want := naiveEdges(m)
		if len(got) != len(want) {
			t.Fatalf("case %d (%dx%d): %d unit edges, want %d", n, w, h, len(got), len(want))
		}
		for e := range want {
			if !got[e] {
				t.Fatalf("case %d (%dx%d): unit edge %v missing", n, w, h, e)
			}
		}
		for p, k := range ends {
			if k > 1 {
				t.Fatalf("case %d: pieces continue each other at %v", n, p)
			}
		}
	}
}

// TestRenderBands checks that a sprite too large to be found whole is
// found a band of rows at a time, with the same picture as from its mask.
func TestRenderBands(t *testing.T) {
	img := previewtest.Blob(1100, 1000, true)
	s := previewtest.Sprite("big", img)
	opt := Options{AlphaThreshold: previewtest.Threshold}
	rows := &opaqueRows{}
	rows.reset(img, img.Rect.Size(), image.Point{}, opt)
	var words []uint64
	bands := 0
	for y := range 1000 {
		words = rows.row(words[:0], y)
		if rows.bandY == y {
			bands++
		}
	}
	if bands < 2 {
		t.Fatalf("%d bands, want the sprite found in several", bands)
	}
	want := render(t, img, s, opt)
	opt.Mask = mask.FromImage(img, previewtest.Threshold)
	if got := render(t, img, s, opt); !slices.Equal(got.Pix, want.Pix) {
		t.Errorf("picture from bands differs from the picture from the mask")
	}
}

// TestRenderOddInputs draws seeded random sprites with odd sizes,
// offsets, frames and shape values (zero, negative, huge, not numbers):
// Render gives an error or a picture that Layout describes, Tile a tile
// within its cell, and nothing panics.
func TestRenderOddInputs(t *testing.T) {
	rng := rand.New(rand.NewPCG(9, 9))
	odd := func() float64 {
		switch rng.IntN(100) {
		case 0:
			return math.NaN()
		case 1:
			return math.Inf(1 - 2*rng.IntN(2))
		case 2:
			return (rng.Float64() - 0.5) * 1e12
		case 3:
			return 0
		}
		return (rng.Float64() - 0.3) * 60
	}
	oddInt := func() int {
		switch rng.IntN(40) {
		case 0, 1, 2, 3:
			return -rng.IntN(50)
		case 4, 5, 6:
			return 0
		case 7:
			return rng.IntN(math.MaxInt32)
		}
		return rng.IntN(60)
	}
	ring := func() export.Ring {
		r := make(export.Ring, rng.IntN(6))
		for i := range r {
			r[i] = export.Point{odd(), odd()}
		}
		return r
	}
	drawn := 0
	for n := range 1000 {
		w, h := rng.IntN(40), rng.IntN(40)
		var frame image.Image
		switch n % 4 {
		case 0:
			m := image.NewNRGBA(image.Rect(3, -2, 3+w, -2+h))
			for i := range m.Pix {
				m.Pix[i] = uint8(rng.IntN(256))
			}
			frame = m
		case 1:
			m := image.NewAlpha(image.Rect(0, 0, w, h))
			for i := range m.Pix {
				m.Pix[i] = uint8(rng.IntN(2) * 255)
			}
			frame = m
		case 2:
			frame = image.NewPaletted(image.Rect(0, 0, w, h), color.Palette{color.Transparent, color.White})
		default:
			frame = image.NewGray(image.Rect(0, 0, w, h))
		}
		s := &export.Sprite{Name: "odd", Size: [2]int{oddInt(), oddInt()}, Pixels: rng.IntN(100), Pivot: export.Point{odd(), odd()}}
		if rng.IntN(2) == 0 {
			s.Offset = &[2]int{oddInt(), oddInt()}
		}
		if rng.IntN(2) == 0 {
			s.AABB = &export.AABB{Min: export.Point{odd(), odd()}, Max: export.Point{odd(), odd()}}
			s.Circle = &export.Circle{Center: export.Point{odd(), odd()}, Radius: odd()}
			s.Box = &export.Box{Center: export.Point{odd(), odd()}, Half: export.Point{odd(), odd()}, Angle: odd()}
		}
		s.Hull, s.Polygon = ring(), ring()
		for range rng.IntN(3) {
			s.Pieces = append(s.Pieces, ring())
			s.Outline = append(s.Outline, ring())
		}
		opt := Options{MinSide: rng.IntN(300), NoLegend: rng.IntN(2) == 0}
		pic, err := Render(frame, s, opt)
		if err == nil {
			drawn++
			if _, width := Layout(s, opt); width != pic.Rect.Dx() && s.Size[0] > 0 && s.Size[1] > 0 {
				t.Fatalf("case %d: Layout width %d, picture %v", n, width, pic.Rect)
			}
			if pic.Rect.Dx() > MaxSide+2*margin {
				t.Fatalf("case %d: picture %v", n, pic.Rect)
			}
		}
		if tile := Tile(frame, s, opt, 24); tile.Rect.Dx() > 24 || tile.Rect.Dy() > 24 {
			t.Fatalf("case %d: tile %v beyond its cell", n, tile.Rect)
		}
	}
	if drawn < 100 {
		t.Errorf("%d of 1000 sprites drawn, want the odd values not to refuse nearly all", drawn)
	}
}
