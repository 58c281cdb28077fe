package export

// The engine writers as they were before they wrote by appending to
// reused buffers (fe206a8), kept as the reference that
// TestEnginesMatchReference holds the writers to, byte for byte. Only
// names changed (a ref prefix); the helpers they share with the writers
// and did not change (gridOf, sheetOf, orient, ...) are the package's.

import (
	"bufio"
	"bytes"
	"encoding/json"
	"encoding/xml"
	"errors"
	"fmt"
	"io"
	"math"
	"path"
	"strconv"
	"strings"

	"github.com/shapegen/shapegen/collide"
)

// refGodotDialect is what differs between Godot 4's text scenes (format=3)
// and Godot 3's (format=2).
type refGodotDialect struct {
	name    string // the --formats name
	format  int
	vectors string // PackedVector2Array or PoolVector2Array
	// vec, rect and size write a Vector2, a frame's Rect2(i) and a
	// size; subID and subRef a sub-resource's id and a reference to it.
	vec     func(x, y string) string
	rect    func(f Frame) string
	size    func(w, h int) string
	subID   func(n int) string
	subRef  func(n int) string
	rectKey func(half Point) string // RectangleShape2D's size (4) or extents (3)
}

var refGodot4 = refGodotDialect{
	name: "godot", format: 3, vectors: "PackedVector2Array",
	vec:     func(x, y string) string { return "Vector2(" + x + ", " + y + ")" },
	rect:    func(f Frame) string { return fmt.Sprintf("Rect2i(%d, %d, %d, %d)", f.X, f.Y, f.W, f.H) },
	size:    func(w, h int) string { return fmt.Sprintf("Vector2i(%d, %d)", w, h) },
	subID:   func(n int) string { return `"shape_` + strconv.Itoa(n) + `"` },
	subRef:  func(n int) string { return `SubResource("shape_` + strconv.Itoa(n) + `")` },
	rectKey: func(h Point) string { return "size = Vector2(" + refNum(2*h[0]) + ", " + refNum(2*h[1]) + ")" },
}

var refGodot3 = refGodotDialect{
	name: "godot3", format: 2, vectors: "PoolVector2Array",
	vec:     func(x, y string) string { return "Vector2( " + x + ", " + y + " )" },
	rect:    func(f Frame) string { return fmt.Sprintf("Rect2( %d, %d, %d, %d )", f.X, f.Y, f.W, f.H) },
	size:    func(w, h int) string { return fmt.Sprintf("Vector2( %d, %d )", w, h) },
	subID:   strconv.Itoa,
	subRef:  func(n int) string { return "SubResource( " + strconv.Itoa(n) + " )" },
	rectKey: func(h Point) string { return "extents = Vector2( " + refNum(h[0]) + ", " + refNum(h[1]) + " )" },
}

