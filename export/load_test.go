package export

import (
	"errors"
	"image"
	"io/fs"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/shapegen/shapegen/collide"
)

// writeFile writes lib with write into a temporary file and returns its path.
func writeFile(t *testing.T, name string, write func(*os.File) error) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), name)
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	if err := write(f); err != nil {
		t.Fatal(err)
	}
	if err := f.Close(); err != nil {
		t.Fatal(err)
	}
	return path
}

func TestLoad(t *testing.T) {
	for _, w := range writers {
		t.Run(w.name, func(t *testing.T) {
			path := writeFile(t, "shapes."+strings.ToLower(w.name), func(f *os.File) error { return w.write(f, sampleLib()) })
			set, err := Load(path)
			if err != nil {
				t.Fatal(err)
			}
			if got, want := set.Names(), []string{"enemies/bat", "formats/transparent", "sheets/packed/gem"}; !reflect.DeepEqual(got, want) || set.Len() != 3 {
				t.Errorf("Names() = %v (Len %d), want %v", got, set.Len(), want)
			}
			if set.Generator != "shapegen 0.3.0" || set.Settings.AlphaThreshold != 128 {
				t.Errorf("Generator, Settings = %q, %+v", set.Generator, set.Settings)
			}
			bat, ok := set.Get("enemies/bat")
			if !ok {
				t.Fatal(`Get("enemies/bat") not found`)
			}
			want := &Shapes{
				Name: "enemies/bat", Image: "enemies/bat.png", Frame: FrameOf(bat.Frame).Rect(),
				Size: bat.Size, Pivot: collide.V(32, 24), Pixels: 1234,
				Kinds:   KindAABB | KindCircle | KindBox | KindHull | KindPolygon | KindPieces,
				AABB:    collide.R(3, 5, 61, 44),
				Circle:  collide.Circle{Center: collide.V(32.1, 24.6), Radius: 30.2},
				Box:     collide.Box{Center: collide.V(32, 24), Half: collide.V(29, 19.5), Angle: 0.12},
				Hull:    collide.Polygon{collide.V(3, 20), collide.V(10, 5), collide.V(61, 30)},
				Polygon: collide.Polygon{collide.V(3, 20), collide.V(10, 5), collide.V(61, 30)},
				Pieces:  collide.Compound{{collide.V(3, 20), collide.V(10, 5), collide.V(20, 30)}},
				Quality: map[string]Quality{"hull": {0, 1.31, 0.12}, "polygon": {0, 1.38, 0.14}},
			}
			if bat.Frame.Dx() != 64 || bat.Frame.Dy() != 48 || bat.Size.X != 64 || bat.Size.Y != 48 {
				t.Errorf("bat frame %v size %v, want 64x48", bat.Frame, bat.Size)
			}
			if !reflect.DeepEqual(bat, want) {
				t.Errorf("Get(bat) =\n%+v\nwant\n%+v", bat, want)
			}
			gem, _ := set.Get("sheets/packed/gem")
			if gem.Offset.X != 5 || gem.Offset.Y != 9 || !gem.Has(KindMask|KindOutline|KindPieces) || gem.Has(KindCircle) {
				t.Errorf("gem offset %v kinds %b", gem.Offset, gem.Kinds)
			}
			if got, want := show(gem.Mask.Sub(image.Rect(5, 9, 9, 12))), "####\n#.##\n#...\n"; got != want || gem.Mask.Count() != 8 || gem.Mask.Width() != 32 {
				t.Errorf("gem mask =\n%s want\n%s", got, want)
			}
			if len(gem.Outline) != 2 || len(gem.Outline[1]) != 4 {
				t.Errorf("gem outline = %v, want two rings", gem.Outline)
			}
			empty, _ := set.Get("formats/transparent")
			if empty.Kinds != 0 || empty.Pixels != 0 {
				t.Errorf("transparent sprite kinds %b pixels %d, want none", empty.Kinds, empty.Pixels)
			}
			if _, ok := set.Get("nope"); ok {
				t.Errorf(`Get("nope") found a sprite`)
			}
		})
	}
}

