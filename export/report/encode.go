package report

import (
	"fmt"
	"math"
	"slices"
	"strconv"
	"unicode/utf8"

	"github.com/shapegen/shapegen/export"
	"github.com/shapegen/shapegen/export/preview"
)

// The page's data blob is written by hand, byte for byte as encoding/json
// would write the structs of the reference in encode_test.go (json.Marshal
// of the page took two thirds of Write's time). Keys are in the order of
// those structs; omitted keys are those json's omitempty leaves out.

// appendData appends the JSON blob the page's script reads: title,
// generator, settings, elapsed, failures, kinds, colours, totals and one
// card per sprite with short keys (n name, i image, f frame, o offset,
// s size, pv pivot, px pixels, p preview, pr preview rectangle, sp sprite
// image, aabb, circle, box, hull, polygon, pieces, outline, q quality,
// w warnings).
func appendData(b []byte, lib *export.Library, opt *Options, title, elapsed string) ([]byte, error) {
	b = append(b, `{"title":`...)
	b = appendString(b, title)
	b = append(b, `,"generator":`...)
	b = appendString(b, lib.Generator)
	b = appendSettings(append(b, `,"settings":`...), &lib.Settings)
	if elapsed != "" {
		b = appendString(append(b, `,"elapsed":`...), elapsed)
	}
	b = appendStrings(append(b, `,"failures":`...), opt.Failures, false)
	b = appendStrings(append(b, `,"kinds":`...), kinds, true)
	b = append(b, `,"colours":{`...)
	for i, k := range colourKeys {
		if i > 0 {
			b = append(b, ',')
		}
		b = appendString(b, k)
		b = appendString(append(b, ':'), colours[k])
	}
	b = append(b, `},"totals":`...)
	b, err := appendTotals(b, Sum(lib, len(opt.Failures)))
	if err != nil {
		return nil, err
	}
	b = append(b, `,"sprites":[`...)
	var keys []string
	for i := range lib.Sprites {
		if i > 0 {
			b = append(b, ',')
		}
		b, keys = appendCard(b, &lib.Sprites[i], opt, lib.Settings.AlphaThreshold, keys)
	}
	return append(b, "]}"...), nil
}

// colourKeys are the keys of colours in the order JSON writes a map's.
var colourKeys = func() []string {
	k := make([]string, 0, len(colours))
	for c := range colours {
		k = append(k, c)
	}
	slices.Sort(k)
	return k
}()

func appendSettings(b []byte, s *export.Settings) []byte {
	b = strconv.AppendInt(append(b, `{"alpha_threshold":`...), int64(s.AlphaThreshold), 10)
	b = strconv.AppendInt(append(b, `,"max_vertices":`...), int64(s.MaxVertices), 10)
	b = strconv.AppendInt(append(b, `,"max_pieces":`...), int64(s.MaxPieces), 10)
	return append(b, '}')
}

func appendTotals(b []byte, t Totals) ([]byte, error) {
	for _, f := range [...]struct {
		key string
		v   int
	}{
		{`{"sprites":`, t.Sprites}, {`,"frames":`, t.Frames}, {`,"images":`, t.Images},
		{`,"empty":`, t.Empty}, {`,"failures":`, t.Failures}, {`,"pixels":`, t.Pixels},
		{`,"outside":`, t.Outside}, {`,"warnings":`, t.Warnings},
	} {
		b = strconv.AppendInt(append(b, f.key...), int64(f.v), 10)
	}
	b = append(b, `,"kinds":`...)
	if t.Kinds == nil {
		return append(b, "null}"...), nil
	}
	b = append(b, '[')
	for i, k := range t.Kinds {
		if i > 0 {
			b = append(b, ',')
		}
		b = appendString(append(b, `{"kind":`...), k.Kind)
		b = strconv.AppendInt(append(b, `,"sprites":`...), int64(k.Sprites), 10)
		for _, f := range [...]struct {
			key string
			v   float64
		}{
			{`,"area_median":`, k.AreaMedian}, {`,"area_p90":`, k.AreaP90},
			{`,"fp_median":`, k.FPMedian}, {`,"fp_p90":`, k.FPP90},
		} {
			if math.IsNaN(f.v) || math.IsInf(f.v, 0) {
				return nil, fmt.Errorf("report: %s of %s is %v", f.key[2:len(f.key)-2], k.Kind, f.v)
			}
			b = appendFloat(append(b, f.key...), f.v)
		}
		b = append(b, '}')
	}
	return append(b, "]}"...), nil
}

