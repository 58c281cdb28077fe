package export

import (
	"bytes"
	"fmt"
	"io"
	"io/fs"
	"maps"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/shapegen/shapegen/collide"
	"github.com/shapegen/shapegen/internal/update"
)

// goldenEngines is where TestEnginesGolden keeps its golden files: a
// folder per library, each holding the files of every engine format and
// omissions.txt.
const goldenEngines = "testdata/engines"

// goldenEngineLibs are the libraries of TestEnginesGolden: the engine test
// library, and a fixed random one (randomEngineLib 40 times, under r00/
// to r39/, and a regular sheet) that reaches the writers' paths: odd
// names, numbers of every magnitude, whole and half pixels, sheets,
// grids, turned frames, each kind some sprite's only one, kinds left out.
// The random one changes with randomLib: refresh the files then.
func goldenEngineLibs() map[string]*Library {
	rng := rand.New(rand.NewPCG(15, 16))
	random := &Library{Format: Format, Generator: "shapegen test"}
	for k := range 40 {
		for _, sp := range randomEngineLib(rng).Sprites {
			sp.Name = fmt.Sprintf("r%02d/%s", k, sp.Name)
			sp.Image = fmt.Sprintf("r%02d/%s", k, sp.Image)
			random.Sprites = append(random.Sprites, sp)
		}
	}
	// Every fourth sprite keeps one kind only (if it has it), each kind in
	// turn, so that each is some sprite's only shape (Phaser's circle).
	for i := range random.Sprites {
		if i%4 != 0 {
			continue
		}
		only := spriteKinds[i/4%len(spriteKinds)]
		dropKinds(&random.Sprites[i], func(k collide.Kind) bool { return k != only })
	}
	// A regular sheet: frames 0 to 11 on a grid of 3 columns, with a
	// margin and spacing.
	for i := range 12 {
		random.Sprites = append(random.Sprites, Sprite{Name: "grid/" + strconv.Itoa(i), Image: "grid.png",
			Frame: Frame{X: 1 + 5*(i%3), Y: 1 + 4*(i/3), W: 4, H: 3}, Size: [2]int{4, 3}, Pivot: Point{2, 1.5}, Pixels: 12,
			Polygon: Ring{{0, 0}, {4, 0}, {4, 3}, {0, 3}}})
	}
	return map[string]*Library{"engine": engineLib(), "random": random}
}

// TestEnginesGolden writes the goldenEngineLibs in every engine format and
// compares the files, and the omissions, with testdata/engines; refresh
// with
//
//	go test ./export -run EnginesGolden -update
//
// and review `git diff export/testdata/engines` before committing.
func TestEnginesGolden(t *testing.T) {
	for name, lib := range goldenEngineLibs() {
		got, omitted := writeEngines(t, lib)
		var om []string
		for _, o := range omitted {
			om = append(om, strconv.Quote(o.String()))
		}
		got["omissions.txt"] = strings.Join(om, "\n") + "\n"
		dir := filepath.Join(goldenEngines, name)
		if update.Enabled() {
			if err := os.RemoveAll(dir); err != nil {
				t.Fatal(err)
			}
			for f, data := range got {
				p := filepath.Join(dir, filepath.FromSlash(f))
				if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(p, []byte(data), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			continue
		}
		want := map[string]string{}
		err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
			if err != nil || d.IsDir() {
				return err
			}
			data, err := os.ReadFile(p)
			rel, _ := filepath.Rel(dir, p)
			want[filepath.ToSlash(rel)] = string(data)
			return err
		})
		if err != nil {
			t.Fatalf("%v (run go test ./export -run EnginesGolden -update)", err)
		}
		if g, w := slices.Sorted(maps.Keys(got)), slices.Sorted(maps.Keys(want)); !slices.Equal(g, w) {
			t.Errorf("%s: files %q, golden %q", name, g, w)
		}
		for f, w := range want {
			if g, ok := got[f]; ok && g != w {
				t.Errorf("%s: %s differs from %s/%s at byte %d (run go test ./export -run EnginesGolden -update and review the diff)", name, f, dir, f, firstDiff(g, w))
			}
		}
	}
}

// writeFiles writes s in format e and returns its files by name.
func writeFiles(e EngineFormat, s Stream) (map[string]string, []Omission, error) {
	files := map[string]string{}
	put := func(name string, write func(io.Writer) error) error {
		var b bytes.Buffer
		if err := write(&b); err != nil {
			return err
		}
		files[name] = b.String()
		return nil
	}
	om, err := e.Write(put, s, EngineOptions{AssetDir: "../art"})
	return files, om, err
}

// firstDiff returns the index of the first byte where a and b differ.
func firstDiff(a, b string) int {
	i := 0
	for i < len(a) && i < len(b) && a[i] == b[i] {
		i++
	}
	return i
}

