// Package pipeline is the work of `shapegen build` and `shapegen verify`:
// it walks an asset folder, finds the PNGs and their sprite sheets and
// atlases, decodes the images on all cores, computes and verifies every
// sprite's shapes, and writes the shape library atomically, with an
// incremental cache so that a re-run with nothing changed decodes nothing.
//
// It is a library: it never prints or exits. Build returns a Result (the
// library, the per-file errors and the figures of the run) and reports
// progress through a callback.
//
// Frames come from, in order: a grids entry of shapegen.yaml; an atlas or
// frame list (see package atlas for the formats) named after the image
// (X.png beside X.xml, X.json, X.plist, X.atlas or X.txt), naming the
// image itself (imagePath, meta.image, a libGDX page), or tied to it by
// an atlases entry; else auto-slicing (internal/slice: a cell size in the
// name, regular gutters, or islands when asked). A data file's own base
// name comes first because exporters often write a stale imagePath (the
// corpus' hud_spritesheet.xml says "sheet.png" next to
// hud_spritesheet.png). Folders holding an earlier output are skipped.
package pipeline