// appendCard appends the card of s; keys is scratch space for the sorted
// quality kinds, returned for reuse.
func appendCard(b []byte, s *export.Sprite, opt *Options, threshold int, keys []string) ([]byte, []string) {
	b = appendString(append(b, `{"n":`...), s.Name)
	b = appendString(append(b, `,"i":`...), s.Image)
	b = appendInts(append(b, `,"f":`...), s.Frame.X, s.Frame.Y, s.Frame.W, s.Frame.H)
	var off [2]int
	if s.Offset != nil {
		off = *s.Offset
	}
	b = appendInts(append(b, `,"o":`...), off[0], off[1])
	b = appendInts(append(b, `,"s":`...), s.Size[0], s.Size[1])
	b = appendNums(append(b, `,"pv":`...), s.Pivot[0], s.Pivot[1])
	b = strconv.AppendInt(append(b, `,"px":`...), int64(s.Pixels), 10)
	if p, ok := link(s.Name, opt.PreviewFor, opt.PreviewDir); ok {
		if p != "" {
			b = appendString(append(b, `,"p":`...), p)
		}
		// Where the preview PNG holds its drawing (x, y, w, h) and the
		// PNG's width, so the page can show the drawing without the legend
		// under it.
		r, w := preview.Layout(s, preview.Options{AlphaThreshold: threshold})
		b = appendInts(append(b, `,"pr":`...), r.Min.X, r.Min.Y, r.Dx(), r.Dy(), w)
	}
	if sp, _ := link(s.Name, opt.SpriteFor, opt.SpriteDir); sp != "" {
		b = appendString(append(b, `,"sp":`...), sp)
	}
	if a := s.AABB; a != nil { // x0, y0, x1, y1
		b = appendNums(append(b, `,"aabb":`...), a.Min[0], a.Min[1], a.Max[0], a.Max[1])
	}
	if c := s.Circle; c != nil { // cx, cy, r
		b = appendNums(append(b, `,"circle":`...), c.Center[0], c.Center[1], c.Radius)
	}
	if x := s.Box; x != nil { // cx, cy, hx, hy, angle
		// The angle keeps more decimals: a rounded angle would move far corners.
		b = appendNums(append(b, `,"box":`...), x.Center[0], x.Center[1], x.Half[0], x.Half[1], math.Round(x.Angle*1e6)/1e6)
	}
	if len(s.Hull) > 0 {
		b = appendRing(append(b, `,"hull":`...), s.Hull)
	}
	if len(s.Polygon) > 0 {
		b = appendRing(append(b, `,"polygon":`...), s.Polygon)
	}
	b = appendRings(b, `,"pieces":`, s.Pieces)
	b = appendRings(b, `,"outline":`, s.Outline)
	if len(s.Quality) > 0 { // outside, area_ratio, pair_fp_rate per kind
		keys = keys[:0]
		for k := range s.Quality {
			keys = append(keys, k)
		}
		slices.Sort(keys)
		b = append(b, `,"q":{`...)
		for i, k := range keys {
			if i > 0 {
				b = append(b, ',')
			}
			q := s.Quality[k]
			b = appendString(b, k)
			b = appendNums(append(b, ':'), float64(q.Outside), q.AreaRatio, q.FPArea)
		}
		b = append(b, '}')
	}
	if len(s.Warnings) > 0 {
		b = appendStrings(append(b, `,"w":`...), s.Warnings, false)
	}
	return append(b, '}'), keys
}

// appendRings appends key and the non-empty rings of rs, or nothing when
// there are none.
func appendRings(b []byte, key string, rs []export.Ring) []byte {
	n := 0
	for _, r := range rs {
		if len(r) == 0 {
			continue
		}
		if n == 0 {
			b = append(append(b, key...), '[')
		} else {
			b = append(b, ',')
		}
		b = appendRing(b, r)
		n++
	}
	if n > 0 {
		b = append(b, ']')
	}
	return b
}

func appendRing(b []byte, r export.Ring) []byte {
	return appendArray(b, r, func(b []byte, p export.Point) []byte { return appendNums(b, p[0], p[1]) })
}

