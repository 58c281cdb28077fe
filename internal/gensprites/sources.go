package main

import (
	"encoding/json"
	"fmt"
	"image"
	"image/color"
	"image/draw"
	"strings"
)

// This file draws the sources of frames that come without a grids entry:
// sheets sliced automatically (by a size in the name, by transparent
// gutters, by islands under an override), each atlas format with rotated
// and trimmed frames and the pivots and animations they declare, images
// that an override makes one animation, repeated frames, and a folder
// holding an earlier output. The settings they need are in configYAML.

// shift moves region r by (dx, dy).
func shift(r region, dx, dy int) region {
	return func(x, y int) bool { return r(x-dx, y-dy) }
}

// ellipse is the pixels whose centres lie within the ellipse of centre
// (cx, cy) and radii rx, ry, in integer arithmetic (doubled coordinates).
func ellipse(cx, cy, rx, ry int) region {
	return func(x, y int) bool {
		dx, dy := (2*x+1-2*cx)*ry, (2*y+1-2*cy)*rx
		return dx*dx+dy*dy <= 4*rx*rx*ry*ry
	}
}

// none is the empty region.
func none(x, y int) bool { return false }

// cells draws frames side by side in a grid of cols columns of cw x ch
// cells, row by row, with no margin and no spacing.
func cells(cw, ch, cols int, c color.NRGBA, frames []region) *image.NRGBA {
	rows := (len(frames) + cols - 1) / cols
	return hard(cols*cw, rows*ch, c, func(x, y int) bool {
		i := y/ch*cols + x/cw
		return i < len(frames) && frames[i](x%cw, y%ch)
	})
}

// runnerCells are the frames of sheets/auto/run_16x16.png, 16x16 each:
// a runner whose feet move; cell 3 repeats cell 1 (same_as) and cell 4 is
// empty (skipped by auto-slicing, the indexes of the others kept).
var runnerCells = func() []region {
	runner := func(f1, f2 int) region {
		return union(disk(8, 3, 2), rect(7, 5, 10, 10),
			triangle(7, 10, 9, 10, f1, 15), triangle(8, 10, 10, 10, f2, 15))
	}
	return []region{runner(3, 13), runner(5, 11), runner(7, 9), runner(5, 11), none, runner(12, 4)}
}()

// knightCells are the frames of sheets/auto/knight-32x48.png: a knight
// and his sword, held up, raised, pointing left.
var knightCells = func() []region {
	knight := union(disk(16, 7, 5), roundRect(9, 12, 23, 46, 3))
	return []region{
		union(knight, rect(24, 14, 27, 40)),
		union(knight, triangle(23, 22, 30, 2, 27, 24)),
		union(knight, rect(1, 28, 9, 31)),
	}
}()

// gemCells are the 14x14 sprites of sheets/auto/gems.png, each in a 16x16
// cell with one transparent pixel around it: a sheet with regular gutters
// and no size in its name. Cell 3 repeats cell 0; cell 5 is empty.
var gemCells = []region{
	disk(8, 8, 6),
	union(triangle(8, 1, 1, 8, 15, 8), triangle(1, 8, 15, 8, 8, 15)),
	rect(2, 2, 14, 14),
	disk(8, 8, 6),
	triangle(2, 13, 14, 13, 8, 2),
	none,
	minus(disk(8, 8, 6), disk(8, 8, 3)),
	union(rect(6, 2, 10, 14), rect(2, 6, 14, 10)),
}

// looseRocks is props/loose_rocks.png, 72x40, sliced by islands under an
// override (slice_min_size 4, slice_merge 2): five rocks, of which the
// pebble 2 pixels right of the long rock joins it, and a 2x2 speck that
// is dropped; 4 frames.
var looseRocks = union(
	disk(10, 12, 8),
	roundRect(28, 6, 50, 20, 4),
	rect(52, 10, 56, 16),
	rect(40, 32, 42, 34),
	triangle(6, 38, 30, 38, 20, 25),
	disk(62, 30, 6),
)

