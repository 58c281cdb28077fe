package atlas

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// FuzzParse feeds arbitrary bytes to each parser, seeded with the atlas
// files of testdata/sprites/sheets. A parse either fails or returns frames
// that are well formed and whose names are clean. Run longer with
//
//	go test ./internal/atlas -run '^$' -fuzz FuzzParse -fuzztime 60s
func FuzzParse(f *testing.F) {
	files, _ := filepath.Glob("../../testdata/sprites/sheets/*")
	for _, p := range files {
		ext := filepath.Ext(p)
		if ext != ".xml" && ext != ".json" && ext != ".txt" {
			continue
		}
		b, err := os.ReadFile(p)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(ext, b)
	}
	f.Add(".txt", []byte("a = 0 0 1 1\n"))
	f.Fuzz(func(t *testing.T, ext string, data []byte) {
		a, err := Parse("x"+ext, data)
		if err != nil {
			if a != nil {
				t.Fatalf("Parse returned %v with error %v", a, err)
			}
			return
		}
		if len(a.Frames) == 0 {
			t.Fatal("Parse succeeded with no frames")
		}
		for _, fr := range a.Frames {
			if fr.Name == "" || fr.Name != CleanName(fr.Name) || strings.Contains("/"+fr.Name+"/", "/../") {
				t.Fatalf("frame name %q is not clean", fr.Name)
			}
			if fr.Rect.Empty() || fr.Rect.Min.X < 0 || fr.Rect.Min.Y < 0 || fr.Offset.X < 0 || fr.Offset.Y < 0 {
				t.Fatalf("bad frame %+v", fr)
			}
		}
	})
}
