// Package report writes the HTML report of a build: one self-contained
// page (inline CSS, script and data; no network) with the build's totals
// and settings, and a grid of every sprite with its figures, drawn shapes
// and preview, that a person can sort, filter, toggle by shape kind and
// open sprite by sprite. It stays quick with tens of thousands of sprites:
// cards are built a page at a time as the reader scrolls and images load
// lazily.
//
// The report draws shapes itself (as SVG over the sprite's 1x image), so
// it needs no drawing library; the preview PNGs of export/preview are
// linked from it.
package report
