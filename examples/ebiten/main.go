// Command ebiten is shapegen's example game: it loads a shape library
// built with --masks, draws three sprites from their images with their
// placed polygons outlined, moves them along a scripted path, and reports
// each frame's verdicts (polygons, then pixels) on screen and on stdout.
//
//	go run . -shapes /tmp/shapegen-ebiten/shapes.json -assets ../../testdata/sprites
//
// With -frames N it steps N frames at 600 a second (drawing fewer), prints
// a summary and exits: CI runs it so under xvfb-run and compares the lines
// with testdata/verdicts.txt. A frame is one Update: the scene moves by
// frame number, never by time, so the lines do not depend on the machine.
package main

import (
	"flag"
	"fmt"
	"image"
	"image/color"
	_ "image/png"
	"io"
	"math"
	"os"
	"path/filepath"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/ebitenutil"
	"github.com/hajimehoshi/ebiten/v2/vector"

	"github.com/shapegen/shapegen/collide"
	"github.com/shapegen/shapegen/examples/ebiten/scene"
	"github.com/shapegen/shapegen/export"
)

func main() {
	shapes := flag.String("shapes", "shapes.json", "shape library built with --masks")
	assets := flag.String("assets", "../../testdata/sprites", "folder the library's image paths are relative to")
	frames := flag.Int("frames", 0, "step this many frames at 600 a second, print a summary and exit (0: run until the window closes)")
	flag.Parse()
	if err := run(*shapes, *assets, *frames, os.Stdout); err != nil {
		fmt.Fprintln(os.Stderr, "ebiten example:", err)
		os.Exit(1)
	}
}

func run(shapes, assets string, frames int, out io.Writer) error {
	lib, err := export.Load(shapes)
	if err != nil {
		return err
	}
	s, err := scene.New(lib)
	if err != nil {
		return err
	}
	g := &game{scene: s, frames: frames, out: out, images: map[*scene.Object]*ebiten.Image{}}
	sheets := map[string]*ebiten.Image{} // one texture per image file, shared by its frames
	for _, o := range s.Objects {
		sp := o.Sprite
		sheet, ok := sheets[sp.Image]
		if !ok {
			if sheet, err = loadImage(filepath.Join(assets, filepath.FromSlash(sp.Image))); err != nil {
				return err
			}
			sheets[sp.Image] = sheet
		}
		r := image.Rect(sp.Frame.X, sp.Frame.Y, sp.Frame.X+sp.Frame.W, sp.Frame.Y+sp.Frame.H)
		g.images[o] = sheet.SubImage(r).(*ebiten.Image)
	}
	ebiten.SetWindowSize(2*screenW, 2*screenH)
	ebiten.SetWindowTitle("shapegen: polygons, then pixels")
	if frames > 0 {
		// About ten Updates per Draw on a 60 Hz display: Ebitengine
		// catches up by calling Update several times, and the lines stay
		// the same.
		ebiten.SetTPS(600)
	}
	if err := ebiten.RunGame(g); err != nil {
		return err
	}
	fmt.Fprintln(out, s.Summary())
	fmt.Fprintf(os.Stderr, "ebiten example: %d frames stepped, %d drawn\n", g.frame, g.drawn)
	return nil
}

// loadImage decodes a PNG into a texture.
func loadImage(path string) (*ebiten.Image, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	img, _, err := image.Decode(f)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return ebiten.NewImageFromImage(img), nil
}

const screenW, screenH = 320, 240

type game struct {
	scene    *scene.Scene
	images   map[*scene.Object]*ebiten.Image // each object's frame of its image
	frame    int                             // frames stepped so far
	frames   int                             // stop after this many, when > 0
	verdicts []scene.Verdict                 // the last frame's
	drawn    int                             // Draw calls, for the final report
	out      io.Writer
}

// Update steps the scene one frame and prints its verdicts.
func (g *game) Update() error {
	if g.frames > 0 && g.frame >= g.frames {
		return ebiten.Termination
	}
	g.verdicts = g.scene.Step(g.frame)
	fmt.Fprintln(g.out, scene.Line(g.frame, g.verdicts))
	g.frame++
	return nil
}

