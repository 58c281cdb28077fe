package export

import (
	"bufio"
	"bytes"
	"encoding/xml"
	"fmt"
	"io"
	"math"
	"path"
	"strconv"
	"strings"

	"github.com/shapegen/shapegen/collide"
)

// TiledDir is the folder of the Tiled tilesets in the output folder.
const TiledDir = "tiled"

// TiledSprites is the tileset of the sprites that are whole images, in the
// output folder; the only Tiled file that takes a Reuse (its tiles are
// in name order, the sheets' are not).
const TiledSprites = TiledDir + "/sprites.tsx"

// WriteTiled writes s as Tiled tilesets through put, their images found
// through opt.AssetDir: tiled/sprites.tsx (TiledSprites),
// an image-collection tileset of the sprites that are whole images, and
// one tiled/<sheet>.tsx per sheet (the frames of one image). A sheet
// whose frames are named 0..n-1 and lie on a regular grid is a regular
// tileset, its tile ids the frame indexes; any other sheet (an atlas) is
// an image-collection tileset of sub-rectangles of its image, Tiled 1.9's
// x, y, width and height on each tile, its tile ids the frames in name
// order. Each tile has the properties sprite (the sprite's name) and pivot
// ("x,y"), and its shapes as collision objects in its objectgroup, in the
// tile's own pixels (a trimmed frame's offset taken off, a frame stored
// turned has its shapes turned as the image stores it, the tile's
// property turn saying by how many degrees clockwise, and rotated
// true for a quarter turn clockwise): pieces, else polygon, as polygon
// objects named after the kind, the circle as an ellipse and the box as a
// 4-point polygon. Tiled stores doubles: the coordinates are the
// library's. It ranges over s.Sprites twice and holds one sheet at a
// time.
func WriteTiled(put Put, s Stream, opt EngineOptions) ([]Omission, error) {
	if err := s.valid(); err != nil {
		return nil, err
	}
	om := omissions{format: "tiled"}
	// One buffer for every file, large as few system calls as it takes
	// (a few sprites' tiles are 4 kB).
	b := bufio.NewWriterSize(nil, 64<<10)
	// The sheets, one run of frames at a time, in the first pass, which
	// counts and measures the whole-image sprites too: their tileset's
	// head holds their number and largest size, so they are written in a
	// second pass. (A build reads the sprites once for the first pass of
	// every format, once for the second, ...: with the sheets first, two
	// reads, as for Godot, not three.)
	var run []Sprite
	done := map[string]bool{}
	flush := func() error {
		if len(run) == 0 {
			return nil
		}
		defer func() { run = run[:0] }()
		sheet := sheetOf(&run[0])
		if done[sheet] {
			for _, sp := range run {
				om.add("all", "sheet's frames not together in name order", sp.Name)
			}
			return nil
		}
		done[sheet] = true
		if !safePath(sheet) {
			for _, sp := range run {
				om.add("all", "sheet name not a safe path", sp.Name)
			}
			return nil
		}
		return put(TiledDir+"/"+sheet+".tsx", func(w io.Writer) error {
			b.Reset(w)
			return writeSheet(b, sheet, run, tiledImage(opt, 1+strings.Count(sheet, "/"), run[0].Image))
		})
	}
	count, tw, th := 0, 0, 0
	err := s.each(func(sp *Sprite) error {
		sheet := sheetOf(sp)
		if sheet == "" {
			count++
			tw, th = max(tw, sp.Frame.W), max(th, sp.Frame.H)
			return nil
		}
		if len(run) > 0 && sheetOf(&run[0]) != sheet {
			if err := flush(); err != nil {
				return err
			}
		}
		run = append(run, *sp)
		return nil
	})
	if err == nil {
		err = flush()
	}
	if err != nil {
		return nil, err
	}
	if count > 0 {
		var reuse Reuse
		if opt.Reuse != nil {
			reuse = opt.Reuse(TiledSprites)
		}
		err := put(TiledSprites, func(w io.Writer) error {
			sb := newSpriteBytes(w, reuse)
			tilesetHead(sb.b, "sprites", tw, th, count, 0, 0, 0)
			id := 0
			var buf []byte
			err := s.again(func(sp *Sprite) error {
				if sheetOf(sp) != "" {
					return nil
				}
				image := tiledImage(opt, 1, sp.Image)
				ok := false
				if old, note, found := sb.old(sp); found && len(note) == 0 {
					buf, ok = retile(buf[:0], old, id, sp.Name, image)
				}
				if !ok {
					buf = appendTile(buf[:0], id, sp, image, false)
				}
				sb.write(sp, buf, nil)
				id++
				return nil
			})
			if err != nil {
				return err
			}
			sb.b.WriteString("</tileset>\n")
			return sb.b.Flush()
		})
		if err != nil {
			return nil, err
		}
	}
	return om.list, nil
}

