package export

import (
	"bytes"
	"fmt"
	"io"
	"slices"
	"strconv"

	"github.com/shapegen/shapegen/collide"
)

// godotDialect is what differs between Godot 4's text scenes (format=3)
// and Godot 3's (format=2).
type godotDialect struct {
	name    string // the --formats name
	format  int
	vectors string // PackedVector2Array or PoolVector2Array
	// pad is what Godot 3 writes inside a constructor's brackets:
	// Vector2( x, y ) where Godot 4 writes Vector2(x, y).
	pad string
	// intVec and rect are the types of an integer vector (a size) and of
	// a frame.
	intVec, rect string
	// idOpen and idClose go round a sub-resource's number in its id.
	idOpen, idClose string
	// rectKey is RectangleShape2D's key, size (4) or extents (3), and
	// rectScale what the box's half-extents are multiplied by for it (2
	// or 1: exact either way).
	rectKey   string
	rectScale float64
}

var godot4 = godotDialect{
	name: "godot", format: 3, vectors: "PackedVector2Array",
	intVec: "Vector2i", rect: "Rect2i", idOpen: `"shape_`, idClose: `"`, rectKey: "size", rectScale: 2,
}

var godot3 = godotDialect{
	name: "godot3", format: 2, vectors: "PoolVector2Array", pad: " ",
	intVec: "Vector2", rect: "Rect2", rectKey: "extents", rectScale: 1,
}

// appendVec appends the Vector2 (x, y).
func (d *godotDialect) appendVec(dst []byte, x, y float64) []byte {
	dst = appendNumList(append(append(dst, "Vector2("...), d.pad...), x, y)
	return append(append(dst, d.pad...), ')')
}

// appendInts appends a value of type typ made of the integers vs.
func (d *godotDialect) appendInts(dst []byte, typ string, vs ...int) []byte {
	dst = appendIntList(append(append(append(dst, typ...), '('), d.pad...), vs...)
	return append(append(dst, d.pad...), ')')
}

// appendID appends sub-resource n's id.
func (d *godotDialect) appendID(dst []byte, n int) []byte {
	return append(strconv.AppendInt(append(dst, d.idOpen...), int64(n), 10), d.idClose...)
}

// appendMetaKey starts a node's metadata entry key (the first of the node
// when first): Godot 4's metadata/key line, or a key of Godot 3's
// __meta__ dictionary. The value follows, then appendMetaEnd.
func (d *godotDialect) appendMetaKey(dst []byte, key string, first bool) []byte {
	if d.format == 3 {
		return append(append(append(dst, "metadata/"...), key...), " = "...)
	}
	if first {
		dst = append(dst, "__meta__ = {\n"...)
	}
	return append(appendGodotString(dst, key), ": "...)
}

