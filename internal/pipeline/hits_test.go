package pipeline

import (
	"fmt"
	"image/color"
	"math"
	"math/rand/v2"
	"path/filepath"
	"runtime"
	"sync"
	"testing"

	"github.com/shapegen/shapegen/collide"
	"github.com/shapegen/shapegen/internal/config"
)

// The property test of the runtime path: sprites of testdata/sprites built
// with masks, loaded with export.Load, made into bodies with Sprite.Body
// and placed at random (turned, scaled, flipped, at fractional positions);
// Body.Hits at the pixel phase must give the answer of a reference written
// here from the images alone, sharing no code with collide: two opaque
// pixels collide when their squares, placed in the world, share area.

// refSprite is a sprite as the reference sees it: its opaque pixels read
// from the image and its pivot.
type refSprite struct {
	name   string
	pixels [][2]int
	pivot  [2]float64
}

// refPlace is a placement: world = pos + R(angle) * (flip * scale * (p - pivot)).
type refPlace struct {
	pos            [2]float64
	angle          float64
	sx, sy         float64 // signed: negative mirrors
	flipX, flipY   bool
	scaleX, scaleY float64
	sin, cos       float64 // of angle
}

// quad returns the world corners of pixel (x, y) of s placed by p, in
// order around the square.
func (p *refPlace) quad(s *refSprite, x, y int) [4][2]float64 {
	sin, cos := p.sin, p.cos
	var q [4][2]float64
	for i, c := range [4][2]float64{{0, 0}, {1, 0}, {1, 1}, {0, 1}} {
		lx := (float64(x) + c[0] - s.pivot[0]) * p.sx
		ly := (float64(y) + c[1] - s.pivot[1]) * p.sy
		q[i] = [2]float64{p.pos[0] + cos*lx - sin*ly, p.pos[1] + sin*lx + cos*ly}
	}
	return q
}

// depth returns how far two convex quads overlap along the axis that
// separates them best: positive when they share area, negative by the
// gap when they are apart, 0 when they touch.
func depth(a, b [4][2]float64) float64 {
	best := math.Inf(1)
	for _, poly := range [2][4][2]float64{a, b} {
		for i := range 4 {
			e := [2]float64{poly[(i+1)%4][0] - poly[i][0], poly[(i+1)%4][1] - poly[i][1]}
			l := math.Hypot(e[0], e[1])
			n := [2]float64{-e[1] / l, e[0] / l}
			alo, ahi := project(a, n)
			blo, bhi := project(b, n)
			best = min(best, min(ahi, bhi)-max(alo, blo))
		}
	}
	return best
}

func project(q [4][2]float64, n [2]float64) (lo, hi float64) {
	lo, hi = math.Inf(1), math.Inf(-1)
	for _, v := range q {
		d := v[0]*n[0] + v[1]*n[1]
		lo, hi = min(lo, d), max(hi, d)
	}
	return lo, hi
}

// Verdicts of the reference.
const (
	refApart = iota
	refNear  // within 1e-9 px of touching: not compared
	refHit
)

