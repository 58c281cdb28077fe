// Command perturb changes the pixels of a share of the PNGs under a folder,
// as an artist's edit would, for the incremental figures of
// scripts/scale.sh. Of the PNGs in sorted path order it takes those whose
// index i has i%every == offset, turns a few pixels near the middle from
// opaque to transparent or back (different pixels, so different bytes and
// possibly different shapes), and writes each as a valid PNG of the same
// colour model through a temporary file and a rename: a hard link to the
// original is replaced, never written through.
//
//	go run ./scripts/perturb -every 100 -offset 0 DIR
package main

import (
	"bytes"
	"flag"
	"fmt"
	"image"
	"image/color"
	"image/draw"
	"image/png"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"
)

func main() {
	every := flag.Int("every", 100, "change one PNG in this many")
	offset := flag.Int("offset", 0, "change the PNGs whose sorted index modulo -every is this")
	flag.Parse()
	if flag.NArg() != 1 || *every < 1 {
		fmt.Fprintln(os.Stderr, "usage: perturb [-every N] [-offset K] DIR")
		os.Exit(2)
	}
	var files []string
	err := filepath.WalkDir(flag.Arg(0), func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if !d.IsDir() && strings.EqualFold(filepath.Ext(p), ".png") {
			files = append(files, p)
		}
		return nil
	})
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	sort.Strings(files)
	changed := 0
	for i, f := range files {
		if i%*every != *offset%*every {
			continue
		}
		if err := perturb(f); err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
		changed++
	}
	fmt.Printf("%d of %d PNGs changed\n", changed, len(files))
}

// perturb flips a short row of pixels at the middle of PNG file f between
// opaque and transparent and rewrites f atomically.
func perturb(f string) error {
	b, err := os.ReadFile(f)
	if err != nil {
		return err
	}
	src, err := png.Decode(bytes.NewReader(b))
	if err != nil {
		return fmt.Errorf("%s: %w", f, err)
	}
	img, ok := src.(draw.Image)
	if !ok {
		n := image.NewNRGBA(src.Bounds())
		draw.Draw(n, n.Bounds(), src, src.Bounds().Min, draw.Src)
		img = n
	}
	r := img.Bounds()
	y := (r.Min.Y + r.Max.Y) / 2
	for x := (r.Min.X + r.Max.X) / 2; x < r.Max.X && x < (r.Min.X+r.Max.X)/2+3; x++ {
		c := color.NRGBAModel.Convert(img.At(x, y)).(color.NRGBA)
		if c.A >= 128 {
			c = color.NRGBA{}
		} else {
			c.A = 255
		}
		img.Set(x, y, c)
	}
	var out bytes.Buffer
	if err := png.Encode(&out, img); err != nil {
		return fmt.Errorf("%s: %w", f, err)
	}
	tmp := f + ".perturb-tmp"
	if err := os.WriteFile(tmp, out.Bytes(), 0o644); err != nil {
		return err
	}
	return os.Rename(tmp, f)
}
