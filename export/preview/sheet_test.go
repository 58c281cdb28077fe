package preview

import (
	"bytes"
	"errors"
	"fmt"
	"image"
	"image/color"
	"image/draw"
	"image/png"
	"math"
	"math/rand/v2"
	"os"
	"sync/atomic"
	"testing"

	"github.com/disintegration/imaging"

	"github.com/shapegen/shapegen/export"
	"github.com/shapegen/shapegen/export/preview/previewtest"
	"github.com/shapegen/shapegen/mask"
)

func solid(w, h int, c color.NRGBA) *image.NRGBA {
	img := image.NewNRGBA(image.Rect(0, 0, w, h))
	fill(img, img.Rect, c)
	return img
}

// fill paints r of img with c.
func fill(img draw.Image, r image.Rectangle, c color.Color) {
	draw.Draw(img, r, image.NewUniform(c), image.Point{}, draw.Src)
}

// inks reports whether r of img holds a pixel of about the text colour.
func inks(img *image.NRGBA, r image.Rectangle) bool {
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			c := img.NRGBAAt(x, y)
			if absDiff(c.R, textColour.R) < 60 && absDiff(c.G, textColour.G) < 60 && absDiff(c.B, textColour.B) < 60 {
				return true
			}
		}
	}
	return false
}

func TestContactSheetLayout(t *testing.T) {
	cases := []struct {
		n, columns, cell   int
		wantCols, wantRows int
		wantCell           int
	}{
		{1, 0, 0, 1, 1, DefaultCell},
		{4, 0, 0, 2, 2, DefaultCell},
		{10, 0, 0, 4, 3, DefaultCell},
		{10, 3, 50, 3, 4, 50},
		{2, 5, 50, 2, 1, 50},
	}
	for _, c := range cases {
		t.Run(fmt.Sprintf("%d tiles %d columns", c.n, c.columns), func(t *testing.T) {
			tiles := make([]image.Image, c.n)
			for i := range tiles {
				tiles[i] = solid(20, 10, color.NRGBA{200, uint8(10 * i), 40, 0xff})
			}
			img := contactSheet(tiles, []string{"first"}, SheetOptions{Columns: c.columns, Cell: c.cell})
			wantW := sheetGap + c.wantCols*(c.wantCell+sheetGap)
			wantH := sheetGap + c.wantRows*(c.wantCell+labelSpace+sheetGap)
			if img.Rect.Dx() != wantW || img.Rect.Dy() != wantH {
				t.Fatalf("contactSheet size = %v, want %dx%d", img.Rect.Size(), wantW, wantH)
			}
			s := newSheet(c.n, SheetOptions{Columns: c.columns, Cell: c.cell})
			for i := range c.n {
				r := s.CellRect(i)
				// Each tile is centred in its cell.
				if got, want := img.NRGBAAt(r.Min.X+c.wantCell/2, r.Min.Y+c.wantCell/2), tiles[i].(*image.NRGBA).NRGBAAt(0, 0); got != want {
					t.Errorf("centre of cell %d = %v, want its tile's %v", i, got, want)
				}
				label := image.Rect(r.Min.X, r.Max.Y, r.Max.X, r.Max.Y+labelSpace)
				if got, want := inks(img, label), i == 0; got != want {
					t.Errorf("label area of cell %d inked %v, want %v", i, got, want)
				}
			}
		})
	}
}

// TestSheetFitsLargeTiles checks that a tile larger than the cell is
// scaled down into it (its colour fills the cell's middle, and nothing is
// drawn beyond the cell).
func TestSheetFitsLargeTiles(t *testing.T) {
	s := newSheet(2, SheetOptions{Columns: 2, Cell: 40})
	s.Set(0, solid(400, 200, color.NRGBA{10, 200, 30, 0xff}), "")
	img := s.Image()
	r := s.CellRect(0)
	if got := img.NRGBAAt(r.Min.X+20, r.Min.Y+20); got != (color.NRGBA{10, 200, 30, 0xff}) {
		t.Errorf("middle of cell 0 = %v, want the tile's colour", got)
	}
	if got := img.NRGBAAt(r.Min.X+20, r.Min.Y+5); got != legendBack {
		t.Errorf("above a 40x20 fitted tile = %v, want the background", got)
	}
	if got := img.NRGBAAt(s.CellRect(1).Min.X+20, s.CellRect(1).Min.Y+20); got != legendBack {
		t.Errorf("cell 1 = %v, want the background", got)
	}
}

