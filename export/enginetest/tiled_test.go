package enginetest

import (
	"context"
	"encoding/json"
	"encoding/xml"
	"fmt"
	"image"
	_ "image/png"
	"math"
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/shapegen/shapegen/export"
)

// tileset is a tileset as Tiled's JSON export or the TSX parser below
// gives it.
type tileset struct {
	Name                      string
	TileCount, Columns        int
	Margin, Spacing           int
	TileWidth, TileHeight     int
	Image                     string // a regular tileset's image, resolved
	ImageWidth, ImageHeight   int
	Tiles                     []tile
	subRects, hasSubRectAttrs bool
}

type tile struct {
	ID         int
	X, Y, W, H int    // sub-rectangle (Tiled 1.9)
	Image      string // resolved
	Props      map[string]string
	Objects    []object
}

type object struct {
	Name       string
	X, Y, W, H float64
	Ellipse    bool
	Points     []export.Point // absolute, in the tile's pixels
}

// tiledJSON reads Tiled's JSON export of a tileset; image paths are
// resolved against dir, the JSON file's folder.
func tiledJSON(data []byte, dir string) (*tileset, error) {
	var j struct {
		Name                    string
		TileCount, Columns      int
		Margin, Spacing         int
		TileWidth, TileHeight   int
		Image                   string
		ImageWidth, ImageHeight int
		Tiles                   []struct {
			ID                  int
			Image               string
			X, Y, Width, Height int
			Properties          []struct{ Name, Type, Value string }
			ObjectGroup         struct {
				Objects []struct {
					Name                string
					X, Y, Width, Height float64
					Ellipse             bool
					Polygon             []struct{ X, Y float64 }
				}
			}
		}
	}
	if err := json.Unmarshal(data, &j); err != nil {
		return nil, err
	}
	ts := &tileset{Name: j.Name, TileCount: j.TileCount, Columns: j.Columns, Margin: j.Margin, Spacing: j.Spacing,
		TileWidth: j.TileWidth, TileHeight: j.TileHeight, ImageWidth: j.ImageWidth, ImageHeight: j.ImageHeight}
	if j.Image != "" {
		ts.Image = resolve(dir, j.Image)
	}
	for _, jt := range j.Tiles {
		tl := tile{ID: jt.ID, X: jt.X, Y: jt.Y, W: jt.Width, H: jt.Height, Props: map[string]string{}}
		if jt.Image != "" {
			tl.Image = resolve(dir, jt.Image)
		}
		for _, p := range jt.Properties {
			tl.Props[p.Name] = p.Value
		}
		for _, o := range jt.ObjectGroup.Objects {
			ob := object{Name: o.Name, X: o.X, Y: o.Y, W: o.Width, H: o.Height, Ellipse: o.Ellipse}
			for _, p := range o.Polygon {
				ob.Points = append(ob.Points, export.Point{o.X + p.X, o.Y + p.Y})
			}
			tl.Objects = append(tl.Objects, ob)
		}
		ts.Tiles = append(ts.Tiles, tl)
	}
	return ts, nil
}

