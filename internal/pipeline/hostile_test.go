package pipeline

import (
	"bufio"
	"bytes"
	"context"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"hash/crc32"
	"image"
	"image/png"
	"io/fs"
	"math/rand/v2"
	"os"
	"os/exec"
	"os/signal"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/shapegen/shapegen/export"
	"github.com/shapegen/shapegen/internal/atomicfile"
	"github.com/shapegen/shapegen/internal/config"
)

// The hostile inputs of issue 12, each built in a temporary folder by the
// test itself, each run as a child process under runaway guards (60 s and
// 1 GB of resident memory, ten times and more what they should cost: the
// guards catch runaways, they are not performance targets).

// childEnv names the environment variable that makes the test binary run
// one build (see TestMain and runChild).
const childEnv = "SHAPEGEN_PIPELINE_CHILD"

func TestMain(m *testing.M) {
	if arg := os.Getenv(childEnv); arg != "" {
		os.Exit(childBuild(arg))
	}
	os.Exit(m.Run())
}

// childArgs is what the parent hands the child build.
type childArgs struct {
	Dir, Out string
	Config   config.Config
}

// childBuild runs one build and prints its failures and notes, one line
// each prefixed "fail: " or "note: "; it returns 0, 1 when some file or
// sprite failed, 3 when the build failed as a whole.
func childBuild(arg string) int {
	var a childArgs
	if err := json.Unmarshal([]byte(arg), &a); err != nil {
		fmt.Println("error:", err)
		return 3
	}
	ctx, stop := signalContext()
	defer stop()
	res, err := Build(ctx, Options{Dir: a.Dir, Out: a.Out, Config: a.Config})
	if err != nil {
		fmt.Println("error:", err)
		return 3
	}
	for _, n := range res.Notes {
		fmt.Println("note:", n)
	}
	for _, f := range res.Failures {
		fmt.Println("fail:", f)
	}
	if res.Failed() {
		return 1
	}
	return 0
}

// childResult is what a child build printed and how it ended.
type childResult struct {
	fails, notes []string
	code         int
	peakRSS      int64 // bytes
}

// runChild runs a build of dir into out with cfg in a child process and
// kills it when it runs past limit or its resident memory passes mem,
// failing the test then.
func runChild(t *testing.T, dir, out string, cfg config.Config, limit time.Duration, mem int64) childResult {
	t.Helper()
	arg, err := json.Marshal(childArgs{dir, out, cfg})
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(os.Args[0], "-test.run=^$")
	cmd.Env = append(os.Environ(), childEnv+"="+string(arg))
	var stdout bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stdout
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	deadline := time.After(limit)
	tick := time.NewTicker(10 * time.Millisecond)
	defer tick.Stop()
	var res childResult
	for running := true; running; {
		select {
		case err := <-done:
			running = false
			var ee *exec.ExitError
			if errors.As(err, &ee) {
				res.code = ee.ExitCode()
			} else if err != nil {
				t.Fatal(err)
			}
		case <-deadline:
			cmd.Process.Kill()
			<-done
			t.Fatalf("runaway: the build ran past %v", limit)
		case <-tick.C:
			if rss := residentBytes(cmd.Process.Pid); rss > mem {
				cmd.Process.Kill()
				<-done
				t.Fatalf("runaway: the build took %d MB, past the guard of %d MB", rss>>20, mem>>20)
			} else {
				res.peakRSS = max(res.peakRSS, rss)
			}
		}
	}
	sc := bufio.NewScanner(&stdout)
	for sc.Scan() {
		line := sc.Text()
		switch {
		case strings.HasPrefix(line, "fail: "):
			res.fails = append(res.fails, strings.TrimPrefix(line, "fail: "))
		case strings.HasPrefix(line, "note: "):
			res.notes = append(res.notes, strings.TrimPrefix(line, "note: "))
		case strings.HasPrefix(line, "error: "):
			t.Fatalf("the build failed as a whole: %s", line)
		}
	}
	return res
}

// residentBytes returns the resident memory of process pid (0 when it
// cannot be read).
func residentBytes(pid int) int64 {
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", pid))
	if err != nil {
		return 0
	}
	for _, line := range strings.Split(string(b), "\n") {
		if f := strings.Fields(line); len(f) >= 2 && f[0] == "VmRSS:" {
			kb, _ := strconv.ParseInt(f[1], 10, 64)
			return kb << 10
		}
	}
	return 0
}

