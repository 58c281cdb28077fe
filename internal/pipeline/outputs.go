package pipeline

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"image"
	"image/png"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"

	"github.com/shapegen/shapegen/export"
	"github.com/shapegen/shapegen/export/preview"
	"github.com/shapegen/shapegen/export/report"
	"github.com/shapegen/shapegen/internal/atomicfile"
	"github.com/shapegen/shapegen/internal/config"
	"github.com/shapegen/shapegen/mask"
)

// PreviewDir is the folder of the preview PNGs inside the output folder.
const PreviewDir = "preview"

// SpriteDir is the folder of the sprites' 1x images (export/preview.Sprite)
// inside the output folder; the report draws the shapes over them.
const SpriteDir = "sprite"

// ContactSheet is the first contact sheet's file in the output folder;
// further pages are contact-sheet-2.png, contact-sheet-3.png, ...
const ContactSheet = "contact-sheet.png"

// libraryFiles are the library's formats (config.Formats), each with its
// file in the output folder and its writer. The JSON library is written
// from the parts the workers encoded instead.
var libraryFiles = []struct {
	format, file string
	write        func(io.Writer, *export.Library) error
}{
	{"json", "shapes.json", export.WriteJSON},
	{"yaml", "shapes.yaml", export.WriteYAML},
	{"godot", "shapes.tscn", export.WriteGodot},
	{"lua", "shapes.lua", export.WriteLua},
}

// writeOutputs writes the library files the settings ask for and the
// report, each atomically and all at once (they are independent, and the
// build's other cores are idle by now). The JSON library is assembled from
// parts, lib's sprites as encoded by the workers; the contact sheets from
// tiles, the tiles the workers drew (see writeContactSheets).
func writeOutputs(out string, cfg *config.Config, lib *export.Library, parts []export.SpriteJSON, failures []string, tiles map[string]image.Image) error {
	var writers []func() error
	for _, f := range libraryFiles {
		if !slices.Contains(cfg.Formats, f.format) {
			continue
		}
		write := f.write
		if f.format == "json" {
			write = func(w io.Writer, lib *export.Library) error { return export.WriteJSONSprites(w, lib, parts) }
		}
		writers = append(writers, func() error {
			return atomicfile.Write(filepath.Join(out, f.file), func(w io.Writer) error { return write(w, lib) })
		})
	}
	opt := report.Options{Failures: failures}
	if cfg.Preview {
		// The report draws the shapes over the 1x sprites and links the
		// previews from a sprite's detail view.
		opt.PreviewDir, opt.SpriteDir = PreviewDir, SpriteDir
		writers = append(writers, func() error { return writeContactSheets(out, lib, tiles) })
		writers = append(writers, func() error { return pruneStale(out, lib) })
	} else {
		writers = append(writers, func() error { return removePreviews(out) })
	}
	writers = append(writers, func() error {
		return atomicfile.Write(filepath.Join(out, "report.html"), func(w io.Writer) error { return report.Write(w, lib, opt) })
	})
	errs := make([]error, len(writers))
	var wg sync.WaitGroup
	for i, write := range writers {
		wg.Go(func() { errs[i] = write() })
	}
	wg.Wait()
	return errors.Join(errs...)
}

// outputFiles lists the files writeOutputs writes for cfg and a library
// of sprites sprites.
func outputFiles(cfg *config.Config, sprites int) []string {
	var f []string
	for _, l := range libraryFiles {
		if slices.Contains(cfg.Formats, l.format) {
			f = append(f, l.file)
		}
	}
	if cfg.Preview {
		f = append(f, sheetFiles(sprites)...)
	}
	return append(f, "report.html")
}

// sheetFiles returns the names of the contact sheets of sprites sprites:
// one sheet per preview.SheetPage sprites, at least one.
func sheetFiles(sprites int) []string {
	f := []string{ContactSheet}
	for page := 2; (page-1)*preview.SheetPage < sprites; page++ {
		f = append(f, sheetPage(page))
	}
	return f
}

