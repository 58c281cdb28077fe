package pipeline

import (
	"image"
	"os"
	"path/filepath"
	"strings"

	"github.com/shapegen/shapegen/export"
	"github.com/shapegen/shapegen/internal/atlas"
	"github.com/shapegen/shapegen/internal/config"
	"github.com/shapegen/shapegen/mask"
)

// Inspect computes and verifies the shapes of the single PNG at file, as
// a plain sprite named by its base name without extension, with the
// top-level settings of cfg.
func Inspect(file string, cfg config.Config) (*export.Sprite, error) {
	if err := cfg.Validate(); err != nil {
		return nil, err
	}
	data, err := os.ReadFile(file)
	if err != nil {
		return nil, err
	}
	img, err := decode(file, data, cfg.MaxPixels)
	if err != nil {
		return nil, err
	}
	base := filepath.Base(file)
	b := img.Bounds()
	f := atlas.Frame{Rect: image.Rect(0, 0, b.Dx(), b.Dy()), Size: b.Size()}
	set := cfg.For(base)
	sp := compute(strings.TrimSuffix(base, filepath.Ext(base)), base, f, placed(mask.FromImage(img, uint8(set.AlphaThreshold)), f), set)
	return &sp, nil
}
