package pipeline

import (
	"crypto/sha256"
	"math/rand/v2"
	"testing"
)

// keyOf is a fragment key made from i.
func keyOf(i int) sum16 {
	s := sha256.Sum256([]byte{byte(i), byte(i >> 8), byte(i >> 16), byte(i >> 24)})
	return sum16(s[:16])
}

// TestKeyed asks for keys as a rebuild does (in the recorded order, some
// left out, some new, a few out of order, one key held twice) and checks
// every answer against the plain map the type replaces, and that the
// answers in order were found without the map.
func TestKeyed(t *testing.T) {
	const n = 5000
	kv := newKeyed[int](n)
	want := map[sum16]int{}
	for i := range n {
		k := keyOf(i)
		if i == 100 {
			k = keyOf(50) // two sprites with one fragment key
		}
		kv.add(k, i)
		want[k] = i
	}
	r := rand.New(rand.NewPCG(1, 2))
	var asked []sum16
	for i := range n {
		switch x := r.IntN(100); {
		case x == 0:
			continue // removed
		case x == 1:
			asked = append(asked, keyOf(n+i)) // added
		case x == 2:
			asked = append(asked, keyOf(r.IntN(n))) // out of order
		}
		asked = append(asked, kv.keys[i])
	}
	next, inOrder := 0, 0
	for _, k := range asked {
		before := next
		v, ok := kv.get(k, &next)
		w, wok := want[k]
		if ok != wok {
			t.Fatalf("key %x: found %v, the map says %v", k, ok, wok)
		}
		if !ok {
			if next != before {
				t.Fatalf("key %x not there moved next from %d to %d", k, before, next)
			}
			continue
		}
		if kv.keys[v] != k || (v != w && kv.keys[w] != k) {
			t.Fatalf("key %x: value %d, the map has %d", k, v, w)
		}
		if next != v+1 {
			t.Fatalf("key %x: next %d after the value at %d", k, next, v)
		}
		if v == before {
			inOrder++
		}
	}
	// About 1 % of the keys are out of order, each costing the next
	// one's place too; the rest are found in place.
	if inOrder < n*9/10 {
		t.Errorf("%d of %d keys found in place", inOrder, len(asked))
	}
}

// BenchmarkKeyed asks for 100,000 keys in order, as a rebuild of 100,000
// sprites does for each library file and the report's cards: through
// keyed.get, and through the map alone (which it replaced).
func BenchmarkKeyed(b *testing.B) {
	const n = 100_000
	kv := newKeyed[loc](n)
	for i := range n {
		kv.add(keyOf(i), loc{Off: int64(i)})
	}
	b.Run("in-order", func(b *testing.B) {
		for b.Loop() {
			next := 0
			for _, k := range kv.keys {
				if _, ok := kv.get(k, &next); !ok {
					b.Fatal("missing")
				}
			}
		}
	})
	b.Run("map", func(b *testing.B) {
		for b.Loop() {
			for _, k := range kv.keys {
				if _, ok := kv.at[k]; !ok {
					b.Fatal("missing")
				}
			}
		}
	})
}
