package pipeline

import (
	"context"
	"fmt"
	"image"
	"sort"

	"github.com/shapegen/shapegen/collide"
	"github.com/shapegen/shapegen/export"
	"github.com/shapegen/shapegen/internal/atlas"
	"github.com/shapegen/shapegen/internal/config"
	"github.com/shapegen/shapegen/internal/plural"
	"github.com/shapegen/shapegen/mask"
	"github.com/shapegen/shapegen/verify"
)

// VerifyOptions says what Verify checks.
type VerifyOptions struct {
	// Dir is the asset folder the library was built from.
	Dir string
	// Library is the library to check.
	Library *export.Library
	// Config holds the asset folder's settings (for per-glob overrides,
	// grids, include/exclude); its top-level alpha threshold is replaced
	// by the library's.
	Config config.Config
	// Skip is a folder under Dir not to read (the library's own folder).
	Skip string
	// Workers is how many images are decoded at once; 0 means GOMAXPROCS.
	Workers int
}

// VerifyResult is what Verify found.
type VerifyResult struct {
	// Sprites is the number of library sprites checked against pixels,
	// Animations the number of library animations.
	Sprites, Animations int
	// Failures are one line each, sorted: sprites whose stored shapes
	// leave opaque pixels outside, whose size, frame or pixel count
	// disagree with the art, or that are in only one of library and art.
	Failures []string
}

// Verify re-reads the art under opts.Dir the way Build does and checks
// every sprite of the library against it: the same sprites must exist,
// with the same frame, size, opaque pixel count and pivot (the library's
// pivot rule, with the folder's per-glob overrides), every shape kind the
// library's settings record must be there for a sprite with opaque pixels,
// and every stored shape must contain every opaque pixel square. So for
// the animations: the same ones, with the same frames, each with the
// frames' shared size, its first frame's pivot, the opaque pixel count of
// the union of its frames' masks, and shapes that contain every opaque
// pixel square of every frame. A stale or hand-edited library fails. The error is for failures of the whole
// check (the folder cannot be read).
func Verify(ctx context.Context, opts VerifyOptions) (*VerifyResult, error) {
	cfg := opts.Config
	st := opts.Library.Settings
	if st.AlphaThreshold > 0 {
		cfg.AlphaThreshold = st.AlphaThreshold
	}
	if st.Pivot != "" {
		p, err := config.ParsePivot(st.Pivot)
		if err != nil {
			return nil, fmt.Errorf("library settings: %w", err)
		}
		cfg.Pivot = p
	}
	var kinds []collide.Kind
	for _, name := range st.Shapes {
		k, ok := collide.ParseKind(name)
		if !ok {
			return nil, fmt.Errorf("library settings: unknown shape kind %q", name)
		}
		kinds = append(kinds, k)
	}
	if err := cfg.Validate(); err != nil {
		return nil, err
	}
	tree, err := walk(opts.Dir, opts.Skip, &cfg, false)
	if err != nil {
		return nil, err
	}
	srcs := tree.srcs
	byName := make(map[string]*export.Sprite, len(opts.Library.Sprites))
	for i := range opts.Library.Sprites {
		byName[opts.Library.Sprites[i].Name] = &opts.Library.Sprites[i]
	}
	type found struct {
		names  []string
		fails  []string
		frames []animFrame
	}
	outs := make([]found, len(srcs))
	w := &worker{opts: &Options{Dir: opts.Dir, Config: cfg}}
	err = each(ctx, len(srcs), opts.Workers, func(i int) error {
		src := srcs[i]
		set := cfg.For(src.rel)
		m, frames, bad, declared, err := w.maskFramesAnims(src, set)
		if err != nil {
			outs[i].fails = []string{err.Error()}
			return nil
		}
		outs[i].fails = bad
		outsideImage := eachFrame(src, maskPixels{m}, frames, func(name string, f atlas.Frame, _ image.Image, m *mask.Mask) {
			outs[i].frames = appendAnimFrames(outs[i].frames, name, src.rel, len(outs[i].names), f, m, set, declared[f.Name])
			outs[i].names = append(outs[i].names, name)
			sp, ok := byName[name]
			if !ok {
				outs[i].fails = append(outs[i].fails, fmt.Sprintf("%s: in the art (%s) but not in the library", name, quoted(src.rel)))
				return
			}
			outs[i].fails = append(outs[i].fails, check(sp, src.rel, f, m, set, kinds, st.MaxVertices)...)
		})
		outs[i].fails = append(outs[i].fails, outsideImage...)
		return nil
	}, nil)
	if err != nil {
		return nil, err
	}
	res := &VerifyResult{}
	seen := map[string]bool{}
	var frames []animFrame
	for _, o := range outs {
		res.Failures = append(res.Failures, o.fails...)
		frames = append(frames, o.frames...)
		for _, n := range o.names {
			if !seen[n] && byName[n] != nil {
				res.Sprites++
			}
			seen[n] = true
		}
	}
	for _, sp := range opts.Library.Sprites {
		if !seen[sp.Name] {
			res.Failures = append(res.Failures, fmt.Sprintf("%s: in the library but not in the art (stale library?)", sp.Name))
		}
	}
	fails, n := checkAnimations(opts.Library.Animations, frames, kinds, st.MaxVertices)
	res.Failures = append(res.Failures, fails...)
	res.Animations = n
	sort.Strings(res.Failures)
	return res, nil
}

