// Command perturb changes the pixels of a share of the PNGs under a folder,
// as an artist's edit would, for the incremental figures of
// scripts/scale.sh. Of the PNGs in sorted path order it takes those whose
// index i has i%every == offset, turns a few pixels near the middle from
// opaque to transparent or back (different pixels, so different bytes and
// possibly different shapes), and writes each as a valid PNG of the same
// colour model through a temporary file and a rename: a hard link to the
// original is replaced, never written through.
//
// With -salt K > 0 it instead flips the one pixel at index K*7919 modulo
// the image's area (row by row), so that whole copies of a folder salted
// 1, 2, 3, ... hold no two equal masks: a build then computes every sprite
// instead of serving a copy's sprites from the first (see "Repeated
// frames" in the README).
//
//	go run ./scripts/perturb -every 100 -offset 0 DIR
//	go run ./scripts/perturb -every 1 -salt 3 DIR/c003
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
	salt := flag.Int("salt", 0, "flip the pixel at index salt*7919 modulo the area instead")
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
		if err := perturb(f, *salt); err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
		changed++
	}
	fmt.Printf("%d of %d PNGs changed\n", changed, len(files))
}

// perturb flips a short row of pixels at the middle of PNG file f between
// opaque and transparent, or with salt > 0 the one pixel the salt picks,
// and rewrites f atomically.
func perturb(f string, salt int) error {
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
	if salt > 0 && !r.Empty() {
		i := salt * 7919 % (r.Dx() * r.Dy())
		flip(img, r.Min.X+i%r.Dx(), r.Min.Y+i/r.Dx())
	} else {
		y := (r.Min.Y + r.Max.Y) / 2
		for x := (r.Min.X + r.Max.X) / 2; x < r.Max.X && x < (r.Min.X+r.Max.X)/2+3; x++ {
			flip(img, x, y)
		}
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

// flip turns the pixel at (x, y) from opaque to transparent or back.
func flip(img draw.Image, x, y int) {
	c := color.NRGBAModel.Convert(img.At(x, y)).(color.NRGBA)
	if c.A >= 128 {
		c = color.NRGBA{}
	} else {
		c.A = 255
	}
	img.Set(x, y, c)
}
