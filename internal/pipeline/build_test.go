package pipeline

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"image"
	"image/color"
	"image/draw"
	"image/png"
	"io"
	"io/fs"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/shapegen/shapegen/collide"
	"github.com/shapegen/shapegen/export"
	"github.com/shapegen/shapegen/internal/config"
)

const sprites = "../../testdata/sprites"

func readLib(t *testing.T, out string) *export.Library {
	t.Helper()
	lib, err := export.Load(filepath.Join(out, "shapes.json"))
	if err != nil {
		t.Fatal(err)
	}
	return lib
}

func TestBuildTestdata(t *testing.T) {
	out := t.TempDir()
	cfg, err := config.Load(sprites)
	if err != nil {
		t.Fatal(err)
	}
	res, _ := build(t, sprites, out, cfg, 0)
	if res.Failed() {
		t.Errorf("Build(testdata/sprites) failures %v, want none", res.Failures)
	}
	lib := readLib(t, out)
	if len(lib.Sprites) != res.Sprites || !res.Wrote {
		t.Fatalf("shapes.json has %d sprites, Result %d (wrote %v)", len(lib.Sprites), res.Sprites, res.Wrote)
	}
	if !sort.SliceIsSorted(lib.Sprites, func(i, j int) bool { return lib.Sprites[i].Name < lib.Sprites[j].Name }) {
		t.Errorf("sprites not sorted by name")
	}
	byName := map[string]export.Sprite{}
	for _, s := range lib.Sprites {
		byName[s.Name] = s
		for k, q := range s.Quality {
			if q.Outside != 0 || q.FPArea < 0 || q.FPArea > 1 || q.AreaRatio < 1-1e-9 {
				t.Errorf("%s: quality.%s = %+v", s.Name, k, q)
			}
		}
		if s.Pixels > 0 && len(s.Quality) != len(cfg.Shapes) {
			t.Errorf("%s: %d quality kinds, want %d", s.Name, len(s.Quality), len(cfg.Shapes))
		}
	}
	tests := []struct {
		name   string
		frame  export.Frame
		size   [2]int
		offset *[2]int
		// rotated: stored turned a quarter turn; frame is the stored
		// rectangle, size the upright one.
		rotated bool
	}{
		{"tiny", export.Frame{X: 0, Y: 0, W: 8, H: 8}, [2]int{8, 8}, nil, false},
		{"sheets/packed/coin", export.Frame{X: 0, Y: 0, W: 16, H: 16}, [2]int{16, 16}, nil, false},
		{"sheets/packed/gem", export.Frame{X: 16, Y: 0, W: 20, H: 13}, [2]int{32, 32}, &[2]int{5, 9}, false},
		{"sheets/packed/arrow", export.Frame{X: 36, Y: 0, W: 12, H: 24}, [2]int{24, 12}, nil, true},
		{"sheets/starling/key", export.Frame{X: 0, Y: 0, W: 16, H: 10}, [2]int{16, 10}, nil, false},
		{"sheets/hud_spritesheet/hud_x", export.Frame{X: 24, Y: 0, W: 8, H: 8}, [2]int{8, 8}, nil, false},
		// The grid of testdata/sprites/shapegen.yaml: 32x32 cells, row by row.
		{"sheets/grid_4x2/0", export.Frame{X: 0, Y: 0, W: 32, H: 32}, [2]int{32, 32}, nil, false},
		{"sheets/grid_4x2/5", export.Frame{X: 32, Y: 32, W: 32, H: 32}, [2]int{32, 32}, nil, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s, ok := byName[tt.name]
			if !ok {
				t.Fatalf("no sprite %q", tt.name)
			}
			if s.Frame != tt.frame || s.Size != tt.size || (s.Offset == nil) != (tt.offset == nil) || s.Offset != nil && *s.Offset != *tt.offset || s.Rotated != tt.rotated {
				t.Errorf("%s: frame %+v size %v offset %v rotated %v, want %+v %v %v %v", tt.name, s.Frame, s.Size, s.Offset, s.Rotated, tt.frame, tt.size, tt.offset, tt.rotated)
			}
		})
	}
	// The gem is trimmed: its shapes are in untrimmed coordinates, so its
	// AABB starts at the trim offset or beyond.
	if g := byName["sheets/packed/gem"]; g.AABB == nil || g.AABB.Min[0] < 5 || g.AABB.Min[1] < 9 {
		t.Errorf("gem AABB %+v, want it inside the trimmed frame at (5, 9)", g.AABB)
	}
	// The arrow was stored rotated: turned back, it is wider than tall.
	if a := byName["sheets/packed/arrow"]; a.AABB == nil || a.AABB.Max[0]-a.AABB.Min[0] <= a.AABB.Max[1]-a.AABB.Min[1] {
		t.Errorf("arrow AABB %+v, want it wider than tall", a.AABB)
	}
	if want := []string{"formats/transparent", "sheets/grid_4x2/3"}; !slices.Equal(res.Empty, want) {
		t.Errorf("Empty = %v, want %v", res.Empty, want)
	}
	if s := byName["formats/transparent"]; s.Pixels != 0 || s.AABB != nil || s.Hull != nil || s.Quality != nil {
		t.Errorf("empty sprite %+v, want pixels 0 and no shapes", s)
	}
	for _, f := range []string{"shapes.json", "report.html", CacheDir, ManifestFile, LockFile} {
		if _, err := os.Stat(filepath.Join(out, f)); err != nil {
			t.Errorf("output %s: %v", f, err)
		}
	}
}

// TestDeterministicWorkers builds with 1 and 4 workers, without cache:
// the library in every format, the report and the preview images must be
// byte-identical.
func TestDeterministicWorkers(t *testing.T) {
	cfg := config.Default()
	cfg.Formats = config.Formats
	cfg.Preview = true
	files := []string{"shapes.json", "shapes.yaml", "shapes.tscn", "shapes.lua", "report.html", ContactSheet,
		"preview/sheets/packed/gem.png", "sprite/sheets/packed/gem.png", "preview/large.png", "sprite/sheets/starling/key.png"}
	var outs [][]byte
	for _, w := range []int{1, 4} {
		out := t.TempDir()
		build(t, sprites, out, cfg, w)
		for _, f := range files {
			b, err := os.ReadFile(filepath.Join(out, filepath.FromSlash(f)))
			if err != nil {
				t.Fatal(err)
			}
			outs = append(outs, b)
		}
	}
	for i, f := range files {
		if !bytes.Equal(outs[i], outs[i+len(files)]) {
			t.Errorf("%s differs between 1 and 4 workers", f)
		}
	}
}

