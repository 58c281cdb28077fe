package report

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"maps"
	"math"
	"math/rand/v2"
	"path"
	"reflect"
	"regexp"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/shapegen/shapegen/collide"
	"github.com/shapegen/shapegen/export"
	"github.com/shapegen/shapegen/export/preview"
	"github.com/shapegen/shapegen/export/preview/previewtest"
	_ "github.com/shapegen/shapegen/internal/update" // go test ./... -update
)

// library returns a library of n synthetic sprites (blobs of varied size,
// every third concave, one in 50 empty) with shapes from previewtest.
func library(n int) *export.Library {
	lib := &export.Library{Format: export.Format, Generator: "shapegen test",
		Settings: export.Settings{AlphaThreshold: previewtest.Threshold, MaxVertices: 8, MaxPieces: 8}}
	for i := range n {
		w, h := 6+(i*7)%37, 5+(i*13)%29
		if i%50 == 49 {
			w, h = 0, 0
		}
		img := previewtest.Blob(max(w, 1), max(h, 1), i%3 == 0)
		if w == 0 {
			img.Pix[3] = 0 // no opaque pixel
		}
		lib.Sprites = append(lib.Sprites, *previewtest.Sprite(fmt.Sprintf("group%02d/sprite_%05d", i%17, i), img))
	}
	slices.SortFunc(lib.Sprites, func(a, b export.Sprite) int { return strings.Compare(a.Name, b.Name) })
	return lib
}

// written is a report as its files say it: report.html's data, the
// index pages and the card pages, decoded.
type written struct {
	html  string
	head  head
	index []indexPage
	cards [][]card
}

var dataScript = regexp.MustCompile(`(?s)<script type="application/json" id="data">(.*?)</script>`)

// decode reads the files of a report back with encoding/json.
func decode(t *testing.T, files map[string][]byte) *written {
	t.Helper()
	w := &written{html: string(files[HTMLFile])}
	m := dataScript.FindStringSubmatch(w.html)
	if m == nil {
		t.Fatal("report.html has no data script")
	}
	if err := json.Unmarshal([]byte(m[1]), &w.head); err != nil {
		t.Fatalf("report.html's data: %v", err)
	}
	for i, f := range w.head.IndexFiles {
		if f != indexFile(i) {
			t.Fatalf("index file %d is %q, want %q", i, f, indexFile(i))
		}
		s, ok := strings.CutPrefix(string(files[f]), "shapegenIndex(")
		s, ok2 := strings.CutSuffix(s, ");\n")
		if !ok || !ok2 {
			t.Fatalf("%s is not a shapegenIndex(...) call: %.60q", f, files[f])
		}
		var p indexPage
		if err := json.Unmarshal([]byte(s), &p); err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		w.index = append(w.index, p)
	}
	for i, f := range w.head.CardFiles {
		prefix := fmt.Sprintf("shapegenCards(%d,", i)
		s, ok := strings.CutPrefix(string(files[f]), prefix)
		s, ok2 := strings.CutSuffix(s, ");\n")
		if !ok || !ok2 {
			t.Fatalf("%s is not a %s...) call: %.60q", f, prefix, files[f])
		}
		var cs []card
		if err := json.Unmarshal([]byte(s), &cs); err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		w.cards = append(w.cards, cs)
	}
	return w
}

func writeMem(t *testing.T, lib *export.Library, opt Options) (*memFiles, *written) {
	t.Helper()
	m := newMemFiles()
	if err := Write(m.create, lib, opt); err != nil {
		t.Fatal(err)
	}
	return m, decode(t, m.files)
}