func TestWriteContactSheet(t *testing.T) {
	lib := &export.Library{Settings: export.Settings{AlphaThreshold: previewtest.Threshold}}
	var imgs []image.Image
	for i := range SheetPage + 3 {
		img := previewtest.Blob(10+i%7, 8+i%5, false)
		lib.Sprites = append(lib.Sprites, *previewtest.Sprite(fmt.Sprintf("group/s%03d", i), img))
		imgs = append(imgs, img)
	}
	var calls atomic.Int64
	tile := func(i int) image.Image {
		calls.Add(1)
		if i == 7 {
			return nil // a blank cell
		}
		return Tile(imgs[i], &lib.Sprites[i], Options{}, 40)
	}
	var pages [2]image.Image
	for page := range pages {
		var buf bytes.Buffer
		if err := WriteContactSheet(&buf, lib, page, tile, SheetOptions{Cell: 40}); err != nil {
			t.Fatalf("WriteContactSheet(page %d): %v", page, err)
		}
		img, err := png.Decode(&buf)
		if err != nil {
			t.Fatalf("page %d: %v", page, err)
		}
		pages[page] = img
	}
	if n := calls.Load(); n != int64(len(lib.Sprites)) {
		t.Errorf("tile called %d times for %d sprites", n, len(lib.Sprites))
	}
	if s := newSheet(3, SheetOptions{Cell: 40}); pages[1].Bounds() != s.Image().Rect {
		t.Errorf("second sheet %v, want the %v of 3 tiles", pages[1].Bounds(), s.Image().Rect)
	}
	// Tiles are the drawings without their legends: a tile is square (the
	// blobs' drawings are about square), and the missing one is blank.
	s := newSheet(SheetPage, SheetOptions{Cell: 40})
	for _, c := range []struct {
		i     int
		blank bool
	}{{0, false}, {7, true}, {8, false}} {
		r := s.CellRect(c.i)
		mid := color.NRGBAModel.Convert(pages[0].At(r.Min.X+20, r.Min.Y+20)).(color.NRGBA)
		top := color.NRGBAModel.Convert(pages[0].At(r.Min.X+20, r.Min.Y+2)).(color.NRGBA)
		if got := mid == legendBack && top == legendBack; got != c.blank {
			t.Errorf("cell %d: middle %v, top %v; blank %v, want %v", c.i, mid, top, got, c.blank)
		}
	}
}

// TestWriteContactSheetErrors checks that a failing writer's error is
// returned, and that a page out of range is an empty sheet.
func TestWriteContactSheetErrors(t *testing.T) {
	lib := &export.Library{Sprites: []export.Sprite{{Name: "a"}}}
	blank := func(int) image.Image { return nil }
	want := errors.New("disk full")
	if err := WriteContactSheet(failingWriter{want}, lib, 0, blank, SheetOptions{}); !errors.Is(err, want) {
		t.Errorf("WriteContactSheet to a failing writer = %v, want %v", err, want)
	}
	for _, page := range []int{5, -1, math.MaxInt} {
		var buf bytes.Buffer
		if err := WriteContactSheet(&buf, lib, page, blank, SheetOptions{}); err != nil {
			t.Fatal(err)
		}
		img, err := png.Decode(&buf)
		if err != nil {
			t.Fatal(err)
		}
		if want := newSheet(0, SheetOptions{}).Image().Rect; img.Bounds() != want {
			t.Errorf("page %d: %v, want an empty sheet's %v", page, img.Bounds(), want)
		}
	}
}

type failingWriter struct{ err error }

func (w failingWriter) Write([]byte) (int, error) { return 0, w.err }

func readImage(path string) (image.Image, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return png.Decode(f)
}

