package enginetest

import (
	"fmt"
	"strconv"
	"strings"
	"unicode"
)

// A parser of Godot's text scene format (.tscn), written from Godot's
// documentation of the format ("TSCN file format"): a [gd_scene] header,
// then [ext_resource] and [sub_resource] sections, then [node] sections,
// each tag followed by "key = value" lines whose values are Variants in
// Godot's text syntax. format=3 is Godot 4 (PackedVector2Array,
// SubResource("id"), metadata/key), format=2 is Godot 3 (PoolVector2Array,
// SubResource( 1 ), __meta__ dictionaries). The parser checks what Godot
// checks on load and a little more: sections in order, known tags, ids
// unique and references resolved, node names valid and unique among
// siblings, parents declared before their children, and the classes and
// property types this exporter uses.

// value is a parsed Variant: float64, bool, string, nil, []value (an
// array), map[string]value (a dictionary) or call (a constructor such as
// Vector2(1, 2) or SubResource("id")).
type value any

type call struct {
	name string
	args []value
}

type section struct {
	tag   string
	attrs map[string]value
	props map[string]value
	order []string // property keys in file order
	line  int
}

type scene struct {
	format   int
	subs     map[string]*section // by id
	subOrder []string
	nodes    []*section
	paths    map[string]*section // node path ("." for the root) -> node
}

// parseScene parses and checks a scene of the given format (2 or 3).
func parseScene(src string, format int) (*scene, error) {
	p := &tscnParser{src: src, line: 1}
	var secs []*section
	p.skipSpace()
	for p.pos < len(p.src) {
		if p.peek() == ';' { // comment
			p.skipLine()
			p.skipSpace()
			continue
		}
		if p.peek() != '[' {
			if len(secs) == 0 {
				return nil, p.errf("property before the first section")
			}
			key, v, err := p.property()
			if err != nil {
				return nil, err
			}
			s := secs[len(secs)-1]
			if _, dup := s.props[key]; dup {
				return nil, p.errf("property %q twice", key)
			}
			s.props[key] = v
			s.order = append(s.order, key)
		} else {
			s, err := p.tag()
			if err != nil {
				return nil, err
			}
			secs = append(secs, s)
		}
		p.skipSpace()
	}
	return checkScene(secs, format)
}

type tscnParser struct {
	src       string
	pos, line int
}

func (p *tscnParser) errf(f string, a ...any) error {
	return fmt.Errorf("line %d: %s", p.line, fmt.Sprintf(f, a...))
}

func (p *tscnParser) peek() byte {
	if p.pos < len(p.src) {
		return p.src[p.pos]
	}
	return 0
}

func (p *tscnParser) skipSpace() {
	for p.pos < len(p.src) && strings.IndexByte(" \t\r\n", p.src[p.pos]) >= 0 {
		if p.src[p.pos] == '\n' {
			p.line++
		}
		p.pos++
	}
}

func (p *tscnParser) skipLine() {
	for p.pos < len(p.src) && p.src[p.pos] != '\n' {
		p.pos++
	}
}

// inlineSpace skips spaces and tabs, not newlines.
func (p *tscnParser) inlineSpace() {
	for p.pos < len(p.src) && (p.src[p.pos] == ' ' || p.src[p.pos] == '\t') {
		p.pos++
	}
}

func (p *tscnParser) ident() string {
	start := p.pos
	for p.pos < len(p.src) {
		c := rune(p.src[p.pos])
		if c == '_' || c == '/' || unicode.IsLetter(c) || unicode.IsDigit(c) {
			p.pos++
			continue
		}
		break
	}
	return p.src[start:p.pos]
}

// tag parses "[name key=value ...]" on one line.
func (p *tscnParser) tag() (*section, error) {
	s := &section{attrs: map[string]value{}, props: map[string]value{}, line: p.line}
	p.pos++ // [
	s.tag = p.ident()
	if s.tag == "" {
		return nil, p.errf("section without a tag")
	}
	for {
		p.inlineSpace()
		if p.peek() == ']' {
			p.pos++
			break
		}
		key := p.ident()
		if key == "" || p.peek() != '=' {
			return nil, p.errf("bad attribute in [%s]", s.tag)
		}
		p.pos++
		v, err := p.value()
		if err != nil {
			return nil, err
		}
		if _, dup := s.attrs[key]; dup {
			return nil, p.errf("attribute %q twice", key)
		}
		s.attrs[key] = v
	}
	p.inlineSpace()
	if c := p.peek(); c != '\n' && c != '\r' && c != 0 {
		return nil, p.errf("text after [%s]", s.tag)
	}
	return s, nil
}

