package export

import (
	"bytes"
	"fmt"
	"io"
	"maps"
	"math"
	"slices"
	"strconv"
	"strings"

	"gopkg.in/yaml.v3"
)

// WriteYAML writes lib to w as YAML with the same keys, order and checks as
// WriteJSON: block style for the library, the sprites, the quality map and
// several pieces or outline rings; flow style ([x, y], {x: 0, ...}) for
// everything WriteJSON puts on one line. Each sprite is marshalled by
// yaml.v3, which also decides how strings are quoted.
func WriteYAML(w io.Writer, lib *Library) error {
	return writeAll(w, lib, func(w io.Writer, lib *Library) (spriteWriter, error) { return NewYAMLWriter(w, lib) })
}

// YAMLWriter writes a library as WriteYAML lays it out, one sprite at a
// time, with the rules of JSONWriter: sprites sorted by name, checked as
// Read checks them, and the first error kept.
type YAMLWriter struct {
	w   io.Writer
	buf bytes.Buffer
	err error
	listOrder
}

// NewYAMLWriter checks lib's format and settings (its Sprites are not
// used; an empty Format is written as shapegen/v1) and writes the library
// up to its sprite list to w.
func NewYAMLWriter(w io.Writer, lib *Library) (*YAMLWriter, error) {
	h := head{Format: text(lib.Format), Generator: text(lib.Generator), Settings: lib.Settings}
	if h.Format == "" {
		h.Format = Format
	}
	if err := validate(&Library{Format: string(h.Format), Settings: h.Settings}, false); err != nil {
		return nil, err
	}
	yw := &YAMLWriter{w: w}
	if err := yw.encode(h); err != nil {
		return nil, err
	}
	yw.buf.WriteString("sprites:")
	_, yw.err = w.Write(yw.buf.Bytes())
	return yw, yw.err
}

// head is a library without its sprites, as the YAML starts.
type head struct {
	Format    text     `yaml:"format"`
	Generator text     `yaml:"generator,omitempty"`
	Settings  Settings `yaml:"settings,flow"`
}

// encode marshals v into yw.buf (emptied first).
func (yw *YAMLWriter) encode(v any) error {
	yw.buf.Reset()
	return encodeYAML(&yw.buf, v)
}

// encodeYAML marshals v into buf with two-space indentation.
func encodeYAML(buf *bytes.Buffer, v any) error {
	enc := yaml.NewEncoder(buf)
	enc.SetIndent(2)
	if err := enc.Encode(v); err != nil {
		return err
	}
	return enc.Close()
}

// indentItem appends the lines of b, a one-entry list as yaml.v3 writes
// it, to dst as an entry of a list under a key ("sprites:"): each on a
// line of its own, indented two spaces.
func indentItem(dst, b []byte) []byte {
	for line := range bytes.Lines(b) {
		dst = append(append(dst, "\n  "...), bytes.TrimSuffix(line, []byte("\n"))...)
	}
	return dst
}

// AppendSpriteYAML appends sp to dst as WriteYAML lays it out in a
// library's sprite list: the bytes YAMLWriter.Add writes for it, which
// YAMLWriter.AddFragment takes. Unlike a YAMLWriter it may be called from
// several goroutines at once, so that a build encodes sprites on every
// core (yaml.v3's encoder is the costliest writer). It returns dst
// unchanged and an error when sp is not valid (as Read checks it).
func AppendSpriteYAML(dst []byte, sp *Sprite) ([]byte, error) {
	if err := sp.Check(); err != nil {
		return dst, err
	}
	var buf bytes.Buffer
	if err := encodeYAML(&buf, []*Sprite{sp}); err != nil {
		return dst, err
	}
	return indentItem(dst, buf.Bytes()), nil
}

