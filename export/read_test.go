package export

import (
	"bytes"
	"errors"
	"reflect"
	"strings"
	"testing"
)

const minimalJSON = `{"format": "shapegen/v1", "settings": {"alpha_threshold": 128}, "sprites": [
  {"name": "a", "image": "a.png", "frame": {"x": 0, "y": 0, "w": 4, "h": 4}, "size": [4, 4], "pivot": [2, 2], "pixels": 16,
   "aabb": {"min": [0, 0], "max": [4, 4]}, "hull": [[0, 0], [4, 0], [4, 4], [0, 4]]}]}`

func TestReadFormat(t *testing.T) {
	tests := []struct {
		name, in, want string
	}{
		{"unknown JSON", `{"format": "shapegen/v2", "sprites": [{"name": 3}]}`, `unsupported format "shapegen/v2", want shapegen/v1`},
		{"unknown YAML", "format: other\nsprites: 7\n", `unsupported format "other", want shapegen/v1`},
		{"number", `{"format": 1}`, `unsupported format "1", want shapegen/v1`},
		{"missing JSON", `{"sprites": []}`, "missing format, want shapegen/v1"},
		{"missing YAML", "sprites: []\n", "missing format, want shapegen/v1"},
		{"empty input", "", "missing format, want shapegen/v1"},
		{"not an object", "[1, 2]", "not a shape library"},
		{"broken JSON", `{"format": "shapegen/v1", "sprites": [`, "not a shape library (JSON)"},
		{"wrong type", `{"format": "shapegen/v1", "sprites": {"a": 1}}`, "bad shape library (JSON)"},
		{"wrong type YAML", "format: shapegen/v1\nsprites: [{name: a, pixels: many}]\n", "bad shape library (YAML)"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			lib, err := Read(strings.NewReader(tt.in))
			if err == nil || lib != nil || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("Read(%q) = %v, %v; want nil and an error containing %q", tt.in, lib, err, tt.want)
			}
		})
	}
}

func TestReadIgnoresUnknownKeys(t *testing.T) {
	tests := []struct{ name, in string }{
		{"JSON", `{"format": "shapegen/v1", "future": {"x": [1, 2]}, "settings": {"alpha_threshold": 128, "new": true},
		  "sprites": [{"name": "a", "image": "a.png", "frame": {"x": 0, "y": 0, "w": 4, "h": 4, "z": 1}, "size": [4, 4],
		  "pivot": [2, 2], "pixels": 16, "aabb": {"min": [0, 0], "max": [4, 4], "label": "x"}, "capsule": {"r": 2},
		  "hull": [[0, 0], [4, 0], [4, 4], [0, 4]]}]}`},
		{"YAML", "format: shapegen/v1\nfuture: {x: [1, 2]}\nsettings: {alpha_threshold: 128, new: true}\nsprites:\n" +
			"  - {name: a, image: a.png, frame: {x: 0, y: 0, w: 4, h: 4, z: 1}, size: [4, 4], pivot: [2, 2], pixels: 16,\n" +
			"     aabb: {min: [0, 0], max: [4, 4], label: x}, capsule: {r: 2}, hull: [[0, 0], [4, 0], [4, 4], [0, 4]]}\n"},
		{"JSON with BOM", "\ufeff  \n" + minimalJSON},
	}
	want, err := Read(strings.NewReader(minimalJSON))
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := Read(strings.NewReader(tt.in))
			if err != nil {
				t.Fatalf("Read error %v", err)
			}
			if got.Sprites[0].Name != "a" || got.Sprites[0].Hull.Polygon().Area() != 16 || !reflect.DeepEqual(got.Settings, want.Settings) {
				t.Errorf("Read = %+v, want %+v", got, want)
			}
		})
	}
}