// TestWriteContent writes reports of several sizes (across the page
// sizes) and reads every figure back against the library, with the
// totals, medians, histogram and opening order computed here the plain
// way, from all sprites at once.
func TestWriteContent(t *testing.T) {
	for _, tc := range []struct {
		name string
		lib  *export.Library
		opt  Options
	}{
		{"empty", synthLibrary(0), Options{}},
		{"one", synthLibrary(1), Options{}},
		{"blobs 420", library(420), Options{PreviewDir: "preview", SpriteDir: "sprite"}},
		{"synth 5,101", synthLibrary(indexSize + cardSize + 1), Options{FPThreshold: 0.3}},
		{"hull first", func() *export.Library {
			l := synthLibrary(333)
			l.Settings.Shapes = []string{"aabb", "hull"}
			return l
		}(), Options{}},
		{"kinds by page", func() *export.Library {
			// The index pages' kinds differ: the second page has no
			// hull, the third no pieces but a hull again.
			l := synthLibrary(2*indexSize + 10)
			for i := range l.Sprites {
				s := &l.Sprites[i]
				switch i / indexSize {
				case 1:
					s.Hull = nil
					delete(s.Quality, "hull")
				case 2:
					s.Pieces = nil
					delete(s.Quality, "pieces")
				}
			}
			return l
		}(), Options{}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			lib := tc.lib
			m, w := writeMem(t, lib, tc.opt)
			n := len(lib.Sprites)
			if got, want := slices.Sorted(mapKeys(m.files)), slices.Sorted(slices.Values(Files(n))); !slices.Equal(got, want) {
				t.Fatalf("files %q, want Files(%d) = %q", got, n, want)
			}
			if m.order[len(m.order)-1] != HTMLFile {
				t.Errorf("files written in order %q, want report.html last", m.order)
			}
			threshold := tc.opt.FPThreshold
			if threshold == 0 {
				threshold = DefaultFPThreshold
			}
			h := w.head
			if h.Count != n || h.Threshold != threshold {
				t.Errorf("head says %d sprites, threshold %v; want %d, %v", h.Count, h.Threshold, n, threshold)
			}

			// Every sprite once in the index and once in the cards, at its
			// position, with its figures rounded as round4 does.
			x := 0
			for _, p := range w.index {
				if p.First != x {
					t.Fatalf("index page %d starts at %d, want %d", p.Page, p.First, x)
				}
				for k, ik := range p.Kinds {
					n := len(p.Names)
					if len(ik.FPArea) != n || len(ik.AreaRatio) != n || len(ik.Outside) != n || len(ik.Count) != n {
						t.Fatalf("index page %d: kind %s has columns of %d, %d, %d, %d rows, want %d", p.Page, k, len(ik.FPArea), len(ik.AreaRatio), len(ik.Outside), len(ik.Count), n)
					}
					if !slices.ContainsFunc(lib.Sprites[x:x+n], func(s export.Sprite) bool { _, ok := s.Quality[k]; return ok }) {
						t.Fatalf("index page %d has kind %s, which none of its sprites has", p.Page, k)
					}
				}
				for j, name := range p.Names {
					s := &lib.Sprites[x]
					if name != s.Name || p.Pixels[j] != s.Pixels || p.Warnings[j] != len(s.Warnings) {
						t.Fatalf("index row %d = %q %d px %d warnings, want %q %d %d", x, name, p.Pixels[j], p.Warnings[j], s.Name, s.Pixels, len(s.Warnings))
					}
					out := 0
					for k, q := range s.Quality {
						out += q.Outside
						ik := p.Kinds[k]
						if ik == nil || ik.FPArea[j] != round4(q.FPArea) || ik.AreaRatio[j] != round4(q.AreaRatio) || ik.Outside[j] != q.Outside || ik.Count[j] != countOf(s, k) {
							t.Fatalf("index row %d (%s) kind %s = %+v, want fp %v ar %v", x, name, k, ik, q.FPArea, q.AreaRatio)
						}
					}
					for k, ik := range p.Kinds {
						if _, ok := s.Quality[k]; !ok && (ik.FPArea[j] != -1 || ik.AreaRatio[j] != -1 || ik.Count[j] != -1 || ik.Outside[j] != -1) {
							t.Fatalf("index row %d (%s) has %s figures it does not have", x, name, k)
						}
					}
					if p.Outside[j] != out {
						t.Fatalf("index row %d outside %d, want %d", x, p.Outside[j], out)
					}
					x++
				}
			}
			if x != n {
				t.Fatalf("index holds %d sprites, want %d", x, n)
			}
			x = 0
			for i, cs := range w.cards {
				if len(cs) != cardSize && i != len(w.cards)-1 {
					t.Errorf("card file %d holds %d cards, want %d", i, len(cs), cardSize)
				}
				for _, c := range cs {
					checkCard(t, &c, x, &lib.Sprites[x])
					x++
				}
			}
			if x != n {
				t.Fatalf("cards hold %d sprites, want %d", x, n)
			}

			want := refTotals(lib, threshold)
			got := h.Totals
			got.Kinds = nil
			if !reflect.DeepEqual(got, want) {
				t.Errorf("totals %+v, want %+v", got, want)
			}
			checkKinds(t, lib, &h)
			checkFirst(t, lib, &h)
		})
	}
}