// tsx19 parses a TSX file against Tiled 1.9's documented format (the TMX
// Map Format: <tileset>, <grid>, <image>, <tile> with x, y, width and
// height since 1.9, <properties>, <objectgroup>, <object> with
// <polygon points> or <ellipse/>), refusing elements and attributes that
// are not in it, and resolving image paths against dir.
func tsx19(data []byte, dir string) (*tileset, error) {
	allowed := map[string][]string{
		"tileset":     {"version", "tiledversion", "name", "tilewidth", "tileheight", "spacing", "margin", "tilecount", "columns"},
		"grid":        {"orientation", "width", "height"},
		"image":       {"source", "width", "height"},
		"tile":        {"id", "x", "y", "width", "height"},
		"properties":  {},
		"property":    {"name", "type", "value"},
		"objectgroup": {"draworder", "id"},
		"object":      {"id", "name", "x", "y", "width", "height"},
		"polygon":     {"points"},
		"ellipse":     {},
	}
	parents := map[string]string{"tileset": "", "grid": "tileset", "image": "tileset|tile", "tile": "tileset", "properties": "tile",
		"property": "properties", "objectgroup": "tile", "object": "objectgroup", "polygon": "object", "ellipse": "object"}
	dec := xml.NewDecoder(strings.NewReader(string(data)))
	var stack []string
	ts := &tileset{}
	var cur *tile
	var obj *object
	atoi := func(s string) int { n, _ := strconv.Atoi(s); return n }
	atof := func(s string) float64 { f, _ := strconv.ParseFloat(s, 64); return f }
	for {
		tok, err := dec.Token()
		if err != nil {
			if err.Error() == "EOF" {
				break
			}
			return nil, err
		}
		switch e := tok.(type) {
		case xml.StartElement:
			name := e.Name.Local
			want, ok := allowed[name]
			if !ok {
				return nil, fmt.Errorf("element <%s> is not in the 1.9 tileset format", name)
			}
			parent := ""
			if len(stack) > 0 {
				parent = stack[len(stack)-1]
			}
			if !slices.Contains(strings.Split(parents[name], "|"), parent) {
				return nil, fmt.Errorf("<%s> inside <%s>", name, parent)
			}
			stack = append(stack, name)
			a := map[string]string{}
			for _, at := range e.Attr {
				if !slices.Contains(want, at.Name.Local) {
					return nil, fmt.Errorf("<%s %s> is not in the 1.9 format", name, at.Name.Local)
				}
				a[at.Name.Local] = at.Value
				if at.Name.Local != "name" && at.Name.Local != "source" && at.Name.Local != "value" && at.Name.Local != "points" &&
					at.Name.Local != "version" && at.Name.Local != "tiledversion" && at.Name.Local != "orientation" && at.Name.Local != "draworder" &&
					at.Name.Local != "type" {
					if _, err := strconv.ParseFloat(at.Value, 64); err != nil {
						return nil, fmt.Errorf("<%s %s=%q>: not a number", name, at.Name.Local, at.Value)
					}
				}
			}
			switch name {
			case "tileset":
				if a["version"] != "1.9" {
					return nil, fmt.Errorf("tileset version %q, want 1.9", a["version"])
				}
				ts.Name, ts.TileCount, ts.Columns = a["name"], atoi(a["tilecount"]), atoi(a["columns"])
				ts.Margin, ts.Spacing, ts.TileWidth, ts.TileHeight = atoi(a["margin"]), atoi(a["spacing"]), atoi(a["tilewidth"]), atoi(a["tileheight"])
			case "image":
				src := resolve(dir, a["source"])
				if cur != nil {
					cur.Image = src
				} else {
					ts.Image, ts.ImageWidth, ts.ImageHeight = src, atoi(a["width"]), atoi(a["height"])
				}
			case "tile":
				ts.Tiles = append(ts.Tiles, tile{ID: atoi(a["id"]), Props: map[string]string{}})
				cur = &ts.Tiles[len(ts.Tiles)-1]
				if _, ok := a["x"]; ok {
					ts.hasSubRectAttrs = true
					cur.X, cur.Y, cur.W, cur.H = atoi(a["x"]), atoi(a["y"]), atoi(a["width"]), atoi(a["height"])
				}
			case "property":
				cur.Props[a["name"]] = a["value"]
			case "object":
				cur.Objects = append(cur.Objects, object{Name: a["name"], X: atof(a["x"]), Y: atof(a["y"]), W: atof(a["width"]), H: atof(a["height"])})
				obj = &cur.Objects[len(cur.Objects)-1]
			case "ellipse":
				obj.Ellipse = true
			case "polygon":
				for _, pt := range strings.Fields(a["points"]) {
					xs, ys, ok := strings.Cut(pt, ",")
					x, errx := strconv.ParseFloat(xs, 64)
					y, erry := strconv.ParseFloat(ys, 64)
					if !ok || errx != nil || erry != nil {
						return nil, fmt.Errorf("bad polygon point %q", pt)
					}
					obj.Points = append(obj.Points, export.Point{obj.X + x, obj.Y + y})
				}
			}
		case xml.EndElement:
			stack = stack[:len(stack)-1]
			if e.Name.Local == "tile" {
				cur = nil
			}
		case xml.CharData:
			if strings.TrimSpace(string(e)) != "" {
				return nil, fmt.Errorf("text %q in <%s>", e, stack[len(stack)-1])
			}
		}
	}
	if ts.TileCount != len(ts.Tiles) && ts.Columns == 0 {
		return nil, fmt.Errorf("tilecount %d, %d tiles", ts.TileCount, len(ts.Tiles))
	}
	ts.subRects = ts.hasSubRectAttrs
	return ts, nil
}

