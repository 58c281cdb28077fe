// Package atlas reads the frame lists of sprite sheets and packed atlases
// and cuts grid sheets into cells.
//
// Decode reads, choosing by content (Sniff) and then by extension:
//   - Starling / Sparrow TextureAtlas XML (.xml), with trim, rotation and
//     Starling 2 pivots;
//   - TexturePacker JSON, hash and array forms, UTF-8 or UTF-16 with a
//     byte-order mark (.json), with trim, rotation and pivots;
//   - Aseprite JSON (.json): frames as TexturePacker's, meta.frameTags as
//     Animations and meta.slices as Slices (pivots included, the 9-slice
//     centre ignored);
//   - TexturePacker / Cocos2d XML property lists, formats 1 to 3 (.plist);
//   - libGDX / Spine atlases, old and new syntax, several pages (.atlas);
//   - frame lists (.txt or any name): "name = x y w h [n]" or
//     "name x y w h [n]", the name with or without an extension.
//
// Coordinates are whole pixels of the image, origin top-left, y down
// (DESIGN.md). A Frame's Rect is where it is stored; Turn says how it was
// turned when packed (TexturePacker, Starling, Cocos2d: a quarter turn
// clockwise; libGDX and Spine: counter-clockwise) and Stored maps each
// upright pixel to the image pixel that holds it. A trimmed frame sits at
// Offset inside its untrimmed Size, and a Pivot, when the atlas gives one,
// is a point in the untrimmed sprite. Formats that measure otherwise are
// converted: libGDX's offset from the bottom-left, Cocos2d's centre offset
// with y up, TexturePacker's pivot as fractions, Aseprite's slice pivot
// relative to the slice.
//
// Frame names are cleaned so that they cannot leave the folder they are
// written under (CleanName). A list line with a count n gives frames
// name/0 ... name/(n-1) and an Animation; a libGDX region with an index
// is name/index, and the regions of one name with indexes form an
// Animation in index order.
//
// Bad input: Decode returns one Problem per bad entry (naming the file,
// the line and the frame) and keeps the good frames; its error is for a
// file that cannot be read as a whole. Every number is bounded on
// reading, untrimmed sizes are checked against Options.MaxPixels and the
// number of frames against Options.MaxFrames before anything is allocated
// for them, and frames are checked against their image's size when the
// caller knows it (Options.ImageSize).
package atlas
