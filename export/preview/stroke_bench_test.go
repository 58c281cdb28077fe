package preview

import (
	"image"
	"testing"
)

// BenchmarkStroke times the strokes of corpus sprites' shapes alone, on a
// canvas laid out as Render lays out the full picture (one op = all the
// shapes of one sprite). As in a build, one buffer holds every picture and
// is freshly painted before the strokes (untimed), so they find it in the
// cache as Render's strokes do.
//
//	go test ./export/preview -run NONE -bench Stroke -count 8
func BenchmarkStroke(b *testing.B) {
	imgs, sprites := corpusSprites(b, 64)
	type job struct {
		c      canvas
		shapes []shape
	}
	jobs := make([]job, len(imgs))
	size := 0
	for i := range imgs {
		sz := Sprite(imgs[i], sprites[i]).Bounds().Size()
		shapes := shapesOf(sprites[i], Options{}.wants)
		k, vx0, vy0, drawW, drawH := layout(sz.X, sz.Y, shapes, Options{})
		r := image.Rect(0, 0, drawW+2*margin, drawH+2*margin)
		size = max(size, 4*r.Dx()*r.Dy())
		img := &image.RGBA{Stride: 4 * r.Dx(), Rect: r}
		jobs[i] = job{canvas{img: img, k: k, ox: margin - vx0*k, oy: margin - vy0*k}, shapes}
	}
	pix := make([]byte, size)
	b.ReportAllocs()
	var lb lineBuffer
	i := 0
	for b.Loop() {
		b.StopTimer()
		j := jobs[i%len(jobs)]
		j.c.img.Pix = pix[:4*j.c.img.Rect.Dx()*j.c.img.Rect.Dy()]
		fillRect(j.c.img, j.c.img.Rect, checkLight) // strokes blend over opaque pixels
		b.StartTimer()
		lb.reset(j.c.img)
		for _, sh := range j.shapes {
			j.c.stroke(&lb, sh)
		}
		i++
	}
}