func TestLoadErrors(t *testing.T) {
	missing := filepath.Join(t.TempDir(), "none.json")
	if set, err := Load(missing); set != nil || !errors.Is(err, fs.ErrNotExist) || !strings.Contains(err.Error(), missing) {
		t.Errorf("Load(missing) = %v, %v; want nil and a not-exist error naming the file", set, err)
	}
	bad := writeFile(t, "v2.json", func(f *os.File) error {
		_, err := f.WriteString(`{"format": "shapegen/v2"}`)
		return err
	})
	if set, err := Load(bad); set != nil || err == nil || !strings.Contains(err.Error(), bad) || !strings.Contains(err.Error(), `unsupported format "shapegen/v2"`) {
		t.Errorf("Load(v2) = %v, %v; want nil and an error naming the file and the format", set, err)
	}
	if set, err := Read(strings.NewReader(`{"format": "shapegen/v1", "sprites": [{"name": "a", "hull": [[0, 0]]}]}`)); set != nil || err == nil || !strings.Contains(err.Error(), `sprite "a": hull`) {
		t.Errorf("Read(bad hull) = %v, %v; want nil and an error naming the sprite", set, err)
	}
}

func TestPlace(t *testing.T) {
	set, err := NewSet(sampleLib())
	if err != nil {
		t.Fatal(err)
	}
	bat, _ := set.Get("enemies/bat")
	tests := []struct {
		name string
		t    collide.Transform
	}{
		{"at", bat.At(collide.V(100, 50))},
		{"turned", func() collide.Transform { t := bat.At(collide.V(-7, 3)); t.Angle = 2.5; return t }()},
		{"mirrored", func() collide.Transform { t := bat.At(collide.V(10, 10)); t.FlipX = true; return t }()},
		{"scaled", func() collide.Transform { t := bat.At(collide.V(0, 0)); t.Scale = collide.V(2, 2); return t }()},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var p Placed
			bat.Place(tt.t, &p)
			if got := tt.t.Apply(bat.Pivot); got.Dist(tt.t.Pos) > 1e-9 {
				t.Errorf("pivot lands at %v, want %v", got, tt.t.Pos)
			}
			if p.Kinds != bat.Kinds {
				t.Errorf("placed kinds %b, want %b", p.Kinds, bat.Kinds)
			}
			// Every placed vertex is the transform of a local one, and the
			// winding stays positive.
			for _, pair := range []struct{ placed, local collide.Polygon }{{p.Hull, bat.Hull}, {p.Polygon, bat.Polygon}, {p.Pieces[0], bat.Pieces[0]}} {
				if len(pair.placed) != len(pair.local) || pair.placed.Area() <= 0 {
					t.Fatalf("placed polygon %v from %v: wrong length or winding", pair.placed, pair.local)
				}
				for _, v := range pair.local {
					w := tt.t.Apply(v)
					found := false
					for _, q := range pair.placed {
						found = found || q.Dist(w) < 1e-9
					}
					if !found {
						t.Errorf("local vertex %v placed at %v is not in %v", v, w, pair.placed)
					}
				}
			}
			if c := tt.t.Apply(bat.Circle.Center); c.Dist(p.Circle.Center) > 1e-9 {
				t.Errorf("circle centre %v, want %v", p.Circle.Center, c)
			}
			// Bounds and AABB come from collide's own float arithmetic, which
			// may round a corner 1e-15 differently from Apply.
			const eps = 1e-9
			grown := collide.Rect{Min: p.Bounds.Min.Sub(collide.V(eps, eps)), Max: p.Bounds.Max.Add(collide.V(eps, eps))}
			box := p.AABB
			box.Half = box.Half.Add(collide.V(eps, eps))
			for _, c := range bat.AABB.Polygon() {
				if w := tt.t.Apply(c); !grown.ContainsPoint(w) || !box.ContainsPoint(w) {
					t.Errorf("AABB corner %v placed at %v is outside %v / %v", c, w, p.Bounds, p.AABB)
				}
			}
		})
	}
	// A sprite without shapes places nothing, even into used buffers.
	var p Placed
	bat.Place(tests[0].t, &p)
	empty, _ := set.Get("formats/transparent")
	empty.Place(tests[0].t, &p)
	if p.Kinds != 0 || len(p.Hull) != 0 || len(p.Pieces) != 0 || p.Circle.Radius != 0 {
		t.Errorf("Place(empty sprite) = %+v, want nothing", p)
	}
}

