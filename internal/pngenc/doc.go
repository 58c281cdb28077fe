// Package pngenc is a small, fast PNG encoder made for previews: pictures
// scaled up with nearest-neighbour sampling, where most rows repeat the
// row above or differ from it in a few pixels and the rest are runs of a
// colour. Encode writes every row with filter Up and a single
// fixed-Huffman deflate block of literals and one-pixel-distance copies,
// so its cost grows with the runs rather than the bytes; the stream is
// standard (RFC 1950/1951) and any PNG reader decodes it.
//
// It is kept because it is much faster than image/png even at BestSpeed
// on the corpus previews, for larger files (BenchmarkEncode compares them;
// the README has the figures):
//
//	go test ./internal/pngenc -run NONE -bench Encode -count 5
//
// Encode's output is deterministic: the same pixels give the same bytes.
package pngenc
