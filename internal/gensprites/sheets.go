package main

import (
	"bytes"
	"fmt"
	"hash/crc32"
	"image"
	"image/draw"
	"strings"
	"unicode/utf16"
)

// gridCells draws the cells of sheets/grid_4x2.png, each 32x32, in
// row-major order; cell 3 is left empty.
var gridCells = []region{
	disk(16, 16, 12),
	rect(4, 4, 28, 28),
	triangle(3, 28, 29, 28, 16, 3),
	func(x, y int) bool { return false },
	minus(disk(16, 16, 13), disk(16, 16, 6)),
	union(rect(4, 4, 12, 28), rect(4, 20, 28, 28)),
	rect(15, 15, 17, 17),
	union(rect(13, 3, 19, 29), rect(3, 13, 29, 19)),
}

// Upright frames of the packed atlas. The arrow is asymmetric in both axes
// (its tail only rises above the shaft) so a frame turned the wrong way is
// caught.
var (
	coinFrame  = hard(16, 16, yellow, disk(8, 8, 7))
	gemFrame   = hard(32, 32, blue, gemRegion) // trimmed to its opaque bounds when packed
	arrowFrame = picture(red,
		"##......................",
		"###.............#.......",
		"####............###.....",
		"#####...........#####...",
		"########################",
		"########################",
		"########################",
		"................#####...",
		"................###.....",
		"................#.......",
		"........................",
		"........................",
	)
)

// gemRegion is a diamond off the centre of its 32x32 source frame.
func gemRegion(x, y int) bool {
	dx, dy := 2*x+1-30, 2*y+1-31
	return 7*abs(dx)+10*abs(dy) <= 140
}

func abs(v int) int {
	if v < 0 {
		return -v
	}
	return v
}

// sheets returns the sprite sheet and atlas files.
func sheets() []file {
	return []file{
		pngFile("sheets/grid_4x2.png", func() image.Image {
			return hard(128, 64, purple, func(x, y int) bool { return gridCells[y/32*4+x/32](x%32, y%32) })
		}),
		pngFile("sheets/packed.png", func() image.Image { img, _ := packed(); return img }),
		{"sheets/packed.json", func() ([]byte, error) { _, j := packed(); return utf16LE(j), nil }},
		pngFile("sheets/starling.png", func() image.Image { return strip(starlingFrames) }),
		{"sheets/starling.xml", func() ([]byte, error) { return []byte(starlingXML()), nil }},
		pngFile("sheets/hud_spritesheet.png", func() image.Image { return strip(hudFrames) }),
		{"sheets/hud_spritesheet.txt", func() ([]byte, error) { return []byte(hudText()), nil }},
		{"shapegen.yaml", func() ([]byte, error) { return []byte(configYAML), nil }},
	}
}

// configYAML is testdata/sprites/shapegen.yaml: the grid of
// sheets/grid_4x2.png, and the settings of the frame sources of
// sources.go (an island sheet, pivots and animations, a frame list not
// named after its image).
const configYAML = `# Settings of shapegen's own test sprites, written by internal/gensprites
# (go generate ./internal/gensprites rewrites it). Every key not set here
# keeps its default; ` + "`shapegen init`" + ` writes them all with comments.

# sheets/grid_4x2.png is a 4x2 grid of 32x32 cells with no margin and no
# spacing. Its frames are sheets/grid_4x2/0 .. sheets/grid_4x2/7, numbered
# row by row; cell 3 is empty, so sprite 3 has no opaque pixel.
grids:
  - glob: "sheets/grid_4x2.png"
    cell_width: 32
    cell_height: 32
    margin: 0
    spacing: 0

# The sheets of sheets/auto/ have no setting: they are sliced by the size
# in their name or by their transparent gutters (or, for icons_8x8.png,
# whose size does not divide, left whole with a line). islands.png only
# gets a hint.
overrides:
  # Rocks scattered with no grid: one frame per island, the pebble next to
  # the long rock joined to it, the speck left out.
  - glob: "props/loose_*.png"
    slice: islands
    slice_min_size: 4
    slice_merge: 2
  # The Starling atlas gives pivots; this one wins over them.
  - glob: "atlas/starling_rt.png"
    pivot: bottom-center
  # Animations the atlases declare: Aseprite tags, a list line with a
  # frame count, libGDX regions with indexes.
  - glob: "anim/hero.png"
    declared_animations: true
  - glob: "atlas/tileset_*.png"
    declared_animations: true
  - glob: "atlas/gdx*.png"
    declared_animations: true
  - glob: "atlas/pages/*.png"
    declared_animations: true
  # Three images, one animation.
  - glob: "anim/walk_*.png"
    animation: anim/walk

# A frame list not named after its image.
atlases:
  - list: "atlas/tiles_list_v1.4"
    image: "atlas/tileset_v1.4.png"
`

