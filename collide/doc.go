// Package collide holds the geometry a game keeps at runtime and the
// collision tests between those shapes.
//
// Conventions (see DESIGN.md): units are pixels, origin at the top-left,
// x to the right and y down, float64 throughout. Every shape is a closed
// set: a point on its boundary is inside it, and two shapes that only touch
// collide. A Polygon is convex and lists its vertices so that the shoelace
// sum over them is positive (clockwise on a y-down screen), with no repeated
// vertex and no three collinear vertices.
//
// # Shapes and tests
//
// The shapes are Vec (a point), Circle, Rect, Box (oriented), Polygon
// (convex) and Compound (a union of convex pieces); Rings, a traced
// outline (outer rings and holes), is a Region like them, which
// containment checks and drawing take but the pair tests do not. Kind
// lists, once, the seven shape kinds a library holds. For every pair of the
// first five there is a typed test, OverlapXY and CollideXY in the order
// Point, Circle, Rect, Box, Polygon (OverlapCirclePolygon,
// CollidePolygonPolygon, ...); Overlap and Collide take any two Shapes,
// Compound included, and dispatch. Shape is a closed interface, so there is
// no unhandled pair. Containment collides: a polygon inside another, a
// circle inside a polygon. Degenerate shapes are not errors: a zero-radius
// circle is a point, a zero-width rect or box a segment, a one- or
// two-vertex polygon a point or a segment; an empty Rect, Polygon or
// Compound overlaps nothing.
//
// Collide also returns a Contact: Normal points from a into b and moving a
// by -Normal*Depth leaves the two touching. For convex pairs Depth is the
// minimum translation (separating axes over the edge normals of both
// polygons, rotating-calipers style, with circles tested against the
// nearest feature); for a Compound it is the least translation along the
// best candidate normal that clears every piece.
//
// None of the tests allocates, and polygon pairs cost O(n+m) dot products.
// Integer coordinates of moderate size give exact answers at the boundary;
// otherwise floating-point rounding decides only when the shapes are within
// about 1e-15 of their size of touching.
//
// # Placing, casting, pixels, bodies, broad phase
//
// Transform places a shape from sprite coordinates into the world (pivot,
// scale, flips, turn, position) without allocating; polygons go into a
// caller-owned buffer and keep their winding. RayCast and SegmentCast
// return the first hit and surface normal for every shape kind.
// OverlapMasks and OverlapMasksPlaced test opaque pixels of two masks, at
// whole-pixel offsets through mask.Overlap and at any placement by mapping
// pixel squares. Body bundles a sprite's shapes and mask with a placement,
// and Body.Hits runs the chosen phases cheapest first. Grid is a spatial
// hash for thousands of moving bodies that lists every intersecting pair
// once without allocating in steady state.
package collide
