package atlas

import (
	"os"
	"path/filepath"
	"runtime"
	"testing"
)

// FuzzParse feeds arbitrary bytes to Decode, as each format (by the
// extension) and by content, seeded with the atlas files of
// testdata/sprites (sheets/, atlas/, anim/) and a sample of each format. Decode either
// fails with nothing else, or returns frames that keep its promises
// (checkAtlas), and what it allocates stays within a bound linear in the
// input and the frame limit. Run longer with
//
//	go test ./internal/atlas -run '^$' -fuzz FuzzParse -fuzztime 60s
func FuzzParse(f *testing.F) {
	var files []string
	for _, dir := range []string{"sheets", "atlas", "anim"} {
		fs, _ := filepath.Glob(filepath.Join("../../testdata/sprites", dir, "*"))
		files = append(files, fs...)
	}
	for _, p := range files {
		ext := filepath.Ext(p)
		if fi, err := os.Stat(p); ext == ".png" || err == nil && fi.IsDir() {
			continue
		}
		b, err := os.ReadFile(p)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(ext, b)
	}
	f.Add(".txt", []byte("a = 0 0 1 1\nb 1 1 2 2 3\n"))
	f.Add("", []byte("tile.png 0 0 16 16 4\n"))
	f.Add(".json", []byte(tpHash))
	f.Add(".json", []byte(`{"frames": [{"filename": "a", "frame": {"x":0,"y":0,"w":4,"h":4}, "sourceSize": {"w":8,"h":8}, "spriteSourceSize": {"x":1,"y":1,"w":4,"h":4}}],
"meta": {"app": "aseprite", "frameTags": [{"name": "t", "from": 0, "to": 0}], "slices": [{"name": "s", "keys": [{"frame": 0, "bounds": {"x":0,"y":0,"w":2,"h":2}, "pivot": {"x":1,"y":1}}]}]}}`))
	f.Add(".xml", []byte(`<TextureAtlas imagePath="a.png"><SubTexture name="a" x="0" y="0" width="4" height="8" rotated="true" frameX="-1" frameY="0" frameWidth="10" frameHeight="10" pivotX="1" pivotY="2"/></TextureAtlas>`))
	f.Add(".plist", []byte(plistDoc(`<key>a.png</key><dict><key>textureRect</key><string>{{0,0},{4,8}}</string><key>spriteSize</key><string>{4,8}</string><key>spriteSourceSize</key><string>{10,10}</string><key>spriteOffset</key><string>{1,0}</string><key>textureRotated</key><true/></dict>`)))
	f.Add(".atlas", []byte("\np.png\nsize: 64,64\nr\n  rotate: true\n  xy: 0, 0\n  size: 4, 8\n  orig: 10, 10\n  offset: 1, 1\n  index: 2\n\nq.png\nsize:8,8\ns\nbounds:0,0,8,8\noffsets:0,0,8,8\nrotate:180\n"))
	const maxFrames = 4096
	f.Fuzz(func(t *testing.T, ext string, data []byte) {
		opt := Options{ImageSize: sized(256, 256), MaxFrames: maxFrames, MaxPixels: 1 << 20}
		var before, after runtime.MemStats
		runtime.ReadMemStats(&before)
		a, probs, err := Decode("x"+ext, data, opt)
		runtime.ReadMemStats(&after)
		if limit := uint64(1<<21 + maxFrames*1024 + 200*len(data)); after.TotalAlloc-before.TotalAlloc > limit {
			t.Fatalf("Decode allocated %d bytes for %d bytes of input (limit %d)", after.TotalAlloc-before.TotalAlloc, len(data), limit)
		}
		if err != nil {
			if a != nil || probs != nil {
				t.Fatalf("Decode returned %v, %v with error %v", a, probs, err)
			}
			return
		}
		if len(a.Frames) == 0 && len(probs) == 0 {
			t.Fatal("Decode succeeded with no frames and no problems")
		}
		for _, p := range probs {
			if p.File != "x"+ext || p.Cause == "" {
				t.Fatalf("problem %+v does not name the file or a cause", p)
			}
		}
		checkAtlas(t, a, opt)
	})
}
