package enginetest

import (
	"context"
	"encoding/json"
	"os"
	"os/exec"
	"testing"
	"time"
)

// godotCheck loads the Godot 3 scene and tests each pair of pairs.json
// with Godot's own narrow phase (Shape2D.collide, the physics server's
// shape_collide): the pair's kinds are the CollisionShape2D nodes of that
// kind under each sprite's Area2D, placed by the node's transform under
// the sprite's pivot at its position, turned. It prints one digit per
// pair.
const godotCheck = `extends SceneTree

func _init():
	var scene = load("res://shapes.godot3.tscn").instance()
	var f = File.new()
	f.open("res://pairs.json", File.READ)
	var pairs = parse_json(f.get_as_text())
	f.close()
	var areas = {}
	for n in scene.get_children():
		areas[n.get_meta("sprite")] = n
	var out = PoolStringArray()
	for p in pairs:
		var a = parts(areas[p[0]], p[1], p[2], p[3], p[4])
		var b = parts(areas[p[5]], p[6], p[7], p[8], p[9])
		if a.empty() or b.empty():
			print("ERROR no shapes for ", p)
			quit(1)
			return
		var hit = false
		for sa in a:
			for sb in b:
				if sa[0].collide(sa[1], sb[0], sb[1]):
					hit = true
		out.append("1" if hit else "0")
	print("RESULT ", out.join(""))
	quit()

func parts(area, kind, x, y, angle):
	var res = []
	var xf = Transform2D(angle, Vector2(x, y))
	for c in area.get_children():
		if c.name.rstrip("0123456789") == kind:
			res.append([c.shape, xf * c.transform])
	return res
`

// godotTolerance is the agreement band for Godot: its float32 vectors
// and its solver's epsilons, about 1e-3 px.
const godotTolerance = 1e-3

func TestGodot3(t *testing.T) {
	godot, err := exec.LookPath("godot3-server")
	if err != nil {
		t.Skip("Godot 3 not installed (Debian package godot3-server): ", err)
	}
	all := libs(t)
	for _, name := range sortedKeys(all) {
		lib := all[name]
		t.Run(name, func(t *testing.T) {
			files, _ := write(t, "godot3", lib, "")
			shapes, err := godotShapes(string(files["shapes.godot3.tscn"]), 2)
			if err != nil {
				t.Fatal(err)
			}
			ps := pairs(lib, 2000, 3, []string{"aabb", "circle", "box", "hull", "polygon", "pieces"}, func(n, k string) bool {
				_, ok := shapes[n][k]
				return ok
			})
			rows := make([][]any, len(ps))
			for i, p := range ps {
				rows[i] = []any{p.A, p.KA, p.PA[0], p.PA[1], p.AA, p.B, p.KB, p.PB[0], p.PB[1], p.AB}
			}
			pj, err := json.Marshal(rows)
			if err != nil {
				t.Fatal(err)
			}
			dir := t.TempDir()
			files["pairs.json"] = pj
			files["check.gd"] = []byte(godotCheck)
			files["project.godot"] = []byte("config_version=4\n\n[application]\n\nconfig/name=\"shapegen check\"\n")
			writeDir(t, dir, files)
			start := time.Now()
			ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
			defer cancel()
			cmd := exec.CommandContext(ctx, godot, "--fixed-fps", "60", "--path", dir, "-s", "check.gd")
			cmd.Env = append(os.Environ(), "HOME="+t.TempDir())
			out, err := cmd.CombinedOutput()
			elapsed := time.Since(start)
			verdicts := resultLine(out, len(ps))
			if verdicts == nil {
				t.Fatalf("godot3-server: %v\n%s", err, out)
			}
			agree(ps, verdicts, godotTolerance).report(t, "Godot 3.2", name, len(ps))
			t.Logf("Godot 3 check took %v", elapsed.Round(time.Millisecond))
		})
	}
}
