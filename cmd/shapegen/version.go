package main

import (
	"fmt"

	"github.com/spf13/cobra"

	"github.com/shapegen/shapegen/internal/pipeline"
)

func newVersionCmd(ios IO) *cobra.Command {
	return &cobra.Command{
		Use:   "version",
		Short: "Print shapegen's version",
		Args:  rangeArgs(0, 0),
		RunE: func(*cobra.Command, []string) error {
			_, err := fmt.Fprintln(ios.Out, pipeline.Generator)
			return err
		},
	}
}
