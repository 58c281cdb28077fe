package atlas

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"image"
	"sort"
	"strings"
)

// jsonRect is a TexturePacker / Aseprite rectangle or size; numbers stay
// text until whole() checks them.
type jsonRect struct {
	X, Y, W, H json.Number
}

// jsonFrame is one frame of a TexturePacker or Aseprite JSON file.
type jsonFrame struct {
	Filename         string    `json:"filename"`
	Frame            *jsonRect `json:"frame"`
	Rotated          bool      `json:"rotated"`
	SpriteSourceSize *jsonRect `json:"spriteSourceSize"`
	SourceSize       *jsonRect `json:"sourceSize"`
	Pivot            *struct {
		X, Y json.Number
	} `json:"pivot"`
}

// jsonItem is a frame as read, before it is added: its entry, or the
// cause of its problem.
type jsonItem struct {
	e     entry
	cause string
}

// lineCounter turns increasing byte offsets of a text into line numbers.
type lineCounter struct {
	text      []byte
	pos, line int
}

// at returns the line of the first value byte at or after off, skipping
// the separators the decoder has not consumed yet.
func (c *lineCounter) at(off int64) int {
	if c.line == 0 {
		c.line = 1
	}
	end := min(int(off), len(c.text))
	for end < len(c.text) && strings.IndexByte(" \t\r\n,:", c.text[end]) >= 0 {
		end++
	}
	if end > c.pos {
		c.line += bytes.Count(c.text[c.pos:end], []byte{'\n'})
		c.pos = end
	}
	return c.line
}

// parseJSON reads TexturePacker JSON, hash form ("frames": {name: frame})
// or array form ("frames": [{"filename": name, ...}]), and Aseprite JSON,
// which is the same with meta.frameTags and meta.slices. frame is the
// region in the sheet with the sprite's own (upright) width and height; a
// rotated frame (turned clockwise) occupies h x w in the sheet. A trimmed
// frame sits at spriteSourceSize.x, .y inside sourceSize. TexturePacker's
// pivot is a fraction of sourceSize. Hash forms are sorted by name unless
// the file is Aseprite's, whose frame order is what tags count.
func parseJSON(b *builder, text []byte) error {
	d := json.NewDecoder(bytes.NewReader(text))
	lc := &lineCounter{text: text}
	if tok, err := d.Token(); err != nil || tok != json.Delim('{') {
		if err != nil {
			return err
		}
		return errors.New("not a JSON object")
	}
	var items []jsonItem
	hash, haveFrames := false, false
	var meta map[string]json.RawMessage
	metaLine := 0
	for d.More() {
		tok, err := d.Token()
		if err != nil {
			return err
		}
		key, _ := tok.(string)
		switch key {
		case "frames":
			if haveFrames {
				return errors.New(`two "frames"`)
			}
			haveFrames = true
			if hash, items, err = jsonFrames(d, lc); err != nil {
				return err
			}
		case "meta":
			metaLine = lc.at(d.InputOffset())
			if err := d.Decode(&meta); err != nil {
				return fmt.Errorf("meta: %w", err)
			}
		default:
			var skip json.RawMessage
			if err := d.Decode(&skip); err != nil {
				return err
			}
		}
	}
	if _, err := d.Token(); err != nil {
		return err
	}
	if !haveFrames {
		return errors.New(`no "frames" object or array`)
	}
	var app, img string
	jsonField(b, meta, metaLine, "app", &app)
	jsonField(b, meta, metaLine, "image", &img)
	var size jsonRect
	var page image.Point
	if jsonField(b, meta, metaLine, "size", &size) {
		w, errW := whole(size.W.String())
		h, errH := whole(size.H.String())
		if errW == nil && errH == nil {
			page = image.Pt(w, h)
		}
	}
	_, tags := meta["frameTags"]
	_, slices := meta["slices"]
	aseprite := tags || slices || strings.Contains(strings.ToLower(app), "aseprite")
	if hash && !aseprite {
		sort.SliceStable(items, func(i, j int) bool { return items[i].e.name < items[j].e.name })
	}
	b.page(img, page)
	index := make([]int, len(items)) // item -> entry, -1 past MaxFrames
	for i, it := range items {
		if it.cause != "" {
			index[i] = b.fail(it.e.line, it.e.name, "%s", it.cause)
		} else {
			index[i] = b.add(it.e)
		}
	}
	if aseprite {
		asepriteTags(b, meta["frameTags"], metaLine, index)
		asepriteSlices(b, meta["slices"], metaLine, index)
	}
	return nil
}

