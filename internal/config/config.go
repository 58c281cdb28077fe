package config

import (
	"errors"
	"fmt"
	"io/fs"
	"math"
	"os"
	"path"
	"path/filepath"
	"reflect"
	"slices"
	"strconv"
	"strings"

	"github.com/shapegen/shapegen/collide"
	"github.com/shapegen/shapegen/export"
	"github.com/shapegen/shapegen/hull"
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

// Formats lists the library formats shapegen can write.
var Formats = []string{"json", "yaml", "compact", "lua", "godot", "godot3", "tiled", "phaser"}

// Config is the content of shapegen.yaml. The zero value is not useful;
// start from Default.
type Config struct {
	AlphaThreshold     int        `yaml:"alpha_threshold"`
	MaxVertices        int        `yaml:"max_vertices"`
	MaxPieces          int        `yaml:"max_pieces"`
	PiecesGain         float64    `yaml:"pieces_gain"`
	MaxOutlineVertices int        `yaml:"max_outline_vertices"`
	Pivot              Pivot      `yaml:"pivot"`
	Shapes             []string   `yaml:"shapes"`
	Formats            []string   `yaml:"formats"`
	Preview            bool       `yaml:"preview"`
	Masks              bool       `yaml:"masks"`
	MaxPixels          int64      `yaml:"max_pixels"`
	Slice              Slice      `yaml:"slice"`
	SliceMinSize       int        `yaml:"slice_min_size"`
	SliceMerge         int        `yaml:"slice_merge"`
	AtlasAnimations    bool       `yaml:"declared_animations"`
	Include            []string   `yaml:"include"`
	Exclude            []string   `yaml:"exclude"`
	Overrides          []Override `yaml:"overrides"`
	Grids              []Grid     `yaml:"grids"`
	Atlases            []Atlas    `yaml:"atlases"`

	// Warnings are the lines Parse (or Load) has to say about a file that
	// is nonetheless valid (an obsolete key, which is ignored), each
	// beginning with the file, line and column. A build prints them.
	Warnings []string `yaml:"-"`
}

// Override changes some settings for the images whose path matches Glob.
// Nil fields leave the setting as it is. Overrides apply in file order, so
// for each key the last matching override that sets it wins.
type Override struct {
	Glob               string   `yaml:"glob"`
	AlphaThreshold     *int     `yaml:"alpha_threshold"`
	MaxVertices        *int     `yaml:"max_vertices"`
	MaxPieces          *int     `yaml:"max_pieces"`
	PiecesGain         *float64 `yaml:"pieces_gain"`
	MaxOutlineVertices *int     `yaml:"max_outline_vertices"`
	Pivot              *Pivot   `yaml:"pivot"`
	Slice              *Slice   `yaml:"slice"`
	SliceMinSize       *int     `yaml:"slice_min_size"`
	SliceMerge         *int     `yaml:"slice_merge"`
	AtlasAnimations    *bool    `yaml:"declared_animations"`
	// Animation makes the matching images (or, for sheets, all their
	// frames) the frames of one animation of this name, in path order:
	// the library gets their common body.
	Animation *string `yaml:"animation"`
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

// Atlas ties a frame list whose name does not say its image to that image.
// Both are slash-separated paths relative to the asset folder; Parse
// cleans them ("./a/b.png" is "a/b.png").
type Atlas struct {
	List  string `yaml:"list"`
	Image string `yaml:"image"`
}

// Slice says how an image that no atlas file and no grids entry cuts into
// frames is cut.
type Slice string

// The ways of slicing.
const (
	// SliceAuto cuts a grid when the evidence is clear (a cell size in the
	// file name, or regular transparent gutters), else keeps one sprite.
	SliceAuto Slice = "auto"
	// SliceNone never cuts: the image is one sprite.
	SliceNone Slice = "none"
	// SliceIslands cuts one frame per 8-connected island of opaque pixels,
	// leaving out islands smaller than SliceMinSize and merging islands
	// within SliceMerge pixels of each other.
	SliceIslands Slice = "islands"
)

var sliceModes = []Slice{SliceAuto, SliceNone, SliceIslands}

// Default returns the settings used when there is no shapegen.yaml.
func Default() Config {
	return Config{
		AlphaThreshold:     128,
		MaxVertices:        hull.DefaultPieces.MaxVertices,
		MaxPieces:          hull.DefaultPieces.MaxPieces,
		PiecesGain:         hull.DefaultPieces.Gain,
		MaxOutlineVertices: hull.DefaultOutline.MaxVertices,
		Pivot:              Pivot{Name: "center", X: 0.5, Y: 0.5},
		Shapes:             kindNames(),
		Formats:            []string{"json"},
		MaxPixels:          64 << 20,
		Slice:              SliceAuto,
		SliceMinSize:       4,
		SliceMerge:         0,
		Include:            []string{},
		Exclude:            []string{},
		Overrides:          []Override{},
		Grids:              []Grid{},
		Atlases:            []Atlas{},
	}
}

// Load reads dir/shapegen.yaml over Default and validates it, as Parse
// does. A missing file is not an error: Load returns Default.
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
// validates the result. An error is one line, "path:line:column: key:
// what was wanted, got what": unknown keys (with the valid key probably
// meant), values of the wrong type (8.5 where a whole number is wanted),
// and invalid values. Only YAML syntax errors lack the column, which the
// YAML parser does not give. Obsolete keys are not errors: they are
// ignored, with a line each in the result's Warnings.
func Parse(path string, data []byte) (Config, error) {
	c := Default()
	var doc yaml.Node
	if err := yaml.Unmarshal(data, &doc); err != nil {
		return Config{}, fmt.Errorf("%s%s", path, syntaxError(data, err))
	}
	d := decoder{pos: map[string]*yaml.Node{}}
	if doc.Kind == yaml.DocumentNode && len(doc.Content) > 0 {
		if err := d.decode(doc.Content[0], "", reflect.ValueOf(&c).Elem()); err != nil {
			return Config{}, fmt.Errorf("%s:%w", path, err)
		}
	}
	for i := range c.Atlases {
		a := &c.Atlases[i]
		a.List, a.Image = cleanPath(a.List), cleanPath(a.Image)
	}
	if err := c.Validate(); err != nil {
		var fe *fieldError
		if errors.As(err, &fe) {
			if n := d.place(fe.key); n != nil {
				return Config{}, fmt.Errorf("%s:%d:%d: %w", path, n.Line, n.Column, err)
			}
		}
		return Config{}, fmt.Errorf("%s: %w", path, err)
	}
	for _, w := range d.warnings {
		c.Warnings = append(c.Warnings, fmt.Sprintf("%s:%d:%d: %s", path, w.line, w.col, w.msg))
	}
	return c, nil
}

// place returns the node of key path key, or of the nearest enclosing
// key that the file sets ("overrides[0]" for a glob it leaves out).
func (d *decoder) place(key string) *yaml.Node {
	for key != "" {
		if n, ok := d.pos[key]; ok {
			return n
		}
		i := strings.LastIndexAny(key, ".[")
		if i < 0 {
			break
		}
		key = key[:i]
	}
	return nil
}

func cleanPath(p string) string {
	if p == "" {
		return p
	}
	return path.Clean(p)
}

// fieldError is an invalid value at a key path ("max_vertices",
// "overrides[2].pivot", "shapes[1]").
type fieldError struct{ key, msg string }

func (e *fieldError) Error() string { return e.key + ": " + e.msg }

func bad(key, format string, args ...any) error {
	return &fieldError{key, fmt.Sprintf(format, args...)}
}

// Validate reports the first invalid setting of c, naming its key.
func (c *Config) Validate() error {
	if err := checkSprite("", c.base()); err != nil {
		return err
	}
	if err := checkNames("shapes", c.Shapes, kindNames()); err != nil {
		return err
	}
	if err := checkNames("formats", c.Formats, Formats); err != nil {
		return err
	}
	if c.MaxPixels <= 0 {
		return bad("max_pixels", "want a whole number above 0, got %d", c.MaxPixels)
	}
	for _, l := range []struct {
		key   string
		globs []string
	}{{"include", c.Include}, {"exclude", c.Exclude}} {
		for i, g := range l.globs {
			if err := checkGlob(fmt.Sprintf("%s[%d]", l.key, i), g); err != nil {
				return err
			}
		}
	}
	for i, o := range c.Overrides {
		key := fmt.Sprintf("overrides[%d]", i)
		if err := checkGlob(key+".glob", o.Glob); err != nil {
			return err
		}
		// c.base() is valid, so a fault is in a key o sets.
		if err := checkSprite(key+".", apply(c.base(), o)); err != nil {
			return err
		}
	}
	for i, g := range c.Grids {
		key := fmt.Sprintf("grids[%d].", i)
		if err := checkGlob(key+"glob", g.Glob); err != nil {
			return err
		}
		for _, f := range []struct {
			name   string
			v, low int
		}{{"cell_width", g.CellWidth, 1}, {"cell_height", g.CellHeight, 1}, {"margin", g.Margin, 0}, {"spacing", g.Spacing, 0}} {
			if err := checkInt(key+f.name, f.v, f.low, export.MaxCoord); err != nil {
				return err
			}
		}
	}
	return checkAtlases(c.Atlases)
}

// checkSprite checks the settings that overrides can change, naming them
// with prefix.
func checkSprite(prefix string, s Sprite) error {
	for _, f := range []struct {
		name         string
		v, low, high int
	}{
		{"alpha_threshold", s.AlphaThreshold, 1, 255},
		{"max_vertices", s.MaxVertices, 3, export.MaxVertices},
		{"max_pieces", s.MaxPieces, 1, export.MaxPieces},
		{"max_outline_vertices", s.MaxOutlineVertices, 3, export.MaxRing},
		{"slice_min_size", s.SliceMinSize, 1, export.MaxCoord},
		{"slice_merge", s.SliceMerge, 0, export.MaxCoord},
	} {
		if err := checkInt(prefix+f.name, f.v, f.low, f.high); err != nil {
			return err
		}
	}
	if !(s.PiecesGain >= 0 && s.PiecesGain <= 1) {
		return bad(prefix+"pieces_gain", "want a number from 0 to 1, got %v", s.PiecesGain)
	}
	if !finite(s.Pivot.X) || !finite(s.Pivot.Y) {
		return bad(prefix+"pivot", "want finite fractions, got [%v, %v]", s.Pivot.X, s.Pivot.Y)
	}
	if !slices.Contains(sliceModes, s.Slice) {
		return bad(prefix+"slice", "want auto, none or islands, got %s", s.Slice)
	}
	return nil
}

func checkInt(key string, v, low, high int) error {
	if v < low || v > high {
		return bad(key, "want a whole number from %d to %d, got %d", low, high, v)
	}
	return nil
}

func finite(x float64) bool { return !math.IsNaN(x) && !math.IsInf(x, 0) }

// checkNames checks that each of names is one of known, once.
func checkNames(key string, names, known []string) error {
	for i, n := range names {
		k := fmt.Sprintf("%s[%d]", key, i)
		if !slices.Contains(known, n) {
			msg := fmt.Sprintf("unknown name %s", n)
			if c := closest(n, known); c != "" {
				msg += "; did you mean " + c + "?"
			}
			return bad(k, "%s (valid: %s)", msg, strings.Join(known, ", "))
		}
		if j := slices.Index(names, n); j < i {
			return bad(k, "%s is listed twice", n)
		}
	}
	return nil
}

func checkGlob(key, g string) error {
	if g == "" {
		return bad(key, "want a glob, got nothing")
	}
	if !validGlob(g) {
		return bad(key, `%q is not a valid glob (an unclosed "[", or a "\" at the end)`, g)
	}
	return nil
}

// checkAtlases checks that each entry names two paths inside the asset
// folder, and that no list or image is in two entries.
func checkAtlases(atlases []Atlas) error {
	lists, images := map[string]int{}, map[string]int{}
	for i, a := range atlases {
		key := fmt.Sprintf("atlases[%d].", i)
		for _, f := range []struct {
			name, path string
			seen       map[string]int
		}{{"list", a.List, lists}, {"image", a.Image, images}} {
			if err := checkRel(key+f.name, f.path); err != nil {
				return err
			}
			if j, ok := f.seen[f.path]; ok {
				return bad(key+f.name, "%s is already in atlases[%d]", f.path, j)
			}
			f.seen[f.path] = i
		}
	}
	return nil
}

// checkRel checks that p is a slash-separated path inside the asset
// folder.
func checkRel(key, p string) error {
	switch {
	case p == "":
		return bad(key, "want a path relative to this folder, got nothing")
	case strings.Contains(p, `\`):
		return bad(key, "%s: write / between folders, not \\", p)
	case path.IsAbs(p) || (len(p) >= 2 && p[1] == ':'):
		return bad(key, "want a path relative to this folder, got %s", p)
	case p == ".." || strings.HasPrefix(path.Clean(p), "../"):
		return bad(key, "%s leads outside this folder", p)
	}
	return nil
}

// Sprite is the effective settings of one image.
type Sprite struct {
	AlphaThreshold     int     `json:"alpha_threshold"`
	MaxVertices        int     `json:"max_vertices"`
	MaxPieces          int     `json:"max_pieces"`
	PiecesGain         float64 `json:"pieces_gain"`
	MaxOutlineVertices int     `json:"max_outline_vertices"`
	Pivot              Pivot   `json:"pivot"`
	// PivotSet says an override set Pivot for this image: it then wins
	// over a pivot an atlas gives its frames.
	PivotSet     bool     `json:"pivot_set,omitempty"`
	Shapes       []string `json:"shapes"`
	Masks        bool     `json:"masks"`
	Slice        Slice    `json:"slice"`
	SliceMinSize int      `json:"slice_min_size"`
	SliceMerge   int      `json:"slice_merge"`
	// AtlasAnimations makes each animation an atlas declares (an Aseprite
	// tag, a list line with a frame count, libGDX indexes) an animation of
	// the library, with its common body.
	AtlasAnimations bool `json:"declared_animations,omitempty"`
	// Animation names the animation the image's sprites are frames of,
	// or "".
	Animation string `json:"animation,omitempty"`
	// Grid is the grid the image is cut into, or nil. A grid wins over
	// Slice.
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
		PiecesGain: c.PiecesGain, MaxOutlineVertices: c.MaxOutlineVertices,
		Pivot: c.Pivot, Shapes: c.Shapes, Masks: c.Masks,
		Slice: c.Slice, SliceMinSize: c.SliceMinSize, SliceMerge: c.SliceMerge,
		AtlasAnimations: c.AtlasAnimations,
	}
}

// apply sets the keys o sets.
func apply(s Sprite, o Override) Sprite {
	if o.Pivot != nil {
		s.PivotSet = true
	}
	set(&s.AlphaThreshold, o.AlphaThreshold)
	set(&s.MaxVertices, o.MaxVertices)
	set(&s.MaxPieces, o.MaxPieces)
	set(&s.PiecesGain, o.PiecesGain)
	set(&s.MaxOutlineVertices, o.MaxOutlineVertices)
	set(&s.Pivot, o.Pivot)
	set(&s.Slice, o.Slice)
	set(&s.SliceMinSize, o.SliceMinSize)
	set(&s.SliceMerge, o.SliceMerge)
	set(&s.AtlasAnimations, o.AtlasAnimations)
	set(&s.Animation, o.Animation)
	return s
}

func set[T any](dst *T, v *T) {
	if v != nil {
		*dst = *v
	}
}

// ListFor returns the frame list that an atlases entry ties to the image
// at the slash-separated path rel, and whether there is one.
func (c *Config) ListFor(rel string) (string, bool) {
	rel = path.Clean(rel)
	for _, a := range c.Atlases {
		if path.Clean(a.Image) == rel {
			return path.Clean(a.List), true
		}
	}
	return "", false
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

// pivotNames are the pivot names, in reading order, with their fractions.
var pivotNames = []struct {
	name string
	x, y float64
}{
	{"top-left", 0, 0}, {"top-center", 0.5, 0}, {"top-right", 1, 0},
	{"center-left", 0, 0.5}, {"center", 0.5, 0.5}, {"center-right", 1, 0.5},
	{"bottom-left", 0, 1}, {"bottom-center", 0.5, 1}, {"bottom-right", 1, 1},
}

// namedPivot returns the pivot called name, and whether there is one.
func namedPivot(name string) (Pivot, bool) {
	for _, p := range pivotNames {
		if p.name == name {
			return Pivot{Name: name, X: p.x, Y: p.y}, true
		}
	}
	return Pivot{}, false
}

// unknownPivot words an unknown pivot name: the name probably meant, and
// the valid ones.
func unknownPivot(name string) string {
	names := make([]string, len(pivotNames))
	for i, p := range pivotNames {
		names[i] = p.name
	}
	msg := "unknown name " + name
	if c := closest(name, names); c != "" {
		msg += "; did you mean " + c + "?"
	}
	return msg + " (valid: " + strings.Join(names, ", ") + "; or [x, y] fractions)"
}

// ParsePivot parses a pivot name ("center", "bottom-center", ...) or
// "x,y" fractions (as given on the command line).
func ParsePivot(s string) (Pivot, error) {
	if p, ok := namedPivot(s); ok {
		return p, nil
	}
	xs, ys, ok := strings.Cut(s, ",")
	if ok {
		x, errx := strconv.ParseFloat(strings.TrimSpace(xs), 64)
		y, erry := strconv.ParseFloat(strings.TrimSpace(ys), 64)
		if errx == nil && erry == nil && finite(x) && finite(y) {
			return Pivot{X: x, Y: y}, nil
		}
		return Pivot{}, fmt.Errorf("pivot: want x,y as two finite fractions, got %s", s)
	}
	return Pivot{}, fmt.Errorf("pivot: %s", unknownPivot(s))
}

// String returns the pivot's name, or "x,y" fractions (as ParsePivot
// reads them).
func (p Pivot) String() string {
	if p.Name != "" {
		return p.Name
	}
	return strconv.FormatFloat(p.X, 'g', -1, 64) + "," + strconv.FormatFloat(p.Y, 'g', -1, 64)
}

// decodeNode decodes a pivot name or an [x, y] list of fractions.
func (p *Pivot) decodeNode(n *yaml.Node, key string) error {
	switch n.Kind {
	case yaml.ScalarNode:
		v, ok := namedPivot(n.Value)
		if !ok {
			return at(n, "%s: %s", key, unknownPivot(describe(n)))
		}
		*p = v
		return nil
	case yaml.SequenceNode:
		if len(n.Content) != 2 {
			return at(n, "%s: want [x, y] fractions, got a list of %d", key, len(n.Content))
		}
		var xy [2]float64
		for i, e := range n.Content {
			e = follow(e)
			x, ok := number(e)
			if !ok || !finite(x) {
				return at(e, "%s[%d]: want a number, got %s", key, i, describe(e))
			}
			xy[i] = x
		}
		*p = Pivot{X: xy[0], Y: xy[1]}
		return nil
	}
	return at(n, "%s: want a name (center, bottom-center, ...) or [x, y] fractions, got %s", key, describe(n))
}
