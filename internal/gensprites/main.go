// Command gensprites draws the project's own test sprites, deterministically:
// every run writes byte-identical files. It is run by `go generate ./...`
// (see generate.go) and its output is committed under testdata/.
//
//	go run ./internal/gensprites -o testdata/sprites -bad testdata/bad
//
// What it writes under -o (each file tests one thing; sizes in pixels):
//
//	convex/circle_soft.png     48x48 anti-aliased disk (gg)
//	convex/circle_hard.png     33x33 hard-alpha disk, odd size
//	convex/ellipse_soft.png    64x40 anti-aliased ellipse
//	convex/roundrect_hard.png  56x40 hard-alpha rounded rectangle
//	concave/c_shape.png        64x64 thick anti-aliased arc, a "C"
//	concave/crescent_hard.png  64x64 disk minus an offset disk
//	concave/star_soft.png      64x64 five-pointed star
//	islands.png                80x48 four blobs and one stray pixel
//	holes/ring.png             64x64 anti-aliased donut
//	holes/frame_hard.png       40x40 square frame around a square hole
//	thin/hline1.png            40x5 one-pixel horizontal line
//	thin/vline1.png            5x40 one-pixel vertical line
//	thin/diagonal2.png         40x40 two-pixel anti-aliased diagonal line
//	thin/staircase.png         24x24 pixels (i, i): touching only at corners
//	tiny.png                   8x8 hard-alpha arrow
//	large.png                  1024x128 hilly terrain strip, hard alpha
//	alpha/ramp.png             256x4, column x has alpha x: with threshold T
//	                           exactly the columns x >= T are opaque
//	formats/paletted_trns.png  image.Paletted with tRNS alphas 0, 127, 128, 255
//	formats/gray.png           image.Gray (no alpha: fully opaque)
//	formats/nrgba64.png        16-bit NRGBA; alphas 0x7fff, 0x8000, 0x80ff, ...
//	formats/opaque.png         fully opaque colour image
//	formats/transparent.png    fully transparent (no opaque pixel)
//	sheets/grid_4x2.png        4x2 grid of 32x32 cells (cell 3 is empty)
//	sheets/packed.png/.json    TexturePacker JSON (hash), UTF-16LE with BOM:
//	                           "coin" plain, "gem" trimmed, "arrow" rotated
//	sheets/starling.png/.xml   Starling/Sparrow TextureAtlas XML
//	sheets/hud_spritesheet.png/.txt  "name = x y w h" lines, CRLF
//
// The frame sources of sources.go (frame counts after the build):
//
//	sheets/auto/run_16x16.png     6 cells by the size in the name; cell 4 empty
//	                              (skipped), cell 3 repeats cell 1 (same_as)
//	sheets/auto/knight-32x48.png  3 cells of 32x48 by the name
//	sheets/auto/icons_8x8.png     26x13: not a whole number of 8x8 cells, one sprite
//	sheets/auto/gems.png          4x2 cells found from transparent gutters; cell 5
//	                              empty, cell 3 repeats cell 0
//	props/loose_rocks.png         islands (override): 4 frames, a pebble merged,
//	                              a speck dropped
//	anim/walk_0..2.png            one animation by an override; walk_2 = walk_0
//	anim/hero.png/.json           Aseprite: 6 trimmed frames, tags idle and run,
//	                              a slice whose pivot moves at frame 2; 5 = 3
//	atlas/starling_rt.png/.xml    Starling 2: plain, trimmed, rotated+trimmed,
//	                              pivots (an override's pivot wins over them)
//	atlas/props.png/.json         TexturePacker JSON, array form, UTF-8, pivots
//	atlas/cocos.png/.plist        Cocos2d plist format 3, trimmed and rotated
//	atlas/gdx.atlas               libGDX, two 64x32 pages gdx_page1.png and
//	                              gdx_page2.png, rotate: true, orig/offset, an
//	                              indexed region (coin/0..3, 3 = 1)
//	atlas/pages/gdx.atlas         libGDX with its default page names: gdx.png
//	                              (32x32, named like the atlas) and gdx2.png
//	                              (96x48, frames outside the first page), an
//	                              indexed region (flag/0..1)
//	atlas/tileset_v1.4.png        with atlas/tiles_list_v1.4 ("name x y w h [n]",
//	                              tied by atlases:), water 4 frames (3 = 0)
//	atlas/spare_list.txt          a frame list of no image (a note)
//	old_build/                    an earlier output (manifest, shapes.json, a
//	                              preview PNG): never read
//	shapegen.yaml                 commented settings: the grid of
//	                              sheets/grid_4x2.png, the overrides and atlases
//	                              entries the sources above need
//
// Under -bad: truncated.png (a valid PNG cut in half) and huge_header.png
// (a PNG whose header announces 100000x100000 pixels).
package main

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"

	"github.com/shapegen/shapegen/internal/atomicfile"
)

func main() {
	out := flag.String("o", "testdata/sprites", "output folder for the sprites")
	bad := flag.String("bad", "", "output folder for the corrupt inputs (none when empty)")
	flag.Parse()
	if err := run(*out, *bad); err != nil {
		fmt.Fprintln(os.Stderr, "gensprites:", err)
		os.Exit(1)
	}
}

// run writes every sprite file under out and, when bad is not empty, the
// corrupt inputs under bad.
func run(out, bad string) error {
	if err := writeAll(out, sprites()); err != nil {
		return err
	}
	if bad == "" {
		return nil
	}
	return writeAll(bad, badFiles())
}

// writeAll writes files under dir, creating folders as needed.
func writeAll(dir string, files []file) error {
	for _, f := range files {
		path := filepath.Join(dir, filepath.FromSlash(f.name))
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			return err
		}
		data, err := f.data()
		if err != nil {
			return fmt.Errorf("%s: %w", f.name, err)
		}
		if err := atomicfile.WriteBytes(path, data); err != nil {
			return err
		}
	}
	return nil
}
