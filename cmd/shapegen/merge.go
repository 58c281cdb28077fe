package main

import (
	"fmt"

	"github.com/spf13/cobra"

	"github.com/shapegen/shapegen/internal/pipeline"
)

// MergeOptions are the inputs of `shapegen merge`.
type MergeOptions struct {
	IO
	Shards []string
	Out    string
}

func newMergeCmd(ios IO, runF func(*MergeOptions) error) *cobra.Command {
	opts := &MergeOptions{IO: ios}
	cmd := &cobra.Command{
		Use:   "merge SHARD_OUT... -o OUT",
		Short: "Join the outputs of shard builds into the outputs of one build",
		Long: `Merge joins the output folders of "shapegen build --shard i/n" (every i from
1 to n, one asset folder, one configuration) into OUT: the same bytes a
single build of the whole folder writes, for every file but the cache and
the lock. The asset folder must still be where the shards read it.
Exit status: 0 all well, 1 some sprite failed (the rest is written), 2 bad usage.`,
		Args: rangeArgs(1, 1<<20),
		RunE: func(c *cobra.Command, args []string) error {
			opts.Shards = args
			if runF != nil {
				return runF(opts)
			}
			return runMerge(c, opts)
		},
	}
	cmd.Flags().StringVarP(&opts.Out, "out", "o", "out", "output folder")
	return cmd
}

func runMerge(c *cobra.Command, opts *MergeOptions) error {
	for _, s := range opts.Shards {
		if err := folder(s, "shard output"); err != nil {
			return err
		}
	}
	res, err := pipeline.Merge(c.Context(), pipeline.MergeOptions{
		Shards: opts.Shards, Out: opts.Out,
		Waiting: func(pid int) {
			fmt.Fprintf(opts.ErrOut, "waiting for process %d, which is writing into %s\n", pid, opts.Out)
		},
	})
	if err != nil {
		return failedf("%v", err)
	}
	for _, f := range res.Failures {
		fmt.Fprintln(opts.ErrOut, f)
	}
	summary(opts.IO.Out, res, false)
	if res.Failed() {
		return errFailed
	}
	return nil
}