// AppendSpriteYAMLLike is AppendSpriteYAML for a sprite that may repeat
// like, whose bytes from AppendSpriteYAML are likeFrag: when the two have
// the same body (pixels, shapes, quality figures and mask, bit for bit),
// only sp's other keys are encoded and like's body lines are copied
// between them. A repeated frame's body is most of its bytes, and
// yaml.v3 takes the same time for them every time. Each key of a
// sprite's block mapping is written apart from the others, so the bytes
// are AppendSpriteYAML's either way. Sprites with odd strings (see odd),
// which yaml.v3 does not marshal alone, are encoded whole.
func AppendSpriteYAMLLike(dst []byte, sp, like *Sprite, likeFrag []byte) ([]byte, error) {
	body, ok := yamlBody(likeFrag)
	if !ok || sp.odd() || like.odd() || !sameBody(sp, like) {
		return AppendSpriteYAML(dst, sp)
	}
	if err := sp.Check(); err != nil {
		return dst, err
	}
	rest := *sp // the keys around the body, with "pixels: 0" where it goes
	rest.Pixels, rest.AABB, rest.Circle, rest.Box = 0, nil, nil, nil
	rest.Hull, rest.Polygon, rest.Pieces, rest.Outline = nil, nil, nil, nil
	rest.Quality, rest.Mask = nil, nil
	var buf bytes.Buffer
	if err := encodeYAML(&buf, []*Sprite{&rest}); err != nil {
		return dst, err
	}
	b := indentItem(nil, buf.Bytes())
	before, after, ok := bytes.Cut(b, []byte(yamlPixels+"0"))
	if !ok || len(after) > 0 && after[0] != '\n' {
		return AppendSpriteYAML(dst, sp)
	}
	return append(append(append(dst, before...), body...), after...), nil
}

// yamlPixels starts the first line of a sprite's body in its fragment.
const yamlPixels = "\n    pixels: "

// yamlBody returns the lines of frag, a sprite's fragment, from its
// "pixels" key up to its same_as or warnings key or its end: the keys
// sameBody compares, which are the keys of Sprite from Pixels to Mask.
func yamlBody(frag []byte) ([]byte, bool) {
	i := bytes.Index(frag, []byte(yamlPixels))
	if i < 0 {
		return nil, false
	}
	end := len(frag)
	for _, k := range []string{"\n    same_as: ", "\n    warnings: "} {
		if j := bytes.Index(frag[i:], []byte(k)); j >= 0 {
			end = min(end, i+j)
		}
	}
	return frag[i:end], true
}

// sameBody reports whether a and b hold the same pixel count, shapes,
// quality figures and mask, numbers compared bit for bit (0 and -0 are
// written differently, and NaN is never the same).
func sameBody(a, b *Sprite) bool {
	return a.Pixels == b.Pixels &&
		samePtr(a.AABB, b.AABB, func(p, q *AABB) bool { return samePoint(p.Min, q.Min) && samePoint(p.Max, q.Max) }) &&
		samePtr(a.Circle, b.Circle, func(p, q *Circle) bool { return samePoint(p.Center, q.Center) && sameNum(p.Radius, q.Radius) }) &&
		samePtr(a.Box, b.Box, func(p, q *Box) bool {
			return samePoint(p.Center, q.Center) && samePoint(p.Half, q.Half) && sameNum(p.Angle, q.Angle)
		}) &&
		sameRing(a.Hull, b.Hull) && sameRing(a.Polygon, b.Polygon) &&
		slices.EqualFunc(a.Pieces, b.Pieces, sameRing) && slices.EqualFunc(a.Outline, b.Outline, sameRing) &&
		maps.EqualFunc(a.Quality, b.Quality, func(p, q Quality) bool {
			return p.Outside == q.Outside && sameNum(p.AreaRatio, q.AreaRatio) && sameNum(p.FPArea, q.FPArea)
		}) &&
		samePtr(a.Mask, b.Mask, func(p, q *EncodedMask) bool { return *p == *q })
}

func samePtr[T any](a, b *T, same func(a, b *T) bool) bool {
	return a == nil && b == nil || a != nil && b != nil && same(a, b)
}

func sameNum(a, b float64) bool { return math.Float64bits(a) == math.Float64bits(b) && a == a }

func samePoint(a, b Point) bool { return sameNum(a[0], b[0]) && sameNum(a[1], b[1]) }

// sameRing reports whether a and b hold the same numbers, bit for bit (so
// -0 is not 0, and NaN is never the same): rings that appendRing writes
// the same, and that every check treats alike.
func sameRing(a, b Ring) bool { return slices.EqualFunc(a, b, samePoint) }

// Add writes sp, after checking it as Read would.
func (yw *YAMLWriter) Add(sp *Sprite) error {
	if yw.err != nil {
		return yw.err
	}
	if sp.Name == "" {
		yw.err = fmt.Errorf("sprite %d has no name", yw.n)
		return yw.err
	}
	var out []byte
	if out, yw.err = AppendSpriteYAML(nil, sp); yw.err != nil {
		return yw.err
	}
	if yw.err = yw.sprite(sp.Name); yw.err != nil {
		return yw.err
	}
	_, yw.err = yw.w.Write(out)
	return yw.err
}