// sheetOf returns the sheet a sprite is a frame of (its image's path
// without the extension, when its name is that and "/frame"), or "" for a
// sprite that is a whole image.
func sheetOf(sp *Sprite) string {
	base := strings.TrimSuffix(sp.Image, path.Ext(sp.Image))
	// sp.Name starts with base+"/", tested without making that string:
	// this runs for every sprite in each of the writer's passes.
	if base != "" && len(sp.Name) > len(base) && sp.Name[len(base)] == '/' && strings.HasPrefix(sp.Name, base) {
		return base
	}
	return ""
}

// safePath reports whether p is a relative slash path with no empty, "."
// or ".." element.
func safePath(p string) bool {
	for _, e := range strings.Split(p, "/") {
		if e == "" || e == "." || e == ".." || strings.ContainsAny(e, "\\\x00") {
			return false
		}
	}
	return true
}

// tiledImage returns the image file's path as a tileset depth folders
// below the output folder sees it.
func tiledImage(opt EngineOptions, depth int, image string) string {
	dir := opt.AssetDir
	if strings.HasPrefix(dir, "/") {
		return path.Join(dir, image)
	}
	return path.Join(strings.Repeat("../", depth)+dir, image)
}

// grid describes a sheet laid out as a regular tileset.
type grid struct{ w, h, margin, spacing, columns int }

// gridOf returns the grid of a sheet's frames when they are named 0..n-1
// (in any order), untrimmed, upright, all of one size, and frame i lies
// in column i%columns and row i/columns of a grid with one margin and one
// spacing, as Tiled cuts a regular tileset.
func gridOf(sheet string, run []Sprite) (grid, []Sprite, bool) {
	n := len(run)
	byIndex := make([]Sprite, n)
	seen := make([]bool, n)
	for _, sp := range run {
		s := strings.TrimPrefix(sp.Name, sheet+"/")
		i, err := strconv.Atoi(s)
		if err != nil || i < 0 || i >= n || strconv.Itoa(i) != s || seen[i] || turnDegrees(&sp) != 0 || (sp.Offset != nil && *sp.Offset != [2]int{}) {
			return grid{}, nil, false
		}
		seen[i], byIndex[i] = true, sp
	}
	f0 := byIndex[0].Frame
	g := grid{w: f0.W, h: f0.H, margin: f0.X, columns: n}
	if f0.X != f0.Y || f0.W <= 0 || f0.H <= 0 {
		return grid{}, nil, false
	}
	for i := 1; i < n; i++ {
		if byIndex[i].Frame.Y != f0.Y {
			g.columns = i
			break
		}
	}
	switch {
	case g.columns > 1:
		g.spacing = byIndex[1].Frame.X - f0.X - f0.W
	case n > 1:
		g.spacing = byIndex[1].Frame.Y - f0.Y - f0.H
	}
	if g.spacing < 0 {
		return grid{}, nil, false
	}
	for i, sp := range byIndex {
		f := sp.Frame
		want := Frame{X: g.margin + i%g.columns*(g.w+g.spacing), Y: g.margin + i/g.columns*(g.h+g.spacing), W: g.w, H: g.h}
		if f != want || sp.Size != [2]int{g.w, g.h} {
			return grid{}, nil, false
		}
	}
	return g, byIndex, true
}

// writeSheet writes one sheet's tileset through b.
func writeSheet(b *bufio.Writer, sheet string, run []Sprite, image string) error {
	name := path.Base(sheet)
	var buf []byte
	if g, frames, ok := gridOf(sheet, run); ok {
		tilesetHead(b, name, g.w, g.h, len(frames), g.columns, g.margin, g.spacing)
		rows := (len(frames) + g.columns - 1) / g.columns
		iw := 2*g.margin + g.columns*g.w + (g.columns-1)*g.spacing
		ih := 2*g.margin + rows*g.h + (rows-1)*g.spacing
		fmt.Fprintf(b, " <image source=%s width=\"%d\" height=\"%d\"/>\n", attr(image), iw, ih)
		for i := range frames {
			writeTile(b, &buf, i, &frames[i], "", false)
		}
	} else {
		tw, th := 0, 0
		for _, sp := range run {
			tw, th = max(tw, sp.Frame.W), max(th, sp.Frame.H)
		}
		tilesetHead(b, name, tw, th, len(run), 0, 0, 0)
		for i := range run {
			writeTile(b, &buf, i, &run[i], image, true)
		}
	}
	b.WriteString("</tileset>\n")
	return b.Flush()
}

