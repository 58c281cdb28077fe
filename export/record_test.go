package export

import (
	"bytes"
	"encoding/json"
	"math"
	"math/rand/v2"
	"reflect"
	"slices"
	"testing"
)

// randomSprite returns a seeded random sprite with every key of the
// format, some present and some not.
func randomSprite(rng *rand.Rand) Sprite {
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
	ring := func() Ring {
		if rng.IntN(8) == 0 {
			return nil
		}
		r := make(Ring, rng.IntN(9))
		for i := range r {
			r[i] = Point{num(), num()}
		}
		return r
	}
	rings := func() []Ring {
		rs := make([]Ring, rng.IntN(4))
		for i := range rs {
			rs[i] = ring()
		}
		return rs
	}
	names := []string{"a/b", "ü/ß 1", "bad\xff\xfename", "x\"y\\z\n"}
	sp := Sprite{
		Name: names[rng.IntN(len(names))], Image: names[rng.IntN(len(names))] + ".png",
		Frame:   Frame{X: rng.IntN(99), Y: rng.IntN(99), W: rng.IntN(999), H: rng.IntN(999)},
		Rotated: rng.IntN(2) == 0, Turn: []int{0, 180, 270}[rng.IntN(3)],
		Size: [2]int{rng.IntN(999), rng.IntN(999)}, Pivot: Point{num(), num()}, Pixels: rng.IntN(1 << 20),
		Hull: ring(), Polygon: ring(), Pieces: rings(), Outline: rings(),
	}
	if rng.IntN(2) == 0 {
		sp.Offset = &[2]int{rng.IntN(9) - 4, rng.IntN(9)}
	}
	if rng.IntN(2) == 0 {
		sp.AABB = &AABB{Min: Point{num(), num()}, Max: Point{num(), num()}}
	}
	if rng.IntN(2) == 0 {
		sp.Circle = &Circle{Center: Point{num(), num()}, Radius: num()}
	}
	if rng.IntN(2) == 0 {
		sp.Box = &Box{Center: Point{num(), num()}, Half: Point{num(), num()}, Angle: num()}
	}
	for _, k := range []string{"aabb", "hull", "outline", "pieces", "other\xff"} {
		if rng.IntN(2) == 0 {
			if sp.Quality == nil {
				sp.Quality = Qualities{}
			}
			sp.Quality[k] = Quality{Outside: rng.IntN(3), AreaRatio: num(), FPArea: num()}
		}
	}
	if rng.IntN(3) == 0 {
		sp.Mask = &EncodedMask{W: rng.IntN(99), H: rng.IntN(99), RLE: []string{"AQID", "", "AQI=", "AQJ=", "x\n"}[rng.IntN(5)]} // packed, packed, packed, not canonical, not base64
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
		var want Sprite
		if err := json.Unmarshal(js, &want); err != nil {
			t.Fatal(err)
		}
		for k, q := range want.Quality {
			if !HasFPArea(k) { // WriteJSON leaves it out
				q.FPArea = 0
				want.Quality[k] = q
			}
		}
		rec := AppendRecord(nil, &sp)
		got, ok := ReadRecord(rec, false)
		if !ok || !reflect.DeepEqual(got, want) {
			t.Fatalf("case %d: ReadRecord(AppendRecord(%+v)) = %+v, %v; want %+v", i, sp, got, ok, want)
		}
		shapes, ok := ReadRecord(rec, true)
		wantShapes := want
		wantShapes.Outline, wantShapes.Quality, wantShapes.Mask, wantShapes.Warnings = nil, nil, nil, nil
		if !ok || !reflect.DeepEqual(shapes, wantShapes) {
			t.Fatalf("case %d: ReadRecord(AppendRecord(%+v), true) = %+v, %v; want %+v", i, sp, shapes, ok, wantShapes)
		}
		for j := range rec { // the record's memory is reused: the sprite must not share it
			rec[j] = 0xa5
		}
		if !reflect.DeepEqual(got, want) {
			t.Fatalf("case %d: the sprite decoded changed with its record's bytes: %+v; want %+v", i, got, want)
		}
		rec = AppendRecord(rec[:0], &sp)
		if math.Signbit(got.Pivot[0]) != math.Signbit(want.Pivot[0]) {
			t.Fatalf("case %d: pivot %v, want %v", i, got.Pivot, want.Pivot)
		}
		if i%50 == 0 {
			for n := range len(rec) {
				if _, ok := ReadRecord(rec[:n], false); ok {
					t.Fatalf("case %d: ReadRecord of the first %d of %d bytes succeeded", i, n, len(rec))
				}
				if _, ok := ReadRecord(rec[:n], true); ok {
					t.Fatalf("case %d: ReadRecord(shapes) of the first %d of %d bytes succeeded", i, n, len(rec))
				}
			}
		}
	}
}

// TestRecordSpriteFields fails when Sprite gains a field, which
// AppendRecord must then learn.
func TestRecordSpriteFields(t *testing.T) {
	if n := reflect.TypeFor[Sprite]().NumField(); n != 20 {
		t.Errorf("Sprite has %d fields; AppendRecord knows 20", n)
	}
}