// checkCard compares card c at position x with its sprite.
func checkCard(t *testing.T, c *card, x int, s *export.Sprite) {
	t.Helper()
	image := c.Image
	if image == "" {
		image = s.Name + ".png"
	}
	frame := [4]int{0, 0, s.Size[0], s.Size[1]}
	if c.Frame != nil {
		frame = *c.Frame
	}
	if c.X != x || image != s.Image || frame != [4]int{s.Frame.X, s.Frame.Y, s.Frame.W, s.Frame.H} || c.Size != s.Size || c.Pixels != s.Pixels {
		t.Fatalf("card %d = %q %v %v %d px, want %q %+v %v %d", x, image, frame, c.Size, c.Pixels, s.Image, s.Frame, s.Size, s.Pixels)
	}
	if len(c.Shapes) != len(kinds) {
		t.Fatalf("card %d has %d shapes, want one per kind (%d)", x, len(c.Shapes), len(kinds))
	}
	has := map[string]bool{"aabb": s.AABB != nil, "circle": s.Circle != nil, "box": s.Box != nil, "hull": len(s.Hull) > 0,
		"polygon": len(s.Polygon) > 0, "pieces": len(s.Pieces) > 0, "outline": len(s.Outline) > 0}
	for i, k := range kinds {
		if (c.Shapes[i] != "") != has[k.name()] {
			t.Errorf("card %d (%s) shape of %s = %v, want one exactly when the sprite has it (%v)", x, s.Name, k.name(), c.Shapes[i], has[k.name()])
		}
	}
	if s.Circle != nil {
		circle := c.Shapes[kindIndex("circle")].([]any)
		for i, want := range []float64{s.Circle.Center[0], s.Circle.Center[1], s.Circle.Radius} {
			if got := circle[i].(float64); math.Abs(got-want) > 0.005 {
				t.Errorf("card %d circle %v, want %v", x, circle, s.Circle)
			}
		}
	}
	if d, _ := c.Shapes[kindIndex("pieces")].(string); strings.Count(d, "M") != len(s.Pieces) {
		t.Errorf("card %d pieces path %q has %d rings, want %d", x, d, strings.Count(d, "M"), len(s.Pieces))
	}
	if v := c.View; v[0] > 0 || v[1] > 0 || v[2] < s.Size[0] || v[3] < s.Size[1] {
		t.Errorf("card %d view %v does not hold the sprite %v", x, v, s.Size)
	}
	if c.Name != "" || c.Figures != nil {
		t.Errorf("card %d of a card file carries its name or figures (the index has them)", x)
	}
}

// checkFigures compares the figures of a first card with its sprite.
func checkFigures(t *testing.T, c *card, s *export.Sprite) {
	t.Helper()
	if len(c.Figures) != len(s.Quality) {
		t.Fatalf("card %d has %d figures, want %d", c.X, len(c.Figures), len(s.Quality))
	}
	for _, f := range c.Figures {
		q := s.Quality[f.Kind]
		if f.Outside != q.Outside || f.AreaRatio != round4(q.AreaRatio) || f.FPArea != round4(q.FPArea) || f.Count != countOf(s, f.Kind) {
			t.Errorf("card %d figures of %s = %+v, want %+v", c.X, f.Kind, f, q)
		}
	}
}

// refTotals computes the totals of lib from all of it at once.
func refTotals(lib *export.Library, threshold float64) totals {
	t := totals{Sprites: len(lib.Sprites)}
	images := map[string]bool{}
	for _, s := range lib.Sprites {
		images[s.Image] = true
		if strings.TrimSuffix(s.Image, path.Ext(s.Image)) != s.Name {
			t.Frames++
		}
		if s.Pixels == 0 {
			t.Empty++
		}
		if len(s.Warnings) > 0 {
			t.Warnings++
		}
		t.Pixels += s.Pixels
		bad := false
		for _, q := range s.Quality {
			t.Outside += q.Outside
			bad = bad || q.Outside > 0 || math.Round(q.FPArea*1e4)/1e4 > threshold
		}
		if bad {
			t.Flagged++
		}
	}
	t.Images = len(images)
	return t
}

// checkKinds checks the per-kind medians, 90th percentiles and histogram
// against all values sorted.
func checkKinds(t *testing.T, lib *export.Library, h *head) {
	t.Helper()
	area, fp := map[string][]float64{}, map[string][]float64{}
	for _, s := range lib.Sprites {
		for k, q := range s.Quality {
			area[k] = append(area[k], sig4(round4(q.AreaRatio)))
			fp[k] = append(fp[k], round4(q.FPArea))
		}
	}
	nearest := func(v []float64, q float64) float64 {
		v = slices.Sorted(slices.Values(v))
		return v[max(0, int(math.Ceil(q*float64(len(v))))-1)]
	}
	if len(h.Totals.Kinds) != len(area) || len(h.Hist) != len(area) || len(h.Figures) != len(area) {
		t.Fatalf("head has %d kind totals, %d histograms, %d figure kinds; want %d each", len(h.Totals.Kinds), len(h.Hist), len(h.Figures), len(area))
	}
	for i, kt := range h.Totals.Kinds {
		k := kt.Kind
		if h.Figures[i] != k || h.Hist[i].Kind != k {
			t.Errorf("kind %d: totals %s, figures %s, histogram %s", i, k, h.Figures[i], h.Hist[i].Kind)
		}
		want := kindTotals{Kind: k, Sprites: len(area[k]), AreaMedian: nearest(area[k], 0.5), AreaP90: nearest(area[k], 0.9),
			FPMedian: sig4(nearest(fp[k], 0.5)), FPP90: sig4(nearest(fp[k], 0.9))}
		if kt != want {
			t.Errorf("totals of %s = %+v, want %+v", k, kt, want)
		}
		bins := make([]int, histBins)
		for _, v := range fp[k] {
			bins[min(int(v*histBins), histBins-1)]++
		}
		if !slices.Equal(h.Hist[i].Counts, bins) {
			t.Errorf("histogram of %s = %v, want %v", k, h.Hist[i].Counts, bins)
		}
	}
}

