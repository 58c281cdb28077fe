package pngmask

import (
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"

	"github.com/shapegen/shapegen/mask"
)

// ColorType is a PNG colour type, as IHDR gives it.
type ColorType uint8

// The PNG colour types.
const (
	Gray      ColorType = 0
	RGB       ColorType = 2
	Paletted  ColorType = 3
	GrayAlpha ColorType = 4
	RGBA      ColorType = 6
)

// String returns the colour type's name, or its number when it is not a
// PNG colour type.
func (c ColorType) String() string {
	switch c {
	case Gray:
		return "gray"
	case RGB:
		return "RGB"
	case Paletted:
		return "paletted"
	case GrayAlpha:
		return "gray+alpha"
	case RGBA:
		return "RGBA"
	}
	return fmt.Sprintf("colour type %d", uint8(c))
}

// Header is what a PNG's IHDR chunk announces.
type Header struct {
	Width, Height int
	ColorType     ColorType
	BitDepth      int  // bits per sample: 1, 2, 4, 8 or 16
	Interlaced    bool // Adam7
}

// Info is what Decode learns about an image beside its mask.
type Info struct {
	Header
	// MaxAlpha is the highest 8-bit alpha of any pixel (alpha>>8 for
	// 16-bit images): 255 for an image with no alpha channel and no tRNS,
	// 0 when every pixel matches a tRNS colour key. When the mask is
	// empty at threshold t, MaxAlpha < t says how far off the art is.
	MaxAlpha uint8
}

// ErrTooLarge is wrapped by the error of Decode for an image whose header
// announces more pixels than the limit.
var ErrTooLarge = errors.New("over the pixel limit")

const signature = "\x89PNG\r\n\x1a\n"

// Chunk types as big-endian numbers.
const (
	typeIHDR = 'I'<<24 | 'H'<<16 | 'D'<<8 | 'R'
	typePLTE = 'P'<<24 | 'L'<<16 | 'T'<<8 | 'E'
	typeTRNS = 't'<<24 | 'R'<<16 | 'N'<<8 | 'S'
	typeIDAT = 'I'<<24 | 'D'<<16 | 'A'<<8 | 'T'
	typeIEND = 'I'<<24 | 'E'<<16 | 'N'<<8 | 'D'
)

// stage is how far the chunk walk has come, with image/png's rules on
// which chunk may come when.
type stage uint8

const (
	stageStart stage = iota
	stageIHDR
	stagePLTE
	stageTRNS
	stageIDAT
	stageIEND
)

// formatError is a PNG that image/png would not decode either.
func formatError(format string, args ...any) error {
	return fmt.Errorf("pngmask: "+format, args...)
}

var errNotPNG = formatError("not a PNG file")

// chunkName returns a chunk type for error messages.
func chunkName(typ uint32) string {
	var b [4]byte
	binary.BigEndian.PutUint32(b[:], typ)
	return fmt.Sprintf("%q", b[:])
}

// nextChunk splits the chunk at the start of data from the rest, checking
// that it is whole and that its CRC matches. image/png reads and checks
// every chunk up to IEND, whatever its type, so this does too.
func nextChunk(data []byte) (typ uint32, body, rest []byte, err error) {
	if len(data) < 8 {
		return 0, nil, nil, formatError("truncated: no IEND chunk")
	}
	n := binary.BigEndian.Uint32(data)
	typ = binary.BigEndian.Uint32(data[4:])
	if n > 0x7fffffff {
		return 0, nil, nil, formatError("chunk %s: length %d is too large", chunkName(typ), n)
	}
	if uint64(len(data)) < 12+uint64(n) {
		return 0, nil, nil, formatError("chunk %s: truncated (%d bytes announced, %d present)", chunkName(typ), n, max(len(data)-12, 0))
	}
	body = data[8 : 8+n]
	if crc32.ChecksumIEEE(data[4:8+n]) != binary.BigEndian.Uint32(data[8+n:]) {
		return 0, nil, nil, formatError("chunk %s: CRC mismatch", chunkName(typ))
	}
	return typ, body, data[12+n:], nil
}

// DecodeConfig returns the header of the PNG in data. Like image/png it
// skips (after checking their CRC) any unknown chunks before IHDR; it reads
// nothing after IHDR.
func DecodeConfig(data []byte) (Header, error) {
	h, _, err := header(data)
	return h, err
}