// headerOnlyPNG returns a PNG whose header announces a w x h RGBA image
// and that holds no pixel data.
func headerOnlyPNG(w, h int) []byte {
	var b bytes.Buffer
	b.WriteString("\x89PNG\r\n\x1a\n")
	chunk := func(typ string, data []byte) {
		binary.Write(&b, binary.BigEndian, uint32(len(data)))
		c := append([]byte(typ), data...)
		b.Write(c)
		binary.Write(&b, binary.BigEndian, crc32.ChecksumIEEE(c))
	}
	ihdr := binary.BigEndian.AppendUint32(nil, uint32(w))
	ihdr = binary.BigEndian.AppendUint32(ihdr, uint32(h))
	ihdr = append(ihdr, 8, 6, 0, 0, 0)
	chunk("IHDR", ihdr)
	chunk("IEND", nil)
	return b.Bytes()
}

// hostile is one hostile input: what to write into the asset folder, the
// settings, and the failure line expected (a prefix), with the good
// sprite beside it still written.
type hostile struct {
	name  string
	setup func(t *testing.T, dir string, cfg *config.Config)
	want  string
}

func TestHostileInput(t *testing.T) {
	if _, err := os.Stat("/proc/self/status"); err != nil {
		t.Skip("the runaway guards read /proc:", err)
	}
	cases := []hostile{
		{"starling frame size 2e9", func(t *testing.T, dir string, cfg *config.Config) {
			writePNG(t, dir, "sheet.png", picture("##########", "##########"))
			writeFile(t, dir, "sheet.xml", []byte(`<TextureAtlas imagePath="sheet.png">`+
				`<SubTexture name="big" x="0" y="0" width="10" height="2" frameX="0" frameY="0" frameWidth="2000000000" frameHeight="2000000000"/>`+
				`<SubTexture name="ok" x="0" y="0" width="2" height="2"/></TextureAtlas>`))
		}, "sheet.xml"},
		{"texturepacker source size 2e9", func(t *testing.T, dir string, cfg *config.Config) {
			writePNG(t, dir, "tp.png", picture("####", "####"))
			writeFile(t, dir, "tp.json", []byte(`{"frames": {"big": {"frame": {"x": 0, "y": 0, "w": 4, "h": 2}, "rotated": false, "trimmed": true,
				"spriteSourceSize": {"x": 0, "y": 0, "w": 4, "h": 2}, "sourceSize": {"w": 2000000000, "h": 2000000000}}}, "meta": {"image": "tp.png"}}`))
		}, "tp.json"},
		{"untrimmed 40000x40000", func(t *testing.T, dir string, cfg *config.Config) {
			writePNG(t, dir, "sheet.png", picture("##", "##"))
			writeFile(t, dir, "sheet.xml", []byte(`<TextureAtlas imagePath="sheet.png">`+
				`<SubTexture name="big" x="0" y="0" width="2" height="2" frameX="0" frameY="0" frameWidth="40000" frameHeight="40000"/></TextureAtlas>`))
		}, "sheet.xml"},
		{"masks and an oversized frame", func(t *testing.T, dir string, cfg *config.Config) {
			cfg.Masks = true
			writePNG(t, dir, "sheet.png", picture("##", "##"))
			writeFile(t, dir, "sheet.xml", []byte(`<TextureAtlas imagePath="sheet.png">`+
				`<SubTexture name="big" x="0" y="0" width="2" height="2" frameX="0" frameY="0" frameWidth="30000" frameHeight="30000"/>`+
				`<SubTexture name="ok" x="0" y="0" width="2" height="2"/></TextureAtlas>`))
		}, "sheet.xml"},
		{"link to /dev/zero", func(t *testing.T, dir string, cfg *config.Config) {
			if err := os.Symlink("/dev/zero", filepath.Join(dir, "zero.png")); err != nil {
				t.Skip(err)
			}
		}, "zero.png: not a regular file"},
		{"named pipe", func(t *testing.T, dir string, cfg *config.Config) {
			if err := syscall.Mkfifo(filepath.Join(dir, "fifo.png"), 0o644); err != nil {
				t.Skip(err)
			}
		}, "fifo.png: not a regular file"},
		{"grid sheet header 30000x30000", func(t *testing.T, dir string, cfg *config.Config) {
			writeFile(t, dir, "grid.png", headerOnlyPNG(30000, 30000))
			cfg.Grids = []config.Grid{{Glob: "grid.png", CellWidth: 1, CellHeight: 1}}
		}, "grid.png: image is 30000x30000"},
		{"1x20000000 strip", func(t *testing.T, dir string, cfg *config.Config) {
			writeFile(t, dir, "strip.png", headerOnlyPNG(1, 20_000_000))
			cfg.Preview = true
		}, "strip.png: image is 1x20000000: as a mask"},
		{"file over the size cap", func(t *testing.T, dir string, cfg *config.Config) {
			cfg.MaxPixels = 1000
			writeFile(t, dir, "fat.png", append(headerOnlyPNG(10, 10), make([]byte, 2<<20)...))
		}, "fat.png: file is"},
		{"control characters in a name", func(t *testing.T, dir string, cfg *config.Config) {
			writeFile(t, dir, "bad\nall sprites OK.png", []byte("not a png"))
		}, `"bad\nall sprites OK.png": not a valid PNG`},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			dir, out := t.TempDir(), t.TempDir()
			cfg := config.Default()
			tc.setup(t, dir, &cfg)
			writePNG(t, dir, "good.png", picture(".#.", "###"))
			res := runChild(t, dir, out, cfg, 60*time.Second, 1<<30)
			if res.code != 1 {
				t.Errorf("exit code %d, want 1 (some file failed); failures %q", res.code, res.fails)
			}
			if !slices.ContainsFunc(res.fails, func(f string) bool { return strings.HasPrefix(f, tc.want) }) {
				t.Errorf("failures %q, want one line starting %q", res.fails, tc.want)
			}
			for _, f := range res.fails {
				if strings.ContainsAny(f, "\n\r") {
					t.Errorf("failure %q is not one line", f)
				}
			}
			lib := readLib(t, out)
			if _, ok := lib.Sprite("good"); !ok {
				t.Errorf("the good sprite is not in the library")
			}
			t.Logf("peak resident memory %d MB", res.peakRSS>>20)
		})
	}
}

