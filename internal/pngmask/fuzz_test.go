package pngmask

import (
	"math/rand/v2"
	"os"
	"testing"
)

// FuzzDecode checks Decode against image/png on any input: the same mask
// and highest alpha when image/png decodes it, an error when it does not.
// With fix set the chunk CRCs are repaired first, so that mutations reach
// the pixel data. Seeded with the generated files and testdata/bad; run it
// longer with
//
//	go test ./internal/pngmask -run X -fuzz FuzzDecode -fuzztime 10m
func FuzzDecode(f *testing.F) {
	r := rand.New(rand.NewPCG(11, 12))
	for i, s := range specs() {
		if s.w*s.h <= 64*64 && i%3 == 0 {
			f.Add(s.build(r), i%2 == 0, uint8(128))
		}
	}
	for _, p := range pngFiles(f, "../../testdata/bad") {
		if data, err := os.ReadFile(p); err == nil {
			f.Add(data, false, uint8(1))
		}
	}
	f.Fuzz(func(t *testing.T, data []byte, fix bool, threshold uint8) {
		if fix {
			data = fixCRCs(data)
		}
		if d := differ(data, threshold); d != "" {
			t.Error(d)
		}
	})
}
