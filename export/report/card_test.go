package report

import (
	"bytes"
	"encoding/json"
	"math"
	"math/rand/v2"
	"reflect"
	"slices"
	"testing"

	"github.com/shapegen/shapegen/export"
)

// plainCard is card without its MarshalJSON: encoding/json's own bytes.
type plainCard card

// refShapes draws s as the page's data holds it (see card), as values
// for encoding/json.
func refShapes(s *export.Sprite) ([4]int, []any) {
	v := newView(s)
	shapes := make([]any, len(kinds))
	for i, k := range kinds {
		shapes[i] = ""
		if k.pivot {
			continue
		}
		rings, circle, ok := geometry(s, k.kind)
		switch {
		case !ok:
		case circle != nil:
			v.add(circle.Center.X-circle.Radius, circle.Center.Y-circle.Radius)
			v.add(circle.Center.X+circle.Radius, circle.Center.Y+circle.Radius)
			shapes[i] = [3]float64{round2(circle.Center.X), round2(circle.Center.Y), round2(circle.Radius)}
		default:
			var path []byte
			for _, r := range rings {
				ring := export.Ring{}
				for _, p := range r {
					v.add(p.X, p.Y)
					ring = append(ring, export.Point{p.X, p.Y})
				}
				path = appendPath(path, []export.Ring{ring})
			}
			shapes[i] = string(path)
		}
	}
	return v.rect(s), shapes
}

// cardSprites returns the sprites of a small library and the golden one,
// and variations of them with odd strings and numbers.
func cardSprites(t *testing.T) []export.Sprite {
	sprites := library(60).Sprites
	if lib := readLibrary("../../golden/shapes.json"); lib != nil {
		sprites = append(sprites, lib.Sprites...)
	} else {
		t.Log("no golden library")
	}
	n := len(sprites)
	for i, vary := range []func(s *export.Sprite){
		func(s *export.Sprite) { s.Name, s.Image = s.Name+"<&>", "dir/<img> & \"q\".png" },
		func(s *export.Sprite) {
			s.Warnings = []string{"a \"warning\"\n", "ünï\u2028code", "\x01ctl\\", "bad \xff utf-8", "a<b", "a>b", "a&b", "\x7f"}
		},
		func(s *export.Sprite) { s.Pivot = export.Point{1e-7, -0.0001} },
		func(s *export.Sprite) { s.Pivot = export.Point{3e21, -1e22} },
		func(s *export.Sprite) { s.Offset, s.Rotated, s.Frame.X = &[2]int{3, -2}, true, 7 },
		func(s *export.Sprite) { s.Pieces = []export.Ring{s.Polygon} }, // drawn once, copied
		func(s *export.Sprite) {
			// One piece that is not quite the polygon, reaching beyond
			// the sprite.
			if len(s.Polygon) > 0 {
				r := slices.Clone(s.Polygon)
				r[len(r)-1][0] += 1000
				s.Pieces = []export.Ring{r}
			}
		},
		func(s *export.Sprite) {
			s.Hull, s.Pieces, s.Outline = nil, []export.Ring{{}}, []export.Ring{nil, s.Hull}
		},
		func(s *export.Sprite) {
			if s.Circle != nil {
				c := *s.Circle
				c.Radius, c.Center[0] = 2e21, -0.001
				s.Circle = &c
			}
		},
	} {
		for j := i; j < n; j += 7 {
			s := sprites[j]
			vary(&s)
			sprites = append(sprites, s)
		}
	}
	return sprites
}

// TestCardJSON checks a card's bytes against encoding/json's for the
// struct, with the shapes drawn as values: for cards of the card files
// and first cards (name and figures), under options with links or none.
func TestCardJSON(t *testing.T) {
	sprites := cardSprites(t)
	for _, opt := range []Options{{}, {PreviewDir: "preview", SpriteDir: "sprite"}, {ImageDir: "../art dir"}} {
		for x, s := range sprites {
			c, err := makeCard(&s, x, &opt, newDrawer())
			if err != nil {
				t.Fatalf("%s: makeCard: %v", s.Name, err)
			}
			for _, first := range []bool{false, true} {
				if first {
					c = withHead(c, &s)
				}
				got, err := json.Marshal(c)
				if err != nil {
					t.Fatalf("%s: %v", s.Name, err)
				}
				ref := plainCard(c)
				ref.View, ref.Shapes = refShapes(&s)
				want, err := json.Marshal(ref)
				if err != nil {
					t.Fatalf("%s: reference: %v", s.Name, err)
				}
				if !bytes.Equal(got, want) {
					t.Fatalf("%s (first %v, %+v): card\n%s\nwant\n%s", s.Name, first, opt, got, want)
				}
				if direct, err := c.appendJSON([]byte("x")); err != nil || string(direct) != "x"+string(want) {
					t.Fatalf("%s: appendJSON = %s (%v), want x%s", s.Name, direct, err, want)
				}
			}
		}
	}
	// Numbers encoding/json refuses are refused.
	s := sprites[0]
	s.Pivot = export.Point{math.NaN(), 0}
	c, err := makeCard(&s, 0, &Options{}, newDrawer())
	if err == nil {
		_, err = c.appendJSON(nil)
	}
	if err == nil {
		t.Errorf("a card with a NaN pivot encoded without an error")
	}
}