func appendInts(b []byte, v ...int) []byte {
	return appendArray(b, v, func(b []byte, x int) []byte { return strconv.AppendInt(b, int64(x), 10) })
}

func appendNums(b []byte, v ...float64) []byte { return appendArray(b, v, appendNum) }

// appendArray appends v as a JSON array, each element by appendElem.
func appendArray[T any](b []byte, v []T, appendElem func([]byte, T) []byte) []byte {
	b = append(b, '[')
	for i, x := range v {
		if i > 0 {
			b = append(b, ',')
		}
		b = appendElem(b, x)
	}
	return append(b, ']')
}

// appendNum appends v with at most three decimals, which is plenty for
// drawing and reading figures and keeps the page small; null when v is
// not a number. It writes what strconv.AppendFloat(b, math.Round(v*1000)/1000,
// 'f', -1, 64) does: below 1e15 thousandths the decimal n/1000 has at most
// 15 significant digits, so it is the shortest that reads back as the
// same float64, and it is written from the integer directly.
func appendNum(b []byte, v float64) []byte {
	if math.IsNaN(v) || math.IsInf(v, 0) {
		return append(b, "null"...)
	}
	r := math.Round(v * 1000)
	if math.Abs(r) >= 1e15 {
		return strconv.AppendFloat(b, r/1000, 'f', -1, 64)
	}
	if math.Signbit(r) {
		b = append(b, '-')
		r = -r
	}
	n := int64(r)
	b = strconv.AppendInt(b, n/1000, 10)
	if f := n % 1000; f != 0 {
		b = append(b, '.', byte('0'+f/100), byte('0'+f/10%10), byte('0'+f%10))
		for b[len(b)-1] == '0' {
			b = b[:len(b)-1]
		}
	}
	return b
}

// appendFloat appends a finite v as encoding/json does: like %g but with
// an exponent only below 1e-6 or from 1e21, written without padding.
func appendFloat(b []byte, v float64) []byte {
	if a := math.Abs(v); a != 0 && (a < 1e-6 || a >= 1e21) {
		b = strconv.AppendFloat(b, v, 'e', -1, 64)
		if n := len(b); n >= 4 && b[n-4] == 'e' && b[n-3] == '-' && b[n-2] == '0' {
			b[n-2] = b[n-1]
			b = b[:n-1]
		}
		return b
	}
	return strconv.AppendFloat(b, v, 'f', -1, 64)
}

// appendStrings appends v as a JSON array; a nil v is [] too, or null
// when nullIfNil.
func appendStrings(b []byte, v []string, nullIfNil bool) []byte {
	if v == nil && nullIfNil {
		return append(b, "null"...)
	}
	return appendArray(b, v, appendString)
}

const hexDigits = "0123456789abcdef"

// appendString appends s as a JSON string escaped as encoding/json does
// by default: besides quote, backslash and control characters, <, > and &
// become \u003c, \u003e and \u0026 and U+2028 and U+2029 \u2028 and
// \u2029, so the string cannot end the page's script element ("</script>"),
// open a comment ("<!--") or break a line in a script; invalid UTF-8
// becomes \ufffd.
func appendString(b []byte, s string) []byte {
	b = append(b, '"')
	start := 0
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			if c >= 0x20 && c != '"' && c != '\\' && c != '<' && c != '>' && c != '&' {
				i++
				continue
			}
			b = append(b, s[start:i]...)
			switch c {
			case '"', '\\':
				b = append(b, '\\', c)
			case '\b':
				b = append(b, '\\', 'b')
			case '\f':
				b = append(b, '\\', 'f')
			case '\n':
				b = append(b, '\\', 'n')
			case '\r':
				b = append(b, '\\', 'r')
			case '\t':
				b = append(b, '\\', 't')
			default:
				b = append(b, '\\', 'u', '0', '0', hexDigits[c>>4], hexDigits[c&0xf])
			}
			i++
			start = i
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && size == 1:
			b = append(append(b, s[start:i]...), `\ufffd`...)
		case r == '\u2028' || r == '\u2029':
			b = append(append(b, s[start:i]...), '\\', 'u', '2', '0', '2', hexDigits[r&0xf])
		default:
			i += size
			continue
		}
		i += size
		start = i
	}
	b = append(b, s[start:]...)
	return append(b, '"')
}