// TestEngineFormats checks that the engine files a build writes are the
// export package's writers applied to the library it writes, and that
// what they leave out is in the build's notes.
func TestEngineFormats(t *testing.T) {
	cfg := config.Default()
	cfg.Formats = config.Formats
	out := t.TempDir()
	res, _ := build(t, sprites, out, cfg, 0)
	lib, err := export.Load(filepath.Join(out, "shapes.json"))
	if err != nil {
		t.Fatal(err)
	}
	s, err := export.StreamOf(lib)
	if err != nil {
		t.Fatal(err)
	}
	var notes []string
	files := 0
	for _, e := range export.EngineFormats {
		put := func(name string, write func(io.Writer) error) error {
			var want bytes.Buffer
			if err := write(&want); err != nil {
				return err
			}
			files++
			got, err := os.ReadFile(filepath.Join(out, filepath.FromSlash(name)))
			if err != nil {
				t.Error(err)
			} else if !bytes.Equal(got, want.Bytes()) || len(got) < 1000 {
				t.Errorf("%s: %d bytes, not the %d its writer makes of the library", name, len(got), want.Len())
			}
			return nil
		}
		om, err := e.Write(put, s, export.EngineOptions{AssetDir: assetDir(out, sprites)})
		if err != nil {
			t.Fatal(err)
		}
		for _, o := range om {
			notes = append(notes, o.String())
		}
	}
	if files < 8 {
		t.Errorf("%d engine files, want at least 8 (lua, godot, godot3, phaser, 4 tilesets)", files)
	}
	var formatNotes []string // the notes about formats, not about slicing
	for _, n := range res.Notes {
		for _, e := range export.EngineFormats {
			if strings.HasPrefix(n, e.Name+": ") {
				formatNotes = append(formatNotes, n)
			}
		}
	}
	if !slices.Equal(notes, formatNotes) || len(notes) == 0 {
		t.Errorf("build notes %q, want the writers' %q (some: hulls past 8 vertices)", res.Notes, notes)
	}
}

// spritesCopy returns a copy of the test sprites in a new folder and its
// configuration.
func spritesCopy(t *testing.T) (string, config.Config) {
	t.Helper()
	dir := t.TempDir()
	copyTree(t, sprites, dir)
	cfg, err := config.Load(dir)
	if err != nil {
		t.Fatal(err)
	}
	return dir, cfg
}

// markRing rewrites holes/ring.png under dir with its centre pixel made
// opaque, which changes its sprite.
func markRing(t *testing.T, dir string) {
	t.Helper()
	img := mustDecode(t, filepath.Join(dir, "holes", "ring.png"))
	n := image.NewNRGBA(img.Bounds())
	draw.Draw(n, n.Bounds(), img, img.Bounds().Min, draw.Src)
	c := n.Bounds().Size().Div(2)
	n.SetNRGBA(c.X, c.Y, color.NRGBA{A: 255})
	var buf bytes.Buffer
	if err := png.Encode(&buf, n); err != nil {
		t.Fatal(err)
	}
	writeFile(t, dir, "holes/ring.png", buf.Bytes())
}