// TestTile checks that a tile is the drawing of Render at the largest
// whole scale that fits the cell, and that a drawing larger than the cell
// at 1x is scaled down to fit.
func TestTile(t *testing.T) {
	img := previewtest.Blob(14, 10, false)
	s := previewtest.Sprite("blob", img)
	one, _ := Layout(s, Options{MinSide: 1})
	for _, cell := range []int{3 * one.Dx(), 3*one.Dx() + 2, one.Dx() + 1} {
		k := cell / max(one.Dx(), one.Dy())
		tile := Tile(img, s, Options{}, cell)
		opt := Options{MinSide: k * 14}
		full := render(t, img, s, opt)
		r, _ := Layout(s, opt)
		if tile.Bounds().Size() != r.Size() {
			t.Fatalf("cell %d: tile %v, want the drawing's %v at scale %d", cell, tile.Bounds(), r.Size(), k)
		}
		for y := range r.Dy() {
			for x := range r.Dx() {
				if got, want := tile.NRGBAAt(x, y), full.NRGBAAt(r.Min.X+x, r.Min.Y+y); got != want {
					t.Fatalf("cell %d: tile pixel (%d, %d) = %v, want %v", cell, x, y, got, want)
				}
			}
		}
	}
	small := Tile(img, s, Options{}, one.Dx()/2)
	if b := small.Bounds(); max(b.Dx(), b.Dy()) != one.Dx()/2 {
		t.Errorf("tile in a cell of %d: %v, want it fitted to the cell", one.Dx()/2, b)
	}
}

// TestShrinkKeepsPixelsInside checks that a sprite shrunk for a tile has
// no opaque block outside its shrunk shapes, so a big sprite's tile shows
// no false outside pixels, and that the shrunk image is the right size.
func TestShrinkKeepsPixelsInside(t *testing.T) {
	for _, f := range []int{2, 3, 7} {
		img := previewtest.Blob(61, 47, true)
		s := previewtest.Sprite("blob", img)
		spr := Sprite(img, s)
		small, ss := shrinkImage(spr, spr.Rect, f), shrink(s, spr.Rect.Size(), f)
		if want := image.Rect(0, 0, (61+f-1)/f, (47+f-1)/f); small.Rect != want || ss.Size != [2]int{want.Dx(), want.Dy()} {
			t.Fatalf("f=%d: shrunk image %v, size %v, want %v", f, small.Rect, ss.Size, want)
		}
		m := mask.FromImage(small, 255)
		if m.Count() == 0 {
			t.Fatalf("f=%d: no opaque block", f)
		}
		if out := outsideOf(m, shapesOf(ss, Options{})); len(out) != 0 {
			t.Errorf("f=%d: %d opaque blocks outside the shrunk shapes, first %v", f, len(out), out[0])
		}
	}
}

// TestShrinkImageMatchesNaive checks shrinkImage over a frame placed in
// its sprite's space against the block average of Sprite's picture, on
// random frames of several image types (pieces of larger images), spaces
// that cut them, and factors.
func TestShrinkImageMatchesNaive(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	kinds := []string{"NRGBA", "opaque RGBA", "RGBA", "Paletted"}
	for i := range 400 {
		kind := kinds[i%len(kinds)]
		frame := randomFrame(rng, kind, 1+rng.IntN(40), 1+rng.IntN(40))
		s := &export.Sprite{Size: [2]int{rng.IntN(50), rng.IntN(50)}, Offset: &[2]int{rng.IntN(10), rng.IntN(10)}}
		f := 1 + rng.IntN(6)
		size, off := spriteSpace(frame, s)
		got := shrinkImage(frame, image.Rectangle{Max: size}.Add(frame.Bounds().Min.Sub(off)), f)
		want := shrinkNaive(Sprite(frame, s), f)
		if got.Rect != want.Rect || !bytes.Equal(got.Pix, want.Pix) {
			t.Fatalf("case %d (%s %v in %v at %v, f=%d): shrinkImage differs from the block average of Sprite", i, kind, frame.Bounds(), size, off, f)
		}
	}
}

