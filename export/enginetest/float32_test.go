package enginetest

import (
	"fmt"
	"math"
	"math/big"
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/shapegen/shapegen/export"
	"github.com/shapegen/shapegen/mask"
)

// shape32 is one shape kind of one sprite as a float32 format stores it,
// relative to the pivot: convex polygons, or a circle, or a box (centre,
// half-extents, angle).
type shape32 struct {
	polys  [][]export.Point
	circle *[3]float64 // x, y, r
	box    *[5]float64 // x, y, hx, hy, angle
}

// TestFloat32Guarantee checks, for every sprite of testdata/sprites and of
// the corpus (when present), built with every kind, that every opaque
// pixel square lies inside each shape the float32 formats (lua, godot,
// godot3) store, with the numbers as the engine reads them (float32) and
// exact arithmetic; boxes with their corners computed in float32 as the
// engines compute them.
func TestFloat32Guarantee(t *testing.T) {
	dirs := map[string]string{"sprites": sprites}
	if _, err := os.Stat(corpus); err == nil {
		dirs["corpus"] = corpus
	}
	for _, name := range sortedKeys(dirs) {
		t.Run(name, func(t *testing.T) {
			lib := buildLib(t, dirs[name])
			masks := map[string]*mask.Mask{}
			for i := range lib.Sprites {
				s := &lib.Sprites[i]
				if s.Mask == nil {
					if s.Pixels > 0 {
						t.Fatalf("%s: no mask", s.Name)
					}
					continue
				}
				m, err := s.Mask.Decode()
				if err != nil {
					t.Fatal(err)
				}
				masks[s.Name] = m
			}
			for _, f := range []string{"lua", "godot", "godot3"} {
				files, om := write(t, f, lib, "")
				var got map[string]map[string]shape32
				var err error
				switch f {
				case "lua":
					got, err = luaShapes(string(files["shapes.lua"]))
				case "godot":
					got, err = godotShapes(string(files["shapes.tscn"]), 3)
				case "godot3":
					got, err = godotShapes(string(files["shapes.godot3.tscn"]), 2)
				}
				if err != nil {
					t.Fatalf("%s: %v", f, err)
				}
				checked := 0
				for i := range lib.Sprites {
					s := &lib.Sprites[i]
					for kind, sh := range got[s.Name] {
						if err := contains32(masks[s.Name], s.Pivot, sh); err != nil {
							t.Errorf("%s: %s %s: %v", f, s.Name, kind, err)
						}
						checked++
					}
				}
				t.Logf("%s: %d shapes of %d sprites contain every opaque pixel in float32; left out: %v", f, checked, len(lib.Sprites), om)
				if checked < len(lib.Sprites) {
					t.Errorf("%s: only %d shapes checked", f, checked)
				}
			}
		})
	}
}