// checkFirst checks the first cards against all sprites sorted as the
// page sorts them at first.
func checkFirst(t *testing.T, lib *export.Library, h *head) {
	t.Helper()
	kind := strings.TrimPrefix(h.Sort, "fp:")
	if want := sortKind(lib.Settings.Shapes); kind != want {
		t.Errorf("opening sort by %s, want %s", kind, want)
	}
	xs := make([]int, len(lib.Sprites))
	for i := range xs {
		xs[i] = i
	}
	val := func(x int) (float64, bool) {
		q, ok := lib.Sprites[x].Quality[kind]
		return math.Round(q.FPArea*1e4) / 1e4, ok
	}
	slices.SortStableFunc(xs, func(a, b int) int {
		va, oka := val(a)
		vb, okb := val(b)
		switch {
		case oka != okb && oka:
			return -1
		case oka != okb:
			return 1
		case va > vb:
			return -1
		case va < vb:
			return 1
		}
		return a - b
	})
	xs = xs[:min(len(xs), firstSize)]
	got := make([]int, len(h.First))
	for i, c := range h.First {
		got[i] = c.X
		if c.Name != lib.Sprites[c.X].Name {
			t.Fatalf("first card %d at %d is %q, want %q", i, c.X, c.Name, lib.Sprites[c.X].Name)
		}
		checkFigures(t, &c, &lib.Sprites[c.X])
	}
	if !slices.Equal(got, xs) {
		t.Errorf("first cards at %v, want %v", got[:min(10, len(got))], xs[:min(10, len(xs))])
	}
}

func mapKeys[V any](m map[string]V) func(func(string) bool) {
	return func(yield func(string) bool) {
		for k := range m {
			if !yield(k) {
				return
			}
		}
	}
}

func TestWriteDeterministic(t *testing.T) {
	lib := library(300)
	opt := Options{PreviewDir: "preview", Elapsed: 1500 * time.Millisecond, Failures: []string{"x.png: bad"}}
	a, _ := writeMem(t, lib, opt)
	b, _ := writeMem(t, lib, opt)
	if !slices.Equal(a.order, b.order) {
		t.Fatalf("files %q then %q", a.order, b.order)
	}
	for _, f := range a.order {
		if !bytes.Equal(a.files[f], b.files[f]) {
			t.Errorf("%s differs between two writes", f)
		}
	}
}

// externalRef matches what would make the page fetch something from
// elsewhere: an http(s) or protocol-relative address as a src, href,
// CSS url() or @import, a stylesheet link or a script with a src.
var externalRef = regexp.MustCompile(`(?i)((src|href|action|poster|data)\s*=\s*["']?\s*(https?:)?//)|url\(\s*["']?\s*(https?:)?//|@import|<link\b|<script\b[^>]*\bsrc\s*=|<iframe\b`)

// TestWriteSelfContained checks that the report refers to nothing but its
// own files and the images beside it, and that a name cannot end the
// data's script element.
func TestWriteSelfContained(t *testing.T) {
	lib := library(40)
	lib.Sprites[0].Name = "a/</script><script>alert(1)</script>"
	lib.Sprites[0].Warnings = []string{"<!-- & -->"}
	m, w := writeMem(t, lib, Options{PreviewDir: "preview", Title: "</title><b>"})
	for name, data := range m.files {
		page := string(data)
		if mm := externalRef.FindString(page); mm != "" {
			i := strings.Index(page, mm)
			t.Errorf("%s refers to an external resource: %q in ...%s...", name, mm, page[max(0, i-80):min(len(page), i+80)])
		}
		for _, mm := range regexp.MustCompile(`https?://[^\s"'<>)]*`).FindAllString(page, -1) {
			if mm != "http://www.w3.org/2000/svg" {
				t.Errorf("%s holds the address %q", name, mm)
			}
		}
		if name != HTMLFile && (strings.Contains(page, "<") || strings.Contains(page, ">")) {
			t.Errorf("%s holds a < or >, which the JSON encoder should have escaped", name)
		}
	}
	if n := strings.Count(w.html, "</script>"); n != 2 {
		t.Errorf("report.html has %d </script>, want 2 (the data and the script)", n)
	}
	for _, want := range []string{"<style>", "<script>", "&lt;/title&gt;&lt;b&gt;"} {
		if !strings.Contains(w.html, want) {
			t.Errorf("report.html has no %q", want)
		}
	}
	for _, f := range append(w.head.IndexFiles, w.head.CardFiles...) {
		if _, ok := m.files[f]; !ok || !strings.HasPrefix(f, "report/") {
			t.Errorf("report.html loads %q, which the report did not write under report/", f)
		}
	}
	// The page finds previews in the folder the data names, relative to
	// report.html.
	if w.head.PreviewDir != "preview" || w.cards[0][1].Preview != "" {
		t.Errorf("head names the preview folder %q, a card links %q; want the folder and no link", w.head.PreviewDir, w.cards[0][1].Preview)
	}
	if got := w.index[0].Names[0]; got != lib.Sprites[0].Name {
		t.Errorf("odd name came back as %q", got)
	}
}

