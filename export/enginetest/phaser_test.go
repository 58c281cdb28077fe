package enginetest

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/shapegen/shapegen/export"
)

// phaserResult is what js/test/phaser-check.js posts.
type phaserResult struct {
	Sprites, Parts, Vertices          int
	MaxError                          float64
	AutoOriginOff                     int
	MaxAutoOriginError                float64
	Pairs, OverlapHits, SeparatedHits int
	Errors                            []string
}

// atlasJSON returns a TexturePacker JSON-hash atlas of the sprites of one
// image, as Phaser's this.load.atlas reads it: each frame named after its
// sprite, trimmed frames with their offset and untrimmed size, rotated
// frames with their upright size.
func atlasJSON(sps []*export.Sprite) ([]byte, error) {
	type rect struct {
		X int `json:"x"`
		Y int `json:"y"`
		W int `json:"w"`
		H int `json:"h"`
	}
	type size struct {
		W int `json:"w"`
		H int `json:"h"`
	}
	type frame struct {
		Frame            rect `json:"frame"`
		Rotated          bool `json:"rotated"`
		Trimmed          bool `json:"trimmed"`
		SpriteSourceSize rect `json:"spriteSourceSize"`
		SourceSize       size `json:"sourceSize"`
	}
	frames := map[string]frame{}
	for _, s := range sps {
		f := s.Frame
		w, h := f.W, f.H
		if s.Rotated {
			w, h = h, w
		}
		fr := frame{Frame: rect{f.X, f.Y, w, h}, Rotated: s.Rotated, SpriteSourceSize: rect{0, 0, w, h}, SourceSize: size{s.Size[0], s.Size[1]}}
		if s.Offset != nil || w != s.Size[0] || h != s.Size[1] {
			fr.Trimmed = true
			if s.Offset != nil {
				fr.SpriteSourceSize.X, fr.SpriteSourceSize.Y = s.Offset[0], s.Offset[1]
			}
		}
		frames[s.Name] = fr
	}
	return json.Marshal(map[string]any{"frames": frames, "meta": map[string]any{"image": path.Base(sps[0].Image)}})
}

// chromium returns the path of Chromium, or skips.
func chromium(t *testing.T) string {
	t.Helper()
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome"} {
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	t.Skip("Chromium not installed (Debian package chromium)")
	return ""
}

// TestPhaser loads shapes.phaser.json of golden/shapes.json in Phaser 3
// with Matter, in headless Chromium against a local server: every sprite
// of testdata/sprites is built with this.matter.add.sprite(x, y, key,
// frame, {shape}), its origin corrected as WritePhaser documents, and its
// parts and vertices must match the library to 1e-6 px; each sprite
// overlapping the next collides, and far from it does not.
func TestPhaser(t *testing.T) {
	browser := chromium(t)
	needNode(t, "phaser")
	lib := goldenLib(t)
	files, om := write(t, "phaser", lib, "")
	// A frame stored turned 180 or 270, which Phaser's atlas frames cannot
	// say, gets a line each.
	said := map[string]bool{}
	for _, o := range om {
		said[o.First] = o.Kind == "" && strings.Contains(o.String(), "stored turned")
	}
	for i := range lib.Sprites {
		if s := &lib.Sprites[i]; s.Turn != 0 && s.Pixels > 0 && !said[s.Name] {
			t.Errorf("%s: stored turned %d, and the phaser format says nothing", s.Name, s.Turn)
		}
	}
	var libJSON strings.Builder
	if err := export.WriteJSON(&libJSON, lib); err != nil {
		t.Fatal(err)
	}
	byImage := map[string][]*export.Sprite{}
	for i := range lib.Sprites {
		s := &lib.Sprites[i]
		byImage[s.Image] = append(byImage[s.Image], s)
	}
	results := make(chan phaserResult, 1)
	mux := http.NewServeMux()
	serve := func(p, typ string, data []byte) {
		mux.HandleFunc(p, func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Content-Type", typ)
			w.Write(data)
		})
	}
	read := func(p string) []byte {
		data, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		return data
	}
	serve("/index.html", "text/html", read(filepath.Join(jsDir, "test", "phaser.html")))
	serve("/phaser-check.js", "text/javascript", read(filepath.Join(jsDir, "test", "phaser-check.js")))
	serve("/phaser.min.js", "text/javascript", read(filepath.Join(jsDir, "node_modules", "phaser", "dist", "phaser.min.js")))
	serve("/lib.json", "application/json", []byte(libJSON.String()))
	serve("/shapes.phaser.json", "application/json", files["shapes.phaser.json"])
	for img, sps := range byImage {
		a, err := atlasJSON(sps)
		if err != nil {
			t.Fatal(err)
		}
		serve("/atlas/"+img+".json", "application/json", a)
		serve("/assets/"+img, "image/png", read(filepath.Join(sprites, filepath.FromSlash(img))))
	}
	mux.HandleFunc("/result", func(w http.ResponseWriter, r *http.Request) {
		var res phaserResult
		body, _ := io.ReadAll(r.Body)
		if err := json.Unmarshal(body, &res); err != nil {
			res.Errors = append(res.Errors, fmt.Sprintf("bad result %q: %v", body, err))
		}
		select {
		case results <- res:
		default:
		}
	})
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	srv := &http.Server{Handler: mux}
	go srv.Serve(ln)
	defer srv.Close()

	start := time.Now()
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	cmd := exec.CommandContext(ctx, browser, "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
		"--disable-background-networking", "--disable-component-update", "--disable-sync", "--user-data-dir="+t.TempDir(),
		"http://"+ln.Addr().String()+"/index.html")
	var out strings.Builder
	cmd.Stdout, cmd.Stderr = &out, &out
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	defer func() {
		cmd.Process.Kill()
		cmd.Wait()
	}()
	var res phaserResult
	select {
	case res = <-results:
	case <-ctx.Done():
		t.Fatalf("no result from the page in time; Chromium said:\n%s", out.String())
	}
	t.Logf("Phaser 3 (Matter) in Chromium: %d sprites, %d parts, %d vertices, largest error %.3g px; Phaser's own origin off for %d sprites (by up to %.3g px) before the correction; %d overlapping pairs collide, %d far pairs collide; %v",
		res.Sprites, res.Parts, res.Vertices, res.MaxError, res.AutoOriginOff, res.MaxAutoOriginError, res.OverlapHits, res.SeparatedHits, time.Since(start).Round(time.Millisecond))
	for _, e := range res.Errors {
		t.Error(e)
	}
	want := 0
	for i := range lib.Sprites {
		if lib.Sprites[i].Pixels > 0 {
			want++
		}
	}
	if res.Sprites != want || res.Vertices == 0 || res.MaxError > 1e-6 || res.OverlapHits != res.Pairs || res.Pairs < want-1 || res.SeparatedHits != 0 {
		t.Errorf("Phaser: %+v, want all %d sprites built, every vertex within 1e-6 px, every overlapping pair and no far pair colliding", res, want)
	}
}
