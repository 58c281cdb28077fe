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
// Atlases are found by name: an image X.png with a sibling X.xml (Starling
// / Sparrow), X.json (TexturePacker) or X.txt ("name = x y w h") is read as
// the frames that file lists; the first of .xml, .json, .txt wins. A data
// file with no same-named image is used for the image it names
// (imagePath, meta.image) when that image is in the same folder. The data
// file's own base name comes first because exporters often write a stale
// imagePath (the corpus' hud_spritesheet.xml says "sheet.png" next to
// hud_spritesheet.png). A grid in shapegen.yaml wins over an atlas file.
package pipeline
