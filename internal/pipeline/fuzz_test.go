package pipeline

import (
	"bytes"
	"image"
	"image/png"
	"testing"

	"github.com/shapegen/shapegen/internal/atlas"
	"github.com/shapegen/shapegen/internal/config"
	"github.com/shapegen/shapegen/mask"
)

// FuzzFrames feeds atlas files of every format, beside an image of fuzzed
// size, through the build's frame handling: the frames it keeps must be
// within max_pixels (untrimmed, and as masks) before anything is
// allocated for them, and cutting them from the image must not panic.
// Run longer with
//
//	go test ./internal/pipeline -run '^$' -fuzz FuzzFrames -fuzztime 1m
func FuzzFrames(f *testing.F) {
	f.Add("s.xml", []byte(`<TextureAtlas><SubTexture name="a" x="0" y="0" width="4" height="2" frameX="-1" frameY="0" frameWidth="6" frameHeight="2"/></TextureAtlas>`), 8, 4)
	f.Add("s.xml", []byte(`<TextureAtlas><SubTexture name="big" x="0" y="0" width="10" height="10" frameX="0" frameY="0" frameWidth="2000000000" frameHeight="2000000000"/></TextureAtlas>`), 10, 10)
	f.Add("s.json", []byte(`{"frames": {"a": {"frame": {"x": 0, "y": 0, "w": 4, "h": 2}, "rotated": true, "trimmed": true, "spriteSourceSize": {"x": 1, "y": 1, "w": 4, "h": 2}, "sourceSize": {"w": 2000000000, "h": 6}}}}`), 8, 8)
	f.Add("s.txt", []byte("a = 0 0 2 2\nb 2 0 2 2 3\n"), 8, 2)
	f.Add("s.atlas", []byte("s.png\nsize: 8,8\nformat: RGBA8888\nfilter: Linear,Linear\nrepeat: none\na\n  rotate: true\n  xy: 0, 0\n  size: 2, 4\n  orig: 40000, 40000\n  offset: 0, 0\n  index: -1\n"), 8, 8)
	f.Fuzz(func(t *testing.T, name string, data []byte, w, h int) {
		if w < 1 || h < 1 || w > 64 || h > 64 {
			return
		}
		var img bytes.Buffer
		png.Encode(&img, image.NewNRGBA(image.Rect(0, 0, w, h)))
		cfg := config.Default()
		cfg.MaxPixels = 1 << 16
		wk := &worker{opts: &Options{Config: cfg}}
		src := source{rel: "s.png", data: name}
		frames, _, _, err := wk.frames(src, cfg.For("s.png"), data, img.Bytes())
		if err != nil {
			return
		}
		for _, fr := range frames {
			if p := frameProblem(fr, cfg.MaxPixels); p != "" {
				t.Fatalf("frame %+v kept though %s", fr, p)
			}
		}
		decoded, _ := png.Decode(bytes.NewReader(img.Bytes()))
		eachFrame(src, imagePixels{decoded, 128}, frames, func(_ string, fr atlas.Frame, _ image.Image, m *mask.Mask) {
			if m.Width() != fr.Size.X || m.Height() != fr.Size.Y {
				t.Fatalf("frame %+v: mask %dx%d", fr, m.Width(), m.Height())
			}
		})
	})
}
