package export

import (
	"math"
	"slices"
	"strings"
	"testing"
)

// TestCheckSpriteQualityOrder: with several figures out of range, the
// error names the first key in sorted order, whatever the map's order.
func TestCheckSpriteQualityOrder(t *testing.T) {
	bad := Quality{AreaRatio: math.NaN()}
	for range 50 {
		s := Sprite{Quality: map[string]Quality{"polygon": bad, "box": bad, "hull": bad, "aabb": {}, "pieces": bad}}
		if err := checkSprite(&s, false); err == nil || !strings.Contains(err.Error(), `quality "box"`) {
			t.Fatalf("checkSprite error %v, want one naming quality \"box\"", err)
		}
	}
}

// TestCheckPiecesAsPolygon checks that a piece is spared its convexity
// check only when it is the polygon, bit for bit, already checked.
func TestCheckPiecesAsPolygon(t *testing.T) {
	poly := Ring{{0, 0}, {10, 0}, {10, 5}, {0, 5}}
	back := slices.Clone(poly)
	slices.Reverse(back)
	tests := []struct {
		name    string
		polygon Ring
		pieces  []Ring
		ok      bool
	}{
		{"the polygon", poly, []Ring{poly}, true},
		{"a copy", poly, []Ring{slices.Clone(poly)}, true},
		{"reversed", poly, []Ring{back}, false},
		{"no polygon, empty piece", nil, []Ring{{}}, false},
		{"two, one reversed", poly, []Ring{poly, back}, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			sp := Sprite{Name: "s", Size: [2]int{10, 5}, Polygon: tt.polygon, Pieces: tt.pieces}
			if err := sp.Check(); (err == nil) != tt.ok {
				t.Errorf("Check() = %v, want ok %v", err, tt.ok)
			}
		})
	}
}
