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

// libraryFiles are the library's own formats (config.Formats), each with
// its file in the output folder and its writer. The JSON library is
// written from the parts the workers encoded instead. The engine formats
// are export.EngineFormats.
var libraryFiles = []struct {
	format, file string
	write        func(io.Writer, *export.Library) error
}{
	{"json", "shapes.json", export.WriteJSON},
	{"yaml", "shapes.yaml", export.WriteYAML},
}

// writeOutputs writes the library files the settings ask for and the
// report, each atomically and all at once (they are independent, and the
// build's other cores are idle by now). The JSON library is assembled from
// parts, lib's sprites as encoded by the workers; the contact sheets from
// tiles, the tiles the workers drew (see writeContactSheets).
func writeOutputs(dir, out string, cfg *config.Config, lib *export.Library, parts []export.SpriteJSON, failures []string, tiles map[string]image.Image) ([]export.Omission, error) {
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
	stream, err := export.StreamOf(lib)
	if err != nil {
		return nil, err
	}
	omitted := make([][]export.Omission, len(export.EngineFormats))
	for i, e := range export.EngineFormats {
		if !slices.Contains(cfg.Formats, e.Name) {
			continue
		}
		om := &omitted[i]
		writers = append(writers, func() error {
			put := func(name string, write func(io.Writer) error) error {
				p := filepath.Join(out, filepath.FromSlash(name))
				if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
					return err
				}
				return atomicfile.Write(p, write)
			}
			var err error
			*om, err = e.Write(put, stream, export.EngineOptions{AssetDir: assetDir(out, dir)})
			return err
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
	return slices.Concat(omitted...), errors.Join(errs...)
}

// assetDir returns the asset folder dir as the output folder out sees it:
// relative when it can be, else absolute, slash-separated.
func assetDir(out, dir string) string {
	absOut, err1 := filepath.Abs(out)
	absDir, err2 := filepath.Abs(dir)
	if err1 != nil || err2 != nil {
		return filepath.ToSlash(dir)
	}
	if rel, err := filepath.Rel(absOut, absDir); err == nil {
		return filepath.ToSlash(rel)
	}
	return filepath.ToSlash(absDir)
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
	for _, e := range export.EngineFormats {
		if slices.Contains(cfg.Formats, e.Name) && e.Name != "tiled" { // tiled: a folder of tilesets
			f = append(f, e.File)
		}
	}
	if cfg.Preview {
		f = append(f, sheetFiles(sprites)...)
	}
	return append(f, "report.html")
}

// sheetFiles returns the names of the contact sheets of sprites sprites,
// as preview.WriteContactSheets names them: one sheet per
// preview.SheetPage sprites, at least one.
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

// writeContactSheets writes the contact sheets of lib, and removes the
// pages a larger library left behind. tiles holds the tiles the workers
// drew; a sprite that came from the cache has none, and its tile is drawn
// from its 1x image, which the build has written. A tile that cannot be
// made leaves a blank cell: its sprite's failure to write the 1x image is
// among the build's failures already.
func writeContactSheets(out string, lib *export.Library, tiles map[string]image.Image) error {
	tile := func(i int) (image.Image, error) {
		sp := &lib.Sprites[i]
		if t, ok := tiles[sp.Name]; ok && t != nil {
			return t, nil
		}
		img, err := readPNG(previewPath(out, SpriteDir, sp.Name))
		if err != nil {
			return nil, err
		}
		// The 1x image is in the sprite's own space already.
		inSpace := *sp
		inSpace.Offset, inSpace.Rotated = nil, false
		return preview.Tile(img, &inSpace, tileOptions(lib.Settings.AlphaThreshold), 0), nil
	}
	written, err := preview.WriteContactSheets(filepath.Join(out, ContactSheet), lib, tile, preview.SheetOptions{})
	want := len(sheetFiles(len(lib.Sprites)))
	if len(written) < want {
		return err
	}
	for page := want + 1; ; page++ {
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
// or SpriteDir) of the output folder goes.
func previewPath(out, dir, name string) string {
	return preview.PathFor(filepath.Join(out, dir), name)
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
			return preview.Encode(w, r.Render(px, sp, opt))
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
