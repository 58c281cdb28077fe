//go:build !linux

package atomicfile

import "os"

// swapIn renames tmp over path (see swap_linux.go).
func swapIn(tmp, path string) error { return os.Rename(tmp, path) }
