package export

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"iter"
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/shapegen/shapegen/collide"
)

// Engine formats. Each writer streams: it takes the library's head and an
// iterator of its sprites in name order, holds one sprite (the Tiled
// writer: one sheet) at a time, and writes to io.Writers it is handed, so
// its memory stays flat in the number of sprites. Each writes only what
// its engine accepts as it is written; a shape kind that does not fit (a
// hull past Box2D's 8 vertices, vertices the engine would weld) is left
// out of that format and reported as an Omission, never written to fail
// at load. Coordinates are relative to each sprite's pivot, y down (Tiled
// and Phaser: the frame's own pixels, as those tools define them).

// Stream is a library to write sprite by sprite: Head holds the format,
// generator and settings (its Sprites are not used) and Sprites yields
// the sprites in strictly increasing name order. A writer may range over
// Sprites more than once (a Godot scene lists its shapes before its
// nodes), so Sprites must yield the same sprites each time; a writer
// checks them in its first pass only.
type Stream struct {
	Head    *Library
	Sprites iter.Seq[*Sprite]
}

// StreamOf checks lib as WriteJSON does and returns it as a Stream, its
// sprites sorted by name (lib itself is not changed).
func StreamOf(lib *Library) (Stream, error) {
	c, err := prepare(lib)
	if err != nil {
		return Stream{}, err
	}
	head := *c
	head.Sprites = nil
	return Stream{Head: &head, Sprites: func(yield func(*Sprite) bool) {
		for i := range c.Sprites {
			if !yield(&c.Sprites[i]) {
				return
			}
		}
	}}, nil
}

// valid returns an error when s has no head or no sprites sequence.
func (s Stream) valid() error {
	if s.Head == nil || s.Sprites == nil {
		return errors.New("engine format: no library")
	}
	return nil
}

// each ranges over s.Sprites, checking each sprite (as WriteJSON does) and
// the name order, and calls fn for each; it stops at the first error.
func (s Stream) each(fn func(*Sprite) error) error { return s.walk(true, fn) }

// again is each for a writer's later pass over the sprites: it checks
// their names and order again but not the sprites, which each checked in
// the writer's first pass (Stream asks the same sprites of every pass).
// The check was over a quarter of the writers' time.
func (s Stream) again(fn func(*Sprite) error) error { return s.walk(false, fn) }

// walk is each, checking the sprites themselves when check is set.
func (s Stream) walk(check bool, fn func(*Sprite) error) error {
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
		if check {
			if e := checkSprite(sp, true); e != nil {
				err = fmt.Errorf("sprite %q: %w", sp.Name, e)
				break
			}
		}
		if e := fn(sp); e != nil {
			err = e
			break
		}
		prev, first = sp.Name, false
	}
	return err
}

// Omission says that a shape kind was left out of an engine format for
// some sprites, and why; or, with no Kind, what an engine format cannot
// say of one sprite (First).
type Omission struct {
	// Format is the engine format (lua, godot, ...); Kind the shape kind,
	// or "" for a line about the sprite First alone.
	Format, Kind string
	// Reason says what the engine would not accept.
	Reason string
	// Sprites counts the sprites concerned; First is the first of them in
	// name order.
	Sprites int
	First   string
}

// String returns o as one line for a build's summary.
func (o Omission) String() string {
	if o.Kind == "" {
		return fmt.Sprintf("%s: %s: %s", o.Format, o.First, o.Reason)
	}
	s := "s"
	if o.Sprites == 1 {
		s = ""
	}
	return fmt.Sprintf("%s: %s left out of %d sprite%s (%s), first %s", o.Format, o.Kind, o.Sprites, s, o.Reason, o.First)
}

// omissions collects Omissions, one per kind and reason, in the order
// they first occur.
type omissions struct {
	format string
	list   []Omission
}

func (o *omissions) add(kind, reason, sprite string) {
	for i := range o.list {
		if o.list[i].Kind == kind && o.list[i].Reason == reason {
			o.list[i].Sprites++
			return
		}
	}
	o.list = append(o.list, Omission{Format: o.format, Kind: kind, Reason: reason, Sprites: 1, First: sprite})
}