// contains32 returns an error when some opaque pixel square of m lies
// outside sh (relative to pivot).
func contains32(m *mask.Mask, pivot export.Point, sh shape32) error {
	for _, p := range sh.polys {
		for _, v := range p {
			if float64(float32(v[0])) != v[0] || float64(float32(v[1])) != v[1] {
				return fmt.Errorf("vertex %v is not float32", v)
			}
		}
	}
	// The extreme corners of each row: a convex shape contains every
	// pixel square when it contains these.
	var ext []export.Point
	for y := 0; y < m.Height(); y++ {
		x0, x1 := -1, -1
		for x := 0; x < m.Width(); x++ {
			if m.Get(x, y) {
				if x0 < 0 {
					x0 = x
				}
				x1 = x
			}
		}
		if x0 >= 0 {
			fy := float64(y)
			ext = append(ext, export.Point{float64(x0), fy}, export.Point{float64(x0), fy + 1}, export.Point{float64(x1 + 1), fy}, export.Point{float64(x1 + 1), fy + 1})
		}
	}
	inPoly := func(poly []export.Point, q export.Point) bool {
		for i := range poly {
			if orientExact(poly[i], poly[(i+1)%len(poly)], q, pivot) < 0 {
				return false
			}
		}
		return true
	}
	switch {
	case sh.circle != nil:
		c := sh.circle
		for _, q := range ext {
			if !inCircle(c, q, pivot) {
				return fmt.Errorf("corner %v outside circle %v", q, *c)
			}
		}
	case sh.box != nil:
		b := sh.box
		poly := corners32(b)
		for _, q := range ext {
			if !inPoly(poly, q) {
				return fmt.Errorf("corner %v outside box %v (float32 corners %v)", q, *b, poly)
			}
		}
	case len(sh.polys) == 1:
		for _, q := range ext {
			if !inPoly(sh.polys[0], q) {
				return fmt.Errorf("corner %v outside %v", q, sh.polys[0])
			}
		}
	default: // pieces: every pixel square inside one piece
		last := 0
		for y := 0; y < m.Height(); y++ {
			for x := 0; x < m.Width(); x++ {
				if !m.Get(x, y) {
					continue
				}
				fx, fy := float64(x), float64(y)
				cs := [4]export.Point{{fx, fy}, {fx + 1, fy}, {fx + 1, fy + 1}, {fx, fy + 1}}
				found := false
				for k := range sh.polys {
					i := (last + k) % len(sh.polys)
					if inPoly(sh.polys[i], cs[0]) && inPoly(sh.polys[i], cs[1]) && inPoly(sh.polys[i], cs[2]) && inPoly(sh.polys[i], cs[3]) {
						found, last = true, i
						break
					}
				}
				if !found {
					return fmt.Errorf("pixel (%d, %d) in no piece", x, y)
				}
			}
		}
	}
	return nil
}

// corners32 returns a box's corners as a float32 engine computes them:
// float32 sine and cosine of the float32 angle, float32 products and sums.
func corners32(b *[5]float64) []export.Point {
	s, c := math.Sincos(float64(float32(b[4])))
	s32, c32 := float32(s), float32(c)
	cx, cy, hx, hy := float32(b[0]), float32(b[1]), float32(b[2]), float32(b[3])
	var out []export.Point
	for _, k := range [4][2]float32{{-1, -1}, {1, -1}, {1, 1}, {-1, 1}} {
		x, y := k[0]*hx, k[1]*hy
		out = append(out, export.Point{float64(cx + (c32*x - s32*y)), float64(cy + (s32*x + c32*y))})
	}
	return out
}

// orientExact is the sign of (b - a) x (q - o - a), exactly: a float64
// filter, then rationals.
func orientExact(a, b, q, o export.Point) int {
	qx, ex := twoDiff(q[0], o[0])
	qy, ey := twoDiff(q[1], o[1])
	if ex == 0 && ey == 0 {
		l := (b[0] - a[0]) * (qy - a[1])
		r := (b[1] - a[1]) * (qx - a[0])
		if d := l - r; math.Abs(d) > 1e-12*(math.Abs(l)+math.Abs(r)) {
			if d > 0 {
				return 1
			}
			return -1
		}
		// A point on the line, often: when the differences and products
		// are exact, comparing the products is exact.
		dx, e1 := twoDiff(b[0], a[0])
		dy, e2 := twoDiff(b[1], a[1])
		ux, e3 := twoDiff(qx, a[0])
		uy, e4 := twoDiff(qy, a[1])
		if e1 == 0 && e2 == 0 && e3 == 0 && e4 == 0 && math.FMA(dx, uy, -l) == 0 && math.FMA(dy, ux, -r) == 0 {
			switch {
			case l > r:
				return 1
			case l < r:
				return -1
			}
			return 0
		}
	}
	rat := func(v float64) *big.Rat { return new(big.Rat).SetFloat64(v) }
	sub := func(x, y *big.Rat) *big.Rat { return new(big.Rat).Sub(x, y) }
	mul := func(x, y *big.Rat) *big.Rat { return new(big.Rat).Mul(x, y) }
	px, py := sub(rat(q[0]), rat(o[0])), sub(rat(q[1]), rat(o[1]))
	return sub(mul(sub(rat(b[0]), rat(a[0])), sub(py, rat(a[1]))), mul(sub(rat(b[1]), rat(a[1])), sub(px, rat(a[0])))).Sign()
}

