package preview

import (
	"image"
	"image/draw"
	"slices"

	"github.com/shapegen/shapegen/export"
)

// Sprite returns the sprite of s at 1x in its own coordinate space: an
// image of s.Size with frame's pixels (frame.Bounds().Min is the frame's
// (0, 0)) placed at s.Offset, transparent elsewhere. Pixels of frame
// beyond s.Size are cut off. When s.Size is zero the size is the frame's
// plus the offset. The HTML report shows this image under the shapes it
// draws itself.
func Sprite(frame image.Image, s *export.Sprite) *image.NRGBA {
	return spriteInto(nil, frame, s)
}

// spriteInto is Sprite drawing into buf's memory, grown as needed.
func spriteInto(buf []byte, frame image.Image, s *export.Sprite) *image.NRGBA {
	size, off := spriteSpace(frame, s)
	n := 4 * max(0, size.X) * max(0, size.Y)
	buf = slices.Grow(buf[:0], n)[:n]
	clear(buf)
	dst := &image.NRGBA{Pix: buf, Stride: 4 * max(0, size.X), Rect: image.Rectangle{Max: size}}
	// The frame's rectangle in the sprite's space, and the part of it
	// inside the space.
	fb := frame.Bounds()
	at := fb.Sub(fb.Min).Add(off)
	r := at.Intersect(dst.Rect)
	rows := newNRGBARows(frame)
	for y := r.Min.Y; y < r.Max.Y; y++ {
		sx, sy := fb.Min.X+r.Min.X-at.Min.X, fb.Min.Y+y-at.Min.Y
		copy(dst.Pix[dst.PixOffset(r.Min.X, y):dst.PixOffset(r.Max.X, y)], rows.row(sy, sx, sx+r.Dx()))
	}
	return dst
}

// nrgbaRows reads an image's rows as the bytes of an *image.NRGBA, each
// pixel converted as draw.Draw with draw.Src converts it: those of an
// *image.NRGBA are read in place, those of an *image.RGBA (decoded RGB
// PNGs), for which image/draw has no fast path, copied and
// unpremultiplied, and others converted by image/draw a row at a time.
type nrgbaRows struct {
	img     image.Image
	direct  []byte // the pixels read in place, or nil
	stride  int
	min     image.Point // img's bounds' top-left
	scratch *image.NRGBA
}

// newNRGBARows returns the reader of img's rows.
func newNRGBARows(img image.Image) *nrgbaRows {
	r := &nrgbaRows{img: img, min: img.Bounds().Min}
	if m, ok := img.(*image.NRGBA); ok {
		r.direct, r.stride = m.Pix, m.Stride
	}
	return r
}

// row returns the pixels x0 to x1 (exclusive) of row y, in img's bounds;
// a converted row is valid until the next call.
func (r *nrgbaRows) row(y, x0, x1 int) []byte {
	if r.direct != nil {
		i := (y-r.min.Y)*r.stride + 4*(x0-r.min.X)
		return r.direct[i : i+4*(x1-x0)]
	}
	if r.scratch == nil || r.scratch.Rect.Dx() < x1-x0 {
		r.scratch = image.NewNRGBA(image.Rect(0, 0, x1-x0, 1))
	}
	if m, ok := r.img.(*image.RGBA); ok {
		px := r.scratch.Pix[:4*(x1-x0)]
		copy(px, m.Pix[m.PixOffset(x0, y):])
		unpremultiply(px)
		return px
	}
	draw.Draw(r.scratch, image.Rect(0, 0, x1-x0, 1), r.img, image.Pt(x0, y), draw.Src)
	return r.scratch.Pix[:4*(x1-x0)]
}

// unpremultiply turns premultiplied RGBA bytes into straight NRGBA bytes
// in place, as color.NRGBAModel converts them.
func unpremultiply(pix []byte) {
	for i := 0; i+4 <= len(pix); i += 4 {
		switch a := uint32(pix[i+3]); a {
		case 0xff:
		case 0:
			pix[i], pix[i+1], pix[i+2] = 0, 0, 0
		default:
			a *= 0x101
			for c := i; c < i+3; c++ {
				pix[c] = uint8((uint32(pix[c]) * 0x101 * 0xffff / a) >> 8)
			}
		}
	}
}

// spriteSpace returns the size of s's coordinate space and where the
// frame's top-left lies in it.
func spriteSpace(frame image.Image, s *export.Sprite) (size, off image.Point) {
	if s.Offset != nil {
		off = image.Pt(s.Offset[0], s.Offset[1])
	}
	size = image.Pt(s.Size[0], s.Size[1])
	if size.X <= 0 || size.Y <= 0 {
		size = frame.Bounds().Size().Add(off)
	}
	return size, off
}