// wantTile returns the objects, properties and rectangle a sprite's tile
// must have: its shapes in the tile's pixels, that is the frame as the
// image stores it. A trimmed frame's pixels start at its offset; in its
// W x H stored rectangle, a rotated frame's upright pixel (x, y) is stored
// pixel (W-1-y, x), so the upright point (u, v) is the stored point
// (W - v, u); turned 180, pixel (W-1-x, H-1-y) and point (W - u, H - v);
// turned 270, pixel (y, H-1-x) and point (v, H - u).
func wantTile(s *export.Sprite) (map[string]string, []object) {
	ox, oy := 0.0, 0.0
	if s.Offset != nil {
		ox, oy = float64(s.Offset[0]), float64(s.Offset[1])
	}
	w, h := float64(s.Frame.W), float64(s.Frame.H)
	m := func(p export.Point) export.Point {
		u, v := p[0]-ox, p[1]-oy
		switch {
		case s.Rotated:
			return export.Point{w - v, u}
		case s.Turn == 180:
			return export.Point{w - u, h - v}
		case s.Turn == 270:
			return export.Point{v, h - u}
		}
		return export.Point{u, v}
	}
	ring := func(name string, r export.Ring) object {
		o := object{Name: name}
		for _, p := range r {
			o.Points = append(o.Points, m(p))
		}
		return o
	}
	var objs []object
	if len(s.Pieces) > 0 {
		for _, r := range s.Pieces {
			objs = append(objs, ring("pieces", r))
		}
	} else if len(s.Polygon) > 0 {
		objs = append(objs, ring("polygon", s.Polygon))
	}
	if c := s.Circle; c != nil {
		q := m(c.Center)
		objs = append(objs, object{Name: "circle", X: q[0] - c.Radius, Y: q[1] - c.Radius, W: 2 * c.Radius, H: 2 * c.Radius, Ellipse: true})
	}
	if b := s.Box; b != nil {
		var r export.Ring
		sn, cs := math.Sincos(b.Angle)
		for _, k := range [4][2]float64{{-1, -1}, {1, -1}, {1, 1}, {-1, 1}} {
			x, y := k[0]*b.Half[0], k[1]*b.Half[1]
			r = append(r, export.Point{b.Center[0] + cs*x - sn*y, b.Center[1] + sn*x + cs*y})
		}
		objs = append(objs, ring("box", r))
	}
	pv := m(s.Pivot)
	props := map[string]string{"sprite": s.Name, "pivot": strconv.FormatFloat(pv[0], 'f', -1, 64) + "," + strconv.FormatFloat(pv[1], 'f', -1, 64)}
	if s.Rotated {
		props["rotated"] = "true"
		props["turn"] = "90"
	}
	if s.Turn != 0 {
		props["turn"] = strconv.Itoa(s.Turn)
	}
	return props, objs
}

// near reports whether a and b agree to Tiled's printed precision (15
// significant digits).
func near(a, b float64) bool { return math.Abs(a-b) <= 1e-12*math.Max(1, math.Abs(a)) }

