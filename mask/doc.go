// Package mask holds opaque-pixel bit masks and the operations on them:
// building one from an image, counting, bounds, islands, overlap of two
// masks at an integer offset, morphology and sub-rectangles.
//
// A Mask stores 64-pixel column stripes, one 64-bit word per row and
// stripe (the layout of pygame's C bitmask): a shifted overlap test then
// walks each stripe down its rows and compares whole words.
//
// Pixel (x, y) is the unit square [x, x+1] x [y, y+1]; a pixel is opaque
// when its 8-bit alpha is >= the threshold (DESIGN.md). Zero-size and empty
// masks are valid everywhere. The package uses only the standard library.
package mask
