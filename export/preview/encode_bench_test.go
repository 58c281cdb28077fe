package preview

import (
	"image"
	"testing"
)

// countingWriter counts the bytes written to it.
type countingWriter struct{ n int }

func (w *countingWriter) Write(p []byte) (int, error) {
	w.n += len(p)
	return len(p), nil
}

// BenchmarkEncode encodes the previews of all the corpus sprites, rendered
// beforehand: one op is the whole corpus; ns/preview is the mean time of
// one preview and bytes/preview its mean PNG size. In a build Encode
// follows Render, which has just written the image, so each preview is
// first copied into one scratch image, untimed, and encoded from there.
//
//	go test ./export/preview -run NONE -bench Encode -count 5
func BenchmarkEncode(b *testing.B) {
	imgs, sprites := corpusSprites(b, 1<<20)
	previews := make([]*image.NRGBA, len(imgs))
	for i := range imgs {
		previews[i] = render(b, imgs[i], sprites[i], Options{})
	}
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
			if err := Encode(&w, img); err != nil {
				b.Fatal(err)
			}
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*len(previews)), "ns/preview")
	b.ReportMetric(float64(w.n)/float64(len(previews)), "bytes/preview")
	b.ReportMetric(float64(len(previews)), "previews")
}
