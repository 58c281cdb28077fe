package pipeline

import (
	"encoding/json"
	"math"
	"math/rand/v2"
	"reflect"
	"testing"

	"github.com/shapegen/shapegen/export"
)

// randomSprite returns a seeded random sprite with every key of the
// format, some present and some not.
func randomSprite(rng *rand.Rand) export.Sprite {
	num := func() float64 {
		switch rng.IntN(5) {
		case 0:
			return float64(rng.IntN(2000) - 1000)
		case 1:
			return float64(rng.IntN(8000)-4000) / 4
		case 2:
			return math.Copysign(0, -1)
		case 3:
			return rng.Float64()*1e6 - 5e5
		}
		return math.Ldexp(rng.Float64(), rng.IntN(120)-60)
	}
	ring := func() export.Ring {
		if rng.IntN(8) == 0 {
			return nil
		}
		r := make(export.Ring, rng.IntN(9))
		for i := range r {
			r[i] = export.Point{num(), num()}
		}
		return r
	}
	rings := func() []export.Ring {
		rs := make([]export.Ring, rng.IntN(4))
		for i := range rs {
			rs[i] = ring()
		}
		return rs
	}
	names := []string{"a/b", "ü/ß 1", "bad\xff\xfename", "x\"y\\z\n"}
	sp := export.Sprite{
		Name: names[rng.IntN(len(names))], Image: names[rng.IntN(len(names))] + ".png",
		Frame:   export.Frame{X: rng.IntN(99), Y: rng.IntN(99), W: rng.IntN(999), H: rng.IntN(999)},
		Rotated: rng.IntN(2) == 0, Turn: []int{0, 180, 270}[rng.IntN(3)],
		Size: [2]int{rng.IntN(999), rng.IntN(999)}, Pivot: export.Point{num(), num()}, Pixels: rng.IntN(1 << 20),
		Hull: ring(), Polygon: ring(), Pieces: rings(), Outline: rings(),
	}
	if rng.IntN(2) == 0 {
		sp.Offset = &[2]int{rng.IntN(9) - 4, rng.IntN(9)}
	}
	if rng.IntN(2) == 0 {
		sp.AABB = &export.AABB{Min: export.Point{num(), num()}, Max: export.Point{num(), num()}}
	}
	if rng.IntN(2) == 0 {
		sp.Circle = &export.Circle{Center: export.Point{num(), num()}, Radius: num()}
	}
	if rng.IntN(2) == 0 {
		sp.Box = &export.Box{Center: export.Point{num(), num()}, Half: export.Point{num(), num()}, Angle: num()}
	}
	for _, k := range []string{"aabb", "hull", "outline", "pieces", "other\xff"} {
		if rng.IntN(2) == 0 {
			if sp.Quality == nil {
				sp.Quality = export.Qualities{}
			}
			sp.Quality[k] = export.Quality{Outside: rng.IntN(3), AreaRatio: num(), FPArea: num()}
		}
	}
	if rng.IntN(3) == 0 {
		sp.Mask = &export.EncodedMask{W: rng.IntN(99), H: rng.IntN(99), RLE: "AQID"}
	}
	if rng.IntN(3) == 0 {
		sp.SameAs = names[rng.IntN(len(names))]
	}
	for range rng.IntN(3) {
		sp.Warnings = append(sp.Warnings, names[rng.IntN(len(names))])
	}
	return sp
}

// TestRecordSprite encodes thousands of random sprites and reads them
// back: each is the sprite its JSON reads back as (so the outputs written
// from a record are those written from the JSON), and every cut of an
// encoding is refused, never a panic.
func TestRecordSprite(t *testing.T) {
	rng := rand.New(rand.NewPCG(15, 16))
	for i := range 3000 {
		sp := randomSprite(rng)
		js, err := json.Marshal(&sp)
		if err != nil {
			t.Fatal(err)
		}
		var want export.Sprite
		if err := json.Unmarshal(js, &want); err != nil {
			t.Fatal(err)
		}
		for k, q := range want.Quality {
			if !export.HasFPArea(k) { // WriteJSON leaves it out
				q.FPArea = 0
				want.Quality[k] = q
			}
		}
		rec := encodeSprite(nil, &sp)
		got, ok := decodeSprite(rec)
		if !ok || !reflect.DeepEqual(got, want) {
			t.Fatalf("case %d: decodeSprite(encodeSprite(%+v)) = %+v, %v; want %+v", i, sp, got, ok, want)
		}
		shapes, ok := decodeRecord(rec, true)
		wantShapes := want
		wantShapes.Outline, wantShapes.Quality, wantShapes.Mask, wantShapes.Warnings = nil, nil, nil, nil
		if !ok || !reflect.DeepEqual(shapes, wantShapes) {
			t.Fatalf("case %d: decodeRecord(encodeSprite(%+v), true) = %+v, %v; want %+v", i, sp, shapes, ok, wantShapes)
		}
		for j := range rec { // the record's memory is reused: the sprite must not share it
			rec[j] = 0xa5
		}
		if !reflect.DeepEqual(got, want) {
			t.Fatalf("case %d: the sprite decoded changed with its record's bytes: %+v; want %+v", i, got, want)
		}
		rec = encodeSprite(rec[:0], &sp)
		if math.Signbit(got.Pivot[0]) != math.Signbit(want.Pivot[0]) {
			t.Fatalf("case %d: pivot %v, want %v", i, got.Pivot, want.Pivot)
		}
		if i%50 == 0 {
			for n := range len(rec) {
				if _, ok := decodeSprite(rec[:n]); ok {
					t.Fatalf("case %d: decodeSprite of the first %d of %d bytes succeeded", i, n, len(rec))
				}
				if _, ok := decodeRecord(rec[:n], true); ok {
					t.Fatalf("case %d: decodeRecord(shapes) of the first %d of %d bytes succeeded", i, n, len(rec))
				}
			}
		}
	}
}