// AddFragment writes the sprite called name as frag: the bytes (yaml.v3's
// output) that Add wrote for it to an earlier YAMLWriter, as
// JSONWriter.AddFragment. Only the order of names is checked.
func (yw *YAMLWriter) AddFragment(name string, frag []byte) error {
	if yw.err != nil {
		return yw.err
	}
	if !bytes.HasPrefix(frag, []byte("\n  - ")) {
		yw.err = fmt.Errorf("sprite %q: not a fragment of a YAML library", name)
		return yw.err
	}
	if yw.err = yw.sprite(name); yw.err != nil {
		return yw.err
	}
	_, yw.err = yw.w.Write(frag)
	return yw.err
}

// AddFragments writes the sprites called names as the bytes r holds, as
// JSONWriter.AddFragments. Only the order of names is checked.
func (yw *YAMLWriter) AddFragments(names []string, r io.Reader) error {
	if yw.err == nil {
		yw.err = yw.copyFragments(yw.w, names, r)
	}
	return yw.err
}

// AddAnimation writes a after every sprite, with the rules of
// JSONWriter.AddAnimation.
func (yw *YAMLWriter) AddAnimation(a *Animation) error {
	if yw.err != nil {
		return yw.err
	}
	head := ""
	if yw.anims == 0 {
		if yw.n == 0 {
			head = " []"
		}
		head += "\nanimations:"
	}
	if yw.err = yw.anim(a); yw.err != nil {
		return yw.err
	}
	if yw.err = yw.encode([]*Animation{a}); yw.err != nil {
		return yw.err
	}
	_, yw.err = yw.w.Write(indentItem([]byte(head), yw.buf.Bytes()))
	return yw.err
}

// Close ends the sprite or animation list and the library.
func (yw *YAMLWriter) Close() error {
	if yw.err != nil {
		return yw.err
	}
	end := "\n"
	if yw.n == 0 && yw.anims == 0 {
		end = " []\n"
	}
	_, yw.err = io.WriteString(yw.w, end)
	if yw.err == nil {
		yw.err = errClosed
		return nil
	}
	return yw.err
}

// MarshalYAML writes a's name, its frames, then its sprite's keys from
// size on: an animation has no place keys (see Animation).
func (a Animation) MarshalYAML() (any, error) {
	body := a.Sprite
	body.Image, body.Frame, body.Offset, body.Rotated, body.Turn, body.SameAs, body.Mask = "", Frame{}, nil, false, 0, "", nil
	v, err := body.MarshalYAML()
	if err != nil {
		return nil, err
	}
	n, ok := v.(*yaml.Node)
	if !ok {
		n = new(yaml.Node)
		if err := n.Encode(v); err != nil {
			return nil, err
		}
	}
	frames := &yaml.Node{Kind: yaml.SequenceNode, Style: yaml.FlowStyle}
	for _, f := range a.Frames {
		frames.Content = append(frames.Content, str(f))
	}
	keys := []*yaml.Node{n.Content[0], n.Content[1], str("frames"), frames} // name first
	for i := 2; i+1 < len(n.Content); i += 2 {
		if k := n.Content[i].Value; k != "image" && k != "frame" {
			keys = append(keys, n.Content[i], n.Content[i+1])
		}
	}
	n.Content = keys
	return n, nil
}

// text is a string that yaml.v3 writes so that it reads back the same:
// see odd.
type text string

// MarshalYAML writes t double-quoted when it is odd, else as yaml.v3
// would.
func (t text) MarshalYAML() (any, error) { return str(string(t)), nil }

// str returns the node of the string s: double-quoted when s is odd, else
// as yaml.v3 chooses.
func str(s string) *yaml.Node {
	n := &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!str", Value: s}
	if odd(s) {
		n.Style = yaml.DoubleQuotedStyle
	}
	return n
}

// odd reports whether yaml.v3 may write s so that it does not read back
// the same: s holds a control character, a line or paragraph separator or
// a byte-order mark, starts or ends with white space, or is the merge key
// "<<", which yaml.v3 writes plain. yaml.v3 writes a
// string with a line break in block style, which loses a leading line
// break and cannot hold a tab before one; such strings are written
// double-quoted instead.
func odd(s string) bool {
	if s != strings.TrimSpace(s) || s == "<<" {
		return true
	}
	for _, r := range s {
		if r < 0x20 || r == 0x7f || r == 0x85 || r == 0x2028 || r == 0x2029 || r == 0xfeff {
			return true
		}
	}
	return false
}

