package pngmask

import "encoding/binary"

// adlerUpdate returns the Adler-32 checksum adler extended by p, as
// hash/adler32 computes it, but eight bytes a step: for bytes b0..b7
// (b0 first), s1 grows by their sum and s2 by 8*s1 + 8*b0 + 7*b1 + ... +
// 1*b7. Both sums come from multiplying 16-bit lanes of the word by a
// constant, so the top lane of the product collects them (no lane can
// carry into another: every lane stays below 65536). The sums are kept in
// 64 bits and reduced once per block, which is short enough that s2
// cannot overflow.
func adlerUpdate(adler uint32, p []byte) uint32 {
	const (
		mod   = 65521
		block = 1 << 20
		lanes = 0x00ff00ff00ff00ff
		ones  = 0x0001000100010001
		even  = 0x0008000600040002 // weights of b0, b2, b4, b6 in the top lane
		odd   = 0x0007000500030001 // weights of b1, b3, b5, b7
	)
	s1, s2 := uint64(adler&0xffff), uint64(adler>>16)
	for len(p) > 0 {
		q := p[:min(len(p), block)]
		p = p[len(q):]
		for len(q) >= 16 {
			v, u := binary.LittleEndian.Uint64(q), binary.LittleEndian.Uint64(q[8:])
			ve, vo := v&lanes, v>>8&lanes
			ue, uo := u&lanes, u>>8&lanes
			vs, us := (ve+vo)*ones>>48, (ue+uo)*ones>>48
			s2 += 16*s1 + 8*vs + (ve*even)>>48 + (vo*odd)>>48 + (ue*even)>>48 + (uo*odd)>>48
			s1 += vs + us
			q = q[16:]
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
