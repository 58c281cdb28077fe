package pngmask

import (
	"bytes"
	"errors"
	"image"
	"image/png"
	"io/fs"
	"math/rand/v2"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"testing"

	"github.com/shapegen/shapegen/mask"
)

// testLimit is the pixel limit of the differential tests: image/png
// allocates the whole image, so larger headers are not given to it.
const testLimit = 1 << 22

var thresholds = []uint8{0, 1, 128, 255}

// reference decodes data the way the build does today: image/png, then
// mask.FromImage. It reports ok = false when image/png rejects the file.
func reference(data []byte, t uint8) (m *mask.Mask, maxAlpha uint8, ok bool) {
	img, err := png.Decode(bytes.NewReader(data))
	if err != nil {
		return nil, 0, false
	}
	return mask.FromImage(img, t), highestAlpha(img), true
}

// highestAlpha is the naive reading of Info.MaxAlpha.
func highestAlpha(img image.Image) uint8 {
	var hi uint32
	b := img.Bounds()
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			_, _, _, a := img.At(x, y).RGBA()
			hi = max(hi, a>>8)
		}
	}
	return uint8(hi)
}

// differ returns what is wrong with Decode(data, t) beside image/png, or
// "" when they agree: the same mask and highest alpha when image/png
// decodes the file, an error when it does not. Headers over testLimit (or
// strips whose mask would be too large) are only checked to be refused.
func differ(data []byte, t uint8) string {
	cfg, err := png.DecodeConfig(bytes.NewReader(data))
	if err == nil && sizeProblem(cfg.Width, cfg.Height, testLimit) != nil {
		m, _, err := Decode(data, t, testLimit)
		if m != nil || !errors.Is(err, ErrTooLarge) {
			return "a header over the limit was not refused with ErrTooLarge: " + errString(err)
		}
		return ""
	}
	want, wantAlpha, ok := reference(data, t)
	got, info, err := Decode(data, t, testLimit)
	switch {
	case !ok && err == nil:
		return "image/png rejects the file, Decode accepts it"
	case !ok:
		if got != nil {
			return "an error with a mask"
		}
		return ""
	case err != nil:
		return "image/png decodes the file, Decode fails: " + err.Error()
	case !got.Equal(want):
		return "masks differ:\ngot\n" + got.String() + "want\n" + want.String()
	case info.MaxAlpha != wantAlpha:
		return "MaxAlpha differs"
	case info.Width != want.Width() || info.Height != want.Height():
		return "size differs"
	}
	return ""
}

func errString(err error) string {
	if err == nil {
		return "<nil>"
	}
	return err.Error()
}

// pngFiles returns the paths of the PNG files under dir (none when dir is
// absent).
func pngFiles(t testing.TB, dir string) []string {
	var paths []string
	err := filepath.WalkDir(dir, func(p string, e fs.DirEntry, err error) error {
		if err == nil && !e.IsDir() && strings.EqualFold(filepath.Ext(p), ".png") {
			paths = append(paths, p)
		}
		return err
	})
	if err != nil && !errors.Is(err, fs.ErrNotExist) {
		t.Fatal(err)
	}
	return paths
}

const corpusDir = "/work/shared/corpus"

func TestCorpus(t *testing.T) {
	var paths []string
	for _, dir := range []string{corpusDir, "../../testdata/sprites", "../../testdata/bad"} {
		paths = append(paths, pngFiles(t, dir)...)
	}
	if len(paths) == 0 {
		t.Skip("no PNG files")
	}
	for _, p := range paths {
		data, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		for _, th := range thresholds {
			if d := differ(data, th); d != "" {
				t.Errorf("%s at threshold %d: %s", p, th, d)
			}
		}
	}
}

func TestGenerated(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for _, s := range specs() {
		data := s.build(r)
		if _, err := png.Decode(bytes.NewReader(data)); err != nil {
			t.Fatalf("%v: image/png rejects a generated file: %v", s, err)
		}
		for _, th := range thresholds {
			if d := differ(data, th); d != "" {
				t.Errorf("%v at threshold %d: %s", s, th, d)
			}
		}
	}
}

// TestGeneratedEdges covers what specs leaves out: garbage after the zlib
// stream (which image/png tolerates as far as its read-ahead took it),
// long streams over many chunks, and images wider than a few words.
func TestGeneratedEdges(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	var cases []spec
	for i, g := range []int{0, 1, 2, 5, 17, 100, 1000, 2000, 3000, 4095, 5000} {
		for _, chunks := range []int{1, 2, 5} {
			for _, level := range []int{0, 6} {
				cases = append(cases, spec{w: 300, h: 20 + 3*i + chunks, ct: RGBA, depth: 8, trns: -1, filter: 5, level: level, chunks: chunks, garbage: g})
			}
		}
	}
	cases = append(cases,
		spec{w: 1000, h: 90, ct: RGBA, depth: 8, trns: -1, filter: 5, level: 6, chunks: 40},
		spec{w: 700, h: 30, ct: GrayAlpha, depth: 16, trns: -1, filter: 5, level: 1, chunks: 3, interlaced: true},
		spec{w: 4000, h: 3, ct: RGB, depth: 16, trns: -1, key: true, filter: 5, level: 0, chunks: 2},
	)
	for _, s := range cases {
		data := s.build(r)
		for _, th := range thresholds {
			if d := differ(data, th); d != "" {
				t.Errorf("%v at threshold %d: %s", s, th, d)
			}
		}
	}
}

