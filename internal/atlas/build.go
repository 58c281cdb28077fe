package atlas

import (
	"fmt"
	"image"
	"math"
	"strconv"
)

// entry is one frame as a parser read it; finish checks it. Numbers are
// as read (each within maxCoord), not yet checked against each other.
type entry struct {
	line  int    // 1-based line, 0 when unknown
	page  int    // index into builder.pages
	name  string // as written
	index int    // >= 0: the frame is name/index (list animations, libGDX indexes)
	bad   bool   // a problem was already reported; the entry only holds its place

	x, y   int  // the stored rectangle's top-left
	w, h   int  // the upright trimmed size
	turn   Turn // how it was stored
	ox, oy int  // the trimmed frame's top-left in the untrimmed one
	sw, sh int  // the untrimmed size
	sized  bool // sw, sh were given; else they are w, h

	pivot *[2]float64 // in untrimmed pixels
	norm  *[2]float64 // pivot as fractions of the untrimmed size
}

// label returns the entry's name as written, for problems.
func (e *entry) label() string {
	if e.index >= 0 {
		return e.name + "/" + strconv.Itoa(e.index)
	}
	return e.name
}

// rawAnim is an animation as read: members are entry indexes.
type rawAnim struct {
	line    int
	name    string // already cleaned by the parser
	dir     string
	members []int
}

// rawSlice is an Aseprite slice as read: key frames are entry indexes and
// pivots are relative to the bounds.
type rawSlice struct {
	name string
	keys []SliceKey
}

// builder collects what a parser reads, then checks it into an Atlas.
type builder struct {
	file      string
	format    Format
	opt       Options
	maxPixels int64
	maxFrames int

	pages    []Page
	entries  []entry
	anims    []rawAnim
	slices   []rawSlice
	problems []Problem
	full     bool // MaxFrames was reached and said so
}

func newBuilder(file string, f Format, opt Options) *builder {
	b := &builder{file: file, format: f, opt: opt, maxPixels: opt.MaxPixels, maxFrames: opt.MaxFrames}
	if b.maxPixels <= 0 {
		b.maxPixels = DefaultMaxPixels
	}
	if b.maxFrames <= 0 {
		b.maxFrames = DefaultMaxFrames
	}
	return b
}

// page starts a page: the entries added next belong to it.
func (b *builder) page(img string, size image.Point) {
	b.pages = append(b.pages, Page{Image: img, Size: size})
}

// problem records a problem of the page being read.
func (b *builder) problem(line int, frame, format string, args ...any) {
	b.problems = append(b.problems, Problem{File: b.file, Line: line, Frame: frame, Cause: fmt.Sprintf(format, args...), Page: len(b.pages) - 1})
}

// problemOf records a problem of entry e.
func (b *builder) problemOf(e *entry, format string, args ...any) {
	b.problem(e.line, e.label(), format, args...)
	b.problems[len(b.problems)-1].Page = e.page
}

// room reports whether n more entries fit within MaxFrames; the first
// time they do not, it says so in a problem at line.
func (b *builder) room(line, n int) bool {
	if n <= b.maxFrames-len(b.entries) {
		return true
	}
	if !b.full {
		b.full = true
		b.problem(line, "", "more than %d frames (the limit); the rest are left out", b.maxFrames)
		b.problems[len(b.problems)-1].Page = -1
	}
	return false
}

// add appends e to the current page and returns its index, or -1 when
// MaxFrames is reached. Unless e.sized, the untrimmed size is the trimmed
// one.
func (b *builder) add(e entry) int {
	if !b.room(e.line, 1) {
		return -1
	}
	if len(b.pages) == 0 {
		b.page("", image.Point{})
	}
	e.page = len(b.pages) - 1
	if !e.sized {
		e.sw, e.sh = e.w, e.h
	}
	b.entries = append(b.entries, e)
	return len(b.entries) - 1
}

