package export

import (
	"bufio"
	"fmt"
	"io"
	"strconv"
	"strings"
)

// Engine formats. Each writer takes the same checked, name-sorted library
// as WriteJSON and is deterministic. Coordinates are relative to each
// sprite's pivot, y down: a physics body or node placed where the sprite's
// pivot is drawn gets its shapes in the right place. Engines that want
// convex shapes get the pieces (or the polygon when a sprite has none).

// WriteGodot writes lib as a Godot 4 scene (.tscn): a root Node2D named
// "Shapes" with one Node2D per sprite (named after the sprite, with '/'
// and other characters Godot forbids in node names replaced by '_', and
// the exact name in metadata/sprite), holding one CollisionPolygon2D per
// convex piece. Instance the scene, or copy a sprite's node under a
// physics body placed at the sprite's pivot.
func WriteGodot(w io.Writer, lib *Library) error {
	c, err := prepare(lib)
	if err != nil {
		return err
	}
	b := bufio.NewWriter(w)
	fmt.Fprintf(b, "[gd_scene format=3]\n\n[node name=\"Shapes\" type=\"Node2D\"]\nmetadata/format = %s\n", godotString(c.Format))
	used := map[string]bool{}
	for _, s := range c.Sprites {
		node := godotNodeName(s.Name, used)
		fmt.Fprintf(b, "\n[node name=%s type=\"Node2D\" parent=\".\"]\nmetadata/sprite = %s\nmetadata/size = Vector2i(%d, %d)\nmetadata/pivot = Vector2(%s, %s)\n",
			godotString(node), godotString(s.Name), s.Size[0], s.Size[1], num(s.Pivot[0]), num(s.Pivot[1]))
		for i, r := range convexParts(&s) {
			fmt.Fprintf(b, "\n[node name=\"piece%d\" type=\"CollisionPolygon2D\" parent=%s]\npolygon = PackedVector2Array(%s)\n",
				i, godotString(node), flat(r, s.Pivot))
		}
	}
	return b.Flush()
}

// WriteLua writes lib as a Lua module for LÖVE (love.physics) and other
// Box2D bindings: `return { ["name"] = { ... }, ... }` where each sprite
// has size, pivot, aabb {x0, y0, x1, y1}, circle {x, y, r}, box {x, y, hx,
// hy, angle}, hull, polygon and pieces as flat vertex lists {x1, y1, x2,
// y2, ...} ready for love.physics.newPolygonShape(unpack(piece)), each
// present only when the library has it. Shape coordinates are relative to
// the pivot; size and pivot are in the sprite's pixels.
func WriteLua(w io.Writer, lib *Library) error {
	c, err := prepare(lib)
	if err != nil {
		return err
	}
	b := bufio.NewWriter(w)
	fmt.Fprintf(b, "-- %s shapes, coordinates relative to each sprite's pivot, y down\nreturn {\n", c.Format)
	for _, s := range c.Sprites {
		px, py := s.Pivot[0], s.Pivot[1]
		fmt.Fprintf(b, "  [%s] = {\n    size = {%d, %d},\n    pivot = {%s, %s},\n", luaString(s.Name), s.Size[0], s.Size[1], num(px), num(py))
		if a := s.AABB; a != nil {
			fmt.Fprintf(b, "    aabb = {%s, %s, %s, %s},\n", num(a.Min[0]-px), num(a.Min[1]-py), num(a.Max[0]-px), num(a.Max[1]-py))
		}
		if ci := s.Circle; ci != nil {
			fmt.Fprintf(b, "    circle = {%s, %s, %s},\n", num(ci.Center[0]-px), num(ci.Center[1]-py), num(ci.Radius))
		}
		if bx := s.Box; bx != nil {
			fmt.Fprintf(b, "    box = {%s, %s, %s, %s, %s},\n", num(bx.Center[0]-px), num(bx.Center[1]-py), num(bx.Half[0]), num(bx.Half[1]), num(bx.Angle))
		}
		if s.Hull != nil {
			fmt.Fprintf(b, "    hull = {%s},\n", flat(s.Hull, s.Pivot))
		}
		if s.Polygon != nil {
			fmt.Fprintf(b, "    polygon = {%s},\n", flat(s.Polygon, s.Pivot))
		}
		if s.Pieces != nil {
			b.WriteString("    pieces = {\n")
			for _, r := range s.Pieces {
				fmt.Fprintf(b, "      {%s},\n", flat(r, s.Pivot))
			}
			b.WriteString("    },\n")
		}
		b.WriteString("  },\n")
	}
	b.WriteString("}\n")
	return b.Flush()
}

// convexParts returns the convex shapes an engine should use for s: its
// pieces, else its polygon, else its hull.
func convexParts(s *Sprite) []Ring {
	switch {
	case len(s.Pieces) > 0:
		return s.Pieces
	case len(s.Polygon) > 0:
		return []Ring{s.Polygon}
	case len(s.Hull) > 0:
		return []Ring{s.Hull}
	}
	return nil
}

// flat returns r's vertices relative to origin as "x1, y1, x2, y2, ...".
func flat(r Ring, origin Point) string {
	parts := make([]string, 0, 2*len(r))
	for _, p := range r {
		parts = append(parts, num(p[0]-origin[0]), num(p[1]-origin[1]))
	}
	return strings.Join(parts, ", ")
}

// num formats v in the shortest decimal form that reads back exactly,
// without an exponent (Godot and Lua both read it).
func num(v float64) string {
	if v == 0 {
		return "0" // no "-0"
	}
	return strconv.FormatFloat(v, 'f', -1, 64)
}

// godotNodeName returns name made into a Godot node name not yet in used:
// characters Godot refuses in node names (. : @ / " % and control
// characters) become '_', and a clash gets a numeric suffix.
func godotNodeName(name string, used map[string]bool) string {
	base := strings.Map(func(r rune) rune {
		if r < 0x20 || strings.ContainsRune(`.:@/"%`, r) {
			return '_'
		}
		return r
	}, name)
	n := base
	for i := 2; used[n]; i++ {
		n = base + "_" + strconv.Itoa(i)
	}
	used[n] = true
	return n
}

// godotString returns s as a Godot string literal.
func godotString(s string) string {
	r := strings.NewReplacer(`\`, `\\`, `"`, `\"`, "\n", `\n`, "\t", `\t`, "\r", `\r`)
	return `"` + r.Replace(s) + `"`
}

// luaString returns s as a Lua 5.1 string literal: quotes, backslashes and
// control bytes escaped as \ddd, other bytes (UTF-8 included) as they are.
func luaString(s string) string {
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