// TestThinImage builds a 1-pixel-wide image as tall as the mask limit
// lets it be: it must be built, within a memory bound of the stated
// factor (the mask takes max_pixels/4 bytes at most).
func TestThinImage(t *testing.T) {
	if _, err := os.Stat("/proc/self/status"); err != nil {
		t.Skip("the runaway guards read /proc:", err)
	}
	dir, out := t.TempDir(), t.TempDir()
	cfg := config.Default()
	cfg.MaxPixels = 1 << 22 // 4 M: the strip may be 1 x 131072
	img := image.NewGray(image.Rect(0, 0, 1, 1<<17))
	for y := range 1 << 17 {
		if y%7 != 0 {
			img.Pix[y] = 255
		}
	}
	var b bytes.Buffer
	png.Encode(&b, img)
	writeFile(t, dir, "thin.png", b.Bytes())
	limit := 60 * time.Second // a runaway guard, not a speed bound
	if raceDetector {
		limit *= 10
	}
	res := runChild(t, dir, out, cfg, limit, 1<<30)
	if res.code != 0 {
		t.Fatalf("exit %d, failures %q", res.code, res.fails)
	}
	if s, ok := readLib(t, out).Sprite("thin"); !ok || s.Pixels == 0 {
		t.Errorf("thin sprite %+v, %v", s, ok)
	}
	t.Logf("1x131072: peak resident memory %d MB", res.peakRSS>>20)
}

// TestReplacedWithOldTime replaces an image by one of the same size and
// restores its old modification time (as cp -p, rsync -t, tar x and
// unzip do): the build must see the new content.
func TestReplacedWithOldTime(t *testing.T) {
	dir, out := t.TempDir(), t.TempDir()
	writePNG(t, dir, "a.png", picture("##..", "##.."))
	cfg := config.Default()
	build(t, dir, out, cfg, 0)
	p := filepath.Join(dir, "a.png")
	fi, _ := os.Stat(p)
	old := fi.ModTime()
	var b strings.Builder
	png.Encode(&b, picture("..##", "..##"))
	if int64(b.Len()) != fi.Size() {
		t.Fatalf("the replacement is %d bytes, the original %d: the test needs the same size", b.Len(), fi.Size())
	}
	time.Sleep(10 * time.Millisecond) // a change time the old one is not
	os.Remove(p)
	writeFile(t, dir, "a.png", []byte(b.String()))
	os.Chtimes(p, old, old)
	_, n := build(t, dir, out, cfg, 0)
	s, _ := readLib(t, out).Sprite("a")
	if n != 1 || s.AABB == nil || s.AABB.Min[0] != 2 {
		t.Errorf("after replacing a.png with its old time: decoded %d, aabb %+v; want 1 and the new pixels", n, s.AABB)
	}
}

