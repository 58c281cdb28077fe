package export

import (
	"bufio"
	"fmt"
	"io"
	"strconv"

	"github.com/shapegen/shapegen/collide"
)

// godotDialect is what differs between Godot 4's text scenes (format=3)
// and Godot 3's (format=2).
type godotDialect struct {
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

var godot4 = godotDialect{
	name: "godot", format: 3, vectors: "PackedVector2Array",
	vec:     func(x, y string) string { return "Vector2(" + x + ", " + y + ")" },
	rect:    func(f Frame) string { return fmt.Sprintf("Rect2i(%d, %d, %d, %d)", f.X, f.Y, f.W, f.H) },
	size:    func(w, h int) string { return fmt.Sprintf("Vector2i(%d, %d)", w, h) },
	subID:   func(n int) string { return `"shape_` + strconv.Itoa(n) + `"` },
	subRef:  func(n int) string { return `SubResource("shape_` + strconv.Itoa(n) + `")` },
	rectKey: func(h Point) string { return "size = Vector2(" + num(2*h[0]) + ", " + num(2*h[1]) + ")" },
}

var godot3 = godotDialect{
	name: "godot3", format: 2, vectors: "PoolVector2Array",
	vec:     func(x, y string) string { return "Vector2( " + x + ", " + y + " )" },
	rect:    func(f Frame) string { return fmt.Sprintf("Rect2( %d, %d, %d, %d )", f.X, f.Y, f.W, f.H) },
	size:    func(w, h int) string { return fmt.Sprintf("Vector2( %d, %d )", w, h) },
	subID:   strconv.Itoa,
	subRef:  func(n int) string { return "SubResource( " + strconv.Itoa(n) + " )" },
	rectKey: func(h Point) string { return "extents = Vector2( " + num(h[0]) + ", " + num(h[1]) + " )" },
}

// godotDefaultKinds is the order in which the first kind a sprite has is
// the one its Area2D collides with when instanced.
var godotDefaultKinds = []collide.Kind{collide.KindPieces, collide.KindPolygon, collide.KindHull, collide.KindBox, collide.KindCircle, collide.KindAABB}

// WriteGodot writes s as a Godot 4 scene (shapes.tscn, format=3): a root
// Node2D "Shapes" holding, per sprite, an Area2D named after the sprite
// (characters Godot refuses in node names replaced by '_'; the exact name
// in metadata/sprite, with image, frame, offset, rotated, turn (degrees
// clockwise the frame is stored turned: 0, 90 for rotated, 180 or 270),
// size and pivot)
// whose CollisionShape2D children, one per shape kind (one per piece,
// pieces0, pieces1, ...), use ConvexPolygonShape2D, CircleShape2D and
// RectangleShape2D sub-resources. The first kind of pieces, polygon,
// hull, box, circle, aabb that the sprite has is enabled, the others are
// disabled: enable the one a game wants. Coordinates are relative to the
// pivot, float32 rounded outward; put the Area2D where the sprite's pivot
// is drawn. It ranges over s.Sprites twice (sub-resources come before
// nodes in a scene file) and returns the kinds it left out.
func WriteGodot(w io.Writer, s Stream) ([]Omission, error) { return writeGodot(w, s, godot4) }

// WriteGodot3 writes s as WriteGodot does, in Godot 3's scene format
// (format=2: PoolVector2Array, Vector2( x, y ), __meta__,
// RectangleShape2D extents): shapes.godot3.tscn.
func WriteGodot3(w io.Writer, s Stream) ([]Omission, error) { return writeGodot(w, s, godot3) }

func writeGodot(w io.Writer, s Stream, d godotDialect) ([]Omission, error) {
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
	err := s.each(func(sp *Sprite) error {
		var ks uint8
		for _, k := range spriteKinds {
			if !has(sp, k) {
				continue
			}
			ps, why := parts32(sp, k, godotLimits)
			if why != "" {
				om.add(k.String(), "Godot: "+why, sp.Name)
				continue
			}
			ks |= 1 << k
			for _, p := range ps {
				id++
				writeGodotShape(b, d, id, p)
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
	writeGodotMeta(b, d, [][2]string{{"format", godotString(format)}})
	id = 0
	used := map[string]bool{}
	i := 0
	err = s.each(func(sp *Sprite) error {
		if i == len(written) {
			return fmt.Errorf("sprite %q: the stream gave more sprites the second time", sp.Name)
		}
		ks := written[i]
		i++
		node := godotString(godotNodeName(sp.Name, used))
		fmt.Fprintf(b, "\n[node name=%s type=\"Area2D\" parent=\".\"]\n", node)
		off := [2]int{}
		if sp.Offset != nil {
			off = *sp.Offset
		}
		writeGodotMeta(b, d, [][2]string{
			{"sprite", godotString(sp.Name)}, {"image", godotString(sp.Image)}, {"frame", d.rect(sp.Frame)},
			{"offset", d.size(off[0], off[1])}, {"rotated", strconv.FormatBool(sp.Rotated)}, {"turn", strconv.Itoa(turnDegrees(sp))},
			{"size", d.size(sp.Size[0], sp.Size[1])}, {"pivot", d.vec(num(sp.Pivot[0]), num(sp.Pivot[1]))},
		})
		type kindParts struct {
			k  collide.Kind
			ps []part
		}
		var kinds []kindParts
		for _, k := range spriteKinds {
			if ks&(1<<k) != 0 {
				kinds = append(kinds, kindParts{k, placed(sp, k)})
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
					fmt.Fprintf(b, "position = %s\n", d.vec(num(p.center[0]), num(p.center[1])))
				}
				if p.kind == partBox && p.angle != 0 {
					fmt.Fprintf(b, "rotation = %s\n", num(p.angle))
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

// placed returns the parts of s's kind k, which parts32 gave, as far as
// a node needs them: a box's or circle's placement, and one polygon part
// (without its points) per polygon.
func placed(s *Sprite, k collide.Kind) []part {
	switch k {
	case collide.KindHull, collide.KindPolygon:
		return []part{{kind: partPoly}}
	case collide.KindPieces:
		return make([]part, len(s.Pieces)) // partPoly
	}
	ps, _ := parts32(s, k, godotLimits)
	return ps
}

// writeGodotShape writes part p as sub-resource id.
func writeGodotShape(b *bufio.Writer, d godotDialect, id int, p part) {
	switch p.kind {
	case partCircle:
		fmt.Fprintf(b, "\n[sub_resource type=\"CircleShape2D\" id=%s]\nradius = %s\n", d.subID(id), num(p.radius))
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
			b.Write(appendNum(b.AvailableBuffer(), q[0]))
			b.WriteString(", ")
			b.Write(appendNum(b.AvailableBuffer(), q[1]))
			sep = ", "
		}
		if d.format == 2 {
			b.WriteByte(' ')
		}
		b.WriteString(")\n")
	}
}

// writeGodotMeta writes a node's metadata: Godot 4's metadata/key lines or
// Godot 3's __meta__ dictionary.
func writeGodotMeta(b *bufio.Writer, d godotDialect, kv [][2]string) {
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
		fmt.Fprintf(b, "%s: %s%s\n", godotString(e[0]), e[1], sep)
	}
	b.WriteString("}\n")
}
