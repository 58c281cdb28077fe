// Package export defines the shape library (format shapegen/v1), writes it
// as JSON or YAML, reads it back for a game at runtime, and writes the
// engine formats. Drawing lives in export/preview and the report in
// export/report, so that a game that only loads shapes links neither.
//
// A game takes one path: Load (or Read) gives the Library; Library.Sprite
// looks a sprite up by name and says whether it was found; Sprite.Body
// gives a collide.Body with all the sprite's shapes (and its mask when the
// library has masks), which the game places with a collide.Transform about
// the sprite's pivot and tests with Body.Hits or Body.Collide.
//
// The wire types (Library, Sprite, Ring, ...) mirror the file key for key.
// WriteJSON and WriteYAML write a library deterministically; JSONWriter and
// YAMLWriter write one a sprite at a time, and AppendSpriteJSON and
// AppendSpriteYAML encode one sprite as WriteJSON and WriteYAML do, so that
// a build can encode sprites on any core. The table of shape kinds (Make, Sprite.Shape, Sprite.SetShape,
// Colour) says how each kind is made from a sprite's mask, where it is
// stored and how it is drawn; every stage walks it. EncodeMask and
// EncodedMask.Decode convert opaque-pixel masks to and from their
// run-length form.
//
// The engine formats (EngineFormats: WriteLua for LÖVE, WriteGodot and
// WriteGodot3, WriteTiled, WritePhaser) stream a library given as a
// Stream, write only what each engine accepts as written, and return an
// Omission for each kind they left out; through EngineOptions.Reuse, the
// one-file formats write an unchanged sprite's bytes as they last wrote
// them instead of computing it again. Where an engine stores float32,
// Outward32, Circle32 and Box32 round coordinates outward and prove the
// result still contains the shape.
package export
