package preview

import (
	"image"
	_ "image/png"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/shapegen/shapegen/export"
	"github.com/shapegen/shapegen/export/preview/previewtest"
	"github.com/shapegen/shapegen/hull"
	"github.com/shapegen/shapegen/mask"
)

// corpus is the shared real art, seen from this package.
const corpus = "../../../shared/corpus/platformer-art"

// corpusSprites returns up to n sprites of the shared corpus (every few
// files, so all its packs and sizes are among them) with shapes from
// previewtest and their outlines, or skips when the corpus is absent.
func corpusSprites(b testing.TB, n int) ([]image.Image, []*export.Sprite) {
	var paths []string
	filepath.WalkDir(corpus, func(path string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() && strings.HasSuffix(path, ".png") {
			paths = append(paths, path)
		}
		return nil
	})
	if len(paths) == 0 {
		b.Skip("corpus absent: " + corpus)
	}
	step := max(1, len(paths)/n)
	var imgs []image.Image
	var sprites []*export.Sprite
	for i := 0; i < len(paths) && len(imgs) < n; i += step {
		f, err := os.Open(paths[i])
		if err != nil {
			b.Fatal(err)
		}
		img, _, err := image.Decode(f)
		f.Close()
		if err != nil || img.Bounds().Dx()*img.Bounds().Dy() > 1<<20 {
			continue // backgrounds and sample sheets are not sprites
		}
		s := previewtest.Sprite(filepath.ToSlash(paths[i]), img)
		// Builds will write outlines by default: previews draw them.
		for _, r := range hull.Outline(mask.FromImage(img, previewtest.Threshold), 0.5) {
			ring := make(export.Ring, len(r))
			for j, v := range r {
				ring[j] = export.Point{v.X, v.Y}
			}
			s.Outline = append(s.Outline, ring)
		}
		imgs = append(imgs, img)
		sprites = append(sprites, s)
	}
	return imgs, sprites
}

// BenchmarkRender draws and encodes previews of corpus sprites, as a build
// with --preview does for each sprite (one op = one sprite).
//
//	go test ./export/preview -run NONE -bench Render -cpuprofile /tmp/cpu.out
func BenchmarkRender(b *testing.B) {
	imgs, sprites := corpusSprites(b, 64)
	b.Run("render", func(b *testing.B) {
		b.ReportAllocs()
		i := 0
		for b.Loop() {
			if _, err := Render(imgs[i%len(imgs)], sprites[i%len(imgs)], Options{}); err != nil {
				b.Fatal(err)
			}
			i++
		}
	})
	// As a build draws them: one Renderer, its memory reused.
	b.Run("renderer", func(b *testing.B) {
		b.ReportAllocs()
		var r Renderer
		i := 0
		for b.Loop() {
			if _, err := r.Render(imgs[i%len(imgs)], sprites[i%len(imgs)], Options{}); err != nil {
				b.Fatal(err)
			}
			i++
		}
	})
	// The search for opaque pixels that a shape leaves outside, alone.
	b.Run("outside", func(b *testing.B) {
		rows := make([]*opaqueRows, len(imgs))
		shapes := make([][]shape, len(imgs))
		for i := range imgs {
			m := mask.FromImage(Sprite(imgs[i], sprites[i]), Options{}.threshold())
			rows[i] = &opaqueRows{r: image.Rectangle{Max: m.Size()}, m: m}
			shapes[i] = shapesOf(sprites[i], Options{}.wants)
		}
		b.ReportAllocs()
		i, n := 0, 0
		for b.Loop() {
			forOutside(rows[i%len(imgs)], shapes[i%len(imgs)], func(y, x0, x1 int) { n += x1 - x0 })
			i++
		}
		if n != 0 {
			b.Fatalf("%d pixels outside conservative shapes", n)
		}
	})
	// What the report needs to draw shapes itself (Options.SpriteDir):
	// the sprite at 1x, encoded.
	b.Run("sprite1x+encode", func(b *testing.B) {
		b.ReportAllocs()
		i := 0
		for b.Loop() {
			if err := Encode(io.Discard, Sprite(imgs[i%len(imgs)], sprites[i%len(imgs)])); err != nil {
				b.Fatal(err)
			}
			i++
		}
	})
	b.Run("render+encode", func(b *testing.B) {
		b.ReportAllocs()
		i := 0
		for b.Loop() {
			if err := Encode(io.Discard, render(b, imgs[i%len(imgs)], sprites[i%len(imgs)], Options{})); err != nil {
				b.Fatal(err)
			}
			i++
		}
	})
}
