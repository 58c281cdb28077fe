// Command shapegen turns sprite art into collision shapes: see
// `shapegen help` and README.md. This package only maps flags to options;
// the work is in internal/pipeline.
package main

import (
	"context"
	"os"
	"os/signal"
	"syscall"
)

func main() {
	ios := IO{In: os.Stdin, Out: os.Stdout, ErrOut: os.Stderr, IsTerminal: isTerminal(os.Stderr)}
	// Ctrl-C and SIGTERM (timeout, CI runners, systemd, docker stop) stop
	// the work; outputs are written atomically and committed by the
	// manifest last, so the old set stays whole or is recognised as torn.
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	code := Main(ctx, os.Args[1:], ios)
	stop()
	os.Exit(code)
}

// isTerminal reports whether f is a character device (a terminal).
func isTerminal(f *os.File) bool {
	fi, err := f.Stat()
	return err == nil && fi.Mode()&os.ModeCharDevice != 0
}
