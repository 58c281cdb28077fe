//go:build !unix

package mask

func cpuNanos() int64 { return 0 }
