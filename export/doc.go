// Package export defines the shape library (format shapegen/v1), writes it
// as JSON or YAML, reads it back for a game at runtime (Load, Read) and
// writes engine-specific formats. Drawing lives in export/preview so that a
// game that only loads shapes does not link the drawing libraries.
//
// The wire types (Library, Sprite, Ring, ...) mirror the file key for key;
// WriteJSON and WriteYAML write them deterministically, ReadLibrary reads
// and checks them. A game uses Load or Read instead, which return a Set of
// Shapes holding collide values, and Shapes.Place to put a sprite's shapes
// where it is drawn. EncodeMask and EncodedMask.Decode convert opaque-pixel
// masks to and from their run-length form.
package export