// property parses "key = value"; the value may span lines.
func (p *tscnParser) property() (string, value, error) {
	key := p.ident()
	if key == "" {
		return "", nil, p.errf("expected a property name, found %q", p.peek())
	}
	p.inlineSpace()
	if p.peek() != '=' {
		return "", nil, p.errf("expected = after %q", key)
	}
	p.pos++
	p.inlineSpace()
	v, err := p.value()
	if err != nil {
		return "", nil, err
	}
	p.inlineSpace()
	if c := p.peek(); c != '\n' && c != '\r' && c != 0 {
		return "", nil, p.errf("text after the value of %q", key)
	}
	return key, v, nil
}

func (p *tscnParser) value() (value, error) {
	p.skipSpace()
	c := p.peek()
	switch {
	case c == '"':
		return p.str()
	case c == '[':
		p.pos++
		var arr []value
		for {
			p.skipSpace()
			if p.peek() == ']' {
				p.pos++
				return arr, nil
			}
			v, err := p.value()
			if err != nil {
				return nil, err
			}
			arr = append(arr, v)
			p.skipSpace()
			if p.peek() == ',' {
				p.pos++
			} else if p.peek() != ']' {
				return nil, p.errf("expected , or ] in an array")
			}
		}
	case c == '{':
		p.pos++
		dict := map[string]value{}
		for {
			p.skipSpace()
			if p.peek() == '}' {
				p.pos++
				return dict, nil
			}
			k, err := p.value()
			if err != nil {
				return nil, err
			}
			ks, ok := k.(string)
			if !ok {
				return nil, p.errf("dictionary key %v is not a string", k)
			}
			p.skipSpace()
			if p.peek() != ':' {
				return nil, p.errf("expected : in a dictionary")
			}
			p.pos++
			v, err := p.value()
			if err != nil {
				return nil, err
			}
			dict[ks] = v
			p.skipSpace()
			if p.peek() == ',' {
				p.pos++
			} else if p.peek() != '}' {
				return nil, p.errf("expected , or } in a dictionary")
			}
		}
	case c == '-' || c == '.' || (c >= '0' && c <= '9'):
		start := p.pos
		for p.pos < len(p.src) && strings.IndexByte("+-.0123456789eE", p.src[p.pos]) >= 0 {
			p.pos++
		}
		f, err := strconv.ParseFloat(p.src[start:p.pos], 64)
		if err != nil {
			return nil, p.errf("bad number %q", p.src[start:p.pos])
		}
		return f, nil
	}
	id := p.ident()
	switch id {
	case "true":
		return true, nil
	case "false":
		return false, nil
	case "null":
		return nil, nil
	case "":
		return nil, p.errf("unexpected %q", c)
	}
	if p.peek() != '(' {
		return nil, p.errf("unknown word %q", id)
	}
	p.pos++
	cl := call{name: id}
	for {
		p.skipSpace()
		if p.peek() == ')' {
			p.pos++
			return cl, nil
		}
		v, err := p.value()
		if err != nil {
			return nil, err
		}
		cl.args = append(cl.args, v)
		p.skipSpace()
		if p.peek() == ',' {
			p.pos++
		} else if p.peek() != ')' {
			return nil, p.errf("expected , or ) in %s(...)", id)
		}
	}
}

func (p *tscnParser) str() (string, error) {
	var b strings.Builder
	p.pos++
	for p.pos < len(p.src) {
		c := p.src[p.pos]
		p.pos++
		switch c {
		case '"':
			return b.String(), nil
		case '\n':
			p.line++
			b.WriteByte(c)
		case '\\':
			if p.pos >= len(p.src) {
				break
			}
			e := p.src[p.pos]
			p.pos++
			switch e {
			case 'n':
				b.WriteByte('\n')
			case 't':
				b.WriteByte('\t')
			case 'r':
				b.WriteByte('\r')
			case '"', '\\':
				b.WriteByte(e)
			default:
				return "", p.errf("unknown escape \\%c", e)
			}
		default:
			b.WriteByte(c)
		}
	}
	return "", p.errf("unterminated string")
}

