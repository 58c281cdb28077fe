package plural

import (
	"fmt"
	"testing"
)

func TestCount(t *testing.T) {
	tests := []struct {
		n    int
		noun string
		want string
	}{
		{0, "speck", "0 specks"},
		{1, "speck", "1 speck"},
		{2, "empty cell", "2 empty cells"},
		{1, "empty cell", "1 empty cell"},
		{-1, "image", "-1 images"},
	}
	for _, tt := range tests {
		if got := Count(tt.n, tt.noun); got != tt.want {
			t.Errorf("Count(%d, %q) = %q, want %q", tt.n, tt.noun, got, tt.want)
		}
	}
	if got := Of(1, "vertex", "vertices"); got != "1 vertex" {
		t.Errorf(`Of(1, "vertex", "vertices") = %q, want "1 vertex"`, got)
	}
	if got := Of(3, "vertex", "vertices"); got != "3 vertices" {
		t.Errorf(`Of(3, "vertex", "vertices") = %q, want "3 vertices"`, got)
	}
}

func ExampleCount() {
	fmt.Println(Count(1, "empty cell") + " skipped, " + Count(3, "speck") + " dropped")
	// Output: 1 empty cell skipped, 3 specks dropped
}
