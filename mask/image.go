package mask

import (
	"image"
	"image/color"
)

// FromImage returns the mask of the pixels of img whose 8-bit alpha is >=
// threshold. 16-bit images use alpha>>8, paletted images their palette's
// alpha, and images without alpha are fully opaque. The mask has the size
// of img.Bounds(); pixel (x, y) of the mask is pixel Bounds().Min+(x, y) of
// img, so sub-images with a non-zero origin work. A threshold of 0 marks
// every pixel opaque.
func FromImage(img image.Image, threshold uint8) *Mask {
	b := img.Bounds()
	m := New(b.Dx(), b.Dy())
	for y := 0; y < m.h; y++ {
		for x := 0; x < m.w; x++ {
			if alpha8(img.At(b.Min.X+x, b.Min.Y+y)) >= threshold {
				m.bits[(x>>6)*m.h+y] |= 1 << (uint(x) & 63)
			}
		}
	}
	return m
}

// alpha8 returns the 8-bit straight alpha of c. Alpha is the same in
// premultiplied and straight form, so the 16-bit alpha of RGBA() serves.
func alpha8(c color.Color) uint8 {
	_, _, _, a := c.RGBA()
	return uint8(a >> 8)
}
