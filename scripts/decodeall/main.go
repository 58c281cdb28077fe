// Command decodeall is the decoding floor of scripts/scale.sh: it reads and
// decodes every PNG under the given folders with image/png alone, one
// worker per core (GOMAXPROCS), and prints the count, the bytes read and
// the wall time. It is what a cold `shapegen build` is compared with.
//
//	go run ./scripts/decodeall DIR...
package main

import (
	"bytes"
	"fmt"
	"image/png"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"sync/atomic"
	"time"
)

func main() {
	if len(os.Args) < 2 {
		fmt.Fprintln(os.Stderr, "usage: decodeall DIR...")
		os.Exit(2)
	}
	start := time.Now()
	files := make(chan string, 256)
	var n, failed, size atomic.Int64
	var wg sync.WaitGroup
	for range runtime.GOMAXPROCS(0) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			var buf bytes.Buffer
			for f := range files {
				buf.Reset()
				fh, err := os.Open(f)
				if err == nil {
					_, err = buf.ReadFrom(fh)
					fh.Close()
				}
				if err == nil {
					_, err = png.Decode(bytes.NewReader(buf.Bytes()))
				}
				if err != nil {
					failed.Add(1)
					fmt.Fprintf(os.Stderr, "%s: %v\n", f, err)
					continue
				}
				n.Add(1)
				size.Add(int64(buf.Len()))
			}
		}()
	}
	for _, dir := range os.Args[1:] {
		err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
			if err != nil {
				return err
			}
			if !d.IsDir() && strings.EqualFold(filepath.Ext(p), ".png") {
				files <- p
			}
			return nil
		})
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
	}
	close(files)
	wg.Wait()
	fmt.Printf("%d PNGs decoded, %d failed, %d bytes, %d workers, %.3fs\n",
		n.Load(), failed.Load(), size.Load(), runtime.GOMAXPROCS(0), time.Since(start).Seconds())
	if failed.Load() > 0 {
		os.Exit(1)
	}
}
