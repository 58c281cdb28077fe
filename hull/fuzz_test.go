package hull

import (
	"math"
	"testing"

	"github.com/shapegen/shapegen/mask"
)

// maskFromBytes reads a mask from fuzz input: the first byte sets the
// width (1..16), every following byte is 8 pixels, row-major.
func maskFromBytes(data []byte) *mask.Mask {
	if len(data) == 0 {
		return mask.New(0, 0)
	}
	w := 1 + int(data[0]%16)
	bits := data[1:]
	h := (len(bits)*8 + w - 1) / w
	m := mask.New(w, h)
	for i := range len(bits) * 8 {
		if bits[i/8]>>(i%8)&1 != 0 {
			m.Set(i%w, i/w, true)
		}
	}
	return m
}

// FuzzShapes checks every invariant of every shape on masks made from
// random bytes: the exact hull equals the naive one, every shape contains
// every opaque pixel corner, polygons keep the convention and the vertex
// limit, pieces keep every promise of Pieces, outlines keep every promise of Outline
// (exact, they bound exactly the pixels). Run it longer with
//
//	go test -run '^$' -fuzz FuzzShapes -fuzztime 5m ./hull
func FuzzShapes(f *testing.F) {
	f.Add([]byte{})
	f.Add([]byte{0, 1})
	f.Add([]byte{2, 0b01010100, 0b1})
	f.Add([]byte{7, 0xff, 0x81, 0x81, 0xff})
	f.Add([]byte{15, 0x01, 0x02, 0x04, 0x08, 0x10, 0x20, 0x40, 0x80, 0x00, 0x01})
	f.Fuzz(func(t *testing.T, data []byte) {
		if len(data) > 200 {
			return
		}
		m := maskFromBytes(data)
		h := Convex(m)
		if want := naiveConvex(m); !sameCycle(h, want) {
			t.Fatalf("Convex(%s) = %v, want %v", maskString(m), h, want)
		}
		if h == nil {
			return
		}
		pts := corners(m)
		if e := polyProblem(h); e != "" {
			t.Fatalf("Convex(%s) = %v: %s", maskString(m), h, e)
		}
		c := MinCircle(h)
		if v, bad := firstOutside(c, pts); bad {
			t.Fatalf("MinCircle(%v) = %v leaves %v outside", h, c, v)
		}
		if want := naiveMinRadius(h); math.Abs(c.Radius-want) > 1e-9*want {
			t.Fatalf("MinCircle(%v).Radius = %v, want %v", h, c.Radius, want)
		}
		b := MinBox(h)
		if v, bad := firstOutside(b, pts); bad {
			t.Fatalf("MinBox(%v) = %v leaves %v outside", h, b, v)
		}
		if want := naiveMinBoxArea(h); math.Abs(b.Area()-want) > 1e-9*want {
			t.Fatalf("MinBox(%v).Area() = %v, want %v", h, b.Area(), want)
		}
		for k := 3; k <= 8; k++ {
			r := Reduce(h, k)
			if e := polyProblem(r); e != "" || len(r) > k {
				t.Fatalf("Reduce(%v, %d) = %v: %d vertices, %s", h, k, r, len(r), e)
			}
			if v, bad := firstOutside(r, pts); bad {
				t.Fatalf("Reduce(%v, %d) = %v leaves %v outside", h, k, r, v)
			}
			if r.Area() < h.Area() {
				t.Fatalf("Reduce(%v, %d) = %v has area %v below the hull's %v", h, k, r, r.Area(), h.Area())
			}
		}
		for _, opt := range []PiecesOptions{DefaultPieces, {MaxPieces: 4, MaxVertices: 5}} {
			if ps := Pieces(m, opt); piecesProblem(m, opt, ps) != "" {
				t.Fatalf("Pieces(%s, %+v) = %v: %s", maskString(m), opt, ps, piecesProblem(m, opt, ps))
			}
		}
		for _, opt := range []OutlineOptions{{MaxVertices: 1 << 20}, DefaultOutline, {MaxVertices: 4, Tolerance: 1}} {
			rings, gaveWay := outline(m, opt)
			if e := outlineProblem(m, opt, rings, gaveWay); e != "" {
				t.Fatalf("Outline(%s, %+v) = %v: %s", maskString(m), opt, rings, e)
			}
			if a, n := ringsArea(rings), float64(m.Count()); opt.MaxVertices == 1<<20 && a != n {
				t.Fatalf("Outline(%s, %+v) = %v: area %v for %v pixels", maskString(m), opt, rings, a, n)
			}
		}
	})
}