// walkFrames are anim/walk_0.png .. walk_2.png, 20x24, made one animation
// by an override; walk_2 repeats walk_0.
var walkFrames = func() []region {
	walker := func(f1, f2 int) region {
		return union(disk(10, 4, 4), rect(7, 8, 13, 16), rect(4, 9, 16, 11),
			triangle(7, 15, 11, 15, f1, 23), triangle(9, 15, 13, 15, f2, 23))
	}
	return []region{walker(4, 16), walker(9, 11), walker(4, 16)}
}()

// sources returns the files of the frame sources this file draws.
func sources() []file {
	img := func(w, h int, c color.NRGBA, r region) func() image.Image {
		return func() image.Image { return hard(w, h, c, r) }
	}
	text := func(name string, s func() string) file {
		return file{name, func() ([]byte, error) { return []byte(s()), nil }}
	}
	files := []file{
		pngFile("sheets/auto/run_16x16.png", func() image.Image { return cells(16, 16, 6, green, runnerCells) }),
		pngFile("sheets/auto/knight-32x48.png", func() image.Image { return cells(32, 48, 3, blue, knightCells) }),
		// 8x8 icons, but the 26x13 sheet is no whole number of 8x8 cells
		// with any margin and spacing: it stays one sprite, with a line.
		pngFile("sheets/auto/icons_8x8.png", img(26, 13, yellow, union(
			shift(disk(4, 4, 3), 0, 2), shift(rect(1, 1, 7, 7), 9, 2), shift(triangle(0, 7, 8, 7, 4, 0), 18, 2)))),
		pngFile("sheets/auto/gems.png", func() image.Image { return cells(16, 16, 4, purple, gemCells) }),
		pngFile("props/loose_rocks.png", img(72, 40, green, looseRocks)),
	}
	for i, r := range walkFrames {
		files = append(files, pngFile(fmt.Sprintf("anim/walk_%d.png", i), img(20, 24, red, r)))
	}
	for _, a := range atlases() {
		files = append(files, a...)
	}
	files = append(files,
		// A frame list that matches no image: the build says which
		// setting would tie it to one.
		text("atlas/spare_list.txt", func() string { return "spare_a 0 0 8 8\nspare_b 8 0 8 8\n" }),
		// An earlier output inside the asset folder: never read.
		text("old_build/"+manifestName, func() string {
			return "{\n  \"format\": \"shapegen-manifest/v1\",\n  \"files\": {}\n}\n"
		}),
		text("old_build/shapes.json", func() string {
			return "{\n  \"format\": \"shapegen/v1\",\n  \"generator\": \"shapegen gensprites\",\n  \"sprites\": []\n}\n"
		}),
		pngFile("old_build/preview/tiny.png", img(16, 16, purple, union(rect(0, 0, 16, 1), rect(0, 15, 16, 16), disk(8, 8, 5)))),
	)
	return files
}

// manifestName is the manifest file a build writes (pipeline.ManifestFile).
const manifestName = "shapegen-manifest.json"

// Turns of a packed frame, as each format stores them.
type turn int

const (
	upright          turn = iota
	clockwise             // TexturePacker, Starling, Cocos2d
	counterClockwise      // libGDX rotate: true
)

// packFrame is a frame to pack: its upright untrimmed art, how it is
// stored, and the pivot its atlas gives (fractions of its size), if any.
type packFrame struct {
	name  string
	img   *image.NRGBA
	turn  turn
	trim  bool
	pivot *[2]float64
	index int // libGDX index, -1 for none
}

// stored is a packed frame: where it is in the atlas (as stored) and
// which part of the untrimmed frame it holds (the opaque bounds when
// trimmed, else the whole frame).
type stored struct {
	packFrame
	at   image.Rectangle
	part image.Rectangle
}

// size returns the untrimmed size of the frame.
func (s stored) size() image.Point { return s.img.Bounds().Size() }