// header checks the signature and walks the chunks up to and including
// IHDR, and returns IHDR's header and the chunks after it. It needs no
// decoder: one on DecodeConfig's stack would cost each call the zeroing
// of its Huffman tables, some 60 KiB, and its goroutine a stack grown to
// hold them.
func header(data []byte) (Header, []byte, error) {
	if len(data) < len(signature) || string(data[:len(signature)]) != signature {
		return Header{}, nil, errNotPNG
	}
	rest := data[len(signature):]
	for {
		typ, body, r, err := nextChunk(rest)
		if err != nil {
			return Header{}, nil, err
		}
		rest = r
		switch typ {
		case typeIHDR:
			h, err := parseIHDR(body)
			return h, rest, err
		case typePLTE, typeTRNS, typeIDAT, typeIEND:
			return Header{}, nil, formatError("chunk %s before IHDR", chunkName(typ))
		}
	}
}

// parseIHDR returns the header in an IHDR chunk's body, refusing what
// image/png refuses.
func parseIHDR(b []byte) (Header, error) {
	if len(b) != 13 {
		return Header{}, formatError("IHDR length %d, want 13", len(b))
	}
	w, h := int32(binary.BigEndian.Uint32(b)), int32(binary.BigEndian.Uint32(b[4:]))
	if w <= 0 || h <= 0 {
		return Header{}, formatError("non-positive size %dx%d", w, h)
	}
	if b[10] != 0 {
		return Header{}, formatError("unknown compression method %d", b[10])
	}
	if b[11] != 0 {
		return Header{}, formatError("unknown filter method %d", b[11])
	}
	if b[12] > 1 {
		return Header{}, formatError("unknown interlace method %d", b[12])
	}
	depth, ct := int(b[8]), ColorType(b[9])
	ok := false
	switch ct {
	case Gray:
		ok = depth == 1 || depth == 2 || depth == 4 || depth == 8 || depth == 16
	case Paletted:
		ok = depth == 1 || depth == 2 || depth == 4 || depth == 8
	case RGB, GrayAlpha, RGBA:
		ok = depth == 8 || depth == 16
	}
	if !ok {
		return Header{}, formatError("unsupported bit depth %d for colour type %d", depth, uint8(ct))
	}
	return Header{Width: int(w), Height: int(h), ColorType: ct, BitDepth: depth, Interlaced: b[12] == 1}, nil
}

// Decode decodes the PNG in data to the mask of its pixels whose 8-bit
// alpha is >= threshold (see the package comment for each colour type; a
// threshold of 0 marks every pixel opaque) and returns it with the image's
// header and highest alpha.
//
// An image whose header announces more than maxPixels pixels, or whose
// mask would hold more than 2*maxPixels bits once its rows are padded to
// 64-pixel words, is refused with an error wrapping ErrTooLarge before
// anything is allocated for its pixels. Otherwise, beside the mask (at
// most maxPixels/4 bytes), Decode holds the inflater's buffer (32 KiB of
// history, 128 KiB of room and one row of the image's bytes), two more
// rows (two bytes a pixel for an alpha channel, two rows of the image's
// bytes for a palette or colour key), and a copy of the compressed data
// when it is split over several IDAT chunks; never the decoded image. A
// row is at most 8 bytes a pixel.
//
// A corrupt or truncated file gives an error naming the cause and a nil
// mask; Decode never panics.
func Decode(data []byte, threshold uint8, maxPixels int64) (*mask.Mask, Info, error) {
	h, rest, err := header(data)
	if err != nil {
		return nil, Info{}, err
	}
	d := getDecoder()
	defer putDecoder(d)
	d.Header, d.hasKey = h, false
	if err := sizeProblem(d.Width, d.Height, maxPixels); err != nil {
		return nil, Info{}, err
	}
	if err := d.chunks(rest); err != nil {
		return nil, Info{}, err
	}
	m := mask.New(d.Width, d.Height)
	maxAlpha, err := d.pixels(m, threshold)
	if err != nil {
		return nil, Info{}, err
	}
	return m, Info{Header: d.Header, MaxAlpha: maxAlpha}, nil
}