// randomFrame returns a w x h piece, not at the origin, of a larger image
// of kind kind with random pixels, a quarter of them transparent.
func randomFrame(rng *rand.Rand, kind string, w, h int) image.Image {
	big := image.Rect(-3, 2, w+5, h+9)
	piece := image.Rect(0, 4, w, h+4)
	opaque := kind == "opaque RGBA"
	c := func() color.NRGBA {
		p := color.NRGBA{uint8(rng.Uint32()), uint8(rng.Uint32()), uint8(rng.Uint32()), uint8(rng.Uint32())}
		switch {
		case opaque:
			p.A = 0xff
		case rng.IntN(4) == 0:
			p.A = 0
		}
		return p
	}
	switch kind {
	case "Paletted":
		pal := color.Palette{}
		for range 16 {
			pal = append(pal, c())
		}
		img := image.NewPaletted(big, pal)
		for i := range img.Pix {
			img.Pix[i] = uint8(rng.IntN(len(pal)))
		}
		return img.SubImage(piece)
	case "NRGBA":
		img := image.NewNRGBA(big)
		for y := big.Min.Y; y < big.Max.Y; y++ {
			for x := big.Min.X; x < big.Max.X; x++ {
				img.SetNRGBA(x, y, c())
			}
		}
		return img.SubImage(piece)
	default:
		img := image.NewRGBA(big)
		for y := big.Min.Y; y < big.Max.Y; y++ {
			for x := big.Min.X; x < big.Max.X; x++ {
				img.Set(x, y, c())
			}
		}
		return img.SubImage(piece)
	}
}

// shrinkNaive is shrinkImage's reference: img scaled down by f, each pixel
// the alpha-weighted average of an f x f block, cut blocks counting the
// missing pixels as transparent.
func shrinkNaive(img *image.NRGBA, f int) *image.NRGBA {
	b := img.Rect
	out := image.NewNRGBA(image.Rect(0, 0, (b.Dx()+f-1)/f, (b.Dy()+f-1)/f))
	n := uint64(f * f)
	for oy := range out.Rect.Dy() {
		for ox := range out.Rect.Dx() {
			var r, g, bl, a uint64
			for y := b.Min.Y + oy*f; y < min(b.Max.Y, b.Min.Y+oy*f+f); y++ {
				for x := b.Min.X + ox*f; x < min(b.Max.X, b.Min.X+ox*f+f); x++ {
					p := img.NRGBAAt(x, y)
					pa := uint64(p.A)
					r, g, bl, a = r+uint64(p.R)*pa, g+uint64(p.G)*pa, bl+uint64(p.B)*pa, a+pa
				}
			}
			if a > 0 {
				out.SetNRGBA(ox, oy, color.NRGBA{uint8(r / a), uint8(g / a), uint8(bl / a), uint8((a + n/2) / n)})
			}
		}
	}
	return out
}

// TestTileOfRGBA checks that the tile over a frame held as an
// *image.RGBA, a piece of a larger image, is the tile over the same
// pixels as an *image.NRGBA, opaque or not, drawn at a scale and shrunk.
func TestTileOfRGBA(t *testing.T) {
	blob := previewtest.Blob(30, 22, false)
	s := previewtest.Sprite("blob", blob)
	for _, opaque := range []bool{true, false} {
		big := image.NewRGBA(image.Rect(-5, -3, 40, 30))
		if opaque {
			fill(big, big.Rect, color.NRGBA{0x20, 0x40, 0x60, 0xff})
		}
		draw.Draw(big, blob.Rect, blob, image.Point{}, draw.Over)
		if !opaque { // translucent pixels, whose RGBA and NRGBA bytes differ
			for x := range 9 {
				big.SetRGBA(x, 11, color.RGBA{0x30, 0x20, 0x10, 0x60})
			}
		}
		frame := big.SubImage(blob.Rect)
		nrgba := image.NewNRGBA(blob.Rect)
		draw.Draw(nrgba, nrgba.Rect, frame, blob.Rect.Min, draw.Src)
		for _, cell := range []int{0, 20} {
			got, want := Tile(frame, s, Options{}, cell), Tile(nrgba, s, Options{}, cell)
			if got.Rect != want.Rect || !bytes.Equal(got.Pix, want.Pix) {
				t.Errorf("opaque %v, cell %d: tile over the RGBA frame differs from the one over its NRGBA pixels", opaque, cell)
			}
		}
	}
}

