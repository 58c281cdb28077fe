package config_test

import (
	"fmt"

	"github.com/shapegen/shapegen/internal/config"
)

func ExampleConfig_For() {
	c, err := config.Parse("shapegen.yaml", []byte(`
alpha_threshold: 100
overrides:
  - glob: "tiles/**"
    alpha_threshold: 1
    pivot: bottom-center
`))
	if err != nil {
		panic(err)
	}
	for _, rel := range []string{"hero.png", "tiles/grass/top.png"} {
		s := c.For(rel)
		fmt.Println(rel, s.AlphaThreshold, s.Pivot.X, s.Pivot.Y)
	}
	// Output:
	// hero.png 100 0.5 0.5
	// tiles/grass/top.png 1 0.5 1
}
