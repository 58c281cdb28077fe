package config

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/shapegen/shapegen/collide"
	"github.com/shapegen/shapegen/export"
	"gopkg.in/yaml.v3"
)

// FileName is the name of the settings file in an asset folder.
const FileName = "shapegen.yaml"

// kindNames lists the shape kinds shapegen can write, in library order.
func kindNames() []string {
	var names []string
	for k := range collide.Kinds() {
		names = append(names, k.String())
	}
	return names
}

// convexKinds lists the single convex shape kinds, Default's shapes: the
// pieces and the outline are asked for.
func convexKinds() []string {
	var names []string
	for k := range collide.Kinds() {
		if k.Convex() {
			names = append(names, k.String())
		}
	}
	return names
}

// Formats lists the library formats shapegen can write.
var Formats = []string{"json", "yaml", "lua", "godot", "godot3", "tiled", "phaser"}

// Config is the content of shapegen.yaml. The zero value is not useful;
// start from Default.
type Config struct {
	AlphaThreshold int        `yaml:"alpha_threshold"`
	MaxVertices    int        `yaml:"max_vertices"`
	MaxPieces      int        `yaml:"max_pieces"`
	Pivot          Pivot      `yaml:"pivot"`
	Shapes         []string   `yaml:"shapes"`
	Formats        []string   `yaml:"formats"`
	Preview        bool       `yaml:"preview"`
	Masks          bool       `yaml:"masks"`
	Samples        int        `yaml:"samples"`
	Seed           uint64     `yaml:"seed"`
	MaxPixels      int64      `yaml:"max_pixels"`
	Include        []string   `yaml:"include"`
	Exclude        []string   `yaml:"exclude"`
	Overrides      []Override `yaml:"overrides"`
	Grids          []Grid     `yaml:"grids"`
}

// Override changes some settings for the images whose path matches Glob.
// Nil fields leave the setting as it is. Overrides apply in file order, so
// for each key the last matching override that sets it wins.
type Override struct {
	Glob           string `yaml:"glob"`
	AlphaThreshold *int   `yaml:"alpha_threshold"`
	MaxVertices    *int   `yaml:"max_vertices"`
	MaxPieces      *int   `yaml:"max_pieces"`
	Pivot          *Pivot `yaml:"pivot"`
	Samples        *int   `yaml:"samples"`
}

// Grid cuts the images matching Glob into a grid of CellWidth x CellHeight
// frames: Margin pixels around the sheet, Spacing pixels between cells.
// Frames are numbered from 0, row by row.
type Grid struct {
	Glob       string `yaml:"glob"`
	CellWidth  int    `yaml:"cell_width"`
	CellHeight int    `yaml:"cell_height"`
	Margin     int    `yaml:"margin"`
	Spacing    int    `yaml:"spacing"`
}

// Default returns the settings used when there is no shapegen.yaml.
func Default() Config {
	return Config{
		AlphaThreshold: 128,
		MaxVertices:    8,
		MaxPieces:      8,
		Pivot:          Pivot{Name: "center", X: 0.5, Y: 0.5},
		Shapes:         convexKinds(),
		Formats:        []string{"json"},
		Samples:        256,
		Seed:           1,
		MaxPixels:      64 << 20,
		Include:        []string{},
		Exclude:        []string{},
		Overrides:      []Override{},
		Grids:          []Grid{},
	}
}

// Load reads dir/shapegen.yaml over Default and validates it. A missing
// file is not an error: Load returns Default. Unknown keys, wrong types and
// invalid values are errors naming the file and the line.
func Load(dir string) (Config, error) {
	path := filepath.Join(dir, FileName)
	data, err := os.ReadFile(path)
	if errors.Is(err, fs.ErrNotExist) {
		return Default(), nil
	}
	if err != nil {
		return Config{}, fmt.Errorf("%s: %w", path, err)
	}
	return Parse(path, data)
}

// Parse decodes data (the content of the file named path) over Default and
// validates the result. Errors are one line, prefixed with path.
func Parse(path string, data []byte) (Config, error) {
	c := Default()
	dec := yaml.NewDecoder(bytes.NewReader(data))
	dec.KnownFields(true)
	if err := dec.Decode(&c); err != nil && !errors.Is(err, io.EOF) {
		return Config{}, fmt.Errorf("%s: %s", path, oneLine(err))
	}
	if err := c.Validate(); err != nil {
		return Config{}, fmt.Errorf("%s: %w", path, err)
	}
	return c, nil
}

