package pipeline

import (
	"fmt"
	"math"
	"math/rand/v2"
	"reflect"
	"slices"
	"strings"
	"testing"
)

// randomIndex returns a seeded random cache index, sorted by path.
func randomIndex(rng *rand.Rand) []indexed {
	var ix []indexed
	for i := range rng.IntN(20) {
		e := &entry{
			Stat: fileStat{Size: rng.Int64N(1 << 40), Mod: rng.Int64() - math.MaxInt64/2, Change: rng.Int64(), Ino: rng.Int64N(1 << 30), Dev: rng.Int64N(99),
				DataSize: rng.Int64N(9), DataMod: -rng.Int64N(1000), DataChange: rng.Int64N(5), DataIno: rng.Int64N(7), DataDev: 1},
			Loc: loc{Off: rng.Int64N(1 << 40), Len: rng.Int64N(1 << 20)},
		}
		fillRandom(rng, e.Settings[:])
		fillRandom(rng, e.Key[:])
		for j := range rng.IntN(4) {
			f := fact{Name: fmt.Sprintf("s%d/ü%d", i, j), Image: "a/b.png", Pixels: rng.IntN(1 << 20), PolygonFP: rng.Float64(), HasPolygon: rng.IntN(2) == 0}
			if rng.IntN(2) == 0 { // zero: an empty sprite's
				fillRandom(rng, f.MaskKey[:])
			}
			for k := range rng.IntN(3) {
				f.Fails = append(f.Fails, fmt.Sprintf("fail %d\n%q", k, "x"))
			}
			e.Facts = append(e.Facts, f)
		}
		ix = append(ix, indexed{fmt.Sprintf("dir%d/img %d.png", rng.IntN(5), i), e})
	}
	slices.SortFunc(ix, func(a, b indexed) int { return strings.Compare(a.rel, b.rel) })
	return ix
}

func fillRandom(rng *rand.Rand, b []byte) {
	for i := range b {
		b[i] = byte(rng.Uint32())
	}
}

// TestIndexRoundTrip encodes thousands of random indexes and reads them
// back; every cut of an encoding is refused, never a panic or a partial
// index.
func TestIndexRoundTrip(t *testing.T) {
	rng := rand.New(rand.NewPCG(13, 14))
	for i := range 2000 {
		ix := randomIndex(rng)
		gen := 1 + rng.IntN(1000)
		b := appendIndex(nil, ix, gen)
		got, g, ok := parseIndex(string(b))
		if !ok || !reflect.DeepEqual(got, ix) || g != gen {
			t.Fatalf("case %d: parseIndex(appendIndex(%v)) = %v, %v", i, ix, got, ok)
		}
		if i%50 == 0 {
			for n := range len(b) {
				if got, _, ok := parseIndex(string(b[:n])); ok || got != nil {
					t.Fatalf("case %d: parseIndex of the first %d of %d bytes = %v, %v; want nil, false", i, n, len(b), got, ok)
				}
			}
		}
	}
}
