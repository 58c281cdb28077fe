package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"image"
	"image/png"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"unicode/utf16"

	"github.com/shapegen/shapegen/internal/atlas"
	"github.com/shapegen/shapegen/internal/pngmask"
	_ "github.com/shapegen/shapegen/internal/update" // -update for go test ./... -update
)

const committed = "../../testdata/sprites"

// TestDeterministic generates twice and checks the bytes are identical.
func TestDeterministic(t *testing.T) {
	a, b := t.TempDir(), t.TempDir()
	for _, dir := range []string{a, b} {
		if err := run(filepath.Join(dir, "sprites"), filepath.Join(dir, "bad")); err != nil {
			t.Fatal(err)
		}
	}
	fa, fb := readTree(t, a), readTree(t, b)
	if len(fa) != len(fb) || len(fa) == 0 {
		t.Fatalf("runs wrote %d and %d files", len(fa), len(fb))
	}
	for name, data := range fa {
		if !bytes.Equal(data, fb[name]) {
			t.Errorf("%s differs between two runs", name)
		}
	}
}

// TestCommittedUpToDate checks that testdata/sprites is what the generator
// writes now (run `go generate ./internal/gensprites` after changing it).
func TestCommittedUpToDate(t *testing.T) {
	if runtime.GOARCH != "amd64" {
		// gg's float arithmetic may round differently where the compiler
		// fuses multiply-adds; the files were made on amd64.
		t.Skipf("files were generated on amd64, this is %s", runtime.GOARCH)
	}
	dir := t.TempDir()
	if err := run(dir, ""); err != nil {
		t.Fatal(err)
	}
	want, got := readTree(t, dir), readTree(t, committed)
	total := 0
	for name, data := range want {
		total += len(data)
		if !bytes.Equal(data, got[name]) {
			t.Errorf("%s: committed file is stale or missing; run go generate ./internal/gensprites", name)
		}
	}
	if total > 1<<20 {
		t.Errorf("sprites total %d bytes, want < 1 MiB", total)
	}
}

// TestFormats checks that each format sprite decodes to the image type it
// exists to test, and that soft and hard alpha are what their names say.
func TestFormats(t *testing.T) {
	tests := []struct {
		name     string
		typ      string
		partial  bool // some alpha strictly between 0 and max
		opaque   int  // pixels with 8-bit alpha >= 128
		noAlphas bool // every pixel fully opaque
	}{
		{"formats/paletted_trns.png", "*image.Paletted", true, 32 * 16, false},
		{"formats/gray.png", "*image.Gray", false, 24 * 16, true},
		{"formats/nrgba64.png", "*image.NRGBA64", true, 16 * 8, false},
		{"formats/opaque.png", "*image.RGBA", false, 20 * 12, true},
		{"formats/transparent.png", "*image.NRGBA", false, 0, false},
		{"alpha/ramp.png", "*image.NRGBA", true, 128 * 4, false},
		{"convex/circle_hard.png", "*image.NRGBA", false, -1, false},
		{"convex/circle_soft.png", "*image.NRGBA", true, -1, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			img := decodeFile(t, filepath.Join(committed, tt.name))
			if got := fmt.Sprintf("%T", img); got != tt.typ {
				t.Errorf("decoded type = %s, want %s", got, tt.typ)
			}
			partial, opaque, full := false, 0, true
			b := img.Bounds()
			for y := b.Min.Y; y < b.Max.Y; y++ {
				for x := b.Min.X; x < b.Max.X; x++ {
					_, _, _, a := img.At(x, y).RGBA()
					if a != 0 && a != 0xffff {
						partial = true
					}
					if a != 0xffff {
						full = false
					}
					if a>>8 >= 128 {
						opaque++
					}
				}
			}
			if partial != tt.partial {
				t.Errorf("has partial alpha = %v, want %v", partial, tt.partial)
			}
			if tt.opaque >= 0 && opaque != tt.opaque {
				t.Errorf("pixels with alpha >= 128 = %d, want %d", opaque, tt.opaque)
			}
			if full != tt.noAlphas {
				t.Errorf("fully opaque = %v, want %v", full, tt.noAlphas)
			}
		})
	}
}

// TestPackedRotated reads the rotated and trimmed frames back from
// sheets/packed.json the way its doc says and compares them with the
// upright frames: the rule the pipeline must follow.
func TestPackedRotated(t *testing.T) {
	raw, err := os.ReadFile(filepath.Join(committed, "sheets/packed.json"))
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.HasPrefix(raw, []byte{0xff, 0xfe}) {
		t.Fatalf("packed.json has no UTF-16LE byte-order mark")
	}
	u := make([]uint16, 0, len(raw)/2)
	for i := 2; i+1 < len(raw); i += 2 {
		u = append(u, uint16(raw[i])|uint16(raw[i+1])<<8)
	}
	type rect struct{ X, Y, W, H int }
	var doc struct {
		Frames map[string]struct {
			Frame            rect
			Rotated, Trimmed bool
			SpriteSourceSize rect
			SourceSize       rect
		}
	}
	if err := json.Unmarshal([]byte(string(utf16.Decode(u))), &doc); err != nil {
		t.Fatal(err)
	}
	atlas := decodeFile(t, filepath.Join(committed, "sheets/packed.png"))
	for name, want := range map[string]*image.NRGBA{"arrow": arrowFrame, "coin": coinFrame, "gem": gemFrame} {
		f := doc.Frames[name]
		fr, src := f.Frame, f.SourceSize
		got := image.NewNRGBA(image.Rect(0, 0, src.W, src.H))
		for y := range fr.H {
			for x := range fr.W {
				ax, ay := fr.X+x, fr.Y+y
				if f.Rotated { // stored turned clockwise: upright (x, y) is at (h-1-y, x)
					ax, ay = fr.X+fr.H-1-y, fr.Y+x
				}
				got.Set(f.SpriteSourceSize.X+x, f.SpriteSourceSize.Y+y, atlas.At(ax, ay))
			}
		}
		if !bytes.Equal(got.Pix, want.Pix) || got.Rect != want.Rect {
			t.Errorf("frame %q read back from the atlas differs from the upright frame", name)
		}
	}
	if !doc.Frames["arrow"].Rotated || !doc.Frames["gem"].Trimmed {
		t.Errorf("arrow must be rotated and gem trimmed: %+v", doc.Frames)
	}
}