// copyTree copies the files under src into dst.
func copyTree(t *testing.T, src, dst string) {
	t.Helper()
	err := filepath.Walk(src, func(p string, fi os.FileInfo, err error) error {
		if err != nil || fi.IsDir() {
			return err
		}
		rel, _ := filepath.Rel(src, p)
		b, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		writeFile(t, dst, filepath.ToSlash(rel), b)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}

func TestIncremental(t *testing.T) {
	dir, out := t.TempDir(), t.TempDir()
	copyTree(t, sprites, dir)
	cfg := config.Default()
	res, n := build(t, dir, out, cfg, 0)
	if n != res.Images || n == 0 {
		t.Fatalf("cold build decoded %d of %d images", n, res.Images)
	}
	first, _ := os.ReadFile(filepath.Join(out, "shapes.json"))

	warm, n := build(t, dir, out, cfg, 0)
	if n != 0 {
		t.Errorf("re-run with no change decoded %d images, want 0", n)
	}
	// Nothing changed: the library is not even read back, but the figures
	// are those of the cold build.
	if warm.Wrote || warm.Sprites != res.Sprites || warm.Frames != res.Frames ||
		!slices.Equal(warm.Empty, res.Empty) || !slices.Equal(warm.Worst(5), res.Worst(5)) {
		t.Errorf("warm result %+v, want nothing written and the cold figures %+v", warm, res)
	}
	// Touching a file without changing it: the content key still hits.
	later := time.Now().Add(time.Minute)
	if err := os.Chtimes(filepath.Join(dir, "tiny.png"), later, later); err != nil {
		t.Fatal(err)
	}
	if _, n := build(t, dir, out, cfg, 0); n != 0 {
		t.Errorf("re-run after touching a file decoded %d images, want 0", n)
	}
	// A changed image re-processes only itself.
	writePNG(t, dir, "tiny.png", picture("##..", "####"))
	_, n = build(t, dir, out, cfg, 0)
	if n != 1 {
		t.Errorf("re-run after changing one image decoded %d, want 1", n)
	}
	if tiny, ok := readLib(t, out).Sprite("tiny"); !ok || tiny.Pixels != 6 {
		t.Errorf("changed tiny: %+v, want 6 pixels", tiny)
	}
	// A changed atlas file re-processes its image.
	xml, _ := os.ReadFile(filepath.Join(dir, "sheets/starling.xml"))
	writeFile(t, dir, "sheets/starling.xml", bytes.Replace(xml, []byte(`name="key.png"`), []byte(`name="door.png"`), 1))
	if _, n := build(t, dir, out, cfg, 0); n != 1 {
		t.Errorf("re-run after changing an atlas decoded %d, want 1", n)
	}
	// Changed settings for one glob re-process the images they apply to.
	cfg.Overrides = []config.Override{{Glob: "thin/**", AlphaThreshold: ptr(1)}}
	if _, n := build(t, dir, out, cfg, 0); n != 4 {
		t.Errorf("re-run after an override of thin/** decoded %d, want 4", n)
	}
	// A deleted output is rewritten from the cache.
	os.Remove(filepath.Join(out, "shapes.json"))
	cfg.Overrides = nil
	if _, n := build(t, dir, out, cfg, 0); n != 4 {
		t.Errorf("re-run back to the old settings decoded %d, want 4", n)
	}
	writePNG(t, dir, "tiny.png", mustDecode(t, filepath.Join(sprites, "tiny.png")))
	writeFile(t, dir, "sheets/starling.xml", xml)
	build(t, dir, out, cfg, 0)
	again, err := os.ReadFile(filepath.Join(out, "shapes.json"))
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(first, again) {
		t.Errorf("shapes.json after restoring the inputs differs from the first build")
	}
}

func ptr[T any](v T) *T { return &v }

func TestBadInput(t *testing.T) {
	dir, out := t.TempDir(), t.TempDir()
	copyTree(t, "../../testdata/bad", filepath.Join(dir, "bad"))
	writePNG(t, dir, "good.png", picture(".#.", "###"))
	writeFile(t, dir, "empty.png", nil)
	writeFile(t, dir, "text.png", []byte("not a png at all"))
	writePNG(t, dir, "atlas.png", picture("####", "####"))
	writeFile(t, dir, "atlas.txt", []byte("a = 0 0 2 2\nb = 3 0 2 2\n"))
	res, _ := build(t, dir, out, config.Default(), 0)
	want := []string{
		"atlas.txt:2: frame \"b\": rectangle (3,0)-(5,2) lies outside the 4x2 image",
		"bad/huge_header.png: image is 100000x100000 = 10000000000 pixels, over the limit of 67108864 (max_pixels)",
		"bad/truncated.png: corrupt PNG:",
		"empty.png: not a valid PNG:",
		"text.png: not a valid PNG:",
	}
	if len(res.Failures) != len(want) {
		t.Fatalf("failures %q, want %d lines", res.Failures, len(want))
	}
	for i, f := range res.Failures {
		if !strings.HasPrefix(f, want[i]) || strings.Contains(f, "\n") {
			t.Errorf("failure %d = %q, want one line starting %q", i, f, want[i])
		}
	}
	lib := readLib(t, out)
	var names []string
	for _, s := range lib.Sprites {
		names = append(names, s.Name)
	}
	if !slices.Equal(names, []string{"atlas/a", "good"}) {
		t.Errorf("library sprites %v, want [atlas/a good]", names)
	}
}

// TestNamesStayInside builds frames whose names try to climb out of OUT
// and checks every output lands inside it.
func TestNamesStayInside(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "out")
	writePNG(t, dir, "s.png", picture("##..", "..##"))
	writeFile(t, dir, "s.txt", []byte("../../../../evil = 0 0 2 1\n/abs/x.png = 2 1 2 1\n"))
	cfg := config.Default()
	cfg.Preview = true
	res, _ := build(t, dir, out, cfg, 0)
	if res.Failed() {
		t.Fatalf("failures %v", res.Failures)
	}
	var names []string
	for _, s := range readLib(t, out).Sprites {
		names = append(names, s.Name)
	}
	if !slices.Equal(names, []string{"s/abs/x", "s/evil"}) {
		t.Errorf("names %v, want [s/abs/x s/evil]", names)
	}
	err := filepath.Walk(dir, func(p string, fi os.FileInfo, err error) error {
		if err == nil && !fi.IsDir() && !strings.HasPrefix(p, out+string(filepath.Separator)) && filepath.Dir(p) != dir {
			t.Errorf("file written outside OUT: %s", p)
		}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join(out, PreviewDir, "s", "evil.png")); err != nil {
		t.Errorf("preview of s/evil: %v", err)
	}
}

// TestWalkSkips checks that hidden entries, an OUT inside DIR and any
// folder holding an earlier build's outputs are not read, that
// include/exclude apply, and that every file is counted once: read, or
// ignored for a reason.
func TestWalkSkips(t *testing.T) {
	dir := t.TempDir()
	for _, rel := range []string{"a.png", ".hidden/b.png", "out/c.png", "sub/d.png", "sub/old/e.png", ".f.png", "old-build/preview/x.png", "old-build/report.png"} {
		writePNG(t, dir, rel, picture("#"))
	}
	writeFile(t, dir, "old-build/"+ManifestFile, []byte("{}"))
	writeFile(t, dir, "notes.md", []byte("# art"))
	writeFile(t, dir, "music.ogg", []byte("OggS"))
	cfg := config.Default()
	cfg.Exclude = []string{"**/old/**"}
	tree, err := walk(dir, filepath.Join(dir, "out"), &cfg, true)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, s := range tree.srcs {
		got = append(got, s.rel)
	}
	if want := []string{"a.png", "sub/d.png"}; !slices.Equal(got, want) {
		t.Errorf("walk = %v, want %v", got, want)
	}
	if want := []string{"old-build", "out"}; !slices.Equal(tree.outputs, want) {
		t.Errorf("output folders skipped %v, want %v", tree.outputs, want)
	}
	want := map[string]int{ignoredOutput: 4, ignoredHidden: 2, ignoredExcluded: 1, ignoredNotImage: 2}
	sum := len(tree.srcs) + tree.lists
	for r, n := range want {
		if ig := tree.ignored[r]; ig == nil || ig.Count != n {
			t.Errorf("ignored %s: %+v, want %d", r, ig, n)
		}
		sum += n
	}
	if tree.files != 11 || sum != tree.files {
		t.Errorf("%d files counted, %d read or ignored; want 11 both", tree.files, sum)
	}
}

// TestAtlasResolution checks which data file an image gets: its own base
// name first, else the image the file names (the corpus' stale imagePath).
func TestAtlasResolution(t *testing.T) {
	dir := t.TempDir()
	for _, rel := range []string{"hud.png", "sheet.png", "named.png", "plain.png", "x/grid.png"} {
		writePNG(t, dir, rel, picture("####", "####"))
	}
	writeFile(t, dir, "hud.xml", []byte(`<TextureAtlas imagePath="sheet.png"><SubTexture name="a" x="0" y="0" width="2" height="2"/></TextureAtlas>`))
	writeFile(t, dir, "other.json", []byte(`{"frames": {"a": {"frame": {"x":0,"y":0,"w":2,"h":2}}}, "meta": {"image": "named.png"}}`))
	writeFile(t, dir, "config.json", []byte(`{"some": "data"}`))
	writeFile(t, dir, "license.txt", []byte("CC0\n"))
	cfg := config.Default()
	tree, err := walk(dir, "", &cfg, false)
	if err != nil {
		t.Fatal(err)
	}
	srcs := tree.srcs
	got := map[string]string{}
	for _, s := range srcs {
		got[s.rel] = s.data
	}
	want := map[string]string{"hud.png": "hud.xml", "named.png": "other.json", "plain.png": "", "sheet.png": "", "x/grid.png": ""}
	for k, v := range want {
		if got[k] != v {
			t.Errorf("walk: %s has data %q, want %q", k, got[k], v)
		}
	}
}

// TestListNamesImage ties frame lists to the images they name, which
// owners looks up among the walk's paths in their order (see
// TestWalkPathOrder), where names around a folder's sort unlike the
// folder's own.
func TestListNamesImage(t *testing.T) {
	dir := t.TempDir()
	rels := []string{"A.png", "a-b.png", "a.b/x.png", "a.png", "a/b.png", "a/c.png", "a/c/d.png", "a0.png", "b.png", "b/a.png"}
	for _, rel := range slices.Backward(rels) {
		writePNG(t, dir, rel, picture("##"))
	}
	for _, img := range []string{"a-b.png", "a0.png", "b.png"} {
		list := fmt.Sprintf(`{"frames": {"f": {"frame": {"x":0,"y":0,"w":1,"h":1}}}, "meta": {"image": %q}}`, img)
		writeFile(t, dir, "list-"+strings.TrimSuffix(img, ".png")+".json", []byte(list))
	}
	cfg := config.Default()
	tree, err := walk(dir, "", &cfg, false)
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]string{"a-b.png": "list-a-b.json", "a0.png": "list-a0.json", "b.png": "list-b.json"}
	for _, s := range tree.srcs {
		if s.data != want[s.rel] {
			t.Errorf("walk: %s has data %q, want %q", s.rel, s.data, want[s.rel])
		}
	}
}

func TestGrid(t *testing.T) {
	dir, out := t.TempDir(), t.TempDir()
	writePNG(t, dir, "sheets/g.png", picture(
		"##.....#",
		"##....##",
	))
	cfg := config.Default()
	cfg.Grids = []config.Grid{{Glob: "sheets/*.png", CellWidth: 2, CellHeight: 2}}
	res, _ := build(t, dir, out, cfg, 0)
	var got []string
	for _, s := range readLib(t, out).Sprites {
		got = append(got, s.Name+":"+string(rune('0'+s.Pixels)))
	}
	if want := []string{"sheets/g/0:4", "sheets/g/1:0", "sheets/g/2:0", "sheets/g/3:3"}; !slices.Equal(got, want) {
		t.Errorf("grid sprites %v, want %v", got, want)
	}
	if !slices.Equal(res.Empty, []string{"sheets/g/1", "sheets/g/2"}) || res.Frames != 4 || res.Failed() {
		t.Errorf("empty %v frames %d failures %v", res.Empty, res.Frames, res.Failures)
	}
}

func TestVerify(t *testing.T) {
	out := t.TempDir()
	cfg, _ := config.Load(sprites)
	build(t, sprites, out, cfg, 0)
	verify := func(lib *export.Library) []string {
		res, err := Verify(context.Background(), VerifyOptions{Dir: sprites, Library: lib, Config: cfg})
		if err != nil {
			t.Fatal(err)
		}
		return res.Failures
	}
	if f := verify(readLib(t, out)); len(f) != 0 {
		t.Fatalf("Verify of a fresh build: %v", f)
	}
	if res, err := Verify(context.Background(), VerifyOptions{Dir: sprites, Library: readLib(t, out), Config: cfg}); err != nil {
		t.Fatal(err)
	} else if res.Animations != 6 {
		t.Errorf("Verify of a fresh build checked %d animations, want 6", res.Animations)
	}
	tests := []struct {
		name string
		edit func(lib *export.Library)
		want string
	}{
		{"shrunk polygon", func(l *export.Library) {
			s := find(l, "tiny")
			for i := range s.Polygon {
				s.Polygon[i] = export.Point{s.Polygon[i][0]*0.8 + 1, s.Polygon[i][1]*0.8 + 1}
			}
		}, "tiny: polygon leaves"},
		{"moved circle", func(l *export.Library) { find(l, "islands").Circle.Center[0] += 3 }, "islands: circle leaves"},
		{"stale pixels", func(l *export.Library) { find(l, "large").Pixels++ }, "large: pixels"},
		{"outside recorded", func(l *export.Library) {
			s := find(l, "tiny")
			q := s.Quality["hull"]
			q.Outside = 2
			s.Quality["hull"] = q
		}, "tiny: quality.hull.outside is 2"},
		{"missing", func(l *export.Library) {
			l.Sprites = slices.DeleteFunc(l.Sprites, func(s export.Sprite) bool { return s.Name == "tiny" })
		}, "tiny: in the art"},
		{"extra", func(l *export.Library) {
			l.Sprites = append(l.Sprites, export.Sprite{Name: "ghost", Image: "ghost.png"})
		}, "ghost: in the library but not in the art"},
		{"wrong frame", func(l *export.Library) { find(l, "sheets/packed/gem").Frame.X++ }, "sheets/packed/gem: image"},
		{"rotation dropped", func(l *export.Library) { find(l, "sheets/packed/arrow").Rotated = false }, "sheets/packed/arrow: image"},
		{"rotation added", func(l *export.Library) { find(l, "sheets/packed/coin").Rotated = true }, "sheets/packed/coin: image"},
		{"moved pivot", func(l *export.Library) { find(l, "tiny").Pivot[1] += 1 }, "tiny: pivot"},
		{"other pivot rule", func(l *export.Library) { l.Settings.Pivot = "bottom-center" }, "alpha/ramp: pivot"},
		{"deleted kind", func(l *export.Library) { find(l, "islands").Box = nil }, "islands: no box"},
		// Animations: one common body per animation, checked against
		// every frame's pixels in the shared untrimmed frame.
		{"animation polygon shrunk", func(l *export.Library) {
			a := findAnim(l, "anim/hero/idle")
			for i := range a.Polygon {
				a.Polygon[i] = export.Point{a.Polygon[i][0]*0.9 + 1.2, a.Polygon[i][1]*0.9 + 1.6}
			}
		}, "animation anim/hero/idle: polygon leaves"},
		{"animation aabb of its first frame", func(l *export.Library) {
			a := findAnim(l, "anim/hero/idle")
			a.AABB.Min[1] = 2 // frame 0's top; frame 1's head reaches y 1
		}, "animation anim/hero/idle: aabb leaves 4 opaque pixels of anim/hero/hero 1 outside"},
		{"animation stale pixels", func(l *export.Library) { findAnim(l, "anim/walk").Pixels-- }, "animation anim/walk: pixels"},
		{"animation other size", func(l *export.Library) { findAnim(l, "anim/walk").Size[0]++ }, "animation anim/walk: size"},
		{"animation moved pivot", func(l *export.Library) { findAnim(l, "anim/walk").Pivot[0]++ }, "animation anim/walk: pivot"},
		{"animation deleted kind", func(l *export.Library) { findAnim(l, "anim/walk").Hull = nil }, "animation anim/walk: no hull"},
		{"animation outside recorded", func(l *export.Library) {
			a := findAnim(l, "anim/walk")
			q := a.Quality["box"]
			q.Outside = 1
			a.Quality["box"] = q
		}, "animation anim/walk: quality.box.outside is 1"},
		{"animation frame dropped", func(l *export.Library) {
			a := findAnim(l, "anim/walk")
			a.Frames = a.Frames[:2]
		}, "animation anim/walk: frames"},
		{"animation missing", func(l *export.Library) {
			l.Animations = slices.DeleteFunc(l.Animations, func(a export.Animation) bool { return a.Name == "anim/walk" })
		}, "animation anim/walk: in the art but not in the library"},
		{"animation extra", func(l *export.Library) {
			a := *findAnim(l, "anim/walk")
			a.Name = "anim/zzz"
			l.Animations = append(l.Animations, a)
		}, "animation anim/zzz: in the library but not in the art"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			lib := readLib(t, out)
			tt.edit(lib)
			f := verify(lib)
			if len(f) == 0 || !strings.HasPrefix(f[0], tt.want) {
				t.Errorf("Verify after %s = %q, want a failure starting %q", tt.name, f, tt.want)
			}
		})
	}
}

