package export

import (
	"bytes"
	"maps"
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"gopkg.in/yaml.v3"
)

// TestQualityYAML checks the quality mapping made by hand against the one
// yaml.v3 makes of the struct itself, on figures of every size and the
// values yaml.v3 spells its own way.
func TestQualityYAML(t *testing.T) {
	type plain Quality
	rng := rand.New(rand.NewPCG(11, 12))
	odd := []float64{0, math.Copysign(0, -1), 1, 0.1, 1e-5, 1e21, 123456789012345678, math.Inf(1), math.Inf(-1), math.NaN(), math.SmallestNonzeroFloat64, math.MaxFloat64}
	for i := range 2000 {
		q := Quality{Outside: rng.IntN(5) - 1, AreaRatio: rng.Float64() * math.Pow(10, float64(rng.IntN(40)-20)), FPArea: rng.Float64()}
		if i < len(odd)*len(odd) {
			q.AreaRatio, q.FPArea = odd[i/len(odd)], odd[i%len(odd)]
		}
		var n yaml.Node
		if err := n.Encode(plain(q)); err != nil {
			t.Fatal(err)
		}
		n.Style = yaml.FlowStyle
		want, err := yaml.Marshal(&n)
		if err != nil {
			t.Fatal(err)
		}
		got, err := yaml.Marshal(q.node(true))
		if err != nil {
			t.Fatal(err)
		}
		if string(got) != string(want) {
			t.Fatalf("%+v: got %q, want %q", q, got, want)
		}
	}
}

// TestYAMLWriter checks that writing sprites one at a time, as sprites or
// as the fragments AppendSpriteYAML made, gives WriteYAML's bytes, and that
// AppendSpriteYAML refuses an invalid sprite.
func TestYAMLWriter(t *testing.T) {
	lib := sorted(sampleLib())
	var want bytes.Buffer
	if err := WriteYAML(&want, lib); err != nil {
		t.Fatal(err)
	}
	var got, gotFrags bytes.Buffer
	yw, err := NewYAMLWriter(&got, lib)
	if err != nil {
		t.Fatal(err)
	}
	yf, err := NewYAMLWriter(&gotFrags, lib)
	if err != nil {
		t.Fatal(err)
	}
	for i := range lib.Sprites {
		if err := yw.Add(&lib.Sprites[i]); err != nil {
			t.Fatal(err)
		}
		b, err := AppendSpriteYAML(nil, &lib.Sprites[i])
		if err != nil {
			t.Fatal(err)
		}
		if err := yf.AddFragment(lib.Sprites[i].Name, b); err != nil {
			t.Fatal(err)
		}
	}
	if err := yw.Close(); err != nil {
		t.Fatal(err)
	}
	if err := yf.Close(); err != nil {
		t.Fatal(err)
	}
	if len(lib.Sprites) < 2 || got.String() != want.String() || gotFrags.String() != want.String() {
		t.Errorf("YAMLWriter =\n%s\nfrom fragments\n%s\nwant (WriteYAML)\n%s", got.String(), gotFrags.String(), want.String())
	}
	sp := lib.Sprites[0]
	sp.Circle = &Circle{Radius: -1}
	if b, err := AppendSpriteYAML([]byte("x"), &sp); err == nil || string(b) != "x" {
		t.Errorf("AppendSpriteYAML(negative radius) = %q, %v; want dst unchanged and an error", b, err)
	}
}