// compareTile checks a tile against its sprite.
func compareTile(tl tile, s *export.Sprite) error {
	props, objs := wantTile(s)
	for k, v := range props {
		if k == "pivot" {
			gx, gy, _ := strings.Cut(tl.Props[k], ",")
			wx, wy, _ := strings.Cut(v, ",")
			x0, _ := strconv.ParseFloat(gx, 64)
			y0, _ := strconv.ParseFloat(gy, 64)
			x1, _ := strconv.ParseFloat(wx, 64)
			y1, _ := strconv.ParseFloat(wy, 64)
			if !near(x0, x1) || !near(y0, y1) {
				return fmt.Errorf("pivot %q, want %q", tl.Props[k], v)
			}
			continue
		}
		if tl.Props[k] != v {
			return fmt.Errorf("property %s = %q, want %q", k, tl.Props[k], v)
		}
	}
	if len(tl.Objects) != len(objs) {
		return fmt.Errorf("%d objects, want %d", len(tl.Objects), len(objs))
	}
	for i, o := range objs {
		g := tl.Objects[i]
		if g.Name != o.Name || g.Ellipse != o.Ellipse || len(g.Points) != len(o.Points) {
			return fmt.Errorf("object %d: %s (ellipse %v, %d points), want %s (ellipse %v, %d points)", i, g.Name, g.Ellipse, len(g.Points), o.Name, o.Ellipse, len(o.Points))
		}
		if o.Ellipse && !(near(g.X, o.X) && near(g.Y, o.Y) && near(g.W, o.W) && near(g.H, o.H)) {
			return fmt.Errorf("ellipse %v, want %v", g, o)
		}
		for j := range o.Points {
			if !near(g.Points[j][0], o.Points[j][0]) || !near(g.Points[j][1], o.Points[j][1]) {
				return fmt.Errorf("%s vertex %d = %v, want %v", o.Name, j, g.Points[j], o.Points[j])
			}
		}
	}
	return nil
}

// resolve returns the slash path p as seen from dir.
func resolve(dir, p string) string {
	if path.IsAbs(p) {
		return filepath.FromSlash(p)
	}
	return filepath.Join(dir, filepath.FromSlash(p))
}

// sameFile reports whether two paths name the same file.
func sameFile(a, b string) bool {
	fa, err1 := os.Stat(a)
	fb, err2 := os.Stat(b)
	return err1 == nil && err2 == nil && os.SameFile(fa, fb)
}

// checkTileset checks a tileset (from Tiled or the TSX parser) against the
// library's sprites: the whole-image sprites (sheet "") or one sheet's
// frames, all in name order. assets is the asset folder.
func checkTileset(ts *tileset, sheet string, sps []*export.Sprite, assets string, threshold int) error {
	if ts.TileCount != len(sps) {
		return fmt.Errorf("tilecount %d, want %d", ts.TileCount, len(sps))
	}
	byID := map[int]tile{}
	for _, tl := range ts.Tiles {
		byID[tl.ID] = tl
	}
	for i, s := range sps {
		id := i
		if ts.Columns > 0 { // a regular tileset: the tile id is the frame index
			n, err := strconv.Atoi(strings.TrimPrefix(s.Name, sheet+"/"))
			if err != nil {
				return fmt.Errorf("%s in a regular tileset", s.Name)
			}
			id = n
			col, row := n%ts.Columns, n/ts.Columns
			want := export.Frame{X: ts.Margin + col*(ts.TileWidth+ts.Spacing), Y: ts.Margin + row*(ts.TileHeight+ts.Spacing), W: ts.TileWidth, H: ts.TileHeight}
			if s.Frame != want {
				return fmt.Errorf("%s: tile %d cuts %v, the frame is %v", s.Name, n, want, s.Frame)
			}
			if !sameFile(ts.Image, filepath.Join(assets, filepath.FromSlash(s.Image))) {
				return fmt.Errorf("image %s, want %s", ts.Image, s.Image)
			}
		}
		tl, ok := byID[id]
		if !ok {
			return fmt.Errorf("%s: no tile %d", s.Name, id)
		}
		if ts.Columns == 0 {
			if !sameFile(tl.Image, filepath.Join(assets, filepath.FromSlash(s.Image))) {
				return fmt.Errorf("%s: tile image %s, want %s", s.Name, tl.Image, s.Image)
			}
			if ts.subRects {
				f := s.Frame
				if tl.X != f.X || tl.Y != f.Y || tl.W != f.W || tl.H != f.H {
					return fmt.Errorf("%s: sub-rectangle %d,%d %dx%d, want %v", s.Name, tl.X, tl.Y, tl.W, tl.H, f)
				}
				if err := inImage(tl.Image, f); err != nil {
					return fmt.Errorf("%s: %v", s.Name, err)
				}
				if err := onPixels(tl, threshold); err != nil {
					return fmt.Errorf("%s: %v", s.Name, err)
				}
			}
		}
		if err := compareTile(tl, s); err != nil {
			return fmt.Errorf("%s (tile %d): %v", s.Name, id, err)
		}
	}
	return nil
}