// fail adds a placeholder for an entry that had a problem, so that later
// references by position (Aseprite tags) still count it.
func (b *builder) fail(line int, name, format string, args ...any) int {
	b.problem(line, name, format, args...)
	return b.add(entry{line: line, name: name, index: -1, bad: true})
}

// check returns the frame of e, or the cause of its problem.
func (b *builder) check(e *entry, img image.Point, known bool) (Frame, string) {
	switch {
	case e.w <= 0 || e.h <= 0:
		return Frame{}, fmt.Sprintf("size %dx%d is empty or negative", e.w, e.h)
	case e.x < 0 || e.y < 0:
		return Frame{}, fmt.Sprintf("position (%d, %d) is negative", e.x, e.y)
	case e.sw <= 0 || e.sh <= 0:
		return Frame{}, fmt.Sprintf("untrimmed size %dx%d is empty or negative", e.sw, e.sh)
	case int64(e.sw)*int64(e.sh) > b.maxPixels:
		return Frame{}, fmt.Sprintf("untrimmed size %dx%d is %d pixels, over the limit of %d (max_pixels)", e.sw, e.sh, int64(e.sw)*int64(e.sh), b.maxPixels)
	case e.ox < 0 || e.oy < 0 || e.ox+e.w > e.sw || e.oy+e.h > e.sh:
		return Frame{}, fmt.Sprintf("trimmed %dx%d at (%d, %d) does not fit the untrimmed %dx%d", e.w, e.h, e.ox, e.oy, e.sw, e.sh)
	}
	w, h := e.w, e.h
	if e.turn.quarter() {
		w, h = h, w
	}
	r := image.Rect(e.x, e.y, e.x+w, e.y+h)
	if known && !r.In(image.Rect(0, 0, img.X, img.Y)) {
		return Frame{}, fmt.Sprintf("rectangle %v lies outside the %dx%d image", r, img.X, img.Y)
	}
	f := Frame{Rect: r, Turn: e.turn, Offset: image.Pt(e.ox, e.oy), Size: image.Pt(e.sw, e.sh)}
	p := e.pivot
	if e.norm != nil {
		p = &[2]float64{e.norm[0] * float64(e.sw), e.norm[1] * float64(e.sh)}
	}
	if p != nil {
		if !finite(p[0]) || !finite(p[1]) {
			return Frame{}, fmt.Sprintf("pivot (%g, %g) is out of range", p[0], p[1])
		}
		f.Pivot = p
	}
	return f, ""
}

// finite reports whether v is a number within maxCoord.
func finite(v float64) bool { return !math.IsNaN(v) && math.Abs(v) <= maxCoord }

// finish checks the entries and returns the atlas of the good ones.
func (b *builder) finish() *Atlas {
	a := &Atlas{Format: b.format}
	if len(b.pages) == 0 {
		b.page("", image.Point{})
	}
	sizes := make([]image.Point, len(b.pages))
	known := make([]bool, len(b.pages))
	if b.opt.ImageSize != nil {
		for i, p := range b.pages {
			sizes[i], known[i] = b.opt.ImageSize(p.Image)
		}
	}
	final := make([]int, len(b.entries)) // entry -> frame index, or -1
	first := make(map[string]*entry, len(b.entries))
	count := make([]int, len(b.pages))
	same := -1 // the last problem of an indexed entry
	var firstCause string
	more := 0
	for i := range b.entries {
		e := &b.entries[i]
		final[i] = -1
		if e.bad {
			continue
		}
		f, cause := b.check(e, sizes[e.page], known[e.page])
		if cause != "" {
			// The frames of one list line are one entry: one problem,
			// counting the others.
			if e.index >= 0 && same >= 0 && b.problems[same].Line == e.line && e.line > 0 {
				more++
				b.problems[same].Cause = fmt.Sprintf("%s (and %d more of the line's frames)", firstCause, more)
				continue
			}
			b.problemOf(e, "%s", cause)
			same, firstCause, more = -1, cause, 0
			if e.index >= 0 {
				same = len(b.problems) - 1
			}
			continue
		}
		f.Name = CleanName(e.name)
		if e.index >= 0 {
			f.Name = cleanPath(f.Name + "/" + strconv.Itoa(e.index))
		}
		if f.Name == "" {
			b.problemOf(e, "the name is empty once cleaned")
			continue
		}
		if d := first[f.Name]; d != nil {
			where := "frame " + strconv.Quote(d.label())
			if d.line > 0 {
				where = "line " + strconv.Itoa(d.line)
			}
			b.problemOf(e, "duplicate name %q (first at %s)", f.Name, where)
			continue
		}
		first[f.Name] = e
		final[i] = len(a.Frames)
		a.Frames = append(a.Frames, f)
		count[e.page]++
	}
	// Parsers add the entries page by page, so each page's frames follow
	// the previous page's.
	lo := 0
	for p := range b.pages {
		hi := lo + count[p]
		b.pages[p].Frames = a.Frames[lo:hi:hi]
		lo = hi
	}
	a.Pages = b.pages
	a.Image = a.Pages[0].Image
	b.finishAnims(a, final)
	b.finishSlices(a, final)
	return a
}