// sizeProblem refuses an image of more than maxPixels pixels, or one whose
// mask, 64 pixels a row word, would hold more than 2*maxPixels (a strip
// one pixel wide would cost 8 bytes a pixel): the rule of the build's own
// size check, so that a mask takes at most maxPixels/4 bytes.
func sizeProblem(w, h int, maxPixels int64) error {
	n := int64(w) * int64(h)
	padded := (int64(w) + 63) / 64 * 64 * int64(h)
	switch {
	case n > maxPixels:
		return fmt.Errorf("pngmask: image is %dx%d = %d pixels, over the limit of %d: %w", w, h, n, maxPixels, ErrTooLarge)
	case padded > 2*maxPixels:
		return fmt.Errorf("pngmask: image is %dx%d: as a mask, 64 pixels a row word, that is %d pixels, over twice the limit of %d: %w", w, h, padded, maxPixels, ErrTooLarge)
	}
	return nil
}

// chunks walks the chunks after IHDR up to IEND with image/png's rules of
// order, reading PLTE and tRNS into d and collecting the run of
// consecutive IDAT chunks that holds the pixel data into d.idat.
func (d *decoder) chunks(rest []byte) error {
	d.idat = d.idat[:0]
	paletted := d.ColorType == Paletted
	st := stageIHDR
	inRun := false // within the run of IDAT chunks
	for st != stageIEND {
		typ, body, r, err := nextChunk(rest)
		if err != nil {
			return err
		}
		rest = r
		inRun = inRun && typ == typeIDAT
		switch typ {
		case typeIHDR:
			return formatError("second IHDR chunk")
		case typePLTE:
			if st != stageIHDR {
				return formatError("PLTE chunk out of order")
			}
			st = stagePLTE
			err = d.parsePLTE(body)
		case typeTRNS:
			trueColor := d.ColorType == RGB
			if paletted && st != stagePLTE || trueColor && st != stageIHDR && st != stagePLTE ||
				!paletted && !trueColor && st != stageIHDR {
				return formatError("tRNS chunk out of order")
			}
			st = stageTRNS
			err = d.parseTRNS(body)
		case typeIDAT:
			switch {
			case st == stageIHDR && paletted:
				return formatError("IDAT chunk before PLTE in a paletted image")
			case st < stageIDAT:
				st, inRun = stageIDAT, true
				d.idat = append(d.idat, body)
			case inRun:
				d.idat = append(d.idat, body)
			}
			// After the run, image/png ignores IDAT chunks.
		case typeIEND:
			if st < stageIDAT {
				return formatError("IEND chunk before IDAT")
			}
			if len(body) != 0 {
				return formatError("IEND chunk of length %d, want 0", len(body))
			}
			st = stageIEND
		}
		if err != nil {
			return err
		}
	}
	return nil
}

// parsePLTE reads a PLTE chunk: it only matters to paletted images, whose
// palette entries are opaque until tRNS says otherwise.
func (d *decoder) parsePLTE(b []byte) error {
	n := len(b) / 3
	if len(b)%3 != 0 || n == 0 || n > 256 || n > 1<<d.BitDepth {
		return formatError("PLTE length %d", len(b))
	}
	switch d.ColorType {
	case Paletted:
		for i := range d.alpha {
			d.alpha[i] = 0xff
		}
	case RGB, RGBA:
		// Allowed as a suggestion, and ignored.
	default:
		return formatError("PLTE chunk in a %v image", d.ColorType)
	}
	return nil
}

// parseTRNS reads a tRNS chunk: palette alphas, or the colour key of a
// gray or RGB image.
func (d *decoder) parseTRNS(b []byte) error {
	switch d.ColorType {
	case Gray:
		if len(b) != 2 {
			return formatError("tRNS length %d for a gray image, want 2", len(b))
		}
	case RGB:
		if len(b) != 6 {
			return formatError("tRNS length %d for an RGB image, want 6", len(b))
		}
	case Paletted:
		if len(b) > 256 {
			return formatError("tRNS length %d for a palette, want at most 256", len(b))
		}
		// Entries past the palette's length count too, as in image/png.
		copy(d.alpha[:], b)
		return nil
	default:
		return formatError("tRNS chunk in a %v image", d.ColorType)
	}
	d.hasKey = true
	copy(d.key[:], b)
	return nil
}
