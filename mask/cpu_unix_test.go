//go:build unix

package mask

import "syscall"

// cpuNanos returns the CPU time (user and system) the process has used, in
// nanoseconds.
func cpuNanos() int64 {
	var r syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &r) != nil {
		return 0
	}
	return r.Utime.Nano() + r.Stime.Nano()
}
