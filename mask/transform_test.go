package mask

import (
	"math/rand/v2"
	"testing"
)

func TestTransforms(t *testing.T) {
	m := parse(t,
		"##.",
		"#..",
	)
	tests := []struct {
		name string
		got  *Mask
		want []string
	}{
		{"Transpose", m.Transpose(), []string{"##", "#.", ".."}},
		{"FlipH", m.FlipH(), []string{".##", "..#"}},
		{"FlipV", m.FlipV(), []string{"#..", "##."}},
		{"Rotate90CW", m.Rotate90CW(), []string{"##", ".#", ".."}},
		{"Rotate90CCW", m.Rotate90CCW(), []string{"..", "#.", "##"}},
		{"Rotate180", m.Rotate180(), []string{"..#", ".##"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if want := parse(t, tt.want...); !tt.got.Equal(want) {
				t.Errorf("%s(%q) = %q, want %q", tt.name, m, tt.got, want)
			}
		})
	}
}

func TestTransformsProperty(t *testing.T) {
	r := rand.New(rand.NewPCG(17, 18))
	for i := range 2000 {
		g := randGrid(r)
		m := g.mask()
		w, h := g.w, g.h
		tests := []struct {
			name string
			got  *Mask
			w, h int
			at   func(x, y int) bool // the result's pixel, read from g
		}{
			{"Transpose", m.Transpose(), h, w, func(x, y int) bool { return g.at(y, x) }},
			{"FlipH", m.FlipH(), w, h, func(x, y int) bool { return g.at(w-1-x, y) }},
			{"FlipV", m.FlipV(), w, h, func(x, y int) bool { return g.at(x, h-1-y) }},
			{"Rotate90CW", m.Rotate90CW(), h, w, func(x, y int) bool { return g.at(y, h-1-x) }},
			{"Rotate90CCW", m.Rotate90CCW(), h, w, func(x, y int) bool { return g.at(w-1-y, x) }},
			{"Rotate180", m.Rotate180(), w, h, func(x, y int) bool { return g.at(w-1-x, h-1-y) }},
		}
		for _, tt := range tests {
			want := newGrid(tt.w, tt.h)
			for y := range tt.h {
				for x := range tt.w {
					want.set(x, y, tt.at(x, y))
				}
			}
			if msg, ok := sameAs(tt.got, want); !ok {
				t.Fatalf("case %d: %s of %dx%d: %s", i, tt.name, w, h, msg)
			}
		}
		if back := m.Rotate90CW().Rotate90CCW(); !back.Equal(m) {
			t.Fatalf("case %d: Rotate90CCW(Rotate90CW(m)) != m for %dx%d", i, w, h)
		}
	}
}