// TestDrawerRepeats checks that a sprite repeating a kept one (same_as)
// gets its drawing when its size and shapes are the same bit for bit, and
// its own otherwise.
func TestDrawerRepeats(t *testing.T) {
	sprites := cardSprites(t)
	d := newDrawer()
	same := 0
	seen := map[string]bool{} // the variations of cardSprites repeat names
	for i := range sprites {
		first := &sprites[i]
		if first.SameAs != "" || first.Circle == nil || len(first.Hull) == 0 || seen[first.Name] {
			continue
		}
		seen[first.Name] = true
		fd, err := d.draw(first)
		if err != nil {
			t.Fatal(err)
		}
		for _, vary := range []struct {
			name string
			same bool
			f    func(s *export.Sprite)
		}{
			{"name", true, func(s *export.Sprite) { s.Name, s.Image, s.Pixels = s.Name+"_2", "x.png", s.Pixels+1 }},
			{"size", false, func(s *export.Sprite) { s.Size[0]++ }},
			{"hull", false, func(s *export.Sprite) {
				s.Hull = append(export.Ring(nil), s.Hull...)
				s.Hull[0][1] = math.Nextafter(s.Hull[0][1], math.Inf(1))
			}},
			{"circle", false, func(s *export.Sprite) { c := *s.Circle; c.Radius += 0.01; s.Circle = &c }},
			{"no box", false, func(s *export.Sprite) { s.Box = nil }},
		} {
			r := *first
			r.SameAs = first.Name
			vary.f(&r)
			got, err := d.draw(&r)
			if err != nil {
				t.Fatal(err)
			}
			want, _ := newDrawer().drawShapes(&r)
			if !bytes.Equal(got, want) {
				t.Fatalf("%s repeated with its %s changed: drawing\n%s\nwant\n%s", first.Name, vary.name, got, want)
			}
			if reused := &got[0] == &fd[0]; reused != vary.same && (vary.same || !bytes.Equal(got, fd)) {
				t.Errorf("%s repeated with its %s changed: first's drawing taken = %v, want %v", first.Name, vary.name, reused, vary.same)
			}
			if reused := &got[0] == &fd[0]; reused {
				same++
			}
		}
	}
	if same == 0 {
		t.Fatal("no drawing was taken from a first")
	}
	// The kept drawings stay within their bound.
	d.keep = 20 << 10
	for range 3 {
		for i := range sprites {
			s := sprites[i]
			s.Name = s.Name + "/again"
			if _, err := d.draw(&s); err != nil {
				t.Fatal(err)
			}
		}
	}
	total := 0
	for _, k := range d.kept {
		total += len(k.b)
	}
	if total != d.size || len(d.kept) != len(d.order)-d.head {
		t.Errorf("kept %d drawings of %d bytes; the drawer counts %d of %d bytes", len(d.kept), total, len(d.order)-d.head, d.size)
	}
	if d.size > d.keep || len(d.kept) < 2 {
		t.Errorf("the drawer keeps %d drawings of %d bytes, bound %d", len(d.kept), d.size, d.keep)
	}
}

