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