// TestSelfContainedCheck makes sure the check above catches what it is
// for.
func TestSelfContainedCheck(t *testing.T) {
	for _, bad := range []string{
		`<img src="https://cdn.example/x.png">`,
		`<script src="/app.js"></script>`,
		`<link rel="stylesheet" href="x.css">`,
		`body { background: url(//cdn.example/bg.png) }`,
		`@import "theme.css";`,
		`<a href='http://example.com'>`,
	} {
		if !externalRef.MatchString(bad) {
			t.Errorf("externalRef misses %s", bad)
		}
	}
	for _, good := range []string{`<img src="preview/a.png">`, `createElementNS("http://www.w3.org/2000/svg", "svg")`} {
		if externalRef.MatchString(good) {
			t.Errorf("externalRef flags %s", good)
		}
	}
}

// TestKindsMatchPreview checks that the page lists every shape kind once,
// in export/preview's drawing order, then the pivot, each in the colour
// the preview draws it in.
func TestKindsMatchPreview(t *testing.T) {
	var want []string
	for k := range preview.Order() {
		want = append(want, k.String())
	}
	want = append(want, "pivot")
	infos := kindInfos(make([]bool, len(kinds)))
	var names []string
	for _, k := range infos {
		names = append(names, k.Name)
	}
	if !slices.Equal(names, want) {
		t.Errorf("report kinds %q, want the preview's %q in its drawing order", names, want)
	}
	if len(want) != int(collide.NumKinds)+1 {
		t.Errorf("preview.Order() lists %d kinds, want all %d", len(want)-1, collide.NumKinds)
	}
	for _, info := range infos {
		c := preview.PivotColour()
		if k, ok := collide.ParseKind(info.Name); ok {
			c = export.Colour(k)
		}
		if want := fmt.Sprintf("#%02x%02x%02x", c.R, c.G, c.B); info.Colour != want {
			t.Errorf("report colour of %s = %s, want the preview's %s", info.Name, info.Colour, want)
		}
	}
}

func TestAddOrder(t *testing.T) {
	m := newMemFiles()
	w := NewWriter(m.create, Options{})
	if err := w.Add(synth(5)); err != nil {
		t.Fatal(err)
	}
	for _, s := range []*export.Sprite{synth(5), synth(4)} {
		if err := w.Add(s); err == nil || !strings.Contains(err.Error(), "name order") {
			t.Errorf("Add(%q) after %q = %v, want an error about name order", s.Name, synth(5).Name, err)
		}
	}
	if err := w.Close(); err == nil {
		t.Error("Close after a failed Add succeeded")
	}
	if len(m.files) != 0 {
		t.Errorf("a failed report wrote %q", m.order)
	}
	w = NewWriter(m.create, Options{})
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	if err := w.Add(synth(1)); err == nil {
		t.Error("Add after Close succeeded")
	}
}

// failing creates files whose Write fails for one name and records which
// files were closed.
type failing struct {
	bad    string
	closed []string
}

func (f *failing) create(name string) (io.WriteCloser, error) {
	if name == "report/index-0001.js" && f.bad == "create" {
		return nil, errors.New("disk full")
	}
	return &failFile{f, name}, nil
}

type failFile struct {
	f    *failing
	name string
}

func (w *failFile) Write(p []byte) (int, error) {
	if w.name == w.f.bad {
		return 0, errors.New("disk full")
	}
	return len(p), nil
}

func (w *failFile) Close() error { w.f.closed = append(w.f.closed, w.name); return nil }

func TestWriteErrors(t *testing.T) {
	for _, bad := range []string{"create", "report/cards-0002.js", HTMLFile} {
		f := &failing{bad: bad}
		err := Write(f.create, synthLibrary(250), Options{})
		if err == nil || !strings.Contains(err.Error(), "disk full") {
			t.Errorf("%s failing: Write = %v, want the error", bad, err)
			continue
		}
		if bad != "create" && !slices.Contains(f.closed, bad) {
			t.Errorf("%s failing: not closed after its Write failed (closed %q)", bad, f.closed)
		}
		if bad != HTMLFile && slices.Contains(f.closed, HTMLFile) {
			t.Errorf("%s failing: report.html written all the same", bad)
		}
	}
}

func TestFiles(t *testing.T) {
	for _, tc := range []struct {
		n    int
		want []string
	}{
		{0, []string{"report.html"}},
		{1, []string{"report/index-0001.js", "report/cards-0001.js", "report.html"}},
		{cardSize + 1, []string{"report/index-0001.js", "report/cards-0001.js", "report/cards-0002.js", "report.html"}},
	} {
		if got := Files(tc.n); !slices.Equal(got, tc.want) {
			t.Errorf("Files(%d) = %q, want %q", tc.n, got, tc.want)
		}
	}
}

