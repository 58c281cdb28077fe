package pngmask

import (
	"bytes"
	"encoding/binary"
	"io"

	"github.com/klauspost/compress/flate"
)

// stream is the zlib stream held in a run of IDAT chunks, read a row at a
// time. The zlib wrapper (header and Adler-32) is handled here so that the
// checksum is the fast adlerUpdate; the deflate data goes to the inflater,
// which reads a bytes.Reader (its fastest input) over the run's bytes.
type stream struct {
	inflater io.ReadCloser // reused through flate.Resetter
	src      bytes.Reader
	data     []byte // the run's bytes, joined when there are several chunks
	joined   []byte // scratch for joining
	ends     []int  // where each chunk of the run ends in data
	adler    uint32
}

var errNotEnoughData = formatError("not enough pixel data")

// reset starts reading the zlib stream in chunks.
func (s *stream) reset(chunks [][]byte) error {
	s.ends = s.ends[:0]
	n := 0
	for _, c := range chunks {
		n += len(c)
		s.ends = append(s.ends, n)
	}
	if len(chunks) == 1 {
		s.data = chunks[0]
	} else {
		s.joined = s.joined[:0]
		for _, c := range chunks {
			s.joined = append(s.joined, c...)
		}
		s.data = s.joined
	}
	if len(s.data) < 2 {
		return errNotEnoughData
	}
	cmf, flg := s.data[0], s.data[1]
	if cmf&0x0f != 8 || cmf>>4 > 7 || (uint(cmf)<<8|uint(flg))%31 != 0 {
		return formatError("invalid zlib header %#02x %#02x", cmf, flg)
	}
	if flg&0x20 != 0 {
		return formatError("zlib stream needs a preset dictionary")
	}
	s.src.Reset(s.data[2:])
	if s.inflater == nil {
		s.inflater = flate.NewReader(&s.src)
	} else if err := s.inflater.(flate.Resetter).Reset(&s.src, nil); err != nil {
		return formatError("inflate: %v", err)
	}
	s.adler = 1
	return nil
}

// read fills p with the next bytes of the inflated stream.
func (s *stream) read(p []byte) error {
	if _, err := io.ReadFull(s.inflater, p); err != nil {
		if err == io.EOF || err == io.ErrUnexpectedEOF {
			return errNotEnoughData
		}
		return formatError("inflate: %v", err)
	}
	s.adler = adlerUpdate(s.adler, p)
	return nil
}

// finish checks, once every row is read, that the deflate stream ends
// there, that the Adler-32 matches, and that the last IDAT chunk holds no
// more bytes than image/png would have taken from it.
func (s *stream) finish() error {
	var one [1]byte
	n, err := 0, error(nil)
	for i := 0; n == 0 && err == nil; i++ {
		if i == 100 {
			return formatError("inflate: %v", io.ErrNoProgress)
		}
		n, err = s.inflater.Read(one[:])
	}
	if n != 0 {
		return formatError("too much pixel data")
	}
	if err != io.EOF {
		return formatError("inflate: %v", err)
	}
	end := len(s.data) - s.src.Len() // where the Adler-32 starts
	if end+4 > len(s.data) {
		return formatError("zlib stream truncated before its checksum")
	}
	if binary.BigEndian.Uint32(s.data[end:]) != s.adler {
		return formatError("zlib checksum mismatch")
	}
	if p := pulled(s.ends, end+4); p != chunkEnd(s.ends, p) {
		return formatError("too much pixel data: bytes after the zlib stream in the last IDAT chunk")
	}
	return nil
}

// readAhead is the size of the buffer through which image/png's zlib
// reader pulls the IDAT data.
const readAhead = 4096

// pulled returns how far into the run image/png's buffered reader has
// read once the zlib stream's first n bytes are consumed: each time its
// buffer runs dry it takes up to 4096 bytes, never beyond the current
// chunk. (It reads stored blocks of 4 KiB or more straight into its
// window rather than through the buffer; that is not modelled.)
func pulled(ends []int, n int) int {
	p := 0
	for p < n {
		p = min(p+readAhead, chunkEnd(ends, p+1))
	}
	return p
}

// chunkEnd returns the end of the chunk that holds byte p-1 of the run (0
// for p = 0): a position at the end of a chunk belongs to that chunk.
func chunkEnd(ends []int, p int) int {
	for _, e := range ends {
		if e >= p {
			return e
		}
	}
	return p
}
