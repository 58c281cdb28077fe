package preview

import (
	"image"
	_ "image/png"
	"io"
	"testing"

	"github.com/shapegen/shapegen/export"
	"github.com/shapegen/shapegen/export/preview/previewtest"
	"github.com/shapegen/shapegen/mask"
)

// corpus is the shared real art, seen from this package.
const corpus = "../../" + previewtest.Corpus

// corpusSprites returns up to n sprites of the corpus, or skips.
func corpusSprites(b testing.TB, n int) ([]image.Image, []*export.Sprite) {
	return previewtest.CorpusSprites(b, corpus, n)
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
			shapes[i] = shapesOf(sprites[i], Options{})
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