var (
	white  = color.RGBA{0xff, 0xff, 0xff, 0xff}
	yellow = color.RGBA{0xff, 0xd0, 0x00, 0xff} // polygons overlap, pixels do not
	red    = color.RGBA{0xff, 0x30, 0x30, 0xff} // pixels overlap
)

// Draw draws each sprite where its body is placed, its polygon outlined in
// the colour of its worst verdict, and the verdicts as text.
func (g *game) Draw(screen *ebiten.Image) {
	g.drawn++
	screen.Fill(color.RGBA{0x20, 0x24, 0x30, 0xff})
	outline := map[*scene.Object]color.Color{}
	for _, v := range g.verdicts {
		for _, o := range []*scene.Object{v.A, v.B} {
			switch {
			case v.Pixels:
				outline[o] = red
			case v.Polygon && outline[o] != red:
				outline[o] = yellow
			}
		}
	}
	for _, o := range g.scene.Objects {
		var op ebiten.DrawImageOptions
		op.GeoM = frameGeoM(o.Sprite)
		op.GeoM.Concat(placeGeoM(o.Body.Transform()))
		screen.DrawImage(g.images[o], &op)
		c, ok := outline[o]
		if !ok {
			c = white
		}
		stroke(screen, o.Body.Shape(collide.KindPolygon), c)
	}
	text := fmt.Sprintf("frame %d", g.frame-1)
	for _, v := range g.verdicts {
		text += fmt.Sprintf("\n%s~%s polygon=%t pixels=%t", v.A.Name, v.B.Name, v.Polygon, v.Pixels)
		if v.Polygon {
			text += fmt.Sprintf(" depth %.1f", v.Contact.Depth)
		}
	}
	ebitenutil.DebugPrint(screen, text)
}

// Layout keeps a fixed logical screen, scaled to the window.
func (g *game) Layout(int, int) (int, int) { return screenW, screenH }

// frameGeoM maps the stored frame's pixels to the sprite's own (upright,
// untrimmed) pixels: a frame stored turned a quarter turn clockwise is
// turned back, and a trimmed frame moved to its offset.
func frameGeoM(s *export.Sprite) ebiten.GeoM {
	var m ebiten.GeoM
	if s.Rotated {
		m.Rotate(-math.Pi / 2)
		m.Translate(0, float64(s.Frame.W))
	}
	if s.Offset != nil {
		m.Translate(float64(s.Offset[0]), float64(s.Offset[1]))
	}
	return m
}

// placeGeoM maps sprite pixels to the screen as the transform places the
// body: mirrored and scaled about the pivot, turned, the pivot put at Pos
// (collide.Transform's rule, a zero scale counting as 1).
func placeGeoM(t collide.Transform) ebiten.GeoM {
	kx, ky := t.Scale.X, t.Scale.Y
	if kx == 0 {
		kx = 1
	}
	if ky == 0 {
		ky = 1
	}
	if t.FlipX {
		kx = -kx
	}
	if t.FlipY {
		ky = -ky
	}
	var m ebiten.GeoM
	m.Translate(-t.Pivot().X, -t.Pivot().Y)
	m.Scale(kx, ky)
	m.Rotate(t.Angle)
	m.Translate(t.Pos.X, t.Pos.Y)
	return m
}

// stroke outlines a placed shape.
func stroke(dst *ebiten.Image, s collide.Shape, c color.Color) {
	switch s := s.(type) {
	case collide.Polygon:
		for i, p := range s {
			q := s[(i+1)%len(s)]
			vector.StrokeLine(dst, float32(p.X), float32(p.Y), float32(q.X), float32(q.Y), 1, c, true)
		}
	case collide.Compound:
		for _, p := range s {
			stroke(dst, p, c)
		}
	case collide.Box:
		corners := s.Corners()
		stroke(dst, collide.Polygon(corners[:]), c)
	case collide.Circle:
		vector.StrokeCircle(dst, float32(s.Center.X), float32(s.Center.Y), float32(s.Radius), 1, c, true)
	}
}