// TestLock holds the output folder's lock and starts a build into it: the
// build says it waits, for this process, and finishes once the lock is
// released.
func TestLock(t *testing.T) {
	out := t.TempDir()
	unlock, err := lockOut(context.Background(), out, nil)
	if err != nil {
		t.Fatal(err)
	}
	waited := make(chan int, 1)
	done := make(chan error, 1)
	go func() {
		cfg, _ := config.Load(sprites)
		_, err := Build(context.Background(), Options{Dir: sprites, Out: out, Config: cfg, Waiting: func(pid int) { waited <- pid }})
		done <- err
	}()
	select {
	case pid := <-waited:
		if pid != os.Getpid() {
			t.Errorf("the build waits for process %d, want %d", pid, os.Getpid())
		}
	case err := <-done:
		t.Fatalf("the build did not wait for the lock: %v", err)
	case <-time.After(30 * time.Second):
		t.Fatal("the build neither waited nor finished")
	}
	unlock()
	select {
	case err := <-done:
		if err != nil {
			t.Fatal(err)
		}
	case <-time.After(60 * time.Second):
		t.Fatal("the build did not finish after the lock was released")
	}
}

// TestLongName builds a sprite whose file name is 240 bytes, with
// previews: temporary names must stay within the system's limit.
func TestLongName(t *testing.T) {
	dir, out := t.TempDir(), t.TempDir()
	name := strings.Repeat("n", 236) + ".png"
	writePNG(t, dir, name, picture("##", "#."))
	cfg := config.Default()
	cfg.Preview = true
	res, _ := build(t, dir, out, cfg, 0)
	if res.Failed() {
		t.Fatalf("failures %q", res.Failures)
	}
	if _, ok := readLib(t, out).Sprite(strings.TrimSuffix(name, ".png")); !ok {
		t.Errorf("the sprite of the long name is missing")
	}
}

// signalContext is the context the command gives a build: ended by SIGINT
// or SIGTERM.
func signalContext() (context.Context, context.CancelFunc) {
	return signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
}

// TestKilledBuilds interrupts builds with SIGKILL, SIGTERM and SIGINT at
// random moments, many times. After each, every output that is there
// parses (each file is whole: old or new), the manifest check either
// passes or names the files a killed build left behind, and the next
// build repairs the set: it agrees with its manifest, holds no temporary
// file, and has the bytes of a build that was never interrupted.
func TestKilledBuilds(t *testing.T) {
	if _, err := os.Stat("/proc/self/status"); err != nil {
		t.Skip("the child builds need /proc:", err)
	}
	dir, cfg := spritesCopy(t)
	cfg.Formats = []string{"json", "yaml", "lua", "godot"}
	cfg.Preview = true
	clean := t.TempDir()
	build(t, dir, clean, cfg, 0)
	want, _ := os.ReadFile(filepath.Join(clean, "shapes.json"))

	// How long a cold build takes here, to spread the kills over it.
	start := time.Now()
	build(t, dir, t.TempDir(), cfg, 0)
	span := time.Since(start)

	out := t.TempDir()
	arg, _ := json.Marshal(childArgs{dir, out, cfg})
	r := rand.New(rand.NewPCG(21, 22))
	signals := []os.Signal{os.Kill, syscall.SIGTERM, os.Interrupt}
	rounds := 24
	if testing.Short() {
		rounds = 6
	}
	torn := 0
	for i := range rounds {
		sig := signals[i%len(signals)]
		if r.IntN(3) == 0 { // sometimes from a warm cache, sometimes cold
			os.RemoveAll(filepath.Join(out, CacheDir))
		}
		if r.IntN(2) == 0 { // and an input changed, so the outputs are rewritten
			writePNG(t, dir, "tiny.png", picture(strings.Repeat("#", 1+r.IntN(6)), "##"))
		}
		cmd := exec.Command(os.Args[0], "-test.run=^$")
		cmd.Env = append(os.Environ(), childEnv+"="+string(arg))
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		time.Sleep(time.Duration(r.Int64N(int64(span) * 3 / 2)))
		cmd.Process.Signal(sig)
		waited := make(chan error, 1)
		go func() { waited <- cmd.Wait() }()
		select {
		case <-waited:
		case <-time.After(30 * time.Second):
			cmd.Process.Kill()
			t.Fatalf("round %d: the build did not end within 30 s of %v", i, sig)
		}
		checkWhole(t, out)
		if bad, _, err := CheckManifest(out); err != nil {
			t.Fatalf("round %d: %v", i, err)
		} else if len(bad) > 0 {
			torn++
		}
	}
	// The next build repairs the set.
	writePNG(t, dir, "tiny.png", mustDecode(t, filepath.Join(sprites, "tiny.png")))
	res, _ := build(t, dir, out, cfg, 0)
	if bad, found, _ := CheckManifest(out); !found || len(bad) > 0 {
		t.Errorf("after the repairing build: manifest found %v, disagreements %q", found, bad)
	}
	if got, _ := os.ReadFile(filepath.Join(out, "shapes.json")); !bytes.Equal(got, want) {
		t.Errorf("shapes.json after the repairing build differs from an uninterrupted build's")
	}
	filepath.WalkDir(out, func(p string, d fs.DirEntry, err error) error {
		if err == nil && atomicfile.IsTemp(d.Name()) {
			t.Errorf("temporary file left after the repairing build: %s", p)
		}
		return nil
	})
	t.Logf("%d rounds, %d left a set that disagrees with its manifest; notes of the repairing build: %q", rounds, torn, res.Notes)
}