// packed lays out the TexturePacker atlas, frames side by side with no gap
// (so reading one pixel too far picks up a neighbour): "coin" as is, "gem"
// trimmed to its opaque bounds, "arrow" turned 90 degrees clockwise. It
// returns the atlas image and its JSON (hash form, as TexturePacker and
// Flash write it). As TexturePacker does, a rotated frame's "frame" w and h
// are its upright size, its region in the atlas is h wide and w tall, and
// the upright pixel (x, y) is stored at (h-1-y, x) of that region.
func packed() (image.Image, string) {
	trim := opaqueBounds(gemFrame)
	gemW, gemH := trim.Dx(), trim.Dy()
	aw, ah := arrowFrame.Bounds().Dx(), arrowFrame.Bounds().Dy()
	gemX, arrowX := 16, 16+gemW
	atlas := image.NewNRGBA(image.Rect(0, 0, arrowX+ah, max(16, gemH, aw)))
	draw.Draw(atlas, image.Rect(0, 0, 16, 16), coinFrame, image.Point{}, draw.Src)
	draw.Draw(atlas, image.Rect(gemX, 0, gemX+gemW, gemH), gemFrame, trim.Min, draw.Src)
	for y := range ah {
		for x := range aw {
			atlas.SetNRGBA(arrowX+ah-1-y, x, arrowFrame.NRGBAAt(x, y))
		}
	}
	entry := func(name string, x, y, w, h int, rotated, trimmed bool, sx, sy, sw, sh int) string {
		return fmt.Sprintf("%q:\n{\n\t\"frame\": {\"x\":%d,\"y\":%d,\"w\":%d,\"h\":%d},\n\t\"rotated\": %t,\n\t\"trimmed\": %t,\n"+
			"\t\"spriteSourceSize\": {\"x\":%d,\"y\":%d,\"w\":%d,\"h\":%d},\n\t\"sourceSize\": {\"w\":%d,\"h\":%d}\n}",
			name, x, y, w, h, rotated, trimmed, sx, sy, w, h, sw, sh)
	}
	b := atlas.Bounds()
	j := "{\"frames\": {\n\n" + strings.Join([]string{
		entry("arrow", arrowX, 0, aw, ah, true, false, 0, 0, aw, ah),
		entry("coin", 0, 0, 16, 16, false, false, 0, 0, 16, 16),
		entry("gem", gemX, 0, gemW, gemH, false, true, trim.Min.X, trim.Min.Y, 32, 32),
	}, ",\n") + "},\n\"meta\": {\n\t\"app\": \"shapegen gensprites\",\n\t\"image\": \"packed.png\",\n" +
		fmt.Sprintf("\t\"format\": \"RGBA8888\",\n\t\"size\": {\"w\":%d,\"h\":%d},\n\t\"scale\": \"1\"\n}\n}\n", b.Dx(), b.Dy())
	return atlas, j
}

// opaqueBounds returns the smallest rectangle holding every pixel of img
// with a non-zero alpha.
func opaqueBounds(img *image.NRGBA) image.Rectangle {
	var r image.Rectangle
	b := img.Bounds()
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			if img.NRGBAAt(x, y).A != 0 {
				r = r.Union(image.Rect(x, y, x+1, y+1))
			}
		}
	}
	return r
}

// utf16LE returns s as UTF-16 little endian with a byte-order mark, the
// encoding of the Flash-exported atlases of the corpus.
func utf16LE(s string) []byte {
	out := []byte{0xff, 0xfe}
	for _, u := range utf16.Encode([]rune(s)) {
		out = append(out, byte(u), byte(u>>8))
	}
	return out
}

// named is a named frame of a strip atlas.
type named struct {
	name string
	img  *image.NRGBA
}

