//go:build !unix

package collide

func cpuNanos() int64 { return 0 }