func TestImageCounter(t *testing.T) {
	for _, tc := range []struct {
		name    string
		sprites [][2]string // name, image
		want    int
	}{
		{"plain", [][2]string{{"a", "a.png"}, {"b", "b.png"}}, 2},
		{"sheet", [][2]string{{"a/0", "a.png"}, {"a/1", "a.png"}, {"b", "b.png"}}, 2},
		{"sheet with a plain image inside its name range", [][2]string{{"a/x", "a.png"}, {"a/y", "a/y.png"}, {"a/z", "a.png"}}, 2},
		{"nested sheets", [][2]string{{"a/b/0", "a/b.png"}, {"a/c", "a.png"}, {"a/d/0", "a/d.png"}, {"a/e", "a.png"}}, 3},
		{"frames named after another stem", [][2]string{{"hero/0", "pack.png"}, {"hero/1", "pack.png"}, {"villain/0", "pack.png"}, {"z", "z.png"}}, 2},
		{"none", nil, 0},
	} {
		var c imageCounter
		for _, s := range tc.sprites {
			c.add(s[0], s[1])
		}
		if c.n != tc.want {
			t.Errorf("%s: %d images, want %d", tc.name, c.n, tc.want)
		}
	}
}

func TestQuantiles(t *testing.T) {
	var c counts
	if got := c.quantiles(0.5, 0.9); !slices.Equal(got, []float64{0, 0}) {
		t.Errorf("quantiles of nothing = %v, want zeros", got)
	}
	for _, v := range []float64{4, 1, 3, 2, 2, 5, 1.00004, 10} {
		c.add(v)
	}
	// Sorted: 1, 1 (1.00004 to four digits), 2, 2, 3, 4, 5, 10: the 4th and 8th.
	if got := c.quantiles(0.5, 0.9); !slices.Equal(got, []float64{2, 10}) {
		t.Errorf("quantiles(0.5, 0.9) = %v, want [2 10]", got)
	}
}

// TestSig4 holds sig4's fast path for [1, 9.999) to sig4Scaled, on
// the values four decimals give there and random ones, and the edges.
func TestSig4(t *testing.T) {
	check := func(v float64) {
		if got, want := sig4(v), sig4Scaled(v); math.Float64bits(got) != math.Float64bits(want) {
			t.Fatalf("sig4(%v) = %v, want %v", v, got, want)
		}
	}
	for k := 10000; k <= 100000; k++ {
		check(float64(k) / 1e4)
	}
	rng := rand.New(rand.NewPCG(4, 4))
	for range 1_000_000 {
		check(1 + 9*rng.Float64())
	}
	for _, v := range []float64{1, math.Nextafter(1, 0), 9.999, math.Nextafter(9.999, 0), math.Nextafter(10, 0), 10, 0, math.Copysign(0, -1), -1, 1e-320, 1e300, math.Inf(1), math.NaN()} {
		if got, want := sig4(v), sig4Scaled(v); math.Float64bits(got) != math.Float64bits(want) && !(math.IsNaN(got) && math.IsNaN(want)) {
			t.Fatalf("sig4(%v) = %v, want %v", v, got, want)
		}
	}
}

// TestCountsDense checks what counts' array rests on: sig4 keeps every
// k/10⁴ for k in 1..10⁴, and add puts exactly those values in the array.
func TestCountsDense(t *testing.T) {
	for k := 1; k <= 10000; k++ {
		v := float64(k) / 1e4
		if sig4(v) != v {
			t.Fatalf("sig4(%d/1e4) = %v, want %v", k, sig4(v), v)
		}
		if v != round4(v) {
			t.Fatalf("round4(%d/1e4) = %v, want %v", k, round4(v), v)
		}
		var c counts
		c.add(v)
		if c.dense == nil || c.dense[k] != 1 || len(c.m) != 0 {
			t.Fatalf("add(%v) did not count it in the array at %d", v, k)
		}
	}
	for _, v := range []float64{0, math.Copysign(0, -1), math.Nextafter(0.5, 1), 1.0001, 0.00005, -0.5} {
		var c counts
		c.add(v)
		if c.dense != nil {
			t.Fatalf("add(%v) counted it in the array", v)
		}
	}
	// The area ratios' array: each value in (1, 9.999) at the place of
	// what sig4 makes of it (1 itself is in the other).
	for k := 1000; k < 9999; k++ {
		for _, v := range []float64{float64(k) / 1e3, float64(10*k+4) / 1e4, float64(10*k-5) / 1e4} {
			if v <= 1 {
				continue
			}
			var c counts
			c.add(v)
			at := int(math.Round(sig4(v)*1e3)) - 1000
			if c.ratios == nil || c.ratios[at] != 1 || len(c.m) != 0 || float64(1000+at)/1e3 != sig4(v) {
				t.Fatalf("add(%v) did not count it in the ratios' array at %d (sig4 %v)", v, at, sig4(v))
			}
		}
	}
	for _, v := range []float64{9.999, 10, math.Nextafter(1, 0)} {
		var c counts
		c.add(v)
		if c.ratios != nil {
			t.Fatalf("add(%v) counted it in the ratios' array", v)
		}
	}
}

