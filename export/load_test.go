package export

import (
	"errors"
	"image"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"slices"
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
			lib, err := Load(path)
			if err != nil {
				t.Fatal(err)
			}
			var names []string
			for _, s := range lib.Sprites {
				names = append(names, s.Name)
			}
			if want := []string{"enemies/bat", "formats/transparent", "sheets/packed/gem"}; !reflect.DeepEqual(names, want) {
				t.Errorf("sprites %v, want %v", names, want)
			}
			if lib.Generator != "shapegen 0.3.0" || lib.Settings.AlphaThreshold != 128 {
				t.Errorf("Generator, Settings = %q, %+v", lib.Generator, lib.Settings)
			}
			bat, ok := lib.Sprite("enemies/bat")
			if !ok {
				t.Fatal(`Sprite("enemies/bat") not found`)
			}
			b := bat.Body()
			want := collide.Shapes{
				collide.KindAABB:    collide.R(3, 5, 61, 44),
				collide.KindCircle:  collide.Circle{Center: collide.V(32.1, 24.6), Radius: 30.2},
				collide.KindBox:     collide.Box{Center: collide.V(32, 24), Half: collide.V(29, 19.5), Angle: 0.12},
				collide.KindHull:    collide.Polygon{collide.V(3, 20), collide.V(10, 5), collide.V(61, 30)},
				collide.KindPolygon: collide.Polygon{collide.V(3, 20), collide.V(10, 5), collide.V(61, 30)},
				collide.KindPieces:  collide.Compound{{collide.V(3, 20), collide.V(10, 5), collide.V(20, 30)}},
			}
			for k := range collide.Kinds() {
				if got := b.Local(k); !reflect.DeepEqual(got, want[k]) {
					t.Errorf("bat body %v = %v, want %v", k, got, want[k])
				}
			}
			if b.Pivot() != collide.V(32, 24) || b.Mask() != nil {
				t.Errorf("bat body pivot %v mask %v, want (32, 24) and none", b.Pivot(), b.Mask())
			}
			gem, _ := lib.Sprite("sheets/packed/gem")
			gb := gem.Body()
			if m := gb.Mask(); m == nil || show(m.Sub(image.Rect(5, 9, 9, 12))) != "####\n#.##\n#...\n" || m.Count() != 8 || m.Width() != 32 {
				t.Errorf("gem body mask = %v", m)
			}
			if gb.Local(collide.KindCircle) != nil || gb.Local(collide.KindPieces) == nil || gb.Local(collide.KindOutline) != nil {
				t.Errorf("gem body kinds wrong: circle %v pieces %v", gb.Local(collide.KindCircle), gb.Local(collide.KindPieces))
			}
			if rs, ok := gem.Shape(collide.KindOutline); !ok || len(rs.(collide.Rings)) != 2 {
				t.Errorf("gem outline = %v, %v, want two rings", rs, ok)
			}
			empty, _ := lib.Sprite("formats/transparent")
			eb := empty.Body()
			for k := range collide.Kinds() {
				if eb.Local(k) != nil {
					t.Errorf("transparent sprite has %v", k)
				}
			}
			if s, ok := lib.Sprite("nope"); ok || s != nil {
				t.Errorf(`Sprite("nope") = %v, %v, want nil, false`, s, ok)
			}
		})
	}
}

func TestLoadErrors(t *testing.T) {
	missing := filepath.Join(t.TempDir(), "none.json")
	if lib, err := Load(missing); lib != nil || !errors.Is(err, fs.ErrNotExist) || !strings.Contains(err.Error(), missing) {
		t.Errorf("Load(missing) = %v, %v; want nil and a not-exist error naming the file", lib, err)
	}
	bad := writeFile(t, "v2.json", func(f *os.File) error {
		_, err := f.WriteString(`{"format": "shapegen/v2"}`)
		return err
	})
	if lib, err := Load(bad); lib != nil || err == nil || !strings.Contains(err.Error(), bad) || !strings.Contains(err.Error(), `unsupported format "shapegen/v2"`) {
		t.Errorf("Load(v2) = %v, %v; want nil and an error naming the file and the format", lib, err)
	}
	if lib, err := Read(strings.NewReader(`{"format": "shapegen/v1", "sprites": [{"name": "a", "hull": [[0, 0]]}]}`)); lib != nil || err == nil || !strings.Contains(err.Error(), `sprite "a": hull`) {
		t.Errorf("Read(bad hull) = %v, %v; want nil and an error naming the sprite", lib, err)
	}
}