// onPixels checks a sub-rectangle tile against its pixels alone, as Tiled
// draws the tile (the stored pixels, however the frame is turned): every
// opaque pixel square lies inside its box object, and every opaque
// pixel's centre inside one of its polygon objects (pieces or polygon).
// It does not use the library's rules for turned frames, so it proves
// that the shapes were turned as the image stores the frame.
func onPixels(tl tile, threshold int) error {
	f, err := os.Open(tl.Image)
	if err != nil {
		return err
	}
	defer f.Close()
	img, _, err := image.Decode(f)
	if err != nil {
		return err
	}
	inside := func(pts []export.Point, x, y float64) bool {
		for i := range pts {
			a, b := pts[i], pts[(i+1)%len(pts)]
			// Positive winding: the inside is where the cross product is
			// not negative (1e-9 for the printed decimals).
			if (b[0]-a[0])*(y-a[1])-(b[1]-a[1])*(x-a[0]) < -1e-9 {
				return false
			}
		}
		return true
	}
	var box []export.Point
	var polys [][]export.Point
	for _, o := range tl.Objects {
		switch o.Name {
		case "box":
			box = o.Points
		case "pieces", "polygon":
			polys = append(polys, o.Points)
		}
	}
	if box == nil || polys == nil {
		return nil // an empty sprite
	}
	b := img.Bounds()
	for y := range tl.H {
		for x := range tl.W {
			if _, _, _, a := img.At(b.Min.X+tl.X+x, b.Min.Y+tl.Y+y).RGBA(); int(a>>8) < threshold {
				continue
			}
			fx, fy := float64(x), float64(y)
			for _, c := range [4][2]float64{{fx, fy}, {fx + 1, fy}, {fx + 1, fy + 1}, {fx, fy + 1}} {
				if !inside(box, c[0], c[1]) {
					return fmt.Errorf("opaque pixel (%d, %d) of the tile is not inside its box %v", x, y, box)
				}
			}
			in := false
			for _, p := range polys {
				in = in || inside(p, fx+0.5, fy+0.5)
			}
			if !in {
				return fmt.Errorf("opaque pixel (%d, %d) of the tile is in none of its polygons", x, y)
			}
		}
	}
	return nil
}

// inImage checks that frame lies inside the image file.
func inImage(file string, f export.Frame) error {
	r, err := os.Open(file)
	if err != nil {
		return err
	}
	defer r.Close()
	cfg, _, err := image.DecodeConfig(r)
	if err != nil {
		return err
	}
	if f.X < 0 || f.Y < 0 || f.X+f.W > cfg.Width || f.Y+f.H > cfg.Height {
		return fmt.Errorf("frame %v outside the %dx%d image", f, cfg.Width, cfg.Height)
	}
	return nil
}