// TestRecordLike checks that a record decoded like another's gives the
// sprite ReadRecord gives, in both modes: sharing the other's body when
// the bodies are the same bytes (a repeat whose head and tail differ),
// decoding its own when they differ by a number or a flag.
func TestRecordLike(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	shared, copied := 0, 0
	for i := range 400 {
		first := randomSprite(rng)
		for _, vary := range []struct {
			name string
			same bool
			f    func(s *Sprite)
		}{
			{"head and tail", true, func(s *Sprite) {
				s.Name, s.Image, s.Frame.X, s.Pivot[0], s.Size[1] = s.Name+"_2", "other.png", s.Frame.X+1, s.Pivot[0]+1, s.Size[1]+1
				s.SameAs, s.Warnings, s.Rotated = first.Name, []string{"w"}, !s.Rotated
			}},
			{"pixels", false, func(s *Sprite) { s.Pixels++ }},
			{"no aabb", false, func(s *Sprite) {
				if s.AABB == nil {
					s.AABB = &AABB{}
				} else {
					s.AABB = nil
				}
			}},
			{"outline", false, func(s *Sprite) { s.Outline = append(s.Outline, Ring{{1, 2}}) }},
			{"mask", false, func(s *Sprite) { s.Mask = &EncodedMask{W: 1, H: 1, RLE: "x"} }},
		} {
			for _, shapes := range []bool{false, true} {
				firstRec := AppendRecord(nil, &first)
				f, l, ok := ReadRecordLike(firstRec, shapes, nil, true)
				if !ok || l == nil {
					t.Fatalf("case %d: the first does not decode", i)
				}
				l.Sprite = &f
				for j := range firstRec { // its memory is reused
					firstRec[j] = 0xa5
				}
				s := first
				vary.f(&s)
				rec := AppendRecord(nil, &s)
				want, ok := ReadRecord(rec, shapes)
				if !ok {
					t.Fatalf("case %d: the repeat does not decode", i)
				}
				got, mine, ok := ReadRecordLike(rec, shapes, l, false)
				if !ok || mine != nil || !reflect.DeepEqual(got, want) {
					t.Fatalf("case %d, %s changed, shapes %v: ReadRecordLike = %+v, %v, %v; want %+v", i, vary.name, shapes, got, mine, ok, want)
				}
				sharing := sharesBody(&got, &f)
				if sharing && !vary.same {
					t.Fatalf("case %d: %s changed, yet the first's body was shared", i, vary.name)
				}
				if vary.same && sharing {
					shared++
				}
				// Written again, the body copied or encoded, the bytes are
				// AppendRecord's; also once a part of the body is changed
				// after the read.
				if b, want := AppendRecordLike(nil, &got, l), AppendRecord(nil, &got); !bytes.Equal(b, want) {
					t.Fatalf("case %d, %s changed, shapes %v: AppendRecordLike differs from AppendRecord", i, vary.name, shapes)
				}
				if !shapes && !bytes.Equal(AppendRecord(nil, &got), rec) {
					t.Fatalf("case %d, %s changed: the record read and written again differs", i, vary.name)
				}
				if !shapes && holdsBody(&got, &f) {
					copied++ // AppendRecordLike copied the body
				}
				for _, change := range []func(s *Sprite){
					func(s *Sprite) { s.Pixels++ },
					func(s *Sprite) { s.Hull = slices.Clone(s.Hull); s.Hull = append(s.Hull, Point{1, 1}) },
					func(s *Sprite) { s.Quality = Qualities{"hull": {Outside: 1}} },
					func(s *Sprite) { s.Outline = nil },
				} {
					c := got
					change(&c)
					if b, want := AppendRecordLike(nil, &c, l), AppendRecord(nil, &c); !bytes.Equal(b, want) {
						t.Fatalf("case %d, %s changed, shapes %v: AppendRecordLike of a sprite changed after the read differs from AppendRecord", i, vary.name, shapes)
					}
				}
			}
		}
	}
	if shared < 100 {
		t.Errorf("%d repeats shared their first's body; want most of 400", shared)
	}
	if copied < 100 {
		t.Errorf("%d records written again shared their first's body; want most of 400", copied)
	}
}

// sharesBody reports whether a holds some part of b's body itself, not a
// copy.
func sharesBody(a, b *Sprite) bool {
	same := func(x, y any) bool {
		vx, vy := reflect.ValueOf(x), reflect.ValueOf(y)
		return !vx.IsNil() && vx.UnsafePointer() == vy.UnsafePointer()
	}
	return same(a.AABB, b.AABB) || same(a.Circle, b.Circle) || same(a.Box, b.Box) || same(a.Mask, b.Mask) ||
		same(a.Quality, b.Quality) || len(a.Hull) > 0 && same(a.Hull, b.Hull) || len(a.Polygon) > 0 && same(a.Polygon, b.Polygon) ||
		len(a.Pieces) > 0 && same(a.Pieces, b.Pieces) || len(a.Outline) > 0 && same(a.Outline, b.Outline)
}