func findAnim(l *export.Library, name string) *export.Animation {
	for i := range l.Animations {
		if l.Animations[i].Name == name {
			return &l.Animations[i]
		}
	}
	panic("no animation " + name)
}

func find(l *export.Library, name string) *export.Sprite {
	for i := range l.Sprites {
		if l.Sprites[i].Name == name {
			return &l.Sprites[i]
		}
	}
	panic("no sprite " + name)
}

// TestCanceled checks that a canceled build stops with the context's error
// and writes no library.
func TestCanceled(t *testing.T) {
	out := t.TempDir()
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := Build(ctx, Options{Dir: sprites, Out: out, Config: config.Default()}); err != context.Canceled {
		t.Errorf("Build with a canceled context: error %v, want context.Canceled", err)
	}
	if _, err := os.Stat(filepath.Join(out, "shapes.json")); err == nil {
		t.Errorf("a canceled build wrote shapes.json")
	}
}

// TestRotatedRule cuts the rotated arrow out of its atlas image by the
// rule export.Sprite.Rotated states (upright (x, y) is the image's pixel
// (Frame.X+Frame.W-1-y, Frame.Y+x)), as a game or another tool would, and
// checks that those upright pixels are the sprite's: the count matches and
// every one lies in its hull. The arrow is asymmetric both ways, so
// turning it the other way fails.
func TestRotatedRule(t *testing.T) {
	out := t.TempDir()
	cfg, _ := config.Load(sprites)
	build(t, sprites, out, cfg, 0)
	sp := find(readLib(t, out), "sheets/packed/arrow")
	if !sp.Rotated {
		t.Fatalf("arrow not marked rotated: %+v", sp)
	}
	img := mustDecode(t, filepath.Join(sprites, filepath.FromSlash(sp.Image)))
	fr := sp.Frame
	hull := sp.Hull.Polygon()
	for _, turn := range []struct {
		name string
		at   func(x, y int) (int, int) // upright (x, y) -> image pixel
		want bool
	}{
		{"documented", func(x, y int) (int, int) { return fr.X + fr.W - 1 - y, fr.Y + x }, true},
		{"other way", func(x, y int) (int, int) { return fr.X + y, fr.Y + fr.H - 1 - x }, false},
	} {
		n, inside := 0, true
		for y := range fr.W { // upright height = stored width
			for x := range fr.H {
				ix, iy := turn.at(x, y)
				if _, _, _, a := img.At(ix, iy).RGBA(); a>>8 < uint32(cfg.AlphaThreshold) {
					continue
				}
				n++
				fx, fy := float64(x), float64(y)
				for _, c := range []collide.Vec{collide.V(fx, fy), collide.V(fx+1, fy), collide.V(fx, fy+1), collide.V(fx+1, fy+1)} {
					inside = inside && hull.ContainsPoint(c)
				}
			}
		}
		if got := n == sp.Pixels && inside; got != turn.want {
			t.Errorf("arrow cut %s: %d opaque pixels (library %d), all in the hull %v; want match %v", turn.name, n, sp.Pixels, inside, turn.want)
		}
	}
}

