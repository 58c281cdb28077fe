package pngmask

import "encoding/binary"

// adlerUpdate returns the Adler-32 checksum adler extended by p, as
// hash/adler32 computes it, but 32 bytes a step. For bytes b0..b31 (b0
// first), s1 grows by their sum and s2 by 32*s1 + 32*b0 + 31*b1 + ... +
// 1*b31. Splitting the step into four words a, b, c, d of eight bytes,
// that is 32*s1 + 8*(3*sum(a) + 2*sum(b) + sum(c)) + the sum over the
// eight byte positions j of (8-j) times the four words' bytes at j. The
// bytes are spread into 16-bit lanes (even and odd bytes), added lane by
// lane, and each sum is the top lane of a product by a constant: no lane
// ever reaches 65536, so nothing carries between lanes. The sums are kept
// in 64 bits and reduced once per block, short enough that s2 cannot
// overflow.
func adlerUpdate(adler uint32, p []byte) uint32 {
	const (
		mod   = 65521
		block = 1 << 20
		lanes = 0x00ff00ff00ff00ff
		ones  = 0x0001000100010001
		even  = 0x0008000600040002 // weights of bytes 0, 2, 4, 6 in the top lane
		odd   = 0x0007000500030001 // weights of bytes 1, 3, 5, 7
	)
	s1, s2 := uint64(adler&0xffff), uint64(adler>>16)
	for len(p) > 0 {
		q := p[:min(len(p), block)]
		p = p[len(q):]
		for len(q) >= 32 {
			a := binary.LittleEndian.Uint64(q)
			b := binary.LittleEndian.Uint64(q[8:])
			c := binary.LittleEndian.Uint64(q[16:])
			d := binary.LittleEndian.Uint64(q[24:])
			ae, ao := a&lanes, a>>8&lanes
			be, bo := b&lanes, b>>8&lanes
			ce, co := c&lanes, c>>8&lanes
			de, do := d&lanes, d>>8&lanes
			e, o := ae+be+ce+de, ao+bo+co+do
			first := 3*(ae+ao) + 2*(be+bo) + ce + co
			s2 += 32*s1 + 8*(first*ones>>48) + (e*even+o*odd)>>48
			s1 += (e + o) * ones >> 48
			q = q[32:]
		}
		for _, b := range q {
			s1 += uint64(b)
			s2 += s1
		}
		s1 %= mod
		s2 %= mod
	}
	return uint32(s2<<16 | s1)
}
