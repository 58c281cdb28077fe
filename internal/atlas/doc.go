// Package atlas reads the frame lists of sprite sheets and packed atlases:
// Starling / Sparrow TextureAtlas XML, TexturePacker JSON (hash and array
// forms, UTF-8 or UTF-16 with a byte-order mark) and plain "name = x y w h"
// text lists, and cuts grid sheets into cells.
//
// A Frame says where a sprite is stored in its image and how to turn it
// back: a frame stored rotated was turned 90 degrees clockwise when packed,
// and a trimmed frame sits at Offset inside an untrimmed Size. Frame names
// are cleaned so they cannot leave the folder they are written under (see
// CleanName).
package atlas