var starlingFrames = []named{
	{"key.png", hard(16, 10, yellow, union(minus(disk(5, 5, 5), disk(5, 5, 2)), rect(9, 4, 16, 6), rect(13, 6, 15, 9)))},
	{"heart.png", hard(16, 16, red, union(disk(5, 6, 4), disk(11, 6, 4), triangle(1, 7, 15, 7, 8, 15)))},
	{"bolt.png", hard(10, 16, yellow, union(triangle(6, 0, 1, 9, 7, 8), triangle(3, 8, 9, 7, 4, 16)))},
}

var hudFrames = []named{
	{"hud_heart", hard(12, 12, red, union(disk(4, 4, 3), disk(8, 4, 3), triangle(1, 5, 11, 5, 6, 11)))},
	{"hud_coin", hard(12, 12, yellow, disk(6, 6, 5))},
	{"hud_x", picture(purple, "##....##", ".##..##.", "..####..", "...##...", "..####..", ".##..##.", "##....##", "#......#")},
}

// strip lays frames left to right, tops aligned, with no gap.
func strip(frames []named) image.Image {
	w, h := 0, 0
	for _, f := range frames {
		w += f.img.Bounds().Dx()
		h = max(h, f.img.Bounds().Dy())
	}
	img := image.NewNRGBA(image.Rect(0, 0, w, h))
	x := 0
	for _, f := range frames {
		b := f.img.Bounds()
		draw.Draw(img, b.Add(image.Pt(x, 0)), f.img, image.Point{}, draw.Src)
		x += b.Dx()
	}
	return img
}

// stripRects returns the rectangle of each frame of strip(frames).
func stripRects(frames []named) []image.Rectangle {
	var rs []image.Rectangle
	x := 0
	for _, f := range frames {
		b := f.img.Bounds()
		rs = append(rs, b.Add(image.Pt(x, 0)))
		x += b.Dx()
	}
	return rs
}

// starlingXML is the Starling/Sparrow TextureAtlas of sheets/starling.png,
// written as the corpus's atlases are (tab indents, names with ".png").
func starlingXML() string {
	var b strings.Builder
	b.WriteString("<TextureAtlas imagePath=\"starling.png\">\n")
	for i, r := range stripRects(starlingFrames) {
		fmt.Fprintf(&b, "\t<SubTexture name=%q x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\"/>\n",
			starlingFrames[i].name, r.Min.X, r.Min.Y, r.Dx(), r.Dy())
	}
	b.WriteString("</TextureAtlas>\n")
	return b.String()
}

// hudText is the "name = x y w h" list of sheets/hud_spritesheet.png, with
// CRLF line ends as in the corpus.
func hudText() string {
	var b strings.Builder
	for i, r := range stripRects(hudFrames) {
		fmt.Fprintf(&b, "%s = %d %d %d %d\r\n", hudFrames[i].name, r.Min.X, r.Min.Y, r.Dx(), r.Dy())
	}
	return b.String()
}

// badFiles returns the corrupt inputs for the bad-input tests.
func badFiles() []file {
	return []file{
		{"truncated.png", func() ([]byte, error) {
			data, err := encode(hard(33, 33, green, disk(16, 16, 15)))
			return data[:len(data)/2], err
		}},
		{"huge_header.png", func() ([]byte, error) { return hugeHeader(100000, 100000), nil }},
	}
}

// hugeHeader returns a PNG signature, an IHDR announcing a w x h RGBA image
// and an IEND, with valid CRCs: a file that must be refused from its
// header alone.
func hugeHeader(w, h uint32) []byte {
	var b bytes.Buffer
	b.WriteString("\x89PNG\r\n\x1a\n")
	chunk := func(typ string, data []byte) {
		be := func(v uint32) []byte { return []byte{byte(v >> 24), byte(v >> 16), byte(v >> 8), byte(v)} }
		b.Write(be(uint32(len(data))))
		body := append([]byte(typ), data...)
		b.Write(body)
		b.Write(be(crc32.ChecksumIEEE(body)))
	}
	ihdr := []byte{byte(w >> 24), byte(w >> 16), byte(w >> 8), byte(w), byte(h >> 24), byte(h >> 16), byte(h >> 8), byte(h), 8, 6, 0, 0, 0}
	chunk("IHDR", ihdr)
	chunk("IEND", nil)
	return b.Bytes()
}
