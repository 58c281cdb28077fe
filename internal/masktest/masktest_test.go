package masktest

import "testing"

func TestPic(t *testing.T) {
	m := Pic(
		"#..",
		".#x",
	)
	if m.Width() != 3 || m.Height() != 2 {
		t.Fatalf("size %dx%d, want 3x2", m.Width(), m.Height())
	}
	for _, p := range []struct {
		x, y int
		want bool
	}{{0, 0, true}, {1, 0, false}, {1, 1, true}, {2, 1, false}} {
		if got := m.Get(p.x, p.y); got != p.want {
			t.Errorf("(%d, %d) = %v, want %v", p.x, p.y, got, p.want)
		}
	}
	if m := Pic(); m.Width() != 0 || m.Height() != 0 {
		t.Errorf("no rows: %dx%d, want 0x0", m.Width(), m.Height())
	}
	defer func() {
		if recover() == nil {
			t.Error("ragged rows did not panic")
		}
	}()
	Pic("##", "#")
}
