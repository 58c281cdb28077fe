package report

import (
	"bytes"
	"encoding/json"
	"html/template"
	"math"
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/shapegen/shapegen/export"
	"github.com/shapegen/shapegen/export/preview"
)

// The reference: how Write built its data blob before appendData, the
// structs below through json.Marshal, and the whole page through the
// template. TestDataMatchesJSON holds appendData to it byte for byte.

// num is a float64 written to JSON with at most three decimals, which is
// plenty for drawing and reading figures and keeps the page small.
type num float64

func (n num) MarshalJSON() ([]byte, error) {
	v := float64(n)
	if math.IsNaN(v) || math.IsInf(v, 0) {
		return []byte("null"), nil
	}
	return strconv.AppendFloat(nil, math.Round(v*1000)/1000, 'f', -1, 64), nil
}

type pt [2]num

type ring []pt

// page is the JSON blob the page's script reads.
type page struct {
	Title     string            `json:"title"`
	Generator string            `json:"generator"`
	Settings  export.Settings   `json:"settings"`
	Elapsed   string            `json:"elapsed,omitempty"`
	Failures  []string          `json:"failures"`
	Kinds     []string          `json:"kinds"`
	Colours   map[string]string `json:"colours"`
	Totals    Totals            `json:"totals"`
	Sprites   []card            `json:"sprites"`
}

// card is one sprite as the page needs it, with short keys.
type card struct {
	Name    string `json:"n"`
	Image   string `json:"i"`
	Frame   [4]int `json:"f"`
	Offset  [2]int `json:"o"`
	Size    [2]int `json:"s"`
	Pivot   pt     `json:"pv"`
	Pixels  int    `json:"px"`
	Preview string `json:"p,omitempty"`
	// PreviewRect is where the preview PNG holds its drawing (x, y, w, h)
	// and the PNG's width, so the page can show the drawing without the
	// legend under it.
	PreviewRect []int             `json:"pr,omitempty"`
	Sprite      string            `json:"sp,omitempty"`
	AABB        []num             `json:"aabb,omitempty"`   // x0, y0, x1, y1
	Circle      []num             `json:"circle,omitempty"` // cx, cy, r
	Box         []num             `json:"box,omitempty"`    // cx, cy, hx, hy, angle
	Hull        ring              `json:"hull,omitempty"`
	Polygon     ring              `json:"polygon,omitempty"`
	Pieces      []ring            `json:"pieces,omitempty"`
	Outline     []ring            `json:"outline,omitempty"`
	Quality     map[string][3]num `json:"q,omitempty"` // outside, area_ratio, pair_fp_rate
	Warnings    []string          `json:"w,omitempty"`
}

func toPt(p export.Point) pt { return pt{num(p[0]), num(p[1])} }

func toRing(r export.Ring) ring {
	if len(r) == 0 {
		return nil
	}
	out := make(ring, len(r))
	for i, p := range r {
		out[i] = toPt(p)
	}
	return out
}

func toRings(rs []export.Ring) []ring {
	var out []ring
	for _, r := range rs {
		if len(r) > 0 {
			out = append(out, toRing(r))
		}
	}
	return out
}

func cardOf(s *export.Sprite, opt *Options, threshold int) card {
	c := card{
		Name:     s.Name,
		Image:    s.Image,
		Frame:    [4]int{s.Frame.X, s.Frame.Y, s.Frame.W, s.Frame.H},
		Size:     s.Size,
		Pivot:    toPt(s.Pivot),
		Pixels:   s.Pixels,
		Hull:     toRing(s.Hull),
		Polygon:  toRing(s.Polygon),
		Pieces:   toRings(s.Pieces),
		Outline:  toRings(s.Outline),
		Warnings: s.Warnings,
	}
	if s.Offset != nil {
		c.Offset = *s.Offset
	}
	if p, ok := link(s.Name, opt.PreviewFor, opt.PreviewDir); ok {
		c.Preview = p
		r, w := preview.Layout(s, preview.Options{AlphaThreshold: threshold})
		c.PreviewRect = []int{r.Min.X, r.Min.Y, r.Dx(), r.Dy(), w}
	}
	c.Sprite, _ = link(s.Name, opt.SpriteFor, opt.SpriteDir)
	if a := s.AABB; a != nil {
		c.AABB = []num{num(a.Min[0]), num(a.Min[1]), num(a.Max[0]), num(a.Max[1])}
	}
	if ci := s.Circle; ci != nil {
		c.Circle = []num{num(ci.Center[0]), num(ci.Center[1]), num(ci.Radius)}
	}
	if b := s.Box; b != nil {
		// The angle keeps more decimals: a rounded angle would move far corners.
		c.Box = []num{num(b.Center[0]), num(b.Center[1]), num(b.Half[0]), num(b.Half[1]), num(math.Round(b.Angle*1e6) / 1e6)}
	}
	if len(s.Quality) > 0 {
		c.Quality = make(map[string][3]num, len(s.Quality))
		for k, q := range s.Quality {
			c.Quality[k] = [3]num{num(q.Outside), num(q.AreaRatio), num(q.FPArea)}
		}
	}
	return c
}

