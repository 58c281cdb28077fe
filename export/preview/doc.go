// Package preview draws a sprite's collision shapes over its pixels, for a
// person to judge them at a glance: Render makes one overlay per sprite
// (scaled up by a whole factor, nearest-neighbour, with a legend; a
// Renderer does the same reusing its memory), Layout says where its
// drawing lies, Sprite gives the bare sprite at 1x (for the HTML report,
// which can draw shapes itself), Tile a small drawing for a contact sheet,
// WriteContactSheet writes one page of a build's contact sheets (the
// tiles in a grid, each named under it), and Encode stores a PNG.
//
// Shapes, the pixel-edge outline, the outside pixels, the legend and its
// text are drawn with gg (github.com/fogleman/gg); only the sprite's own
// pixels and the checkerboard behind them are copied by hand, as image
// scaling. A preview's drawing is bounded (MaxSide, MaxPixels): a sprite
// or shape that would make it larger is drawn scaled down, and Render's
// memory stays near the picture's size whatever the sprite's.
//
// The package writes to an io.Writer and never opens a file: where the
// pictures go is the caller's business (a build writes them atomically).
// Every image is deterministic: the same input gives the same pixels, and
// Encode gives the same bytes. This is the only package of shapegen that
// links the drawing libraries (gg, imaging, x/image fonts), so a game that
// only loads shapes does not.
package preview