// packRow lays frames left to right from x = 0, tops aligned, with no gap
// (so that reading one pixel too far picks up a neighbour): a frame
// turned clockwise stores upright pixel (x, y) of its part (w x h) at
// (h-1-y, x) of its region, one turned counter-clockwise at (y, w-1-x).
func packRow(frames []packFrame) (*image.NRGBA, []stored) {
	var out []stored
	x, h := 0, 0
	for _, f := range frames {
		part := f.img.Bounds()
		if f.trim {
			part = opaqueBounds(f.img)
		}
		w, ht := part.Dx(), part.Dy()
		if f.turn != upright {
			w, ht = ht, w
		}
		out = append(out, stored{f, image.Rect(x, 0, x+w, ht), part})
		x += w
		h = max(h, ht)
	}
	atlas := image.NewNRGBA(image.Rect(0, 0, x, h))
	for _, s := range out {
		pw, ph := s.part.Dx(), s.part.Dy()
		for y := range ph {
			for x := range pw {
				c := s.img.NRGBAAt(s.part.Min.X+x, s.part.Min.Y+y)
				ax, ay := s.at.Min.X+x, s.at.Min.Y+y
				switch s.turn {
				case clockwise:
					ax, ay = s.at.Min.X+ph-1-y, s.at.Min.Y+x
				case counterClockwise:
					ax, ay = s.at.Min.X+y, s.at.Min.Y+pw-1-x
				}
				atlas.SetNRGBA(ax, ay, c)
			}
		}
	}
	return atlas, out
}

// atlas art: each frame is asymmetric so that a frame turned the wrong
// way is caught, and the trimmed ones have transparent borders of
// different widths on each side.
var (
	starlingRT = []packFrame{
		{name: "shield.png", img: hard(16, 20, blue, union(rect(0, 0, 16, 12), triangle(0, 11, 16, 11, 5, 20))), pivot: &[2]float64{0.5, 0.5}},
		{name: "sword.png", img: hard(24, 24, purple, union(triangle(2, 21, 20, 1, 22, 3), rect(3, 15, 9, 18))), trim: true, pivot: &[2]float64{0.25, 0.75}},
		{name: "bow.png", img: hard(14, 30, yellow, union(minus(disk(1, 14, 11), disk(-1, 14, 9)), rect(1, 3, 2, 26), rect(8, 16, 12, 20))), turn: clockwise, trim: true, pivot: &[2]float64{0.5, 1}},
	}
	tpProps = []packFrame{
		{name: "barrel.png", img: hard(16, 20, red, roundRect(1, 0, 15, 20, 3)), pivot: &[2]float64{0.5, 1}},
		{name: "lamp.png", img: hard(20, 28, yellow, union(rect(9, 6, 11, 28), disk(10, 5, 4), rect(6, 26, 14, 28))), trim: true, pivot: &[2]float64{0.5, 1}},
		{name: "sign.png", img: hard(28, 20, green, union(rect(2, 2, 26, 12), rect(12, 12, 15, 20))), turn: clockwise, trim: true, pivot: &[2]float64{0.25, 0.75}},
	}
	cocosGems = []packFrame{
		{name: "gem_red.png", img: hard(12, 12, red, union(triangle(6, 0, 0, 6, 12, 6), triangle(0, 6, 12, 6, 6, 12)))},
		{name: "gem_blue.png", img: hard(16, 16, blue, union(rect(4, 3, 12, 12), triangle(4, 3, 12, 3, 8, 0))), trim: true},
		{name: "wand.png", img: hard(10, 24, purple, union(rect(4, 7, 6, 23), triangle(1, 4, 9, 4, 5, 1), triangle(3, 8, 7, 8, 5, 2))), turn: clockwise, trim: true},
	}
	gdxPage1 = []packFrame{
		{name: "crate", img: hard(16, 16, yellow, minus(roundRect(0, 0, 16, 16, 2), rect(5, 5, 11, 11))), index: -1},
		{name: "torch", img: hard(12, 26, red, union(rect(5, 9, 7, 25), triangle(2, 9, 10, 9, 5, 1))), turn: counterClockwise, trim: true, index: -1},
	}
	gdxPage2 = func() []packFrame {
		var fs []packFrame
		for i, rx := range []int{7, 5, 2, 5} {
			fs = append(fs, packFrame{name: "coin", img: hard(16, 16, yellow, ellipse(8, 8, rx, 7)), trim: true, index: i})
		}
		fs = append(fs, packFrame{name: "key", img: hard(20, 10, yellow, union(minus(disk(4, 5, 4), disk(4, 5, 2)), rect(8, 4, 19, 6), rect(15, 6, 17, 9))), turn: counterClockwise, index: -1})
		return fs
	}()
	// gdxPages1 and gdxPages2 are atlas/pages/gdx.png (32x32) and
	// atlas/pages/gdx2.png (96x48), libGDX's default page names: the first
	// page is named like the atlas. The second page is larger, so its
	// frames lie outside the first; flag is an indexed region.
	gdxPages1 = []packFrame{
		{name: "ring", img: hard(16, 16, purple, minus(disk(8, 8, 7), disk(10, 8, 4))), index: -1},
		{name: "leaf", img: hard(10, 16, green, union(triangle(5, 0, 0, 10, 10, 10), rect(4, 10, 6, 16))), turn: counterClockwise, trim: true, index: -1},
	}
	gdxPages2 = func() []packFrame {
		fs := []packFrame{{name: "banner", img: hard(40, 40, red, union(rect(2, 0, 5, 40), triangle(5, 2, 38, 12, 5, 24))), index: -1}}
		for i, h := range []int{20, 14} {
			fs = append(fs, packFrame{name: "flag", img: hard(24, 44, blue, union(rect(0, 0, 3, 44), triangle(3, 2, 23, 2+h/2, 3, 2+h))), trim: true, index: i})
		}
		return fs
	}()
	// heroFrames are anim/hero's Aseprite frames, 24x32, trimmed: idle
	// (0-1), run (2-5); frame 5 repeats frame 3.
	heroFrames = func() []packFrame {
		body := func(lift int) region {
			return union(disk(12, 6-lift, 4), rect(9, 10-lift, 15, 22), rect(7, 12, 17, 14))
		}
		legs := func(f1, f2 int) region {
			return union(triangle(9, 21, 12, 21, f1, 31), triangle(12, 21, 15, 21, f2, 31))
		}
		var fs []packFrame
		for i, r := range []region{
			union(body(0), legs(9, 15)), union(body(1), legs(9, 15)),
			union(body(0), legs(5, 19)), union(body(0), legs(10, 14)), union(body(0), legs(17, 7)), union(body(0), legs(10, 14)),
		} {
			fs = append(fs, packFrame{name: fmt.Sprintf("hero %d.aseprite", i), img: hard(24, 32, blue, r), trim: true})
		}
		return fs
	}()
)

