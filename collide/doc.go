// Package collide holds the geometry a game keeps at runtime and the
// collision tests between those shapes.
//
// Conventions (see DESIGN.md): units are pixels, origin at the top-left,
// x to the right and y down, float64 throughout. Every shape is a closed
// set: a point on its boundary is inside it, and two shapes that only touch
// collide. A Polygon is convex and lists its vertices so that the shoelace
// sum over them is positive (clockwise on a y-down screen), with no repeated
// vertex and no three collinear vertices.
package collide