// refPage is the page of lib as Write used to build it.
func refPage(lib *export.Library, opt Options) page {
	title := opt.Title
	if title == "" {
		title = "shapegen report"
	}
	p := page{
		Title:     title,
		Generator: lib.Generator,
		Settings:  lib.Settings,
		Failures:  opt.Failures,
		Kinds:     kinds,
		Colours:   colours,
		Totals:    Sum(lib, len(opt.Failures)),
		Sprites:   make([]card, len(lib.Sprites)),
	}
	if p.Failures == nil {
		p.Failures = []string{}
	}
	if opt.Elapsed > 0 {
		p.Elapsed = opt.Elapsed.Round(time.Millisecond).String()
	}
	for i := range lib.Sprites {
		p.Sprites[i] = cardOf(&lib.Sprites[i], &opt, lib.Settings.AlphaThreshold)
	}
	return p
}

// refWrite is Write as it was: json.Marshal and the whole page through
// the template.
func refWrite(lib *export.Library, opt Options) ([]byte, error) {
	p := refPage(lib, opt)
	data, err := json.Marshal(p)
	if err != nil {
		return nil, err
	}
	var buf bytes.Buffer
	err = pageTemplate.Execute(&buf, struct {
		Title  string
		CSS    template.CSS
		Script template.JS
		Data   template.JS
	}{p.Title, template.CSS(pageCSS), template.JS(pageJS), template.JS(data)})
	return buf.Bytes(), err
}

// hostile are pieces of names and texts that JSON in a script element must
// escape: ends of the element, comment openers, JavaScript line breaks,
// quotes, control bytes and invalid UTF-8.
var hostile = []string{
	"</script>", "</SCRIPT >", "<!--", "-->", "<script>", "\u2028", "\u2029", "&amp;", "\"", "\\", "'",
	"\x00", "\x01", "\x1f", "\x7f", "\b", "\f", "\n", "\r", "\t", "\xff", "\xe2\x80", "é", "😀", "/", " ", "#", "%", "?",
	"hero", "run_01", "a/b", ".png",
}

func randString(r *rand.Rand) string {
	var sb strings.Builder
	for range r.IntN(6) {
		sb.WriteString(hostile[r.IntN(len(hostile))])
	}
	return sb.String()
}

// randFloat returns whole numbers, fractions near the rounding steps,
// huge and tiny values, -0, and now and then NaN or an infinity.
func randFloat(r *rand.Rand, special bool) float64 {
	switch r.IntN(12) {
	case 0:
		return float64(r.IntN(2000) - 1000)
	case 1:
		return float64(r.IntN(20000)-10000)/1000 + 0.0005
	case 2:
		return (r.Float64() - 0.5) * 1e22
	case 3:
		return (r.Float64() - 0.5) * 1e-7
	case 4:
		return math.Copysign(0, -1)
	case 5:
		if special {
			return []float64{math.NaN(), math.Inf(1), math.Inf(-1)}[r.IntN(3)]
		}
	}
	return (r.Float64() - 0.3) * 300
}

func randRing(r *rand.Rand, special bool) export.Ring {
	switch r.IntN(4) {
	case 0:
		return nil
	case 1:
		return export.Ring{}
	}
	ring := make(export.Ring, 1+r.IntN(8))
	for i := range ring {
		ring[i] = export.Point{randFloat(r, special), randFloat(r, special)}
	}
	return ring
}

func randRings(r *rand.Rand, special bool) []export.Ring {
	if r.IntN(3) == 0 {
		return nil
	}
	rs := make([]export.Ring, r.IntN(4))
	for i := range rs {
		rs[i] = randRing(r, special)
	}
	return rs
}

