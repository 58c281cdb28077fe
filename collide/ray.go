package collide

// Ray is the half-line of points Origin + Dir*t for t >= 0. Dir need not be
// unit length; hit distances are measured in multiples of it.
type Ray struct {
	Origin, Dir Vec
}

// At returns the point Origin + Dir*t.
func (r Ray) At(t float64) Vec { return r.Origin.Add(r.Dir.Scale(t)) }

// Hit is where a ray first meets a shape: at r.At(T), through the surface
// with unit outward Normal. A ray whose origin lies in the shape (boundary
// included) hits at T = 0 with a zero Normal, since it crosses no surface.
// A ray that only meets a point (or a zero-radius circle) gets the normal
// -Dir, unit length.
type Hit struct {
	T      float64
	Normal Vec
}

// RayPoint returns where r meets the point p.
func RayPoint(r Ray, p Vec) (Hit, bool) {
	var one part
	one.setPoint(p)
	return rayPart(r, &one)
}

// RayCircle returns where r first meets c.
func RayCircle(r Ray, c Circle) (Hit, bool) {
	var one part
	one.setCircle(c)
	return rayPart(r, &one)
}

// RayRect returns where r first meets rc.
func RayRect(r Ray, rc Rect) (Hit, bool) {
	var one part
	one.setRect(rc)
	return rayPart(r, &one)
}

// RayBox returns where r first meets b.
func RayBox(r Ray, b Box) (Hit, bool) {
	var one part
	one.setBox(b)
	return rayPart(r, &one)
}

// RayPolygon returns where r first meets the convex polygon p.
func RayPolygon(r Ray, p Polygon) (Hit, bool) {
	var one part
	one.setPolygon(p)
	return rayPart(r, &one)
}

// RayCompound returns where r first meets a piece of c.
func RayCompound(r Ray, c Compound) (Hit, bool) {
	best, hit := Hit{}, false
	for _, p := range c {
		if h, ok := RayPolygon(r, p); ok && (!hit || h.T < best.T) {
			best, hit = h, true
		}
	}
	return best, hit
}

// RayCast returns where r first meets s, with the typed cast for s's kind.
func RayCast(r Ray, s Shape) (Hit, bool) {
	switch s := s.(type) {
	case Vec:
		return RayPoint(r, s)
	case Circle:
		return RayCircle(r, s)
	case Rect:
		return RayRect(r, s)
	case Box:
		return RayBox(r, s)
	case Polygon:
		return RayPolygon(r, s)
	case Compound:
		return RayCompound(r, s)
	}
	return Hit{}, false // nil Shape
}

// SegmentCast returns where the segment from a to b first meets s, with T
// in [0, 1] as the fraction of the way from a to b.
func SegmentCast(a, b Vec, s Shape) (Hit, bool) {
	h, ok := RayCast(Ray{a, b.Sub(a)}, s)
	return h, ok && h.T <= 1
}

// rayPart casts r at a circle or a convex vertex list.
func rayPart(r Ray, p *part) (Hit, bool) {
	if r.Dir == (Vec{}) {
		var in bool
		if p.round {
			in = p.c.ContainsPoint(r.Origin)
		} else {
			in = overlapConvex([]Vec{r.Origin}, p.verts(), true, p.flat)
		}
		return Hit{}, in
	}
	var lo, hi float64
	var n Vec
	var ok bool
	if p.round {
		lo, hi, ok = clipDisc(r.Origin, r.Dir, p.c)
		n = r.At(lo).Sub(p.c.Center)
		if p.c.Radius == 0 {
			n = r.Dir.Neg()
		}
	} else {
		cv := makeConvex(p.verts(), p.flat)
		lo, hi, n, ok = cv.clipLine(r.Origin, r.Dir)
	}
	switch {
	case !ok || hi < 0:
		return Hit{}, false
	case lo <= 0:
		return Hit{}, true
	}
	return Hit{lo, n.Unit()}, true
}
