// Package preview draws a sprite's collision shapes over its pixels, for a
// person to judge them at a glance: Render makes one overlay per sprite
// (scaled up by a whole factor, nearest-neighbour, with a legend; a
// Renderer does the same reusing its memory), Layout says where its
// drawing lies, Sprite gives the bare sprite at 1x (for the HTML report,
// which can draw shapes itself), Tile a small drawing for a contact sheet,
// Sheet, ContactSheet and WriteContactSheets put many pictures in one
// grid, and Encode stores a PNG.
//
// Drawing is done straight into the pixel buffer (spans, anti-aliased
// lines, 7x13 text) and Encode is a small PNG writer of its own made for
// scaled-up pictures, because a build draws one preview per sprite.
//
// Every image is deterministic: the same input gives the same pixels, and
// Encode gives the same bytes. This is the only package of shapegen that
// links the drawing libraries (imaging, x/image fonts), so a game that only
// loads shapes does not.
package preview