// TestCountsLikeMap adds random figures, as the page gets them and not,
// to counts and to a plain map by sig4 (what counts was), and compares
// every quantile of the two.
func TestCountsLikeMap(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 7))
	for round := range 200 {
		var c counts
		m := map[float64]int{}
		n := 0
		for range rng.IntN(3000) + 1 {
			var v float64
			switch rng.IntN(6) {
			case 0:
				v = round4(rng.Float64())
			case 1:
				v = round4(1 + rng.Float64()*0.001) // sig4 makes 1 of most
			case 2:
				v = round4(rng.Float64() * 30)
			case 3:
				v = float64(rng.IntN(3)) / 1e4 // 0, and the smallest
			case 4:
				v = rng.Float64() // not rounded
			case 5:
				v = -1 // a figure that is not a number
			}
			c.add(v)
			m[sig4Scaled(v)]++
			n++
		}
		vals := slices.Sorted(maps.Keys(m))
		var qs []float64
		for q := 0.0; q <= 1; q += 0.01 {
			qs = append(qs, q)
		}
		got := c.quantiles(qs...)
		for i, q := range qs {
			rank := max(1, int(math.Ceil(q*float64(n))))
			seen, want := 0, vals[len(vals)-1]
			for _, v := range vals {
				if seen += m[v]; seen >= rank {
					want = v
					break
				}
			}
			if math.Float64bits(got[i]) != math.Float64bits(want) {
				t.Fatalf("round %d: quantile %.2f = %v, want %v", round, q, got[i], want)
			}
		}
	}
}

