package main

import (
	"github.com/spf13/pflag"

	"github.com/shapegen/shapegen/internal/config"
)

// settingsFlags are the flags that override shapegen.yaml: each given
// flag sets its key on the Config.
type settingsFlags struct {
	fs   *pflag.FlagSet
	sets map[string]func(*config.Config) error
}

// setting registers flag name, whose value p points to, to set its key on
// a Config with set.
func setting[T any](s *settingsFlags, name string, p *T, set func(*config.Config, T) error) {
	if s.sets == nil {
		s.sets = map[string]func(*config.Config) error{}
	}
	s.sets[name] = func(c *config.Config) error { return set(c, *p) }
}

func (s *settingsFlags) bind(fs *pflag.FlagSet, build bool) {
	d := config.Default()
	s.fs = fs
	v := &d // the flags' values, defaulting to Default's
	var pivot string
	fs.IntVar(&v.AlphaThreshold, "alpha-threshold", d.AlphaThreshold, "a pixel is opaque when its alpha is >= this (1..255)")
	setting(s, "alpha-threshold", &v.AlphaThreshold, func(c *config.Config, x int) error { c.AlphaThreshold = x; return nil })
	fs.IntVar(&v.MaxVertices, "max-vertices", d.MaxVertices, "vertex limit of the polygon")
	setting(s, "max-vertices", &v.MaxVertices, func(c *config.Config, x int) error { c.MaxVertices = x; return nil })
	fs.IntVar(&v.MaxPieces, "max-pieces", d.MaxPieces, "most convex pieces per sprite")
	setting(s, "max-pieces", &v.MaxPieces, func(c *config.Config, x int) error { c.MaxPieces = x; return nil })
	fs.StringVar(&pivot, "pivot", d.Pivot.Name, `pivot: a name ("center", "bottom-center", ...) or "x,y" fractions`)
	setting(s, "pivot", &pivot, func(c *config.Config, x string) (err error) { c.Pivot, err = config.ParsePivot(x); return err })
	fs.StringSliceVar(&v.Shapes, "shapes", d.Shapes, "shape kinds to compute")
	setting(s, "shapes", &v.Shapes, func(c *config.Config, x []string) error { c.Shapes = x; return nil })
	fs.Float64Var(&v.PiecesGain, "pieces-gain", d.PiecesGain, "add a piece while it removes at least this share of the hull's excess area (0: the whole budget)")
	setting(s, "pieces-gain", &v.PiecesGain, func(c *config.Config, x float64) error { c.PiecesGain = x; return nil })
	fs.IntVar(&v.MaxOutlineVertices, "max-outline-vertices", d.MaxOutlineVertices, "most vertices per outline ring")
	setting(s, "max-outline-vertices", &v.MaxOutlineVertices, func(c *config.Config, x int) error { c.MaxOutlineVertices = x; return nil })
	fs.Int64Var(&v.MaxPixels, "max-pixels", d.MaxPixels, "refuse images with more pixels than this")
	setting(s, "max-pixels", &v.MaxPixels, func(c *config.Config, x int64) error { c.MaxPixels = x; return nil })
	if !build {
		return
	}
	fs.StringSliceVar(&v.Formats, "formats", d.Formats, "library formats to write: json, yaml, compact, lua, godot, godot3, tiled, phaser")
	setting(s, "formats", &v.Formats, func(c *config.Config, x []string) error { c.Formats = x; return nil })
	fs.BoolVar(&v.Preview, "preview", d.Preview, "write OUT/preview/<sprite>.png, OUT/sprite/<sprite>.png and OUT/contact-sheet.png")
	setting(s, "preview", &v.Preview, func(c *config.Config, x bool) error { c.Preview = x; return nil })
	fs.BoolVar(&v.Masks, "masks", d.Masks, "store each sprite's mask in the library")
	setting(s, "masks", &v.Masks, func(c *config.Config, x bool) error { c.Masks = x; return nil })
}

// apply sets on cfg the keys whose flag was given, and validates cfg.
func (s *settingsFlags) apply(cfg *config.Config) error {
	for name, set := range s.sets {
		if s.fs.Changed(name) {
			if err := set(cfg); err != nil {
				return err
			}
		}
	}
	return cfg.Validate()
}
