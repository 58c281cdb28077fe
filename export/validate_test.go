package export

import (
	"math"
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