// oneLine flattens yaml's multi-line type errors into one line and words
// them for a user, not a Go programmer.
func oneLine(err error) string {
	var te *yaml.TypeError
	if !errors.As(err, &te) {
		return strings.TrimPrefix(err.Error(), "yaml: ")
	}
	msgs := make([]string, len(te.Errors))
	for i, m := range te.Errors {
		m = unknownField.ReplaceAllString(m, `unknown key "$1"`)
		msgs[i] = goType.ReplaceAllString(m, "")
	}
	return strings.Join(msgs, "; ")
}

var (
	unknownField = regexp.MustCompile(`field (\S+) not found in type \S+`)
	goType       = regexp.MustCompile(` into [\w.\[\]*]+`)
)

// Validate reports the first invalid setting of c.
func (c *Config) Validate() error {
	if err := checkSettings(c.AlphaThreshold, c.MaxVertices, c.MaxPieces, c.Samples); err != nil {
		return err
	}
	for _, s := range c.Shapes {
		if _, ok := collide.ParseKind(s); !ok {
			return fmt.Errorf("shapes: unknown shape %q (known: %s)", s, strings.Join(kindNames(), ", "))
		}
	}
	for _, f := range c.Formats {
		if !slices.Contains(Formats, f) {
			return fmt.Errorf("formats: unknown format %q (known: %s)", f, strings.Join(Formats, ", "))
		}
	}
	if c.MaxPixels <= 0 {
		return fmt.Errorf("max_pixels: %d, want > 0", c.MaxPixels)
	}
	for _, g := range append(slices.Clone(c.Include), c.Exclude...) {
		if !validGlob(g) {
			return fmt.Errorf("include/exclude: bad glob %q", g)
		}
	}
	for i, o := range c.Overrides {
		if !validGlob(o.Glob) {
			return fmt.Errorf("overrides[%d]: bad glob %q", i, o.Glob)
		}
		e := c.resolve(o)
		if err := checkSettings(e.AlphaThreshold, e.MaxVertices, e.MaxPieces, e.Samples); err != nil {
			return fmt.Errorf("overrides[%d] (%s): %w", i, o.Glob, err)
		}
	}
	for i, g := range c.Grids {
		if !validGlob(g.Glob) {
			return fmt.Errorf("grids[%d]: bad glob %q", i, g.Glob)
		}
		if g.CellWidth <= 0 || g.CellHeight <= 0 || g.Margin < 0 || g.Spacing < 0 {
			return fmt.Errorf("grids[%d] (%s): cell_width and cell_height must be > 0, margin and spacing >= 0", i, g.Glob)
		}
	}
	return nil
}

func checkSettings(alpha, maxVertices, maxPieces, samples int) error {
	switch {
	case alpha < 1 || alpha > 255:
		return fmt.Errorf("alpha_threshold: %d, want 1..255", alpha)
	case maxVertices < 3 || maxVertices > export.MaxVertices:
		return fmt.Errorf("max_vertices: %d, want 3..%d", maxVertices, export.MaxVertices)
	case maxPieces < 1 || maxPieces > export.MaxPieces:
		return fmt.Errorf("max_pieces: %d, want 1..%d", maxPieces, export.MaxPieces)
	case samples < 0:
		return fmt.Errorf("samples: %d, want >= 0", samples)
	}
	return nil
}

// Sprite is the effective settings of one image.
type Sprite struct {
	AlphaThreshold int      `json:"alpha_threshold"`
	MaxVertices    int      `json:"max_vertices"`
	MaxPieces      int      `json:"max_pieces"`
	Pivot          Pivot    `json:"pivot"`
	Shapes         []string `json:"shapes"`
	Masks          bool     `json:"masks"`
	Samples        int      `json:"samples"`
	Seed           uint64   `json:"seed"`
	// Grid is the grid the image is cut into, or nil.
	Grid *Grid `json:"grid,omitempty"`
}

// For returns the effective settings of the image at the slash-separated
// path rel (relative to the asset folder).
func (c *Config) For(rel string) Sprite {
	s := c.base()
	for _, o := range c.Overrides {
		if Match(o.Glob, rel) {
			s = apply(s, o)
		}
	}
	for _, g := range c.Grids {
		if Match(g.Glob, rel) {
			g := g
			s.Grid = &g
			break
		}
	}
	return s
}

// Signature returns a string that is the same for two images exactly when
// For gives them the same settings by the same rules: which overrides and
// which grid match rel. It lets callers compute per-settings work once.
func (c *Config) Signature(rel string) string {
	b := make([]byte, 0, len(c.Overrides)+4)
	for _, o := range c.Overrides {
		if Match(o.Glob, rel) {
			b = append(b, '1')
		} else {
			b = append(b, '0')
		}
	}
	b = append(b, '/')
	for i, g := range c.Grids {
		if Match(g.Glob, rel) {
			return string(strconv.AppendInt(b, int64(i), 10))
		}
	}
	return string(b)
}

