package report

import (
	"encoding/binary"
	"encoding/json"
	"hash/maphash"
	"maps"
	"math"
	"slices"
	"strconv"

	"github.com/shapegen/shapegen/collide"
	"github.com/shapegen/shapegen/export"
)

// A card's bytes are what encoding/json writes for the struct (its field
// order, omitempty, and escaping of <, > and &), written by hand: a
// report of 100,000 sprites spent as long in json.Marshal as in drawing
// the shapes. The drawing ("v" and "d") is made as bytes once, and a
// sprite that repeats another (same_as) with the same shapes takes its
// first's (drawer).

// MarshalJSON returns c as encoding/json writes the struct.
func (c card) MarshalJSON() ([]byte, error) { return c.appendJSON(nil) }

// appendJSON appends c as MarshalJSON returns it.
func (c *card) appendJSON(b []byte) ([]byte, error) {
	b = strconv.AppendInt(append(b, `{"x":`...), int64(c.X), 10)
	var err error
	str := func(key, s string) {
		if s != "" && err == nil {
			b, err = appendString(append(b, key...), s)
		}
	}
	str(`,"n":`, c.Name)
	str(`,"i":`, c.Image)
	if f := c.Frame; f != nil {
		b = appendInts(append(b, `,"f":`...), f[:]...)
	}
	if c.Rotated {
		b = append(b, `,"r":true`...)
	}
	if o := c.Offset; o != nil {
		b = appendInts(append(b, `,"o":`...), o[:]...)
	}
	b = appendInts(append(b, `,"s":`...), c.Size[:]...)
	b = append(b, `,"pv":[`...)
	for i, v := range c.Pivot {
		if i > 0 {
			b = append(b, ',')
		}
		if b, err = appendFloat(b, v); err != nil {
			return nil, err
		}
	}
	b = strconv.AppendInt(append(b, `],"px":`...), int64(c.Pixels), 10)
	str(`,"p":`, c.Preview)
	str(`,"sp":`, c.Sprite)
	str(`,"im":`, c.SourceImage)
	if len(c.PreviewRect) > 0 {
		b = appendInts(append(b, `,"pr":`...), c.PreviewRect...)
	}
	if c.drawn != nil {
		b = append(append(b, ','), c.drawn...)
	} else {
		b = appendInts(append(b, `,"v":`...), c.View[:]...)
		b, err = appendMarshal(append(b, `,"d":`...), c.Shapes, err)
	}
	if len(c.Figures) > 0 {
		b, err = appendMarshal(append(b, `,"q":`...), c.Figures, err)
	}
	if len(c.Warnings) > 0 {
		b = append(b, `,"w":[`...)
		for i, w := range c.Warnings {
			if i > 0 {
				b = append(b, ',')
			}
			str("", w)
		}
		b = append(b, ']')
	}
	if err != nil {
		return nil, err
	}
	return append(b, '}'), nil
}

// appendInts appends vs as a JSON array.
func appendInts(b []byte, vs ...int) []byte {
	b = append(b, '[')
	for i, v := range vs {
		if i > 0 {
			b = append(b, ',')
		}
		b = strconv.AppendInt(b, int64(v), 10)
	}
	return append(b, ']')
}

// appendString appends s as encoding/json writes a string: printable
// ASCII that needs no escape is copied, anything else is left to
// encoding/json.
func appendString(b []byte, s string) ([]byte, error) {
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case c < 0x20 || c >= 0x7f, c == '"', c == '\\', c == '<', c == '>', c == '&':
			return appendMarshal(b, s, nil)
		}
	}
	return append(append(append(b, '"'), s...), '"'), nil
}

// appendFloat appends v as encoding/json writes a float64: below 1e21
// and from 1e-6 (or 0), the shortest decimal; else as encoding/json does.
func appendFloat(b []byte, v float64) ([]byte, error) {
	if a := math.Abs(v); a < 1e21 && (a >= 1e-6 || a == 0) {
		if k := math.Round(v * 1e4); a < 1e11 && k/1e4 == v && v != 0 {
			return appendTenThousandths(b, int64(k)), nil
		}
		return strconv.AppendFloat(b, v, 'f', -1, 64), nil
	}
	return appendMarshal(b, v, nil)
}

// appendTenThousandths appends k/10⁴ in decimal, with no trailing zeros
// after the point. It is appendFloat for the figures (round4) and the
// drawings' coordinates (round2), which strconv took a fifth of a
// rebuild's report time to write: a v that is k/10⁴ rounded to float64,
// below 10¹¹, has k/10⁴ as its shortest decimal, as another decimal of
// at most four places is 10⁻⁴ away and v's float64 neighbours are far
// nearer (TestAppendTenThousandths holds it to strconv).
func appendTenThousandths(b []byte, k int64) []byte {
	if k < 0 {
		b, k = append(b, '-'), -k
	}
	b = strconv.AppendInt(b, k/1e4, 10)
	f := k % 1e4
	if f == 0 {
		return b
	}
	d := [5]byte{'.', byte('0' + f/1000), byte('0' + f/100%10), byte('0' + f/10%10), byte('0' + f%10)}
	n := 5
	for d[n-1] == '0' {
		n--
	}
	return append(b, d[:n]...)
}