// TestDamagedCache checks that a damaged or foreign cache file is only a
// cold start: the build decodes every image again and writes the same
// library.
func TestDamagedCache(t *testing.T) {
	out := t.TempDir()
	cfg, _ := config.Load(sprites)
	first, n := build(t, sprites, out, cfg, 0)
	want, err := os.ReadFile(filepath.Join(out, "shapes.json"))
	if err != nil {
		t.Fatal(err)
	}
	index := filepath.Join(out, CacheDir, indexName)
	good, err := os.ReadFile(index)
	if err != nil {
		t.Fatal(err)
	}
	flipped := bytes.Clone(good)
	flipped[len(flipped)-7] ^= 0x10
	tests := []struct {
		name string
		data []byte
	}{
		{"empty", nil},
		{"foreign", []byte("not a cache at all")},
		{"truncated header", good[:len(indexMagic)+3]},
		{"truncated index", good[:len(good)/2]},
		{"a flipped bit", flipped},
		{"other version", append([]byte("shapegen cache 4\n"), good[len(indexMagic):]...)},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if err := os.WriteFile(index, tt.data, 0o644); err != nil {
				t.Fatal(err)
			}
			os.Remove(filepath.Join(out, "shapes.json")) // so the outputs are rewritten
			res, decoded := build(t, sprites, out, cfg, 0)
			if decoded != n || res.Sprites != first.Sprites || res.Failed() {
				t.Errorf("after a %s cache: decoded %d of %d images, %d sprites, failures %v; want all, %d and none", tt.name, decoded, n, res.Sprites, res.Failures, first.Sprites)
			}
			if n := slices.IndexFunc(res.Notes, func(n string) bool { return strings.HasPrefix(n, "cache:") }); n < 0 ||
				slices.ContainsFunc(res.Notes[n+1:], func(n string) bool { return strings.HasPrefix(n, "cache:") }) {
				t.Errorf("after a %s cache: notes %q, want one line about the cache", tt.name, res.Notes)
			}
			if got, _ := os.ReadFile(filepath.Join(out, "shapes.json")); !bytes.Equal(got, want) {
				t.Errorf("after a %s cache: shapes.json differs from the first build's", tt.name)
			}
		})
	}
}

// cachedBuild builds testdata/sprites into a new folder and returns it,
// the settings, the shapes.json written and the build's cache, open.
func cachedBuild(t *testing.T) (string, config.Config, []byte, *store) {
	t.Helper()
	out := t.TempDir()
	cfg, _ := config.Load(sprites)
	build(t, sprites, out, cfg, 0)
	want, err := os.ReadFile(filepath.Join(out, "shapes.json"))
	if err != nil {
		t.Fatal(err)
	}
	c, err := openStore(out, false)
	if err != nil {
		t.Fatal(err)
	}
	return out, cfg, want, c
}

