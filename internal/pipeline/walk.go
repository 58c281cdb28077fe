package pipeline

import (
	"fmt"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"sort"
	"strings"

	"github.com/shapegen/shapegen/internal/atlas"
	"github.com/shapegen/shapegen/internal/config"
)

// source is one image file to read, with the atlas data file that lists
// its frames (if any).
type source struct {
	// rel is the image's slash-separated path under the asset root.
	rel string
	// data is the slash-separated path of its atlas data file, or "".
	data string
	// size is the image file's size in bytes, when known (for scheduling).
	size int64
	// stat is the stat data of the image and its data file as the walk
	// saw them, or nil.
	stat *fileStat
}

// atlasExts are the atlas data file extensions, in order of preference.
var atlasExts = []string{".xml", ".json", ".txt"}

// walk lists the PNGs under dir (skipping hidden entries and the folder
// skip) that cfg includes, sorted by path, each with its atlas data file.
func walk(dir, skip string, cfg *config.Config) ([]source, error) {
	var pngs []string
	stats := map[string]fileStat{} // of every PNG and data file
	data := map[string]bool{}
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if p != dir && strings.HasPrefix(d.Name(), ".") {
			if d.IsDir() {
				return filepath.SkipDir
			}
			return nil
		}
		if d.IsDir() {
			if p != dir && skip != "" && sameDir(p, skip) {
				return filepath.SkipDir
			}
			return nil
		}
		rel, err := filepath.Rel(dir, p)
		if err != nil {
			return err
		}
		rel = filepath.ToSlash(rel)
		switch ext := strings.ToLower(path.Ext(rel)); {
		case ext == ".png":
			if cfg.Included(rel) {
				pngs = append(pngs, rel)
				if fi, err := d.Info(); err == nil && fi.Mode().IsRegular() {
					stats[rel] = fileStat{Size: fi.Size(), Mod: fi.ModTime().UnixNano()}
				}
			}
		case ext == ".xml" || ext == ".json" || ext == ".txt":
			data[rel] = true
			if fi, err := d.Info(); err == nil && fi.Mode().IsRegular() {
				stats[rel] = fileStat{Size: fi.Size(), Mod: fi.ModTime().UnixNano()}
			}
		}
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("walk %s: %w", dir, err)
	}
	sort.Strings(pngs)
	isPNG := make(map[string]bool, len(pngs))
	for _, p := range pngs {
		isPNG[p] = true
	}
	owner := map[string]string{} // image -> data file
	// First the data files named like their image.
	for _, p := range pngs {
		stem := strings.TrimSuffix(p, path.Ext(p))
		for _, ext := range atlasExts {
			if data[stem+ext] {
				owner[p] = stem + ext
				delete(data, stem+ext)
				break
			}
		}
	}
	// Then the rest, for the image they name in their own folder.
	rest := make([]string, 0, len(data))
	for d := range data {
		if ext := path.Ext(d); ext == ".xml" || ext == ".json" {
			rest = append(rest, d)
		}
	}
	sort.Strings(rest)
	for _, d := range rest {
		b, err := os.ReadFile(filepath.Join(dir, filepath.FromSlash(d)))
		if err != nil {
			continue
		}
		a, err := atlas.Parse(d, b)
		if err != nil || a.Image == "" {
			continue // not an atlas: some other data file
		}
		img := path.Join(path.Dir(d), path.Base(strings.ReplaceAll(a.Image, `\`, "/")))
		if isPNG[img] && owner[img] == "" {
			owner[img] = d
		}
	}
	out := make([]source, len(pngs))
	for i, p := range pngs {
		out[i] = source{rel: p, data: owner[p]}
		st, ok := stats[p]
		ds, dok := stats[owner[p]]
		if ok && (owner[p] == "" || dok) {
			st.DataSize, st.DataMod = ds.Size, ds.Mod
			out[i].size, out[i].stat = st.Size, &st
		}
	}
	return out, nil
}

// sameDir reports whether a and b name the same folder.
func sameDir(a, b string) bool {
	if filepath.Clean(a) == filepath.Clean(b) {
		return true
	}
	fa, err1 := os.Stat(a)
	fb, err2 := os.Stat(b)
	return err1 == nil && err2 == nil && os.SameFile(fa, fb)
}
