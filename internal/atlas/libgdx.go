package atlas

import (
	"bufio"
	"bytes"
	"fmt"
	"image"
	"sort"
	"strings"
)

// gdxRegion is a libGDX region as its fields are read.
type gdxRegion struct {
	name         string
	line         int
	x, y, w, h   int
	offX, offY   int
	origW, origH int
	degrees      int
	index        int
	hasXY, hasWH bool
	cause        string // the first bad field's problem
	causeLine    int
}

// parseLibGDX reads a libGDX / Spine texture atlas. Pages are separated
// by blank lines; each starts with its image's name and "key: value"
// lines (size, format, filter, repeat, pma, scale), then regions: a name
// line and "key: value" lines. A region gives xy and size, or bounds (x,
// y, w, h): the stored top-left and the upright size; orig (the untrimmed
// size, default size) and offset, or offsets (offset x, y, untrimmed w,
// h). libGDX measures offset from the untrimmed image's bottom-left to
// the trimmed frame's bottom-left, y up: the frame's top-left is at
// (offset x, orig h - offset y - h), y down. rotate is true (90), false
// (0) or degrees counter-clockwise: 90 stores the frame turned a quarter
// turn counter-clockwise, occupying h x w. A region with index >= 0 is
// frame name/index, and the regions of one name with indexes form an
// animation in index order. Unknown keys are ignored, as libGDX does.
func parseLibGDX(b *builder, text []byte) error {
	var lines []string
	sc := bufio.NewScanner(bytes.NewReader(text))
	sc.Buffer(nil, len(text)+1)
	for sc.Scan() {
		lines = append(lines, sc.Text())
	}
	if err := sc.Err(); err != nil {
		return err
	}
	i := 0
	for i < len(lines) && strings.TrimSpace(lines[i]) == "" {
		i++
	}
	for i < len(lines) && strings.Contains(lines[i], ":") {
		i++ // header fields, as libGDX skips them
	}
	type member struct{ index, entry int }
	anims := map[string][]member{}
	var order []string
	inPage := false
	for i < len(lines) {
		t := strings.TrimSpace(lines[i])
		if t == "" {
			inPage = false
			i++
			continue
		}
		if !inPage {
			inPage = true
			var size image.Point
			for i++; i < len(lines) && strings.Contains(lines[i], ":"); i++ {
				key, vals := gdxField(lines[i])
				if key != "size" {
					continue
				}
				if v, err := gdxInts(vals, 2); err != nil {
					b.problem(i+1, "", "page size: %v", err)
				} else {
					size = image.Pt(v[0], v[1])
				}
			}
			b.page(t, size)
			continue
		}
		r := gdxRegion{name: t, line: i + 1, index: -1}
		for i++; i < len(lines) && strings.Contains(lines[i], ":"); i++ {
			if err := r.field(lines[i]); err != nil && r.cause == "" {
				r.cause, r.causeLine = err.Error(), i+1
			}
		}
		e, cause := r.entry()
		if r.cause != "" {
			b.problem(r.causeLine, r.label(), "%s", r.cause)
			continue
		}
		if cause != "" {
			b.problem(r.line, r.label(), "%s", cause)
			continue
		}
		k := b.add(e)
		if k >= 0 && r.index >= 0 {
			if anims[r.name] == nil {
				order = append(order, r.name)
			}
			anims[r.name] = append(anims[r.name], member{r.index, k})
		}
	}
	for _, name := range order {
		ms := anims[name]
		sort.SliceStable(ms, func(i, j int) bool { return ms[i].index < ms[j].index })
		a := rawAnim{line: b.entries[ms[0].entry].line, name: CleanName(name), members: make([]int, len(ms))}
		for i, m := range ms {
			a.members[i] = m.entry
		}
		b.anims = append(b.anims, a)
	}
	return nil
}

// label returns the region's name for problems.
func (r *gdxRegion) label() string {
	if r.index >= 0 {
		return fmt.Sprintf("%s/%d", r.name, r.index)
	}
	return r.name
}

// field applies one "key: value" line.
func (r *gdxRegion) field(line string) error {
	key, vals := gdxField(line)
	var v []int
	var err error
	switch key {
	case "xy", "size", "offset", "orig":
		v, err = gdxInts(vals, 2)
	case "bounds", "offsets":
		v, err = gdxInts(vals, 4)
	case "index":
		v, err = gdxInts(vals, 1)
	case "rotate":
		switch {
		case len(vals) == 1 && vals[0] == "true":
			r.degrees = 90
		case len(vals) == 1 && vals[0] == "false":
			r.degrees = 0
		default:
			if v, err = gdxInts(vals, 1); err == nil {
				r.degrees = v[0]
			}
		}
		if err != nil {
			return fmt.Errorf("rotate: want true, false or degrees: %v", err)
		}
		return nil
	default:
		return nil // split, pad and custom values
	}
	if err != nil {
		return fmt.Errorf("%s: %v", key, err)
	}
	switch key {
	case "xy":
		r.x, r.y, r.hasXY = v[0], v[1], true
	case "size":
		r.w, r.h, r.hasWH = v[0], v[1], true
	case "bounds":
		r.x, r.y, r.w, r.h, r.hasXY, r.hasWH = v[0], v[1], v[2], v[3], true, true
	case "offset":
		r.offX, r.offY = v[0], v[1]
	case "orig":
		r.origW, r.origH = v[0], v[1]
	case "offsets":
		r.offX, r.offY, r.origW, r.origH = v[0], v[1], v[2], v[3]
	case "index":
		r.index = v[0]
	}
	return nil
}

// entry returns the region's entry, or the cause of its problem.
func (r *gdxRegion) entry() (entry, string) {
	e := entry{line: r.line, name: r.name, index: -1, x: r.x, y: r.y, w: r.w, h: r.h, sized: true}
	if r.index >= 0 {
		e.index = r.index
	}
	if !r.hasXY || !r.hasWH {
		return e, "no xy and size (or bounds)"
	}
	switch (r.degrees%360 + 360) % 360 {
	case 0:
	case 90:
		e.turn = CounterClockwise
	case 180:
		e.turn = HalfTurn
	case 270:
		e.turn = Clockwise
	default:
		return e, fmt.Sprintf("rotate: %d is not a multiple of 90 degrees", r.degrees)
	}
	e.sw, e.sh = r.origW, r.origH
	if e.sw == 0 && e.sh == 0 {
		e.sw, e.sh = r.w, r.h
	}
	e.ox, e.oy = r.offX, e.sh-r.offY-r.h // y up to y down
	return e, ""
}

// gdxField splits a "key: v1, v2, ..." line as libGDX does.
func gdxField(line string) (string, []string) {
	key, rest, _ := strings.Cut(line, ":")
	vals := strings.Split(rest, ",")
	for i := range vals {
		vals[i] = strings.TrimSpace(vals[i])
	}
	return strings.TrimSpace(key), vals
}

// gdxInts parses exactly n whole numbers.
func gdxInts(vals []string, n int) ([]int, error) {
	if len(vals) != n {
		return nil, fmt.Errorf("want %d numbers, got %q", n, strings.Join(vals, ","))
	}
	v := make([]int, n)
	for i, s := range vals {
		var err error
		if v[i], err = whole(s); err != nil {
			return nil, err
		}
	}
	return v, nil
}
