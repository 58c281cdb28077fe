// Package pngmask decodes a PNG straight to its alpha bit mask, without
// building the RGBA image: it inflates the pixel data, unfilters only the
// bytes that decide opacity (for an alpha channel, the alpha bytes alone:
// PNG filters predict each byte from the same byte of the neighbouring
// pixels) and thresholds them into a mask.Mask a row at a time. Decode is
// safe for concurrent use.
//
// The result is, bit for bit, mask.FromImage of what image/png decodes:
// a pixel is opaque when its 8-bit alpha is >= the threshold; 16-bit
// images use alpha>>8; paletted images use their tRNS alpha (an index
// beyond the palette is opaque, as image/png decodes it); gray and RGB
// images with a tRNS colour key are transparent exactly where image/png
// matches the key; images with no alpha channel are fully opaque.
//
// A file that image/png rejects is rejected too, with an error naming the
// cause, and a file it decodes is decoded: the chunk order rules, every
// chunk's CRC up to IEND, the zlib header and Adler-32, the deflate rules
// of compress/flate (block types, code lengths, which incomplete codes
// pass, distances), "not enough" and "too much pixel data", including
// image/png's tolerance of bytes after the zlib stream that its 4 KiB
// read-ahead has already taken from the last IDAT chunk (modelled read by
// read, stored blocks included). The exceptions are deliberate: Decode
// refuses images over its pixel limit, and DecodeConfig reads no further
// than IHDR where image/png's also reads PLTE and tRNS of a paletted
// image (so it can fail there where DecodeConfig does not).
//
// The inflater is the package's own (inflate.go): it decodes into one
// linear buffer holding the 32 KiB history and the rows not yet handed
// out, takes 56 bits of input at a time, looks codes up in two-level
// tables and copies matches in 8-byte words, which is what makes the
// decoder cheaper than image/png by more than the cost of the RGBA image
// it avoids. It is tested against compress/zlib on its own (FuzzInflate)
// and as part of Decode against image/png (FuzzDecode).
package pngmask