// appendMetaEnd ends a metadata entry, the node's last when last.
func (d *godotDialect) appendMetaEnd(dst []byte, last bool) []byte {
	if d.format == 3 {
		return append(dst, '\n')
	}
	if !last {
		dst = append(dst, ',')
	}
	dst = append(dst, '\n')
	if last {
		dst = append(dst, "}\n"...)
	}
	return dst
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
func WriteGodot(w io.Writer, s Stream) ([]Omission, error) { return writeGodot(w, s, godot4, nil) }

// WriteGodot3 writes s as WriteGodot does, in Godot 3's scene format
// (format=2: PoolVector2Array, Vector2( x, y ), __meta__,
// RectangleShape2D extents): shapes.godot3.tscn.
func WriteGodot3(w io.Writer, s Stream) ([]Omission, error) { return writeGodot(w, s, godot3, nil) }

// writeGodot writes s as a scene of dialect d. With reuse, a sprite's
// sub-resources are its bytes as last written when reuse has them,
// numbered again (numbers run on from sprite to sprite), and its note the
// kinds written; its nodes, whose names depend on the sprites before it
// (godotNodeName), are made again, which is cheap.
func writeGodot(w io.Writer, s Stream, d godotDialect, reuse Reuse) ([]Omission, error) {
	if err := s.valid(); err != nil {
		return nil, err
	}
	sb := newSpriteBytes(w, reuse)
	b := sb.b
	om := omissions{format: d.name}
	fmt.Fprintf(b, "[gd_scene format=%d]\n", d.format)
	id := 0
	// written holds, sprite by sprite, the kinds the sub-resources have
	// (bit k), so that the nodes need not prove the polygons again.
	var written []uint8
	// Each sprite's text is made in buf, then written.
	var buf, note []byte
	var parts partBuf
	err := s.each(func(sp *Sprite) error {
		var ks uint8
		ok := false
		if old, n, found := sb.old(sp); found {
			if ks, ok = noteKinds(n); ok {
				buf, ok = d.rebase(buf[:0], old, id+1, godotParts(sp, ks))
			}
			if ok = ok && omitAgain(&om, sp, ks, godotLimits, "Godot: ", &parts); ok {
				id += godotParts(sp, ks)
			}
		}
		if !ok {
			ks, buf = 0, buf[:0]
			for _, k := range spriteKinds {
				if !has(sp, k) {
					continue
				}
				ps, why := parts32(sp, k, godotLimits, &parts)
				if why != "" {
					om.add(k.String(), "Godot: "+why, sp.Name)
					continue
				}
				ks |= 1 << k
				for _, p := range ps {
					id++
					buf = appendGodotShape(buf, &d, id, p)
				}
			}
		}
		written = append(written, ks)
		note = kindsNote(note, ks)
		sb.write(sp, buf, note)
		return nil
	})
	if err != nil {
		return nil, err
	}
	format := s.Head.Format
	if format == "" {
		format = Format
	}
	buf = append(buf[:0], "\n[node name=\"Shapes\" type=\"Node2D\"]\n"...)
	buf = d.appendMetaKey(buf, "format", true)
	buf = d.appendMetaEnd(appendGodotString(buf, format), true)
	b.Write(buf)
	id = 0
	used := map[string]bool{}
	i := 0
	var node []byte // the sprite's node name, quoted
	err = s.again(func(sp *Sprite) error {
		if i == len(written) {
			return fmt.Errorf("sprite %q: the stream gave more sprites the second time", sp.Name)
		}
		ks := written[i]
		i++
		node = appendGodotString(node[:0], godotNodeName(sp.Name, used))
		buf = append(append(append(buf[:0], "\n[node name="...), node...), " type=\"Area2D\" parent=\".\"]\n"...)
		buf = d.appendMetaKey(buf, "sprite", true)
		buf = d.appendMetaEnd(appendGodotString(buf, sp.Name), false)
		buf = d.appendMetaKey(buf, "image", false)
		buf = d.appendMetaEnd(appendGodotString(buf, sp.Image), false)
		buf = d.appendMetaKey(buf, "frame", false)
		buf = d.appendMetaEnd(d.appendInts(buf, d.rect, sp.Frame.X, sp.Frame.Y, sp.Frame.W, sp.Frame.H), false)
		off := [2]int{}
		if sp.Offset != nil {
			off = *sp.Offset
		}
		buf = d.appendMetaKey(buf, "offset", false)
		buf = d.appendMetaEnd(d.appendInts(buf, d.intVec, off[0], off[1]), false)
		buf = d.appendMetaKey(buf, "rotated", false)
		buf = d.appendMetaEnd(strconv.AppendBool(buf, sp.Rotated), false)
		buf = d.appendMetaKey(buf, "turn", false)
		buf = d.appendMetaEnd(strconv.AppendInt(buf, int64(turnDegrees(sp)), 10), false)
		buf = d.appendMetaKey(buf, "size", false)
		buf = d.appendMetaEnd(d.appendInts(buf, d.intVec, sp.Size[0], sp.Size[1]), false)
		buf = d.appendMetaKey(buf, "pivot", false)
		buf = d.appendMetaEnd(d.appendVec(buf, sp.Pivot[0], sp.Pivot[1]), true)
		enabled := collide.NumKinds // none
		for _, e := range godotDefaultKinds {
			if ks&(1<<e) != 0 {
				enabled = e
				break
			}
		}
		for _, k := range spriteKinds {
			if ks&(1<<k) == 0 {
				continue
			}
			for i, p := range placed(sp, k, &parts) {
				id++
				// The node's name is the kind's (pieces: and the piece's
				// number), plain letters and digits, which %q would only
				// have put in quotes.
				buf = append(append(buf, "\n[node name=\""...), k.String()...)
				if k == collide.KindPieces {
					buf = strconv.AppendInt(buf, int64(i), 10)
				}
				buf = append(append(append(buf, "\" type=\"CollisionShape2D\" parent="...), node...), "]\n"...)
				if p.kind != partPoly && (p.center != Point{}) {
					buf = append(d.appendVec(append(buf, "position = "...), p.center[0], p.center[1]), '\n')
				}
				if p.kind == partBox && p.angle != 0 {
					buf = append(appendNum(append(buf, "rotation = "...), p.angle), '\n')
				}
				buf = append(append(buf, "shape = SubResource("...), d.pad...)
				buf = append(append(d.appendID(buf, id), d.pad...), ")\n"...)
				if k != enabled {
					buf = append(buf, "disabled = true\n"...)
				}
			}
		}
		b.Write(buf)
		return nil
	})
	if err != nil {
		return nil, err
	}
	return om.list, b.Flush()
}

// placed returns the parts of s's kind k, which parts32 gave, as far as
// a node needs them: a box's or circle's placement, and one polygon part
// (without its points) per polygon; made in buf.
func placed(s *Sprite, k collide.Kind, buf *partBuf) []part {
	n := 0
	switch k {
	case collide.KindHull, collide.KindPolygon:
		n = 1
	case collide.KindPieces:
		n = len(s.Pieces)
	default:
		ps, _ := parts32(s, k, godotLimits, buf)
		return ps
	}
	buf.parts = slices.Grow(buf.parts[:0], n)[:n]
	clear(buf.parts) // partPoly
	return buf.parts
}

// godotParts returns how many sub-resources sp has when its kinds ks are
// written: one a kind, one a piece.
func godotParts(sp *Sprite, ks uint8) int {
	n := 0
	for _, k := range spriteKinds {
		if ks&(1<<k) != 0 {
			if k == collide.KindPieces {
				n += len(sp.Pieces)
			} else {
				n++
			}
		}
	}
	return n
}

// godotSubResource starts every sub-resource's bytes.
const godotSubResource = "\n[sub_resource type=\""

// rebase appends old, one sprite's sub-resources as last written, to dst
// with their ids numbered from first on. It reports false unless old is
// n sub-resources of dialect d, numbered one after another.
func (d *godotDialect) rebase(dst, old []byte, first, n int) ([]byte, bool) {
	idAt := " id=" + d.idOpen
	base := 0
	for i := range n {
		if !bytes.HasPrefix(old, []byte(godotSubResource)) {
			return dst, false
		}
		end := bytes.IndexByte(old[1:], '\n') + 1 // the head line's end
		if end == 0 {
			return dst, false
		}
		line := old[:end]
		j := bytes.LastIndex(line, []byte(idAt))
		if j < 0 {
			return dst, false
		}
		digits, ok := bytes.CutSuffix(line[j+len(idAt):], []byte(d.idClose+"]"))
		v, ok := smallInt(digits, ok)
		if i == 0 {
			base = v
		}
		if !ok || v != base+i {
			return dst, false
		}
		dst = append(d.appendID(append(dst, line[:j+len(" id=")]...), first+i), ']')
		rest := old[end:]
		k := bytes.Index(rest, []byte("\n["))
		if k < 0 {
			k = len(rest)
		}
		dst = append(dst, rest[:k]...)
		old = rest[k:]
	}
	return dst, len(old) == 0
}

// smallInt returns the number the decimal digits b spell (at most 9 of
// them), and false when they are not such digits or ok is false.
func smallInt(b []byte, ok bool) (int, bool) {
	if !ok || len(b) == 0 || len(b) > 9 {
		return 0, false
	}
	v := 0
	for _, c := range b {
		if c < '0' || c > '9' {
			return 0, false
		}
		v = 10*v + int(c-'0')
	}
	return v, true
}

// appendGodotShape appends part p as sub-resource id.
func appendGodotShape(dst []byte, d *godotDialect, id int, p part) []byte {
	switch p.kind {
	case partCircle:
		dst = d.appendID(append(dst, "\n[sub_resource type=\"CircleShape2D\" id="...), id)
		return append(appendNum(append(dst, "]\nradius = "...), p.radius), '\n')
	case partBox:
		dst = d.appendID(append(dst, "\n[sub_resource type=\"RectangleShape2D\" id="...), id)
		dst = append(append(append(dst, "]\n"...), d.rectKey...), " = "...)
		return append(d.appendVec(dst, d.rectScale*p.half[0], d.rectScale*p.half[1]), '\n')
	}
	dst = d.appendID(append(dst, "\n[sub_resource type=\"ConvexPolygonShape2D\" id="...), id)
	dst = append(append(append(dst, "]\npoints = "...), d.vectors...), '(')
	sep := d.pad
	for _, q := range p.poly {
		dst = appendNumList(append(dst, sep...), q[0], q[1])
		sep = ", "
	}
	return append(append(dst, d.pad...), ")\n"...)
}
