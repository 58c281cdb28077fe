package atlas

import (
	"bytes"
	"encoding/xml"
	"errors"
	"fmt"
	"image"
	"io"
	"math"
	"strings"
)

// plistDepth bounds the nesting of plist containers; frame lists need 3.
const plistDepth = 32

// pnode is a value of an XML property list.
type pnode struct {
	kind string // the element: dict, array, string, integer, real, true, false, ...
	line int
	text string   // the text of a scalar
	keys []string // a dict's keys, in order
	vals []*pnode // a dict's values (one per key) or an array's items
	// keyLines are the lines of a dict's keys.
	keyLines []int
}

// get returns the value of the first of keys that dict n has, or nil.
func (n *pnode) get(keys ...string) *pnode {
	if n == nil || n.kind != "dict" {
		return nil
	}
	for _, k := range keys {
		for i, nk := range n.keys {
			if nk == k {
				return n.vals[i]
			}
		}
	}
	return nil
}

// parsePlist reads a TexturePacker / Cocos2d property list (XML), formats
// 1 to 3. Each frame gives frame (textureRect in format 3): the position
// and the sprite's upright size as "{{x,y},{w,h}}" (format 3: size from
// spriteSize), rotated (textureRotated): stored turned clockwise,
// occupying h x w; sourceSize (spriteSourceSize): the untrimmed size; and
// the trimmed frame's place in it, from sourceColorRect when given, else
// from offset (spriteOffset): the trimmed centre minus the untrimmed
// centre, y up, as Cocos2d measures it.
func parsePlist(b *builder, text []byte) error {
	if bytes.HasPrefix(text, []byte("bplist")) {
		return errors.New("binary property list: not supported (convert it to XML, e.g. plutil -convert xml1)")
	}
	d := xml.NewDecoder(bytes.NewReader(text))
	var root *pnode
	for root == nil {
		tok, err := d.Token()
		if err == io.EOF {
			return errors.New("no plist element")
		}
		if err != nil {
			return err
		}
		if el, ok := tok.(xml.StartElement); ok && el.Name.Local != "plist" {
			if root, err = plistValue(d, el, 0); err != nil {
				return err
			}
		}
	}
	frames := root.get("frames")
	if frames == nil || frames.kind != "dict" {
		return errors.New(`no "frames" dictionary`)
	}
	meta := root.get("metadata")
	img := ""
	if n := meta.get("realTextureFileName", "textureFileName"); n != nil {
		img = n.text
	}
	var size image.Point
	if n := meta.get("size"); n != nil {
		if v, err := braces(n.text, 2); err == nil {
			size = image.Pt(v[0], v[1])
		}
	}
	b.page(img, size)
	for i, name := range frames.keys {
		line := frames.keyLines[i]
		e, cause := plistFrame(frames.vals[i], name, line)
		if cause != "" {
			b.problem(line, name, "%s", cause)
			continue
		}
		b.add(e)
	}
	return nil
}