// checkWhole checks that every output file in out is whole: libraries
// load, PNGs decode, the report ends as HTML does, Lua and scenes end
// with a line.
func checkWhole(t *testing.T, out string) {
	t.Helper()
	filepath.WalkDir(out, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			if d != nil && d.Name() == CacheDir {
				return filepath.SkipDir
			}
			return nil
		}
		name := d.Name()
		if atomicfile.IsTemp(name) || name == LockFile {
			return nil
		}
		b, err := os.ReadFile(p)
		if err != nil {
			t.Errorf("%s: %v", p, err)
			return nil
		}
		switch filepath.Ext(name) {
		case ".json", ".yaml":
			if name == ManifestFile {
				var m Manifest
				if json.Unmarshal(b, &m) != nil {
					t.Errorf("%s is torn", p)
				}
				return nil
			}
			if _, err := export.Read(bytes.NewReader(b)); err != nil {
				t.Errorf("%s is torn: %v", p, err)
			}
		case ".png":
			if _, err := png.Decode(bytes.NewReader(b)); err != nil {
				t.Errorf("%s is torn: %v", p, err)
			}
		case ".html":
			if !bytes.HasSuffix(bytes.TrimSpace(b), []byte("</html>")) {
				t.Errorf("%s is torn", p)
			}
		case ".lua", ".tscn":
			if !bytes.HasSuffix(b, []byte("\n")) {
				t.Errorf("%s is torn", p)
			}
		}
		return nil
	})
}

// TestFaintSprite builds a sprite whose alpha never reaches the threshold:
// it is empty, and a note says its highest alpha and what to change.
func TestFaintSprite(t *testing.T) {
	dir, out := t.TempDir(), t.TempDir()
	img := image.NewNRGBA(image.Rect(0, 0, 4, 4))
	for i := 3; i < len(img.Pix); i += 4 {
		img.Pix[i] = 90
	}
	writePNG(t, dir, "mist.png", img)
	writePNG(t, dir, "clear.png", image.NewNRGBA(image.Rect(0, 0, 2, 2)))
	res, _ := build(t, dir, out, config.Default(), 0)
	want := "mist: no pixel reaches alpha_threshold 128 (highest alpha 90); lower alpha_threshold for this glob"
	if !slices.Equal(res.Empty, []string{"clear", "mist"}) || !slices.Contains(res.Notes, want) {
		t.Errorf("empty %v notes %q, want both empty and the note %q", res.Empty, res.Notes, want)
	}
	for _, n := range res.Notes {
		if strings.HasPrefix(n, "clear:") {
			t.Errorf("a transparent sprite got a note: %q", n)
		}
	}
	// From the cache, the same.
	if res, _ := build(t, dir, out, config.Default(), 0); !slices.Contains(res.Notes, want) {
		t.Errorf("warm build notes %q, want %q", res.Notes, want)
	}
}