// vectorTypes are the constructors of each format.
var vectorTypes = map[int]struct{ vec2, vec2i, rect, array string }{
	2: {"Vector2", "Vector2", "Rect2", "PoolVector2Array"},
	3: {"Vector2", "Vector2i", "Rect2i", "PackedVector2Array"},
}

// checkScene checks the sections of a scene of the given format.
func checkScene(secs []*section, format int) (*scene, error) {
	if len(secs) == 0 || secs[0].tag != "gd_scene" {
		return nil, fmt.Errorf("no [gd_scene] header")
	}
	if f, _ := secs[0].attrs["format"].(float64); int(f) != format {
		return nil, fmt.Errorf("[gd_scene] format=%v, want %d", secs[0].attrs["format"], format)
	}
	vt := vectorTypes[format]
	sc := &scene{format: format, subs: map[string]*section{}, paths: map[string]*section{}}
	children := map[string]map[string]bool{}
	for _, s := range secs[1:] {
		errf := func(f string, a ...any) error {
			return fmt.Errorf("line %d: [%s]: %s", s.line, s.tag, fmt.Sprintf(f, a...))
		}
		switch s.tag {
		case "sub_resource":
			if len(sc.nodes) > 0 {
				return nil, errf("a sub_resource after the nodes")
			}
			id, err := resourceID(s.attrs["id"], format)
			if err != nil {
				return nil, errf("%v", err)
			}
			if sc.subs[id] != nil {
				return nil, errf("id %s twice", id)
			}
			sc.subs[id] = s
			sc.subOrder = append(sc.subOrder, id)
			if err := checkShape(s, vt.array); err != nil {
				return nil, errf("%v", err)
			}
		case "node":
			name, ok := s.attrs["name"].(string)
			if !ok || name == "" || strings.ContainsAny(name, `.:@/"%`) {
				return nil, errf("bad node name %v", s.attrs["name"])
			}
			typ, _ := s.attrs["type"].(string)
			parent, hasParent := s.attrs["parent"].(string)
			path := "."
			switch {
			case len(sc.nodes) == 0:
				if hasParent {
					return nil, errf("the root node has a parent")
				}
			case !hasParent:
				return nil, errf("a second root node")
			default:
				if sc.paths[parent] == nil {
					return nil, errf("parent %q not declared before", parent)
				}
				if children[parent][name] {
					return nil, errf("two children named %q under %q", name, parent)
				}
				if children[parent] == nil {
					children[parent] = map[string]bool{}
				}
				children[parent][name] = true
				path = name
				if parent != "." {
					path = parent + "/" + name
				}
			}
			sc.paths[path] = s
			sc.nodes = append(sc.nodes, s)
			if err := checkNode(sc, s, typ, vt.vec2, format); err != nil {
				return nil, errf("%v", err)
			}
		case "ext_resource":
			return nil, errf("this exporter writes no external resources")
		default:
			return nil, errf("unknown section")
		}
	}
	if len(sc.nodes) == 0 {
		return nil, fmt.Errorf("no nodes")
	}
	return sc, nil
}

// resourceID returns a sub_resource id: a string in format 3, an integer
// in format 2.
func resourceID(v value, format int) (string, error) {
	switch id := v.(type) {
	case string:
		if format == 3 && id != "" {
			return id, nil
		}
	case float64:
		if format == 2 && id == float64(int(id)) && id > 0 {
			return strconv.Itoa(int(id)), nil
		}
	}
	return "", fmt.Errorf("bad id %v for format %d", v, format)
}

// checkShape checks a shape sub-resource's type and properties.
func checkShape(s *section, array string) error {
	typ, _ := s.attrs["type"].(string)
	want := map[string]string{}
	switch typ {
	case "ConvexPolygonShape2D":
		want["points"] = array
	case "CircleShape2D":
		want["radius"] = "number"
	case "RectangleShape2D":
		if array == "PackedVector2Array" {
			want["size"] = "Vector2"
		} else {
			want["extents"] = "Vector2"
		}
	default:
		return fmt.Errorf("unexpected sub-resource type %q", typ)
	}
	for k, v := range s.props {
		w, ok := want[k]
		if !ok {
			return fmt.Errorf("%s has no property %q", typ, k)
		}
		if err := isType(v, w); err != nil {
			return fmt.Errorf("%s.%s: %v", typ, k, err)
		}
	}
	if len(s.props) != len(want) {
		return fmt.Errorf("%s: properties %v, want %v", typ, s.order, want)
	}
	if pts, ok := s.props["points"].(call); ok && (len(pts.args) < 6 || len(pts.args)%2 != 0) {
		return fmt.Errorf("points has %d numbers, want an even number, at least 6", len(pts.args))
	}
	return nil
}

