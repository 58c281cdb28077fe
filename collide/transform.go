package collide

import "math"

// Transform places a shape, given in its sprite's own pixel coordinates, in
// the world. A local point p goes to
//
//	Pos + R(Angle) * F * S * (p - pivot)
//
// where S scales by Scale, F mirrors x when FlipX and y when FlipY, and
// R = [cos -sin; sin cos]: the sprite is mirrored and scaled about its
// pivot, turned, and the pivot put at Pos. The pivot is the origin unless
// About sets it; Body.Place sets it to the body's pivot. A zero Scale
// component counts as 1, so the zero Transform is the identity and
// Transform{Pos: p} a plain move.
//
// Placing never allocates: circles, rects and boxes are placed by value,
// polygons and compounds into caller-owned buffers. A placed polygon keeps
// the positive winding (its vertices are reversed when the transform
// mirrors). Non-uniform scale would turn a circle into an ellipse and a
// turned box into a parallelogram; Circle and Box then return the smallest
// circle or box of the same orientation that contains the exact image, so
// placed shapes stay conservative.
type Transform struct {
	Pos          Vec
	Angle        float64
	Scale        Vec
	FlipX, FlipY bool
	pivot        Vec
}

// About returns t with its pivot at the local point pivot: t turns,
// scales and mirrors about pivot and puts pivot at Pos.
func (t Transform) About(pivot Vec) Transform {
	t.pivot = pivot
	return t
}

// Pivot returns the local point t turns about and puts at Pos.
func (t Transform) Pivot() Vec { return t.pivot }

// factors returns the signed scale of x and y, mirrors included.
func (t Transform) factors() (kx, ky float64) {
	kx, ky = t.Scale.X, t.Scale.Y
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
	return kx, ky
}

// affine is the transform as x' = m*x + o, with m = [a b; c d].
type affine struct{ a, b, c, d, ox, oy float64 }

func (t Transform) affine() affine {
	kx, ky := t.factors()
	s, c := math.Sincos(t.Angle)
	m := affine{a: c * kx, b: -s * ky, c: s * kx, d: c * ky}
	m.ox = t.Pos.X - (m.a*t.pivot.X + m.b*t.pivot.Y)
	m.oy = t.Pos.Y - (m.c*t.pivot.X + m.d*t.pivot.Y)
	return m
}

func (m *affine) apply(p Vec) Vec  { return Vec{m.a*p.X + m.b*p.Y + m.ox, m.c*p.X + m.d*p.Y + m.oy} }
func (m *affine) linear(v Vec) Vec { return Vec{m.a*v.X + m.b*v.Y, m.c*v.X + m.d*v.Y} }

// Mirrors reports whether t mirrors shapes (an odd number of flips or
// negative scales), which reverses the order of a polygon's vertices.
func (t Transform) Mirrors() bool {
	kx, ky := t.factors()
	return (kx < 0) != (ky < 0)
}

// Apply returns the world position of the local point p.
func (t Transform) Apply(p Vec) Vec {
	m := t.affine()
	return m.apply(p)
}

// Inverse returns the local point that t maps to the world point p.
func (t Transform) Inverse(p Vec) Vec {
	kx, ky := t.factors()
	d := p.Sub(t.Pos).Rotate(-t.Angle)
	return Vec{d.X/kx + t.pivot.X, d.Y/ky + t.pivot.Y}
}

// uniform reports whether t scales both axes by the same amount.
func (t Transform) uniform() bool {
	kx, ky := t.factors()
	return math.Abs(kx) == math.Abs(ky)
}

// Circle returns c placed by t. Under non-uniform scale the radius grows by
// the larger factor, so the result contains the exact ellipse.
func (t Transform) Circle(c Circle) Circle {
	kx, ky := t.factors()
	return Circle{t.Apply(c.Center), c.Radius * max(math.Abs(kx), math.Abs(ky))}
}

// Rect returns r placed by t, as a Box (t.Box(r.Box())).
func (t Transform) Rect(r Rect) Box { return t.Box(r.Box()) }

// Bounds returns the smallest Rect containing the corners of r placed by
// t. The corners go through Apply, the arithmetic Polygon uses, so the
// bounds contain a placed polygon's vertices exactly, not only up to
// rounding: a broad phase built on them never rejects what the narrow
// phase would report as touching.
func (t Transform) Bounds(r Rect) Rect {
	if r.Empty() {
		return r
	}
	m := t.affine()
	c := m.apply(r.Min)
	out := Rect{c, c}
	for _, p := range [3]Vec{{r.Max.X, r.Min.Y}, r.Max, {r.Min.X, r.Max.Y}} {
		c = m.apply(p)
		out.Min.X, out.Min.Y = math.Min(out.Min.X, c.X), math.Min(out.Min.Y, c.Y)
		out.Max.X, out.Max.Y = math.Max(out.Max.X, c.X), math.Max(out.Max.Y, c.Y)
	}
	return out
}

// Box returns b placed by t. It is exact when t scales uniformly (mirrors
// included) or b's sides stay parallel to the scale axes; otherwise the
// image is a parallelogram and Box returns the smallest box with the
// direction of its first side that contains it.
func (t Transform) Box(b Box) Box {
	m := t.affine()
	center := m.apply(b.Center)
	if t.uniform() {
		kx, _ := t.factors()
		angle := b.Angle
		if t.Mirrors() {
			angle = -angle
		}
		return Box{center, b.Half.Scale(math.Abs(kx)), t.Angle + angle}
	}
	s, c := math.Sincos(b.Angle)
	e1 := m.linear(Vec{c * b.Half.X, s * b.Half.X})  // image of the half x-axis
	e2 := m.linear(Vec{-s * b.Half.Y, c * b.Half.Y}) // image of the half y-axis
	// Box along e1: e1·u = |e1| and e1·w = 0 exactly, so a flat box stays
	// exactly flat rather than a rounding error thick.
	if l := e1.Len(); l > 0 {
		u := e1.Scale(1 / l)
		return Box{center, Vec{l + math.Abs(e2.Dot(u)), math.Abs(e2.Dot(u.Perp()))}, math.Atan2(u.Y, u.X)}
	}
	// Zero width: the image is the segment ±e2, a box of zero width across it.
	angle := math.Atan2(e2.X, -e2.Y) // e2 turned by -90 degrees
	if e2 == (Vec{}) {
		angle = t.Angle + b.Angle
	}
	return Box{center, Vec{0, e2.Len()}, angle}
}

// Polygon appends the vertices of src placed by t to dst[:0] and returns
// the result, reversing their order when t mirrors so the winding stays
// positive. It allocates only when dst is too small; dst must not share
// memory with src.
func (t Transform) Polygon(dst, src Polygon) Polygon {
	m := t.affine()
	dst = dst[:0]
	if t.Mirrors() {
		for i := len(src) - 1; i >= 0; i-- {
			dst = append(dst, m.apply(src[i]))
		}
		return dst
	}
	for _, v := range src {
		dst = append(dst, m.apply(v))
	}
	return dst
}

// Compound places every piece of src into dst, reusing dst's pieces as
// buffers, and returns the result. It allocates only while dst grows.
func (t Transform) Compound(dst, src Compound) Compound {
	dst = dst[:cap(dst)]
	for i, p := range src {
		if i == len(dst) {
			dst = append(dst, nil)
			dst = dst[:cap(dst)]
		}
		dst[i] = t.Polygon(dst[i], p)
	}
	return dst[:len(src)]
}