func (c *Config) base() Sprite {
	return Sprite{
		AlphaThreshold: c.AlphaThreshold, MaxVertices: c.MaxVertices, MaxPieces: c.MaxPieces,
		Pivot: c.Pivot, Shapes: c.Shapes, Masks: c.Masks, Samples: c.Samples, Seed: c.Seed,
	}
}

// resolve returns the base settings with only o applied (for validation).
func (c *Config) resolve(o Override) Sprite { return apply(c.base(), o) }

// apply sets the keys o sets.
func apply(s Sprite, o Override) Sprite {
	if o.AlphaThreshold != nil {
		s.AlphaThreshold = *o.AlphaThreshold
	}
	if o.MaxVertices != nil {
		s.MaxVertices = *o.MaxVertices
	}
	if o.MaxPieces != nil {
		s.MaxPieces = *o.MaxPieces
	}
	if o.Pivot != nil {
		s.Pivot = *o.Pivot
	}
	if o.Samples != nil {
		s.Samples = *o.Samples
	}
	return s
}

// Included reports whether the image at rel is selected by the include and
// exclude globs: it matches some include glob (or there are none) and no
// exclude glob.
func (c *Config) Included(rel string) bool {
	if len(c.Include) > 0 && !slices.ContainsFunc(c.Include, func(g string) bool { return Match(g, rel) }) {
		return false
	}
	return !slices.ContainsFunc(c.Exclude, func(g string) bool { return Match(g, rel) })
}

// Pivot is a sprite's pivot as fractions of its (untrimmed) size: (0, 0)
// is the top-left corner, (0.5, 1) the middle of the bottom edge. In
// shapegen.yaml it is a name ("center", "bottom-center", ...) or a list
// [x, y] of fractions.
type Pivot struct {
	// Name is the name the pivot was given by, empty for [x, y].
	Name string  `json:"name,omitempty"`
	X    float64 `json:"x"`
	Y    float64 `json:"y"`
}

var pivotNames = map[string][2]float64{
	"top-left": {0, 0}, "top-center": {0.5, 0}, "top-right": {1, 0},
	"center-left": {0, 0.5}, "center": {0.5, 0.5}, "center-right": {1, 0.5},
	"bottom-left": {0, 1}, "bottom-center": {0.5, 1}, "bottom-right": {1, 1},
}

// ParsePivot parses a pivot name ("center", "bottom-center", ...) or
// "x,y" fractions (as given on the command line).
func ParsePivot(s string) (Pivot, error) {
	if f, ok := pivotNames[s]; ok {
		return Pivot{Name: s, X: f[0], Y: f[1]}, nil
	}
	xs, ys, ok := strings.Cut(s, ",")
	if ok {
		x, errx := strconv.ParseFloat(strings.TrimSpace(xs), 64)
		y, erry := strconv.ParseFloat(strings.TrimSpace(ys), 64)
		if errx == nil && erry == nil {
			return Pivot{X: x, Y: y}, nil
		}
	}
	return Pivot{}, fmt.Errorf("pivot %q: want a name (center, bottom-center, top-left, ...) or x,y fractions", s)
}

// String returns the pivot's name, or "x,y" fractions (as ParsePivot
// reads them).
func (p Pivot) String() string {
	if p.Name != "" {
		return p.Name
	}
	return strconv.FormatFloat(p.X, 'g', -1, 64) + "," + strconv.FormatFloat(p.Y, 'g', -1, 64)
}

// UnmarshalYAML decodes a pivot name or an [x, y] list.
func (p *Pivot) UnmarshalYAML(n *yaml.Node) error {
	switch n.Kind {
	case yaml.ScalarNode:
		v, err := ParsePivot(n.Value)
		if err != nil || v.Name == "" {
			return fmt.Errorf("line %d: pivot %q: want a name (center, bottom-center, top-left, ...) or [x, y]", n.Line, n.Value)
		}
		*p = v
		return nil
	case yaml.SequenceNode:
		var xy []float64
		if err := n.Decode(&xy); err != nil || len(xy) != 2 {
			return fmt.Errorf("line %d: pivot: want [x, y] fractions", n.Line)
		}
		*p = Pivot{X: xy[0], Y: xy[1]}
		return nil
	}
	return fmt.Errorf("line %d: pivot: want a name or [x, y]", n.Line)
}
