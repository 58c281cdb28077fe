package export

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/shapegen/shapegen/collide"
)

// luaHead is the Lua module's documentation and the start of its table.
const luaHead = `-- %s shapes for LÖVE 11 (love.physics, Box2D), written by %s.
--
--   local shapes = require("shapes")       -- this file, shapes.lua
--   local s = shapes.sprites["enemies/bat"] -- image, frame, offset, rotated, turn, size, pivot
--   local body = love.physics.newBody(world, x, y, "dynamic") -- x, y: where the pivot is drawn
--   shapes.fixtures(body, "enemies/bat", %s)          -- or %s
--
-- Coordinates are pixels of the sprite, relative to its pivot, y down;
-- love.physics divides them by its meter (love.physics.setMeter, 30 px by
-- default: set it so that large art is a few metres, at most %d px a metre).
-- Each number is a float32 value rounded outward, so that every opaque pixel
-- stays inside the shape in Box2D's float32. Polygons are convex, with at
-- most 8 vertices at least %s px apart (Box2D welds closer ones at %d px a
-- metre). A kind that Box2D would not take as written is left out of its
-- sprite (the build's summary says which). Box2D gives every polygon a skin
-- of b2_polygonRadius (2 linear slops, 0.01 m: 0.3 px at 30 px a metre), so
-- two polygons touch when they are less than 2 x 0.3 px apart.
-- frame = {x, y, w, h} in image, as stored; turn = how it is stored turned,
-- in degrees clockwise: 0, 90 (also rotated = true), 180 or 270; draw it
-- turned back by -turn (love.graphics.draw's r = -math.rad(turn)) about the
-- stored rectangle's centre, upright pixel (x, y) being the stored pixel
-- (w-1-y, x) for 90, (w-1-x, h-1-y) for 180 and (y, h-1-x) for 270;
-- offset = where the upright frame lies in the untrimmed size;
-- aabb and box = {x, y, width, height[, angle]} for newRectangleShape;
-- circle = {x, y, radius}; hull, polygon and each piece = {x1, y1, x2, y2, ...}.
local M = {format = %s, generator = %s, max_meter = %d}
local S = {}
M.sprites = S
`

// luaKinds is the order in which fixtures, given no kind, takes the first
// kind the sprite has.
var luaKinds = []collide.Kind{collide.KindPieces, collide.KindPolygon, collide.KindHull, collide.KindBox, collide.KindCircle, collide.KindAABB}

// luaNames returns the names of ks joined by ", ", each a Lua string when
// quoted.
func luaNames(ks []collide.Kind, quoted bool) string {
	names := make([]string, len(ks))
	for i, k := range ks {
		names[i] = k.String()
		if quoted {
			names[i] = luaString(names[i])
		}
	}
	return strings.Join(names, ", ")
}

// luaTail is the fixtures function and the end of the module, a format
// taking the kinds' names (see writeLuaTail).
const luaTail = `
-- fixtures(body, name, kind[, density]) makes the fixtures of sprite name's
-- shape kind (default: %[1]s, else %[2]s, the
-- first the sprite has) on body, placed at the sprite's pivot, and returns
-- them in a list; it returns nil and a message when the sprite or kind is
-- missing.
function M.fixtures(body, name, kind, density)
  local s = S[name]
  if s == nil then return nil, "no sprite " .. tostring(name) end
  if kind == nil then
    for _, k in ipairs({%[3]s}) do
      if s[k] ~= nil then kind = k break end
    end
  end
  local v = kind and s[kind]
  if v == nil then return nil, "sprite " .. name .. " has no " .. tostring(kind) end
  local P, out = love.physics, {}
  if kind == %[4]s then
    out[1] = P.newFixture(body, P.newCircleShape(v[1], v[2], v[3]), density)
  elseif kind == %[5]s or kind == %[6]s then
    out[1] = P.newFixture(body, P.newRectangleShape(v[1], v[2], v[3], v[4], v[5] or 0), density)
  elseif kind == %[7]s then
    for i, p in ipairs(v) do out[i] = P.newFixture(body, P.newPolygonShape(p), density) end
  else
    out[1] = P.newFixture(body, P.newPolygonShape(v), density)
  end
  return out
end

return M
`

// luaBlock is how many sprites share one Lua function, so that no
// function of a large library passes Lua's limit of constants.
const luaBlock = 200

// WriteLua writes s as a Lua module for LÖVE 11 (love.physics, Box2D),
// shapes.lua: per sprite its image, frame, offset, rotated, size, pivot
// and each shape kind Box2D accepts as written (float32, rounded outward;
// polygons convex with at most 8 vertices, none closer than Box2D's weld
// distance at up to MaxMeter pixels a metre), and a function
// fixtures(body, name, kind) that makes the fixtures. It returns the kinds
// it left out.
func WriteLua(w io.Writer, s Stream) ([]Omission, error) { return writeLua(w, s, nil) }