// Box2D's limits (b2Settings.h, the same in LÖVE 11's copy): at most 8
// vertices a polygon, vertices closer than half the linear slop (0.005 m)
// are welded, and polygons carry a skin of b2_polygonRadius = 2 linear
// slops. Shapes are written in pixels; a game divides by its pixels per
// metre (LÖVE: love.physics.setMeter, 30 by default).
const (
	box2DMaxVertices = 8
	box2DLinearSlop  = 0.005
	// MaxMeter is the largest number of pixels per metre for which the
	// LÖVE format's polygons keep their vertices apart: the weld distance
	// in pixels is half a linear slop times the meter.
	MaxMeter = 64
)

// box2DLimits are the conditions for a LÖVE / Box2D polygon, in pixels,
// for any meter up to MaxMeter.
var box2DLimits = Limits32{MaxVertices: box2DMaxVertices, Weld: 0.5 * box2DLinearSlop * MaxMeter}

// godotLimits are Godot's: no vertex limit, and no welding, but vertices
// must be distinct and the polygon convex in float32.
var godotLimits = Limits32{Weld: 1e-3}

// part is one convex shape an engine format writes for a sprite: a
// polygon, a circle or a box, relative to the sprite's pivot, float32 when
// the format stores float32.
type part struct {
	poly   Ring
	center Point
	radius float64
	half   Point
	angle  float64
	kind   int // partPoly, partCircle, partBox
}

const (
	partPoly = iota
	partCircle
	partBox
)

// spriteKinds lists the shape kinds an engine format may write, in the
// order they are written.
var spriteKinds = []collide.Kind{collide.KindAABB, collide.KindCircle, collide.KindBox, collide.KindHull, collide.KindPolygon, collide.KindPieces}

// has reports whether s has shape kind k.
func has(s *Sprite, k collide.Kind) bool {
	switch k {
	case collide.KindAABB:
		return s.AABB != nil
	case collide.KindCircle:
		return s.Circle != nil
	case collide.KindBox:
		return s.Box != nil
	case collide.KindHull:
		return len(s.Hull) > 0
	case collide.KindPolygon:
		return len(s.Polygon) > 0
	case collide.KindPieces:
		return len(s.Pieces) > 0
	}
	return false
}

// partBuf is the memory parts32 makes parts in, which a writer keeps
// from one sprite to the next: the parts of one call hold until the next.
type partBuf struct {
	parts  []part
	points []Point // the polygons' vertices
	out    outwardBuf
}

