package export

import (
	"bytes"
	"fmt"
	"io"
	"math"
	"math/rand/v2"
	"os"
	"reflect"
	"testing"
)

// TestEnginesMatchReference holds every engine format to its reference
// writer (engines_ref_test.go), file for file and byte for byte, with the
// same omissions: on the engine test library, on the golden library, on
// benchLib and on thousands of random libraries (numbers of every
// magnitude, integer and half-pixel coordinates, odd names, sheets,
// grids, turned frames, kinds left out).
func TestEnginesMatchReference(t *testing.T) {
	check := func(name string, lib *Library) {
		t.Helper()
		s, err := StreamOf(lib)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		for i, e := range EngineFormats {
			got, gotOm, gotErr := writeFiles(e, s)
			want, wantOm, wantErr := writeFiles(refEngineFormats[i], s)
			if fmt.Sprint(gotErr) != fmt.Sprint(wantErr) {
				t.Fatalf("%s: %s: error %v, reference %v", name, e.Name, gotErr, wantErr)
			}
			if !reflect.DeepEqual(gotOm, wantOm) {
				t.Fatalf("%s: %s: omissions\n%v\nreference\n%v", name, e.Name, gotOm, wantOm)
			}
			if len(got) != len(want) {
				t.Fatalf("%s: %s: files %d, reference %d", name, e.Name, len(got), len(want))
			}
			for f, w := range want {
				if g := got[f]; g != w {
					t.Fatalf("%s: %s: %s differs from the reference at byte %d:\n%s\nreference\n%s", name, e.Name, f, firstDiff(g, w), g, w)
				}
			}
		}
	}
	check("engineLib", engineLib())
	check("benchLib", benchLib(50))
	if lib, err := Load("../golden/shapes.json"); err == nil {
		check("golden", lib)
	}
	rng := rand.New(rand.NewPCG(5, 6))
	n := 3000
	if testing.Short() {
		n = 300
	}
	for i := range n {
		check(fmt.Sprintf("random %d", i), randomEngineLib(rng))
	}
}

// TestEnginesMatchReferenceLibrary is TestEnginesMatchReference on the
// library file named by $SHAPEGEN_BENCH_LIBRARY, when set.
func TestEnginesMatchReferenceLibrary(t *testing.T) {
	path := os.Getenv("SHAPEGEN_BENCH_LIBRARY")
	if path == "" {
		t.Skip("SHAPEGEN_BENCH_LIBRARY not set")
	}
	lib, err := Load(path)
	if err != nil {
		t.Fatal(err)
	}
	s, err := StreamOf(lib)
	if err != nil {
		t.Fatal(err)
	}
	for i, e := range EngineFormats {
		got, gotOm, gotErr := writeFiles(e, s)
		want, wantOm, wantErr := writeFiles(refEngineFormats[i], s)
		if gotErr != nil || wantErr != nil || !reflect.DeepEqual(gotOm, wantOm) || !reflect.DeepEqual(got, want) {
			t.Errorf("%s differs from the reference (errors %v, %v)", e.Name, gotErr, wantErr)
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
	names := []string{"a", "b/c", "q\"\\\n/é", "x.y:z@w%", "tab\there", "<&'>", "\x01\x7f", "long name with spaces"}
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
			drop := rng.IntN(64)
			if drop&1 != 0 {
				sp.Pieces = nil
			}
			if drop&2 != 0 {
				sp.Polygon = nil
			}
			if drop&4 != 0 {
				sp.Hull = nil
			}
			if drop&8 != 0 {
				sp.Box = nil
			}
			if drop&16 != 0 {
				sp.AABB = nil
			}
			if drop&32 != 0 {
				sp.Circle = nil
			}
		}
	}
	return sorted(lib)
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

// TestOutward32MatchesReference holds Outward32 (its memory reused, as the
// writers call it) to the reference copy of it, polygon for polygon, on
// random convex rings of every size and place, integer and not, and for
// both engines' limits.
func TestOutward32MatchesReference(t *testing.T) {
	rng := rand.New(rand.NewPCG(11, 12))
	var buf outwardBuf
	var dst Ring
	for i := range 200000 {
		scale := math.Pow(10, float64(rng.IntN(12)-3))
		r := randomConvex(rng, 3+rng.IntN(10), Point{(rng.Float64() - 0.5) * scale, (rng.Float64() - 0.5) * scale}, scale*rng.Float64(), scale*rng.Float64())
		if rng.IntN(2) == 0 {
			for j := range r {
				r[j] = Point{math.Round(r[j][0]), math.Round(r[j][1])}
			}
		}
		origin := Point{float64(rng.IntN(64)) / 2, float64(rng.IntN(64)) / 2}
		lim := []Limits32{box2DLimits, godotLimits, {}}[rng.IntN(3)]
		want, wantOK := refOutward32(r, origin, lim)
		n := len(dst)
		got, ok := buf.outward32(dst, r, origin, lim)
		if ok != wantOK || ok && !reflect.DeepEqual(got[n:], want) || !ok && len(got) != n {
			t.Fatalf("case %d: outward32(%v, %v, %+v) = %v, %v; reference %v, %v", i, r, origin, lim, got[n:], ok, want, wantOK)
		}
		if dst = got; len(dst) > 1000 {
			dst = dst[:0]
		}
	}
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