// atlases returns the files of each atlas: image and data file.
func atlases() [][]file {
	pack := func(frames []packFrame) (func() image.Image, []stored) {
		img, s := packRow(frames)
		return func() image.Image { return img }, s
	}
	var out [][]file
	add := func(img string, art func() image.Image, data string, text string) {
		out = append(out, []file{pngFile(img, art), {data, func() ([]byte, error) { return []byte(text), nil }}})
	}
	art, s := pack(starlingRT)
	add("atlas/starling_rt.png", art, "atlas/starling_rt.xml", starlingRTXML(s))
	art, s = pack(tpProps)
	add("atlas/props.png", art, "atlas/props.json", tpArrayJSON("props.png", s))
	art, s = pack(cocosGems)
	add("atlas/cocos.png", art, "atlas/cocos.plist", plist3("cocos.png", s))
	// libGDX pages are powers of two by default: both 64x32.
	page1, s1 := packRow(gdxPage1)
	page2, s2 := packRow(gdxPage2)
	out = append(out, []file{pngFile("atlas/gdx_page1.png", padded(page1, 64, 32)), pngFile("atlas/gdx_page2.png", padded(page2, 64, 32)),
		{"atlas/gdx.atlas", func() ([]byte, error) {
			return []byte(gdxAtlas(gdxPage{"gdx_page1.png", image.Pt(64, 32), s1}, gdxPage{"gdx_page2.png", image.Pt(64, 32), s2})), nil
		}}})
	// libGDX's default page names, pages of different sizes.
	small, t1 := packRow(gdxPages1)
	large, t2 := packRow(gdxPages2)
	out = append(out, []file{pngFile("atlas/pages/gdx.png", padded(small, 32, 32)), pngFile("atlas/pages/gdx2.png", padded(large, 96, 48)),
		{"atlas/pages/gdx.atlas", func() ([]byte, error) {
			return []byte(gdxAtlas(gdxPage{"gdx.png", image.Pt(32, 32), t1}, gdxPage{"gdx2.png", image.Pt(96, 48), t2})), nil
		}}})
	art, s = pack(heroFrames)
	add("anim/hero.png", art, "anim/hero.json", asepriteJSON("hero.png", s))
	out = append(out, []file{
		pngFile("atlas/tileset_v1.4.png", func() image.Image { return cells(16, 16, 4, green, tileCells) }),
		{"atlas/tiles_list_v1.4", func() ([]byte, error) { return []byte(tilesList), nil }},
	})
	return out
}

