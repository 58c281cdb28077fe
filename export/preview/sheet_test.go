package preview

import (
	"fmt"
	"image"
	"image/color"
	"os"
	"path/filepath"
	"testing"

	"github.com/shapegen/shapegen/export"
	"github.com/shapegen/shapegen/export/preview/previewtest"
)

func solid(w, h int, c color.NRGBA) *image.NRGBA {
	img := image.NewNRGBA(image.Rect(0, 0, w, h))
	fillRect((*image.RGBA)(img), img.Rect, c)
	return img
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
			img := ContactSheet(tiles, []string{"first"}, SheetOptions{Columns: c.columns, Cell: c.cell})
			wantW := sheetGap + c.wantCols*(c.wantCell+sheetGap)
			wantH := sheetGap + c.wantRows*(c.wantCell+labelSpace+sheetGap)
			if img.Rect.Dx() != wantW || img.Rect.Dy() != wantH {
				t.Fatalf("ContactSheet size = %v, want %dx%d", img.Rect.Size(), wantW, wantH)
			}
			s := NewSheet(c.n, SheetOptions{Columns: c.columns, Cell: c.cell})
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
	s := NewSheet(2, SheetOptions{Columns: 2, Cell: 40})
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

func TestWriteContactSheets(t *testing.T) {
	dir := t.TempDir()
	lib := &export.Library{Settings: export.Settings{AlphaThreshold: previewtest.Threshold}}
	for i := range SheetPage + 3 {
		img := previewtest.Blob(10+i%7, 8+i%5, false)
		s := previewtest.Sprite(fmt.Sprintf("group/s%03d", i), img)
		lib.Sprites = append(lib.Sprites, *s)
		if i == 7 {
			continue // a missing preview: a blank cell and an error
		}
		p := PathFor(filepath.Join(dir, "preview"), s.Name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := Write(p, Render(img, s, Options{})); err != nil {
			t.Fatal(err)
		}
	}
	out := filepath.Join(dir, "contact-sheet.png")
	files, err := WriteContactSheets(out, filepath.Join(dir, "preview"), lib, SheetOptions{Cell: 40})
	if err == nil {
		t.Errorf("WriteContactSheets with a missing preview: no error")
	}
	want := []string{out, filepath.Join(dir, "contact-sheet-2.png")}
	if fmt.Sprint(files) != fmt.Sprint(want) {
		t.Fatalf("WriteContactSheets wrote %v, want %v", files, want)
	}
	first, err := readImage(want[0])
	if err != nil {
		t.Fatal(err)
	}
	second, err := readImage(want[1])
	if err != nil {
		t.Fatal(err)
	}
	if s := NewSheet(3, SheetOptions{Cell: 40}); second.Bounds() != s.Image().Rect {
		t.Errorf("second sheet %v, want the %v of 3 tiles", second.Bounds(), s.Image().Rect)
	}
	// Tiles are the drawings without their legends: a tile is square (the
	// blobs' drawings are about square), and the missing one is blank.
	s := NewSheet(SheetPage, SheetOptions{Cell: 40})
	for _, c := range []struct {
		i     int
		blank bool
	}{{0, false}, {7, true}, {8, false}} {
		r := s.CellRect(c.i)
		mid := color.NRGBAModel.Convert(first.At(r.Min.X+20, r.Min.Y+20)).(color.NRGBA)
		top := color.NRGBAModel.Convert(first.At(r.Min.X+20, r.Min.Y+2)).(color.NRGBA)
		if got := mid == legendBack && top == legendBack; got != c.blank {
			t.Errorf("cell %d: middle %v, top %v; blank %v, want %v", c.i, mid, top, got, c.blank)
		}
	}
}
