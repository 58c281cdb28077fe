package pngenc_test

import (
	"image"
	"image/png"
	"io"
	"testing"

	"github.com/shapegen/shapegen/export/preview"
	"github.com/shapegen/shapegen/export/preview/previewtest"
	"github.com/shapegen/shapegen/internal/pngenc"
)

// corpus is the shared real art, seen from this package.
const corpus = "../../" + previewtest.Corpus

// countingWriter counts the bytes written to it.
type countingWriter struct{ n int }

func (w *countingWriter) Write(p []byte) (int, error) {
	w.n += len(p)
	return len(p), nil
}

// bufferPool keeps one png.EncoderBuffer, as a build's encoder would.
type bufferPool struct{ buf *png.EncoderBuffer }

func (p *bufferPool) Get() *png.EncoderBuffer  { return p.buf }
func (p *bufferPool) Put(b *png.EncoderBuffer) { p.buf = b }

// BenchmarkEncode encodes the previews of the corpus sprites (drawn
// beforehand by export/preview) with Encode and with image/png at
// BestSpeed, the alternative to keeping this package: one op is the whole
// corpus; ns/preview is the mean time of one preview and bytes/preview
// its mean PNG size. Each preview is first copied into one scratch image,
// untimed, as in a build the encoder follows the drawing.
//
//	go test ./internal/pngenc -run NONE -bench Encode -count 5
func BenchmarkEncode(b *testing.B) {
	imgs, sprites := previewtest.CorpusSprites(b, corpus, 1<<20)
	previews := make([]*image.NRGBA, len(imgs))
	for i := range imgs {
		p, err := preview.Render(imgs[i], sprites[i], preview.Options{})
		if err != nil {
			b.Fatal(err)
		}
		previews[i] = p
	}
	pool := &bufferPool{}
	for _, enc := range []struct {
		name   string
		encode func(io.Writer, image.Image) error
	}{
		{"pngenc", pngenc.Encode},
		{"image-png-bestspeed", func(w io.Writer, img image.Image) error {
			return (&png.Encoder{CompressionLevel: png.BestSpeed, BufferPool: pool}).Encode(w, img)
		}},
	} {
		b.Run(enc.name, func(b *testing.B) {
			var w countingWriter
			var scratch []byte
			b.ReportAllocs()
			for b.Loop() {
				w.n = 0
				for _, p := range previews {
					b.StopTimer()
					scratch = append(scratch[:0], p.Pix...)
					img := &image.NRGBA{Pix: scratch, Stride: p.Stride, Rect: p.Rect}
					b.StartTimer()
					if err := enc.encode(&w, img); err != nil {
						b.Fatal(err)
					}
				}
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*len(previews)), "ns/preview")
			b.ReportMetric(float64(w.n)/float64(len(previews)), "bytes/preview")
			b.ReportMetric(float64(len(previews)), "previews")
		})
	}
}