// twoDiff returns a - b rounded and its rounding error (Knuth's TwoSum):
// the difference is exact when the error is 0.
func twoDiff(a, b float64) (s, e float64) {
	s = a - b
	bv := s - a
	av := s - bv
	return s, (a - av) - (b + bv)
}

// inCircle reports whether q - o lies in the circle c = {x, y, r}, exactly.
func inCircle(c *[3]float64, q, o export.Point) bool {
	fx, fy := q[0]-o[0]-c[0], q[1]-o[1]-c[1]
	if d2, r2 := fx*fx+fy*fy, c[2]*c[2]; math.Abs(d2-r2) > 1e-9*(r2+d2+1) {
		return d2 < r2
	}
	rat := func(v float64) *big.Rat { return new(big.Rat).SetFloat64(v) }
	dx := new(big.Rat).Sub(new(big.Rat).Sub(rat(q[0]), rat(o[0])), rat(c[0]))
	dy := new(big.Rat).Sub(new(big.Rat).Sub(rat(q[1]), rat(o[1])), rat(c[1]))
	d2 := new(big.Rat).Add(new(big.Rat).Mul(dx, dx), new(big.Rat).Mul(dy, dy))
	r := rat(c[2])
	return d2.Cmp(new(big.Rat).Mul(r, r)) <= 0
}

// godotShapes returns the shapes of a Godot scene by sprite and kind,
// relative to the pivot.
func godotShapes(src string, format int) (map[string]map[string]shape32, error) {
	sc, err := parseScene(src, format)
	if err != nil {
		return nil, err
	}
	out := map[string]map[string]shape32{}
	owner := map[string]string{} // Area2D node name -> sprite
	for _, n := range sc.nodes {
		typ, _ := n.attrs["type"].(string)
		name, _ := n.attrs["name"].(string)
		switch typ {
		case "Area2D":
			s, _ := sc.meta(n, "sprite").(string)
			owner[name] = s
			out[s] = map[string]shape32{}
		case "CollisionShape2D":
			parent, _ := n.attrs["parent"].(string)
			s := owner[parent]
			kind := strings.TrimRight(name, "0123456789")
			sh := out[s][kind]
			pos := nums(n.props["position"])
			if len(pos) == 0 {
				pos = []float64{0, 0}
			}
			rot, _ := n.props["rotation"].(float64)
			res := sc.shape(n)
			switch res.attrs["type"] {
			case "ConvexPolygonShape2D":
				v := nums(res.props["points"])
				var p []export.Point
				for i := 0; i < len(v); i += 2 {
					p = append(p, export.Point{v[i], v[i+1]})
				}
				sh.polys = append(sh.polys, p)
			case "CircleShape2D":
				r, _ := res.props["radius"].(float64)
				sh.circle = &[3]float64{pos[0], pos[1], r}
			case "RectangleShape2D":
				var h []float64
				if format == 3 {
					h = nums(res.props["size"])
					h[0], h[1] = h[0]/2, h[1]/2
				} else {
					h = nums(res.props["extents"])
				}
				sh.box = &[5]float64{pos[0], pos[1], h[0], h[1], rot}
			}
			out[s][kind] = sh
		}
	}
	return out, nil
}