// plistFrame reads one frame's dictionary.
func plistFrame(f *pnode, name string, line int) (entry, string) {
	e := entry{line: line, name: name, index: -1}
	if f.kind != "dict" {
		return e, "not a dictionary"
	}
	r := f.get("frame", "textureRect")
	if r == nil {
		return e, "no frame or textureRect (plist format 0 is not supported)"
	}
	v, err := braces(r.text, 4)
	if err != nil {
		return e, "frame: " + err.Error()
	}
	e.x, e.y, e.w, e.h = v[0], v[1], v[2], v[3]
	if n := f.get("spriteSize"); n != nil {
		v, err := braces(n.text, 2)
		if err != nil {
			return e, "spriteSize: " + err.Error()
		}
		e.w, e.h = v[0], v[1]
	}
	if n := f.get("rotated", "textureRotated"); n != nil && n.kind == "true" {
		e.turn = Clockwise
	}
	if n := f.get("sourceSize", "spriteSourceSize"); n != nil {
		v, err := braces(n.text, 2)
		if err != nil {
			return e, "sourceSize: " + err.Error()
		}
		e.sw, e.sh, e.sized = v[0], v[1], true
	}
	if !e.sized {
		return e, "" // untrimmed
	}
	if n := f.get("sourceColorRect"); n != nil {
		v, err := braces(n.text, 4)
		if err != nil {
			return e, "sourceColorRect: " + err.Error()
		}
		e.ox, e.oy = v[0], v[1]
		return e, ""
	}
	if n := f.get("offset", "spriteOffset"); n != nil {
		parts := strings.Split(strings.Trim(strings.TrimSpace(n.text), "{}"), ",")
		if len(parts) != 2 {
			return e, fmt.Sprintf("offset: want \"{x,y}\", got %q", n.text)
		}
		ox, err := decimal(parts[0])
		if err != nil {
			return e, "offset: " + err.Error()
		}
		oy, err := decimal(parts[1])
		if err != nil {
			return e, "offset: " + err.Error()
		}
		x := float64(e.sw-e.w)/2 + ox
		y := float64(e.sh-e.h)/2 - oy // Cocos2d's y is up
		if x != math.Trunc(x) || y != math.Trunc(y) {
			return e, fmt.Sprintf("offset {%g,%g} does not put the %dx%d frame on whole pixels of the %dx%d source", ox, oy, e.w, e.h, e.sw, e.sh)
		}
		e.ox, e.oy = int(x), int(y)
	}
	return e, ""
}

// braces parses a Cocos2d "{x,y}" or "{{x,y},{w,h}}" string of n whole
// numbers.
func braces(s string, n int) ([]int, error) {
	t := strings.NewReplacer("{", " ", "}", " ").Replace(s)
	parts := strings.Split(t, ",")
	if len(parts) != n {
		if n == 2 {
			return nil, fmt.Errorf("want \"{w,h}\", got %q", s)
		}
		return nil, fmt.Errorf("want \"{{x,y},{w,h}}\", got %q", s)
	}
	v := make([]int, n)
	for i, p := range parts {
		var err error
		if v[i], err = whole(p); err != nil {
			return nil, err
		}
	}
	return v, nil
}

// plistValue reads the value that starts with el.
func plistValue(d *xml.Decoder, el xml.StartElement, depth int) (*pnode, error) {
	line, _ := d.InputPos()
	n := &pnode{kind: el.Name.Local, line: line}
	if n.kind != "dict" && n.kind != "array" {
		s, err := plistText(d)
		n.text = s
		return n, err
	}
	if depth >= plistDepth {
		return nil, fmt.Errorf("line %d: containers nested deeper than %d", line, plistDepth)
	}
	for {
		tok, err := d.Token()
		if err != nil {
			return nil, err
		}
		switch t := tok.(type) {
		case xml.EndElement:
			if len(n.keys) != len(n.vals) {
				return nil, fmt.Errorf("line %d: key %q has no value", n.keyLines[len(n.keyLines)-1], n.keys[len(n.keys)-1])
			}
			return n, nil
		case xml.StartElement:
			at, _ := d.InputPos()
			if t.Name.Local == "key" && n.kind == "dict" {
				if len(n.keys) != len(n.vals) {
					return nil, fmt.Errorf("line %d: two keys in a row", at)
				}
				k, err := plistText(d)
				if err != nil {
					return nil, err
				}
				n.keys, n.keyLines = append(n.keys, k), append(n.keyLines, at)
				continue
			}
			if n.kind == "dict" && len(n.keys) != len(n.vals)+1 {
				return nil, fmt.Errorf("line %d: a value without a key", at)
			}
			v, err := plistValue(d, t, depth+1)
			if err != nil {
				return nil, err
			}
			n.vals = append(n.vals, v)
		}
	}
}

// plistText reads the text of a scalar element up to its end.
func plistText(d *xml.Decoder) (string, error) {
	var b strings.Builder
	for {
		tok, err := d.Token()
		if err != nil {
			return "", err
		}
		switch t := tok.(type) {
		case xml.CharData:
			b.Write(t)
		case xml.StartElement:
			line, _ := d.InputPos()
			return "", fmt.Errorf("line %d: unexpected <%s> in a value", line, t.Name.Local)
		case xml.EndElement:
			return b.String(), nil
		}
	}
}
