package pipeline

import (
	"context"
	"image"
	"io/fs"
	"path/filepath"
	"reflect"
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/shapegen/shapegen/export"
	"github.com/shapegen/shapegen/internal/config"
	"github.com/shapegen/shapegen/mask"
)

// buildSprites builds testdata/sprites (drawn by internal/gensprites; its
// doc says what each file is for) with its shapegen.yaml, as
// `shapegen build testdata/sprites` does, and returns the result and the
// library.
func buildSprites(t *testing.T) (*Result, *export.Library) {
	t.Helper()
	cfg, err := config.Load(sprites)
	if err != nil {
		t.Fatal(err)
	}
	cfg.Masks = true // for the pixels read back to be compared with the masks
	out := t.TempDir()
	res, err := Build(context.Background(), Options{Dir: sprites, Out: out, Config: cfg, NoCache: true, Verbose: true})
	if err != nil {
		t.Fatal(err)
	}
	if res.Failed() {
		t.Errorf("build failures:\n%s", strings.Join(res.Failures, "\n"))
	}
	lib, err := export.Load(filepath.Join(out, "shapes.json"))
	if err != nil {
		t.Fatal(err)
	}
	return res, lib
}

// TestSources builds testdata/sprites and checks each source of frames:
// which sprites each image gives (auto-sliced sheets, islands, every
// atlas format, frame lists), their geometry (frame, offset, size, turn,
// pivot), the repeated frames, the animations, the lines the build says,
// and the summary's counts.
func TestSources(t *testing.T) {
	res, lib := buildSprites(t)
	byImage := map[string][]string{}
	byName := map[string]*export.Sprite{}
	for i := range lib.Sprites {
		sp := &lib.Sprites[i]
		byImage[sp.Image] = append(byImage[sp.Image], sp.Name)
		byName[sp.Name] = sp
	}

	t.Run("frames", func(t *testing.T) {
		seq := func(prefix string, ids ...string) []string {
			var names []string
			for _, id := range ids {
				names = append(names, prefix+id)
			}
			return names
		}
		tests := []struct {
			image string
			want  []string
		}{
			// By the size in the name; the empty cell 4 is skipped and the
			// others keep their indexes.
			{"sheets/auto/run_16x16.png", seq("sheets/auto/run_16x16/", "0", "1", "2", "3", "5")},
			{"sheets/auto/knight-32x48.png", seq("sheets/auto/knight-32x48/", "0", "1", "2")},
			// The size in the name does not divide the image: one sprite.
			{"sheets/auto/icons_8x8.png", []string{"sheets/auto/icons_8x8"}},
			// By transparent gutters, no name hint; cell 5 is empty.
			{"sheets/auto/gems.png", seq("sheets/auto/gems/", "0", "1", "2", "3", "4", "6", "7")},
			// By islands, under an override: the pebble joins the long
			// rock, the speck is dropped.
			{"props/loose_rocks.png", seq("props/loose_rocks/", "0", "1", "2", "3")},
			// Islands without a setting: a hint only, one sprite.
			{"islands.png", []string{"islands"}},
			// An explicit grid keeps its empty cell.
			{"sheets/grid_4x2.png", seq("sheets/grid_4x2/", "0", "1", "2", "3", "4", "5", "6", "7")},
			{"atlas/starling_rt.png", seq("atlas/starling_rt/", "bow", "shield", "sword")},
			{"atlas/props.png", seq("atlas/props/", "barrel", "lamp", "sign")},
			{"atlas/cocos.png", seq("atlas/cocos/", "gem_blue", "gem_red", "wand")},
			// One libGDX atlas, two pages: each page's image gets its frames.
			{"atlas/gdx_page1.png", seq("atlas/gdx_page1/", "crate", "torch")},
			{"atlas/gdx_page2.png", seq("atlas/gdx_page2/", "coin/0", "coin/1", "coin/2", "coin/3", "key")},
			// libGDX's default page names: the first page is named like
			// the atlas, and every page is still tied to it.
			{"atlas/pages/gdx.png", seq("atlas/pages/gdx/", "leaf", "ring")},
			{"atlas/pages/gdx2.png", seq("atlas/pages/gdx2/", "banner", "flag/0", "flag/1")},
			// A "name x y w h [n]" list tied by an atlases: entry.
			{"atlas/tileset_v1.4.png", seq("atlas/tileset_v1.4/", "bush", "grass", "stone", "water/0", "water/1", "water/2", "water/3")},
			{"anim/hero.png", seq("anim/hero/hero ", "0", "1", "2", "3", "4", "5")},
			{"anim/walk_0.png", []string{"anim/walk_0"}},
			{"anim/walk_2.png", []string{"anim/walk_2"}},
		}
		for _, tt := range tests {
			got := slices.Clone(byImage[tt.image])
			sort.Strings(got)
			if !reflect.DeepEqual(got, tt.want) {
				t.Errorf("sprites of %s = %q, want %q", tt.image, got, tt.want)
			}
		}
		for img := range byImage {
			if strings.HasPrefix(img, "old_build/") {
				t.Errorf("%s, in an earlier output folder, became sprites %q", img, byImage[img])
			}
		}
		for name := range byName {
			if strings.HasPrefix(name, "atlas/spare") {
				t.Errorf("sprite %s from a frame list of no image", name)
			}
		}
	})

	t.Run("geometry", func(t *testing.T) {
		type geo struct {
			frame   export.Frame
			offset  *[2]int
			size    [2]int
			pivot   export.Point
			rotated bool
			turn    int
		}
		off := func(x, y int) *[2]int { return &[2]int{x, y} }
		tests := []struct {
			name string
			want geo
		}{
			// Auto-sliced cells keep their place in the sheet.
			{"sheets/auto/run_16x16/5", geo{export.Frame{X: 80, W: 16, H: 16}, nil, [2]int{16, 16}, export.Point{8, 8}, false, 0}},
			{"sheets/auto/knight-32x48/2", geo{export.Frame{X: 64, W: 32, H: 48}, nil, [2]int{32, 48}, export.Point{16, 24}, false, 0}},
			{"sheets/auto/gems/6", geo{export.Frame{X: 32, Y: 16, W: 16, H: 16}, nil, [2]int{16, 16}, export.Point{8, 8}, false, 0}},
			// Islands: the island's box; the merged pair spans both.
			{"props/loose_rocks/1", geo{export.Frame{X: 28, Y: 6, W: 28, H: 14}, nil, [2]int{28, 14}, export.Point{14, 7}, false, 0}},
			// Starling pivots give way to the override's bottom-center.
			{"atlas/starling_rt/shield", geo{export.Frame{W: 16, H: 20}, nil, [2]int{16, 20}, export.Point{8, 20}, false, 0}},
			{"atlas/starling_rt/sword", geo{export.Frame{X: 16, W: 20, H: 20}, off(2, 1), [2]int{24, 24}, export.Point{12, 24}, false, 0}},
			{"atlas/starling_rt/bow", geo{export.Frame{X: 36, W: 23, H: 12}, off(0, 3), [2]int{14, 30}, export.Point{7, 30}, true, 0}},
			// TexturePacker pivots (fractions of the untrimmed size).
			{"atlas/props/barrel", geo{export.Frame{W: 16, H: 20}, nil, [2]int{16, 20}, export.Point{8, 20}, false, 0}},
			{"atlas/props/lamp", geo{export.Frame{X: 16, W: 8, H: 27}, off(6, 1), [2]int{20, 28}, export.Point{10, 28}, false, 0}},
			{"atlas/props/sign", geo{export.Frame{X: 24, W: 18, H: 24}, off(2, 2), [2]int{28, 20}, export.Point{7, 15}, true, 0}},
			// Cocos2d plist 3: offsets from the centre, y up.
			{"atlas/cocos/gem_red", geo{export.Frame{W: 12, H: 12}, nil, [2]int{12, 12}, export.Point{6, 6}, false, 0}},
			{"atlas/cocos/gem_blue", geo{export.Frame{X: 12, W: 8, H: 12}, off(4, 0), [2]int{16, 16}, export.Point{8, 8}, false, 0}},
			{"atlas/cocos/wand", geo{export.Frame{X: 20, W: 22, H: 6}, off(2, 1), [2]int{10, 24}, export.Point{5, 12}, true, 0}},
			// libGDX: rotate: true is a quarter turn counter-clockwise
			// (turn 270); offset from the bottom-left, y up.
			{"atlas/gdx_page1/torch", geo{export.Frame{X: 16, W: 23, H: 8}, off(2, 2), [2]int{12, 26}, export.Point{6, 13}, false, 270}},
			{"atlas/gdx_page2/coin/2", geo{export.Frame{X: 24, W: 4, H: 14}, off(6, 1), [2]int{16, 16}, export.Point{8, 8}, false, 0}},
			{"atlas/gdx_page2/key", geo{export.Frame{X: 38, W: 10, H: 20}, nil, [2]int{20, 10}, export.Point{10, 5}, false, 270}},
			// Frames of the larger page, outside the smaller one.
			{"atlas/pages/gdx2/flag/1", geo{export.Frame{X: 62, W: 22, H: 44}, nil, [2]int{24, 44}, export.Point{12, 22}, false, 0}},
			{"atlas/pages/gdx/leaf", geo{export.Frame{X: 16, W: 15, H: 10}, off(0, 1), [2]int{10, 16}, export.Point{5, 8}, false, 270}},
			// A list line with a count: frames laid to the right.
			{"atlas/tileset_v1.4/water/3", geo{export.Frame{X: 48, Y: 16, W: 16, H: 16}, nil, [2]int{16, 16}, export.Point{8, 8}, false, 0}},
			// Aseprite: trimmed frames, the feet slice's pivot (its
			// bounds' corner plus its pivot), moved at frame 2.
			{"anim/hero/hero 1", geo{export.Frame{X: 10, W: 10, H: 28}, off(7, 1), [2]int{24, 32}, export.Point{12, 32}, false, 0}},
			{"anim/hero/hero 2", geo{export.Frame{X: 20, W: 12, H: 27}, off(6, 2), [2]int{24, 32}, export.Point{11, 32}, false, 0}},
			{"anim/hero/hero 5", geo{export.Frame{X: 52, W: 10, H: 27}, off(7, 2), [2]int{24, 32}, export.Point{11, 32}, false, 0}},
		}
		for _, tt := range tests {
			sp, ok := byName[tt.name]
			if !ok {
				t.Errorf("no sprite %s", tt.name)
				continue
			}
			got := geo{sp.Frame, sp.Offset, sp.Size, sp.Pivot, sp.Rotated, sp.Turn}
			if !reflect.DeepEqual(got, tt.want) {
				t.Errorf("%s: frame, offset, size, pivot, rotated, turn = %v %v %v %v %v %v,\nwant %v %v %v %v %v %v", tt.name,
					got.frame, got.offset, got.size, got.pivot, got.rotated, got.turn,
					tt.want.frame, tt.want.offset, tt.want.size, tt.want.pivot, tt.want.rotated, tt.want.turn)
			}
		}
	})

	// Every sprite read back from its image by the library's own rules
	// (frame, rotated or turn, offset, as export.Sprite documents them)
	// has the mask, the pixel count and the bounding box the library says.
	t.Run("pixels", func(t *testing.T) {
		images := map[string]image.Image{}
		for i := range lib.Sprites {
			sp := &lib.Sprites[i]
			img, ok := images[sp.Image]
			if !ok {
				img = mustDecode(t, filepath.Join(sprites, filepath.FromSlash(sp.Image)))
				images[sp.Image] = img
			}
			f := sp.Frame
			w, h := f.W, f.H
			if sp.Rotated || sp.Turn == 270 {
				w, h = h, w
			}
			var ox, oy int
			if sp.Offset != nil {
				ox, oy = sp.Offset[0], sp.Offset[1]
			}
			n, box := 0, image.Rectangle{}
			m := mask.New(sp.Size[0], sp.Size[1])
			for y := range h {
				for x := range w {
					ix, iy := f.X+x, f.Y+y
					switch {
					case sp.Rotated:
						ix, iy = f.X+f.W-1-y, f.Y+x
					case sp.Turn == 180:
						ix, iy = f.X+f.W-1-x, f.Y+f.H-1-y
					case sp.Turn == 270:
						ix, iy = f.X+y, f.Y+f.H-1-x
					}
					if _, _, _, a := img.At(ix, iy).RGBA(); a>>8 >= uint32(lib.Settings.AlphaThreshold) {
						n++
						m.Set(ox+x, oy+y, true)
						box = box.Union(image.Rect(ox+x, oy+y, ox+x+1, oy+y+1))
					}
				}
			}
			if n != sp.Pixels {
				t.Errorf("%s: %d opaque pixels read back from %s, library says %d", sp.Name, n, sp.Image, sp.Pixels)
			}
			switch {
			case n == 0: // an empty sprite has no mask
			case sp.Mask == nil:
				t.Errorf("%s: no mask", sp.Name)
			default:
				if lm, err := sp.Mask.Decode(); err != nil || !lm.Equal(m) {
					t.Errorf("%s: mask read back from %s by its frame, turn and offset differs from the library's (%v)", sp.Name, sp.Image, err)
				}
			}
			if sp.AABB != nil {
				got := export.AABB{Min: export.Point{float64(box.Min.X), float64(box.Min.Y)}, Max: export.Point{float64(box.Max.X), float64(box.Max.Y)}}
				if *sp.AABB != got {
					t.Errorf("%s: aabb %v, the pixels read back span %v", sp.Name, *sp.AABB, got)
				}
			}
		}
	})

	t.Run("same_as", func(t *testing.T) {
		want := map[string]string{
			"sheets/auto/run_16x16/3":    "sheets/auto/run_16x16/1",
			"sheets/auto/gems/3":         "sheets/auto/gems/0",
			"anim/walk_2":                "anim/walk_0",
			"anim/hero/hero 5":           "anim/hero/hero 3",
			"atlas/gdx_page2/coin/3":     "atlas/gdx_page2/coin/1",
			"atlas/tileset_v1.4/water/3": "atlas/tileset_v1.4/water/0",
		}
		got := map[string]string{}
		for _, sp := range lib.Sprites {
			if sp.SameAs != "" {
				got[sp.Name] = sp.SameAs
			}
		}
		if !reflect.DeepEqual(got, want) {
			t.Errorf("same_as = %v, want %v", got, want)
		}
		for name, first := range want {
			a, b := byName[name], byName[first]
			if a == nil || b == nil {
				continue
			}
			if !reflect.DeepEqual(a.Polygon, b.Polygon) || !reflect.DeepEqual(a.Quality, b.Quality) || len(a.Polygon) == 0 {
				t.Errorf("%s (same_as %s) has other or no shapes: %v vs %v", name, first, a.Polygon, b.Polygon)
			}
		}
	})

	t.Run("animations", func(t *testing.T) {
		want := map[string][]string{
			// Aseprite tags (declared_animations in an override).
			"anim/hero/idle": {"anim/hero/hero 0", "anim/hero/hero 1"},
			"anim/hero/run":  {"anim/hero/hero 2", "anim/hero/hero 3", "anim/hero/hero 4", "anim/hero/hero 5"},
			// An override's animation: over three files, in path order.
			"anim/walk": {"anim/walk_0", "anim/walk_1", "anim/walk_2"},
			// libGDX regions with indexes.
			"atlas/gdx_page2/coin": {"atlas/gdx_page2/coin/0", "atlas/gdx_page2/coin/1", "atlas/gdx_page2/coin/2", "atlas/gdx_page2/coin/3"},
			// On the second page of an atlas named like its first.
			"atlas/pages/gdx2/flag": {"atlas/pages/gdx2/flag/0", "atlas/pages/gdx2/flag/1"},
			// A list line with a frame count.
			"atlas/tileset_v1.4/water": {"atlas/tileset_v1.4/water/0", "atlas/tileset_v1.4/water/1", "atlas/tileset_v1.4/water/2", "atlas/tileset_v1.4/water/3"},
		}
		got := map[string][]string{}
		for _, a := range lib.Animations {
			got[a.Name] = a.Frames
			// The common body holds every frame's pixels (in the shared
			// untrimmed frame) and says so.
			for kind, q := range a.Quality {
				if q.Outside != 0 {
					t.Errorf("animation %s: %s outside = %d", a.Name, kind, q.Outside)
				}
			}
			var total int
			for _, f := range a.Frames {
				if sp := byName[f]; sp != nil {
					total = max(total, sp.Pixels)
					if sp.Size != a.Size {
						t.Errorf("animation %s: frame %s size %v, the animation's %v", a.Name, f, sp.Size, a.Size)
					}
				}
			}
			// The body belongs to no one stored frame: it says none; it
			// turns about its first frame's pivot.
			if a.Image != "" || a.Frame != (export.Frame{}) || a.Offset != nil || a.Rotated || a.Turn != 0 {
				t.Errorf("animation %s: image %q frame %v offset %v rotated %v turn %d, want none", a.Name, a.Image, a.Frame, a.Offset, a.Rotated, a.Turn)
			}
			if first := byName[a.Frames[0]]; first != nil && a.Pivot != first.Pivot {
				t.Errorf("animation %s: pivot %v, its first frame's %v", a.Name, a.Pivot, first.Pivot)
			}
			if a.Pixels < total || len(a.Polygon) == 0 {
				t.Errorf("animation %s: %d pixels (its largest frame has %d), polygon %v", a.Name, a.Pixels, total, a.Polygon)
			}
		}
		if !reflect.DeepEqual(got, want) {
			t.Errorf("animations = %v,\nwant %v", got, want)
		}
	})

	t.Run("notes", func(t *testing.T) {
		notes := strings.Join(res.Notes, "\n")
		for _, want := range []string{
			`sheets/auto/run_16x16.png: 16x16 cells from the file name "run_16x16.png": 6 cells (6x1); 1 empty cell skipped`,
			`sheets/auto/knight-32x48.png: 32x48 cells from the file name "knight-32x48.png": 3 cells (3x1)`,
			`sheets/auto/icons_8x8.png: not sliced: the name says 8x8, but the 26x13 image is not a whole number of such cells`,
			`sheets/auto/gems.png: 16x16 cells from transparent gutters (4 column bands and 2 row bands): 8 cells (4x2); 1 empty cell skipped`,
			`props/loose_rocks.png: 4 islands (merge 2, min size 4), 1 speck dropped`,
			`islands.png: not sliced: looks like a sheet of 4 separate sprites`,
			`slice: islands in an override`,
			`atlas/spare_list.txt looks like a frame list but matches no image`,
			`tie it to one with an atlases: entry`,
		} {
			if !strings.Contains(notes, want) {
				t.Errorf("notes lack %q; notes:\n%s", want, notes)
			}
		}
		for _, wrong := range []string{"(frame list)", " 1 empty cells", " 1 specks"} {
			if strings.Contains(notes, wrong) {
				t.Errorf("notes say %q; notes:\n%s", wrong, notes)
			}
		}
		// Sheets cut by an atlas or a grids entry, and plain sprites, are
		// not announced.
		for _, quiet := range []string{"grid_4x2", "starling_rt", "atlas/props", "gdx_page", "tileset", "anim/hero", "walk_", "convex/"} {
			if strings.Contains(notes, quiet) {
				t.Errorf("notes mention %s; notes:\n%s", quiet, notes)
			}
		}
	})

	t.Run("counts", func(t *testing.T) {
		onDisk := 0
		err := filepath.WalkDir(sprites, func(_ string, d fs.DirEntry, err error) error {
			if err == nil && !d.IsDir() {
				onDisk++
			}
			return err
		})
		if err != nil {
			t.Fatal(err)
		}
		sum := res.Images + res.Lists
		ignored := map[string][]string{}
		for _, ig := range res.Ignored {
			sum += ig.Count
			ignored[ig.Reason] = ig.Paths
		}
		if res.Files != sum || res.Files != onDisk {
			t.Errorf("Files = %d, Images %d + Lists %d + ignored %v = %d, files on disk %d", res.Files, res.Images, res.Lists, res.Ignored, sum, onDisk)
		}
		// Lists: packed.json, starling.xml, hud_spritesheet.txt,
		// starling_rt.xml, props.json, cocos.plist, gdx.atlas,
		// pages/gdx.atlas, tiles_list_v1.4, hero.json.
		if res.Images != 43 || res.Lists != 10 {
			t.Errorf("Images %d, Lists %d; want 43 and 10", res.Images, res.Lists)
		}
		wantIgnored := map[string][]string{
			ignoredNotImage: {"atlas/spare_list.txt"},
			ignoredSettings: {"shapegen.yaml"},
			ignoredOutput:   {"old_build"},
		}
		for _, p := range ignored {
			sort.Strings(p)
		}
		if !reflect.DeepEqual(ignored, wantIgnored) {
			t.Errorf("ignored = %v, want %v", ignored, wantIgnored)
		}
		for _, ig := range res.Ignored {
			if ig.Reason == ignoredOutput && ig.Count != 3 {
				t.Errorf("output folder: %d files ignored, want 3 (manifest, shapes.json, preview/tiny.png)", ig.Count)
			}
		}
		if !reflect.DeepEqual(res.Outputs, []string{"old_build"}) {
			t.Errorf("Outputs = %q, want [old_build]", res.Outputs)
		}
		frames := 0
		for _, sp := range lib.Sprites {
			if strings.Count(sp.Name, "/") > strings.Count(sp.Image, "/") {
				frames++
			}
		}
		if res.Sprites != len(lib.Sprites) || res.Frames != frames {
			t.Errorf("Sprites %d, Frames %d; the library has %d sprites, %d of them frames", res.Sprites, res.Frames, len(lib.Sprites), frames)
		}
	})
}

// TestTemplateAtlases checks that the atlases: comment of the template
// shapegen init writes names every frame-list extension the build reads.
func TestTemplateAtlases(t *testing.T) {
	comment := config.Template[strings.Index(config.Template, "# Atlases:"):]
	for _, ext := range atlasExts {
		if !strings.Contains(comment, ext) {
			t.Errorf("the template's atlases: comment does not name %s", ext)
		}
	}
}
