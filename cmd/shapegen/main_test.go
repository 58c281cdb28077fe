package main

import (
	"bytes"
	"compress/gzip"
	"context"
	"image"
	"image/png"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/shapegen/shapegen/export"
	"github.com/shapegen/shapegen/internal/config"
	"github.com/shapegen/shapegen/internal/pipeline"
)

const sprites = "../../testdata/sprites"

// run runs shapegen with args on buffers and returns the exit code, stdout
// and stderr.
func run(t *testing.T, terminal bool, args ...string) (int, string, string) {
	t.Helper()
	var out, errOut bytes.Buffer
	code := Main(context.Background(), args, IO{In: strings.NewReader(""), Out: &out, ErrOut: &errOut, IsTerminal: terminal})
	return code, out.String(), errOut.String()
}

func TestExitCodes(t *testing.T) {
	badCfg := t.TempDir()
	if err := os.WriteFile(filepath.Join(badCfg, config.FileName), []byte("alpha_threshold: 3\nmax_vertexes: 4\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name   string
		args   []string
		code   int
		stderr string // a line stderr must contain
		nLines int    // lines on stderr, -1: any
	}{
		{"version", []string{"version"}, 0, "", 0},
		{"help", []string{"help"}, 0, "", 0},
		{"completion", []string{"completion", "bash"}, 0, "", 0},
		{"unknown flag", []string{"build", sprites, "--bogus"}, 2, "shapegen: unknown flag: --bogus", 1},
		{"unknown command", []string{"frobnicate"}, 2, `unknown command "frobnicate"`, 1},
		{"missing arg", []string{"inspect"}, 2, "inspect takes 1 argument(s), got 0", 1},
		{"too many args", []string{"build", "a", "b"}, 2, "build takes 0 to 1 arguments, got 2", 1},
		{"bad flag value", []string{"build", sprites, "--alpha-threshold", "x"}, 2, "invalid argument", 1},
		{"out of range", []string{"build", sprites, "-o", t.TempDir(), "--alpha-threshold", "0"}, 2, "alpha_threshold: want a whole number from 1 to 255, got 0", 1},
		{"bad pivot", []string{"build", sprites, "-o", t.TempDir(), "--pivot", "middle"}, 2, `pivot: unknown name middle (valid: top-left`, 1},
		{"bad config", []string{"build", badCfg, "-o", t.TempDir()}, 2, `shapegen.yaml:2:1: unknown key max_vertexes; did you mean max_vertices?`, 1},
		{"verify without assets", []string{"verify", "x.json"}, 2, "verify needs --assets DIR", 1},
		{"verify missing assets", []string{"verify", "x.json", "--assets", "/nonexistent"}, 2, "--assets /nonexistent: no such file or directory", 1},
		{"missing folder", []string{"build", "/nonexistent", "-o", t.TempDir()}, 2, "asset folder /nonexistent: no such file or directory", 1},
		{"file as folder", []string{"build", sprites + "/tiny.png", "-o", t.TempDir()}, 2, "tiny.png: not a folder", 1},
		{"build ok", []string{"build", sprites, "-o", t.TempDir()}, 0, "", 0},
		{"no memory limit", []string{"build", sprites, "-o", t.TempDir(), "--memory-limit", "0"}, 0, "", 0},
		{"negative memory limit", []string{"build", sprites, "-o", t.TempDir(), "--memory-limit", "-1"}, 2, "--memory-limit: -1 MiB: want 0 (none) or more", 1},
		{"build bad input", []string{"build", "../../testdata/bad", "-o", t.TempDir()}, 1, "truncated.png: corrupt PNG", 2},
		{"inspect missing file", []string{"inspect", "nope.png"}, 1, "nope.png", 1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			code, _, stderr := run(t, false, tt.args...)
			if code != tt.code {
				t.Errorf("shapegen %v exit %d, want %d (stderr %q)", tt.args, code, tt.code, stderr)
			}
			if !strings.Contains(stderr, tt.stderr) {
				t.Errorf("shapegen %v stderr %q, want it to contain %q", tt.args, stderr, tt.stderr)
			}
			if n := strings.Count(stderr, "\n"); tt.nLines >= 0 && n != tt.nLines {
				t.Errorf("shapegen %v printed %d lines on stderr, want %d: %q", tt.args, n, tt.nLines, stderr)
			}
		})
	}
}

