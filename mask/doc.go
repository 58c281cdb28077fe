// Package mask holds opaque-pixel bit masks and the operations on them:
// building one from an image, counting, bounds, runs, islands, overlap of
// two masks at an integer offset, morphology, sub-rectangles, flips and
// quarter turns.
//
// A Mask stores 64-pixel column stripes, one 64-bit word per row and
// stripe (the layout of pygame's C bitmask): a shifted overlap test then
// walks each stripe down its rows and compares whole words, and
// FromImage builds whole words from the pixel bytes.
//
// Conventions (DESIGN.md): pixel (x, y) is the unit square
// [x, x+1] x [y, y+1], x to the right and y down; a pixel is opaque when
// its 8-bit alpha is >= the threshold. Pixels outside a mask are clear.
//
// Offsets: Overlap, OverlapArea, FirstOverlap and Draw take b placed with
// its top-left at (dx, dy) in a's coordinates, so b's pixel (x, y) lies
// at a's (x+dx, y+dy). Any int offset is valid, negative, far outside or
// not a multiple of 64; the three tests do not allocate.
//
// Morphology: Dilate and Erode use the disc of radius r in pixel-centre
// distance, the offsets (i, j) with i*i+j*j <= r*r. Both keep the mask's
// size: dilation is clipped at the edges (Pad first to keep it all), and
// erosion treats the outside as clear.
//
// Zero-size and empty masks are valid everywhere, including the zero
// Mask. The package uses only the standard library.
package mask