// tileCells are atlas/tileset_v1.4.png's 16x16 tiles, 4 a row: grass,
// stone, bush, nothing; then the 4 frames of water, whose last repeats
// its first.
var tileCells = []region{
	union(rect(0, 6, 16, 16), triangle(2, 6, 4, 6, 3, 2), triangle(9, 6, 11, 6, 10, 3)),
	roundRect(1, 3, 15, 16, 4),
	union(disk(5, 10, 5), disk(11, 9, 5)),
	none,
	rect(0, 4, 16, 16), rect(0, 5, 16, 16), union(rect(0, 4, 16, 16), rect(4, 3, 8, 4)), rect(0, 4, 16, 16),
}

// tilesList is atlas/tiles_list_v1.4: "name x y w h [n]" lines without
// '=', names with and without an extension, not named after its image
// (an atlases: entry ties it); "water" is 4 frames laid to the right.
const tilesList = "# tiles of tileset_v1.4.png\ngrass.png 0 0 16 16\nstone.png 16 0 16 16\nbush 32 0 16 16\nwater 0 16 16 16 4\n"

// starlingRTXML is the Starling 2 TextureAtlas of atlas/starling_rt.png:
// width and height are the stored region's, frameX/frameY the negated
// offset of the trimmed part, pivotX/pivotY in the untrimmed frame.
func starlingRTXML(fs []stored) string {
	var b strings.Builder
	b.WriteString("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<TextureAtlas imagePath=\"starling_rt.png\">\n")
	for _, f := range fs {
		sz := f.size()
		fmt.Fprintf(&b, "\t<SubTexture name=%q x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\"", f.name, f.at.Min.X, f.at.Min.Y, f.at.Dx(), f.at.Dy())
		if f.turn == clockwise {
			b.WriteString(" rotated=\"true\"")
		}
		if f.trim {
			fmt.Fprintf(&b, " frameX=\"%d\" frameY=\"%d\" frameWidth=\"%d\" frameHeight=\"%d\"", -f.part.Min.X, -f.part.Min.Y, sz.X, sz.Y)
		}
		fmt.Fprintf(&b, " pivotX=\"%g\" pivotY=\"%g\"/>\n", f.pivot[0]*float64(sz.X), f.pivot[1]*float64(sz.Y))
	}
	b.WriteString("</TextureAtlas>\n")
	return b.String()
}

// jsonRect is a rectangle as TexturePacker and Aseprite write it.
type jsonRect struct {
	X int `json:"x"`
	Y int `json:"y"`
	W int `json:"w"`
	H int `json:"h"`
}

// jsonFrame is a frame as TexturePacker and Aseprite write it: frame is
// the stored region with the upright width and height.
type jsonFrame struct {
	Filename         string          `json:"filename,omitempty"`
	Frame            jsonRect        `json:"frame"`
	Rotated          bool            `json:"rotated"`
	Trimmed          bool            `json:"trimmed"`
	SpriteSourceSize jsonRect        `json:"spriteSourceSize"`
	SourceSize       map[string]int  `json:"sourceSize"`
	Pivot            *map[string]any `json:"pivot,omitempty"`
	Duration         int             `json:"duration,omitempty"`
}

