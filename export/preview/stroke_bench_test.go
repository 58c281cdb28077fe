package preview

import (
	"image"
	"testing"
)

// BenchmarkStroke times the strokes of corpus sprites' shapes alone, on a
// canvas laid out as Render lays out the full picture (one op = all the
// shapes of one sprite).
//
//	go test ./export/preview -run NONE -bench Stroke -count 8
func BenchmarkStroke(b *testing.B) {
	imgs, sprites := corpusSprites(b, 64)
	type job struct {
		c      canvas
		shapes []shape
	}
	jobs := make([]job, len(imgs))
	for i := range imgs {
		size := Sprite(imgs[i], sprites[i]).Bounds().Size()
		shapes := shapesOf(sprites[i], Options{}.wants)
		k, vx0, vy0, drawW, drawH := layout(size.X, size.Y, shapes, Options{})
		img := image.NewRGBA(image.Rect(0, 0, drawW+2*margin, drawH+2*margin))
		fillRect(img, img.Rect, checkLight) // strokes blend over opaque pixels
		jobs[i] = job{canvas{img: img, k: k, ox: margin - vx0*k, oy: margin - vy0*k}, shapes}
	}
	b.ReportAllocs()
	var lb lineBuffer
	i := 0
	for b.Loop() {
		j := jobs[i%len(jobs)]
		lb.reset(j.c.img)
		for _, sh := range j.shapes {
			j.c.stroke(&lb, sh)
		}
		i++
	}
}