// luaShapes returns the shapes of shapes.lua by sprite and kind.
func luaShapes(src string) (map[string]map[string]shape32, error) {
	out := map[string]map[string]shape32{}
	for _, stmt := range strings.Split(src, "\nS[")[1:] {
		p := &luaParser{src: stmt}
		name, err := p.str()
		if err != nil {
			return nil, err
		}
		if !p.eat("]") || !p.eat("=") {
			return nil, fmt.Errorf("sprite %q: expected ] =", name)
		}
		v, err := p.value()
		if err != nil {
			return nil, fmt.Errorf("sprite %q: %v", name, err)
		}
		tab := v.(*luaTable)
		m := map[string]shape32{}
		for k, v := range tab.fields {
			t, ok := v.(*luaTable)
			if !ok {
				continue
			}
			n := t.numbers()
			switch k {
			case "circle":
				m[k] = shape32{circle: &[3]float64{n[0], n[1], n[2]}}
			case "aabb", "box":
				angle := 0.0
				if len(n) > 4 {
					angle = n[4]
				}
				m[k] = shape32{box: &[5]float64{n[0], n[1], n[2] / 2, n[3] / 2, angle}}
			case "hull", "polygon":
				m[k] = shape32{polys: [][]export.Point{points(n)}}
			case "pieces":
				var sh shape32
				for _, pv := range t.list {
					sh.polys = append(sh.polys, points(pv.(*luaTable).numbers()))
				}
				m[k] = sh
			}
		}
		out[name] = m
	}
	return out, nil
}

func points(n []float64) []export.Point {
	var p []export.Point
	for i := 0; i+1 < len(n); i += 2 {
		p = append(p, export.Point{n[i], n[i+1]})
	}
	return p
}

// luaTable is a parsed Lua table constructor.
type luaTable struct {
	list   []any
	fields map[string]any
}

func (t *luaTable) numbers() []float64 {
	var out []float64
	for _, v := range t.list {
		if f, ok := v.(float64); ok {
			out = append(out, f)
		}
	}
	return out
}

// luaParser parses the subset of Lua that shapes.lua's sprite entries use:
// table constructors of strings, numbers, booleans and tables, with
// name = value fields.
type luaParser struct {
	src string
	pos int
}

func (p *luaParser) space() {
	for p.pos < len(p.src) && strings.IndexByte(" \t\r\n", p.src[p.pos]) >= 0 {
		p.pos++
	}
}

func (p *luaParser) eat(s string) bool {
	p.space()
	if strings.HasPrefix(p.src[p.pos:], s) {
		p.pos += len(s)
		return true
	}
	return false
}

func (p *luaParser) str() (string, error) {
	p.space()
	start := p.pos
	if p.pos >= len(p.src) || p.src[p.pos] != '"' {
		return "", fmt.Errorf("expected a string at %q", p.src[p.pos:min(len(p.src), p.pos+20)])
	}
	p.pos++
	for p.pos < len(p.src) && p.src[p.pos] != '"' {
		if p.src[p.pos] == '\\' {
			p.pos++
		}
		p.pos++
	}
	p.pos++
	return strconv.Unquote(luaToGo(p.src[start:min(p.pos, len(p.src))]))
}

func (p *luaParser) value() (any, error) {
	p.space()
	if p.pos >= len(p.src) {
		return nil, fmt.Errorf("unexpected end")
	}
	c := p.src[p.pos]
	switch {
	case c == '"':
		return p.str()
	case c == '{':
		p.pos++
		t := &luaTable{fields: map[string]any{}}
		for !p.eat("}") {
			// name = value, or a value
			save := p.pos
			p.space()
			start := p.pos
			for p.pos < len(p.src) && (p.src[p.pos] == '_' || p.src[p.pos] >= 'a' && p.src[p.pos] <= 'z') {
				p.pos++
			}
			key := p.src[start:p.pos]
			if key != "" && key != "true" && key != "false" && p.eat("=") {
				v, err := p.value()
				if err != nil {
					return nil, err
				}
				t.fields[key] = v
			} else {
				p.pos = save
				v, err := p.value()
				if err != nil {
					return nil, err
				}
				t.list = append(t.list, v)
			}
			if !p.eat(",") && !strings.HasPrefix(strings.TrimLeft(p.src[p.pos:], " \n"), "}") {
				return nil, fmt.Errorf("expected , or } at %q", p.src[p.pos:min(len(p.src), p.pos+20)])
			}
		}
		return t, nil
	case p.eat("true"):
		return true, nil
	case p.eat("false"):
		return false, nil
	}
	start := p.pos
	for p.pos < len(p.src) && strings.IndexByte("+-.0123456789eE", p.src[p.pos]) >= 0 {
		p.pos++
	}
	return strconv.ParseFloat(p.src[start:p.pos], 64)
}