// tilesetHead writes the <tileset> start tag; columns 0 makes an
// image-collection tileset.
func tilesetHead(b *bufio.Writer, name string, tw, th, count, columns, margin, spacing int) {
	b.WriteString("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n")
	fmt.Fprintf(b, "<tileset version=\"1.9\" tiledversion=\"1.9.0\" name=%s tilewidth=\"%d\" tileheight=\"%d\"", attr(name), tw, th)
	if spacing > 0 {
		fmt.Fprintf(b, " spacing=\"%d\"", spacing)
	}
	if margin > 0 {
		fmt.Fprintf(b, " margin=\"%d\"", margin)
	}
	fmt.Fprintf(b, " tilecount=\"%d\" columns=\"%d\">\n", count, columns)
	if columns == 0 {
		b.WriteString(" <grid orientation=\"orthogonal\" width=\"1\" height=\"1\"/>\n")
	}
}

// writeTile writes one tile: its properties, its image when image is not
// "" (a sub-rectangle of it when sub), and its collision objects. It makes
// the tile's text in *buf, kept from one tile to the next.
func writeTile(b *bufio.Writer, buf *[]byte, id int, sp *Sprite, image string, sub bool) {
	dst := appendTile((*buf)[:0], id, sp, image, sub)
	b.Write(dst) // an error stays in b, for Flush
	*buf = dst
}

// retile appends old, the tile of the whole-image sprite called name as
// last written, to dst as tile id. It reports false unless old is a tile
// of that sprite, and of image (where the image is depends on where the
// assets are, not on the sprite).
func retile(dst, old []byte, id int, name, image string) ([]byte, bool) {
	const head = ` <tile id="`
	rest, ok := bytes.CutPrefix(old, []byte(head))
	i := bytes.IndexByte(rest, '"')
	if _, ok = smallInt(rest[:max(i, 0)], ok && i > 0); !ok {
		return dst, false
	}
	// The tile's sprite property and image element, made past dst's end,
	// to be found in old.
	start := len(dst)
	want := append(appendAttr(append(dst, `   <property name="sprite" value=`...), name), "/>\n"...)
	if !bytes.Contains(rest, want[start:]) {
		return dst, false
	}
	want = append(appendAttr(append(want[:start], "\n  <image source="...), image), " width="...)
	if !bytes.Contains(rest, want[start:]) {
		return dst, false
	}
	dst = strconv.AppendInt(append(dst[:start], head...), int64(id), 10)
	return append(dst, rest[i:]...), true
}