// TestDamagedRecords flips a bit in every cached record, then makes the
// outputs be rewritten: each record fails its checksum and its image is
// computed again, so the library is right, with a note per image.
func TestDamagedRecords(t *testing.T) {
	out, cfg, want, c := cachedBuild(t)
	recs := c.recs.Name()
	var offs []int64
	for _, x := range c.old {
		e := x.e
		if e.Loc.Len > 0 {
			offs = append(offs, e.Loc.Off+e.Loc.Len/2)
		}
	}
	c.close()
	b, _ := os.ReadFile(recs)
	for _, o := range offs {
		b[o] ^= 0x04
	}
	os.WriteFile(recs, b, 0o644)
	os.Remove(filepath.Join(out, "shapes.json"))
	res, _ := build(t, sprites, out, cfg, 0)
	if got, _ := os.ReadFile(filepath.Join(out, "shapes.json")); !bytes.Equal(got, want) {
		t.Errorf("shapes.json after damaged records differs from the first build's")
	}
	if len(res.Notes) == 0 || res.Failed() {
		t.Errorf("notes %q failures %v, want notes about the records and no failure", res.Notes, res.Failures)
	}
}

// TestDamagedRecordIndexed damages one record; the build that rewrites
// the outputs computes it again, and its index must point at the new
// record, so the build after it (outputs rewritten again) reads it from
// the cache: nothing decoded, no note about damage.
func TestDamagedRecordIndexed(t *testing.T) {
	out, cfg, want, c := cachedBuild(t)
	recs := c.recs.Name()
	var e *entry
	for _, x := range c.old {
		if x.e.Loc.Len > 0 {
			e = x.e
			break
		}
	}
	c.close()
	b, _ := os.ReadFile(recs)
	b[e.Loc.Off+e.Loc.Len/2] ^= 0x04
	os.WriteFile(recs, b, 0o644)
	damaged := func(notes []string) bool {
		return slices.ContainsFunc(notes, func(n string) bool { return strings.Contains(n, "damaged") })
	}
	os.Remove(filepath.Join(out, "shapes.json"))
	if res, decoded := build(t, sprites, out, cfg, 0); decoded != 1 || !damaged(res.Notes) {
		t.Fatalf("after damaging a record: decoded %d images, notes %q; want 1 and a note", decoded, res.Notes)
	}
	os.Remove(filepath.Join(out, "shapes.json"))
	res, decoded := build(t, sprites, out, cfg, 0)
	if decoded != 0 || damaged(res.Notes) {
		t.Errorf("the build after the one that recomputed a damaged record: decoded %d images, notes %q; want 0 and no note", decoded, res.Notes)
	}
	if got, _ := os.ReadFile(filepath.Join(out, "shapes.json")); !bytes.Equal(got, want) {
		t.Errorf("shapes.json differs from the first build's")
	}
}

// TestDamagedRecordEarlyIndex is TestDamagedRecordIndexed with an image
// added too, so that the index changes and is written while the outputs
// are (saveEarly): the record computed again for the damaged one comes
// after that index was made, and the index saved in the end must point
// at it.
func TestDamagedRecordEarlyIndex(t *testing.T) {
	dir, out := t.TempDir(), t.TempDir()
	copyTree(t, sprites, dir)
	cfg, _ := config.Load(dir)
	build(t, dir, out, cfg, 0)
	c, err := openStore(out, false)
	if err != nil {
		t.Fatal(err)
	}
	recs := c.recs.Name()
	var e *entry
	var png string
	for _, x := range c.old {
		if x.e.Loc.Len > 0 && strings.HasSuffix(x.rel, ".png") && e == nil {
			e = x.e
		} else if strings.HasSuffix(x.rel, ".png") && !strings.Contains(x.rel, "/") && png == "" {
			png = x.rel
		}
	}
	c.close()
	if e == nil || png == "" {
		t.Fatal("no record to damage or image to copy")
	}
	b, _ := os.ReadFile(recs)
	b[e.Loc.Off+e.Loc.Len/2] ^= 0x04
	os.WriteFile(recs, b, 0o644)
	img, err := os.ReadFile(filepath.Join(dir, png))
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "zz-added.png"), img, 0o644); err != nil {
		t.Fatal(err)
	}
	damaged := func(notes []string) bool {
		return slices.ContainsFunc(notes, func(n string) bool { return strings.Contains(n, "damaged") })
	}
	// Decoded: the image added and the one whose record was damaged.
	if res, decoded := build(t, dir, out, cfg, 0); decoded != 2 || !damaged(res.Notes) {
		t.Fatalf("after damaging a record and adding an image: decoded %d images, notes %q; want 2 and a note", decoded, res.Notes)
	}
	os.Remove(filepath.Join(out, "shapes.json"))
	if res, decoded := build(t, dir, out, cfg, 0); decoded != 0 || damaged(res.Notes) {
		t.Errorf("the build after the one that recomputed a damaged record: decoded %d images, notes %q; want 0 and no note", decoded, res.Notes)
	}
}

// TestManifest checks that a build's manifest lists its outputs with their
// digests, that CheckManifest finds an output that disagrees (as a build
// killed between renames leaves it) and that the next build repairs it.
func TestManifest(t *testing.T) {
	out := t.TempDir()
	cfg, _ := config.Load(sprites)
	cfg.Formats = []string{"json", "yaml"}
	build(t, sprites, out, cfg, 0)
	m, err := ReadManifest(out)
	if err != nil || m == nil {
		t.Fatalf("ReadManifest = %v, %v", m, err)
	}
	var paths []string
	for _, f := range m.Files {
		paths = append(paths, f.Path)
	}
	if want := []string{"report.html", "report/cards-0001.js", "report/index-0001.js", "shapes.json", "shapes.yaml"}; !slices.Equal(paths, want) {
		t.Errorf("manifest lists %v, want %v", paths, want)
	}
	if bad, found, err := CheckManifest(out); err != nil || !found || len(bad) != 0 {
		t.Fatalf("CheckManifest of a fresh build = %v, %v", bad, err)
	}
	// An older shapes.yaml beside the new shapes.json: a torn set.
	writeFile(t, out, "shapes.yaml", []byte("format: shapegen/v1\nsprites: []\n"))
	bad, _, err := CheckManifest(out)
	if err != nil || len(bad) != 1 || !strings.HasPrefix(bad[0], "shapes.yaml: differs from") {
		t.Errorf("CheckManifest of a torn set = %q, %v", bad, err)
	}
	if res, _ := build(t, sprites, out, cfg, 0); !res.Wrote {
		t.Errorf("the build after a torn set did not rewrite the outputs")
	}
	if bad, _, _ := CheckManifest(out); len(bad) != 0 {
		t.Errorf("CheckManifest after the repairing build = %q", bad)
	}
	// A build without yaml removes the shapes.yaml the manifest listed,
	// and leaves other files alone.
	writeFile(t, out, "mine.txt", []byte("the user's"))
	cfg.Formats = []string{"json"}
	build(t, sprites, out, cfg, 0)
	if _, err := os.Stat(filepath.Join(out, "shapes.yaml")); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("shapes.yaml of the earlier build is still there: %v", err)
	}
	if _, err := os.Stat(filepath.Join(out, "mine.txt")); err != nil {
		t.Errorf("a file no manifest listed was removed: %v", err)
	}
}