// TestSheetMatchesNaive checks a sheet's picture against the background
// painted whole and each tile drawn over it with image/draw, on random
// sheets of tiles of several image types, opaque or not, some larger
// than the cell and some missing.
func TestSheetMatchesNaive(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	kinds := []string{"NRGBA", "opaque RGBA", "RGBA", "Paletted"}
	for i := range 40 {
		n, opt := 1+rng.IntN(12), SheetOptions{Columns: rng.IntN(5), Cell: 10 + rng.IntN(30)}
		tiles := make([]image.Image, n)
		labels := make([]string, n)
		for j := range tiles {
			w, h := 1+rng.IntN(50), 1+rng.IntN(50)
			switch k := rng.IntN(6); k {
			case 0: // missing
			case 1: // an opaque NRGBA tile, whose rows are copied
				tiles[j] = Sprite(randomFrame(rng, "opaque RGBA", w, h), &export.Sprite{})
			default:
				tiles[j] = randomFrame(rng, kinds[k-2], w, h)
			}
			labels[j] = fmt.Sprintf("tile %d", j)
		}
		got := contactSheet(tiles, labels, opt)
		if want := naiveSheet(tiles, labels, opt); got.Rect != want.Rect || !bytes.Equal(got.Pix, want.Pix) {
			t.Fatalf("case %d: %d tiles %+v: sheet differs from the naive one", i, n, opt)
		}
	}
}

// naiveSheet is contactSheet's reference: the background painted whole,
// then each tile, fitted to its cell, drawn over it, and its label.
func naiveSheet(tiles []image.Image, labels []string, opt SheetOptions) *image.NRGBA {
	s := newSheet(len(tiles), opt)
	img := image.NewRGBA(image.Rectangle{Max: s.size})
	fill(img, img.Rect, legendBack)
	for i, tile := range tiles {
		r := s.CellRect(i)
		if tile != nil {
			b := tile.Bounds()
			if b.Dx() > s.cell || b.Dy() > s.cell {
				tile = imaging.Fit(tile, s.cell, s.cell, imaging.Box)
				b = tile.Bounds()
			}
			at := r.Min.Add(image.Pt((s.cell-b.Dx())/2, (s.cell-b.Dy())/2))
			draw.Draw(img, b.Sub(b.Min).Add(at), tile, b.Min, draw.Over)
		}
		drawText(img, fit(labels[i], s.cell/glyphWidth), r.Min.X, r.Max.Y+labelSpace-4)
	}
	return &image.NRGBA{Pix: img.Pix, Stride: img.Stride, Rect: img.Rect}
}

// TestWriteContactSheetNil checks that a nil library or tile function
// gives an empty or blank sheet, not a panic.
func TestWriteContactSheetNil(t *testing.T) {
	lib := &export.Library{Sprites: []export.Sprite{{Name: "a"}, {Name: "b"}}}
	for _, c := range []struct {
		name string
		lib  *export.Library
		want image.Rectangle
	}{{"nil library", nil, newSheet(0, SheetOptions{}).Image().Rect}, {"nil tile", lib, newSheet(2, SheetOptions{}).Image().Rect}} {
		var buf bytes.Buffer
		if err := WriteContactSheet(&buf, c.lib, 0, nil, SheetOptions{}); err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		img, err := png.Decode(&buf)
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		if img.Bounds() != c.want {
			t.Errorf("%s: sheet %v, want %v", c.name, img.Bounds(), c.want)
		}
	}
}

// contactSheet returns one image with every tile in a grid, each with the
// label of the same index under it (missing labels are blank): all the
// sprites of a build at a glance, on one sheet.
func contactSheet(tiles []image.Image, labels []string, opt SheetOptions) *image.NRGBA {
	s := newSheet(len(tiles), opt)
	for i, t := range tiles {
		label := ""
		if i < len(labels) {
			label = labels[i]
		}
		s.Set(i, t, label)
	}
	return s.Image()
}