func jsonFrameOf(f stored) jsonFrame {
	sz := f.size()
	j := jsonFrame{
		Frame:            jsonRect{f.at.Min.X, f.at.Min.Y, f.part.Dx(), f.part.Dy()},
		Rotated:          f.turn == clockwise,
		Trimmed:          f.trim,
		SpriteSourceSize: jsonRect{f.part.Min.X, f.part.Min.Y, f.part.Dx(), f.part.Dy()},
		SourceSize:       map[string]int{"w": sz.X, "h": sz.Y},
	}
	if f.pivot != nil {
		j.Pivot = &map[string]any{"x": f.pivot[0], "y": f.pivot[1]}
	}
	return j
}

// tpArrayJSON is a TexturePacker JSON atlas, array form, UTF-8, with
// pivots (fractions of sourceSize).
func tpArrayJSON(image string, fs []stored) string {
	var frames []jsonFrame
	for _, f := range fs {
		j := jsonFrameOf(f)
		j.Filename = f.name
		frames = append(frames, j)
	}
	return marshal(map[string]any{
		"frames": frames,
		"meta":   map[string]any{"app": "shapegen gensprites", "image": image, "format": "RGBA8888", "scale": "1", "size": sizeOf(fs)},
	})
}

// asepriteJSON is an Aseprite export of anim/hero: hash form in frame
// order, trimmed frames, frameTags idle and run, and a "feet" slice whose
// pivot moves at frame 2.
func asepriteJSON(image string, fs []stored) string {
	var b strings.Builder
	b.WriteString("{ \"frames\": {\n")
	for i, f := range fs {
		j := jsonFrameOf(f)
		j.Duration = 100
		if i > 0 {
			b.WriteString(",\n")
		}
		fmt.Fprintf(&b, "   %q: %s", f.name, marshalLine(j))
	}
	size := sizeOf(fs)
	fmt.Fprintf(&b, "\n },\n \"meta\": {\n  \"app\": \"https://www.aseprite.org/\",\n  \"version\": \"1.3.7-x64\",\n  \"image\": %q,\n", image)
	fmt.Fprintf(&b, "  \"format\": \"RGBA8888\",\n  \"size\": { \"w\": %d, \"h\": %d },\n  \"scale\": \"1\",\n", size["w"], size["h"])
	b.WriteString(`  "frameTags": [
   { "name": "idle", "from": 0, "to": 1, "direction": "forward", "color": "#000000ff" },
   { "name": "run", "from": 2, "to": 5, "direction": "forward", "color": "#000000ff" }
  ],
  "layers": [
   { "name": "Layer 1", "opacity": 255, "blendMode": "normal" }
  ],
  "slices": [
   { "name": "feet", "color": "#0000ffff", "keys": [
     { "frame": 0, "bounds": {"x": 8, "y": 28, "w": 8, "h": 4 }, "pivot": {"x": 4, "y": 4 } },
     { "frame": 2, "bounds": {"x": 6, "y": 28, "w": 12, "h": 4 }, "center": {"x": 2, "y": 1, "w": 8, "h": 2 }, "pivot": {"x": 5, "y": 4 } }
   ] }
  ]
 }
}
`)
	return b.String()
}

// sizeOf returns the atlas size of fs packed by packRow.
func sizeOf(fs []stored) map[string]int {
	r := image.Rectangle{}
	for _, f := range fs {
		r = r.Union(f.at)
	}
	return map[string]int{"w": r.Dx(), "h": r.Dy()}
}

func marshal(v any) string {
	b, err := json.MarshalIndent(v, "", "\t")
	if err != nil {
		panic(err) // only plain values are marshalled
	}
	return string(b) + "\n"
}

func marshalLine(v any) string {
	b, err := json.Marshal(v)
	if err != nil {
		panic(err)
	}
	return string(b)
}