func TestAssetDir(t *testing.T) {
	wd, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct{ out, dir, want string }{
		{"out", "art", "../art"},
		{"build/shapes", "art", "../../art"},
		{filepath.Join(wd, "out"), "art", "../art"},
		{"out", filepath.Join(wd, "art", "x"), "../art/x"},
		{"art/out", "art", ".."},
	}
	for _, tt := range tests {
		if got := assetDir(tt.out, tt.dir); got != tt.want {
			t.Errorf("assetDir(%q, %q) = %q, want %q", tt.out, tt.dir, got, tt.want)
		}
	}
}

// TestAtlasPages checks that every page an atlas names is tied to it,
// also when one page claims the atlas by name or by an atlases: entry,
// and that each page's frames are checked against that page's own size;
// and that a single page naming another image is still checked against
// the image it is tied to.
func TestAtlasPages(t *testing.T) {
	dir, out := t.TempDir(), t.TempDir()
	page := func(name string, w, h int, regions ...string) string {
		s := fmt.Sprintf("\n%s\nsize: %d,%d\nformat: RGBA8888\nfilter: Nearest,Nearest\nrepeat: none\n", name, w, h)
		for _, r := range regions {
			s += r
		}
		return s
	}
	region := func(name string, x, y, w, h int) string {
		return fmt.Sprintf("%s\n  rotate: false\n  xy: %d, %d\n  size: %d, %d\n  orig: %d, %d\n  offset: 0, 0\n  index: -1\n", name, x, y, w, h, w, h)
	}
	// Named like its first page; the second page is larger.
	writePNG(t, dir, "gdx.png", picture("##", "##"))
	writePNG(t, dir, "gdx2.png", picture("....", "....", "..##"))
	writeFile(t, dir, "gdx.atlas", []byte(page("gdx.png", 2, 2, region("a", 0, 0, 2, 2))+page("gdx2.png", 4, 3, region("b", 2, 1, 2, 2), region("bad", 0, 0, 0, 2))))
	// Tied to its first page by an atlases: entry.
	writePNG(t, dir, "lv/one.png", picture("#."))
	writePNG(t, dir, "lv/two.png", picture("..", ".#"))
	writeFile(t, dir, "lv/level_pack", []byte(page("one.png", 2, 1, region("c", 0, 0, 1, 1))+page("two.png", 2, 2, region("d", 1, 1, 1, 1))))
	// One page naming another image, tied by its file name: the frame
	// outside the image it is tied to is a failure.
	writePNG(t, dir, "sheet.png", picture("###"))
	writeFile(t, dir, "sheet.xml", []byte(`<TextureAtlas imagePath="elsewhere.png"><SubTexture name="e" x="0" y="0" width="2" height="1"/><SubTexture name="f" x="2" y="0" width="2" height="1"/></TextureAtlas>`))
	cfg := config.Default()
	cfg.Atlases = []config.Atlas{{List: "lv/level_pack", Image: "lv/one.png"}}
	res, _ := build(t, dir, out, cfg, 0)
	// The bad region of the second page is said once, by that page.
	wantFails := []string{`gdx.atlas:27: frame "bad": size 0x2 is empty or negative`, `sheet.xml:1: frame "f": rectangle (2,0)-(4,1) lies outside the 3x1 image`}
	if !slices.Equal(res.Failures, wantFails) {
		t.Errorf("failures %q, want %q", res.Failures, wantFails)
	}
	var names []string
	for _, s := range readLib(t, out).Sprites {
		names = append(names, s.Name)
	}
	if want := []string{"gdx/a", "gdx2/b", "lv/one/c", "lv/two/d", "sheet/e"}; !slices.Equal(names, want) {
		t.Errorf("sprites %q, want %q", names, want)
	}
}

// TestTruncatedRecords cuts the cache's records file short: the images
// whose records are gone are computed again, and one note counts them.
func TestTruncatedRecords(t *testing.T) {
	out, cfg, want, c := cachedBuild(t)
	recs := c.recs.Name()
	c.close()
	if err := os.Truncate(recs, 0); err != nil {
		t.Fatal(err)
	}
	os.Remove(filepath.Join(out, "shapes.json"))
	res, n := build(t, sprites, out, cfg, 0)
	if got, _ := os.ReadFile(filepath.Join(out, "shapes.json")); !bytes.Equal(got, want) {
		t.Errorf("shapes.json after a truncated records file differs from the first build's")
	}
	wantNote := fmt.Sprintf("cache: the records of %d images are missing; they are computed again", n)
	if !slices.Contains(res.Notes, wantNote) || n < 2 {
		t.Errorf("decoded %d, notes %q; want the note %q", n, res.Notes, wantNote)
	}
}