// MarshalYAML writes s as yaml.v3 writes its fields, but for odd strings
// (see odd), which it double-quotes.
func (s Sprite) MarshalYAML() (any, error) {
	type plain Sprite // without this method
	if !s.odd() {
		return plain(s), nil
	}
	// Rare: the node of the sprite with plain stand-ins for its strings
	// (Node.Encode goes through text, which odd strings do not survive),
	// then the strings' nodes made from their exact values.
	stand := plain(s)
	stand.Name, stand.Image, stand.Warnings, stand.Quality = "n", "i", nil, nil
	if len(s.Warnings) > 0 {
		stand.Warnings = []string{"w"}
	}
	if len(s.Quality) > 0 {
		stand.Quality = map[string]Quality{"q": {}}
	}
	var n yaml.Node
	if err := n.Encode(stand); err != nil {
		return nil, err
	}
	for i := 0; i+1 < len(n.Content); i += 2 {
		switch n.Content[i].Value {
		case "name":
			n.Content[i+1] = str(s.Name)
		case "image":
			n.Content[i+1] = str(s.Image)
		case "warnings":
			seq := &yaml.Node{Kind: yaml.SequenceNode, Style: yaml.FlowStyle}
			for _, w := range s.Warnings {
				seq.Content = append(seq.Content, str(w))
			}
			n.Content[i+1] = seq
		case "quality":
			m, err := s.Quality.MarshalYAML()
			if err != nil {
				return nil, err
			}
			n.Content[i+1] = m.(*yaml.Node)
		}
	}
	return &n, nil
}

// odd reports whether one of s's strings is odd (see odd): its name,
// image, warnings or quality keys.
func (s *Sprite) odd() bool {
	if odd(s.Name) || odd(s.Image) || slices.ContainsFunc(s.Warnings, odd) {
		return true
	}
	for k := range s.Quality {
		if odd(k) {
			return true
		}
	}
	return false
}

// number returns the YAML scalar node of f, written as WriteJSON writes
// numbers.
func number(f float64) *yaml.Node {
	return &yaml.Node{Kind: yaml.ScalarNode, Value: string(appendFloat(nil, f))}
}

// MarshalYAML writes p as a flow sequence [x, y].
func (p Point) MarshalYAML() (any, error) {
	return &yaml.Node{Kind: yaml.SequenceNode, Style: yaml.FlowStyle, Content: []*yaml.Node{number(p[0]), number(p[1])}}, nil
}

// MarshalYAML writes r on one line, a flow sequence of points.
func (r Ring) MarshalYAML() (any, error) {
	n := &yaml.Node{Kind: yaml.SequenceNode, Style: yaml.FlowStyle}
	for _, p := range r {
		pn, _ := p.MarshalYAML()
		n.Content = append(n.Content, pn.(*yaml.Node))
	}
	return n, nil
}

// MarshalYAML writes q on one line, a flow mapping.
func (q Quality) MarshalYAML() (any, error) { return q.node(true), nil }

// node returns q's flow mapping, with fp_area when fp is true, its numbers
// as yaml.v3 writes an int and a float64 (yamlFloat): made directly, as
// Node.Encode would make it through a YAML text it parses again.
func (q Quality) node(fp bool) *yaml.Node {
	m := &yaml.Node{Kind: yaml.MappingNode, Style: yaml.FlowStyle, Content: []*yaml.Node{
		str("outside"), {Kind: yaml.ScalarNode, Value: strconv.Itoa(q.Outside)},
		str("area_ratio"), yamlFloat(q.AreaRatio),
	}}
	if fp {
		m.Content = append(m.Content, str("fp_area"), yamlFloat(q.FPArea))
	}
	return m
}

// yamlFloat returns the scalar node yaml.v3 makes of a float64: the
// shortest 'g' form, .inf, -.inf or .nan.
func yamlFloat(f float64) *yaml.Node {
	s := strconv.FormatFloat(f, 'g', -1, 64)
	switch s {
	case "+Inf":
		s = ".inf"
	case "-Inf":
		s = "-.inf"
	case "NaN":
		s = ".nan"
	}
	return &yaml.Node{Kind: yaml.ScalarNode, Value: s}
}

// MarshalYAML writes the figures kind by kind, each on one line, without
// fp_area for a kind that has none (HasFPArea).
func (qs Qualities) MarshalYAML() (any, error) {
	m := &yaml.Node{Kind: yaml.MappingNode}
	for _, k := range sortedKeys(qs) {
		m.Content = append(m.Content, str(k), qs[k].node(HasFPArea(k)))
	}
	return m, nil
}
