// Package verify checks a sprite's shapes against its pixels: Outside
// counts the opaque pixel squares a shape does not contain (it must be 0:
// every shape shapegen writes contains its sprite), AreaRatio says how
// much larger than the pixels a shape is, and the false-positive figure
// says how often a shape test accepts a pair of placed sprites that the
// pixels reject. The build, `shapegen verify` and the report all use it.
//
// Pixel (x, y) is the closed unit square [x, x+1] × [y, y+1], and shapes
// are closed sets (DESIGN.md): a square on a shape's boundary is inside.
package verify
