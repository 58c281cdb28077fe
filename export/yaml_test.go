package export

import (
	"bytes"
	"math"
	"math/rand/v2"
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