// TestBad checks the corrupt inputs are corrupt in the intended way.
func TestBad(t *testing.T) {
	dir := t.TempDir()
	if err := run(filepath.Join(dir, "s"), dir); err != nil {
		t.Fatal(err)
	}
	if _, err := png.Decode(bytes.NewReader(readTree(t, dir)["truncated.png"])); err == nil {
		t.Errorf("truncated.png decodes without error")
	}
	// The build reads headers with pngmask; image/png refuses this one on
	// 32-bit platforms (its bytes overflow an int).
	cfg, err := pngmask.DecodeConfig(readTree(t, dir)["huge_header.png"])
	if err != nil || cfg.Width != 100000 || cfg.Height != 100000 {
		t.Errorf("huge_header.png config = %+v, %v; want 100000x100000, nil", cfg, err)
	}
}

func decodeFile(t *testing.T, path string) image.Image {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	img, err := png.Decode(f)
	if err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	return img
}

// readTree returns every file under dir by slash-separated relative name.
func readTree(t *testing.T, dir string) map[string][]byte {
	t.Helper()
	files := map[string][]byte{}
	err := filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		data, err := os.ReadFile(path)
		rel, _ := filepath.Rel(dir, path)
		files[strings.ReplaceAll(rel, string(filepath.Separator), "/")] = data
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return files
}

// TestAtlasesReadBack reads each atlas of sources.go back with
// internal/atlas, as the build does, and compares every frame, turned
// back and placed in its untrimmed size, with the art it was packed from:
// the files say what their doc comments say, in each format's own terms.
func TestAtlasesReadBack(t *testing.T) {
	tests := []struct {
		data   string
		pages  map[string][]packFrame // by the page's image name
		format atlas.Format
		pivots bool
	}{
		{"atlas/starling_rt.xml", map[string][]packFrame{"starling_rt.png": starlingRT}, atlas.Starling, true},
		{"atlas/props.json", map[string][]packFrame{"props.png": tpProps}, atlas.JSON, true},
		{"atlas/cocos.plist", map[string][]packFrame{"cocos.png": cocosGems}, atlas.Plist, false},
		{"atlas/gdx.atlas", map[string][]packFrame{"gdx_page1.png": gdxPage1, "gdx_page2.png": gdxPage2}, atlas.LibGDX, false},
		{"atlas/pages/gdx.atlas", map[string][]packFrame{"gdx.png": gdxPages1, "gdx2.png": gdxPages2}, atlas.LibGDX, false},
		{"anim/hero.json", map[string][]packFrame{"hero.png": heroFrames}, atlas.JSON, false},
	}
	for _, tt := range tests {
		t.Run(tt.data, func(t *testing.T) {
			raw, err := os.ReadFile(filepath.Join(committed, tt.data))
			if err != nil {
				t.Fatal(err)
			}
			dir := path.Dir(tt.data)
			a, probs, err := atlas.Decode(tt.data, raw, atlas.Options{ImageSize: func(img string) (image.Point, bool) {
				return decodeFile(t, filepath.Join(committed, dir, img)).Bounds().Size(), true
			}})
			if err != nil || len(probs) != 0 {
				t.Fatalf("Decode: %v, problems %v", err, probs)
			}
			if a.Format != tt.format || len(a.Pages) != len(tt.pages) {
				t.Fatalf("format %v with %d pages, want %v with %d", a.Format, len(a.Pages), tt.format, len(tt.pages))
			}
			turns := map[turn]atlas.Turn{upright: atlas.Upright, clockwise: atlas.Clockwise, counterClockwise: atlas.CounterClockwise}
			for _, pg := range a.Pages {
				want := tt.pages[pg.Image]
				if len(pg.Frames) != len(want) {
					t.Fatalf("page %q: %d frames, want %d", pg.Image, len(pg.Frames), len(want))
				}
				sheet := decodeFile(t, filepath.Join(committed, dir, pg.Image))
				for i, f := range pg.Frames {
					w := want[i]
					if f.Turn != turns[w.turn] || (f.Upright() != f.Size) != w.trim {
						t.Errorf("%s: turn %v, offset %v; want %v, trimmed %v", f.Name, f.Turn, f.Offset, turns[w.turn], w.trim)
					}
					got := image.NewNRGBA(image.Rectangle{Max: f.Size})
					up := f.Upright()
					for y := range up.Y {
						for x := range up.X {
							p := f.Stored(x, y)
							got.Set(f.Offset.X+x, f.Offset.Y+y, sheet.At(p.X, p.Y))
						}
					}
					if !bytes.Equal(got.Pix, w.img.Pix) || got.Rect != w.img.Rect {
						t.Errorf("frame %q read back from %s differs from its art", f.Name, pg.Image)
					}
					if tt.pivots {
						s := w.img.Bounds().Size()
						wantPivot := [2]float64{w.pivot[0] * float64(s.X), w.pivot[1] * float64(s.Y)}
						if f.Pivot == nil || *f.Pivot != wantPivot {
							t.Errorf("frame %q pivot %v, want %v", f.Name, f.Pivot, wantPivot)
						}
					}
				}
			}
		})
	}
}
