package export

import (
	"encoding/base64"
	"encoding/binary"
	"errors"
	"fmt"

	"github.com/shapegen/shapegen/mask"
)

// MaxMaskPixels bounds the width times height of a mask that Decode
// accepts, so that a hostile file cannot make a reader allocate without
// limit (a mask costs one bit per pixel: 32 MiB here).
const MaxMaskPixels = 1 << 28

// EncodeMask returns m run-length encoded as described at EncodedMask:
// each row, top to bottom, is the lengths of its runs left to right,
// alternating transparent and opaque and starting with a transparent run
// that is zero when the row starts opaque; only that first run can be
// zero, and the runs of a row add up to the width. A mask of zero width or
// height has no runs, so its RLE is "". The encoding of a mask is unique.
func EncodeMask(m *mask.Mask) *EncodedMask {
	w, h := m.Width(), m.Height()
	var buf []byte
	var runs []mask.Run
	if w > 0 {
		for y := range h {
			x := 0
			runs = m.AppendRuns(runs[:0], y)
			for _, r := range runs {
				buf = binary.AppendUvarint(buf, uint64(r.X0-x))
				buf = binary.AppendUvarint(buf, uint64(r.X1-r.X0))
				x = r.X1
			}
			if x < w {
				buf = binary.AppendUvarint(buf, uint64(w-x))
			}
		}
	}
	return &EncodedMask{W: w, H: h, RLE: base64.StdEncoding.EncodeToString(buf)}
}

// errRLE is wrapped by every error Decode returns for bad run data.
var errRLE = errors.New("bad mask run-length data")

// Decode returns the mask e encodes. It returns an error, and no mask, for
// a negative or too large size, bad base64 (line breaks and non-zero
// padding bits included), a truncated, overlong or non-minimal varint,
// a zero run other than a row's first, runs that overrun a row, too few
// rows, or bytes left after the last row.
func (e *EncodedMask) Decode() (*mask.Mask, error) {
	if e.W < 0 || e.H < 0 {
		return nil, fmt.Errorf("mask size %dx%d is negative", e.W, e.H)
	}
	if e.W > 0 && e.H > MaxMaskPixels/e.W {
		return nil, fmt.Errorf("mask size %dx%d is over %d pixels", e.W, e.H, MaxMaskPixels)
	}
	data, err := base64.StdEncoding.Strict().DecodeString(e.RLE)
	if err != nil {
		return nil, fmt.Errorf("%w: %w", errRLE, err)
	}
	if base64.StdEncoding.EncodedLen(len(data)) != len(e.RLE) {
		// The decoder skips line breaks; refuse them so the encoding of a mask stays unique.
		return nil, fmt.Errorf("%w: line breaks in base64", errRLE)
	}
	if e.W == 0 || e.H == 0 {
		if len(data) != 0 {
			return nil, fmt.Errorf("%w: %d bytes for an empty %dx%d mask", errRLE, len(data), e.W, e.H)
		}
		return mask.New(e.W, e.H), nil
	}
	// Every row takes at least one byte: check before allocating.
	if len(data) < e.H {
		return nil, fmt.Errorf("%w: %d bytes for %d rows", errRLE, len(data), e.H)
	}
	m := mask.New(e.W, e.H)
	for y := range e.H {
		x, opaque := 0, false
		for first := true; first || x < e.W; first, opaque = false, !opaque {
			run, n := binary.Uvarint(data)
			if n <= 0 {
				return nil, fmt.Errorf("%w: row %d: truncated or overlong varint", errRLE, y)
			}
			if n > 1 && data[n-1] == 0 {
				return nil, fmt.Errorf("%w: row %d: varint with a redundant zero byte", errRLE, y)
			}
			data = data[n:]
			if run == 0 && !first {
				return nil, fmt.Errorf("%w: row %d: empty run at x=%d", errRLE, y, x)
			}
			if run > uint64(e.W-x) {
				return nil, fmt.Errorf("%w: row %d: run of %d at x=%d overruns width %d", errRLE, y, run, x, e.W)
			}
			if opaque {
				m.SetRun(y, x, x+int(run), true)
			}
			x += int(run)
		}
	}
	if len(data) != 0 {
		return nil, fmt.Errorf("%w: %d bytes after the last row", errRLE, len(data))
	}
	return m, nil
}
