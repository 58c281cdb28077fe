package collide

// Overlap reports whether a and b share a point. Shapes are closed: shapes
// that only touch overlap, and so does a shape inside another. It calls the
// typed test for the pair (OverlapCirclePolygon, ...) and does not allocate
// when its arguments do not escape.
func Overlap(a, b Shape) bool {
	switch a := a.(type) {
	case Vec:
		switch b := b.(type) {
		case Vec:
			return OverlapPointPoint(a, b)
		case Circle:
			return OverlapPointCircle(a, b)
		case Rect:
			return OverlapPointRect(a, b)
		case Box:
			return OverlapPointBox(a, b)
		case Polygon:
			return OverlapPointPolygon(a, b)
		case Compound:
			return b.ContainsPoint(a)
		}
	case Circle:
		switch b := b.(type) {
		case Vec:
			return OverlapPointCircle(b, a)
		case Circle:
			return OverlapCircleCircle(a, b)
		case Rect:
			return OverlapCircleRect(a, b)
		case Box:
			return OverlapCircleBox(a, b)
		case Polygon:
			return OverlapCirclePolygon(a, b)
		case Compound:
			return overlapCompoundShape(b, a)
		}
	case Rect:
		switch b := b.(type) {
		case Vec:
			return OverlapPointRect(b, a)
		case Circle:
			return OverlapCircleRect(b, a)
		case Rect:
			return OverlapRectRect(a, b)
		case Box:
			return OverlapRectBox(a, b)
		case Polygon:
			return OverlapRectPolygon(a, b)
		case Compound:
			return overlapCompoundShape(b, a)
		}
	case Box:
		switch b := b.(type) {
		case Vec:
			return OverlapPointBox(b, a)
		case Circle:
			return OverlapCircleBox(b, a)
		case Rect:
			return OverlapRectBox(b, a)
		case Box:
			return OverlapBoxBox(a, b)
		case Polygon:
			return OverlapBoxPolygon(a, b)
		case Compound:
			return overlapCompoundShape(b, a)
		}
	case Polygon:
		switch b := b.(type) {
		case Vec:
			return OverlapPointPolygon(b, a)
		case Circle:
			return OverlapCirclePolygon(b, a)
		case Rect:
			return OverlapRectPolygon(b, a)
		case Box:
			return OverlapBoxPolygon(b, a)
		case Polygon:
			return OverlapPolygonPolygon(a, b)
		case Compound:
			return overlapCompoundShape(b, a)
		}
	case Compound:
		return overlapCompoundShape(a, b)
	}
	return false // a or b is a nil Shape
}

// Collide reports whether a and b overlap, as Overlap does, and returns
// their contact: moving a by -Normal*Depth leaves the two touching without
// overlapping (for a Compound, see CollideCompoundCompound). It does not
// allocate when its arguments do not escape.
func Collide(a, b Shape) (Contact, bool) {
	switch a := a.(type) {
	case Vec:
		switch b := b.(type) {
		case Vec:
			return CollidePointPoint(a, b)
		case Circle:
			return CollidePointCircle(a, b)
		case Rect:
			return CollidePointRect(a, b)
		case Box:
			return CollidePointBox(a, b)
		case Polygon:
			return CollidePointPolygon(a, b)
		case Compound:
			return flipped(collideCompoundShape(b, a))
		}
	case Circle:
		switch b := b.(type) {
		case Vec:
			return flipped(CollidePointCircle(b, a))
		case Circle:
			return CollideCircleCircle(a, b)
		case Rect:
			return CollideCircleRect(a, b)
		case Box:
			return CollideCircleBox(a, b)
		case Polygon:
			return CollideCirclePolygon(a, b)
		case Compound:
			return flipped(collideCompoundShape(b, a))
		}
	case Rect:
		switch b := b.(type) {
		case Vec:
			return flipped(CollidePointRect(b, a))
		case Circle:
			return flipped(CollideCircleRect(b, a))
		case Rect:
			return CollideRectRect(a, b)
		case Box:
			return CollideRectBox(a, b)
		case Polygon:
			return CollideRectPolygon(a, b)
		case Compound:
			return flipped(collideCompoundShape(b, a))
		}
	case Box:
		switch b := b.(type) {
		case Vec:
			return flipped(CollidePointBox(b, a))
		case Circle:
			return flipped(CollideCircleBox(b, a))
		case Rect:
			return flipped(CollideRectBox(b, a))
		case Box:
			return CollideBoxBox(a, b)
		case Polygon:
			return CollideBoxPolygon(a, b)
		case Compound:
			return flipped(collideCompoundShape(b, a))
		}
	case Polygon:
		switch b := b.(type) {
		case Vec:
			return flipped(CollidePointPolygon(b, a))
		case Circle:
			return flipped(CollideCirclePolygon(b, a))
		case Rect:
			return flipped(CollideRectPolygon(b, a))
		case Box:
			return flipped(CollideBoxPolygon(b, a))
		case Polygon:
			return CollidePolygonPolygon(a, b)
		case Compound:
			return flipped(collideCompoundShape(b, a))
		}
	case Compound:
		return collideCompoundShape(a, b)
	}
	return Contact{}, false // a or b is a nil Shape
}

// flipped turns the contact of (b, a) into the contact of (a, b).
func flipped(c Contact, ok bool) (Contact, bool) { return c.flip(), ok }

// setShape makes o the other side for s.
func (o *others) setShape(s Shape) {
	switch s := s.(type) {
	case Vec:
		o.one.setPoint(s)
	case Circle:
		o.one.setCircle(s)
	case Rect:
		o.one.setRect(s)
	case Box:
		o.one.setBox(s)
	case Polygon:
		o.one.setPolygon(s)
	case Compound:
		o.comp, o.isComp = s, true
	default:
		o.one.setRect(Rect{V(1, 1), V(0, 0)}) // nil Shape: empty
	}
}

func overlapCompoundShape(a Compound, b Shape) bool {
	var o others
	o.setShape(b)
	return overlapCompound(a, &o)
}

func collideCompoundShape(a Compound, b Shape) (Contact, bool) {
	var o others
	o.setShape(b)
	return collideCompound(a, &o)
}