// TestAnimationsAndSameAs builds a sheet whose frame list declares an
// animation of three frames (two of them the same picture) and two images
// an override makes one animation: the library holds each animation's
// common body, which contains every frame, and the repeated frame names
// the first with same_as.
func TestAnimationsAndSameAs(t *testing.T) {
	dir, out := t.TempDir(), t.TempDir()
	writePNG(t, dir, "walk.png", picture(
		"##......#.......##......",
		"##......##......##......",
		"........##..............",
	))
	writeFile(t, dir, "walk.txt", []byte("step 0 0 8 3 3\n"))
	writePNG(t, dir, "jump/a.png", picture("#...", "#..."))
	writePNG(t, dir, "jump/b.png", picture("...#", "...#"))
	cfg := config.Default()
	cfg.AtlasAnimations = true
	jump := "jump"
	cfg.Overrides = []config.Override{{Glob: "jump/*.png", Animation: &jump}}
	res, _ := build(t, dir, out, cfg, 0)
	if res.Failed() {
		t.Fatalf("failures %q", res.Failures)
	}
	lib := readLib(t, out)
	if s, _ := lib.Sprite("walk/step/2"); s == nil || s.SameAs != "walk/step/0" {
		t.Errorf("walk/step/2 same_as %v, want walk/step/0", s)
	}
	if s, _ := lib.Sprite("walk/step/0"); s == nil || s.SameAs != "" {
		t.Errorf("walk/step/0 same_as %q, want none", s.SameAs)
	}
	want := map[string][]string{"jump": {"jump/a", "jump/b"}, "walk/step": {"walk/step/0", "walk/step/1", "walk/step/2"}}
	if len(lib.Animations) != len(want) {
		t.Fatalf("animations %+v, want %v", lib.Animations, want)
	}
	for _, a := range lib.Animations {
		if !slices.Equal(a.Frames, want[a.Name]) {
			t.Errorf("animation %s frames %v, want %v", a.Name, a.Frames, want[a.Name])
		}
		if a.AABB == nil || a.Pixels == 0 {
			t.Errorf("animation %s has no body: %+v", a.Name, a.Sprite)
			continue
		}
		// The body holds every frame's pixels.
		for _, f := range a.Frames {
			s, _ := lib.Sprite(f)
			if s.AABB.Min[0] < a.AABB.Min[0] || s.AABB.Max[0] > a.AABB.Max[0] || s.AABB.Min[1] < a.AABB.Min[1] || s.AABB.Max[1] > a.AABB.Max[1] {
				t.Errorf("animation %s: frame %s box %v is not inside %v", a.Name, f, *s.AABB, *a.AABB)
			}
		}
	}
	if j := lib.Animations[0]; j.Name == "jump" && (j.AABB.Min[0] != 0 || j.AABB.Max[0] != 4) {
		t.Errorf("jump body box %v, want the union [0, 4]", *j.AABB)
	}
	if v, err := Verify(context.Background(), VerifyOptions{Dir: dir, Library: lib, Config: cfg}); err != nil || len(v.Failures) != 0 || v.Animations != 2 {
		t.Errorf("Verify: %+v, %v; want 2 animations checked, no failure", v, err)
	}
}

// TestVerifyAnimationSizes checks that an animation whose frames differ
// in size, which gets no body, verifies without one and fails with one.
func TestVerifyAnimationSizes(t *testing.T) {
	dir, out := t.TempDir(), t.TempDir()
	writePNG(t, dir, "jump/a.png", picture("#...", "#..."))
	writePNG(t, dir, "jump/b.png", picture("...#", "...#", "...#"))
	cfg := config.Default()
	jump := "jump"
	cfg.Overrides = []config.Override{{Glob: "jump/*.png", Animation: &jump}}
	build(t, dir, out, cfg, 0)
	lib := readLib(t, out)
	if len(lib.Animations) != 0 {
		t.Fatalf("animations %+v, want none", lib.Animations)
	}
	verify := func() []string {
		v, err := Verify(context.Background(), VerifyOptions{Dir: dir, Library: lib, Config: cfg})
		if err != nil {
			t.Fatal(err)
		}
		return v.Failures
	}
	if f := verify(); len(f) != 0 {
		t.Errorf("Verify without a body: %q, want no failure", f)
	}
	a, _ := lib.Sprite("jump/a")
	lib.Animations = []export.Animation{{Sprite: *a, Frames: []string{"jump/a", "jump/b"}}}
	lib.Animations[0].Name = "jump"
	if f := verify(); len(f) != 1 || !strings.HasPrefix(f[0], "animation jump: its frames differ in size") {
		t.Errorf("Verify with a body: %q, want one failure saying the frames differ in size", f)
	}
}
