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

// WriteTiled writes s as Tiled tilesets through put, their images found
// through opt.AssetDir: tiled/sprites.tsx,
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
	// The whole-image sprites, counted and measured first: the tileset's
	// head holds their number and largest size.
	count, tw, th := 0, 0, 0
	if err := s.each(func(sp *Sprite) error {
		if sheetOf(sp) == "" {
			count++
			tw, th = max(tw, sp.Frame.W), max(th, sp.Frame.H)
		}
		return nil
	}); err != nil {
		return nil, err
	}
	if count > 0 {
		err := put(TiledDir+"/sprites.tsx", func(w io.Writer) error {
			b := bufio.NewWriter(w)
			tilesetHead(b, "sprites", tw, th, count, 0, 0, 0)
			id := 0
			err := s.each(func(sp *Sprite) error {
				if sheetOf(sp) == "" {
					writeTile(b, id, sp, tiledImage(opt, 1, sp.Image), false)
					id++
				}
				return nil
			})
			if err != nil {
				return err
			}
			b.WriteString("</tileset>\n")
			return b.Flush()
		})
		if err != nil {
			return nil, err
		}
	}
	// The sheets, one run of frames at a time.
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
			return writeSheet(w, sheet, run, tiledImage(opt, 1+strings.Count(sheet, "/"), run[0].Image))
		})
	}
	err := s.each(func(sp *Sprite) error {
		sheet := sheetOf(sp)
		if sheet == "" {
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
	return om.list, nil
}

// sheetOf returns the sheet a sprite is a frame of (its image's path
// without the extension, when its name is that and "/frame"), or "" for a
// sprite that is a whole image.
func sheetOf(sp *Sprite) string {
	base := strings.TrimSuffix(sp.Image, path.Ext(sp.Image))
	if base != "" && strings.HasPrefix(sp.Name, base+"/") {
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

// writeSheet writes one sheet's tileset.
func writeSheet(w io.Writer, sheet string, run []Sprite, image string) error {
	b := bufio.NewWriter(w)
	name := path.Base(sheet)
	if g, frames, ok := gridOf(sheet, run); ok {
		tilesetHead(b, name, g.w, g.h, len(frames), g.columns, g.margin, g.spacing)
		rows := (len(frames) + g.columns - 1) / g.columns
		iw := 2*g.margin + g.columns*g.w + (g.columns-1)*g.spacing
		ih := 2*g.margin + rows*g.h + (rows-1)*g.spacing
		fmt.Fprintf(b, " <image source=%s width=\"%d\" height=\"%d\"/>\n", attr(image), iw, ih)
		for i := range frames {
			writeTile(b, i, &frames[i], "", false)
		}
	} else {
		tw, th := 0, 0
		for _, sp := range run {
			tw, th = max(tw, sp.Frame.W), max(th, sp.Frame.H)
		}
		tilesetHead(b, name, tw, th, len(run), 0, 0, 0)
		for i := range run {
			writeTile(b, i, &run[i], image, true)
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
// "" (a sub-rectangle of it when sub), and its collision objects.
func writeTile(b *bufio.Writer, id int, sp *Sprite, image string, sub bool) {
	f := sp.Frame
	fmt.Fprintf(b, " <tile id=\"%d\"", id)
	if sub {
		fmt.Fprintf(b, " x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\"", f.X, f.Y, f.W, f.H)
	}
	b.WriteString(">\n  <properties>\n")
	toTile := tileMap(sp)
	pv := toTile(sp.Pivot)
	fmt.Fprintf(b, "   <property name=\"pivot\" value=\"%s,%s\"/>\n", num(pv[0]), num(pv[1]))
	if sp.Rotated {
		b.WriteString("   <property name=\"rotated\" type=\"bool\" value=\"true\"/>\n")
	}
	if t := turnDegrees(sp); t != 0 {
		fmt.Fprintf(b, "   <property name=\"turn\" type=\"int\" value=\"%d\"/>\n", t)
	}
	fmt.Fprintf(b, "   <property name=\"sprite\" value=%s/>\n  </properties>\n", attr(sp.Name))
	if image != "" {
		if sub {
			fmt.Fprintf(b, "  <image source=%s/>\n", attr(image))
		} else {
			fmt.Fprintf(b, "  <image source=%s width=\"%d\" height=\"%d\"/>\n", attr(image), f.W, f.H)
		}
	}
	var objs bytes.Buffer
	oid := 0
	polygon := func(kind collide.Kind, r Ring) {
		oid++
		pts := make([]string, len(r))
		for i, p := range r {
			q := toTile(p)
			pts[i] = num(q[0]) + "," + num(q[1])
		}
		fmt.Fprintf(&objs, "   <object id=\"%d\" name=\"%s\" x=\"0\" y=\"0\">\n    <polygon points=\"%s\"/>\n   </object>\n", oid, kind.String(), strings.Join(pts, " "))
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
		oid++
		q := toTile(c.Center)
		fmt.Fprintf(&objs, "   <object id=\"%d\" name=\"%s\" x=\"%s\" y=\"%s\" width=\"%s\" height=\"%s\">\n    <ellipse/>\n   </object>\n",
			oid, collide.KindCircle, num(q[0]-c.Radius), num(q[1]-c.Radius), num(2*c.Radius), num(2*c.Radius))
	}
	if bx := sp.Box; bx != nil {
		polygon(collide.KindBox, boxRing(*bx))
	}
	if objs.Len() > 0 {
		fmt.Fprintf(b, "  <objectgroup draworder=\"index\" id=\"1\">\n%s  </objectgroup>\n", objs.Bytes())
	}
	b.WriteString(" </tile>\n")
}

// boxRing returns b's corners with positive winding.
func boxRing(b Box) Ring {
	s, c := math.Sincos(b.Angle)
	r := make(Ring, 0, 4)
	for _, k := range [4][2]float64{{-1, -1}, {1, -1}, {1, 1}, {-1, 1}} {
		x, y := k[0]*b.Half[0], k[1]*b.Half[1]
		r = append(r, Point{b.Center[0] + c*x - s*y, b.Center[1] + s*x + c*y})
	}
	return r
}

// tileMap returns the map from a sprite's upright, untrimmed coordinates
// to its tile's pixels: the frame as stored in the image, W x H. With the
// offset taken off, the upright point (u, v) is stored at (W - v, u) for
// a quarter turn clockwise, (W - u, H - v) for a half turn and (v, H - u)
// for a quarter turn counter-clockwise (270), as Sprite.Rotated and
// Sprite.Turn state it for pixels.
func tileMap(sp *Sprite) func(Point) Point {
	var ox, oy float64
	if sp.Offset != nil {
		ox, oy = float64(sp.Offset[0]), float64(sp.Offset[1])
	}
	w, h := float64(sp.Frame.W), float64(sp.Frame.H)
	switch turnDegrees(sp) {
	case 90:
		return func(p Point) Point { return Point{w - (p[1] - oy), p[0] - ox} }
	case 180:
		return func(p Point) Point { return Point{w - (p[0] - ox), h - (p[1] - oy)} }
	case 270:
		return func(p Point) Point { return Point{p[1] - oy, h - (p[0] - ox)} }
	}
	return func(p Point) Point { return Point{p[0] - ox, p[1] - oy} }
}

// attr returns s as a quoted XML attribute value.
func attr(s string) string {
	var b strings.Builder
	b.WriteByte('"')
	_ = xml.EscapeText(&b, []byte(s))
	b.WriteByte('"')
	return b.String()
}