// randLibrary returns a library of a few sprites with random fields;
// special allows NaN and infinities in shapes (not in the quality
// figures unless nanQuality). Sprites with previews keep finite shapes
// (preview.Layout draws them).
func randLibrary(r *rand.Rand) (*export.Library, Options) {
	lib := &export.Library{Format: export.Format, Generator: randString(r), Settings: export.Settings{
		AlphaThreshold: r.IntN(256), MaxVertices: r.IntN(20), MaxPieces: r.IntN(9)}}
	if r.IntN(2) == 0 {
	}
	var opt Options
	switch r.IntN(4) {
	case 0:
		opt.PreviewDir = "preview/" + randString(r)
	case 1:
		opt.PreviewFor = func(name string) (string, bool) { return strings.ToUpper(name), len(name)%3 != 0 }
	}
	switch r.IntN(3) {
	case 0:
		opt.SpriteDir = "sprites"
	case 1:
		opt.SpriteFor = func(name string) (string, bool) { return name, len(name)%2 == 0 }
	}
	if r.IntN(2) == 0 {
		opt.Title = randString(r)
	}
	if r.IntN(2) == 0 {
		opt.Elapsed = time.Duration(r.Int64N(int64(time.Hour)))
	}
	switch r.IntN(3) {
	case 0:
		opt.Failures = []string{}
	case 1:
		opt.Failures = []string{randString(r), randString(r)}
	}
	special := opt.PreviewDir == "" && opt.PreviewFor == nil
	for range r.IntN(6) {
		s := export.Sprite{Name: randString(r), Image: randString(r),
			Frame:  export.Frame{X: r.IntN(500), Y: r.IntN(500), W: r.IntN(100), H: r.IntN(100)},
			Size:   [2]int{r.IntN(100), r.IntN(100)},
			Pivot:  export.Point{randFloat(r, special), randFloat(r, special)},
			Pixels: r.IntN(10000) - r.IntN(2),
		}
		if r.IntN(2) == 0 {
			s.Image = s.Name + ".png"
		}
		if r.IntN(2) == 0 {
			s.Offset = &[2]int{r.IntN(20), r.IntN(20)}
		}
		if r.IntN(3) > 0 {
			s.AABB = &export.AABB{Min: export.Point{randFloat(r, special), randFloat(r, special)}, Max: export.Point{randFloat(r, special), randFloat(r, special)}}
		}
		if r.IntN(3) > 0 {
			s.Circle = &export.Circle{Center: export.Point{randFloat(r, special), randFloat(r, special)}, Radius: randFloat(r, special)}
		}
		if r.IntN(3) > 0 {
			s.Box = &export.Box{Center: export.Point{randFloat(r, special), randFloat(r, special)}, Half: export.Point{randFloat(r, special), randFloat(r, special)}, Angle: randFloat(r, special)}
		}
		s.Hull, s.Polygon = randRing(r, special), randRing(r, special)
		s.Pieces, s.Outline = randRings(r, special), randRings(r, special)
		switch r.IntN(3) {
		case 0:
			s.Quality = map[string]export.Quality{}
		case 1:
			s.Quality = map[string]export.Quality{}
			for range 1 + r.IntN(7) {
				k := qualityKinds[r.IntN(len(qualityKinds))]
				if r.IntN(8) == 0 {
					k = randString(r)
				}
				// A NaN here makes the totals unwritable: both must fail.
				s.Quality[k] = export.Quality{Outside: r.IntN(5), AreaRatio: randFloat(r, r.IntN(20) == 0), FPArea: randFloat(r, r.IntN(20) == 0)}
			}
		}
		switch r.IntN(3) {
		case 0:
			s.Warnings = []string{}
		case 1:
			s.Warnings = []string{randString(r), randString(r)}
		}
		lib.Sprites = append(lib.Sprites, s)
	}
	return lib, opt
}

// TestDataMatchesJSON holds the hand-written encoder to json.Marshal of
// the reference structs over thousands of random libraries with hostile
// strings and odd numbers, and the whole page to the reference Write:
// both succeed with the same bytes or both fail.
func TestDataMatchesJSON(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	failed := 0
	for i := range 5000 {
		lib, opt := randLibrary(r)
		want, wantErr := json.Marshal(refPage(lib, opt))
		var elapsed string
		if opt.Elapsed > 0 {
			elapsed = opt.Elapsed.Round(time.Millisecond).String()
		}
		title := refPage(lib, opt).Title
		got, err := appendData(nil, lib, &opt, title, elapsed)
		if (err != nil) != (wantErr != nil) {
			t.Fatalf("case %d: appendData error %v, json.Marshal error %v", i, err, wantErr)
		}
		if err != nil {
			failed++
			continue
		}
		if !bytes.Equal(got, want) {
			j := 0
			for j < min(len(got), len(want)) && got[j] == want[j] {
				j++
			}
			t.Fatalf("case %d: appendData differs from json.Marshal at byte %d:\n got ...%q\nwant ...%q", i, j, got[max(0, j-40):min(len(got), j+40)], want[max(0, j-40):min(len(want), j+40)])
		}
		var page bytes.Buffer
		if err := Write(&page, lib, opt); err != nil {
			t.Fatalf("case %d: Write: %v", i, err)
		}
		if wantPage, err := refWrite(lib, opt); err != nil || !bytes.Equal(page.Bytes(), wantPage) {
			t.Fatalf("case %d: Write gave %d bytes, the reference %d (error %v)", i, page.Len(), len(wantPage), err)
		}
	}
	if failed == 0 || failed > 1000 {
		t.Errorf("%d of 5000 cases failed to encode; the cases should cover failures a little", failed)
	}
}