// refHits returns the reference's verdict for a placed by pa and b by pb.
// The pixels of a are put in a grid over their world bounds, each cell
// listing the pixels whose bounding boxes meet it, and each pixel of b is
// tested against the pixels listed in the cells its own box meets.
func refHits(a *refSprite, pa *refPlace, b *refSprite, pb *refPlace) int {
	const eps = 1e-9
	type box struct{ x0, y0, x1, y1 float64 }
	boxOf := func(q [4][2]float64) box {
		r := box{math.Inf(1), math.Inf(1), math.Inf(-1), math.Inf(-1)}
		for _, v := range q {
			r = box{min(r.x0, v[0]), min(r.y0, v[1]), max(r.x1, v[0]), max(r.y1, v[1])}
		}
		return box{r.x0 - eps, r.y0 - eps, r.x1 + eps, r.y1 + eps}
	}
	quads := make([][4][2]float64, len(a.pixels))
	boxes := make([]box, len(a.pixels))
	all := box{math.Inf(1), math.Inf(1), math.Inf(-1), math.Inf(-1)}
	for i, p := range a.pixels {
		quads[i] = pa.quad(a, p[0], p[1])
		boxes[i] = boxOf(quads[i])
		r := boxes[i]
		all = box{min(all.x0, r.x0), min(all.y0, r.y0), max(all.x1, r.x1), max(all.y1, r.y1)}
	}
	cell := 1.5 * math.Max(math.Max(math.Abs(pa.sx), math.Abs(pa.sy)), 0.5)
	nx, ny := int((all.x1-all.x0)/cell)+1, int((all.y1-all.y0)/cell)+1
	span := func(r box) (x0, y0, x1, y1 int) {
		return max(int((r.x0-all.x0)/cell), 0), max(int((r.y0-all.y0)/cell), 0),
			min(int((r.x1-all.x0)/cell), nx-1), min(int((r.y1-all.y0)/cell), ny-1)
	}
	cells := make([][]int32, nx*ny)
	for i, r := range boxes {
		x0, y0, x1, y1 := span(r)
		for gy := y0; gy <= y1; gy++ {
			for gx := x0; gx <= x1; gx++ {
				cells[gy*nx+gx] = append(cells[gy*nx+gx], int32(i))
			}
		}
	}
	verdict := refApart
	for _, p := range b.pixels {
		q := pb.quad(b, p[0], p[1])
		r := boxOf(q)
		if r.x1 < all.x0 || r.x0 > all.x1 || r.y1 < all.y0 || r.y0 > all.y1 {
			continue
		}
		x0, y0, x1, y1 := span(r)
		for gy := y0; gy <= y1; gy++ {
			for gx := x0; gx <= x1; gx++ {
				for _, i := range cells[gy*nx+gx] {
					o := boxes[i]
					if r.x1 < o.x0 || r.x0 > o.x1 || r.y1 < o.y0 || r.y0 > o.y1 {
						continue
					}
					switch d := depth(quads[i], q); {
					case d > eps:
						return refHit
					case d >= -eps:
						verdict = refNear
					}
				}
			}
		}
	}
	return verdict
}