// TestAppendSpriteYAMLLike checks that a sprite written like another, over
// the golden library's sprites and the sample's, gives AppendSpriteYAML's
// bytes: when the bodies are the same (the other's name, frame, pivot,
// same_as and warnings changed, an odd name), and when they differ (a
// point, -0 for 0, a quality figure, the mask).
// TestAppendSpriteLike checks that the encoders of a sprite that may
// repeat another give the bytes of the plain encoders, whether the bodies
// are the same (and copied) or not.
func TestAppendSpriteLike(t *testing.T) {
	sprites := sorted(sampleLib()).Sprites
	if lib, err := Load("../golden/shapes.json"); err == nil {
		sprites = append(sprites, lib.Sprites...)
	} else {
		t.Log("no golden library:", err)
	}
	for _, enc := range []struct {
		name   string
		encode func(dst []byte, sp *Sprite) ([]byte, error)
		like   func(dst []byte, sp, like *Sprite, likeFrag []byte) ([]byte, error)
		// copies says whether the body of sp is copied from like's
		// bytes when the bodies are the same.
		copies func(sp, like *Sprite) bool
	}{
		{"yaml", AppendSpriteYAML, AppendSpriteYAMLLike, func(sp, like *Sprite) bool { return !sp.odd() && !like.odd() }},
		{"json", AppendSpriteJSON, AppendSpriteJSONLike, func(sp, like *Sprite) bool { return true }},
	} {
		spliced := 0
		for i := range sprites {
			sp := &sprites[i]
			want, err := enc.encode(nil, sp)
			if err != nil {
				t.Fatal(err)
			}
			for _, vary := range []struct {
				name string
				same bool
				f    func(l *Sprite)
			}{
				{"head", true, func(l *Sprite) {
					l.Name, l.Image, l.Frame.X, l.Pivot[0] = l.Name+"_2", "other.png", l.Frame.X+1, l.Pivot[0]+0.5
					l.Size[0]++
					l.SameAs, l.Warnings = "", nil
				}},
				{"tail", true, func(l *Sprite) { l.SameAs, l.Warnings = "first", []string{"a warning"} }},
				{"odd", true, func(l *Sprite) { l.Name = " odd" }},
				{"point", false, func(l *Sprite) {
					if len(l.Hull) > 0 {
						l.Hull = slices.Clone(l.Hull)
						l.Hull[0][0] += 1
					} else {
						l.Pixels++
					}
				}},
				{"zero", false, func(l *Sprite) {
					if l.AABB != nil && l.AABB.Min[0] == 0 {
						l.AABB = &AABB{Min: Point{math.Copysign(0, -1), l.AABB.Min[1]}, Max: l.AABB.Max}
					} else {
						l.Pixels++
					}
				}},
				{"quality", false, func(l *Sprite) {
					l.Quality = maps.Clone(l.Quality)
					for k, q := range l.Quality {
						q.FPArea = math.Nextafter(q.FPArea, 2)
						l.Quality[k] = q
						break
					}
					if len(l.Quality) == 0 {
						l.Pixels++
					}
				}},
				{"mask", false, func(l *Sprite) { l.Mask = &EncodedMask{W: 1, H: 1, RLE: "x"} }},
			} {
				like := *sp
				vary.f(&like)
				likeFrag, err := enc.encode(nil, &like)
				if err != nil {
					continue // a variation Check refuses
				}
				got, err := enc.like([]byte("x"), sp, &like, likeFrag)
				if err != nil || string(got) != "x"+string(want) {
					t.Fatalf("%s: %s, like one with its %s changed: got\n%s (%v)\nwant\n%s", enc.name, sp.Name, vary.name, got, err, want)
				}
				// Into a buffer with room to spare, which an encoder may use.
				roomy := append(make([]byte, 0, 1<<20), 'x')
				if got, err := enc.like(roomy, sp, &like, likeFrag); err != nil || string(got) != "x"+string(want) {
					t.Fatalf("%s: %s, like one with its %s changed, into a roomy buffer: got\n%s (%v)\nwant\n%s", enc.name, sp.Name, vary.name, got, err, want)
				}
				if vary.same && enc.copies(sp, &like) {
					spliced++
				}
				if sameBody(sp, &like) != (vary.same || sp.Mask != nil && vary.name == "mask" && *sp.Mask == *like.Mask) {
					t.Errorf("%s: sameBody with its %s changed = %v", sp.Name, vary.name, !vary.same)
				}
			}
			// Bytes that are not like's: encoded whole all the same.
			if got, err := enc.like(nil, sp, sp, []byte("{}")); err != nil || !bytes.Equal(got, want) {
				t.Fatalf("%s: %s, like itself with other bytes: got\n%s (%v)\nwant\n%s", enc.name, sp.Name, got, err, want)
			}
		}
		if spliced < 2*len(sprites)-2 {
			t.Errorf("%s: %d of %d sprites' bodies copied; want nearly all", enc.name, spliced, 2*len(sprites))
		}
		frag, _ := enc.encode(nil, &sprites[0])
		for _, bad := range []func(sp *Sprite){
			func(sp *Sprite) { sp.Circle = &Circle{Radius: -1} },
			func(sp *Sprite) { sp.Frame.W = -1 }, // the body like sprites[0]'s
		} {
			sp := sprites[0]
			bad(&sp)
			if b, err := enc.like([]byte("x"), &sp, &sprites[0], frag); err == nil || string(b) != "x" {
				t.Errorf("%s: like encoder of %+v = %q, %v; want dst unchanged and an error", enc.name, sp, b, err)
			}
		}
	}
}
