package main

import (
	"encoding/json"
	"fmt"
	"sort"

	"github.com/spf13/cobra"

	"github.com/shapegen/shapegen/internal/config"
	"github.com/shapegen/shapegen/internal/pipeline"
	"github.com/shapegen/shapegen/internal/plural"
)

// InspectOptions are the inputs of `shapegen inspect`.
type InspectOptions struct {
	IO
	File     string
	JSON     bool
	Settings settingsFlags
}

func newInspectCmd(ios IO, runF func(*InspectOptions) error) *cobra.Command {
	opts := &InspectOptions{IO: ios}
	cmd := &cobra.Command{
		Use:   "inspect FILE.png",
		Short: "Print one sprite's shapes and quality figures",
		Args:  rangeArgs(1, 1),
		RunE: func(c *cobra.Command, args []string) error {
			opts.File = args[0]
			if runF != nil {
				return runF(opts)
			}
			return runInspect(opts)
		},
	}
	cmd.Flags().BoolVar(&opts.JSON, "json", false, "print the sprite as a library entry (JSON)")
	opts.Settings.bind(cmd.Flags(), false)
	return cmd
}

func runInspect(opts *InspectOptions) error {
	cfg := config.Default()
	if err := opts.Settings.apply(&cfg); err != nil {
		return usageErrorf("%v", err)
	}
	sp, err := pipeline.Inspect(opts.File, cfg)
	if err != nil {
		return failedf("%v", err)
	}
	if opts.JSON {
		b, err := json.MarshalIndent(sp, "", "  ")
		if err != nil {
			return failedf("%v", err)
		}
		fmt.Fprintln(opts.IO.Out, string(b))
	} else {
		w := opts.IO.Out
		fmt.Fprintf(w, "%s: %dx%d, %s (alpha >= %d), pivot %v\n", opts.File, sp.Size[0], sp.Size[1], plural.Count(sp.Pixels, "opaque pixel"), cfg.AlphaThreshold, sp.Pivot)
		if sp.AABB != nil {
			fmt.Fprintf(w, "aabb     min %v max %v\n", sp.AABB.Min, sp.AABB.Max)
		}
		if sp.Circle != nil {
			fmt.Fprintf(w, "circle   center %v radius %.4f\n", sp.Circle.Center, sp.Circle.Radius)
		}
		if sp.Box != nil {
			fmt.Fprintf(w, "box      center %v half %v angle %.4f\n", sp.Box.Center, sp.Box.Half, sp.Box.Angle)
		}
		if len(sp.Hull) > 0 {
			fmt.Fprintf(w, "hull     %d vertices %v\n", len(sp.Hull), sp.Hull)
		}
		if len(sp.Polygon) > 0 {
			fmt.Fprintf(w, "polygon  %d vertices %v\n", len(sp.Polygon), sp.Polygon)
		}
		kinds := make([]string, 0, len(sp.Quality))
		for k := range sp.Quality {
			kinds = append(kinds, k)
		}
		sort.Strings(kinds)
		if len(kinds) > 0 {
			fmt.Fprintf(w, "%-8s %7s %10s %12s\n", "kind", "outside", "area_ratio", "fp_area")
		}
		for _, k := range kinds {
			q := sp.Quality[k]
			fmt.Fprintf(w, "%-8s %7d %10.4f %12.4f\n", k, q.Outside, q.AreaRatio, q.FPArea)
		}
	}
	for _, k := range sp.Quality {
		if k.Outside > 0 {
			return failedf("%s: a shape leaves opaque pixels outside", opts.File)
		}
	}
	return nil
}
