package enginetest

import (
	"context"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
	"time"

	"github.com/shapegen/shapegen/export"
)

// jsDir is the folder of shapegen.js and the engine tests' npm packages.
const jsDir = "../../js"

// needNode skips the test unless node and the npm packages of js/ are
// installed, and returns node's path.
func needNode(t *testing.T, pkgs ...string) string {
	t.Helper()
	node, err := exec.LookPath("node")
	if err != nil {
		t.Skip("node not installed (Debian package nodejs): ", err)
	}
	for _, p := range pkgs {
		if _, err := os.Stat(filepath.Join(jsDir, "node_modules", p, "package.json")); err != nil {
			t.Skipf("npm package %s not installed: run npm ci in js/ (%v)", p, err)
		}
	}
	return node
}

// writePairs writes pairs as JSON rows [nameA, kindA, x, y, angle, nameB,
// kindB, x, y, angle] into file.
func writePairs(t *testing.T, file string, ps []Pair) {
	t.Helper()
	rows := make([][]any, len(ps))
	for i, p := range ps {
		rows[i] = []any{p.A, p.KA, p.PA[0], p.PA[1], p.AA, p.B, p.KB, p.PB[0], p.PB[1], p.AB}
	}
	data, err := json.Marshal(rows)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(file, data, 0o644); err != nil {
		t.Fatal(err)
	}
}

// planckSkin is planck.js's touching distance at the reader's default of
// 30 pixels a metre: twice its polygon radius (2 linear slops, 0.01 m).
const planckSkin = 2 * 0.01 * 30

// matterTouch is the band for Matter: it counts exactly touching shapes
// as apart; 1e-6 px covers the rounding of its vertex moves.
const matterTouch = 1e-6

// TestNodeEngines runs shapegen.js with matter-js and planck.js in node
// on random turned pairs of golden/shapes.json and the corpus build, and
// compares the engines' verdicts with collide's. Matter gets no circles
// (it makes them polygons, grown to contain the circle, so its verdict
// differs near the circle by design); planck no polygon past its 12
// vertices (the reader refuses them rather than let planck cut them).
func TestNodeEngines(t *testing.T) {
	node := needNode(t, "matter-js", "planck")
	reader, err := filepath.Abs(filepath.Join(jsDir, "test", "pairs.js"))
	if err != nil {
		t.Fatal(err)
	}
	all := libs(t)
	for _, name := range sortedKeys(all) {
		lib := all[name]
		byName := map[string]*export.Sprite{}
		for i := range lib.Sprites {
			byName[lib.Sprites[i].Name] = &lib.Sprites[i]
		}
		dir := t.TempDir()
		shapes := filepath.Join(dir, "shapes.json")
		f, err := os.Create(shapes)
		if err != nil {
			t.Fatal(err)
		}
		if err := export.WriteJSON(f, lib); err != nil {
			t.Fatal(err)
		}
		f.Close()
		for _, e := range []struct {
			engine string
			kinds  []string
			ok     func(n, k string) bool
			tol    float64
		}{
			{"matter", []string{"aabb", "box", "hull", "polygon", "pieces"}, nil, matterTouch},
			{"planck", []string{"aabb", "circle", "box", "hull", "polygon", "pieces"}, func(n, k string) bool {
				s := byName[n]
				return k != "hull" || len(s.Hull) <= 12
			}, planckSkin},
		} {
			t.Run(name+"/"+e.engine, func(t *testing.T) {
				ps := pairs(lib, 2000, 4, e.kinds, e.ok)
				pf := filepath.Join(dir, e.engine+"-pairs.json")
				writePairs(t, pf, ps)
				start := time.Now()
				ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
				defer cancel()
				cmd := exec.CommandContext(ctx, node, reader, e.engine, shapes, pf)
				out, err := cmd.CombinedOutput()
				verdicts := resultLine(out, len(ps))
				if verdicts == nil {
					t.Fatalf("node %s: %v\n%s", e.engine, err, out)
				}
				agree(ps, verdicts, e.tol).report(t, e.engine, name, len(ps))
				t.Logf("%s check took %v", e.engine, time.Since(start).Round(time.Millisecond))
			})
		}
	}
}