// jsonFields decodes meta[key] into v when it is there, and reports
// whether it did; a value of the wrong type is a problem.
func jsonField(b *builder, meta map[string]json.RawMessage, line int, key string, v any) bool {
	raw, ok := meta[key]
	if !ok || string(raw) == "null" {
		return false
	}
	if err := json.Unmarshal(raw, v); err != nil {
		b.problem(line, "", "meta.%s: %v", key, err)
		return false
	}
	return true
}

// jsonFrames reads the value of "frames": an object (hash is true) or an
// array of frames, each as an item.
func jsonFrames(d *json.Decoder, lc *lineCounter) (hash bool, items []jsonItem, err error) {
	tok, err := d.Token()
	if err != nil {
		return false, nil, err
	}
	switch tok {
	case json.Delim('{'):
		hash = true
	case json.Delim('['):
	default:
		return false, nil, errors.New(`"frames" is neither an object nor an array`)
	}
	for d.More() {
		name := ""
		if hash {
			if tok, err = d.Token(); err != nil {
				return false, nil, err
			}
			name, _ = tok.(string)
		}
		line := lc.at(d.InputOffset())
		var raw json.RawMessage
		if err := d.Decode(&raw); err != nil {
			return false, nil, err
		}
		items = append(items, jsonItemOf(raw, name, hash, line))
	}
	if _, err := d.Token(); err != nil {
		return false, nil, err
	}
	return hash, items, nil
}

// numField is a number to read into v, named key in problems.
type numField struct {
	key string
	n   json.Number
	v   *int
}

// jsonItemOf reads one frame's value.
func jsonItemOf(raw json.RawMessage, name string, hash bool, line int) jsonItem {
	it := jsonItem{e: entry{line: line, name: name, index: -1}}
	var f jsonFrame
	if err := json.Unmarshal(raw, &f); err != nil {
		if !hash {
			// Keep the name when only another field is wrong.
			var n struct{ Filename string }
			_ = json.Unmarshal(raw, &n)
			it.e.name = n.Filename
		}
		it.cause = err.Error()
		return it
	}
	if !hash {
		it.e.name = f.Filename
	}
	e := &it.e
	if f.Frame == nil {
		it.cause = `no "frame" rectangle`
		return it
	}
	nums := []numField{{"frame.x", f.Frame.X, &e.x}, {"frame.y", f.Frame.Y, &e.y}, {"frame.w", f.Frame.W, &e.w}, {"frame.h", f.Frame.H, &e.h}}
	if s := f.SpriteSourceSize; s != nil {
		nums = append(nums, numField{"spriteSourceSize.x", s.X, &e.ox}, numField{"spriteSourceSize.y", s.Y, &e.oy})
	}
	if s := f.SourceSize; s != nil {
		e.sized = true
		nums = append(nums, numField{"sourceSize.w", s.W, &e.sw}, numField{"sourceSize.h", s.H, &e.sh})
	}
	for _, n := range nums {
		v, err := whole(n.n.String())
		if err != nil {
			it.cause = n.key + ": " + err.Error()
			return it
		}
		*n.v = v
	}
	if f.Rotated {
		e.turn = Clockwise
	}
	if p := f.Pivot; p != nil {
		x, err := decimal(p.X.String())
		if err == nil {
			var y float64
			if y, err = decimal(p.Y.String()); err == nil {
				e.norm = &[2]float64{x, y}
			}
		}
		if err != nil {
			it.cause = "pivot: " + err.Error()
		}
	}
	return it
}