func TestVersion(t *testing.T) {
	_, out, _ := run(t, false, "version")
	if !strings.HasPrefix(out, "shapegen ") {
		t.Errorf("version printed %q, want shapegen <version>", out)
	}
}

func TestBuildProgress(t *testing.T) {
	tests := []struct {
		name     string
		terminal bool
	}{
		{"pipe", false},
		{"terminal", true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var out, errOut bytes.Buffer
			ios := IO{Out: &out, ErrOut: &errOut, IsTerminal: tt.terminal}
			var opts *BuildOptions
			cmd := newBuildCmd(ios, func(o *BuildOptions) error { opts = o; return nil })
			cmd.SetArgs([]string{sprites, "-o", t.TempDir()})
			if err := cmd.ExecuteContext(context.Background()); err != nil {
				t.Fatal(err)
			}
			// Each reading of the clock advances it by a second, so every
			// update is past the throttle.
			clock := time.Unix(0, 0)
			opts.now = func() time.Time { clock = clock.Add(time.Second); return clock }
			if err := runBuild(cmd, opts); err != nil {
				t.Fatalf("runBuild: %v", err)
			}
			bar := strings.Contains(errOut.String(), "\r[")
			if bar != tt.terminal {
				t.Errorf("progress bar drawn = %v on a %s, want %v: %q", bar, tt.name, tt.terminal, errOut.String())
			}
			if tt.terminal && !strings.Contains(errOut.String(), "/43  ") {
				t.Errorf("progress bar %q lacks the count", errOut.String())
			}
			if !tt.terminal && errOut.Len() != 0 {
				t.Errorf("stderr on a pipe = %q, want nothing", errOut.String())
			}
			s := out.String()
			for _, want := range []string{"43 images, 96 sprites (70 frames", "0 failures, 2 empty", "58 files: 43 images, 10 frame lists, 1 settings file, 1 not an image, 3 in an output folder (old_build)", "empty (no opaque pixel): formats/transparent, sheets/grid_4x2/3", "worst polygon fp_area: "} {
				if !strings.Contains(s, want) {
					t.Errorf("summary %q lacks %q", s, want)
				}
			}
		})
	}
}

func TestProgressLine(t *testing.T) {
	tests := []struct {
		done, total int
		elapsed     time.Duration
		want        string
	}{
		{0, 10, 0, "[..............................] 0/10  0.0 images/s  ? left"},
		{5, 10, time.Second, "[###############...............] 5/10  5.0 images/s  1s left"},
		{10, 10, 2 * time.Second, "[##############################] 10/10  5.0 images/s  0s left"},
	}
	for _, tt := range tests {
		if got := progressLine(tt.done, tt.total, tt.elapsed); got != tt.want {
			t.Errorf("progressLine(%d, %d, %v) = %q, want %q", tt.done, tt.total, tt.elapsed, got, tt.want)
		}
	}
}

func TestThrottle(t *testing.T) {
	var b bytes.Buffer
	clock := time.Unix(0, 0)
	bar := newProgressBar(&b, true, func() time.Time { return clock })
	for i := 1; i <= 100; i++ {
		clock = clock.Add(10 * time.Millisecond) // 10 updates per redraw period
		bar.update(progressOf(i, 100))
	}
	if n := strings.Count(b.String(), "\r"); n < 9 || n > 12 {
		t.Errorf("100 updates over 1s drew %d times, want about 10 (throttled to 100ms, plus the last)", n)
	}
}

