package pngmask

import "encoding/binary"

// adlerUpdate returns the Adler-32 checksum adler extended by p, as
// hash/adler32 computes it, but 128 bytes a step. Of n bytes b0..b(n-1),
// s1 grows by their sum and s2 by n*s1 + n*b0 + (n-1)*b1 + ... + 1*b(n-1):
// in a step of sixteen 8-byte words, the byte at position j of word k has
// the weight 8*(15-k) + 8-j. The bytes are spread into 16-bit lanes (even
// and odd bytes) and added lane by lane into e and o; pre adds, before
// each word, the lanes of the words so far, which gives word k its part
// 15-k of the weights; each sum is then the top lane of a product by a
// constant. No lane and no sum of lanes reaches 65536 (the bounds are
// given with each), so nothing carries between lanes. The sums are kept
// in 64 bits and reduced once per block, short enough that s2 cannot
// overflow. A step of zeros only moves s2 on.
func adlerUpdate(adler uint32, p []byte) uint32 {
	const (
		mod   = 65521
		block = 1 << 20
		ones  = 0x0001000100010001
		even  = 0x0004000300020001 // half the weights of bytes 0, 2, 4, 6 in the top lane
		odd   = 0x0007000500030001 // the weights of bytes 1, 3, 5, 7
		pairs = 0x0000ffff0000ffff
		lanes = 0x00ff00ff00ff00ff
	)
	le := binary.LittleEndian
	s1, s2 := uint64(adler&0xffff), uint64(adler>>16)
	for len(p) > 0 {
		q := p[:min(len(p), block)]
		p = p[len(q):]
		for len(q) >= 128 {
			v := (*[128]byte)(q)
			q = q[128:]
			if zero128(v) {
				s2 += 128 * s1
				continue
			}
			// Written out: as a loop over the words, the compiler spills.
			// Each line adds the word before while it loads the next: a
			// load on a line of its own costs a nop (the inlining mark of
			// Uint64).
			w, e, o, pre := le.Uint64(v[0:]), uint64(0), uint64(0), uint64(0)
			w, e, o, pre = le.Uint64(v[8:]), e+w&lanes, o+w>>8&lanes, pre+e+o
			w, e, o, pre = le.Uint64(v[16:]), e+w&lanes, o+w>>8&lanes, pre+e+o
			w, e, o, pre = le.Uint64(v[24:]), e+w&lanes, o+w>>8&lanes, pre+e+o
			w, e, o, pre = le.Uint64(v[32:]), e+w&lanes, o+w>>8&lanes, pre+e+o
			w, e, o, pre = le.Uint64(v[40:]), e+w&lanes, o+w>>8&lanes, pre+e+o
			w, e, o, pre = le.Uint64(v[48:]), e+w&lanes, o+w>>8&lanes, pre+e+o
			w, e, o, pre = le.Uint64(v[56:]), e+w&lanes, o+w>>8&lanes, pre+e+o
			w, e, o, pre = le.Uint64(v[64:]), e+w&lanes, o+w>>8&lanes, pre+e+o
			w, e, o, pre = le.Uint64(v[72:]), e+w&lanes, o+w>>8&lanes, pre+e+o
			w, e, o, pre = le.Uint64(v[80:]), e+w&lanes, o+w>>8&lanes, pre+e+o
			w, e, o, pre = le.Uint64(v[88:]), e+w&lanes, o+w>>8&lanes, pre+e+o
			w, e, o, pre = le.Uint64(v[96:]), e+w&lanes, o+w>>8&lanes, pre+e+o
			w, e, o, pre = le.Uint64(v[104:]), e+w&lanes, o+w>>8&lanes, pre+e+o
			w, e, o, pre = le.Uint64(v[112:]), e+w&lanes, o+w>>8&lanes, pre+e+o
			w, e, o, pre = le.Uint64(v[120:]), e+w&lanes, o+w>>8&lanes, pre+e+o
			e, o, pre = e+w&lanes, o+w>>8&lanes, pre+e+o
			// e and o: at most 16*255 a lane, so 10*16*255 and 16*16*255
			// in the top lanes of the products; pre: 120*2*255 a lane,
			// summed in two 32-bit lanes; e+o: 4*16*2*255 in all.
			pre = pre&pairs + pre>>16&pairs
			s2 += 128*s1 + 8*(pre*(1<<32+1)>>32) + 2*(e*even>>48) + o*odd>>48
			s1 += (e + o) * ones >> 48
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

// zero128 reports whether the bytes of p are all zero, as in the
// transparent areas of sprites (four steps of adlerUpdate in ten over the
// corpus). It is not inlined: inlined, its loads would be the step's too,
// and held across the test they spill.
//
//go:noinline
func zero128(p *[128]byte) bool {
	le := binary.LittleEndian
	return le.Uint64(p[0:])|le.Uint64(p[8:])|le.Uint64(p[16:])|le.Uint64(p[24:])|
		le.Uint64(p[32:])|le.Uint64(p[40:])|le.Uint64(p[48:])|le.Uint64(p[56:])|
		le.Uint64(p[64:])|le.Uint64(p[72:])|le.Uint64(p[80:])|le.Uint64(p[88:])|
		le.Uint64(p[96:])|le.Uint64(p[104:])|le.Uint64(p[112:])|le.Uint64(p[120:]) == 0
}
