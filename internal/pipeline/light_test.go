package pipeline

import (
	"context"
	"fmt"
	"image"
	"image/color"
	"os"
	"strings"
	"testing"

	"github.com/shapegen/shapegen/internal/config"
)

// TestLightSprites: a rebuild adds the sprites whose library bytes and
// report card and row it has at hand without reading their records
// (spriteSource.light), but for those the report's first cards take.
// With every record damaged after a build of 600 rectangles (whose
// polygons fit them exactly, so that the first page keeps the first 200
// in name order) and one image added, the rebuild finds at most those
// 200 damaged, where reading every record finds all 600; and its
// outputs equal a build without cache.
func TestLightSprites(t *testing.T) {
	dir, out := t.TempDir(), t.TempDir()
	for i := range 600 {
		w, h := 2+i%30, 2+i/30
		img := image.NewNRGBA(image.Rect(0, 0, w+2, h+2))
		for y := 1; y <= h; y++ {
			for x := 1; x <= w; x++ {
				img.Set(x, y, color.NRGBA{10, 200, 10, 255})
			}
		}
		writePNG(t, dir, fmt.Sprintf("r/%03d.png", i), img)
	}
	cfg, err := config.Load(dir)
	if err != nil {
		t.Fatal(err)
	}
	build(t, dir, out, cfg, 0)
	c, err := openStore(out, false)
	if err != nil {
		t.Fatal(err)
	}
	recs := c.recs.Name()
	b, err := os.ReadFile(recs)
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, x := range c.old {
		if x.e.Loc.Len > 0 {
			b[x.e.Loc.Off+x.e.Loc.Len/2] ^= 0x04
			n++
		}
	}
	c.close()
	if n != 600 {
		t.Fatalf("%d records damaged, want 600", n)
	}
	if err := os.WriteFile(recs, b, 0o644); err != nil {
		t.Fatal(err)
	}
	writePNG(t, dir, "zz-new.png", picture("##.", "###"))
	res, _ := build(t, dir, out, cfg, 0)
	damaged := 0
	for _, note := range res.Notes {
		if strings.Contains(note, "was damaged") {
			damaged++
		}
	}
	if damaged == 0 || damaged > 200 {
		t.Errorf("the rebuild found %d records damaged; want those of the first cards alone, at most 200", damaged)
	}
	fresh := t.TempDir()
	if _, err := Build(context.Background(), Options{Dir: dir, Out: fresh, Config: cfg, NoCache: true}); err != nil {
		t.Fatal(err)
	}
	if d := differing(out, fresh, reportFiles(fresh, "shapes.json")); len(d) > 0 {
		t.Errorf("%q differ from a build without cache", d)
	}
}