// plist3 is a TexturePacker / Cocos2d property list, format 3: textureRect
// is the stored region with the upright size, spriteOffset the trimmed
// part's centre minus the untrimmed centre, y up.
func plist3(image string, fs []stored) string {
	var b strings.Builder
	b.WriteString(`<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE plist PUBLIC "-//Apple Computer//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
<plist version="1.0">
    <dict>
        <key>frames</key>
        <dict>
`)
	for _, f := range fs {
		sz := f.size()
		cx := float64(f.part.Min.X) + float64(f.part.Dx())/2 - float64(sz.X)/2
		cy := float64(f.part.Min.Y) + float64(f.part.Dy())/2 - float64(sz.Y)/2
		rotated := "false"
		if f.turn == clockwise {
			rotated = "true"
		}
		fmt.Fprintf(&b, `            <key>%s</key>
            <dict>
                <key>aliases</key>
                <array/>
                <key>spriteOffset</key>
                <string>{%g,%g}</string>
                <key>spriteSize</key>
                <string>{%d,%d}</string>
                <key>spriteSourceSize</key>
                <string>{%d,%d}</string>
                <key>textureRect</key>
                <string>{{%d,%d},{%d,%d}}</string>
                <key>textureRotated</key>
                <%s/>
            </dict>
`, f.name, cx, 0-cy, f.part.Dx(), f.part.Dy(), sz.X, sz.Y, f.at.Min.X, f.at.Min.Y, f.part.Dx(), f.part.Dy(), rotated)
	}
	size := sizeOf(fs)
	fmt.Fprintf(&b, `        </dict>
        <key>metadata</key>
        <dict>
            <key>format</key>
            <integer>3</integer>
            <key>pixelFormat</key>
            <string>RGBA8888</string>
            <key>premultiplyAlpha</key>
            <false/>
            <key>realTextureFileName</key>
            <string>%s</string>
            <key>size</key>
            <string>{%d,%d}</string>
            <key>textureFileName</key>
            <string>%s</string>
        </dict>
    </dict>
</plist>
`, image, size["w"], size["h"], image)
	return b.String()
}

// padded returns img on a transparent w x h canvas, at its top-left.
func padded(img *image.NRGBA, w, h int) func() image.Image {
	return func() image.Image {
		if b := img.Bounds(); b.Dx() > w || b.Dy() > h {
			panic(fmt.Sprintf("a %v atlas page does not fit %dx%d", b, w, h))
		}
		out := image.NewNRGBA(image.Rect(0, 0, w, h))
		draw.Draw(out, img.Bounds(), img, image.Point{}, draw.Src)
		return out
	}
}

// gdxPage is a page of a libGDX atlas: its image's name, its size and
// its packed frames.
type gdxPage struct {
	image  string
	size   image.Point
	frames []stored
}

// gdxAtlas is a libGDX atlas (old syntax, as Spine and libGDX's
// TexturePacker write it) of pages: a region's size is
// the upright trimmed size, orig the untrimmed one, offset from the
// untrimmed bottom-left to the trimmed bottom-left (y up); rotate: true
// is stored a quarter turn counter-clockwise.
func gdxAtlas(pages ...gdxPage) string {
	var b strings.Builder
	for _, pg := range pages {
		fmt.Fprintf(&b, "\n%s\nsize: %d,%d\nformat: RGBA8888\nfilter: Nearest,Nearest\nrepeat: none\n", pg.image, pg.size.X, pg.size.Y)
		for _, f := range pg.frames {
			sz := f.size()
			fmt.Fprintf(&b, "%s\n  rotate: %t\n  xy: %d, %d\n  size: %d, %d\n  orig: %d, %d\n  offset: %d, %d\n  index: %d\n",
				f.name, f.turn == counterClockwise, f.at.Min.X, f.at.Min.Y, f.part.Dx(), f.part.Dy(), sz.X, sz.Y,
				f.part.Min.X, sz.Y-f.part.Max.Y, f.index)
		}
	}
	return b.String()
}