// appendMarshal appends v as encoding/json writes it, unless err is set
// already, which it returns.
func appendMarshal(b []byte, v any, err error) ([]byte, error) {
	if err != nil {
		return b, err
	}
	m, err := json.Marshal(v)
	return append(b, m...), err
}

// drawer draws the shapes of cards: a card's "v" and "d" as bytes. It
// keeps the drawings of the most recent sprites that repeat none, up to
// drawerKeep bytes, and a sprite that repeats one of them (same_as), with
// shapes and size the same bit for bit, gets its first's drawing.
type drawer struct {
	seed maphash.Seed
	key  []byte // memory for a sprite's shapes as bits
	// shapes is memory for the "d" of a drawing being made, ring for a
	// ring of corners drawn in it.
	shapes []byte
	ring   export.Ring
	kept   map[string]drawing
	// order holds the kept sprites' names, oldest first from head; size
	// counts their drawings' bytes, at most keep.
	order []string
	head  int
	size  int
	keep  int
}

// drawing is the drawing of a kept sprite and the hash of its shapes.
type drawing struct {
	sum uint64
	b   []byte
}

// drawerKeep bounds the bytes of the drawings a drawer keeps: enough for
// a few thousand sprites, so that a folder's copies find their firsts.
const drawerKeep = 4 << 20

func newDrawer() *drawer {
	return &drawer{seed: maphash.MakeSeed(), kept: map[string]drawing{}, keep: drawerKeep}
}

// draw returns the drawing of s (shared: it must not be changed).
func (d *drawer) draw(s *export.Sprite) ([]byte, error) {
	sum := d.sum(s)
	if s.SameAs != "" {
		if k, ok := d.kept[s.SameAs]; ok && k.sum == sum {
			return k.b, nil
		}
		return d.drawShapes(s)
	}
	b, err := d.drawShapes(s)
	if err != nil {
		return nil, err
	}
	if _, ok := d.kept[s.Name]; !ok {
		d.kept[s.Name] = drawing{sum, b}
		d.order = append(d.order, s.Name)
		d.size += len(b)
	}
	for d.size > d.keep && d.head < len(d.order) {
		name := d.order[d.head]
		d.order[d.head] = ""
		d.head++
		d.size -= len(d.kept[name].b)
		delete(d.kept, name)
	}
	if d.head > len(d.order)/2 {
		d.order = append(d.order[:0], d.order[d.head:]...)
		d.head = 0
	}
	return b, nil
}

// sum hashes what the drawing of s depends on: its size and shapes, the
// numbers as bits.
func (d *drawer) sum(s *export.Sprite) uint64 {
	k := d.key[:0]
	num := func(vs ...float64) {
		for _, v := range vs {
			k = binary.LittleEndian.AppendUint64(k, math.Float64bits(v))
		}
	}
	ring := func(r export.Ring) {
		k = binary.AppendUvarint(k, uint64(len(r)))
		for _, p := range r {
			num(p[0], p[1])
		}
	}
	rings := func(rs []export.Ring) {
		k = binary.AppendUvarint(k, uint64(len(rs)))
		for _, r := range rs {
			ring(r)
		}
	}
	k = binary.AppendVarint(binary.AppendVarint(k, int64(s.Size[0])), int64(s.Size[1]))
	k = append(k, flag(s.AABB != nil), flag(s.Circle != nil), flag(s.Box != nil))
	if a := s.AABB; a != nil {
		num(a.Min[0], a.Min[1], a.Max[0], a.Max[1])
	}
	if c := s.Circle; c != nil {
		num(c.Center[0], c.Center[1], c.Radius)
	}
	if x := s.Box; x != nil {
		num(x.Center[0], x.Center[1], x.Half[0], x.Half[1], x.Angle)
	}
	ring(s.Hull)
	ring(s.Polygon)
	rings(s.Pieces)
	rings(s.Outline)
	d.key = k
	return maphash.Bytes(d.seed, k)
}

func flag(b bool) byte {
	if b {
		return 1
	}
	return 0
}