// mutations returns damaged copies of data: truncations, flipped and
// overwritten bytes, with and without the chunk CRCs repaired (so that the
// damage reaches the checks past them).
func mutations(r *rand.Rand, data []byte) [][]byte {
	var out [][]byte
	for range 8 {
		out = append(out, data[:r.IntN(len(data))])
	}
	for range 24 {
		m := bytes.Clone(data)
		for range 1 + r.IntN(3) {
			i := r.IntN(len(m))
			if r.IntN(2) == 0 {
				m[i] ^= 1 << r.IntN(8)
			} else {
				m[i] = byte(r.Uint32())
			}
		}
		out = append(out, m, fixCRCs(m))
	}
	return out
}

func TestCorrupt(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	for _, s := range specs() {
		for _, m := range mutations(r, s.build(r)) {
			if d := differ(m, 128); d != "" {
				t.Errorf("%v, damaged: %s", s, d)
			}
		}
	}
}

func TestLimit(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 8))
	data := spec{w: 40, h: 30, ct: RGBA, depth: 8, trns: -1, level: 6, chunks: 1}.build(r)
	for _, limit := range []int64{-1, 0, 1, 40*30 - 1} {
		m, _, err := Decode(data, 128, limit)
		if m != nil || !errors.Is(err, ErrTooLarge) {
			t.Errorf("Decode(limit %d) = %v, %v, want ErrTooLarge", limit, m, err)
		}
	}
	if _, _, err := Decode(data, 128, 40*30); err != nil {
		t.Errorf("Decode(limit %d) = %v, want no error", 40*30, err)
	}
	// A strip one pixel wide: 30 pixels, but 30 words of mask.
	strip := spec{w: 1, h: 30, ct: RGBA, depth: 8, trns: -1, level: 6, chunks: 1}.build(r)
	for limit, ok := range map[int64]bool{30: false, 64 * 30 / 2: true} {
		if _, _, err := Decode(strip, 128, limit); (err == nil) != ok || err != nil && !errors.Is(err, ErrTooLarge) {
			t.Errorf("Decode(1x30 strip, limit %d) = %v, want ok %v", limit, err, ok)
		}
	}
}

func TestDecodeConfig(t *testing.T) {
	r := rand.New(rand.NewPCG(9, 10))
	for _, s := range specs() {
		h, err := DecodeConfig(s.build(r))
		want := Header{Width: s.w, Height: s.h, ColorType: s.ct, BitDepth: s.depth, Interlaced: s.interlaced}
		if err != nil || h != want {
			t.Errorf("DecodeConfig(%v) = %+v, %v, want %+v", s, h, err, want)
		}
	}
}

// TestDecodeConfigStack checks that DecodeConfig runs in a small stack: a
// decoder on its stack (its Huffman tables, some 60 KiB) would be zeroed
// at every call and grow each goroutine that reads a header. The
// goroutines here stay alive, each with the stack DecodeConfig left it.
func TestDecodeConfigStack(t *testing.T) {
	if raceDetector {
		t.Skip("the race detector changes the stacks (see race_on_test.go)")
	}
	data := specs()[0].build(rand.New(rand.NewPCG(11, 12)))
	const n = 64
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	var read, exit sync.WaitGroup
	done := make(chan struct{})
	for range n {
		read.Add(1)
		exit.Go(func() {
			if _, err := DecodeConfig(data); err != nil {
				t.Error(err)
			}
			read.Done()
			<-done
		})
	}
	read.Wait()
	runtime.ReadMemStats(&after)
	close(done)
	exit.Wait()
	if per := (int64(after.StackInuse) - int64(before.StackInuse)) / n; per > 16<<10 {
		t.Errorf("DecodeConfig left each goroutine %d bytes of stack, want at most 16 KiB", per)
	}
}

// TestDecodeAllocs checks that a warm Decode allocates only the mask (its
// struct and its words).
func TestDecodeAllocs(t *testing.T) {
	if raceDetector {
		t.Skip("allocation counts mean nothing under the race detector (see race_on_test.go)")
	}
	r := rand.New(rand.NewPCG(19, 20))
	for _, s := range []spec{
		{w: 70, h: 70, ct: RGBA, depth: 8, trns: -1, filter: 5, level: 6, chunks: 1},
		{w: 300, h: 200, ct: RGB, depth: 8, trns: -1, filter: 5, level: 6, chunks: 3},
		{w: 33, h: 20, ct: Paletted, depth: 4, plte: 9, trns: 5, filter: 5, level: 6, chunks: 1, interlaced: true},
	} {
		data := s.build(r)
		Decode(data, 128, testLimit) // warm the pool
		if n := testing.AllocsPerRun(50, func() { Decode(data, 128, testLimit) }); n > 2 {
			t.Errorf("Decode(%v) allocates %v times, want at most 2", s, n)
		}
	}
}
