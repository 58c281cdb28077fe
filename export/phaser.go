package export

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"math"
	"strings"

	"github.com/shapegen/shapegen/collide"
)

// phaserBody is the body options every entry carries: Matter's own
// defaults (Body.create), written out so that a game can see and change
// them.
const phaserBody = `"isStatic": false, "density": 0.001, "restitution": 0, "friction": 0.1, "frictionAir": 0.01, "frictionStatic": 0.5, "collisionFilter": {"group": 0, "category": 1, "mask": 4294967295}`

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
func WritePhaser(w io.Writer, s Stream) ([]Omission, error) {
	if err := s.valid(); err != nil {
		return nil, err
	}
	b := bufio.NewWriter(w)
	b.WriteString("{")
	first := true
	var om []Omission
	err := s.each(func(sp *Sprite) error {
		fixtures := phaserFixtures(sp)
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

// phaserFixtures returns sp's fixtures as JSON, or "" when it has no
// shape.
func phaserFixtures(sp *Sprite) string {
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
		rings = []Ring{boxRing(*sp.Box)}
	case collide.KindAABB:
		a := sp.AABB
		rings = []Ring{{a.Min, {a.Max[0], a.Min[1]}, a.Max, {a.Min[0], a.Max[1]}}}
	case collide.KindCircle:
		c := sp.Circle
		return fmt.Sprintf(`{"label": %q, "isSensor": false, "circle": {"x": %s, "y": %s, "radius": %s}}`,
			kind.String(), jsonNum(c.Center[0]), jsonNum(c.Center[1]), jsonNum(MatterRadius(c.Radius)))
	default:
		return ""
	}
	sets := make([]string, len(rings))
	for i, r := range rings {
		v := make([]string, len(r))
		for j, p := range r {
			v[j] = fmt.Sprintf(`{"x": %s, "y": %s}`, jsonNum(p[0]), jsonNum(p[1]))
		}
		sets[i] = "[" + strings.Join(v, ", ") + "]"
	}
	return fmt.Sprintf(`{"label": %q, "isSensor": false, "vertices": [%s]}`, kind.String(), strings.Join(sets, ", "))
}

// MatterRadius returns the radius to give Matter's Bodies.circle so that
// the polygon it makes (its vertices on that radius, ceil(max(10, min(25,
// radius))) of them) contains the circle of radius r.
func MatterRadius(r float64) float64 {
	sides := math.Ceil(math.Max(10, math.Min(25, r)))
	return r / math.Cos(math.Pi/sides) * (1 + 1e-12)
}

// jsonNum formats v as encoding/json does.
func jsonNum(v float64) string {
	b, _ := json.Marshal(v)
	return string(b)
}