func TestInitInspectVerify(t *testing.T) {
	dir := t.TempDir()
	if code, out, errOut := run(t, false, "init", dir); code != 0 || !strings.Contains(out, "shapegen.yaml") {
		t.Fatalf("init: exit %d, %q %q", code, out, errOut)
	}
	if _, err := config.Load(dir); err != nil {
		t.Errorf("init wrote a file config.Load rejects: %v", err)
	}
	if code, _, errOut := run(t, false, "init", dir); code != 1 || !strings.Contains(errOut, "already exists") {
		t.Errorf("second init: exit %d, %q, want 1 and 'already exists'", code, errOut)
	}
	if code, _, _ := run(t, false, "init", dir, "--force"); code != 0 {
		t.Errorf("init --force: exit %d, want 0", code)
	}
	missing := filepath.Join(dir, "missing")
	if code, _, errOut := run(t, false, "init", missing); code != 1 || errOut != "shapegen: "+missing+": the folder does not exist\n" {
		t.Errorf("init of a missing folder: exit %d, %q; want 1 and one line naming the folder", code, errOut)
	}
	file := filepath.Join(dir, config.FileName)
	if code, _, errOut := run(t, false, "init", file); code != 1 || errOut != "shapegen: "+file+": not a folder\n" {
		t.Errorf("init of a file: exit %d, %q; want 1 and one line naming it", code, errOut)
	}

	code, out, _ := run(t, false, "inspect", filepath.Join(sprites, "tiny.png"))
	for _, want := range []string{"8x8, 28 opaque pixels", "polygon ", "kind     outside"} {
		if code != 0 || !strings.Contains(out, want) {
			t.Errorf("inspect tiny.png: exit %d, output %q lacks %q", code, out, want)
		}
	}
	dot := filepath.Join(dir, "dot.png")
	if f, err := os.Create(dot); err != nil {
		t.Fatal(err)
	} else {
		img := image.NewNRGBA(image.Rect(0, 0, 1, 1))
		img.Pix[3] = 255
		png.Encode(f, img)
		f.Close()
	}
	if code, out, _ := run(t, false, "inspect", dot); code != 0 || !strings.Contains(out, "1x1, 1 opaque pixel (alpha") {
		t.Errorf("inspect of one pixel: exit %d, %q, want the singular", code, out)
	}
	code, out, _ = run(t, false, "inspect", "--json", "--alpha-threshold", "1", filepath.Join(sprites, "tiny.png"))
	if code != 0 || !strings.Contains(out, `"name": "tiny"`) {
		t.Errorf("inspect --json: exit %d, %q", code, out)
	}

	outDir := t.TempDir()
	if code, _, errOut := run(t, false, "build", sprites, "-o", outDir, "--formats", "json,compact"); code != 0 {
		t.Fatalf("build: exit %d %q", code, errOut)
	}
	lib := filepath.Join(outDir, "shapes.json")
	for _, l := range []string{lib, filepath.Join(outDir, "shapes.compact")} {
		if code, out, errOut := run(t, false, "verify", l, "--assets", sprites); code != 0 || !strings.Contains(out, "96 of 96 sprites and 6 of 6 animations checked") {
			t.Errorf("verify %s: exit %d, %q %q", filepath.Base(l), code, out, errOut)
		}
	}
	// A hand-edited library fails.
	b, _ := os.ReadFile(lib)
	edited := strings.Replace(string(b), `"pixels": 28,`, `"pixels": 27,`, 1)
	if err := os.WriteFile(lib, []byte(edited), 0o644); err != nil {
		t.Fatal(err)
	}
	if code, _, errOut := run(t, false, "verify", lib, "--assets", sprites); code != 1 || !strings.Contains(errOut, ": pixels 27, the art has 28 (stale library?)") {
		t.Errorf("verify of an edited library: exit %d, %q", code, errOut)
	}
}