// finishAnims maps the animations' entries to frames, leaving out the bad
// ones, and checks the names.
func (b *builder) finishAnims(a *Atlas, final []int) {
	seen := make(map[string]bool, len(b.anims))
	for _, r := range b.anims {
		if r.name == "" {
			b.problem(r.line, "", "animation name is empty once cleaned")
			b.problems[len(b.problems)-1].Page = -1
			continue
		}
		if seen[r.name] {
			b.problem(r.line, "", "duplicate animation name %q", r.name)
			b.problems[len(b.problems)-1].Page = -1
			continue
		}
		seen[r.name] = true
		an := Animation{Name: r.name, Direction: r.dir}
		if an.Direction == "" {
			an.Direction = "forward"
		}
		for _, m := range r.members {
			if m >= 0 && final[m] >= 0 {
				an.Frames = append(an.Frames, final[m])
			}
		}
		if len(an.Frames) > 0 {
			a.Animations = append(a.Animations, an)
		}
	}
}

// finishSlices maps the slices' key frames to frames and gives each frame
// without a pivot the pivot of the first slice, in file order, whose key
// for that frame has one.
func (b *builder) finishSlices(a *Atlas, final []int) {
	// at[i] is the frame index of the first good frame at or after entry i.
	at := make([]int, len(final)+1)
	at[len(final)] = len(a.Frames)
	for i := len(final) - 1; i >= 0; i-- {
		at[i] = at[i+1]
		if final[i] >= 0 {
			at[i] = final[i]
		}
	}
	// next[i] is a frame index >= i that may lack a pivot, skipping runs
	// already given one, so each frame is visited once per slice at most
	// amortised (path halving).
	next := make([]int, len(a.Frames)+1)
	for i := range next {
		next[i] = i
	}
	for i, f := range a.Frames {
		if f.Pivot != nil {
			next[i] = i + 1
		}
	}
	find := func(i int) int {
		for next[i] != i {
			next[i] = next[next[i]]
			i = next[i]
		}
		return i
	}
	for _, r := range b.slices {
		s := Slice{Name: r.name}
		for k, key := range r.keys {
			lo := at[min(max(key.Frame, 0), len(final))]
			hi := len(a.Frames)
			if k+1 < len(r.keys) {
				hi = at[min(max(r.keys[k+1].Frame, 0), len(final))]
			}
			if lo >= hi {
				continue // every frame of its range had a problem
			}
			key.Frame = lo
			if key.Pivot != nil {
				key.Pivot = &[2]float64{key.Pivot[0] + float64(key.Bounds.Min.X), key.Pivot[1] + float64(key.Bounds.Min.Y)}
				for i := find(lo); i < hi; i = find(i) {
					p := *key.Pivot
					a.Frames[i].Pivot = &p
					next[i] = i + 1
				}
			}
			s.Keys = append(s.Keys, key)
		}
		if len(s.Keys) > 0 {
			a.Slices = append(a.Slices, s)
		}
	}
}