// writeLua is WriteLua, a sprite's entry its bytes as last written when
// reuse has them (an entry does not depend on its place), its note the
// kinds written.
func writeLua(w io.Writer, s Stream, reuse Reuse) ([]Omission, error) {
	if err := s.valid(); err != nil {
		return nil, err
	}
	sb := newSpriteBytes(w, reuse)
	b := sb.b
	om := omissions{format: "lua"}
	format := s.Head.Format
	if format == "" {
		format = Format
	}
	gen := s.Head.Generator
	if gen == "" {
		gen = "shapegen"
	}
	fmt.Fprintf(b, luaHead, format, gen, luaNames(luaKinds[:1], true), luaNames(luaKinds[1:], true), MaxMeter, num(box2DLimits.Weld), MaxMeter, luaString(format), luaString(gen), MaxMeter)
	n := 0
	// Each sprite's entry is made in buf, then written; name is its start.
	var buf, name, note []byte
	var parts partBuf
	err := s.each(func(sp *Sprite) error {
		if n%luaBlock == 0 {
			if n > 0 {
				b.WriteString("end)()\n")
			}
			b.WriteString(";(function()\n")
		}
		n++
		if old, oldNote, ok := sb.old(sp); ok {
			name = appendLuaString(append(name[:0], "S["...), sp.Name)
			if ks, ok := noteKinds(oldNote); ok && bytes.HasPrefix(old, name) && bytes.HasSuffix(old, []byte("}\n")) &&
				omitAgain(&om, sp, ks, box2DLimits, "Box2D: ", &parts) {
				sb.write(sp, old, oldNote)
				return nil
			}
		}
		var ks uint8
		buf, ks = appendLuaSprite(buf[:0], sp, &om, &parts)
		note = kindsNote(note, ks)
		sb.write(sp, buf, note)
		return nil
	})
	if err != nil {
		return nil, err
	}
	if n > 0 {
		b.WriteString("end)()\n")
	}
	writeLuaTail(b)
	return om.list, b.Flush()
}

// writeLuaTail writes luaTail with the kinds' names.
func writeLuaTail(b *bufio.Writer) {
	name := func(k collide.Kind) string { return luaString(k.String()) }
	fmt.Fprintf(b, luaTail, luaNames(luaKinds[:1], false), luaNames(luaKinds[1:], false), luaNames(luaKinds, true),
		name(collide.KindCircle), name(collide.KindAABB), name(collide.KindBox), name(collide.KindPieces))
}

// appendLuaSprite appends one sprite's entry, its parts made in parts,
// and returns the kinds it wrote (bit k for kind k).
func appendLuaSprite(dst []byte, sp *Sprite, om *omissions, parts *partBuf) ([]byte, uint8) {
	f := sp.Frame
	dst = appendLuaString(append(dst, "S["...), sp.Name)
	dst = appendLuaString(append(dst, "] = {image = "...), sp.Image)
	dst = appendIntList(append(dst, ", frame = {"...), f.X, f.Y, f.W, f.H)
	off := [2]int{}
	if sp.Offset != nil {
		off = *sp.Offset
	}
	dst = appendIntList(append(dst, "}, offset = {"...), off[0], off[1])
	dst = strconv.AppendBool(append(dst, "}, rotated = "...), sp.Rotated)
	dst = strconv.AppendInt(append(dst, ", turn = "...), int64(turnDegrees(sp)), 10)
	dst = appendIntList(append(dst, ", size = {"...), sp.Size[0], sp.Size[1])
	dst = appendNumList(append(dst, "}, pivot = {"...), sp.Pivot[0], sp.Pivot[1])
	dst = append(dst, '}')
	var ks uint8
	for _, k := range spriteKinds {
		if !has(sp, k) {
			continue
		}
		ps, why := parts32(sp, k, box2DLimits, parts)
		if why != "" {
			om.add(k.String(), "Box2D: "+why, sp.Name)
			continue
		}
		ks |= 1 << k
		dst = append(append(append(dst, ",\n  "...), k.String()...), " = "...)
		if k == collide.KindPieces {
			dst = append(dst, '{')
			for i, p := range ps {
				if i > 0 {
					dst = append(dst, ", "...)
				}
				dst = appendLuaPart(dst, p)
			}
			dst = append(dst, '}')
		} else {
			dst = appendLuaPart(dst, ps[0])
		}
	}
	return append(dst, "}\n"...), ks
}

// appendLuaPart appends p as a Lua table in the form fixtures reads.
func appendLuaPart(dst []byte, p part) []byte {
	dst = append(dst, '{')
	switch p.kind {
	case partCircle:
		dst = appendNumList(dst, p.center[0], p.center[1], p.radius)
	case partBox:
		dst = appendNumList(dst, p.center[0], p.center[1], 2*p.half[0], 2*p.half[1], p.angle)
	default:
		for i, q := range p.poly {
			if i > 0 {
				dst = append(dst, ", "...)
			}
			dst = appendNumList(dst, q[0], q[1])
		}
	}
	return append(dst, '}')
}
