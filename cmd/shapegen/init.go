package main

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"

	"github.com/spf13/cobra"

	"github.com/shapegen/shapegen/internal/atomicfile"
	"github.com/shapegen/shapegen/internal/config"
)

// InitOptions are the inputs of `shapegen init`.
type InitOptions struct {
	IO
	Dir   string
	Force bool
}

func newInitCmd(ios IO, runF func(*InitOptions) error) *cobra.Command {
	opts := &InitOptions{IO: ios}
	cmd := &cobra.Command{
		Use:   "init [DIR]",
		Short: "Write a commented default shapegen.yaml into DIR",
		Args:  rangeArgs(0, 1),
		RunE: func(c *cobra.Command, args []string) error {
			opts.Dir = "."
			if len(args) == 1 {
				opts.Dir = args[0]
			}
			if runF != nil {
				return runF(opts)
			}
			return runInit(opts)
		},
	}
	cmd.Flags().BoolVar(&opts.Force, "force", false, "replace an existing shapegen.yaml")
	return cmd
}

func runInit(opts *InitOptions) error {
	if fi, err := os.Stat(opts.Dir); errors.Is(err, fs.ErrNotExist) {
		return failedf("%s: the folder does not exist", opts.Dir)
	} else if err == nil && !fi.IsDir() {
		return failedf("%s: not a folder", opts.Dir)
	}
	p := filepath.Join(opts.Dir, config.FileName)
	if _, err := os.Stat(p); err == nil && !opts.Force {
		return failedf("%s already exists (use --force to replace it)", p)
	} else if err != nil && !errors.Is(err, fs.ErrNotExist) {
		return failedf("%v", err)
	}
	if err := atomicfile.WriteBytes(p, []byte(config.Template)); err != nil {
		return failedf("%v", err)
	}
	fmt.Fprintf(opts.IO.Out, "wrote %s\n", p)
	return nil
}
