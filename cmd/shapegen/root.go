package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"

	"github.com/spf13/cobra"
)

// IO holds the streams a command uses, injected so tests can use buffers.
type IO struct {
	In          io.Reader
	Out, ErrOut io.Writer
	// IsTerminal reports whether ErrOut is a terminal: progress bars are
	// drawn only then.
	IsTerminal bool
}

// Exit codes.
const (
	exitOK     = 0
	exitFailed = 1 // some sprite or file failed; the rest was written
	exitUsage  = 2 // bad flags, arguments or configuration
)

// exitError ends a command with code after msg (if any) is printed once.
type exitError struct {
	code int
	msg  string
}

func (e *exitError) Error() string { return e.msg }

// usageErrorf is a bad-usage error (exit 2).
func usageErrorf(format string, a ...any) error {
	return &exitError{exitUsage, fmt.Sprintf(format, a...)}
}

// errFailed ends a command whose failures are already printed (exit 1).
var errFailed = &exitError{code: exitFailed}

// failedf is a failure (exit 1) with its one-line message.
func failedf(format string, a ...any) error {
	return &exitError{exitFailed, fmt.Sprintf(format, a...)}
}

// newRootCmd builds the shapegen command and its subcommands.
func newRootCmd(ios IO) *cobra.Command {
	root := &cobra.Command{
		Use:           "shapegen",
		Short:         "Turn sprite art into collision shapes a game can trust",
		SilenceErrors: true,
		SilenceUsage:  true,
	}
	root.SetIn(ios.In)
	root.SetOut(ios.Out)
	root.SetErr(ios.ErrOut)
	root.SetFlagErrorFunc(func(c *cobra.Command, err error) error {
		return usageErrorf("%v (see %s --help)", err, c.CommandPath())
	})
	root.AddCommand(newBuildCmd(ios, nil), newVerifyCmd(ios, nil), newMergeCmd(ios, nil), newInspectCmd(ios, nil), newInitCmd(ios, nil), newVersionCmd(ios))
	return root
}

// Main runs shapegen with args and returns the exit code. Every error is
// printed once, on one line, to ios.ErrOut.
func Main(ctx context.Context, args []string, ios IO) int {
	root := newRootCmd(ios)
	root.SetArgs(args)
	err := root.ExecuteContext(ctx)
	if err == nil {
		return exitOK
	}
	var ee *exitError
	if !errors.As(err, &ee) {
		// Errors cobra makes itself (unknown command, wrong arguments)
		// are usage errors.
		ee = &exitError{exitUsage, err.Error()}
	}
	if ee.msg != "" {
		fmt.Fprintln(ios.ErrOut, "shapegen: "+ee.msg)
	}
	return ee.code
}

// exactArgs is cobra.RangeArgs with a usage error.
func rangeArgs(lo, hi int) cobra.PositionalArgs {
	return func(c *cobra.Command, args []string) error {
		if len(args) < lo || len(args) > hi {
			if lo == hi {
				return usageErrorf("%s takes %d argument(s), got %d (see %s --help)", c.Name(), lo, len(args), c.CommandPath())
			}
			return usageErrorf("%s takes %d to %d arguments, got %d (see %s --help)", c.Name(), lo, hi, len(args), c.CommandPath())
		}
		return nil
	}
}

// folder returns a usage error unless dir is an existing folder.
func folder(dir, what string) error {
	fi, err := os.Stat(dir)
	switch {
	case err != nil:
		return usageErrorf("%s %s: %v", what, dir, unwrapPath(err))
	case !fi.IsDir():
		return usageErrorf("%s %s: not a folder", what, dir)
	}
	return nil
}

// unwrapPath drops the path an *os.PathError repeats.
func unwrapPath(err error) error {
	var pe *os.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}
