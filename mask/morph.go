package mask

import "image"

// Dilate returns m grown by radius r: a pixel is set when some set pixel
// of m lies within distance r of it, measured between pixel centres. The
// structuring element is the disc of offsets (i, j) with i*i+j*j <= r*r
// (radius 1 is the plus of the four edge neighbours, radius 2 a 5x5
// square without its corners). The result keeps m's size, so growth past
// the edges is clipped; use m.Pad(r).Dilate(r) to keep all of it. A radius
// <= 0 returns a copy of m.
//
// It spreads each row sideways by each chord half-width of the disc, in
// O(log r) shifted word passes, then ORs the 2r+1 shifted rows together.
func (m *Mask) Dilate(r int) *Mask {
	if r <= 0 || m.Empty() {
		return m.Clone()
	}
	out := New(m.w, m.h)
	m.disc(r, false, func(h *Mask, j int) { out.Draw(h, 0, j) })
	return out
}

// Erode returns m shrunk by radius r: a pixel stays set when every pixel
// within distance r of it (the disc of Dilate) is set in m. Pixels outside
// m count as clear, so set pixels within r of m's edges are cleared too.
// A radius <= 0 returns a copy of m.
func (m *Mask) Erode(r int) *Mask {
	if r <= 0 {
		return m.Clone()
	}
	out := New(m.w, m.h)
	if 2*min(r, m.w+m.h) >= min(m.w, m.h) {
		return out // no disc of radius r fits inside m
	}
	out.fill()
	tmp := New(m.w, m.h)
	m.disc(r, true, func(h *Mask, j int) {
		clear(tmp.bits)
		tmp.Draw(h, 0, j)
		for i, w := range tmp.bits {
			out.bits[i] &= w
		}
	})
	return out
}

// disc calls row(h, j) for each row offset j of the disc of radius r, with
// h the mask m spread sideways (OR, or AND when and is set) by that row's
// chord half-width.
func (m *Mask) disc(r int, and bool, row func(h *Mask, j int)) {
	r = min(r, m.w+m.h) // a larger disc reaches no further pixel
	spread := make(map[int]*Mask)
	k := r
	for j := 0; j <= r; j++ {
		for k*k+j*j > r*r {
			k--
		}
		h, ok := spread[k]
		if !ok {
			h = m.spreadX(k, and)
			spread[k] = h
		}
		row(h, j)
		if j > 0 {
			row(h, -j)
		}
	}
}

// spreadX returns m with each pixel replaced by the OR (or AND) of the
// pixels up to k to its left and right, pixels outside m being clear. It
// doubles the covered offsets with each shift, first to one side, then
// to the other; clipping between the passes loses nothing, since any
// offset d in [-k, k] is reached through a pixel inside m.
func (m *Mask) spreadX(k int, and bool) *Mask {
	h := m.Clone()
	shifted := New(m.w, m.h)
	for _, dir := range []int{1, -1} {
		for c := 1; c <= k; { // h covers offsets [0, c) on this side
			t := min(c, k+1-c)
			clear(shifted.bits)
			shifted.Draw(h, dir*t, 0)
			for i, w := range shifted.bits {
				if and {
					h.bits[i] &= w
				} else {
					h.bits[i] |= w
				}
			}
			c += t
		}
	}
	return h
}

// Sub returns the part of m inside r as a new r.Dx() x r.Dy() mask: its
// pixel (x, y) is m's pixel r.Min+(x, y), and the part of r outside m is
// clear. A negative width or height counts as zero.
func (m *Mask) Sub(r image.Rectangle) *Mask {
	s := New(r.Dx(), r.Dy())
	s.Draw(m, -r.Min.X, -r.Min.Y)
	return s
}

// Pad returns m with n clear pixels added on every side, so m's pixel
// (x, y) is the result's (x+n, y+n); a negative n removes -n pixels from
// every side instead (down to a zero size).
func (m *Mask) Pad(n int) *Mask {
	return m.Sub(image.Rectangle{image.Pt(-n, -n), image.Pt(m.w+n, m.h+n)})
}
