package pipeline

import (
	"encoding/binary"
	"math"
	"slices"
)

// The cache index is written in a small binary form of its own: reading
// it is most of a warm build after the walk, and gob took several times
// longer. Each entry, in path order: the path, the four stat numbers
// (varints), the settings digest and content key, the number of facts and
// each fact (name, image, pixels, polygon pair_fp_rate as 8 bytes, whether
// there is a polygon, the failures). Strings are uvarint-length-prefixed.

// appendIndex appends the encoded index ix to b.
func appendIndex(b []byte, ix map[string]entry) []byte {
	paths := make([]string, 0, len(ix))
	for p := range ix {
		paths = append(paths, p)
	}
	slices.Sort(paths)
	b = binary.AppendUvarint(b, uint64(len(paths)))
	for _, p := range paths {
		e := ix[p]
		b = appendString(b, p)
		for _, v := range []int64{e.Stat.Size, e.Stat.Mod, e.Stat.DataSize, e.Stat.DataMod} {
			b = binary.AppendVarint(b, v)
		}
		b = appendString(b, e.Settings)
		b = appendString(b, e.Key)
		b = binary.AppendUvarint(b, uint64(len(e.Facts)))
		for _, f := range e.Facts {
			b = appendString(b, f.Name)
			b = appendString(b, f.Image)
			b = binary.AppendVarint(b, int64(f.Pixels))
			b = binary.LittleEndian.AppendUint64(b, math.Float64bits(f.PolygonFP))
			b = append(b, boolByte(f.HasPolygon))
			b = binary.AppendUvarint(b, uint64(len(f.Fails)))
			for _, s := range f.Fails {
				b = appendString(b, s)
			}
		}
	}
	return b
}

func appendString(b []byte, s string) []byte {
	return append(binary.AppendUvarint(b, uint64(len(s))), s...)
}

func boolByte(v bool) byte {
	if v {
		return 1
	}
	return 0
}

// parseIndex decodes an index written by appendIndex, and false when s is
// not one. The strings of the entries share s's memory.
func parseIndex(s string) (map[string]entry, bool) {
	r := &reader{s: s}
	n := r.count()
	ix := make(map[string]entry, n)
	for range n {
		p := r.str()
		var e entry
		e.Stat = fileStat{Size: r.varint(), Mod: r.varint(), DataSize: r.varint(), DataMod: r.varint()}
		e.Settings, e.Key = r.str(), r.str()
		if nf := r.count(); nf > 0 {
			e.Facts = make([]fact, nf)
		}
		for i := range e.Facts {
			f := &e.Facts[i]
			f.Name, f.Image = r.str(), r.str()
			f.Pixels = int(r.varint())
			f.PolygonFP = math.Float64frombits(r.fixed64())
			f.HasPolygon = r.byte() == 1
			if nf := r.count(); nf > 0 {
				f.Fails = make([]string, nf)
			}
			for j := range f.Fails {
				f.Fails[j] = r.str()
			}
		}
		if r.bad {
			return nil, false
		}
		ix[p] = e
	}
	if r.bad || r.s != "" {
		return nil, false
	}
	return ix, true
}

// reader reads the parts of an encoded index; bad is set, and zero values
// returned, once the input runs short.
type reader struct {
	s   string
	bad bool
}

func (r *reader) uvarint() uint64 {
	var v uint64
	for shift := 0; shift < 64; shift += 7 {
		if len(r.s) == 0 {
			break
		}
		c := r.s[0]
		r.s = r.s[1:]
		v |= uint64(c&0x7f) << shift
		if c < 0x80 {
			return v
		}
	}
	r.bad = true
	return 0
}

func (r *reader) varint() int64 {
	u := r.uvarint()
	return int64(u>>1) ^ -int64(u&1)
}

// count reads a length, bounded by what is left of the input (every item
// takes at least a byte).
func (r *reader) count() int {
	n := r.uvarint()
	if n > uint64(len(r.s)) {
		r.bad = true
		return 0
	}
	return int(n)
}

func (r *reader) str() string {
	n := r.count()
	v := r.s[:n]
	r.s = r.s[n:]
	return v
}

func (r *reader) fixed64() uint64 {
	if len(r.s) < 8 {
		r.bad = true
		return 0
	}
	v := binary.LittleEndian.Uint64([]byte(r.s[:8]))
	r.s = r.s[8:]
	return v
}

func (r *reader) byte() byte {
	if len(r.s) == 0 {
		r.bad = true
		return 0
	}
	c := r.s[0]
	r.s = r.s[1:]
	return c
}
