// Command loadtime is the loader figure of scripts/scale.sh: for each
// shape library file given (shapes.json, shapes.compact, ...) it times
// export.Load, as a game calls it, the fastest of three runs after a
// garbage collection, and prints the file's bytes, its sprites, the time
// and the heap the library holds. Libraries given together must hold the
// same library, or it says so and exits 1.
//
//	go run ./scripts/loadtime OUT/shapes.json OUT/shapes.compact
package main

import (
	"fmt"
	"os"
	"reflect"
	"runtime"
	"time"

	"github.com/shapegen/shapegen/export"
)

func main() {
	if len(os.Args) < 2 {
		fmt.Fprintln(os.Stderr, "usage: loadtime LIBRARY...")
		os.Exit(2)
	}
	var first *export.Library
	for _, path := range os.Args[1:] {
		fi, err := os.Stat(path)
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
		best := time.Duration(1<<63 - 1)
		var lib *export.Library
		var heap uint64
		for range 3 {
			lib = nil
			runtime.GC()
			var before runtime.MemStats
			runtime.ReadMemStats(&before)
			start := time.Now()
			lib, err = export.Load(path)
			best = min(best, time.Since(start))
			if err != nil {
				fmt.Fprintln(os.Stderr, err)
				os.Exit(1)
			}
			runtime.GC()
			var after runtime.MemStats
			runtime.ReadMemStats(&after)
			heap = after.HeapAlloc - min(after.HeapAlloc, before.HeapAlloc)
		}
		fmt.Printf("%s: %d bytes, %d sprites, load %.3f s, heap %.1f MB\n", path, fi.Size(), len(lib.Sprites), best.Seconds(), float64(heap)/1e6)
		if first == nil {
			first = lib
		} else if !reflect.DeepEqual(first, lib) {
			fmt.Fprintf(os.Stderr, "%s does not hold the library %s holds\n", path, os.Args[1])
			os.Exit(1)
		}
	}
}