// drawShapes returns the drawing of s: "v", the rectangle its picture
// shows, and "d", one shape per kind of the kinds table (see card).
func (dr *drawer) drawShapes(s *export.Sprite) ([]byte, error) {
	v := newView(s)
	d := append(dr.shapes[:0], `,"d":[`...)
	defer func() { dr.shapes = d }()
	var err error
	var one [1]export.Ring
	var pieces, piecesEnd int // where the pieces' path is in d, when drawn
	for i, k := range kinds {
		if i > 0 {
			d = append(d, ',')
		}
		if !k.pivot {
			if rs, ok := wireRings(s, k.kind, &one); ok {
				// The sprite's own rings, drawn as geometry's copies of
				// them would be: those copies were most of what a card
				// allocated. A polygon that is the one piece, as for four
				// sprites in ten, has its path (and points) already.
				start := len(d)
				if k.kind == collide.KindPolygon && piecesEnd > 0 && len(s.Pieces) == 1 && sameBits(s.Pieces[0], s.Polygon) {
					d = append(d, d[pieces:piecesEnd]...)
					continue
				}
				for _, r := range rs {
					for _, p := range r {
						v.add(p[0], p[1])
					}
				}
				d = append(appendPath(append(d, '"'), rs), '"')
				if k.kind == collide.KindPieces {
					pieces, piecesEnd = start, len(d)
				}
				continue
			}
		}
		rings, circle, ok := geometry(s, k.kind)
		switch {
		case k.pivot || !ok:
			d = append(d, `""`...)
		case circle != nil:
			v.add(circle.Center.X-circle.Radius, circle.Center.Y-circle.Radius)
			v.add(circle.Center.X+circle.Radius, circle.Center.Y+circle.Radius)
			d = append(d, '[')
			for j, x := range [3]float64{circle.Center.X, circle.Center.Y, circle.Radius} {
				if j > 0 {
					d = append(d, ',')
				}
				if d, err = appendFloat(d, round2(x)); err != nil { // round2 is never -0
					return nil, err
				}
			}
			d = append(d, ']')
		default: // the boxes' corners, in the sprite's form of a ring
			d = append(d, '"')
			for _, r := range rings {
				ring := dr.ring[:0]
				for _, p := range r {
					v.add(p.X, p.Y)
					ring = append(ring, export.Point{p.X, p.Y})
				}
				one[0], dr.ring = ring, ring
				d = appendPath(d, one[:])
			}
			d = append(d, '"')
		}
	}
	r := v.rect(s)
	b := appendInts(append(make([]byte, 0, len(d)+48), `"v":`...), r[:]...)
	return append(append(b, d...), ']'), nil
}

// wireRings returns the rings of s of kind k (hull, polygon, pieces and
// outline; one holds a single ring) as geometry gives them, without the
// copies, and false for other kinds. The rings are empty when s has no
// shape of kind k, which draws as "" either way.
func wireRings(s *export.Sprite, k collide.Kind, one *[1]export.Ring) ([]export.Ring, bool) {
	switch k {
	case collide.KindHull:
		one[0] = s.Hull
	case collide.KindPolygon:
		one[0] = s.Polygon
	case collide.KindPieces:
		return s.Pieces, true
	case collide.KindOutline:
		return s.Outline, true
	default:
		return nil, false
	}
	return one[:], true
}

// sameBits reports whether rings a and b hold the same numbers, bit for
// bit.
func sameBits(a, b export.Ring) bool {
	if len(a) != len(b) {
		return false
	}
	for i, p := range a {
		q := b[i]
		if math.Float64bits(p[0]) != math.Float64bits(q[0]) || math.Float64bits(p[1]) != math.Float64bits(q[1]) {
			return false
		}
	}
	return true
}

// appendJSON appends p as encoding/json writes the struct (an index page
// was a fifth of the report's time in a rebuild, in json.Marshal).
func (p *indexPage) appendJSON(b []byte) ([]byte, error) {
	b = strconv.AppendInt(append(b, `{"page":`...), int64(p.Page), 10)
	b = strconv.AppendInt(append(b, `,"first":`...), int64(p.First), 10)
	b = append(b, `,"n":`...)
	if p.Names == nil {
		b = append(b, "null"...)
	} else {
		b = append(b, '[')
		for i, n := range p.Names {
			if i > 0 {
				b = append(b, ',')
			}
			var err error
			if b, err = appendString(b, n); err != nil {
				return nil, err
			}
		}
		b = append(b, ']')
	}
	b = appendIntColumn(append(b, `,"px":`...), p.Pixels)
	b = appendIntColumn(append(b, `,"out":`...), p.Outside)
	b = appendIntColumn(append(b, `,"w":`...), p.Warnings)
	b = append(b, `,"k":`...)
	if p.Kinds == nil {
		return append(b, "null}"...), nil
	}
	b = append(b, '{')
	for i, name := range slices.Sorted(maps.Keys(p.Kinds)) {
		if i > 0 {
			b = append(b, ',')
		}
		var err error
		if b, err = appendString(b, name); err != nil {
			return nil, err
		}
		k := p.Kinds[name]
		if k == nil {
			b = append(b, ":null"...)
			continue
		}
		b = appendIntColumn(append(b, `:{"out":`...), k.Outside)
		for _, col := range []struct {
			key string
			vs  []float64
		}{{`,"fp":`, k.FPArea}, {`,"ar":`, k.AreaRatio}} {
			b = append(b, col.key...)
			if col.vs == nil {
				b = append(b, "null"...)
				continue
			}
			b = append(b, '[')
			for j, v := range col.vs {
				if j > 0 {
					b = append(b, ',')
				}
				if b, err = appendFloat(b, v); err != nil {
					return nil, err
				}
			}
			b = append(b, ']')
		}
		b = append(appendIntColumn(append(b, `,"c":`...), k.Count), '}')
	}
	return append(b, "}}"...), nil
}

// appendIntColumn appends vs as encoding/json writes an []int (null when
// nil).
func appendIntColumn(b []byte, vs []int) []byte {
	if vs == nil {
		return append(b, "null"...)
	}
	return appendInts(b, vs...)
}