// TestFragments rebuilds after images are removed, added (a copy of
// another, so same_as changes) and rewritten: shapes.json, shapes.yaml
// and shapes.compact copy the unchanged sprites' bytes from the files as last written, and
// the report their cards (cards.go), and must equal, byte for byte, what
// a build without cache writes.
func TestFragments(t *testing.T) {
	dir, cfg := spritesCopy(t)
	out := t.TempDir()
	cfg.Formats = []string{"json", "yaml", "compact"}
	rebuild := func() (copied, cards int64) {
		t.Helper()
		var n, c atomic.Int64
		opts := Options{Dir: dir, Out: out, Config: cfg, copied: func(f string) {
			if f == "report.html" {
				c.Add(1)
			} else {
				n.Add(1)
			}
		}}
		if _, err := Build(context.Background(), opts); err != nil {
			t.Fatal(err)
		}
		return n.Load(), c.Load()
	}
	if n, c := rebuild(); n != 0 || c != 0 {
		t.Fatalf("cold build copied %d sprites and %d cards", n, c)
	}
	// noCards: the report's one card page cannot be copied from.
	steps := []struct {
		name    string
		change  func()
		noCards bool
	}{
		{"shapes.json removed", func() { os.Remove(filepath.Join(out, "shapes.json")) }, false},
		{"an image removed", func() { os.Remove(filepath.Join(dir, "convex", "circle_soft.png")) }, false},
		{"an image copied under another name", func() {
			b, err := os.ReadFile(filepath.Join(dir, "concave", "c_shape.png"))
			if err != nil {
				t.Fatal(err)
			}
			writeFile(t, dir, "aa/ring-copy.png", b)
		}, false},
		{"an image rewritten", func() { markRing(t, dir) }, false},
		{"a card page edited", func() {
			f := filepath.Join(out, "report", "cards-0001.js")
			b, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			os.WriteFile(f, bytes.ReplaceAll(b, []byte(`"s":`), []byte(`"S":`)), 0o644)
		}, true},
		{"previews turned on", func() { cfg.Preview = true }, true},
		{"yaml turned off and on", func() {
			cfg.Formats = []string{"json"}
			rebuild()
			cfg.Formats = []string{"json", "yaml", "compact"}
		}, false},
	}
	for _, st := range steps {
		st.change()
		copied, cards := rebuild()
		fresh := t.TempDir()
		if _, err := Build(context.Background(), Options{Dir: dir, Out: fresh, Config: cfg, NoCache: true}); err != nil {
			t.Fatal(err)
		}
		files := reportFiles(fresh, "shapes.json", "shapes.yaml", "shapes.compact")
		if len(files) == 4 {
			t.Fatalf("no report pages in %s", fresh)
		}
		for _, f := range differing(out, fresh, files) {
			t.Errorf("%s: %s differs from a build without cache", st.name, f)
		}
		t.Logf("%s: %d sprites and %d cards copied", st.name, copied, cards)
		if copied == 0 && !strings.HasPrefix(st.name, "yaml") {
			t.Errorf("%s: no sprite copied from the files as last written", st.name)
		}
		if (cards == 0) != st.noCards {
			t.Errorf("%s: %d cards copied from the report as last written", st.name, cards)
		}
	}
}

// TestReportPagesKept: a rebuild leaves alone the report pages whose
// bytes come out as they were (the same file, not a copy renamed over
// it), and replaces one whose bytes differ or that was touched since;
// TestFragments checks the bytes against a build without cache.
func TestReportPagesKept(t *testing.T) {
	dir, cfg := spritesCopy(t)
	out := t.TempDir()
	rebuild := func() {
		t.Helper()
		if _, err := Build(context.Background(), Options{Dir: dir, Out: out, Config: cfg}); err != nil {
			t.Fatal(err)
		}
	}
	page := filepath.Join(out, "report", "cards-0001.js")
	stat := func() os.FileInfo {
		t.Helper()
		fi, err := os.Stat(page)
		if err != nil {
			t.Fatal(err)
		}
		return fi
	}
	rebuild()
	before := stat()
	// Without shapes.json every output is written again; the page's
	// bytes are the same.
	os.Remove(filepath.Join(out, "shapes.json"))
	rebuild()
	if after := stat(); !os.SameFile(before, after) || !after.ModTime().Equal(before.ModTime()) {
		t.Errorf("a rebuild replaced %s though its bytes came out the same", page)
	}
	if _, err := os.Stat(filepath.Join(out, "shapes.json")); err != nil {
		t.Fatalf("shapes.json not written again: %v", err)
	}
	if bad, ok, err := CheckManifest(out); err != nil || !ok || len(bad) > 0 {
		t.Errorf("manifest after the rebuild: %q, %v, %v", bad, ok, err)
	}

	// A page touched since (same bytes, new stat data) is written again.
	later := before.ModTime().Add(time.Hour)
	if err := os.Chtimes(page, later, later); err != nil {
		t.Fatal(err)
	}
	touched := stat()
	os.Remove(filepath.Join(out, "shapes.json"))
	rebuild()
	if os.SameFile(touched, stat()) {
		t.Errorf("a rebuild kept %s, touched since the last build", page)
	}

	// A changed image changes the page: it is replaced.
	kept := stat()
	markRing(t, dir)
	rebuild()
	if os.SameFile(kept, stat()) {
		t.Errorf("a rebuild kept %s, whose sprite changed", page)
	}
	if bad, ok, err := CheckManifest(out); err != nil || !ok || len(bad) > 0 {
		t.Errorf("manifest after the last rebuild: %q, %v, %v", bad, ok, err)
	}
}

// TestMemo checks that a memo keeps what was put under a key, the first
// of two puts, and lets go the oldest once the sizes pass the bound.
func TestMemo(t *testing.T) {
	var c memo[[]byte]
	key := func(i byte) [2]sum16 { return [2]sum16{{i}, {i}} }
	c.put(key(1), []byte("aaaa"), 4, 10)
	c.put(key(1), []byte("bbbb"), 4, 10)
	c.put(key(2), []byte("cccc"), 4, 10)
	if got := string(c.get(key(1))); got != "aaaa" {
		t.Errorf("get(1) = %q, want the first put, aaaa", got)
	}
	c.put(key(3), []byte("dddd"), 4, 10) // 12 bytes: 1 goes
	if c.get(key(1)) != nil || string(c.get(key(2))) != "cccc" || string(c.get(key(3))) != "dddd" {
		t.Errorf("after a third put: %q %q %q, want 1 gone, 2 and 3 kept", c.get(key(1)), c.get(key(2)), c.get(key(3)))
	}
	c.clear()
	if c.get(key(3)) != nil {
		t.Error("clear kept 3")
	}
}

// TestWalkPathOrder checks that the walk lists the PNGs sorted by path
// over seeded random trees whose names sort differently with and
// without a slash after them ("a", "a-b", "a.png", "a b", "a0").
func TestWalkPathOrder(t *testing.T) {
	rng := rand.New(rand.NewPCG(9, 10))
	names := []string{"a", "a-b", "a b", "a0", "a.b", "b", "A", "a!", "z"}
	for round := range 20 {
		dir := t.TempDir()
		var want []string
		for range 40 {
			var parts []string
			for range 1 + rng.IntN(4) {
				parts = append(parts, names[rng.IntN(len(names))])
			}
			rel := strings.Join(parts, "/") + ".png"
			if slices.Contains(want, rel) || slices.ContainsFunc(want, func(w string) bool {
				return strings.HasPrefix(w, strings.TrimSuffix(rel, ".png")+"/") || strings.HasPrefix(rel, strings.TrimSuffix(w, ".png")+"/")
			}) {
				continue // a file where a folder is, or the other way
			}
			writePNG(t, dir, rel, picture("#"))
			want = append(want, rel)
		}
		cfg := config.Default()
		tree, err := walk(dir, "", &cfg, false)
		if err != nil {
			t.Fatal(err)
		}
		var got []string
		for _, s := range tree.srcs {
			got = append(got, s.rel)
		}
		slices.Sort(want)
		if !slices.Equal(got, want) {
			t.Fatalf("round %d: walk = %q, want %q", round, got, want)
		}
	}
}