// TestWriteHostileNames writes sprites whose names try to leave the data's
// script element, and reads the names back from the blob.
func TestWriteHostileNames(t *testing.T) {
	names := []string{"</script><script>alert(1)</script>", "<!--<script>", "a\u2028b\u2029c", "x</SCRIPT>", "\"quoted\" & 'single'", "bad\xffutf8"}
	lib := library(3)
	for i, n := range names {
		s := lib.Sprites[i%len(lib.Sprites)]
		s.Name, s.Warnings = n, []string{n}
		lib.Sprites = append(lib.Sprites, s)
	}
	var buf bytes.Buffer
	if err := Write(&buf, lib, Options{Title: "</script>", PreviewDir: "preview", Failures: names}); err != nil {
		t.Fatal(err)
	}
	page := buf.String()
	const open = `<script type="application/json" id="data">`
	_, rest, ok := strings.Cut(page, open)
	if !ok {
		t.Fatalf("page has no %s", open)
	}
	blob, _, _ := strings.Cut(rest, "</script>")
	for _, bad := range []string{"<", ">", "\u2028", "\u2029"} {
		if strings.Contains(blob, bad) {
			t.Errorf("data blob holds %q", bad)
		}
	}
	var data struct {
		Failures []string `json:"failures"`
		Sprites  []struct {
			Name     string   `json:"n"`
			Warnings []string `json:"w"`
		} `json:"sprites"`
	}
	if err := json.Unmarshal([]byte(blob), &data); err != nil {
		t.Fatalf("data blob up to the first </script> is not JSON: %v", err)
	}
	for i, n := range names {
		want := strings.ToValidUTF8(n, "\ufffd")
		if got := data.Failures[i]; got != want {
			t.Errorf("failure %d read back as %q, want %q", i, got, want)
		}
		if got := data.Sprites[3+i]; got.Name != want || len(got.Warnings) != 1 || got.Warnings[0] != want {
			t.Errorf("sprite %d read back as %q %q, want %q", 3+i, got.Name, got.Warnings, want)
		}
	}
}

// TestWriteMatchesReferenceCorpus compares Write with the reference on a
// corpus-sized library.
func TestWriteMatchesReferenceCorpus(t *testing.T) {
	lib := corpusLibrary(t)
	opt := Options{PreviewDir: "preview", Elapsed: 2345 * time.Millisecond}
	var got bytes.Buffer
	if err := Write(&got, lib, opt); err != nil {
		t.Fatal(err)
	}
	want, err := refWrite(lib, opt)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got.Bytes(), want) {
		t.Errorf("Write gave %d bytes, the reference %d", got.Len(), len(want))
	}
}

// TestAppendNum holds appendNum to the reference num.MarshalJSON over a
// million values of every magnitude, both signs and the rounding steps.
func TestAppendNum(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	values := []float64{0, math.Copysign(0, -1), -0.0004, 0.0005, -0.0005, 0.0015, 1e15 / 1000, 999999999999.9995, -999999999999.9995, 1e15, 1e21, 1e-7, math.MaxFloat64, math.SmallestNonzeroFloat64, math.NaN(), math.Inf(-1)}
	for range 1_000_000 {
		v := math.Ldexp(r.Float64(), r.IntN(120)-40)
		if r.IntN(2) == 0 {
			v = -v
		}
		if r.IntN(4) == 0 {
			v = float64(r.Int64N(1<<52)-1<<51)/1000 + float64(r.IntN(3)-1)*0.0005
		}
		values = append(values, v)
	}
	var b []byte
	for _, v := range values {
		want, _ := num(v).MarshalJSON()
		if b = appendNum(b[:0], v); !bytes.Equal(b, want) {
			t.Fatalf("appendNum(%v) = %s, want %s", v, b, want)
		}
	}
}
