package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"unicode/utf16"

	_ "github.com/shapegen/shapegen/internal/update" // -update for go test ./... -update

	"github.com/shapegen/shapegen/internal/pipeline"
)

func progressOf(done, total int) pipeline.Progress {
	return pipeline.Progress{Done: done, Total: total}
}

// countCorpus counts, independently of the pipeline, the PNGs under dir
// and the frames of the atlas files named like a PNG beside them (frames
// counted by their markers: <SubTexture, "frame":, "name = " lines). It
// relies on the corpus' atlases all being named like their image.
func countCorpus(t *testing.T, dir string) (pngs, frames, sheets int) {
	t.Helper()
	err := filepath.Walk(dir, func(p string, fi os.FileInfo, err error) error {
		if err != nil || fi.IsDir() || !strings.EqualFold(filepath.Ext(p), ".png") {
			return err
		}
		pngs++
		stem := strings.TrimSuffix(p, filepath.Ext(p))
		for _, ext := range []string{".xml", ".json", ".txt"} {
			b, err := os.ReadFile(stem + ext)
			if err != nil {
				continue
			}
			text := string(b)
			if bytes.HasPrefix(b, []byte{0xFF, 0xFE}) {
				u := make([]uint16, 0, len(b)/2)
				for i := 2; i+1 < len(b); i += 2 {
					u = append(u, uint16(b[i])|uint16(b[i+1])<<8)
				}
				text = string(utf16.Decode(u))
			}
			switch ext {
			case ".xml":
				frames += strings.Count(text, "<SubTexture")
			case ".json":
				frames += strings.Count(text, `"frame":`)
			case ".txt":
				frames += strings.Count(text, " = ")
			}
			sheets++
			break
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return pngs, frames, sheets
}
