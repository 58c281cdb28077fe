// Package export defines the shape library (format shapegen/v1), writes it
// as JSON or YAML, reads it back for a game at runtime (Load, Read) and
// writes engine-specific formats. Drawing lives in export/preview so that a
// game that only loads shapes does not link the drawing libraries.
package export
