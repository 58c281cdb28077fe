package report

import (
	"math"
	"path"
	"slices"
	"strings"

	"github.com/shapegen/shapegen/export"
	"github.com/shapegen/shapegen/internal/binrec"
)

// figures are what a report takes of a sprite besides its card: what its
// totals, histogram, medians, index and first cards' heads hold, and
// which kinds its card draws. A Writer works them out of the sprite
// (figuresOf), or reads them back from the bytes Row gave when an earlier
// Writer added the same sprite (parseRow), so that a rebuild need not
// read the sprites that did not change.
type figures struct {
	name, image      string
	pixels, warnings int
	kinds            []kindFigures
	// drawn holds bit i when the card draws kinds[i]; known says it is
	// set. It is worked out only while some kind is drawn by no card so
	// far (Writer.allDrawn): for every sprite it cost more than the rest.
	drawn uint64
	known bool
}

// kindFigures are one shape kind's figures, as the page gets them.
type kindFigures struct {
	name    string
	outside int
	fp, ar  float64 // rounded (round4)
	count   int     // as countOf
}

// figuresOf sets f to the figures of s, in report order (figureKinds),
// reusing f's memory, without drawn.
func figuresOf(s *export.Sprite, f *figures) {
	f.name, f.image, f.pixels, f.warnings = s.Name, s.Image, s.Pixels, len(s.Warnings)
	f.drawn, f.known, f.kinds = 0, false, f.kinds[:0]
	for i, k := range kinds {
		if k.pivot {
			continue
		}
		if q, ok := s.Quality[k.name()]; ok {
			f.kinds = append(f.kinds, kindFigures{name: k.name(), outside: q.Outside,
				fp: round4(q.FPArea), ar: round4(q.AreaRatio), count: countAt(s, i)})
		}
	}
	if len(f.kinds) < len(s.Quality) { // names that are no shape kind, in name order
		start := len(f.kinds)
		for k, q := range s.Quality {
			if kindIndex(k) < 0 {
				f.kinds = append(f.kinds, kindFigures{name: k, outside: q.Outside,
					fp: round4(q.FPArea), ar: round4(q.AreaRatio), count: -1})
			}
		}
		slices.SortFunc(f.kinds[start:], func(a, b kindFigures) int { return strings.Compare(a.name, b.name) })
	}
}

// setDrawn sets f.drawn from s.
func (f *figures) setDrawn(s *export.Sprite) {
	f.drawn, f.known = 0, true
	for i, k := range kinds {
		if draws(s, k) {
			f.drawn |= 1 << i
		}
	}
}

// has reports whether f has figures of the kind called name.
func (f *figures) has(name string) (kindFigures, bool) {
	for _, k := range f.kinds {
		if k.name == name {
			return k, true
		}
	}
	return kindFigures{}, false
}

// frame reports whether the sprite is a frame of a sheet or atlas: its
// name is not its image's path without the extension.
func (f *figures) frame() bool {
	return f.image != "" && strings.TrimSuffix(f.image, path.Ext(f.image)) != f.name
}

// appendRow appends f's bytes, without the name, and reports false when
// some figure cannot be written exactly (then nothing is appended).
func appendRow(b []byte, f *figures) ([]byte, bool) {
	start := len(b)
	if f.image == f.name+".png" {
		b = append(b, 0)
	} else {
		b = binrec.AppendString(append(b, 1), f.image)
	}
	b = binrec.AppendInts(b, f.pixels, f.warnings, len(f.kinds))
	if f.known {
		b = binrec.AppendInts(b, 1, int(f.drawn))
	} else {
		b = binrec.AppendInts(b, 0)
	}
	for _, k := range f.kinds {
		fp, ok1 := tenThousandths(k.fp)
		ar, ok2 := tenThousandths(k.ar)
		if !ok1 || !ok2 {
			return b[:start], false
		}
		if i := kindIndex(k.name); i >= 0 {
			b = binrec.AppendInts(b, i+1)
		} else {
			b = binrec.AppendString(binrec.AppendInts(b, 0), k.name)
		}
		b = binrec.AppendInts(b, k.outside, fp, ar, k.count)
	}
	return b, true
}

// tenThousandths returns k with v = k/10⁴, as round4 makes every figure,
// and false for another v.
func tenThousandths(v float64) (int, bool) {
	if math.Abs(v) >= 1<<40 {
		return 0, false
	}
	k := math.Round(v * 1e4)
	return int(k), k/1e4 == v
}

// parseRow sets f to the figures that appendRow wrote in row for the
// sprite called name, and reports false when row is not such bytes. A
// row holds drawn when the Writer that wrote it had worked it out.
func parseRow(name, row string, f *figures) bool {
	r := &binrec.Reader{S: row}
	f.name, f.kinds = name, f.kinds[:0]
	if r.Byte() == 0 {
		f.image = name + ".png"
	} else {
		f.image = r.Str()
	}
	f.pixels, f.warnings = r.Int(), r.Int()
	n := r.Int()
	f.drawn, f.known = 0, r.Int() == 1
	if f.known {
		f.drawn = uint64(r.Int())
	}
	if n < 0 || n > len(row) {
		return false
	}
	for range n {
		var k kindFigures
		if i := r.Int() - 1; i >= 0 && i < len(kinds) && !kinds[i].pivot {
			k.name = kinds[i].name()
		} else if i == -1 {
			k.name = r.Str()
		} else {
			return false
		}
		var fp, ar int
		k.outside, fp, ar, k.count = r.Int(), r.Int(), r.Int(), r.Int()
		k.fp, k.ar = float64(fp)/1e4, float64(ar)/1e4
		f.kinds = append(f.kinds, k)
	}
	return !r.Bad && r.S == ""
}