// appendTile appends the tile writeTile writes.
func appendTile(dst []byte, id int, sp *Sprite, image string, sub bool) []byte {
	f := sp.Frame
	dst = strconv.AppendInt(append(dst, ` <tile id="`...), int64(id), 10)
	dst = append(dst, '"')
	if sub {
		dst = strconv.AppendInt(append(dst, ` x="`...), int64(f.X), 10)
		dst = strconv.AppendInt(append(dst, `" y="`...), int64(f.Y), 10)
		dst = strconv.AppendInt(append(dst, `" width="`...), int64(f.W), 10)
		dst = strconv.AppendInt(append(dst, `" height="`...), int64(f.H), 10)
		dst = append(dst, '"')
	}
	dst = append(dst, ">\n  <properties>\n"...)
	toTile := tileMapOf(sp)
	pv := toTile.apply(sp.Pivot)
	dst = appendNum(append(dst, `   <property name="pivot" value="`...), pv[0])
	dst = appendNum(append(dst, ','), pv[1])
	dst = append(dst, "\"/>\n"...)
	if sp.Rotated {
		dst = append(dst, "   <property name=\"rotated\" type=\"bool\" value=\"true\"/>\n"...)
	}
	if t := turnDegrees(sp); t != 0 {
		dst = strconv.AppendInt(append(dst, `   <property name="turn" type="int" value="`...), int64(t), 10)
		dst = append(dst, "\"/>\n"...)
	}
	dst = appendAttr(append(dst, `   <property name="sprite" value=`...), sp.Name)
	dst = append(dst, "/>\n  </properties>\n"...)
	if image != "" {
		dst = appendAttr(append(dst, `  <image source=`...), image)
		if !sub {
			dst = strconv.AppendInt(append(dst, ` width="`...), int64(f.W), 10)
			dst = strconv.AppendInt(append(dst, `" height="`...), int64(f.H), 10)
			dst = append(dst, '"')
		}
		dst = append(dst, "/>\n"...)
	}
	// The objects go in an object group, which is taken back out when
	// the tile has none.
	group := len(dst)
	dst = append(dst, "  <objectgroup draworder=\"index\" id=\"1\">\n"...)
	objects := len(dst)
	oid := 0
	object := func(kind collide.Kind) {
		oid++
		dst = strconv.AppendInt(append(dst, `   <object id="`...), int64(oid), 10)
		dst = append(append(append(dst, `" name="`...), kind.String()...), '"')
	}
	polygon := func(kind collide.Kind, r Ring) {
		object(kind)
		dst = append(dst, " x=\"0\" y=\"0\">\n    <polygon points=\""...)
		for i, p := range r {
			if i > 0 {
				dst = append(dst, ' ')
			}
			q := toTile.apply(p)
			dst = appendNum(append(appendNum(dst, q[0]), ','), q[1])
		}
		dst = append(dst, "\"/>\n   </object>\n"...)
	}
	switch {
	case len(sp.Pieces) > 0:
		for _, r := range sp.Pieces {
			polygon(collide.KindPieces, r)
		}
	case len(sp.Polygon) > 0:
		polygon(collide.KindPolygon, sp.Polygon)
	}
	if c := sp.Circle; c != nil {
		object(collide.KindCircle)
		q := toTile.apply(c.Center)
		dst = appendNum(append(dst, ` x="`...), q[0]-c.Radius)
		dst = appendNum(append(dst, `" y="`...), q[1]-c.Radius)
		dst = appendNum(append(dst, `" width="`...), 2*c.Radius)
		dst = appendNum(append(dst, `" height="`...), 2*c.Radius)
		dst = append(dst, "\">\n    <ellipse/>\n   </object>\n"...)
	}
	if bx := sp.Box; bx != nil {
		r := boxRing(*bx)
		polygon(collide.KindBox, r[:])
	}
	if len(dst) == objects {
		dst = dst[:group]
	} else {
		dst = append(dst, "  </objectgroup>\n"...)
	}
	return append(dst, " </tile>\n"...)
}

// boxRing returns b's corners with positive winding.
func boxRing(b Box) [4]Point {
	s, c := math.Sincos(b.Angle)
	var r [4]Point
	for i, k := range [4][2]float64{{-1, -1}, {1, -1}, {1, 1}, {-1, 1}} {
		x, y := k[0]*b.Half[0], k[1]*b.Half[1]
		r[i] = Point{b.Center[0] + c*x - s*y, b.Center[1] + s*x + c*y}
	}
	return r
}

// tileMap is the map from a sprite's upright, untrimmed coordinates to
// its tile's pixels: the frame as stored in the image, W x H. With the
// offset taken off, the upright point (u, v) is stored at (W - v, u) for
// a quarter turn clockwise, (W - u, H - v) for a half turn and (v, H - u)
// for a quarter turn counter-clockwise (270), as Sprite.Rotated and
// Sprite.Turn state it for pixels.
type tileMap struct {
	turn         int // degrees clockwise
	ox, oy, w, h float64
}

// tileMapOf returns sprite sp's tileMap.
func tileMapOf(sp *Sprite) tileMap {
	m := tileMap{turn: turnDegrees(sp), w: float64(sp.Frame.W), h: float64(sp.Frame.H)}
	if sp.Offset != nil {
		m.ox, m.oy = float64(sp.Offset[0]), float64(sp.Offset[1])
	}
	return m
}

// apply returns p in the tile's pixels.
func (m tileMap) apply(p Point) Point {
	switch m.turn {
	case 90:
		return Point{m.w - (p[1] - m.oy), p[0] - m.ox}
	case 180:
		return Point{m.w - (p[0] - m.ox), m.h - (p[1] - m.oy)}
	case 270:
		return Point{p[1] - m.oy, m.h - (p[0] - m.ox)}
	}
	return Point{p[0] - m.ox, p[1] - m.oy}
}

// appendAttr appends s as a quoted XML attribute value: plain ASCII as it
// is, anything else escaped by encoding/xml (attr).
func appendAttr(dst []byte, s string) []byte {
	if plainASCII(s) {
		return append(append(append(dst, '"'), s...), '"')
	}
	return append(dst, attr(s)...)
}

// attr returns s as a quoted XML attribute value.
func attr(s string) string {
	var b strings.Builder
	b.WriteByte('"')
	_ = xml.EscapeText(&b, []byte(s))
	b.WriteByte('"')
	return b.String()
}
