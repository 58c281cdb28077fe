package export

import (
	"bytes"
	"fmt"
	"io"
	"math"

	"github.com/shapegen/shapegen/collide"
)

// phaserBody is the body options every entry carries: Matter's own
// defaults (Body.create), written out so that a game can see and change
// them.
const phaserBody = `"isStatic": false, "density": 0.001, "restitution": 0, "friction": 0.1, "frictionAir": 0.01, "frictionStatic": 0.5, "collisionFilter": {"group": 0, "category": 1, "mask": 4294967295}`

// phaserIndent starts each entry.
const phaserIndent = "\n  "

// phaserKinds is the order in which the first kind a sprite has becomes
// its Matter body.
var phaserKinds = []collide.Kind{collide.KindPieces, collide.KindPolygon, collide.KindHull, collide.KindBox, collide.KindAABB, collide.KindCircle}

// WritePhaser writes s as PhysicsEditor-style JSON for Phaser 3 and 4 with
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
// turned otherwise (Turn 180 or 270) WritePhaser returns a line saying
// so, its entry written all the same.
func WritePhaser(w io.Writer, s Stream) ([]Omission, error) { return writePhaser(w, s, nil) }

// writePhaser is WritePhaser, a sprite's entry (after the comma between
// entries) its bytes as last written when reuse has them: an entry does
// not depend on its place, and what is left out of it follows from the
// sprite alone.
func writePhaser(w io.Writer, s Stream, reuse Reuse) ([]Omission, error) {
	if err := s.valid(); err != nil {
		return nil, err
	}
	sb := newSpriteBytes(w, reuse)
	b := sb.b
	b.WriteString("{")
	first := true
	var om []Omission
	// Each sprite's entry is made in buf, then written; name holds its
	// start, a new line, an indent and its name as JSON.
	var buf, name []byte
	err := s.each(func(sp *Sprite) error {
		kind := phaserKind(sp)
		if kind == collide.NumKinds {
			return nil // no shape, no entry
		}
		if sp.Turn != 0 {
			om = append(om, Omission{Format: "phaser", First: sp.Name, Sprites: 1, Reason: fmt.Sprintf(
				"stored turned %d degrees in %s, which Phaser's atlas frames cannot say (only rotated, a quarter turn clockwise); its shapes fit the frame upright: give Phaser the frame upright", sp.Turn, sp.Image)})
		}
		var err error
		if name, err = appendJSONString(append(name[:0], phaserIndent...), sp.Name); err != nil {
			return err
		}
		if !first {
			b.WriteByte(',')
		}
		first = false
		if old, note, ok := sb.old(sp); ok && len(note) == 0 && bytes.HasPrefix(old, name) && bytes.HasSuffix(old, []byte("]}")) {
			sb.write(sp, old, nil)
			return nil
		}
		buf = append(append(buf[:0], name...), ": {\"type\": \"fromPhysicsEditor\", \"label\": "...)
		buf = append(append(append(append(buf, name[len(phaserIndent):]...), ", "...), phaserBody...), ",\n    \"fixtures\": ["...)
		buf = append(appendPhaserFixtures(buf, sp, kind), "]}"...)
		sb.write(sp, buf, nil)
		return nil
	})
	if err != nil {
		return nil, err
	}
	b.WriteString("\n}\n")
	return om, b.Flush()
}

// phaserKind returns the kind of sp that becomes its Matter body, or
// collide.NumKinds when it has no shape.
func phaserKind(sp *Sprite) collide.Kind {
	for _, k := range phaserKinds {
		if has(sp, k) {
			return k
		}
	}
	return collide.NumKinds
}

// appendPhaserFixtures appends sp's fixtures of its kind as JSON.
func appendPhaserFixtures(dst []byte, sp *Sprite, kind collide.Kind) []byte {
	// The label is the kind's name, plain letters: as JSON, in quotes.
	dst = append(append(append(dst, `{"label": "`...), kind.String()...), `", "isSensor": false, `...)
	if kind == collide.KindCircle {
		c := sp.Circle
		dst = appendFloat(append(dst, `"circle": {"x": `...), c.Center[0])
		dst = appendFloat(append(dst, `, "y": `...), c.Center[1])
		dst = appendFloat(append(dst, `, "radius": `...), MatterRadius(c.Radius))
		return append(dst, "}}"...)
	}
	dst = append(dst, `"vertices": [`...)
	switch kind {
	case collide.KindPieces:
		for i, r := range sp.Pieces {
			if i > 0 {
				dst = append(dst, ", "...)
			}
			dst = appendVertexSet(dst, r)
		}
	case collide.KindPolygon:
		dst = appendVertexSet(dst, sp.Polygon)
	case collide.KindHull:
		dst = appendVertexSet(dst, sp.Hull)
	case collide.KindBox:
		r := boxRing(*sp.Box)
		dst = appendVertexSet(dst, r[:])
	case collide.KindAABB:
		a := sp.AABB
		dst = appendVertexSet(dst, Ring{a.Min, {a.Max[0], a.Min[1]}, a.Max, {a.Min[0], a.Max[1]}})
	}
	return append(dst, "]}"...)
}

// appendVertexSet appends r as a Matter vertex set.
func appendVertexSet(dst []byte, r Ring) []byte {
	dst = append(dst, '[')
	for i, p := range r {
		if i > 0 {
			dst = append(dst, ", "...)
		}
		dst = appendFloat(append(dst, `{"x": `...), p[0])
		dst = appendFloat(append(dst, `, "y": `...), p[1])
		dst = append(dst, '}')
	}
	return append(dst, ']')
}

// MatterRadius returns the radius to give Matter's Bodies.circle so that
// the polygon it makes (its vertices on that radius, ceil(max(10, min(25,
// radius))) of them) contains the circle of radius r.
func MatterRadius(r float64) float64 {
	sides := math.Ceil(math.Max(10, math.Min(25, r)))
	return r / math.Cos(math.Pi/sides) * (1 + 1e-12)
}