// isType checks v against a type name: "number", "bool", "string", or a
// constructor whose arguments are numbers.
func isType(v value, typ string) error {
	switch typ {
	case "number":
		if _, ok := v.(float64); ok {
			return nil
		}
	case "bool":
		if _, ok := v.(bool); ok {
			return nil
		}
	case "string":
		if _, ok := v.(string); ok {
			return nil
		}
	default:
		c, ok := v.(call)
		if !ok || c.name != typ {
			break
		}
		n := map[string]int{"Vector2": 2, "Vector2i": 2, "Rect2": 4, "Rect2i": 4}[typ]
		if n > 0 && len(c.args) != n {
			return fmt.Errorf("%s with %d arguments", typ, len(c.args))
		}
		for _, a := range c.args {
			f, ok := a.(float64)
			if !ok {
				return fmt.Errorf("%s argument %v is not a number", typ, a)
			}
			if strings.HasSuffix(typ, "i") && f != float64(int(f)) {
				return fmt.Errorf("%s argument %v is not an integer", typ, a)
			}
		}
		return nil
	}
	return fmt.Errorf("%v is not a %s", v, typ)
}

// checkNode checks a node's class and properties.
func checkNode(sc *scene, s *section, typ, vec2 string, format int) error {
	props := map[string]string{}
	switch typ {
	case "Node2D", "Area2D":
	case "CollisionShape2D":
		parent, _ := s.attrs["parent"].(string)
		if pt, _ := sc.paths[parent].attrs["type"].(string); pt != "Area2D" {
			return fmt.Errorf("CollisionShape2D under a %s: it gives no collision", pt)
		}
		props = map[string]string{"position": vec2, "rotation": "number", "shape": "SubResource", "disabled": "bool"}
	default:
		return fmt.Errorf("unexpected node type %q", typ)
	}
	for _, k := range s.order {
		v := s.props[k]
		if meta, ok := strings.CutPrefix(k, "metadata/"); ok {
			if format != 3 || meta == "" {
				return fmt.Errorf("%s in format %d", k, format)
			}
			continue
		}
		if k == "__meta__" {
			if _, ok := v.(map[string]value); !ok || format != 2 {
				return fmt.Errorf("__meta__ is not a dictionary of format 2")
			}
			continue
		}
		w, ok := props[k]
		if !ok {
			return fmt.Errorf("%s has no property %q", typ, k)
		}
		if w == "SubResource" {
			c, ok := v.(call)
			if !ok || c.name != "SubResource" || len(c.args) != 1 {
				return fmt.Errorf("shape = %v is not a SubResource", v)
			}
			id, err := resourceID(c.args[0], format)
			if err != nil || sc.subs[id] == nil {
				return fmt.Errorf("shape refers to sub-resource %v, not declared", c.args[0])
			}
			continue
		}
		if err := isType(v, w); err != nil {
			return fmt.Errorf("%s.%s: %v", typ, k, err)
		}
	}
	if typ == "CollisionShape2D" && s.props["shape"] == nil {
		return fmt.Errorf("CollisionShape2D without a shape")
	}
	return nil
}

// meta returns a node's metadata entry key in either format.
func (sc *scene) meta(n *section, key string) value {
	if sc.format == 3 {
		return n.props["metadata/"+key]
	}
	m, _ := n.props["__meta__"].(map[string]value)
	return m[key]
}

// shape returns the sub-resource a CollisionShape2D uses.
func (sc *scene) shape(n *section) *section {
	c, _ := n.props["shape"].(call)
	id, _ := resourceID(c.args[0], sc.format)
	return sc.subs[id]
}

// nums returns a constructor's numeric arguments.
func nums(v value) []float64 {
	c, _ := v.(call)
	out := make([]float64, len(c.args))
	for i, a := range c.args {
		out[i], _ = a.(float64)
	}
	return out
}
