package main

import (
	"bytes"
	"image"
	"image/color"
	"image/png"
	"math"

	"github.com/fogleman/gg"
)

// file is one output file: its slash-separated name and its contents.
type file struct {
	name string
	data func() ([]byte, error)
}

// pngFile returns a file holding img encoded as PNG.
func pngFile(name string, img func() image.Image) file {
	return file{name, func() ([]byte, error) { return encode(img()) }}
}

// encode returns img as PNG bytes (image/png is deterministic).
func encode(img image.Image) ([]byte, error) {
	var buf bytes.Buffer
	if err := png.Encode(&buf, img); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// Colours used throughout; the colour never matters for the shapes, only
// the alpha does.
var (
	red    = color.NRGBA{220, 60, 50, 255}
	green  = color.NRGBA{60, 180, 80, 255}
	blue   = color.NRGBA{50, 90, 220, 255}
	yellow = color.NRGBA{240, 200, 40, 255}
	purple = color.NRGBA{150, 70, 200, 255}
)

// sprites returns every file of testdata/sprites in a fixed order.
func sprites() []file {
	files := []file{
		pngFile("convex/circle_soft.png", func() image.Image {
			return soft(48, 48, red, func(dc *gg.Context) { dc.DrawCircle(24, 24, 20); dc.Fill() })
		}),
		pngFile("convex/circle_hard.png", func() image.Image {
			return hard(33, 33, green, disk(16, 16, 15))
		}),
		pngFile("convex/ellipse_soft.png", func() image.Image {
			return soft(64, 40, blue, func(dc *gg.Context) { dc.DrawEllipse(32, 20, 29, 16); dc.Fill() })
		}),
		pngFile("convex/roundrect_hard.png", func() image.Image {
			return hard(56, 40, yellow, roundRect(4, 6, 52, 36, 8))
		}),
		pngFile("concave/c_shape.png", func() image.Image {
			return soft(64, 64, purple, func(dc *gg.Context) {
				dc.SetLineWidth(12)
				dc.SetLineCap(gg.LineCapButt)
				dc.DrawArc(32, 32, 22, math.Pi/4, 7*math.Pi/4)
				dc.Stroke()
			})
		}),
		pngFile("concave/crescent_hard.png", func() image.Image {
			return hard(64, 64, yellow, minus(disk(32, 32, 28), disk(44, 26, 22)))
		}),
		pngFile("concave/star_soft.png", func() image.Image {
			return soft(64, 64, yellow, func(dc *gg.Context) {
				for i := range 10 {
					r := 30.0
					if i%2 == 1 {
						r = 12
					}
					a := float64(i)*math.Pi/5 - math.Pi/2
					dc.LineTo(32+r*math.Cos(a), 32+r*math.Sin(a))
				}
				dc.ClosePath()
				dc.Fill()
			})
		}),
		pngFile("islands.png", func() image.Image {
			return hard(80, 48, green, union(
				disk(12, 12, 9),
				rect(30, 4, 45, 19),
				triangle(4, 44, 24, 44, 14, 26),
				disk(62, 32, 10),
				rect(78, 1, 79, 2), // one stray pixel
			))
		}),
		pngFile("holes/ring.png", func() image.Image {
			return soft(64, 64, blue, func(dc *gg.Context) {
				dc.SetFillRule(gg.FillRuleEvenOdd)
				dc.DrawCircle(32, 32, 28)
				dc.NewSubPath()
				dc.DrawCircle(32, 32, 14)
				dc.Fill()
			})
		}),
		pngFile("holes/frame_hard.png", func() image.Image {
			return hard(40, 40, red, minus(rect(2, 2, 38, 38), rect(10, 12, 30, 28)))
		}),
		pngFile("thin/hline1.png", func() image.Image { return hard(40, 5, red, rect(3, 2, 37, 3)) }),
		pngFile("thin/vline1.png", func() image.Image { return hard(5, 40, red, rect(2, 3, 3, 37)) }),
		pngFile("thin/diagonal2.png", func() image.Image {
			return soft(40, 40, blue, func(dc *gg.Context) {
				dc.SetLineWidth(2)
				dc.DrawLine(4, 4, 36, 36)
				dc.Stroke()
			})
		}),
		pngFile("thin/staircase.png", func() image.Image {
			return hard(24, 24, purple, func(x, y int) bool { return x == y && x >= 2 && x < 22 })
		}),
		pngFile("tiny.png", func() image.Image {
			return picture(red,
				"...#....",
				"...##...",
				"#######.",
				"########",
				"#######.",
				"...##...",
				"...#....",
				"........",
			)
		}),
		pngFile("large.png", func() image.Image { return hard(1024, 128, green, terrain) }),
		pngFile("alpha/ramp.png", func() image.Image {
			img := image.NewNRGBA(image.Rect(0, 0, 256, 4))
			for y := range 4 {
				for x := range 256 {
					img.SetNRGBA(x, y, color.NRGBA{255, 255, 255, uint8(x)})
				}
			}
			return img
		}),
		pngFile("formats/paletted_trns.png", paletted),
		pngFile("formats/gray.png", func() image.Image {
			img := image.NewGray(image.Rect(0, 0, 24, 16))
			for y := range 16 {
				for x := range 24 {
					img.SetGray(x, y, color.Gray{uint8((x * 11) ^ (y * 16))})
				}
			}
			return img
		}),
		pngFile("formats/nrgba64.png", nrgba64),
		pngFile("formats/opaque.png", func() image.Image {
			img := image.NewNRGBA(image.Rect(0, 0, 20, 12))
			for y := range 12 {
				for x := range 20 {
					c := blue
					if (x/4+y/4)%2 == 0 {
						c = yellow
					}
					img.SetNRGBA(x, y, c)
				}
			}
			return img
		}),
		pngFile("formats/transparent.png", func() image.Image { return image.NewNRGBA(image.Rect(0, 0, 16, 16)) }),
	}
	return append(append(files, sheets()...), sources()...)
}

// soft draws with gg on a w x h transparent canvas in colour c: edges are
// anti-aliased, so alpha takes every value from 0 to 255.
func soft(w, h int, c color.NRGBA, draw func(dc *gg.Context)) image.Image {
	dc := gg.NewContext(w, h)
	dc.SetColor(c)
	draw(dc)
	return dc.Image()
}

// region reports whether pixel (x, y) belongs to a hard-alpha shape.
type region func(x, y int) bool

// hard returns a w x h image whose pixels in r are c and the others fully
// transparent: alpha is 0 or 255 only.
func hard(w, h int, c color.NRGBA, r region) *image.NRGBA {
	img := image.NewNRGBA(image.Rect(0, 0, w, h))
	for y := range h {
		for x := range w {
			if r(x, y) {
				img.SetNRGBA(x, y, c)
			}
		}
	}
	return img
}

// picture returns a hard-alpha image drawn as ASCII rows: '#' is opaque.
func picture(c color.NRGBA, rows ...string) *image.NRGBA {
	return hard(len(rows[0]), len(rows), c, func(x, y int) bool { return rows[y][x] == '#' })
}

// disk is the pixels whose centres lie within r of (cx, cy), in exact
// integer arithmetic (doubled coordinates) so the result cannot depend on
// floating-point rounding.
func disk(cx, cy, r int) region {
	return func(x, y int) bool {
		dx, dy := 2*x+1-2*cx, 2*y+1-2*cy
		return dx*dx+dy*dy <= 4*r*r
	}
}

// rect is the pixels x0 <= x < x1, y0 <= y < y1.
func rect(x0, y0, x1, y1 int) region {
	return func(x, y int) bool { return x >= x0 && x < x1 && y >= y0 && y < y1 }
}

// roundRect is rect with corners rounded to radius r.
func roundRect(x0, y0, x1, y1, r int) region {
	return func(x, y int) bool {
		if !rect(x0, y0, x1, y1)(x, y) {
			return false
		}
		cx := min(max(x, x0+r), x1-r-1)
		cy := min(max(y, y0+r), y1-r-1)
		dx, dy := x-cx, y-cy
		return dx*dx+dy*dy <= r*r
	}
}

// triangle is the pixels whose centres lie inside the triangle (either
// winding), edges included; integer arithmetic on doubled coordinates.
func triangle(ax, ay, bx, by, cx, cy int) region {
	side := func(px, py, qx, qy, x, y int) int {
		return (2*qx-2*px)*(y-2*py) - (2*qy-2*py)*(x-2*px)
	}
	return func(x, y int) bool {
		x, y = 2*x+1, 2*y+1
		d1 := side(ax, ay, bx, by, x, y)
		d2 := side(bx, by, cx, cy, x, y)
		d3 := side(cx, cy, ax, ay, x, y)
		return (d1 >= 0 && d2 >= 0 && d3 >= 0) || (d1 <= 0 && d2 <= 0 && d3 <= 0)
	}
}

// union is the pixels in any of rs.
func union(rs ...region) region {
	return func(x, y int) bool {
		for _, r := range rs {
			if r(x, y) {
				return true
			}
		}
		return false
	}
}

// minus is the pixels in a and not in b.
func minus(a, b region) region {
	return func(x, y int) bool { return a(x, y) && !b(x, y) }
}

// terrain is a hilly ground strip, 1024 wide: two integer triangle waves
// over a base line, with a notch (a concave pit) cut in it.
func terrain(x, y int) bool {
	tri := func(x, period, amp int) int {
		p := x % period
		if p > period/2 {
			p = period - p
		}
		return p * 2 * amp / period
	}
	top := 100 - tri(x, 256, 70) - tri(x+37, 90, 14)
	if x >= 600 && x < 640 {
		top = 120 // a pit
	}
	return y >= top
}

// paletted returns an image.Paletted whose palette has transparent and
// translucent entries (written as a tRNS chunk): rows 0-7 use alpha 0,
// rows 8-15 alpha 127, rows 16-23 alpha 128, rows 24-31 alpha 255.
func paletted() image.Image {
	pal := color.Palette{
		color.NRGBA{0, 0, 0, 0},
		color.NRGBA{255, 0, 0, 127},
		color.NRGBA{0, 255, 0, 128},
		color.NRGBA{0, 0, 255, 255},
		color.NRGBA{255, 255, 0, 255},
	}
	img := image.NewPaletted(image.Rect(0, 0, 32, 32), pal)
	for y := range 32 {
		for x := range 32 {
			i := uint8(y / 8)
			if i == 3 && x >= 16 {
				i = 4
			}
			img.SetColorIndex(x, y, i)
		}
	}
	return img
}

// nrgba64 returns a 16-bit image of eight 4-pixel column bands with alphas
// chosen around the 8-bit cut: alpha>>8 is 0, 0, 127, 127, 128, 128, 254,
// 255, so with threshold 128 exactly columns 16-31 are opaque.
func nrgba64() image.Image {
	alphas := []uint16{0, 0x00ff, 0x7f00, 0x7fff, 0x8000, 0x80ff, 0xfeff, 0xffff}
	img := image.NewNRGBA64(image.Rect(0, 0, 32, 8))
	for y := range 8 {
		for x := range 32 {
			img.SetNRGBA64(x, y, color.NRGBA64{0x1234, uint16(y) * 0x2000, 0xfedc, alphas[x/4]})
		}
	}
	return img
}