// TestHitsMatchPixels places random pairs of testdata sprites and compares
// Body.Hits at the pixel phase with the reference: no disagreement, and
// no shape phase may say false where the pixels say true.
func TestHitsMatchPixels(t *testing.T) {
	cfg, err := config.Load(sprites)
	if err != nil {
		t.Fatal(err)
	}
	cfg.Masks = true
	out := t.TempDir()
	if res, _ := build(t, sprites, out, cfg, 0); res.Failed() {
		t.Fatalf("build failures %v", res.Failures)
	}
	lib := readLib(t, out)
	// The reference reads the whole-image sprites of at most 64x64
	// pixels from their images.
	var refs []*refSprite
	for i := range lib.Sprites {
		sp := &lib.Sprites[i]
		if sp.Image != sp.Name+".png" || sp.Size[0]*sp.Size[1] > 64*64 || sp.Pixels == 0 {
			continue
		}
		img := mustDecode(t, filepath.Join(sprites, sp.Image))
		r := &refSprite{name: sp.Name, pivot: [2]float64{sp.Pivot[0], sp.Pivot[1]}}
		b := img.Bounds()
		for y := b.Min.Y; y < b.Max.Y; y++ {
			for x := b.Min.X; x < b.Max.X; x++ {
				if color.NRGBAModel.Convert(img.At(x, y)).(color.NRGBA).A >= uint8(cfg.AlphaThreshold) {
					r.pixels = append(r.pixels, [2]int{x - b.Min.X, y - b.Min.Y})
				}
			}
		}
		if len(r.pixels) != sp.Pixels {
			t.Fatalf("%s: the reference reads %d opaque pixels, the library says %d", sp.Name, len(r.pixels), sp.Pixels)
		}
		refs = append(refs, r)
	}
	if len(refs) < 10 {
		t.Fatalf("only %d sprites for the test", len(refs))
	}
	pairs := 100_000
	if testing.Short() {
		pairs = 10_000
	}
	workers := runtime.GOMAXPROCS(0)
	type tally struct {
		hits, misses, near, wrong int
		msgs                      []string
	}
	tallies := make([]tally, workers)
	var wg sync.WaitGroup
	for w := range workers {
		wg.Go(func() {
			tl := &tallies[w]
			r := rand.New(rand.NewPCG(16, uint64(w)))
			for range pairs / workers {
				ia, ib := r.IntN(len(refs)), r.IntN(len(refs))
				spa, _ := lib.Sprite(refs[ia].name)
				spb, _ := lib.Sprite(refs[ib].name)
				a, b := spa.Body(), spb.Body()
				integral := r.IntN(8) == 0 // whole-pixel moves: the mask.Overlap path
				pa, ta := randPlace(r, integral)
				pb, tb := randPlace(r, integral)
				// Put b near a: within the sum of their reaches.
				reach := 40 * math.Max(math.Abs(pb.sx), math.Abs(pb.sy))
				off := [2]float64{(r.Float64()*2 - 1) * reach, (r.Float64()*2 - 1) * reach}
				if integral {
					off = [2]float64{math.Round(off[0]), math.Round(off[1])}
				}
				pb.pos = [2]float64{pa.pos[0] + off[0], pa.pos[1] + off[1]}
				tb.Pos = collide.V(pb.pos[0], pb.pos[1])
				a.Place(ta)
				b.Place(tb)
				want := refHits(refs[ia], &pa, refs[ib], &pb)
				got := a.Hits(b, collide.PhasePixels)
				switch {
				case want == refNear:
					tl.near++
					continue
				case got != (want == refHit):
					tl.wrong++
					if len(tl.msgs) < 5 {
						tl.msgs = append(tl.msgs, fmt.Sprintf("%s at %+v and %s at %+v: Hits = %v, the pixels say %v", refs[ia].name, ta, refs[ib].name, tb, got, want == refHit))
					}
				case want == refHit:
					tl.hits++
				default:
					tl.misses++
				}
				if want != refHit {
					continue
				}
				for _, ph := range []collide.Phase{collide.PhaseBounds, collide.PhaseAABB, collide.PhaseCircle, collide.PhaseBox,
					collide.PhaseHull, collide.PhasePolygon, collide.PhasePieces} {
					if !a.Hits(b, ph) || !b.Hits(a, ph) {
						tl.wrong++
						if len(tl.msgs) < 5 {
							tl.msgs = append(tl.msgs, fmt.Sprintf("%s at %+v and %s at %+v: the pixels collide, phase %b says no", refs[ia].name, ta, refs[ib].name, tb, ph))
						}
					}
				}
			}
		})
	}
	wg.Wait()
	var sum tally
	for _, tl := range tallies {
		sum.hits, sum.misses, sum.near, sum.wrong = sum.hits+tl.hits, sum.misses+tl.misses, sum.near+tl.near, sum.wrong+tl.wrong
		sum.msgs = append(sum.msgs, tl.msgs...)
	}
	t.Logf("%d pairs of %d sprites: %d collide, %d apart, %d within 1e-9 px of touching (not compared), %d disagreements",
		sum.hits+sum.misses+sum.near+sum.wrong, len(refs), sum.hits, sum.misses, sum.near, sum.wrong)
	for _, m := range sum.msgs {
		t.Error(m)
	}
	if sum.hits < pairs/10 || sum.misses < pairs/10 {
		t.Errorf("too few pairs on one side: %d collide, %d apart", sum.hits, sum.misses)
	}
}

// randPlace returns a random placement for the reference and the same as a
// collide.Transform: turned, scaled (uniformly or not), mirrored, at a
// fractional position; whole-pixel when integral.
func randPlace(r *rand.Rand, integral bool) (refPlace, collide.Transform) {
	p := refPlace{pos: [2]float64{200 + r.Float64()*50, 200 + r.Float64()*50}, sx: 1, sy: 1}
	if integral {
		p.pos = [2]float64{math.Round(p.pos[0]), math.Round(p.pos[1])}
	} else {
		switch r.IntN(4) {
		case 0: // unturned, unscaled, fractional
		case 1:
			p.angle = r.Float64() * 2 * math.Pi
		default:
			p.angle = r.Float64() * 2 * math.Pi
			p.scaleX = 0.5 + r.Float64()*1.5
			p.scaleY = p.scaleX
			if r.IntN(2) == 0 {
				p.scaleY = 0.5 + r.Float64()*1.5
			}
		}
		p.flipX, p.flipY = r.IntN(3) == 0, r.IntN(3) == 0
	}
	p.sin, p.cos = math.Sincos(p.angle)
	t := collide.Transform{Pos: collide.V(p.pos[0], p.pos[1]), Angle: p.angle, Scale: collide.V(p.scaleX, p.scaleY), FlipX: p.flipX, FlipY: p.flipY}
	if p.scaleX != 0 {
		p.sx, p.sy = p.scaleX, p.scaleY
	}
	if p.flipX {
		p.sx = -p.sx
	}
	if p.flipY {
		p.sy = -p.sy
	}
	return p, t
}
