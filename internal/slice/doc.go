// Package slice finds the frames of a sprite sheet that comes without an
// atlas: pure functions over a file name, an image size or an alpha mask,
// without file access.
//
// Each rule returns a Result: the frames (named by their index, row by
// row, as grid frames are) and one line saying what was decided and how,
// or no frames and one line saying why not and which setting would slice
// the image. The rules never guess: a grid is found only when the
// evidence fits it exactly.
//
//   - ByName: a cell size in the file name ("_16x16", "-32x48") that
//     divides the image, after a margin and spacing it can infer, into at
//     least 2 cells of at least MinCell x MinCell pixels.
//   - ByGutters: fully transparent rows and columns that form a regular
//     grid (cell size, margin, spacing) in which every row and column of
//     cells holds something.
//   - Islands, only when asked: each 8-connected opaque region, regions
//     within a merge distance joined, specks dropped, overlapping boxes
//     joined, sorted row by row. LooksLikeIslands says when an unsliced
//     image looks like a sheet of islands, for a hint.
//
// SkipEmpty drops the frames with no opaque pixel and keeps the others'
// names, so auto-sliced sheets keep their indexes.
//
// Coordinates are the image's pixels, origin top-left, y down; rectangles
// have Min inclusive and Max exclusive.
package slice