// TestReadValidates edits the minimal library into each kind of invalid
// one; the error must name the sprite and the problem.
func TestReadValidates(t *testing.T) {
	const sprite = `{"name": "a", "image": "a.png", "frame": {"x": 0, "y": 0, "w": 4, "h": 4}, "size": [4, 4], "pivot": [2, 2], "pixels": 16`
	lib := func(extra string) string {
		return `{"format": "shapegen/v1", "sprites": [` + sprite + extra + `}]}`
	}
	tests := []struct {
		name, in, want string
	}{
		{"two-point polygon", lib(`, "polygon": [[0, 0], [1, 1]]`), `sprite "a": polygon: 2 points, want 3 to 65536`},
		{"huge box", lib(`, "box": {"center": [2, 2], "half": [1e308, 1], "angle": 0}`), `sprite "a": box: 1e+308 is beyond 1073741824 px (2^30)`},
		{"huge aabb", lib(`, "aabb": {"min": [-1e308, 0], "max": [1e308, 4]}`), `sprite "a": aabb: -1e+308 is beyond`},
		{"huge circle", lib(`, "circle": {"center": [2, 2], "radius": 1e308}`), `sprite "a": circle: 1e+308 is beyond`},
		{"huge polygon", lib(`, "polygon": [[-1e300, -1e300], [1e300, -1e300], [0, 1e300]]`), `sprite "a": polygon: point [-1e+300 -1e+300] is beyond`},
		{"huge size", lib(`, "frame": {"x": 0, "y": 0, "w": 2000000000, "h": 4}`), `sprite "a": frame: 2000000000 is beyond`},
		{"too many pieces", lib(`, "pieces": [` + strings.Repeat(`[[0, 0], [1, 0], [0, 1]], `, MaxPieces) + `[[0, 0], [1, 0], [0, 1]]]`), `sprite "a": pieces: 65 pieces, at most 64`},
		{"empty piece", lib(`, "pieces": [[[0, 0], [4, 0], [4, 4]], []]`), `sprite "a": piece 1: 0 points`},
		{"negative winding hull", lib(`, "hull": [[0, 0], [0, 4], [4, 4], [4, 0]]`), `sprite "a": hull: not a convex polygon with positive winding`},
		{"concave hull", lib(`, "hull": [[0, 0], [4, 0], [1, 1], [0, 4]]`), `sprite "a": hull: not a convex polygon`},
		{"pentagram hull", lib(`, "hull": [[10, 0], [15.9, 18.1], [0.5, 6.9], [19.5, 6.9], [4.1, 18.1]]`), "winds more than once"},
		{"collinear-only hull", lib(`, "hull": [[0, 0], [1, 1], [2, 2]]`), `sprite "a": hull: not a convex polygon`},
		{"two-point outline", lib(`, "outline": [[[0, 0], [1, 0]]]`), `sprite "a": outline ring 0: 2 points`},
		{"negative size", strings.Replace(lib(""), `"size": [4, 4]`, `"size": [-4, 4]`, 1), `sprite "a": size [-4 4] is negative`},
		{"negative frame", strings.Replace(lib(""), `"w": 4`, `"w": -1`, 1), `sprite "a": frame`},
		{"negative pixels", strings.Replace(lib(""), `"pixels": 16`, `"pixels": -16`, 1), `sprite "a": pixels -16`},
		{"negative offset", lib(`, "offset": [-1, 0]`), `sprite "a": offset [-1 0] is negative`},
		{"negative radius", lib(`, "circle": {"center": [2, 2], "radius": -1}`), `sprite "a": circle`},
		{"negative half", lib(`, "box": {"center": [2, 2], "half": [-1, 2], "angle": 0}`), `sprite "a": box`},
		{"inverted aabb", lib(`, "aabb": {"min": [4, 0], "max": [0, 4]}`), `sprite "a": aabb`},
		{"negative outside", lib(`, "quality": {"hull": {"outside": -1, "area_ratio": 1, "fp_area": 0}}`), `sprite "a": quality "hull"`},
		{"bad mask", lib(`, "mask": {"w": 4, "h": 4, "rle": "BQ=="}`), `sprite "a": mask: bad mask run-length data`},
		{"mask size", lib(`, "mask": {"w": 4, "h": 1, "rle": "BA=="}`), `sprite "a": mask is 4x1, want the sprite's size 4x4`},
		{"no name", strings.Replace(lib(""), `"name": "a"`, `"name": ""`, 1), "sprite 0 has no name"},
		{"duplicate", `{"format": "shapegen/v1", "sprites": [` + sprite + `}, ` + sprite + `}]}`, `sprite "a" appears twice`},
		{"threshold", `{"format": "shapegen/v1", "settings": {"alpha_threshold": 300}}`, "settings"},
		{"YAML NaN", "format: shapegen/v1\nsprites:\n  - {name: a, size: [1, 1], pivot: [.nan, 0]}\n", `sprite "a": pivot`},
		{"YAML infinite", "format: shapegen/v1\nsprites:\n  - {name: a, circle: {center: [0, 0], radius: .inf}}\n", `sprite "a": circle`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := Read(strings.NewReader(tt.in))
			if err == nil || got != nil || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("Read(%s) = %v, %v; want nil and an error containing %q", tt.in, got, err, tt.want)
			}
		})
	}
	// The valid base reads.
	if _, err := Read(strings.NewReader(lib(""))); err != nil {
		t.Errorf("Read(valid) error %v", err)
	}
}