func TestPlaceAllocs(t *testing.T) {
	set, err := NewSet(sampleLib())
	if err != nil {
		t.Fatal(err)
	}
	gem, _ := set.Get("sheets/packed/gem")
	var p Placed
	tr := gem.At(collide.V(10, 10))
	gem.Place(tr, &p) // grow the buffers once
	allocs := testing.AllocsPerRun(100, func() {
		tr.Angle += 0.1
		gem.Place(tr, &p)
	})
	if allocs != 0 {
		t.Errorf("Place allocates %v times per call, want 0", allocs)
	}
	if math.IsNaN(p.Bounds.Min.X) {
		t.Errorf("bounds %v", p.Bounds)
	}
}

// TestNoDrawingDeps checks that a game loading shapes does not link the
// drawing libraries.
func TestNoDrawingDeps(t *testing.T) {
	goTool, err := exec.LookPath("go")
	if err != nil {
		t.Skip("no go command:", err)
	}
	out, err := exec.Command(goTool, "list", "-deps", ".").Output()
	if err != nil {
		t.Fatalf("go list -deps: %v", err)
	}
	for _, dep := range strings.Fields(string(out)) {
		if strings.HasPrefix(dep, "github.com/fogleman/gg") || strings.HasPrefix(dep, "github.com/disintegration/imaging") {
			t.Errorf("package export depends on %s", dep)
		}
	}
	if !strings.Contains(string(out), "github.com/shapegen/shapegen/collide") {
		t.Errorf("go list -deps output looks wrong:\n%s", out)
	}
}

func TestOverlapPixels(t *testing.T) {
	// An "L" and a dot, pivots at their top-left pixels' centres.
	l := &Shapes{Pivot: collide.V(0.5, 0.5), Mask: pic("#..", "#..", "###")}
	dot := &Shapes{Pivot: collide.V(0.5, 0.5), Mask: pic("#")}
	tests := []struct {
		name string
		pos  collide.Vec
		want bool
	}{
		{"on the corner", collide.V(10, 12), true},
		{"on the foot", collide.V(12, 12), true},
		{"in the notch", collide.V(11, 11), false},
		{"snapped into the notch", collide.V(11.4, 10.6), false},
		{"snapped onto the stem", collide.V(10.4, 11.2), true},
		{"beyond", collide.V(13, 12), false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := l.OverlapPixels(collide.V(10, 10), dot, tt.pos); got != tt.want {
				t.Errorf("OverlapPixels(L at (10,10), dot at %v) = %v, want %v", tt.pos, got, tt.want)
			}
			if got := dot.OverlapPixels(tt.pos, l, collide.V(10, 10)); got != tt.want {
				t.Errorf("OverlapPixels(dot at %v, L at (10,10)) = %v, want %v", tt.pos, got, tt.want)
			}
		})
	}
	if !l.OverlapPixels(collide.V(0, 0), &Shapes{}, collide.V(100, 100)) {
		t.Errorf("OverlapPixels without a mask = false, want true (the shape test stands)")
	}
	if a := testing.AllocsPerRun(100, func() { l.OverlapPixels(collide.V(10, 10), dot, collide.V(12, 12)) }); a != 0 {
		t.Errorf("OverlapPixels allocates %v times, want 0", a)
	}
}

func TestSetAll(t *testing.T) {
	set, err := NewSet(sampleLib())
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for s := range set.All() {
		names = append(names, s.Name)
		if len(names) == 2 {
			break
		}
	}
	if want := set.Names()[:2]; !reflect.DeepEqual(names, want) {
		t.Errorf("first two of All() = %v, want %v", names, want)
	}
}
