// Package export defines the shape library (format shapegen/v1), writes it
// as JSON or YAML, reads it back for a game at runtime (Load, Read) and
// writes engine-specific formats. Drawing lives in export/preview so that a
// game that only loads shapes does not link the drawing libraries.
//
// The wire types (Library, Sprite, Ring, ...) mirror the file key for key;
// WriteJSON and WriteYAML write them deterministically, ReadLibrary reads
// and checks them. AppendSpriteJSON encodes one sprite as WriteJSON does,
// so that a build can encode sprites as they are computed and assemble
// the file with WriteJSONSprites. A game uses Load or Read instead, which return a Set of
// Shapes holding collide values; Shapes.Place puts a sprite's shapes where
// it is drawn, and Shapes.OverlapPixels is the pixel-exact test to run
// after a shape test. EncodeMask and EncodedMask.Decode convert opaque-pixel
// masks to and from their run-length form.
//
// The engine formats (EngineFormats: WriteLua for LÖVE, WriteGodot and
// WriteGodot3, WriteTiled, WritePhaser) stream a library given as a
// Stream, write only what each engine accepts as written, and return an
// Omission for each kind they left out. Where an engine stores float32,
// Outward32, Circle32 and Box32 round coordinates outward and prove the
// result still contains the shape.
package export
