package enginetest

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"
)

// loveMain runs the pairs of pairs.lua in LÖVE: per pair a world, A a
// dynamic body and B a static one at their pivots, turned, with the
// fixtures of shapes.lua's fixtures(); one step of zero time finds the
// contacts (and moves nothing), and a pair collides when a contact is
// touching. It prints one digit per pair, and then, on a line TURNS,
// name=turn for each sprite whose frame is stored turned.
const loveMain = `local shapes = require("shapes")
function love.load()
  local turns = {}
  for name, s in pairs(shapes.sprites) do
    if s.turn ~= 0 then turns[#turns + 1] = name .. "=" .. s.turn end
  end
  io.write("TURNS ", table.concat(turns, "\t"), "\n")
  local ps = require("pairs")
  local out = {}
  for i, p in ipairs(ps) do
    local world = love.physics.newWorld(0, 0, false)
    local a = love.physics.newBody(world, p[3], p[4], "dynamic")
    a:setAngle(p[5])
    local b = love.physics.newBody(world, p[8], p[9], "static")
    b:setAngle(p[10])
    local fa, ea = shapes.fixtures(a, p[1], p[2])
    local fb, eb = shapes.fixtures(b, p[6], p[7])
    if not fa or not fb then error(ea or eb) end
    world:update(0)
    local hit = false
    for _, c in ipairs(world:getContacts()) do
      if c:isTouching() then hit = true end
    end
    out[i] = hit and "1" or "0"
    world:destroy()
  end
  io.write("RESULT ", table.concat(out), "\n")
  io.flush()
  os.exit(0)
end
`

// loveConf turns off every module a headless run does not need: no
// window, no graphics, no sound.
const loveConf = `function love.conf(t)
  t.window = false
  t.modules.window = false
  t.modules.graphics = false
  t.modules.audio = false
  t.modules.sound = false
  t.modules.joystick = false
  t.modules.video = false
end
`

// box2DSkin is the distance within which Box2D's polygons touch at LÖVE's
// default 30 pixels a metre: twice b2_polygonRadius (0.01 m), plus a
// float32 margin.
const box2DSkin = 2*0.01*30 + 1e-3

func TestLove(t *testing.T) {
	love, err := exec.LookPath("love")
	if err != nil {
		t.Skip("LÖVE not installed (Debian package love): ", err)
	}
	all := libs(t)
	for _, name := range sortedKeys(all) {
		lib := all[name]
		t.Run(name, func(t *testing.T) {
			files, _ := write(t, "lua", lib, "")
			kinds := luaKinds(t, files["shapes.lua"])
			ps := pairs(lib, 2000, 2, []string{"aabb", "circle", "box", "hull", "polygon", "pieces"}, func(n, k string) bool { return kinds[n+"\x00"+k] })
			var pl bytes.Buffer
			pl.WriteString("return {\n")
			for _, p := range ps {
				fmt.Fprintf(&pl, "{%s, %q, %s, %s, %s, %s, %q, %s, %s, %s},\n", luaQuote(p.A), p.KA, g(p.PA[0]), g(p.PA[1]), g(p.AA),
					luaQuote(p.B), p.KB, g(p.PB[0]), g(p.PB[1]), g(p.AB))
			}
			pl.WriteString("}\n")
			dir := t.TempDir()
			files["pairs.lua"] = pl.Bytes()
			files["main.lua"] = []byte(loveMain)
			files["conf.lua"] = []byte(loveConf)
			writeDir(t, dir, files)
			start := time.Now()
			out, err := runLove(t, love, dir)
			if crashed(err) {
				// LÖVE 11.4 now and then dies of a signal (SIGSEGV,
				// SIGFPE) on a loaded machine, on a game it runs the next
				// time: twice in about 60 runs while other tests ran, never
				// in 40 on a quiet machine. A second crash fails.
				t.Logf("love %s: %v; running it again", dir, err)
				out, err = runLove(t, love, dir)
			}
			elapsed := time.Since(start)
			verdicts := resultLine(out, len(ps))
			if verdicts == nil {
				t.Fatalf("love %s: %v\n%s", dir, err, out)
			}
			agreeBox2D(ps, verdicts, box2DSkin).report(t, "LÖVE 11 (Box2D)", name, len(ps))
			// The turn each frame is stored with, as LÖVE reads it.
			want, got := map[string]bool{}, map[string]bool{}
			for i := range lib.Sprites {
				s := &lib.Sprites[i]
				if turn := s.Turn; turn != 0 || s.Rotated {
					if s.Rotated {
						turn = 90
					}
					want[fmt.Sprintf("%s=%d", s.Name, turn)] = true
				}
			}
			for _, line := range strings.Split(string(out), "\n") {
				if rest, ok := strings.CutPrefix(line, "TURNS "); ok {
					for _, e := range strings.Split(rest, "\t") {
						got[e] = e != ""
					}
				}
			}
			for e := range want {
				if !got[e] && !strings.ContainsAny(e, "\t\n") {
					t.Errorf("LÖVE reads no turn %s from shapes.lua", e)
				}
			}
			if name == "golden" && len(want) < 4 {
				t.Errorf("golden: %d turned sprites, want at least 4 (rotated and libGDX's 270)", len(want))
			}
			t.Logf("LÖVE check took %v", elapsed.Round(time.Millisecond))
		})
	}
}