// TestRecordSpriteFields fails when export.Sprite gains a field, which
// encodeSprite must then learn.
func TestRecordSpriteFields(t *testing.T) {
	if n := reflect.TypeFor[export.Sprite]().NumField(); n != 20 {
		t.Errorf("export.Sprite has %d fields; encodeSprite knows 20", n)
	}
}

// TestRecordLike checks that a record decoded like another's gives the
// sprite decodeRecord gives, in both modes: sharing the other's body when
// the bodies are the same bytes (a repeat whose head and tail differ),
// decoding its own when they differ by a number or a flag.
func TestRecordLike(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	shared := 0
	for i := range 400 {
		first := randomSprite(rng)
		for _, vary := range []struct {
			name string
			same bool
			f    func(s *export.Sprite)
		}{
			{"head and tail", true, func(s *export.Sprite) {
				s.Name, s.Image, s.Frame.X, s.Pivot[0], s.Size[1] = s.Name+"_2", "other.png", s.Frame.X+1, s.Pivot[0]+1, s.Size[1]+1
				s.SameAs, s.Warnings, s.Rotated = first.Name, []string{"w"}, !s.Rotated
			}},
			{"pixels", false, func(s *export.Sprite) { s.Pixels++ }},
			{"no aabb", false, func(s *export.Sprite) {
				if s.AABB == nil {
					s.AABB = &export.AABB{}
				} else {
					s.AABB = nil
				}
			}},
			{"outline", false, func(s *export.Sprite) { s.Outline = append(s.Outline, export.Ring{{1, 2}}) }},
			{"mask", false, func(s *export.Sprite) { s.Mask = &export.EncodedMask{W: 1, H: 1, RLE: "x"} }},
		} {
			for _, shapes := range []bool{false, true} {
				firstRec := encodeSprite(nil, &first)
				f, l, ok := decodeRecordLike(firstRec, shapes, nil, true)
				if !ok || l == nil {
					t.Fatalf("case %d: the first does not decode", i)
				}
				l.sp = &f
				for j := range firstRec { // its memory is reused
					firstRec[j] = 0xa5
				}
				s := first
				vary.f(&s)
				rec := encodeSprite(nil, &s)
				want, ok := decodeRecord(rec, shapes)
				if !ok {
					t.Fatalf("case %d: the repeat does not decode", i)
				}
				got, mine, ok := decodeRecordLike(rec, shapes, l, false)
				if !ok || mine != nil || !reflect.DeepEqual(got, want) {
					t.Fatalf("case %d, %s changed, shapes %v: decodeRecordLike = %+v, %v, %v; want %+v", i, vary.name, shapes, got, mine, ok, want)
				}
				sharing := sharesBody(&got, &f)
				if sharing && !vary.same {
					t.Fatalf("case %d: %s changed, yet the first's body was shared", i, vary.name)
				}
				if vary.same && sharing {
					shared++
				}
			}
		}
	}
	if shared < 100 {
		t.Errorf("%d repeats shared their first's body; want most of 400", shared)
	}
}

// sharesBody reports whether a holds some part of b's body itself, not a
// copy.
func sharesBody(a, b *export.Sprite) bool {
	same := func(x, y any) bool {
		vx, vy := reflect.ValueOf(x), reflect.ValueOf(y)
		return !vx.IsNil() && vx.UnsafePointer() == vy.UnsafePointer()
	}
	return same(a.AABB, b.AABB) || same(a.Circle, b.Circle) || same(a.Box, b.Box) || same(a.Mask, b.Mask) ||
		same(a.Quality, b.Quality) || len(a.Hull) > 0 && same(a.Hull, b.Hull) || len(a.Polygon) > 0 && same(a.Polygon, b.Polygon) ||
		len(a.Pieces) > 0 && same(a.Pieces, b.Pieces) || len(a.Outline) > 0 && same(a.Outline, b.Outline)
}
