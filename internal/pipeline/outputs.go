package pipeline

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"image"
	"io"
	"os"
	"path/filepath"
	"slices"
	"sync"

	"github.com/shapegen/shapegen/export"
	"github.com/shapegen/shapegen/export/preview"
	"github.com/shapegen/shapegen/export/report"
	"github.com/shapegen/shapegen/internal/atomicfile"
	"github.com/shapegen/shapegen/internal/config"
)

// PreviewDir is the folder of the preview PNGs inside the output folder.
const PreviewDir = "preview"

// writeOutputs writes the library files the settings ask for and the
// report, each atomically and all at once (they are independent, and the
// build's other cores are idle by now). The JSON library is assembled from
// parts, lib's sprites as encoded by the workers.
func writeOutputs(out string, cfg *config.Config, lib *export.Library, parts []export.SpriteJSON, failures []string) error {
	var writers []func() error
	if slices.Contains(cfg.Formats, "json") {
		writers = append(writers, func() error {
			return atomicfile.Write(filepath.Join(out, "shapes.json"), func(w io.Writer) error { return export.WriteJSONSprites(w, lib, parts) })
		})
	}
	if slices.Contains(cfg.Formats, "yaml") {
		writers = append(writers, func() error {
			return atomicfile.Write(filepath.Join(out, "shapes.yaml"), func(w io.Writer) error { return export.WriteYAML(w, lib) })
		})
	}
	opt := report.Options{Failures: failures}
	if cfg.Preview {
		opt.PreviewDir = PreviewDir
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

// outputFiles lists the files writeOutputs writes for cfg.
func outputFiles(cfg *config.Config) []string {
	var f []string
	if slices.Contains(cfg.Formats, "json") {
		f = append(f, "shapes.json")
	}
	if slices.Contains(cfg.Formats, "yaml") {
		f = append(f, "shapes.yaml")
	}
	return append(f, "report.html")
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

// previewPath returns where sprite name's preview goes.
func previewPath(out, name string) string {
	return filepath.Join(out, PreviewDir, filepath.FromSlash(name)+".png")
}

// writePreview draws sp over its upright frame pixels px into its preview
// file.
func writePreview(out string, px image.Image, sp *export.Sprite, threshold int) error {
	p := previewPath(out, sp.Name)
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		return err
	}
	return preview.Write(p, preview.Render(px, sp, preview.Options{AlphaThreshold: threshold}))
}

// previewsExist reports whether every sprite's preview file exists, or
// previews are off.
func (w *worker) previewsExist(facts []fact) bool {
	if !w.opts.Config.Preview {
		return true
	}
	for _, sp := range facts {
		if _, err := os.Stat(previewPath(w.opts.Out, sp.Name)); err != nil {
			return false
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