// asepriteTags reads meta.frameTags as animations; index maps Aseprite's
// frame numbers to entries.
func asepriteTags(b *builder, raw json.RawMessage, line int, index []int) {
	if raw == nil {
		return
	}
	var tags []struct {
		Name      string
		From, To  json.Number
		Direction *string
	}
	if err := json.Unmarshal(raw, &tags); err != nil {
		b.problem(line, "", "meta.frameTags: %v", err)
		return
	}
	for _, t := range tags {
		from, err := whole(t.From.String())
		if err != nil {
			b.problem(line, "", "tag %q: from: %v", t.Name, err)
			continue
		}
		to, err := whole(t.To.String())
		if err != nil {
			b.problem(line, "", "tag %q: to: %v", t.Name, err)
			continue
		}
		if from < 0 || from > to || to >= len(index) {
			b.problem(line, "", "tag %q: frames %d to %d are not within the %d frames", t.Name, from, to, len(index))
			continue
		}
		dir := "forward"
		if t.Direction != nil {
			dir = *t.Direction
		}
		switch dir {
		case "forward", "reverse", "pingpong", "pingpong_reverse":
		default:
			b.problem(line, "", "tag %q: unknown direction %q (want forward, reverse, pingpong or pingpong_reverse)", t.Name, dir)
			continue
		}
		b.anims = append(b.anims, rawAnim{line: line, name: cleanPath(t.Name), dir: dir, members: index[from : to+1]})
	}
}

// asepriteSlices reads meta.slices; index maps Aseprite's frame numbers
// to entries.
func asepriteSlices(b *builder, raw json.RawMessage, line int, index []int) {
	if raw == nil {
		return
	}
	var slices []struct {
		Name string
		Keys []struct {
			Frame  json.Number
			Bounds *jsonRect
			Pivot  *struct{ X, Y json.Number }
		}
	}
	if err := json.Unmarshal(raw, &slices); err != nil {
		b.problem(line, "", "meta.slices: %v", err)
		return
	}
	for _, s := range slices {
		r := rawSlice{name: s.Name}
		last := -1
		for _, k := range s.Keys {
			key, err := sliceKey(k.Frame, k.Bounds, k.Pivot)
			if err == nil && (key.Frame <= last || key.Frame >= len(index)) {
				err = fmt.Errorf("frame %d is out of order or not within the %d frames", key.Frame, len(index))
			}
			if err != nil {
				b.problem(line, "", "slice %q: %v", s.Name, err)
				r.keys = nil
				break
			}
			last = key.Frame
			if key.Frame = index[key.Frame]; key.Frame < 0 {
				break // past MaxFrames
			}
			r.keys = append(r.keys, key)
		}
		if len(r.keys) > 0 {
			b.slices = append(b.slices, r)
		}
	}
}

// sliceKey reads one Aseprite slice key; its Frame is Aseprite's frame
// number and its pivot is still relative to the bounds.
func sliceKey(frame json.Number, bounds *jsonRect, pivot *struct{ X, Y json.Number }) (SliceKey, error) {
	var k SliceKey
	if bounds == nil {
		return k, errors.New("a key has no bounds")
	}
	var v [5]int
	for i, n := range []json.Number{frame, bounds.X, bounds.Y, bounds.W, bounds.H} {
		var err error
		if v[i], err = whole(n.String()); err != nil {
			return k, err
		}
	}
	if v[3] <= 0 || v[4] <= 0 {
		return k, fmt.Errorf("bounds size %dx%d is empty or negative", v[3], v[4])
	}
	k.Frame, k.Bounds = v[0], image.Rect(v[1], v[2], v[1]+v[3], v[2]+v[4])
	if pivot != nil {
		x, err := whole(pivot.X.String())
		if err != nil {
			return k, fmt.Errorf("pivot: %w", err)
		}
		y, err := whole(pivot.Y.String())
		if err != nil {
			return k, fmt.Errorf("pivot: %w", err)
		}
		k.Pivot = &[2]float64{float64(x), float64(y)}
	}
	return k, nil
}