// TestTiled writes the tilesets of golden/shapes.json and the corpus build
// and checks each against the library: the whole-image and grid tilesets
// as Tiled 1.8.2 reads them (its JSON export; its exit status says
// nothing, so the export is compared: tile count, names, every vertex),
// the atlas tilesets (Tiled 1.9 sub-rectangles, which 1.8.2 does not
// read) with the TSX parser above.
func TestTiled(t *testing.T) {
	tiled, err := exec.LookPath("tiled")
	if err != nil {
		t.Skip("Tiled not installed (Debian package tiled): ", err)
	}
	roots := map[string]string{"golden": sprites, "corpus": corpus}
	all := libs(t)
	for _, name := range sortedKeys(all) {
		lib := all[name]
		t.Run(name, func(t *testing.T) {
			assets, err := filepath.Abs(roots[name])
			if err != nil {
				t.Fatal(err)
			}
			files, om := write(t, "tiled", lib, filepath.ToSlash(assets))
			if len(om) > 0 {
				t.Errorf("tiled left out %v", om)
			}
			dir := t.TempDir()
			writeDir(t, dir, files)
			groups := map[string][]*export.Sprite{}
			for i := range lib.Sprites {
				s := &lib.Sprites[i]
				sheet := strings.TrimSuffix(s.Image, path.Ext(s.Image))
				if !strings.HasPrefix(s.Name, sheet+"/") {
					sheet = ""
				}
				groups[sheet] = append(groups[sheet], s)
			}
			start := time.Now()
			grids, atlases := 0, 0
			for _, sheet := range sortedKeys(groups) {
				file := "tiled/sprites.tsx"
				if sheet != "" {
					file = "tiled/" + sheet + ".tsx"
				}
				in := filepath.Join(dir, filepath.FromSlash(file))
				ts, err := tsx19(files[file], filepath.Dir(in))
				if err != nil {
					t.Fatalf("%s: %v", file, err)
				}
				if ts.Columns == 0 && sheet != "" { // an atlas: Tiled 1.9 sub-rectangles
					atlases++
					if err := checkTileset(ts, sheet, groups[sheet], assets, lib.Settings.AlphaThreshold); err != nil {
						t.Errorf("%s (TSX parser): %v", file, err)
					}
					continue
				}
				if sheet != "" {
					grids++
				}
				out := in + ".json"
				ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
				cmd := exec.CommandContext(ctx, tiled, "--export-tileset", "json", in, out)
				cmd.Env = append(os.Environ(), "QT_QPA_PLATFORM=offscreen", "HOME="+t.TempDir(), "XDG_RUNTIME_DIR="+t.TempDir())
				msg, err := cmd.CombinedOutput()
				cancel()
				data, rerr := os.ReadFile(out)
				if rerr != nil {
					t.Fatalf("tiled --export-tileset %s: %v %v\n%s", file, err, rerr, msg)
				}
				got, err := tiledJSON(data, filepath.Dir(out))
				if err != nil {
					t.Fatalf("%s: Tiled's export: %v", file, err)
				}
				if err := checkTileset(got, sheet, groups[sheet], assets, lib.Settings.AlphaThreshold); err != nil {
					t.Errorf("%s as Tiled 1.8.2 reads it: %v", file, err)
				}
			}
			t.Logf("Tiled on %s: %d sprites in sprites.tsx, %d grid tilesets read by Tiled 1.8.2, %d atlas tilesets checked by the TSX parser, in %v",
				name, len(groups[""]), grids, atlases, time.Since(start).Round(time.Millisecond))
			if name == "golden" && (grids < 1 || atlases < 1) {
				t.Errorf("golden: %d grid and %d atlas tilesets, want sheets/grid_4x2 as a grid and the packed sheets as atlases", grids, atlases)
			}
		})
	}
}
