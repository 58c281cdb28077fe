package main

import (
	"fmt"
	"path/filepath"

	"github.com/spf13/cobra"

	"github.com/shapegen/shapegen/export"
	"github.com/shapegen/shapegen/internal/config"
	"github.com/shapegen/shapegen/internal/pipeline"
	"github.com/shapegen/shapegen/internal/plural"
)

// VerifyOptions are the inputs of `shapegen verify`.
type VerifyOptions struct {
	IO
	Library string
	Assets  string
	Workers int
}

func newVerifyCmd(ios IO, runF func(*VerifyOptions) error) *cobra.Command {
	opts := &VerifyOptions{IO: ios}
	cmd := &cobra.Command{
		Use:   "verify OUT/shapes.json --assets DIR",
		Short: "Re-check a shape library against the art it was built from",
		Long: `Verify re-reads the art under --assets (with its shapegen.yaml) and checks
that the library has exactly its sprites, with the same frames, sizes and
pixel counts, and that every stored shape contains every opaque pixel;
and that it has exactly the animations the art and settings make, each
with the same frames, and each common body containing every opaque pixel
of every frame. A stale or hand-edited library fails (exit 1). The library
may be shapes.json, shapes.yaml or shapes.compact.`,
		Args: rangeArgs(1, 1),
		RunE: func(c *cobra.Command, args []string) error {
			opts.Library = args[0]
			if runF != nil {
				return runF(opts)
			}
			return runVerify(c, opts)
		},
	}
	cmd.Flags().StringVar(&opts.Assets, "assets", "", "asset folder the library was built from (required)")
	cmd.Flags().IntVar(&opts.Workers, "workers", 0, "images decoded at once (0: one per core)")
	return cmd
}

func runVerify(c *cobra.Command, opts *VerifyOptions) error {
	if opts.Assets == "" {
		return usageErrorf("verify needs --assets DIR")
	}
	if err := folder(opts.Assets, "--assets"); err != nil {
		return err
	}
	cfg, err := config.Load(opts.Assets)
	if err != nil {
		return usageErrorf("%v", err)
	}
	for _, w := range cfg.Warnings {
		fmt.Fprintln(opts.ErrOut, w)
	}
	lib, err := export.Load(opts.Library)
	if err != nil {
		return failedf("%v", err)
	}
	res, err := pipeline.Verify(c.Context(), pipeline.VerifyOptions{
		Dir: opts.Assets, Library: lib, Config: cfg, Skip: filepath.Dir(opts.Library), Workers: opts.Workers,
	})
	if err != nil {
		return failedf("%v", err)
	}
	// The library's folder: its files must agree with their manifest.
	torn, found, err := pipeline.CheckManifest(filepath.Dir(opts.Library))
	if err != nil {
		return failedf("%v", err)
	}
	if !found {
		fmt.Fprintf(opts.ErrOut, "note: %s has no %s; the set of outputs is not checked\n", filepath.Dir(opts.Library), pipeline.ManifestFile)
	}
	res.Failures = append(torn, res.Failures...)
	for _, f := range res.Failures {
		fmt.Fprintln(opts.ErrOut, f)
	}
	checked := fmt.Sprintf("%d of %s", res.Sprites, plural.Count(len(lib.Sprites), "sprite"))
	if len(lib.Animations) > 0 {
		checked += fmt.Sprintf(" and %d of %s", res.Animations, plural.Count(len(lib.Animations), "animation"))
	}
	fmt.Fprintf(opts.IO.Out, "%s checked against the art, %s\n", checked, plural.Count(len(res.Failures), "failure"))
	if len(res.Failures) > 0 {
		return errFailed
	}
	return nil
}