func TestCheckConvexReversed(t *testing.T) {
	// Every valid convex ring turns invalid when reversed, and vice versa:
	// winding cannot pass by accident.
	rings := []Ring{
		{{0, 0}, {4, 0}, {4, 4}, {0, 4}},
		{{3, 20}, {10, 5}, {61, 30}},
		{{0, 0}, {2, 0}, {4, 0}, {4, 4}}, // collinear vertex: accepted
		{{0, 0}, {1e6, 1e-3}, {1e6 + 1, 5}},
	}
	for _, r := range rings {
		if err := checkConvex(r); err != nil {
			t.Errorf("checkConvex(%v) = %v, want nil", r, err)
		}
		rev := Ring(nil)
		for i := len(r) - 1; i >= 0; i-- {
			rev = append(rev, r[i])
		}
		if err := checkConvex(rev); !errors.Is(err, errConvex) {
			t.Errorf("checkConvex(%v) = %v, want errConvex", rev, err)
		}
	}
}

// FuzzRead checks that Read never panics and that whatever
// it accepts writes back (as JSON and as YAML) to a library that reads the
// same. Run longer with
//
//	go test ./export -run '^$' -fuzz FuzzRead -fuzztime 1m
func FuzzRead(f *testing.F) {
	f.Add([]byte(minimalJSON))
	for _, w := range writers {
		var buf bytes.Buffer
		if err := w.write(&buf, sampleLib()); err != nil {
			f.Fatal(err)
		}
		f.Add(buf.Bytes())
	}
	f.Add([]byte("format: shapegen/v1\nsprites: [{name: a, hull: [[0, 0], [1, 0], [0, 1]]}]\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		lib, err := Read(bytes.NewReader(data))
		if err != nil {
			if lib != nil {
				t.Fatalf("Read returned a library and error %v", err)
			}
			return
		}
		for _, s := range lib.Sprites {
			if s.Mask != nil && s.Mask.W*s.Mask.H > 1<<16 {
				return // huge masks are valid but make each run slow
			}
		}
		for _, w := range writers {
			var buf bytes.Buffer
			if err := w.write(&buf, lib); err != nil {
				t.Fatalf("Write%s(Read(data)) error %v", w.name, err)
			}
			back, err := Read(&buf)
			if err != nil {
				t.Fatalf("Read(Write%s(lib)) error %v", w.name, err)
			}
			if !reflect.DeepEqual(back, sorted(lib)) {
				t.Fatalf("Read(Write%s(lib)) =\n%+v\nwant\n%+v", w.name, back, lib)
			}
		}
	})
}
