package export

import (
	"bytes"
	"fmt"
	"io"
	"maps"
	"slices"
	"strings"
	"testing"
)

// memReuse is a Reuse that keeps, in memory, what a format wrote for
// each sprite of one file, as the build's cache does in its files: Old
// gives a sprite's bytes as last written when the sprite is the same
// (its JSON), as the cache's fragment keys do.
type memReuse struct {
	old   map[string]memFrag // by sprite name
	wrote []memFrag          // this time, bytes not yet filled in
	used  int                // how many sprites Old gave
	// tamper, when not nil, changes what Old gives.
	tamper func(name string, b, note []byte) ([]byte, []byte)
}

type memFrag struct {
	name, sprite string
	off, n       int64
	b, note      []byte
}

func spriteJSON(t *testing.T, sp *Sprite) string {
	t.Helper()
	b, err := AppendSpriteJSON(nil, sp)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// reuseWrite writes lib in format e with reuse from old (nil: none) and
// returns its files (each after its name, in name order), the omissions
// and what was written for the next time, in the one file that asked for
// a Reuse; the assets are in folder assets.
func reuseWrite(t *testing.T, e EngineFormat, lib *Library, old *memReuse, assets string) (string, []Omission, *memReuse) {
	t.Helper()
	s, err := StreamOf(lib)
	if err != nil {
		t.Fatal(err)
	}
	r := &memReuse{}
	if old != nil {
		r.tamper = old.tamper
		r.old = map[string]memFrag{}
		for _, f := range old.wrote {
			r.old[f.name] = f
		}
	}
	sprites := map[string]string{}
	for i := range lib.Sprites {
		sprites[lib.Sprites[i].Name] = spriteJSON(t, &lib.Sprites[i])
	}
	files := map[string]string{}
	put := func(name string, write func(io.Writer) error) error {
		var b bytes.Buffer
		err := write(&b)
		files[name] = b.String()
		return err
	}
	var asked []string
	om, err := e.Write(put, s, EngineOptions{AssetDir: assets, Reuse: func(name string) Reuse {
		asked = append(asked, name)
		return &memReuseOf{r, sprites}
	}})
	if err != nil {
		t.Fatal(err)
	}
	if len(asked) != 1 {
		t.Fatalf("%s asked for the Reuse of %q, want one file", e.Name, asked)
	}
	file := files[asked[0]]
	for i, f := range r.wrote {
		if f.off < 0 || f.off+f.n > int64(len(file)) {
			t.Fatalf("%s: %s wrote at %d, %d bytes, in a file of %d", e.Name, f.name, f.off, f.n, len(file))
		}
		r.wrote[i].b = []byte(file[f.off : f.off+f.n])
	}
	var all strings.Builder
	for _, name := range slices.Sorted(maps.Keys(files)) {
		fmt.Fprintf(&all, "== %s\n%s", name, files[name])
	}
	return all.String(), om, r
}

// memReuseOf is a memReuse with the sprites' JSON, by name.
type memReuseOf struct {
	r       *memReuse
	sprites map[string]string
}

func (m *memReuseOf) Old(sp *Sprite) ([]byte, []byte, bool) {
	f, ok := m.r.old[sp.Name]
	if !ok || f.sprite != m.sprites[sp.Name] {
		return nil, nil, false
	}
	m.r.used++
	b, note := slices.Clone(f.b), slices.Clone(f.note)
	if m.r.tamper != nil {
		b, note = m.r.tamper(sp.Name, b, note)
	}
	return b, note, true
}

func (m *memReuseOf) Wrote(sp *Sprite, off, n int64, note []byte) {
	if k := len(m.r.wrote); k > 0 && m.r.wrote[k-1].name >= sp.Name {
		panic(fmt.Sprintf("Wrote(%q) after Wrote(%q)", sp.Name, m.r.wrote[k-1].name))
	}
	m.r.wrote = append(m.r.wrote, memFrag{name: sp.Name, sprite: m.sprites[sp.Name], off: off, n: n, note: slices.Clone(note)})
}

// reuseLib returns engineLib with more sprites: pieces of several sizes
// (Godot's sub-resources are numbered across sprites), a box too thin
// for float32 (left out of every format that proves boxes) and hulls past
// Box2D's 8 vertices (left out of the LÖVE format).
func reuseLib() *Library {
	lib := engineLib()
	nine := lib.Sprites[1].Hull
	for i := range 6 {
		var pieces []Ring
		for j := range i%3 + 1 {
			x := float64(3 * j)
			pieces = append(pieces, Ring{{x, 0}, {x + 3, 0}, {x + 3, 4}, {x, 4}})
		}
		lib.Sprites = append(lib.Sprites, Sprite{
			Name: fmt.Sprintf("c/%d", i), Image: fmt.Sprintf("c/%d.png", i), Frame: Frame{W: 9, H: 4}, Size: [2]int{9, 4},
			Pivot: Point{4.5, 2}, Pixels: 20, Hull: nine, Pieces: pieces,
			Circle: &Circle{Center: Point{4, 2}, Radius: 5 + float64(i)/3},
		})
	}
	lib.Sprites = append(lib.Sprites, Sprite{
		Name: "d/thin", Image: "d/thin.png", Frame: Frame{W: 9, H: 4}, Size: [2]int{9, 4}, Pivot: Point{4.5, 2}, Pixels: 1,
		AABB: &AABB{Min: Point{1, 1}, Max: Point{2, 2}}, Box: &Box{Center: Point{2, 2}, Half: Point{3, 1e-5}},
		Polygon: Ring{{1, 1}, {2, 1}, {2, 2}, {1, 2}},
	})
	return lib
}

// reusable returns the engine formats that take a Reuse: all of them
// (Tiled for one of its files).
func reusable() []EngineFormat { return EngineFormats }

// TestReuse writes each one-file engine format, then again after changes
// with the bytes it wrote the first time: the file and the omissions must
// be those written without them, and the unchanged sprites' bytes must
// have been used.
func TestReuse(t *testing.T) {
	changes := []struct {
		name   string
		change func(lib *Library)
	}{
		{"none", func(*Library) {}},
		{"a sprite first with more pieces", func(lib *Library) {
			lib.Sprites[1].Pieces = append(lib.Sprites[1].Pieces, Ring{{4, 2.5}, {8, 2.5}, {8, 4}, {4, 4}})
		}},
		{"a sprite with fewer pieces", func(lib *Library) {
			c := &lib.Sprites[len(lib.Sprites)-4]
			c.Pieces = c.Pieces[:1]
		}},
		{"a sprite removed, one added", func(lib *Library) {
			lib.Sprites = slices.Delete(lib.Sprites, 1, 2)
			add := engineLib().Sprites[1]
			add.Name, add.Image = "0", "0.png"
			lib.Sprites = append(lib.Sprites, add)
		}},
		{"a name that now clashes in Godot", func(lib *Library) {
			lib.Sprites[2].Name = "b.x"
		}},
		{"the thin box changed", func(lib *Library) {
			lib.Sprites[len(lib.Sprites)-1].Box.Half[1] = 2e-5
		}},
	}
	for _, e := range reusable() {
		for _, c := range changes {
			t.Run(e.Name+"/"+c.name, func(t *testing.T) {
				_, _, first := reuseWrite(t, e, reuseLib(), nil, "../art")
				lib := reuseLib()
				c.change(lib)
				want, wantOm, _ := reuseWrite(t, e, lib, nil, "../art")
				got, gotOm, again := reuseWrite(t, e, lib, first, "../art")
				if got != want {
					t.Errorf("written with reuse differs from without at byte %d:\n%s", firstDiff(got, want), got)
				}
				if !slices.Equal(gotOm, wantOm) {
					t.Errorf("omissions with reuse %v, without %v", gotOm, wantOm)
				}
				if again.used == 0 {
					t.Errorf("no sprite's bytes used again")
				}
				if len(wantOm) == 0 && e.Name != "phaser" && e.Name != "tiled" {
					t.Errorf("nothing left out: the test does not test omissions")
				}
			})
		}
	}
}

// TestReuseUsesOld: the bytes Old gives are what is written (their
// content is not checked), so a Reuse that gives changed ones shows in
// the file; and ones that do not fit (ids out of sequence, a note that
// does not fit the sprite, another sprite's bytes) are not used.
func TestReuseUsesOld(t *testing.T) {
	for _, e := range reusable() {
		t.Run(e.Name, func(t *testing.T) {
			lib := reuseLib()
			want, wantOm, first := reuseWrite(t, e, lib, nil, "../art")
			first.tamper = func(name string, b, note []byte) ([]byte, []byte) {
				if i := bytes.LastIndexAny(b, "012345678"); name == "c/1" && i >= 0 {
					b[i]++ // the last digit of a coordinate
				}
				return b, note
			}
			got, _, _ := reuseWrite(t, e, lib, first, "../art")
			if i := firstDiff(got, want); got == want || len(got) != len(want) || got[i+1:] != want[i+1:] || got[i] != want[i]+1 {
				t.Errorf("a digit changed in the Reuse did not show in the file")
			}
			bad := map[string]func(name string, b, note []byte) ([]byte, []byte){
				"ids out of sequence": func(name string, b, note []byte) ([]byte, []byte) {
					return bytes.Replace(b, []byte("id="), []byte("id=1"), 1), note
				},
				"a kind the sprite lacks": func(name string, b, note []byte) ([]byte, []byte) {
					if len(note) == 1 && strings.HasPrefix(name, "c/") {
						note[0] |= 1 << 2 // box
					}
					return b, note
				},
				"a kind it lacks that fits": func(name string, b, note []byte) ([]byte, []byte) {
					if len(note) == 1 {
						note[0] &^= 1 << 1 // circle
					}
					return b, note
				},
				"another sprite's bytes": func(name string, b, note []byte) ([]byte, []byte) {
					return bytes.ReplaceAll(b, []byte(`c/1"`), []byte(`c/10"`)), note // Godot's have no name
				},
			}
			// Tiled's tiles name their images where the assets are.
			elsewhere, _, _ := reuseWrite(t, e, lib, nil, "../other")
			first.tamper = nil
			if got, _, _ := reuseWrite(t, e, lib, first, "../other"); got != elsewhere {
				t.Errorf("assets elsewhere: the file differs from a write without reuse")
			}
			for what, tamper := range bad {
				first.tamper = tamper
				got, gotOm, _ := reuseWrite(t, e, lib, first, "../art")
				if (e.Name == "phaser" || e.Name == "tiled") && what != "another sprite's bytes" && what != "ids out of sequence" {
					continue // no note
				}
				if got != want || !slices.Equal(gotOm, wantOm) {
					t.Errorf("%s: used: the file or the omissions differ from a write without reuse", what)
				}
			}
		})
	}
}
