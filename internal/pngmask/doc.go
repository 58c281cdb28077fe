// Package pngmask decodes a PNG straight to its alpha bit mask, without
// building the RGBA image: it inflates the pixel data, unfilters the bytes
// that decide opacity and thresholds them into a mask.Mask a row at a time.
//
// The result is, bit for bit, mask.FromImage of what image/png decodes:
// a pixel is opaque when its 8-bit alpha is >= the threshold; 16-bit
// images use alpha>>8; paletted images use their tRNS alpha (an index
// beyond the palette is opaque, as image/png decodes it); gray and RGB
// images with a tRNS colour key are transparent exactly where image/png
// matches the key; images with no alpha channel are fully opaque.
//
// A file that image/png rejects is rejected too, with an error naming the
// cause. The chunk rules, checksums (every chunk's CRC up to IEND, the
// zlib Adler-32) and the stream-length rules are image/png's own,
// including its tolerance of bytes after the zlib stream that its 4 KiB
// read-ahead has already taken from the last IDAT chunk.
package pngmask
