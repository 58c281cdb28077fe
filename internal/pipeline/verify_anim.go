package pipeline

import (
	"cmp"
	"fmt"
	"slices"
	"strings"

	"github.com/shapegen/shapegen/collide"
	"github.com/shapegen/shapegen/export"
	"github.com/shapegen/shapegen/internal/atlas"
	"github.com/shapegen/shapegen/internal/config"
	"github.com/shapegen/shapegen/mask"
)

// animFrame is a sprite of the art that is a frame of an animation, as
// the build groups them: the animation's name, the sprite's name, image
// and place (its index among its image's sprites for an override's
// animation, its place in the atlas's animation else), and what the
// body is checked against: its mask in its own space, its frame and
// settings.
type animFrame struct {
	anim, name, image string
	pos               int
	mask              *mask.Mask
	frame             atlas.Frame
	set               config.Sprite
}

// appendAnimFrames appends to fs one animFrame for each animation the
// sprite name is a frame of: those its atlas declares (refs) and the
// override's animation of its image, the sprite being the image's index-th.
func appendAnimFrames(fs []animFrame, name, image string, index int, f atlas.Frame, m *mask.Mask, set config.Sprite, refs []animRef) []animFrame {
	if set.Animation != "" {
		refs = append(slices.Clip(refs), animRef{Name: set.Animation, Pos: index})
	}
	for _, r := range refs {
		fs = append(fs, animFrame{anim: r.Name, name: name, image: image, pos: r.Pos, mask: m, frame: f, set: set})
	}
	return fs
}

// checkAnimations compares the library's animations with those the art
// makes of frames (in any order): the same animations, frames in the
// build's order (by image path, then place), and each body checked by
// checkAnimation. An animation whose frames differ in size has no body.
// It returns the failures and the number of library animations checked.
func checkAnimations(lib []export.Animation, frames []animFrame, kinds []collide.Kind, maxVertices int) ([]string, int) {
	slices.SortStableFunc(frames, func(a, b animFrame) int {
		return cmp.Or(strings.Compare(a.anim, b.anim), strings.Compare(a.image, b.image), cmp.Compare(a.pos, b.pos))
	})
	art := map[string][]animFrame{}
	for _, f := range frames {
		art[f.anim] = append(art[f.anim], f)
	}
	var fails []string
	inLib := map[string]bool{}
	n := 0
	for i := range lib {
		a := &lib[i]
		inLib[a.Name] = true
		fs, ok := art[a.Name]
		if !ok {
			fails = append(fails, fmt.Sprintf("animation %s: in the library but not in the art (stale library?)", a.Name))
			continue
		}
		n++
		fails = append(fails, checkAnimation(a, fs, kinds, maxVertices)...)
	}
	for name, fs := range art {
		if !inLib[name] && oneSize(fs) {
			fails = append(fails, fmt.Sprintf("animation %s: in the art but not in the library", name))
		}
	}
	return fails, n
}

// oneSize reports whether the frames fs share one untrimmed size.
func oneSize(fs []animFrame) bool {
	for _, f := range fs {
		if f.mask.Size() != fs[0].mask.Size() {
			return false
		}
	}
	return true
}

// checkAnimation compares the library's animation a with its frames fs
// in the art, in playing order.
func checkAnimation(a *export.Animation, fs []animFrame, kinds []collide.Kind, maxVertices int) []string {
	var fails []string
	bad := func(format string, args ...any) {
		fails = append(fails, "animation "+a.Name+": "+fmt.Sprintf(format, args...))
	}
	names := make([]string, len(fs))
	for i, f := range fs {
		names[i] = f.name
	}
	if !slices.Equal(a.Frames, names) {
		bad("frames %q, the art has %q (stale library?)", a.Frames, names)
		return fails
	}
	if !oneSize(fs) {
		bad("its frames differ in size in the art, so it has no common body (stale library?)")
		return fails
	}
	size := fs[0].mask.Size()
	if a.Size != [2]int{size.X, size.Y} {
		bad("size %v, its frames are %dx%d", a.Size, size.X, size.Y)
		return fails
	}
	union := fs[0].mask.Clone()
	for _, f := range fs[1:] {
		union.Draw(f.mask, 0, 0)
	}
	if n := union.Count(); a.Pixels != n {
		bad("pixels %d, the union of its frames has %d (stale library?)", a.Pixels, n)
	}
	if want := pivotOf(fs[0].set, fs[0].frame); a.Pivot != want {
		bad("pivot %v, its first frame's is %v", a.Pivot, want)
	}
	masks := make([]*mask.Mask, len(fs))
	for i, f := range fs {
		masks[i] = f.mask
	}
	checkShapes(&a.Sprite, masks, names, kinds, maxVertices, bad)
	return fails
}
