package preview

import (
	"image"
	"image/png"
	"io"

	"github.com/shapegen/shapegen/internal/atomicfile"
)

// Write stores img as a PNG at path atomically (a reader or a killed run
// sees the old file or the new one, never a torn one). The bytes depend
// only on img's pixels.
func Write(path string, img image.Image) error {
	return atomicfile.Write(path, func(w io.Writer) error {
		return Encode(w, img)
	})
}

// Encode writes img to w as a PNG, favouring speed over size.
func Encode(w io.Writer, img image.Image) error {
	enc := png.Encoder{CompressionLevel: png.BestSpeed}
	return enc.Encode(w, img)
}