func refWriteGodot(w io.Writer, s Stream, d refGodotDialect) ([]Omission, error) {
	if err := s.valid(); err != nil {
		return nil, err
	}
	b := bufio.NewWriter(w)
	om := omissions{format: d.name}
	fmt.Fprintf(b, "[gd_scene format=%d]\n", d.format)
	id := 0
	// written holds, sprite by sprite, the kinds the sub-resources have
	// (bit k), so that the nodes need not prove the polygons again.
	var written []uint8
	err := refEach(s, func(sp *Sprite) error {
		var ks uint8
		for _, k := range spriteKinds {
			if !has(sp, k) {
				continue
			}
			ps, why := refParts32(sp, k, godotLimits)
			if why != "" {
				om.add(k.String(), "Godot: "+why, sp.Name)
				continue
			}
			ks |= 1 << k
			for _, p := range ps {
				id++
				refWriteGodotShape(b, d, id, p)
			}
		}
		written = append(written, ks)
		return nil
	})
	if err != nil {
		return nil, err
	}
	format := s.Head.Format
	if format == "" {
		format = Format
	}
	fmt.Fprintf(b, "\n[node name=\"Shapes\" type=\"Node2D\"]\n")
	refWriteGodotMeta(b, d, [][2]string{{"format", refGodotString(format)}})
	id = 0
	used := map[string]bool{}
	i := 0
	err = refEach(s, func(sp *Sprite) error {
		if i == len(written) {
			return fmt.Errorf("sprite %q: the stream gave more sprites the second time", sp.Name)
		}
		ks := written[i]
		i++
		node := refGodotString(godotNodeName(sp.Name, used))
		fmt.Fprintf(b, "\n[node name=%s type=\"Area2D\" parent=\".\"]\n", node)
		off := [2]int{}
		if sp.Offset != nil {
			off = *sp.Offset
		}
		refWriteGodotMeta(b, d, [][2]string{
			{"sprite", refGodotString(sp.Name)}, {"image", refGodotString(sp.Image)}, {"frame", d.rect(sp.Frame)},
			{"offset", d.size(off[0], off[1])}, {"rotated", strconv.FormatBool(sp.Rotated)}, {"turn", strconv.Itoa(turnDegrees(sp))},
			{"size", d.size(sp.Size[0], sp.Size[1])}, {"pivot", d.vec(refNum(sp.Pivot[0]), refNum(sp.Pivot[1]))},
		})
		type kindParts struct {
			k  collide.Kind
			ps []part
		}
		var kinds []kindParts
		for _, k := range spriteKinds {
			if ks&(1<<k) != 0 {
				kinds = append(kinds, kindParts{k, refPlaced(sp, k)})
			}
		}
		enabled := collide.NumKinds // none
		for _, e := range godotDefaultKinds {
			for _, kp := range kinds {
				if kp.k == e && enabled == collide.NumKinds {
					enabled = e
				}
			}
		}
		for _, kp := range kinds {
			k, ps := kp.k, kp.ps
			for i, p := range ps {
				id++
				name := k.String()
				if k == collide.KindPieces {
					name += strconv.Itoa(i)
				}
				fmt.Fprintf(b, "\n[node name=%q type=\"CollisionShape2D\" parent=%s]\n", name, node)
				if p.kind != partPoly && (p.center != Point{}) {
					fmt.Fprintf(b, "position = %s\n", d.vec(refNum(p.center[0]), refNum(p.center[1])))
				}
				if p.kind == partBox && p.angle != 0 {
					fmt.Fprintf(b, "rotation = %s\n", refNum(p.angle))
				}
				fmt.Fprintf(b, "shape = %s\n", d.subRef(id))
				if k != enabled {
					b.WriteString("disabled = true\n")
				}
			}
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	return om.list, b.Flush()
}

// refPlaced returns the parts of s's kind k, which refParts32 gave, as far as
// a node needs them: a box's or circle's placement, and one polygon part
// (without its points) per polygon.
func refPlaced(s *Sprite, k collide.Kind) []part {
	switch k {
	case collide.KindHull, collide.KindPolygon:
		return []part{{kind: partPoly}}
	case collide.KindPieces:
		return make([]part, len(s.Pieces)) // partPoly
	}
	ps, _ := refParts32(s, k, godotLimits)
	return ps
}

// refWriteGodotShape writes part p as sub-resource id.
func refWriteGodotShape(b *bufio.Writer, d refGodotDialect, id int, p part) {
	switch p.kind {
	case partCircle:
		fmt.Fprintf(b, "\n[sub_resource type=\"CircleShape2D\" id=%s]\nradius = %s\n", d.subID(id), refNum(p.radius))
	case partBox:
		fmt.Fprintf(b, "\n[sub_resource type=\"RectangleShape2D\" id=%s]\n%s\n", d.subID(id), d.rectKey(p.half))
	default:
		fmt.Fprintf(b, "\n[sub_resource type=\"ConvexPolygonShape2D\" id=%s]\npoints = %s(", d.subID(id), d.vectors)
		sep := ""
		if d.format == 2 {
			sep = " "
		}
		for _, q := range p.poly {
			b.WriteString(sep)
			b.Write(refAppendNum(b.AvailableBuffer(), q[0]))
			b.WriteString(", ")
			b.Write(refAppendNum(b.AvailableBuffer(), q[1]))
			sep = ", "
		}
		if d.format == 2 {
			b.WriteByte(' ')
		}
		b.WriteString(")\n")
	}
}

// refWriteGodotMeta writes a node's metadata: Godot 4's metadata/key lines or
// Godot 3's __meta__ dictionary.
func refWriteGodotMeta(b *bufio.Writer, d refGodotDialect, kv [][2]string) {
	if d.format == 3 {
		for _, e := range kv {
			fmt.Fprintf(b, "metadata/%s = %s\n", e[0], e[1])
		}
		return
	}
	b.WriteString("__meta__ = {\n")
	for i, e := range kv {
		sep := ","
		if i == len(kv)-1 {
			sep = ""
		}
		fmt.Fprintf(b, "%s: %s%s\n", refGodotString(e[0]), e[1], sep)
	}
	b.WriteString("}\n")
}

// refWriteLua writes s as a Lua module for LÖVE 11 (love.physics, Box2D),
// shapes.lua: per sprite its image, frame, offset, rotated, size, pivot
// and each shape kind Box2D accepts as written (float32, rounded outward;
// polygons convex with at most 8 vertices, none closer than Box2D's weld
// distance at up to MaxMeter pixels a metre), and a function
// fixtures(body, name, kind) that makes the fixtures. It returns the kinds
// it left out.
func refWriteLua(w io.Writer, s Stream) ([]Omission, error) {
	if err := s.valid(); err != nil {
		return nil, err
	}
	b := bufio.NewWriter(w)
	om := omissions{format: "lua"}
	format := s.Head.Format
	if format == "" {
		format = Format
	}
	gen := s.Head.Generator
	if gen == "" {
		gen = "shapegen"
	}
	fmt.Fprintf(b, luaHead, format, gen, refLuaNames(luaKinds[:1], true), refLuaNames(luaKinds[1:], true), MaxMeter, refNum(box2DLimits.Weld), MaxMeter, refLuaString(format), refLuaString(gen), MaxMeter)
	n := 0
	err := refEach(s, func(sp *Sprite) error {
		if n%luaBlock == 0 {
			if n > 0 {
				b.WriteString("end)()\n")
			}
			b.WriteString(";(function()\n")
		}
		n++
		refWriteLuaSprite(b, sp, &om)
		return nil
	})
	if err != nil {
		return nil, err
	}
	if n > 0 {
		b.WriteString("end)()\n")
	}
	refWriteLuaTail(b)
	return om.list, b.Flush()
}

// refWriteLuaTail writes luaTail with the kinds' names.
func refWriteLuaTail(b *bufio.Writer) {
	name := func(k collide.Kind) string { return refLuaString(k.String()) }
	fmt.Fprintf(b, luaTail, refLuaNames(luaKinds[:1], false), refLuaNames(luaKinds[1:], false), refLuaNames(luaKinds, true),
		name(collide.KindCircle), name(collide.KindAABB), name(collide.KindBox), name(collide.KindPieces))
}

// refWriteLuaSprite writes one sprite's entry.
func refWriteLuaSprite(b *bufio.Writer, sp *Sprite, om *omissions) {
	f := sp.Frame
	fmt.Fprintf(b, "S[%s] = {image = %s, frame = {%d, %d, %d, %d}, ", refLuaString(sp.Name), refLuaString(sp.Image), f.X, f.Y, f.W, f.H)
	off := [2]int{}
	if sp.Offset != nil {
		off = *sp.Offset
	}
	fmt.Fprintf(b, "offset = {%d, %d}, rotated = %t, turn = %d, size = {%d, %d}, pivot = {%s, %s}",
		off[0], off[1], sp.Rotated, turnDegrees(sp), sp.Size[0], sp.Size[1], refNum(sp.Pivot[0]), refNum(sp.Pivot[1]))
	for _, k := range spriteKinds {
		if !has(sp, k) {
			continue
		}
		ps, why := refParts32(sp, k, box2DLimits)
		if why != "" {
			om.add(k.String(), "Box2D: "+why, sp.Name)
			continue
		}
		fmt.Fprintf(b, ",\n  %s = ", k)
		if k == collide.KindPieces {
			b.WriteString("{")
			for i, p := range ps {
				if i > 0 {
					b.WriteString(", ")
				}
				b.WriteString(refLuaPart(p))
			}
			b.WriteString("}")
		} else {
			b.WriteString(refLuaPart(ps[0]))
		}
	}
	b.WriteString("}\n")
}

// refLuaPart returns p as a Lua table in the form fixtures reads.
func refLuaPart(p part) string {
	switch p.kind {
	case partCircle:
		return fmt.Sprintf("{%s, %s, %s}", refNum(p.center[0]), refNum(p.center[1]), refNum(p.radius))
	case partBox:
		return fmt.Sprintf("{%s, %s, %s, %s, %s}", refNum(p.center[0]), refNum(p.center[1]), refNum(2*p.half[0]), refNum(2*p.half[1]), refNum(p.angle))
	}
	v := make([]string, 0, 2*len(p.poly))
	for _, q := range p.poly {
		v = append(v, refNum(q[0]), refNum(q[1]))
	}
	return "{" + strings.Join(v, ", ") + "}"
}

// refLuaNames returns the names of ks joined by ", ", each a Lua string when
// quoted.
func refLuaNames(ks []collide.Kind, quoted bool) string {
	names := make([]string, len(ks))
	for i, k := range ks {
		names[i] = k.String()
		if quoted {
			names[i] = refLuaString(names[i])
		}
	}
	return strings.Join(names, ", ")
}

// refWritePhaser writes s as PhysicsEditor-style JSON for Phaser 3 and 4 with
// Matter (shapes.phaser.json): an object with one entry per sprite, by
// name, that this.matter.add.sprite(x, y, key, frame, {shape: shapes[name]})
// takes: type fromPhysicsEditor, label (the sprite's name), Matter's
// default body options, and fixtures: the convex parts of the first kind
// of pieces, polygon, hull, box (a 4-vertex set) and aabb the sprite has,
// as vertex sets in the frame's own pixels (untrimmed, y down), or else
// its circle (Matter makes a circle a polygon inscribed in it, so the
// radius is grown until that polygon contains the circle). Sprites with no
// shape have no entry. JavaScript numbers are float64: the coordinates
// are the library's.
//
// Phaser puts the body's centre of mass at (x, y) and sets the sprite's
// origin to match, except that for a body whose centre of mass is the
// middle of its bounds it takes the origin 0.5, 0.5 (the frame's middle),
// which misplaces the sprite when the body is not centred in its frame.
// Setting the origin again fixes both cases:
//
//	sprite.setOrigin(sprite.body.centerOffset.x / sprite.width, sprite.body.centerOffset.y / sprite.height)
//
// The sprite's pivot is then at (x, y) + pivot - centerOffset.
//
// The shapes fit the upright frame. Phaser's atlas frames can be stored
// turned a quarter turn clockwise (rotated) only: for each sprite stored
// turned otherwise (Turn 180 or 270) refWritePhaser returns a line saying
// so, its entry written all the same.
func refWritePhaser(w io.Writer, s Stream) ([]Omission, error) {
	if err := s.valid(); err != nil {
		return nil, err
	}
	b := bufio.NewWriter(w)
	b.WriteString("{")
	first := true
	var om []Omission
	err := refEach(s, func(sp *Sprite) error {
		fixtures := refPhaserFixtures(sp)
		if fixtures == "" {
			return nil
		}
		if sp.Turn != 0 {
			om = append(om, Omission{Format: "phaser", First: sp.Name, Sprites: 1, Reason: fmt.Sprintf(
				"stored turned %d degrees in %s, which Phaser's atlas frames cannot say (only rotated, a quarter turn clockwise); its shapes fit the frame upright: give Phaser the frame upright", sp.Turn, sp.Image)})
		}
		name, err := json.Marshal(sp.Name)
		if err != nil {
			return err
		}
		if !first {
			b.WriteString(",")
		}
		first = false
		fmt.Fprintf(b, "\n  %s: {\"type\": \"fromPhysicsEditor\", \"label\": %s, %s,\n    \"fixtures\": [%s]}", name, name, phaserBody, fixtures)
		return nil
	})
	if err != nil {
		return nil, err
	}
	b.WriteString("\n}\n")
	return om, b.Flush()
}

// refPhaserFixtures returns sp's fixtures as JSON, or "" when it has no
// shape.
func refPhaserFixtures(sp *Sprite) string {
	var rings []Ring
	kind := collide.NumKinds // none
	for _, k := range phaserKinds {
		if has(sp, k) {
			kind = k
			break
		}
	}
	switch kind {
	case collide.KindPieces:
		rings = sp.Pieces
	case collide.KindPolygon:
		rings = []Ring{sp.Polygon}
	case collide.KindHull:
		rings = []Ring{sp.Hull}
	case collide.KindBox:
		rings = []Ring{refBoxRing(*sp.Box)}
	case collide.KindAABB:
		a := sp.AABB
		rings = []Ring{{a.Min, {a.Max[0], a.Min[1]}, a.Max, {a.Min[0], a.Max[1]}}}
	case collide.KindCircle:
		c := sp.Circle
		return fmt.Sprintf(`{"label": %q, "isSensor": false, "circle": {"x": %s, "y": %s, "radius": %s}}`,
			kind.String(), refJsonNum(c.Center[0]), refJsonNum(c.Center[1]), refJsonNum(MatterRadius(c.Radius)))
	default:
		return ""
	}
	sets := make([]string, len(rings))
	for i, r := range rings {
		v := make([]string, len(r))
		for j, p := range r {
			v[j] = fmt.Sprintf(`{"x": %s, "y": %s}`, refJsonNum(p[0]), refJsonNum(p[1]))
		}
		sets[i] = "[" + strings.Join(v, ", ") + "]"
	}
	return fmt.Sprintf(`{"label": %q, "isSensor": false, "vertices": [%s]}`, kind.String(), strings.Join(sets, ", "))
}

// refJsonNum formats v as encoding/json does.
func refJsonNum(v float64) string {
	b, _ := json.Marshal(v)
	return string(b)
}

// refWriteTiled writes s as Tiled tilesets through put, their images found
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
func refWriteTiled(put Put, s Stream, opt EngineOptions) ([]Omission, error) {
	if err := s.valid(); err != nil {
		return nil, err
	}
	om := omissions{format: "tiled"}
	// The whole-image sprites, counted and measured first: the tileset's
	// head holds their number and largest size.
	count, tw, th := 0, 0, 0
	if err := refEach(s, func(sp *Sprite) error {
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
			refTilesetHead(b, "sprites", tw, th, count, 0, 0, 0)
			id := 0
			err := refEach(s, func(sp *Sprite) error {
				if sheetOf(sp) == "" {
					refWriteTile(b, id, sp, tiledImage(opt, 1, sp.Image), false)
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
			return refWriteSheet(w, sheet, run, tiledImage(opt, 1+strings.Count(sheet, "/"), run[0].Image))
		})
	}
	err := refEach(s, func(sp *Sprite) error {
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

// refWriteSheet writes one sheet's tileset.
func refWriteSheet(w io.Writer, sheet string, run []Sprite, image string) error {
	b := bufio.NewWriter(w)
	name := path.Base(sheet)
	if g, frames, ok := gridOf(sheet, run); ok {
		refTilesetHead(b, name, g.w, g.h, len(frames), g.columns, g.margin, g.spacing)
		rows := (len(frames) + g.columns - 1) / g.columns
		iw := 2*g.margin + g.columns*g.w + (g.columns-1)*g.spacing
		ih := 2*g.margin + rows*g.h + (rows-1)*g.spacing
		fmt.Fprintf(b, " <image source=%s width=\"%d\" height=\"%d\"/>\n", refAttr(image), iw, ih)
		for i := range frames {
			refWriteTile(b, i, &frames[i], "", false)
		}
	} else {
		tw, th := 0, 0
		for _, sp := range run {
			tw, th = max(tw, sp.Frame.W), max(th, sp.Frame.H)
		}
		refTilesetHead(b, name, tw, th, len(run), 0, 0, 0)
		for i := range run {
			refWriteTile(b, i, &run[i], image, true)
		}
	}
	b.WriteString("</tileset>\n")
	return b.Flush()
}

// refTilesetHead writes the <tileset> start tag; columns 0 makes an
// image-collection tileset.
func refTilesetHead(b *bufio.Writer, name string, tw, th, count, columns, margin, spacing int) {
	b.WriteString("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n")
	fmt.Fprintf(b, "<tileset version=\"1.9\" tiledversion=\"1.9.0\" name=%s tilewidth=\"%d\" tileheight=\"%d\"", refAttr(name), tw, th)
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

// refWriteTile writes one tile: its properties, its image when image is not
// "" (a sub-rectangle of it when sub), and its collision objects.
func refWriteTile(b *bufio.Writer, id int, sp *Sprite, image string, sub bool) {
	f := sp.Frame
	fmt.Fprintf(b, " <tile id=\"%d\"", id)
	if sub {
		fmt.Fprintf(b, " x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\"", f.X, f.Y, f.W, f.H)
	}
	b.WriteString(">\n  <properties>\n")
	toTile := refTileMap(sp)
	pv := toTile(sp.Pivot)
	fmt.Fprintf(b, "   <property name=\"pivot\" value=\"%s,%s\"/>\n", refNum(pv[0]), refNum(pv[1]))
	if sp.Rotated {
		b.WriteString("   <property name=\"rotated\" type=\"bool\" value=\"true\"/>\n")
	}
	if t := turnDegrees(sp); t != 0 {
		fmt.Fprintf(b, "   <property name=\"turn\" type=\"int\" value=\"%d\"/>\n", t)
	}
	fmt.Fprintf(b, "   <property name=\"sprite\" value=%s/>\n  </properties>\n", refAttr(sp.Name))
	if image != "" {
		if sub {
			fmt.Fprintf(b, "  <image source=%s/>\n", refAttr(image))
		} else {
			fmt.Fprintf(b, "  <image source=%s width=\"%d\" height=\"%d\"/>\n", refAttr(image), f.W, f.H)
		}
	}
	var objs bytes.Buffer
	oid := 0
	polygon := func(kind collide.Kind, r Ring) {
		oid++
		pts := make([]string, len(r))
		for i, p := range r {
			q := toTile(p)
			pts[i] = refNum(q[0]) + "," + refNum(q[1])
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
			oid, collide.KindCircle, refNum(q[0]-c.Radius), refNum(q[1]-c.Radius), refNum(2*c.Radius), refNum(2*c.Radius))
	}
	if bx := sp.Box; bx != nil {
		polygon(collide.KindBox, refBoxRing(*bx))
	}
	if objs.Len() > 0 {
		fmt.Fprintf(b, "  <objectgroup draworder=\"index\" id=\"1\">\n%s  </objectgroup>\n", objs.Bytes())
	}
	b.WriteString(" </tile>\n")
}

// refBoxRing returns b's corners with positive winding.
func refBoxRing(b Box) Ring {
	s, c := math.Sincos(b.Angle)
	r := make(Ring, 0, 4)
	for _, k := range [4][2]float64{{-1, -1}, {1, -1}, {1, 1}, {-1, 1}} {
		x, y := k[0]*b.Half[0], k[1]*b.Half[1]
		r = append(r, Point{b.Center[0] + c*x - s*y, b.Center[1] + s*x + c*y})
	}
	return r
}

// refTileMap returns the map from a sprite's upright, untrimmed coordinates
// to its tile's pixels: the frame as stored in the image, W x H. With the
// offset taken off, the upright point (u, v) is stored at (W - v, u) for
// a quarter turn clockwise, (W - u, H - v) for a half turn and (v, H - u)
// for a quarter turn counter-clockwise (270), as Sprite.Rotated and
// Sprite.Turn state it for pixels.
func refTileMap(sp *Sprite) func(Point) Point {
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

// refAttr returns s as a quoted XML attribute value.
func refAttr(s string) string {
	var b strings.Builder
	b.WriteByte('"')
	_ = xml.EscapeText(&b, []byte(s))
	b.WriteByte('"')
	return b.String()
}

// refParts32 returns s's shape kind k as float32 parts relative to its
// pivot, within lim, or a reason why they cannot be written.
func refParts32(s *Sprite, k collide.Kind, lim Limits32) ([]part, string) {
	poly := func(r Ring) (part, string) {
		if lim.MaxVertices > 0 && len(r) > lim.MaxVertices {
			return part{}, fmt.Sprintf("more than %d vertices", lim.MaxVertices)
		}
		q, ok := refOutward32(r, s.Pivot, lim)
		if !ok {
			return part{}, fmt.Sprintf("no float32 polygon with vertices %s px apart and clear turns", refNum(lim.Weld))
		}
		return part{kind: partPoly, poly: q}, ""
	}
	switch k {
	case collide.KindAABB, collide.KindBox:
		b := Box{}
		if k == collide.KindAABB {
			a := s.AABB
			b = Box{Center: Point{(a.Min[0] + a.Max[0]) / 2, (a.Min[1] + a.Max[1]) / 2}, Half: Point{(a.Max[0] - a.Min[0]) / 2, (a.Max[1] - a.Min[1]) / 2}}
		} else {
			b = *s.Box
		}
		c, h, angle, ok := Box32(b, s.Pivot)
		if !ok {
			return nil, "too large for float32"
		}
		if 2*min(h[0], h[1]) < lim.Weld || min(h[0], h[1]) < turn32*(max(math.Abs(c[0]), math.Abs(c[1]))+h[0]+h[1]) {
			return nil, "too thin for float32"
		}
		return []part{{kind: partBox, center: c, half: h, angle: angle}}, ""
	case collide.KindCircle:
		c, r, ok := Circle32(*s.Circle, s.Pivot)
		if !ok {
			return nil, "too large for float32"
		}
		return []part{{kind: partCircle, center: c, radius: r}}, ""
	case collide.KindHull, collide.KindPolygon:
		r := s.Hull
		if k == collide.KindPolygon {
			r = s.Polygon
		}
		p, why := poly(r)
		if why != "" {
			return nil, why
		}
		return []part{p}, ""
	case collide.KindPieces:
		ps := make([]part, 0, len(s.Pieces))
		for _, r := range s.Pieces {
			p, why := poly(r)
			if why != "" {
				return nil, why
			}
			ps = append(ps, p)
		}
		return ps, ""
	}
	return nil, "unknown kind"
}

// refNum formats v in the shortest decimal form that reads back exactly as
// a float64, without an exponent (Godot, Lua and XML readers all read
// it). A float32 value is written so too: read as a float64 it is exactly
// that float32, which the engine's conversion keeps (the shortest float32
// form could, read as a float64 first, round to the other neighbour).
func refNum(v float64) string { return string(refAppendNum(nil, v)) }

// refAppendNum appends refNum(v) to dst.
func refAppendNum(dst []byte, v float64) []byte {
	if v == 0 {
		return append(dst, '0') // no "-0"
	}
	return strconv.AppendFloat(dst, v, 'f', -1, 64)
}

// refGodotString returns s as a Godot string literal.
func refGodotString(s string) string { return `"` + refGodotEscapes.Replace(s) + `"` }

// refGodotEscapes escapes a Godot string literal's contents; made once, as a
// Replacer builds its tables on first use (a sprite's worth of garbage
// each time otherwise).
var refGodotEscapes = strings.NewReplacer(`\`, `\\`, `"`, `\"`, "\n", `\n`, "\t", `\t`, "\r", `\r`)

// refLuaString returns s as a Lua 5.1 string literal: quotes, backslashes and
// control bytes escaped as \ddd, other bytes (UTF-8 included) as they are.
func refLuaString(s string) string {
	var b strings.Builder
	b.WriteByte('"')
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == '"' || c == '\\':
			b.WriteByte('\\')
			b.WriteByte(c)
		case c < 0x20 || c == 0x7f:
			fmt.Fprintf(&b, "\\%03d", c)
		default:
			b.WriteByte(c)
		}
	}
	b.WriteByte('"')
	return b.String()
}

// refEach ranges over s.Sprites, checking each sprite (as WriteJSON does) and
// the name order, and calls fn for each; it stops at the first error.
func refEach(s Stream, fn func(*Sprite) error) error {
	if err := s.valid(); err != nil {
		return err
	}
	var err error
	prev, first := "", true
	for sp := range s.Sprites {
		if sp == nil || sp.Name == "" {
			err = errors.New("sprite has no name")
			break
		}
		if !first && sp.Name <= prev {
			err = fmt.Errorf("sprite %q after %q: sprites not sorted by name or a name twice", sp.Name, prev)
			break
		}
		if e := checkSprite(sp, true); e != nil {
			err = fmt.Errorf("sprite %q: %w", sp.Name, e)
			break
		}
		if e := fn(sp); e != nil {
			err = e
			break
		}
		prev, first = sp.Name, false
	}
	return err
}

// refEngineFormats are the reference writers, in EngineFormats order.
var refEngineFormats = []EngineFormat{
	{"lua", "shapes.lua", oneFile("shapes.lua", refWriteLua)},
	{"godot", "shapes.tscn", oneFile("shapes.tscn", func(w io.Writer, s Stream) ([]Omission, error) { return refWriteGodot(w, s, refGodot4) })},
	{"godot3", "shapes.godot3.tscn", oneFile("shapes.godot3.tscn", func(w io.Writer, s Stream) ([]Omission, error) { return refWriteGodot(w, s, refGodot3) })},
	{"tiled", TiledDir, refWriteTiled},
	{"phaser", "shapes.phaser.json", oneFile("shapes.phaser.json", refWritePhaser)},
}

// refOutward32 returns a convex polygon whose coordinates are float32 values
// and which contains every point of r - origin (r convex, with positive
// winding), its vertices at least lim.Weld apart and each turning clearly
// enough to survive float32 arithmetic. Each edge's line is moved outward
// by the rounding bound (none when r - origin is float32 already; else
// one float32 ulp of the largest coordinate, doubled until the proof
// passes, at most 256 ulps), the vertices recomputed as the
// intersections of neighbouring lines and rounded away from the centre;
// containment is then proven exactly. It returns false when r - origin
// has more than lim.MaxVertices vertices or no such polygon is found
// (vertices closer than the weld distance, a turn too slight for
// float32).
func refOutward32(r Ring, origin Point, lim Limits32) (Ring, bool) {
	n := len(r)
	if n < 3 || (lim.MaxVertices > 0 && n > lim.MaxVertices) {
		return nil, false
	}
	rel := make([]Point, n)
	m := 1.0
	var cx, cy float64
	for i, p := range r {
		rel[i] = Point{p[0] - origin[0], p[1] - origin[1]}
		if !finite(rel[i][0], rel[i][1]) {
			return nil, false
		}
		m = max(m, math.Abs(rel[i][0]), math.Abs(rel[i][1]))
		cx += rel[i][0] / float64(n)
		cy += rel[i][1] / float64(n)
	}
	if m > math.MaxFloat32/4 {
		return nil, false
	}
	// Outward unit normals of the edges i -> i+1.
	normals := make([]Point, n)
	for i := range n {
		a, b := rel[i], rel[(i+1)%n]
		dx, dy := b[0]-a[0], b[1]-a[1]
		l := math.Hypot(dx, dy)
		if l == 0 {
			return nil, false
		}
		normals[i] = Point{dy / l, -dx / l}
	}
	out := make(Ring, n)
	// k = -1 tries the polygon as it is, when its coordinates are float32
	// values already (integer hull corners are); then the lines move out
	// by one ulp of the largest coordinate, doubled up to 256 ulps: enough
	// for the proof, never a way to grow the shape.
	for k := -1; k < 9; k++ {
		delta := 0.0
		if k >= 0 {
			delta = 0x1p-23 * m * float64(int(1)<<k)
		}
		for i := range n {
			n1, n2 := normals[(i+n-1)%n], normals[i]
			den := 1 + n1[0]*n2[0] + n1[1]*n2[1]
			if den < 1e-9 {
				return nil, false // a spike: the neighbouring edges almost fold back
			}
			x := rel[i][0] + delta*(n1[0]+n2[0])/den
			y := rel[i][1] + delta*(n1[1]+n2[1])/den
			out[i] = Point{away32(x, x >= cx), away32(y, y >= cy)}
			if k < 0 && (out[i][0] != x || out[i][1] != y) {
				break // not float32 as it is
			}
		}
		if k < 0 && !exact32(out, rel) {
			continue
		}
		if !apart(out, lim.Weld) || !refConvex32(out, m) {
			continue
		}
		if refContains32(out, r, origin) {
			return out, true
		}
	}
	return nil, false
}

// refConvex32 reports whether q (float32 values) turns the positive way at
// every vertex, exactly and in float32 arithmetic, each vertex at least
// turn32*m above the line through its neighbours.
func refConvex32(q Ring, m float64) bool {
	n := len(q)
	for i := range n {
		a, b, c := q[(i+n-1)%n], q[i], q[(i+1)%n]
		if orient(a, c, b, Point{}) >= 0 { // b must lie strictly right of a->c: outside
			return false
		}
		// Box2D's hull test: the cross product of float32 differences.
		rx, ry := float32(c[0])-float32(a[0]), float32(c[1])-float32(a[1])
		vx, vy := float32(b[0])-float32(a[0]), float32(b[1])-float32(a[1])
		if rx*vy-ry*vx >= 0 {
			return false
		}
		l := math.Hypot(c[0]-a[0], c[1]-a[1])
		h := -((c[0]-a[0])*(b[1]-a[1]) - (c[1]-a[1])*(b[0]-a[0])) / l
		if !(h >= turn32*m) {
			return false
		}
	}
	return true
}

// refContains32 reports whether the convex polygon q contains every vertex
// of r - origin (and so r - origin itself), exactly.
func refContains32(q Ring, r Ring, origin Point) bool {
	for i := range q {
		a, b := q[i], q[(i+1)%len(q)]
		for _, p := range r {
			if orient(a, b, p, origin) < 0 {
				return false
			}
		}
	}
	return true
}