// sheetPage returns the name of contact sheet page (from 2).
func sheetPage(page int) string {
	ext := filepath.Ext(ContactSheet)
	return fmt.Sprintf("%s-%d%s", strings.TrimSuffix(ContactSheet, ext), page, ext)
}

// writeContactSheets writes the contact sheets of lib, each atomically
// but not synced (they can be made again from the library), and removes
// the pages a larger library left behind. A page that cannot be written
// does not keep the others from being written. tiles holds the tiles the
// workers drew; a sprite that came from the cache has none, and its tile
// is drawn from its 1x image, which the build has written. A tile that
// cannot be made leaves a blank cell: its sprite's failure to write the
// 1x image is among the build's failures already.
func writeContactSheets(out string, lib *export.Library, tiles map[string]image.Image) error {
	tile := func(i int) image.Image {
		sp := &lib.Sprites[i]
		if t, ok := tiles[sp.Name]; ok && t != nil {
			return t
		}
		img, err := readPNG(previewPath(out, SpriteDir, sp.Name))
		if err != nil {
			return nil
		}
		// The 1x image is in the sprite's own space already.
		inSpace := *sp
		inSpace.Offset, inSpace.Rotated = nil, false
		return preview.Tile(img, &inSpace, tileOptions(lib.Settings.AlphaThreshold), 0)
	}
	files := sheetFiles(len(lib.Sprites))
	var errs []error
	for page, name := range files {
		err := atomicfile.WriteUnsynced(filepath.Join(out, name), func(w io.Writer) error {
			return preview.WriteContactSheet(w, lib, page, tile, preview.SheetOptions{})
		})
		errs = append(errs, err)
	}
	if err := errors.Join(errs...); err != nil {
		return err
	}
	for page := len(files) + 1; ; page++ {
		if err := os.Remove(filepath.Join(out, sheetPage(page))); err != nil {
			return nil
		}
	}
}

// removePreviews removes what a build with previews wrote into out and a
// build without them does not: the previews, the 1x images and the
// contact sheets, so no picture of older shapes stays beside the library.
// Other files are left alone.
func removePreviews(out string) error {
	errs := []error{pruneStale(out, &export.Library{})}
	for page := 1; ; page++ {
		f := ContactSheet
		if page > 1 {
			f = sheetPage(page)
		}
		err := os.Remove(filepath.Join(out, f))
		if errors.Is(err, fs.ErrNotExist) {
			break
		}
		errs = append(errs, err)
		if err != nil {
			break
		}
	}
	return errors.Join(errs...)
}

// pruneStale removes from the preview and 1x image folders of out the
// PNGs of sprites lib does not have (renamed or removed since an earlier
// build), temporary files a killed build left, and the folders this leaves
// empty. Other files are left alone.
func pruneStale(out string, lib *export.Library) error {
	keep := map[string]bool{}
	for _, sp := range lib.Sprites {
		for _, dir := range []string{PreviewDir, SpriteDir} {
			keep[previewPath(out, dir, sp.Name)] = true
		}
	}
	var errs []error
	for _, dir := range []string{PreviewDir, SpriteDir} {
		var dirs []string
		err := filepath.WalkDir(filepath.Join(out, dir), func(p string, d fs.DirEntry, err error) error {
			switch {
			case err != nil:
				if errors.Is(err, fs.ErrNotExist) {
					return nil
				}
				return err
			case d.IsDir():
				dirs = append(dirs, p)
			case strings.HasSuffix(p, ".png") && !keep[p], strings.Contains(d.Name(), ".tmp-"):
				if err := os.Remove(p); err != nil {
					errs = append(errs, err)
				}
			}
			return nil
		})
		errs = append(errs, err)
		// Deepest first; a folder that still holds something stays.
		for _, d := range slices.Backward(dirs) {
			os.Remove(d)
		}
	}
	return errors.Join(errs...)
}

