// Package preview draws a sprite's collision shapes over its pixels, for a
// person to judge them at a glance: Render makes one overlay per sprite,
// Sprite the bare sprite at 1x (for the HTML report, which draws shapes
// itself), Sheet and ContactSheet put many images in one grid, and Write
// stores a PNG atomically.
//
// Every image is deterministic: the same input gives the same pixels, and
// Write gives the same bytes. This is the only package of shapegen that
// links the drawing libraries (gg, imaging), so a game that only loads
// shapes does not.
package preview