// check compares library sprite sp with the art: frame f of image rel
// with mask m.
func check(sp *export.Sprite, rel string, f atlas.Frame, m *mask.Mask, set config.Sprite, kinds []collide.Kind, maxVertices int) []string {
	var fails []string
	bad := func(format string, a ...any) { fails = append(fails, sp.Name+": "+fmt.Sprintf(format, a...)) }
	want := export.Frame{X: f.Rect.Min.X, Y: f.Rect.Min.Y, W: f.Rect.Dx(), H: f.Rect.Dy()}
	rotated, turn := turnOf(f.Turn)
	if sp.Image != rel || sp.Frame != want || sp.Size != [2]int{f.Size.X, f.Size.Y} || sp.Rotated != rotated || sp.Turn != turn {
		bad("image %s frame %+v rotated %v turn %d size %v, the art has %s frame %+v rotated %v turn %d size %v",
			sp.Image, sp.Frame, sp.Rotated, sp.Turn, sp.Size, rel, want, rotated, turn, [2]int{f.Size.X, f.Size.Y})
		return fails
	}
	if n := m.Count(); sp.Pixels != n {
		bad("pixels %d, the art has %d (stale library?)", sp.Pixels, n)
	}
	if want := pivotOf(set, f); sp.Pivot != want {
		bad("pivot %v, the pivot rule %s puts it at %v", sp.Pivot, set.Pivot, want)
	}
	checkShapes(sp, []*mask.Mask{m}, nil, kinds, maxVertices, bad)
	return fails
}

// checkShapes reports to bad what is wrong with sp's shapes against the
// masks every one of them must hold (a sprite's own, or each frame of an
// animation, named in the messages by names when given): a kind the
// settings list missing from a sprite with pixels, opaque pixels outside,
// a recorded outside figure other than 0, a polygon past maxVertices.
func checkShapes(sp *export.Sprite, masks []*mask.Mask, names []string, kinds []collide.Kind, maxVertices int, bad func(string, ...any)) {
	if sp.Pixels > 0 {
		for _, k := range kinds {
			if _, ok := sp.Shape(k); !ok {
				bad("no %s, which the library's settings list", k)
			}
		}
	}
	for k := range collide.Kinds() {
		sh, ok := sp.Shape(k)
		if !ok {
			continue
		}
		for i, m := range masks {
			n := verify.Outside(m, sh)
			switch {
			case n == 0:
			case names == nil:
				bad("%s leaves %s outside", k, plural.Count(n, "opaque pixel"))
			default:
				bad("%s leaves %s of %s outside", k, plural.Count(n, "opaque pixel"), names[i])
			}
		}
		if q, ok := sp.Quality[k.String()]; ok && q.Outside != 0 {
			bad("quality.%s.outside is %d", k, q.Outside)
		}
	}
	if maxVertices > 0 && len(sp.Polygon) > maxVertices {
		bad("polygon has %d vertices, max_vertices is %d", len(sp.Polygon), maxVertices)
	}
}