// tileOptions says how contact-sheet tiles are drawn: a glance at each
// sprite with the shape a game would use, the 8-vertex polygon (and the
// pieces when built), and the pivot. The preview of each sprite shows all
// its kinds; leaving the circle and boxes out keeps tiles small and
// quick, and the sprite larger in its cell.
func tileOptions(threshold int) preview.Options {
	return preview.Options{AlphaThreshold: threshold, Kinds: []string{"polygon", "pieces", "pivot"}}
}

// tilesOf gathers the contact-sheet tiles of outs by sprite name. Of
// sprites with the same name the first is kept, as in the library.
func tilesOf(outs []outcome) map[string]image.Image {
	tiles := map[string]image.Image{}
	for _, o := range outs {
		for name, t := range o.tiles {
			if _, ok := tiles[name]; !ok {
				tiles[name] = t
			}
		}
	}
	return tiles
}

// readPNG decodes the PNG file at path.
func readPNG(path string) (image.Image, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	img, err := png.Decode(f)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return img, nil
}

// outputsSum is a digest of everything the output files are made from:
// the generator, the settings, each image's content key (its sprites
// follow from it) and the failures.
func outputsSum(cfg *config.Config, srcs []source, outs []outcome, failures []string) string {
	c, _ := json.Marshal(cfg)
	b := appendPart(appendPart(make([]byte, 0, 1<<16), Generator), c)
	for i, s := range srcs {
		b = appendPart(appendPart(b, s.rel), outs[i].entry.Key)
	}
	for _, f := range failures {
		b = appendPart(b, f)
	}
	h := sha256.Sum256(b)
	return hex.EncodeToString(h[:])
}

// previewPath returns where sprite name's file in folder dir (PreviewDir
// or SpriteDir) of the output folder goes: dir/<name>.png, name's slashes
// as path separators.
func previewPath(out, dir, name string) string {
	return filepath.Join(out, dir, filepath.FromSlash(name)+".png")
}

// writePreview draws sp over its upright frame pixels px (mask m in its
// own space) into its preview file and writes its 1x image for the report: file, the image file's
// bytes, when the sprite is the whole file, else px encoded. Both files
// can be made again from the images, so they are written atomically but
// not synced.
func writePreview(out string, px image.Image, m *mask.Mask, file []byte, sp *export.Sprite, threshold int) error {
	opt := preview.Options{AlphaThreshold: threshold, Mask: m}
	for _, f := range []struct {
		dir   string
		write func(w io.Writer) error
	}{
		{PreviewDir, func(w io.Writer) error {
			r := renderers.Get().(*preview.Renderer)
			defer renderers.Put(r)
			pic, err := r.Render(px, sp, opt)
			if err != nil {
				return err
			}
			return preview.Encode(w, pic)
		}},
		{SpriteDir, func(w io.Writer) error {
			if file != nil {
				_, err := w.Write(file)
				return err
			}
			return preview.Encode(w, preview.Sprite(px, sp))
		}},
	} {
		p := previewPath(out, f.dir, sp.Name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			return err
		}
		if err := atomicfile.WriteUnsynced(p, f.write); err != nil {
			return err
		}
	}
	return nil
}

// renderers holds the workers' preview renderers, each with the memory
// of its last picture.
var renderers = sync.Pool{New: func() any { return new(preview.Renderer) }}

// previewsExist reports whether every sprite's preview and 1x image exist,
// or previews are off.
func (w *worker) previewsExist(facts []fact) bool {
	if !w.opts.Config.Preview {
		return true
	}
	for _, sp := range facts {
		for _, dir := range []string{PreviewDir, SpriteDir} {
			if _, err := os.Stat(previewPath(w.opts.Out, dir, sp.Name)); err != nil {
				return false
			}
		}
	}
	return true
}

// ReadLibrary reads the shape library file at path (JSON or YAML).
func ReadLibrary(path string) (*export.Library, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	lib, err := export.ReadLibrary(f)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return lib, nil
}