// TestBodyPlace: a sprite's body placed by a transform turns, scales and
// mirrors about the sprite's pivot, which lands at the transform's Pos.
func TestBodyPlace(t *testing.T) {
	bat := &sampleLib().Sprites[1]
	pivot := bat.Pivot.Vec()
	for _, tr := range []collide.Transform{
		{Pos: collide.V(100, 50)},
		{Pos: collide.V(-7, 3), Angle: 2.5},
		{Pos: collide.V(10, 10), FlipX: true},
		{Pos: collide.V(0, 0), Scale: collide.V(2, 2)},
		{Pos: collide.V(5.5, -3.25), Angle: -1, Scale: collide.V(0.5, 1.5), FlipY: true},
	} {
		b := bat.Body()
		b.Place(tr)
		at := b.Transform()
		if got := at.Apply(pivot); got.Dist(tr.Pos) > 1e-9 {
			t.Errorf("%+v: pivot lands at %v, want %v", tr, got, tr.Pos)
		}
		for _, k := range []collide.Kind{collide.KindHull, collide.KindPolygon} {
			placed := b.Shape(k).(collide.Polygon)
			local := b.Local(k).(collide.Polygon)
			if len(placed) != len(local) || placed.Area() <= 0 {
				t.Fatalf("%+v: placed %v %v from %v: wrong length or winding", tr, k, placed, local)
			}
			for _, v := range local {
				w, found := at.Apply(v), false
				for _, q := range placed {
					found = found || q.Dist(w) < 1e-9
				}
				if !found {
					t.Errorf("%+v: local %v vertex %v placed at %v is not in %v", tr, k, v, w, placed)
				}
			}
		}
		if c := at.Apply(bat.Circle.Center.Vec()); c.Dist(b.Shape(collide.KindCircle).(collide.Circle).Center) > 1e-9 {
			t.Errorf("%+v: circle centre misplaced", tr)
		}
		// The bounds are those of the placed AABB and circle, intersected.
		box, circle := b.Shape(collide.KindAABB).Bounds(), b.Shape(collide.KindCircle).Bounds()
		if bb := b.Bounds(); bb.Empty() || !box.ContainsRect(bb) || !circle.ContainsRect(bb) {
			t.Errorf("%+v: bounds %v not within the placed AABB's %v and circle's %v", tr, bb, box, circle)
		}
	}
}

// TestBodyAllocs: placing and testing bodies does not allocate once warm.
func TestBodyAllocs(t *testing.T) {
	if raceDetector {
		t.Skip("the race detector allocates for the code it watches: counts are meaningless")
	}
	lib := sorted(sampleLib())
	gem, _ := lib.Sprite("sheets/packed/gem")
	bat, _ := lib.Sprite("enemies/bat")
	a, b := gem.Body(), bat.Body()
	tr := collide.Transform{Pos: collide.V(10, 10)}
	allocs := testing.AllocsPerRun(100, func() {
		tr.Angle += 0.1
		a.Place(tr)
		b.Place(collide.Transform{Pos: collide.V(12, 9)})
		a.Hits(b, collide.PhaseAABB|collide.PhasePolygon|collide.PhasePieces|collide.PhasePixels)
		a.Collide(b, collide.KindPieces)
	})
	if allocs != 0 {
		t.Errorf("Place, Hits and Collide allocate %v times per frame, want 0", allocs)
	}
}

// TestNoDrawingDeps checks that a game loading shapes links neither the
// drawing libraries nor the preview and report packages.
func TestNoDrawingDeps(t *testing.T) {
	goTool, err := exec.LookPath("go")
	if err != nil {
		t.Skip("no go command:", err)
	}
	out, err := exec.Command(goTool, "list", "-deps", ".").Output()
	if err != nil {
		t.Fatalf("go list -deps: %v", err)
	}
	// Of the build's own internal packages only binrec, the record codec
	// of shapes.compact, which needs the standard library alone.
	const binrec = "github.com/shapegen/shapegen/internal/binrec"
	for _, dep := range strings.Fields(string(out)) {
		for _, no := range []string{"github.com/fogleman/gg", "github.com/disintegration/imaging", "github.com/shapegen/shapegen/export/", "github.com/shapegen/shapegen/internal/"} {
			if strings.HasPrefix(dep, no) && dep != binrec {
				t.Errorf("package export depends on %s", dep)
			}
		}
	}
	own, err := exec.Command(goTool, "list", "-deps", "-f", "{{if not .Standard}}{{.ImportPath}}{{end}}", binrec).Output()
	if err != nil {
		t.Fatalf("go list -deps %s: %v", binrec, err)
	}
	if deps := strings.Fields(string(own)); !slices.Equal(deps, []string{binrec}) {
		t.Errorf("%s depends on %v, want the standard library alone", binrec, deps)
	}
	if !strings.Contains(string(out), "github.com/shapegen/shapegen/collide") {
		t.Errorf("go list -deps output looks wrong:\n%s", out)
	}
}
