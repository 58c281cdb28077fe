package preview

import (
	"image"
	"io"

	"github.com/shapegen/shapegen/internal/pngenc"
)

// Encode writes img to w as a PNG, favouring speed over size: the
// encoder made for previews (internal/pngenc), which writes a corpus
// preview many times faster than image/png at BestSpeed, in larger files.
// The same pixels give the same bytes.
func Encode(w io.Writer, img image.Image) error { return pngenc.Encode(w, img) }