// parts32 returns s's shape kind k as float32 parts relative to its
// pivot, within lim, made in buf, or a reason why they cannot be written.
func parts32(s *Sprite, k collide.Kind, lim Limits32, buf *partBuf) ([]part, string) {
	ps := buf.parts[:0]
	defer func() { buf.parts = ps[:0] }() // keep what grew
	poly := func(r Ring) (part, string) {
		if lim.MaxVertices > 0 && len(r) > lim.MaxVertices {
			return part{}, fmt.Sprintf("more than %d vertices", lim.MaxVertices)
		}
		n := len(buf.points)
		q, ok := buf.out.outward32(buf.points, r, s.Pivot, lim)
		if !ok {
			return part{}, fmt.Sprintf("no float32 polygon with vertices %s px apart and clear turns", num(lim.Weld))
		}
		buf.points = q
		// Capped, so that no append to one part can reach the next.
		return part{kind: partPoly, poly: q[n:len(q):len(q)]}, ""
	}
	// The polygons' vertices have room before they are made, so that
	// making one does not move those made before it.
	vertices := 0
	switch k {
	case collide.KindHull:
		vertices = len(s.Hull)
	case collide.KindPolygon:
		vertices = len(s.Polygon)
	case collide.KindPieces:
		for _, r := range s.Pieces {
			vertices += len(r)
		}
	}
	buf.points = slices.Grow(buf.points[:0], vertices)
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
		ps = append(ps, part{kind: partBox, center: c, half: h, angle: angle})
		return ps, ""
	case collide.KindCircle:
		c, r, ok := Circle32(*s.Circle, s.Pivot)
		if !ok {
			return nil, "too large for float32"
		}
		ps = append(ps, part{kind: partCircle, center: c, radius: r})
		return ps, ""
	case collide.KindHull, collide.KindPolygon:
		r := s.Hull
		if k == collide.KindPolygon {
			r = s.Polygon
		}
		p, why := poly(r)
		if why != "" {
			return nil, why
		}
		ps = append(ps, p)
		return ps, ""
	case collide.KindPieces:
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

// Put makes one file of an engine format: name is slash-separated and
// relative to the output folder, and write writes its bytes. The build
// passes a function that writes the file atomically; tests collect the
// bytes.
type Put func(name string, write func(io.Writer) error) error

// EngineFormat is one engine format of the build's --formats list.
type EngineFormat struct {
	// Name is the --formats name; File the file (for tiled, the folder)
	// it writes in the output folder.
	Name, File string
	// Write writes the format through put and returns what it left out.
	Write func(put Put, s Stream, opt EngineOptions) ([]Omission, error)
}

// EngineFormats lists the engine formats, in --formats order.
var EngineFormats = []EngineFormat{
	{"lua", "shapes.lua", oneFile("shapes.lua", writeLua)},
	{"godot", "shapes.tscn", oneFile("shapes.tscn", func(w io.Writer, s Stream, r Reuse) ([]Omission, error) {
		return writeGodot(w, s, godot4, r)
	})},
	{"godot3", "shapes.godot3.tscn", oneFile("shapes.godot3.tscn", func(w io.Writer, s Stream, r Reuse) ([]Omission, error) {
		return writeGodot(w, s, godot3, r)
	})},
	{"tiled", TiledDir, WriteTiled},
	{"phaser", "shapes.phaser.json", oneFile("shapes.phaser.json", writePhaser)},
}

// EngineOptions are what some engine formats need beyond the library.
type EngineOptions struct {
	// AssetDir is the asset folder, slash-separated: absolute, or relative
	// to the output folder; Tiled's tilesets refer to the images by it.
	// Empty means the output folder itself.
	AssetDir string
	// Reuse, when not nil, returns the Reuse of the file name
	// (slash-separated, relative to the output folder), or nil when it
	// has none. The formats that write one file, and Tiled for
	// TiledSprites, use it to write again the bytes of the sprites whose
	// bytes it has, not computing them, and tell it what they write.
	Reuse func(name string) Reuse
}

// oneFile returns the Write of a format that writes one file with write,
// which takes the file's Reuse (nil when there is none).
func oneFile(file string, write func(io.Writer, Stream, Reuse) ([]Omission, error)) func(Put, Stream, EngineOptions) ([]Omission, error) {
	return func(put Put, s Stream, opt EngineOptions) ([]Omission, error) {
		var reuse Reuse
		if opt.Reuse != nil {
			reuse = opt.Reuse(file)
		}
		var om []Omission
		err := put(file, func(w io.Writer) error {
			var err error
			om, err = write(w, s, reuse)
			return err
		})
		return om, err
	}
}

// turnDegrees returns how sprite sp's frame is stored turned, in degrees
// clockwise: 90 for Rotated, else Turn (0, 180 or 270).
func turnDegrees(sp *Sprite) int {
	if sp.Rotated {
		return 90
	}
	return sp.Turn
}

// num formats v in the shortest decimal form that reads back exactly as
// a float64, without an exponent (Godot, Lua and XML readers all read
// it). A float32 value is written so too: read as a float64 it is exactly
// that float32, which the engine's conversion keeps (the shortest float32
// form could, read as a float64 first, round to the other neighbour).
func num(v float64) string { return string(appendNum(nil, v)) }

// appendNum appends num(v) to dst.
func appendNum(dst []byte, v float64) []byte {
	if v == 0 {
		return append(dst, '0') // no "-0"
	}
	return appendShortest(dst, v)
}

// appendShortest appends strconv.AppendFloat(dst, v, 'f', -1, 64): the
// shortest decimal that reads back as v, without an exponent. Most of the
// engine formats' numbers are pixels and half pixels, which it writes
// from the integer directly, as strconv's shortest formatting took a
// fifth of the writers' time. These are the same bytes: a number whose
// exact decimal has at most 15 significant digits is its own shortest
// form, since two decimals of at most 15 digits never read as the same
// float64 (DBL_DIG). An integer below 2^53 has no shorter form than its
// digits either: every integer that close is a float64 of its own.
func appendShortest(dst []byte, v float64) []byte {
	a := math.Abs(v)
	switch {
	case v == 0: // strconv writes -0 as "-0"
	case a < 1<<53 && a == math.Trunc(a):
		return strconv.AppendInt(dst, int64(v), 10)
	case a < 1e5 && a*1024 == math.Trunc(a*1024):
		// v is n/1024 (the product is exact): at most 5 digits before
		// the point and 10 after, as n/1024 = n*5^10/10^10.
		n := uint64(a * 1024)
		if v < 0 {
			dst = append(dst, '-')
		}
		dst = strconv.AppendUint(dst, n>>10, 10)
		frac := (n & 1023) * 9765625 // 5^10
		if frac == 0 {
			return dst
		}
		var digits [10]byte
		for i := len(digits) - 1; i >= 0; i-- {
			digits[i] = byte('0' + frac%10)
			frac /= 10
		}
		end := len(digits)
		for digits[end-1] == '0' {
			end--
		}
		return append(append(dst, '.'), digits[:end]...)
	}
	return strconv.AppendFloat(dst, v, 'f', -1, 64)
}

// appendIntList appends vs separated by ", ".
func appendIntList(dst []byte, vs ...int) []byte {
	for i, v := range vs {
		if i > 0 {
			dst = append(dst, ", "...)
		}
		dst = strconv.AppendInt(dst, int64(v), 10)
	}
	return dst
}

// appendNumList appends vs (appendNum) separated by ", ".
func appendNumList(dst []byte, vs ...float64) []byte {
	for i, v := range vs {
		if i > 0 {
			dst = append(dst, ", "...)
		}
		dst = appendNum(dst, v)
	}
	return dst
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

// appendGodotString appends s as a Godot string literal: backslash,
// quote, newline, tab and carriage return escaped.
func appendGodotString(dst []byte, s string) []byte {
	dst = append(dst, '"')
	for i := 0; i < len(s); i++ {
		switch c := s[i]; c {
		case '\\', '"':
			dst = append(dst, '\\', c)
		case '\n':
			dst = append(dst, '\\', 'n')
		case '\t':
			dst = append(dst, '\\', 't')
		case '\r':
			dst = append(dst, '\\', 'r')
		default:
			dst = append(dst, c)
		}
	}
	return append(dst, '"')
}

// luaString returns s as a Lua 5.1 string literal (appendLuaString).
func luaString(s string) string { return string(appendLuaString(nil, s)) }

// appendLuaString appends s as a Lua 5.1 string literal: quotes,
// backslashes and control bytes escaped as \ddd, other bytes (UTF-8
// included) as they are.
func appendLuaString(dst []byte, s string) []byte {
	dst = append(dst, '"')
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == '"' || c == '\\':
			dst = append(dst, '\\', c)
		case c < 0x20 || c == 0x7f:
			dst = append(dst, '\\', '0'+c/100, '0'+c/10%10, '0'+c%10)
		default:
			dst = append(dst, c)
		}
	}
	return append(dst, '"')
}

// plainASCII reports whether s is printable ASCII without the bytes
// special in JSON and XML strings, which both write as it is.
func plainASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case c < 0x20 || c >= 0x7f, c == '"', c == '\\', c == '\'', c == '&', c == '<', c == '>':
			return false
		}
	}
	return true
}

// appendJSONString appends s as json.Marshal writes it (HTML-escaped, as
// the Phaser file always was; the library's appendString does not escape
// < > &): plain ASCII as it is, anything else through json.Marshal itself.
func appendJSONString(dst []byte, s string) ([]byte, error) {
	if plainASCII(s) {
		return append(append(append(dst, '"'), s...), '"'), nil
	}
	q, err := json.Marshal(s)
	return append(dst, q...), err
}