// randomEngineLib returns a random library (randomLib's) made to reach
// every path of the engine writers: integer and half-pixel coordinates,
// hulls past Box2D's 8 vertices, odd names, frames of sheets (some on a
// grid), stored turned or rotated.
func randomEngineLib(rng *rand.Rand) *Library {
	lib := randomLib(rng)
	names := []string{"a", "b/c", "q\"\\\n/é", "x.y:z@w%", "tab\there", "<&'>", "\x01\x7f", "cr\rlf\n", "long name with spaces"}
	small := func(ring Ring, grid float64) Ring {
		out := make(Ring, len(ring))
		for i, p := range ring {
			out[i] = Point{math.Round(p[0]*grid) / grid, math.Round(p[1]*grid) / grid}
		}
		return out
	}
	for i := range lib.Sprites {
		sp := &lib.Sprites[i]
		switch rng.IntN(4) {
		case 0:
			sp.Name = fmt.Sprintf("%s%d", names[rng.IntN(len(names))], i)
			sp.Image = sp.Name + ".png"
		case 1: // a frame of a sheet, maybe on a grid
			sp.Image = "sheets/s.png"
			sp.Name = fmt.Sprintf("sheets/s/%d", i)
			if rng.IntN(2) == 0 {
				sp.Frame = Frame{X: 1 + i*10, Y: 1, W: 8, H: 8}
				sp.Size, sp.Offset, sp.Rotated, sp.Turn, sp.Mask = [2]int{8, 8}, nil, false, 0, nil
			}
		}
		switch rng.IntN(4) {
		case 0:
			sp.Rotated = true
		case 1:
			sp.Turn = 180
		case 2:
			sp.Turn = 270
		}
		if rng.IntN(2) == 0 {
			sp.Pivot = Point{float64(rng.IntN(64)) / 2, float64(rng.IntN(64)) / 2}
		}
		if sp.Hull != nil && rng.IntN(2) == 0 {
			// Integer or half-pixel vertices, as real hulls and pivots are;
			// a regular polygon of up to 8 vertices stays convex so when
			// its radius is large enough.
			g := float64(1 + rng.IntN(2))
			sp.Hull = small(scaleRing(sp.Hull, 20), g)
			sp.Polygon = small(scaleRing(sp.Polygon, 20), g)
			for j := range sp.Pieces {
				sp.Pieces[j] = small(scaleRing(sp.Pieces[j], 20), g)
			}
			sp.Box.Angle = float64(rng.IntN(3)) / 4
		}
		if sp.Hull != nil && rng.IntN(3) == 0 {
			sp.Hull = nonagon(float64(rng.IntN(100)) / 4)
		}
		// Each kind left out now and then, so that each is some sprite's
		// first (Phaser's and Godot's choices).
		if rng.IntN(2) == 0 {
			drop := rng.IntN(64) // a bit a kind, in the order of bits
			bits := []collide.Kind{collide.KindPieces, collide.KindPolygon, collide.KindHull, collide.KindBox, collide.KindAABB, collide.KindCircle}
			dropKinds(sp, func(k collide.Kind) bool { return drop&(1<<slices.Index(bits, k)) != 0 })
		}
	}
	return sorted(lib)
}

// dropKinds takes each shape kind k that drop(k) selects out of sp.
func dropKinds(sp *Sprite, drop func(collide.Kind) bool) {
	for _, k := range spriteKinds {
		if !drop(k) {
			continue
		}
		switch k {
		case collide.KindAABB:
			sp.AABB = nil
		case collide.KindCircle:
			sp.Circle = nil
		case collide.KindBox:
			sp.Box = nil
		case collide.KindHull:
			sp.Hull = nil
		case collide.KindPolygon:
			sp.Polygon = nil
		case collide.KindPieces:
			sp.Pieces = nil
		}
	}
}

// scaleRing returns r scaled by k about its first vertex.
func scaleRing(r Ring, k float64) Ring {
	out := make(Ring, len(r))
	for i, p := range r {
		out[i] = Point{r[0][0] + k*(p[0]-r[0][0]), r[0][1] + k*(p[1]-r[0][1])}
	}
	return out
}

// nonagon returns a convex 9-gon (too many vertices for Box2D) at x0.
func nonagon(x0 float64) Ring {
	r := Ring{{2, 0}, {6, 0}, {7.5, 0.5}, {8, 1}, {8, 3}, {6, 4}, {2, 4}, {0, 3}, {0, 1}}
	for i := range r {
		r[i][0] += x0
	}
	return r
}

// TestHypotNotBelowMax checks what apart relies on to skip math.Hypot:
// it is never below the larger of |dx| and |dy|.
func TestHypotNotBelowMax(t *testing.T) {
	rng := rand.New(rand.NewPCG(13, 14))
	for range 1_000_000 {
		dx := math.Ldexp(rng.Float64(), rng.IntN(2000)-1000) // of every magnitude
		dy := dx * rng.Float64() * math.Pow(2, float64(-rng.IntN(60)))
		if rng.IntN(2) == 0 {
			dx, dy = -dy, dx
		}
		if h, m := math.Hypot(dx, dy), max(math.Abs(dx), math.Abs(dy)); h < m {
			t.Fatalf("math.Hypot(%v, %v) = %v, below %v", dx, dy, h, m)
		}
	}
}