// TestWriterMemoryFlat streams sprites through a Writer and checks that
// its heap does not grow with their number: a writer that kept the
// sprites, or their cards, would grow by megabytes per thousand.
func TestWriterMemoryFlat(t *testing.T) {
	if testing.Short() {
		t.Skip("skipped in -short mode")
	}
	var out countingFiles
	w := NewWriter(out.create, Options{})
	heap := func() uint64 {
		runtime.GC()
		var ms runtime.MemStats
		runtime.ReadMemStats(&ms)
		return ms.HeapAlloc
	}
	const warm, total = 20_000, 60_000
	var before uint64
	for i := range total {
		if i == warm {
			before = heap()
		}
		if err := w.Add(synth(i)); err != nil {
			t.Fatal(err)
		}
	}
	after := heap()
	runtime.KeepAlive(w)
	grew := int64(after) - int64(before)
	t.Logf("heap %.1f MB after %d sprites, %.1f MB after %d (%d bytes of report)", float64(before)/1e6, warm, float64(after)/1e6, total, out.n)
	// 40,000 cards are about 50 MB of JSON; the medians' counts may still
	// gain distinct values.
	if grew > 6<<20 {
		t.Errorf("heap grew by %.1f MB over %d sprites, want it flat (< 6 MB)", float64(grew)/1e6, total-warm)
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
}

// TestLinks checks where a card's preview and 1x image come from: links
// from Options' functions are in the cards, folders are in the head.
func TestLinks(t *testing.T) {
	lib := library(3)
	_, w := writeMem(t, lib, Options{
		PreviewFor: func(name string) (string, bool) { return "p/" + name + ".png", strings.HasSuffix(name, "1") },
		SpriteFor:  func(name string) (string, bool) { return "s/" + name, true },
	})
	if w.head.PreviewDir != "" || w.head.SpriteDir != "" {
		t.Errorf("head names folders %q and %q, want none", w.head.PreviewDir, w.head.SpriteDir)
	}
	for i, c := range w.cards[0] {
		name := lib.Sprites[i].Name
		wantP := ""
		if strings.HasSuffix(name, "1") {
			wantP = "p/" + name + ".png"
		}
		if c.Preview != wantP || (c.PreviewRect != nil) != (wantP != "") || c.Sprite != "s/"+name {
			t.Errorf("card of %s links %q (rect %v) and %q, want %q and %q", name, c.Preview, c.PreviewRect, c.Sprite, wantP, "s/"+name)
		}
	}
	_, w = writeMem(t, lib, Options{SpriteDir: "sprite/"})
	if w.head.SpriteDir != "sprite/" || w.cards[0][0].Sprite != "" || w.cards[0][0].PreviewRect != nil {
		t.Errorf("with a sprite folder: head %q, card %q %v; want the folder in the head only", w.head.SpriteDir, w.cards[0][0].Sprite, w.cards[0][0].PreviewRect)
	}
}

// TestAppendNum holds appendNum to strconv's shortest formatting of the
// value rounded to two decimals, on values of every magnitude.
func TestAppendNum(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	vals := []float64{0, -0.0, 0.004, -0.004, 0.005, 0.1, 1.05, -1.5, 12.34, 1e12, -1e13, 1e15, 123456789.125}
	for range 100000 {
		vals = append(vals, (r.Float64()-0.5)*math.Pow(10, float64(r.IntN(16)-3)))
	}
	for _, v := range vals {
		want := strconv.AppendFloat(nil, round2(v), 'f', -1, 64)
		if got := appendNum(nil, v); string(got) != string(want) {
			t.Fatalf("appendNum(%v) = %s, want %s", v, got, want)
		}
	}
}

// TestSourceImageLinks checks the links to source images: a folder in the
// head, or ImageFor's links (called with the image) in the cards, and
// neither when the sprites have 1x images.
func TestSourceImageLinks(t *testing.T) {
	lib := synthLibrary(2)
	lib.Sprites[1].Rotated = true
	_, w := writeMem(t, lib, Options{ImageDir: "art"})
	if w.head.ImageDir != "art" || w.cards[0][0].SourceImage != "" || w.cards[0][0].Rotated || !w.cards[0][1].Rotated {
		t.Errorf("image folder: head %q, cards %q rotated %v %v", w.head.ImageDir, w.cards[0][0].SourceImage, w.cards[0][0].Rotated, w.cards[0][1].Rotated)
	}
	for _, opt := range []Options{
		{ImageFor: func(image string) (string, bool) { return "../art/" + image, true }},
		{ImageFor: func(image string) (string, bool) { return "../art/" + image, true }, SpriteDir: "sprite"},
		{ImageDir: "art", SpriteDir: "sprite"},
	} {
		_, w := writeMem(t, lib, opt)
		want := ""
		if opt.SpriteDir == "" {
			want = "../art/" + lib.Sprites[0].Image
		}
		if got := w.cards[0][0].SourceImage; got != want || w.head.ImageDir != "" {
			t.Errorf("ImageFor %v, SpriteDir %q: card links %q, head folder %q; want %q and none", opt.ImageFor != nil, opt.SpriteDir, got, w.head.ImageDir, want)
		}
	}
}

// TestAddCard writes a report, then another of the library with sprites
// removed (so every later card's position changes), its cards copied
// from where Placed said they lay in the first report's files: the files
// must equal those of a report written without copying.
func TestAddCard(t *testing.T) {
	for _, opt := range []Options{{}, {PreviewDir: "preview", SpriteDir: "sprite"}} {
		lib := library(450)
		opt.Generator, opt.Settings = lib.Generator, lib.Settings
		first := newMemFiles()
		w := NewWriter(first.create, opt)
		placed := map[string][3]any{}
		for i := range lib.Sprites {
			if err := w.Add(&lib.Sprites[i]); err != nil {
				t.Fatal(err)
			}
			f, off, n := w.Placed()
			placed[lib.Sprites[i].Name] = [3]any{f, off, n}
		}
		if err := w.Close(); err != nil {
			t.Fatal(err)
		}
		lib.Sprites = slices.Delete(lib.Sprites, 3, 5)
		lib.Sprites = slices.Delete(lib.Sprites, 240, 241)
		want, _ := writeMem(t, lib, opt)
		got := newMemFiles()
		w = NewWriter(got.create, opt)
		for i := range lib.Sprites {
			s := &lib.Sprites[i]
			p := placed[s.Name]
			f, off, n := p[0].(string), p[1].(int), p[2].(int)
			var err error
			if i%7 == 0 { // some drawn again, as changed sprites are
				err = w.Add(s)
			} else {
				err = w.AddCard(s, first.files[f][off:off+n])
			}
			if err != nil {
				t.Fatal(err)
			}
		}
		if err := w.Close(); err != nil {
			t.Fatal(err)
		}
		if !slices.Equal(got.order, want.order) {
			t.Fatalf("files %q, want %q", got.order, want.order)
		}
		for _, f := range want.order {
			if !bytes.Equal(got.files[f], want.files[f]) {
				t.Errorf("%+v: %s differs from a report written without copied cards", opt, f)
			}
		}
	}
}

// TestCardKey checks that links given by functions make cards unknown
// and that the folders and the threshold tell Options apart.
func TestCardKey(t *testing.T) {
	a, okA := (&Options{PreviewDir: "p"}).CardKey()
	b, okB := (&Options{PreviewDir: "p", Failures: []string{"x"}, Title: "t"}).CardKey()
	c, _ := (&Options{PreviewDir: "q"}).CardKey()
	d, _ := (&Options{PreviewDir: "p", Settings: export.Settings{AlphaThreshold: 3}}).CardKey()
	if !okA || !okB || a != b || a == c || a == d {
		t.Errorf("CardKey: %q %v, %q %v, %q, %q", a, okA, b, okB, c, d)
	}
	if _, ok := (&Options{PreviewFor: func(string) (string, bool) { return "", false }}).CardKey(); ok {
		t.Errorf("CardKey with PreviewFor: ok")
	}
}
