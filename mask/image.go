package mask

import "image"

// FromImage returns the mask of the pixels of img whose 8-bit alpha is >=
// threshold. 16-bit images use alpha>>8, paletted images their palette's
// alpha (a PNG's tRNS chunk; an index beyond the palette counts as opaque
// black, as image/png decodes it), and images without alpha (Gray,
// Gray16, YCbCr, CMYK) are fully opaque. The mask has the size of
// img.Bounds(); pixel (x, y) of the mask is pixel Bounds().Min+(x, y) of
// img, so sub-images with a non-zero origin work. A threshold of 0 marks
// every pixel opaque.
//
// The image types that image/png and image/jpeg decode to are read
// straight from their pixel slices, 64 pixels to a word; any other image
// goes through RGBA64At or At.
func FromImage(img image.Image, threshold uint8) *Mask {
	b := img.Bounds()
	m := New(b.Dx(), b.Dy())
	if m.w == 0 || m.h == 0 {
		return m
	}
	if threshold == 0 {
		m.fill()
		return m
	}
	x, y := b.Min.X, b.Min.Y
	switch im := img.(type) {
	case *image.NRGBA:
		m.fromAlpha(im.Pix[im.PixOffset(x, y)+3:], im.Stride, 4, threshold)
	case *image.RGBA: // premultiplied, but alpha is alpha
		m.fromAlpha(im.Pix[im.PixOffset(x, y)+3:], im.Stride, 4, threshold)
	case *image.NRGBA64: // big-endian: byte 6 is alpha>>8
		m.fromAlpha(im.Pix[im.PixOffset(x, y)+6:], im.Stride, 8, threshold)
	case *image.RGBA64:
		m.fromAlpha(im.Pix[im.PixOffset(x, y)+6:], im.Stride, 8, threshold)
	case *image.Alpha:
		m.fromAlpha(im.Pix[im.PixOffset(x, y):], im.Stride, 1, threshold)
	case *image.Alpha16:
		m.fromAlpha(im.Pix[im.PixOffset(x, y):], im.Stride, 2, threshold)
	case *image.NYCbCrA:
		m.fromAlpha(im.A[im.AOffset(x, y):], im.AStride, 1, threshold)
	case *image.Paletted:
		m.fromPaletted(im, threshold)
	case *image.Gray, *image.Gray16, *image.YCbCr, *image.CMYK:
		m.fill()
	case image.RGBA64Image:
		m.fromFunc(func(x, y int) uint8 { return uint8(im.RGBA64At(b.Min.X+x, b.Min.Y+y).A >> 8) }, threshold)
	default:
		m.fromFunc(func(x, y int) uint8 {
			_, _, _, a := img.At(b.Min.X+x, b.Min.Y+y).RGBA()
			return uint8(a >> 8)
		}, threshold)
	}
	return m
}

// fromAlpha fills m from 8-bit alphas: pixel (x, y)'s alpha is
// pix[y*stride+x*step], with step 1, 2, 4 or 8.
func (m *Mask) fromAlpha(pix []byte, stride, step int, threshold uint8) {
	t := uint64(threshold)
	for y := range m.h {
		row := pix[y*stride:]
		for s := range stripes(m.w) {
			n := min(64, m.w-64*s)
			p := row[64*s*step : (64*s+n-1)*step+1]
			var c uint64
			// A constant step lets the compiler unroll and drop checks.
			switch step {
			case 1:
				c = clearBits(p, 1, n, t)
			case 2:
				c = clearBits(p, 2, n, t)
			case 4:
				c = clearBits(p, 4, n, t)
			default:
				c = clearBits(p, 8, n, t)
			}
			m.bits[s*m.h+y] = ^c & tail(m.w, s)
		}
	}
}

// clearBits returns the word whose bit i is set when alpha p[i*step] is
// below t, for i < n <= 64. a-t wraps to a huge number exactly when a < t,
// so its top bit is the answer without a branch.
func clearBits(p []byte, step, n int, t uint64) uint64 {
	var c uint64
	if n == 64 && len(p) > 63*step {
		p = p[:63*step+1]
		for i := 0; i < 64; i++ {
			c |= (uint64(p[i*step]) - t) >> 63 << uint(i)
		}
		return c
	}
	for i := range n {
		c |= (uint64(p[i*step]) - t) >> 63 << uint(i)
	}
	return c
}

// fromPaletted fills m from a paletted image through a table of which
// palette indices are clear.
func (m *Mask) fromPaletted(im *image.Paletted, threshold uint8) {
	var clear [256]uint64
	for i, c := range im.Palette {
		_, _, _, a := c.RGBA()
		if uint8(a>>8) < threshold {
			clear[i] = 1
		}
	}
	pix := im.Pix[im.PixOffset(im.Rect.Min.X, im.Rect.Min.Y):]
	for y := range m.h {
		row := pix[y*im.Stride:]
		for s := range stripes(m.w) {
			n := min(64, m.w-64*s)
			p := row[64*s : 64*s+n]
			var c uint64
			for i, idx := range p {
				c |= clear[idx] << uint(i)
			}
			m.bits[s*m.h+y] = ^c & tail(m.w, s)
		}
	}
}

// fromFunc fills m from alpha(x, y), the slow way for any image.
func (m *Mask) fromFunc(alpha func(x, y int) uint8, threshold uint8) {
	for y := range m.h {
		for x := range m.w {
			if alpha(x, y) >= threshold {
				m.bits[(x>>6)*m.h+y] |= 1 << (uint(x) & 63)
			}
		}
	}
}