// resultLine finds the line "RESULT 0110..." in out and returns its
// verdicts, or nil when it is missing or has not n of them.
func resultLine(out []byte, n int) []bool {
	sc := bufio.NewScanner(bytes.NewReader(out))
	sc.Buffer(nil, 1<<24)
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if v, ok := strings.CutPrefix(line, "RESULT "); ok && len(v) == n {
			res := make([]bool, n)
			for i := range v {
				res[i] = v[i] == '1'
			}
			return res
		}
	}
	return nil
}

// g formats v exactly.
func g(v float64) string { return strconv.FormatFloat(v, 'g', -1, 64) }

// luaQuote returns s as a Lua long string, [==[s]==] with as many = as
// keep the closing bracket out of s: a quoting of its own, apart from the
// escapes shapes.lua writes, so the names meet only if both are right.
// Sprite names hold no control characters (the build cleans them), and a
// long string keeps every other byte as it is, except a leading newline.
func luaQuote(s string) string {
	eq := ""
	for strings.Contains(s, "]"+eq+"]") {
		eq += "="
	}
	return "[" + eq + "[" + s + "]" + eq + "]"
}

// luaKinds returns, keyed by name and kind joined by a NUL, the shape
// kinds each sprite has in shapes.lua.
func luaKinds(t *testing.T, src []byte) map[string]bool {
	t.Helper()
	m := map[string]bool{}
	name := ""
	for _, line := range strings.Split(string(src), "\n") {
		if rest, ok := strings.CutPrefix(line, "S["); ok {
			s, err := strconv.Unquote(luaToGo(rest[:strings.Index(rest, "] = {")]))
			if err != nil {
				t.Fatalf("shapes.lua: %q: %v", line, err)
			}
			name = s
			continue
		}
		if rest, ok := strings.CutPrefix(line, "  "); ok && name != "" {
			if k, _, ok := strings.Cut(rest, " = "); ok {
				m[name+"\x00"+k] = true
			}
		}
	}
	return m
}

// luaToGo turns a Lua string literal's \ddd escapes into Go's \ooo.
func luaToGo(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] == '\\' && i+3 < len(s) && s[i+1] >= '0' && s[i+1] <= '9' {
			n, _ := strconv.Atoi(s[i+1 : i+4])
			fmt.Fprintf(&b, "\\%03o", n)
			i += 3
			continue
		}
		b.WriteByte(s[i])
	}
	return b.String()
}

// runLove runs LÖVE on the game in dir, without video or audio, and
// returns its output.
func runLove(t *testing.T, love, dir string) ([]byte, error) {
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	cmd := exec.CommandContext(ctx, love, dir)
	cmd.Env = append(os.Environ(), "SDL_VIDEODRIVER=dummy", "SDL_AUDIODRIVER=dummy", "XDG_DATA_HOME="+t.TempDir())
	return cmd.CombinedOutput()
}

// crashed reports whether err says a process died of a signal it did not
// ask for (a segmentation fault, say), not of a timeout or an exit code.
func crashed(err error) bool {
	var ee *exec.ExitError
	if !errors.As(err, &ee) {
		return false
	}
	ws, ok := ee.Sys().(syscall.WaitStatus)
	return ok && ws.Signaled() && ws.Signal() != syscall.SIGKILL
}