// TestCorpus builds the shared corpus with the real command and checks the
// result with the export reader: every PNG covered, the sprite count, and
// no pixel outside any shape. It skips when the corpus is absent.
func TestCorpus(t *testing.T) {
	dir := "../../../shared/corpus/platformer-art"
	if _, err := os.Stat(dir); err != nil {
		t.Skip("corpus absent:", err)
	}
	if testing.Short() {
		t.Skip("short")
	}
	out := t.TempDir()
	code, _, errOut := run(t, false, "build", dir, "-o", out)
	if code != 0 {
		t.Fatalf("build corpus: exit %d, %q", code, errOut)
	}
	f, err := os.Open(filepath.Join(out, "shapes.json"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	lib, err := export.Read(f)
	if err != nil {
		t.Fatal(err)
	}
	pngs, frames, sheets := countCorpus(t, dir)
	covered := map[string]bool{}
	for _, s := range lib.Sprites {
		covered[s.Image] = true
		for k, q := range s.Quality {
			if q.Outside != 0 {
				t.Errorf("%s: quality.%s.outside = %d", s.Name, k, q.Outside)
			}
		}
	}
	if len(covered) != pngs {
		t.Errorf("library covers %d images, the corpus has %d PNGs", len(covered), pngs)
	}
	if want := pngs - sheets + frames; len(lib.Sprites) != want {
		t.Errorf("library has %d sprites, want %d (%d PNGs, %d of them atlases with %d frames)", len(lib.Sprites), want, pngs, sheets, frames)
	}
	if code, out, errOut := run(t, false, "verify", filepath.Join(out, "shapes.json"), "--assets", dir); code != 0 {
		t.Errorf("verify corpus: exit %d, %q %q", code, out, errOut)
	}
}

// TestSummaryCounts checks that the summary's counts of one take the
// singular.
func TestSummaryCounts(t *testing.T) {
	var b bytes.Buffer
	summary(&b, &pipeline.Result{Images: 1, Sprites: 1, Frames: 1, Files: 3, Lists: 1, Failures: []string{"x"},
		Ignored: []pipeline.Ignored{{Reason: "settings file", Count: 1}}}, false)
	for _, want := range []string{"1 image, 1 sprite (1 frame of sheets and atlases), 1 failure, 0 empty", "3 files: 1 image, 1 frame list, 1 settings file\n"} {
		if !strings.Contains(b.String(), want) {
			t.Errorf("summary %q lacks %q", b.String(), want)
		}
	}
}

// TestProfiles builds with --cpuprofile, --memprofile and --trace and
// checks each file is what its tool reads: the profiles gzipped
// profile.proto (with their sample types; the heap profile with the
// build's own functions), the trace Go's execution trace. A file that
// cannot be created is a usage error naming its flag.
func TestProfiles(t *testing.T) {
	dir := t.TempDir()
	cpu, mem, tr := filepath.Join(dir, "cpu.prof"), filepath.Join(dir, "mem.prof"), filepath.Join(dir, "build.trace")
	if code, _, stderr := run(t, false, "build", sprites, "-o", t.TempDir(), "--cpuprofile", cpu, "--memprofile", mem, "--trace", tr); code != 0 {
		t.Fatalf("build with profiles: exit %d, stderr %q", code, stderr)
	}
	unzip := func(p string) []byte {
		t.Helper()
		f, err := os.Open(p)
		if err != nil {
			t.Fatal(err)
		}
		defer f.Close()
		zr, err := gzip.NewReader(f)
		if err != nil {
			t.Fatalf("%s: %v", filepath.Base(p), err)
		}
		b, err := io.ReadAll(zr)
		if err != nil || len(b) == 0 {
			t.Fatalf("%s: %d bytes, %v", filepath.Base(p), len(b), err)
		}
		return b
	}
	for _, s := range []string{"samples", "cpu", "nanoseconds"} {
		if b := unzip(cpu); !bytes.Contains(b, []byte(s)) {
			t.Errorf("cpu.prof has no %q", s)
		}
	}
	for _, s := range []string{"alloc_space", "inuse_space", "pipeline.Build"} {
		if b := unzip(mem); !bytes.Contains(b, []byte(s)) {
			t.Errorf("mem.prof has no %q", s)
		}
	}
	b, err := os.ReadFile(tr)
	if err != nil || !bytes.HasPrefix(b, []byte("go 1.")) || !bytes.Contains(b[:16], []byte(" trace")) || len(b) < 1024 {
		t.Errorf("build.trace: %d bytes starting %q, %v; want Go's execution trace", len(b), b[:min(len(b), 16)], err)
	}
	// The build's steps are regions of the trace.
	for _, s := range []string{"build", "walk the folder", "images", "outputs", "library and report", "manifest"} {
		if !bytes.Contains(b, []byte(s)) {
			t.Errorf("build.trace has no region %q", s)
		}
	}
	for _, flag := range []string{"--cpuprofile", "--trace"} {
		code, _, stderr := run(t, false, "build", sprites, "-o", t.TempDir(), flag, filepath.Join(dir, "no", "such", "folder"))
		if code != 2 || !strings.Contains(stderr, flag+":") {
			t.Errorf("build %s into a missing folder: exit %d, stderr %q; want 2 and a line naming the flag", flag, code, stderr)
		}
	}
}
