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

func ExampleParse() {
	_, err := config.Parse("shapegen.yaml", []byte("alpha_threshold: 100\nmax_vertices: 8.5\n"))
	fmt.Println(err)
	_, err = config.Parse("shapegen.yaml", []byte("max_vertex: 8\n"))
	fmt.Println(err)
	c, err := config.Parse("shapegen.yaml", []byte("samples: 256\n"))
	fmt.Println(c.Warnings, err)
	// Output:
	// shapegen.yaml:2:15: max_vertices: want a whole number, got 8.5
	// shapegen.yaml:1:1: unknown key max_vertex; did you mean max_vertices?
	// [shapegen.yaml:1:1: samples is obsolete (the false-positive figure is exact now) and is ignored] <nil>
}