// TestIndexJSON checks an index page's bytes against encoding/json's for
// the struct: random pages, empty and nil columns and kinds, names that
// need escapes, and figures of every size.
func TestIndexJSON(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	num := func() float64 {
		switch rng.IntN(6) {
		case 0:
			return -1
		case 1:
			return math.Copysign(0, -1)
		case 2:
			return math.Ldexp(rng.Float64(), rng.IntN(160)-80)
		}
		return round4(rng.Float64() * 3)
	}
	names := []string{"a/b", "ü<ß>&", "bad\xff", "x\"y\\z\n", "plain_1"}
	var empty indexPage
	for i, p := range []*indexPage{&empty, {Kinds: map[string]*indexKind{}}} {
		want, _ := json.Marshal(p)
		if got, err := p.appendJSON(nil); err != nil || !bytes.Equal(got, want) {
			t.Fatalf("empty page %d: appendJSON = %s (%v), want %s", i, got, err, want)
		}
	}
	for i := range 300 {
		var p indexPage
		if i%10 != 0 {
			p.reset(rng.IntN(9), rng.IntN(99999))
		}
		for range rng.IntN(12) {
			p.Names = append(p.Names, names[rng.IntN(len(names))])
			p.Pixels = append(p.Pixels, rng.IntN(1<<20))
			p.Outside = append(p.Outside, rng.IntN(3)-1)
			p.Warnings = append(p.Warnings, rng.IntN(3))
		}
		for _, k := range []string{"outline", "hull", "aabb", "z<x"} {
			switch rng.IntN(4) {
			case 0:
			case 1:
				if p.Kinds == nil {
					p.Kinds = map[string]*indexKind{}
				}
				p.Kinds[k] = nil
			default:
				ik := &indexKind{}
				for range rng.IntN(9) {
					ik.push(rng.IntN(3)-1, num(), num(), rng.IntN(70)-1)
				}
				if p.Kinds == nil {
					p.Kinds = map[string]*indexKind{}
				}
				p.Kinds[k] = ik
			}
		}
		want, err := json.Marshal(&p)
		if err != nil {
			t.Fatal(err)
		}
		got, err := p.appendJSON([]byte("x"))
		if err != nil || string(got) != "x"+string(want) {
			t.Fatalf("page %d: appendJSON =\n%s (%v)\nwant\nx%s", i, got, err, want)
		}
	}
}

// TestDrawerSumFields fails when export.Sprite gains a field, which
// drawer.sum must then hash if the drawing depends on it.
func TestDrawerSumFields(t *testing.T) {
	if n := reflect.TypeFor[export.Sprite]().NumField(); n != 20 {
		t.Errorf("export.Sprite has %d fields; drawer.sum was written for 20", n)
	}
}

// TestAppendTenThousandths holds appendFloat's path for k/10⁴ to
// encoding/json over every k below 3·10⁵ in size, random k
// up to the path's bound, the figures and coordinates as round4 and
// round2 make them from random values, and values that are not k/10⁴.
func TestAppendTenThousandths(t *testing.T) {
	check := func(v float64) {
		t.Helper()
		got, err := appendFloat(nil, v)
		want, _ := json.Marshal(v)
		if err != nil || string(got) != string(want) {
			t.Fatalf("appendFloat(%v) = %s, %v; want %s", v, got, err, want)
		}
	}
	for k := int64(-3e5); k <= 3e5; k++ {
		check(float64(k) / 1e4)
	}
	r := rand.New(rand.NewPCG(3, 4))
	for range 200_000 {
		k := r.Int64N(1e15) - 5e14
		check(float64(k) / 1e4)
		check(float64(r.Int64N(1e18)) / 1e4) // past the path's bound too
		x := (r.Float64() - 0.5) * math.Pow(10, float64(r.IntN(14)-2))
		check(round4(x))
		check(round2(x))
		check(x)
	}
	for _, v := range []float64{1e11 - 1e-4, 1e11, 99999999999.9999, 0.0001, -0.0001, 1e-6, 0.5, -1, math.Nextafter(0.1, 1), math.Nextafter(0.1, 0)} {
		check(v)
	}
}

// TestDrawRingsAllocs checks that drawing a sprite's rings (hull, polygon,
// pieces, outline) allocates only the drawing, not copies of the rings.
func TestDrawRingsAllocs(t *testing.T) {
	ring := export.Ring{{0, 0}, {4.25, 0}, {4.25, 3.5}, {0, 3.5}}
	s := export.Sprite{Name: "s", Size: [2]int{5, 4}, Pixels: 20,
		Hull: ring, Polygon: ring, Pieces: []export.Ring{ring, ring}, Outline: []export.Ring{ring, ring}}
	dr := newDrawer()
	if _, err := dr.drawShapes(&s); err != nil { // grows the drawer's buffer
		t.Fatal(err)
	}
	if n := testing.AllocsPerRun(100, func() { dr.drawShapes(&s) }); n > 1 {
		t.Errorf("drawShapes allocated %v times, want at most 1 (its drawing)", n)
	}
}
