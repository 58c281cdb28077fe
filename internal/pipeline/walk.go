package pipeline

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"slices"
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
// The folders are read level by level and the files' stat data taken on
// all cores: on a warm build the walk is most of the time.
func walk(dir, skip string, cfg *config.Config) ([]source, error) {
	var skipInfo os.FileInfo
	if skip != "" {
		skipInfo, _ = os.Stat(skip)
	}
	var pngs, datas []string // slash-separated, relative to dir
	for level := []string{"."}; len(level) > 0; {
		found := make([]folder, len(level))
		errs := make([]error, len(level))
		each(context.Background(), len(level), 0, func(i int) error {
			found[i], errs[i] = readFolder(dir, level[i], skip, skipInfo, cfg)
			return nil
		}, nil)
		if err := errors.Join(errs...); err != nil {
			return nil, fmt.Errorf("walk %s: %w", dir, err)
		}
		level = nil
		for _, f := range found {
			level = append(level, f.dirs...)
			pngs = append(pngs, f.pngs...)
			datas = append(datas, f.data...)
		}
	}
	files := append(slices.Clone(pngs), datas...)
	stats := make([]fileStat, len(files))
	ok := make([]bool, len(files))
	const chunk = 64
	each(context.Background(), (len(files)+chunk-1)/chunk, 0, func(c int) error {
		for i := c * chunk; i < min(len(files), (c+1)*chunk); i++ {
			if fi, err := os.Stat(filepath.Join(dir, filepath.FromSlash(files[i]))); err == nil && fi.Mode().IsRegular() {
				stats[i], ok[i] = statOfInfo(fi), true
			}
		}
		return nil
	}, nil)
	statOf := make(map[string]fileStat, len(files)) // of every regular PNG and data file
	for i, f := range files {
		if ok[i] {
			statOf[f] = stats[i]
		}
	}
	data := make(map[string]bool, len(datas))
	for _, d := range datas {
		data[d] = true
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
		st, ok := statOf[p]
		ds, dok := statOf[owner[p]]
		if ok && (owner[p] == "" || dok) {
			st = st.withData(ds)
			out[i].size, out[i].stat = st.Size, &st
		}
	}
	return out, nil
}

// folder is what readFolder found in one folder: its subfolders to read,
// the PNGs cfg includes and the possible atlas data files, as paths
// relative to the asset root.
type folder struct {
	dirs, pngs, data []string
}

// readFolder reads the folder rel of dir, leaving out hidden entries and
// the folder skip (with stat data skipInfo, nil when unknown).
func readFolder(dir, rel, skip string, skipInfo os.FileInfo, cfg *config.Config) (folder, error) {
	var f folder
	abs := filepath.Join(dir, filepath.FromSlash(rel))
	entries, err := os.ReadDir(abs)
	if err != nil {
		return f, err
	}
	for _, e := range entries {
		name := e.Name()
		if strings.HasPrefix(name, ".") {
			continue
		}
		p := path.Join(rel, name)
		if e.IsDir() {
			if skip == "" || !sameDir(filepath.Join(abs, name), e, skip, skipInfo) {
				f.dirs = append(f.dirs, p)
			}
			continue
		}
		switch ext := strings.ToLower(path.Ext(name)); {
		case ext == ".png":
			if cfg.Included(p) {
				f.pngs = append(f.pngs, p)
			}
		case ext == ".xml" || ext == ".json" || ext == ".txt":
			f.data = append(f.data, p)
		}
	}
	return f, nil
}

// sameDir reports whether the folder at p, with directory entry e, is the
// folder skip (stat data skipInfo, nil when unknown).
func sameDir(p string, e fs.DirEntry, skip string, skipInfo os.FileInfo) bool {
	if filepath.Clean(p) == filepath.Clean(skip) {
		return true
	}
	fi, err := e.Info()
	return err == nil && skipInfo != nil && os.SameFile(fi, skipInfo)
}
