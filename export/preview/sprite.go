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
	fb := frame.Bounds()
	r := fb.Sub(fb.Min).Add(off).Intersect(dst.Rect)
	if src, ok := frame.(*image.RGBA); ok {
		// image/draw has no fast path from RGBA to NRGBA (decoded RGB
		// PNGs are RGBA): copy rows, then undo the premultiplication.
		sp := fb.Min.Add(r.Min.Sub(fb.Sub(fb.Min).Add(off).Min))
		for y := r.Min.Y; y < r.Max.Y; y++ {
			row := dst.Pix[dst.PixOffset(r.Min.X, y):dst.PixOffset(r.Max.X, y)]
			copy(row, src.Pix[src.PixOffset(sp.X, sp.Y+y-r.Min.Y):])
			unpremultiply(row)
		}
		return dst
	}
	draw.Draw(dst, fb.Sub(fb.Min).Add(off), frame, fb.Min, draw.Src)
	return dst
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
