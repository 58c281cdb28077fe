package atlas

import (
	"bytes"
	"encoding/xml"
	"errors"
	"image"
	"io"
	"strings"
)

// parseStarling reads a Starling / Sparrow TextureAtlas. Each SubTexture
// gives x, y, width, height: the region as stored (for rotated="true" the
// packed region, turned clockwise); frameX, frameY (zero or negative) and
// frameWidth, frameHeight give the untrimmed frame, so the trimmed region
// sits at (-frameX, -frameY) in it; pivotX, pivotY (Starling 2) are the
// pivot in the untrimmed frame's pixels.
func parseStarling(b *builder, text []byte) error {
	d := xml.NewDecoder(bytes.NewReader(text))
	seen := false
	for {
		tok, err := d.Token()
		if err == io.EOF {
			break
		}
		if err != nil {
			return err
		}
		el, ok := tok.(xml.StartElement)
		if !ok {
			continue
		}
		line, _ := d.InputPos()
		switch el.Name.Local {
		case "TextureAtlas":
			if !seen {
				b.page(attr(el, "imagePath"), image.Point{})
				seen = true
			}
		case "SubTexture":
			if !seen {
				return errors.New("SubTexture outside a TextureAtlas")
			}
			subTexture(b, el, line)
		}
	}
	if !seen {
		return errors.New("no TextureAtlas element")
	}
	return nil
}

// subTexture adds the frame of one SubTexture element at line.
func subTexture(b *builder, el xml.StartElement, line int) {
	name := attr(el, "name")
	e := entry{line: line, name: name, index: -1}
	if strings.EqualFold(attr(el, "rotated"), "true") {
		e.turn = Clockwise
	}
	var fx, fy, fw, fh int
	for _, n := range []struct {
		key  string
		v    *int
		must bool
	}{{"x", &e.x, true}, {"y", &e.y, true}, {"width", &e.w, true}, {"height", &e.h, true},
		{"frameX", &fx, false}, {"frameY", &fy, false}, {"frameWidth", &fw, false}, {"frameHeight", &fh, false}} {
		s, ok := attrOK(el, n.key)
		if !ok {
			if n.must {
				b.problem(line, name, "no %s attribute", n.key)
				return
			}
			continue
		}
		v, err := whole(s)
		if err != nil {
			b.problem(line, name, "%s: %v", n.key, err)
			return
		}
		*n.v = v
	}
	if e.turn == Clockwise {
		e.w, e.h = e.h, e.w // width and height are the stored region's
	}
	_, hasX := attrOK(el, "frameX")
	_, hasY := attrOK(el, "frameY")
	if hasX && hasY {
		e.ox, e.oy = -fx, -fy
	}
	_, hasW := attrOK(el, "frameWidth")
	_, hasH := attrOK(el, "frameHeight")
	if hasW && hasH {
		e.sw, e.sh, e.sized = fw, fh, true
	}
	px, okX := attrOK(el, "pivotX")
	py, okY := attrOK(el, "pivotY")
	if okX && okY {
		x, err := decimal(px)
		if err == nil {
			var y float64
			if y, err = decimal(py); err == nil {
				e.pivot = &[2]float64{x, y}
			}
		}
		if err != nil {
			b.problem(line, name, "pivot: %v", err)
			return
		}
	}
	b.add(e)
}

// attr returns the value of el's attribute key, or "".
func attr(el xml.StartElement, key string) string {
	v, _ := attrOK(el, key)
	return v
}

// attrOK returns the value of el's attribute key and whether it is there.
func attrOK(el xml.StartElement, key string) (string, bool) {
	for _, a := range el.Attr {
		if a.Name.Local == key {
			return a.Value, true
		}
	}
	return "", false
}
