package pipeline

import (
	"cmp"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/shapegen/shapegen/internal/atomicfile"
	"github.com/shapegen/shapegen/internal/plural"
)

// ManifestFile is the manifest of the output folder: every output file
// with its size and SHA-256, written last, after every output is in place.
// It is the commit point of a build: a set of files that agrees with it
// is complete and of one build; a file that disagrees was left by a build
// that was killed (or was edited), which `shapegen verify` reports and the
// next build replaces.
const ManifestFile = "shapegen-manifest.json"

// ManifestFormat is the manifest's "format" value.
const ManifestFormat = "shapegen-manifest/v1"

// LockFile holds the lock of the output folder while a build runs, and
// the process id of the build that holds it.
const LockFile = ".shapegen-lock"

// Manifest is the content of ManifestFile.
type Manifest struct {
	Format    string `json:"format"`
	Generator string `json:"generator"`
	// Build is a digest of what the outputs were made from: the
	// generator, the settings, every image's content key and the
	// failures; two builds of the same inputs have the same Build.
	Build string          `json:"build"`
	Files []ManifestEntry `json:"files"`
}

// ManifestEntry is one output file: its slash-separated path in the
// output folder, its size and the SHA-256 of its bytes, in hex.
type ManifestEntry struct {
	Path   string `json:"path"`
	Size   int64  `json:"size"`
	SHA256 string `json:"sha256"`
}

// ReadManifest reads the manifest of the output folder out; nil and no
// error when there is none.
func ReadManifest(out string) (*Manifest, error) {
	b, err := os.ReadFile(filepath.Join(out, ManifestFile))
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	var m Manifest
	if err := json.Unmarshal(b, &m); err != nil {
		return nil, fmt.Errorf("%s: %w", ManifestFile, err)
	}
	if m.Format != ManifestFormat {
		return nil, fmt.Errorf("%s: format %q, want %s", ManifestFile, m.Format, ManifestFormat)
	}
	return &m, nil
}

// CheckManifest compares the files of the output folder out with its
// manifest and returns one line for each that is missing or differs (a
// torn set: a build was killed while writing, or a file was edited), and
// whether out has a manifest at all.
func CheckManifest(out string) (bad []string, found bool, err error) {
	m, err := ReadManifest(out)
	if err != nil || m == nil {
		return nil, false, err
	}
	for _, f := range m.Files {
		size, sum, err := fileDigest(filepath.Join(out, filepath.FromSlash(f.Path)))
		switch {
		case err != nil:
			bad = append(bad, fmt.Sprintf("%s: listed in %s but %v", f.Path, ManifestFile, unwrapPath(err)))
		case size != f.Size || sum != f.SHA256:
			bad = append(bad, fmt.Sprintf("%s: differs from %s (a build was killed while writing, or the file was edited; the next build replaces it)", f.Path, ManifestFile))
		}
	}
	return bad, true, nil
}

// fileDigest returns the size and SHA-256 (hex) of the file at p.
func fileDigest(p string) (int64, string, error) {
	fi, sum, err := statDigest(p)
	if err != nil {
		return 0, "", err
	}
	return fi.Size(), sum, nil
}

// statDigest returns the stat data and the SHA-256 (hex) of the file at
// p, both of the file it opened.
func statDigest(p string) (fs.FileInfo, string, error) {
	f, err := os.Open(p)
	if err != nil {
		return nil, "", err
	}
	defer f.Close()
	fi, err := f.Stat()
	if err != nil {
		return nil, "", err
	}
	h := sha256.New()
	if _, err := io.Copy(h, f); err != nil {
		return nil, "", err
	}
	return fi, hex.EncodeToString(h.Sum(nil)), nil
}

// writeManifest writes the manifest of files (paths in out), taking each
// file's digest from known when its stat data is the one recorded there
// and reading it otherwise, and returns the stat data and digests written.
func writeManifest(out, build string, files []string, known map[string]outputFile) (map[string]outputFile, error) {
	m := Manifest{Format: ManifestFormat, Generator: Generator, Build: build}
	sorted := slices.Sorted(slices.Values(files))
	outs := make([]outputFile, len(sorted))
	var need []int // the files to read, largest first: they are read side by side
	for i, f := range sorted {
		fi, err := os.Stat(filepath.Join(out, filepath.FromSlash(f)))
		if err != nil {
			return nil, err
		}
		st := statOfInfo(fi)
		o, ok := known[f]
		if !ok || o.Stat != st || o.SHA256 == "" {
			o, need = outputFile{Stat: st}, append(need, i)
		}
		outs[i] = o
	}
	slices.SortStableFunc(need, func(a, b int) int { return cmp.Compare(outs[b].Stat.Size, outs[a].Stat.Size) })
	err := each(context.Background(), len(need), 0, func(k int) error {
		i := need[k]
		_, sum, err := fileDigest(filepath.Join(out, filepath.FromSlash(sorted[i])))
		outs[i].SHA256 = sum
		return err
	}, nil)
	if err != nil {
		return nil, err
	}
	rec := make(map[string]outputFile, len(files))
	for i, f := range sorted {
		rec[f] = outs[i]
		m.Files = append(m.Files, ManifestEntry{Path: f, Size: outs[i].Stat.Size, SHA256: outs[i].SHA256})
	}
	b, err := json.MarshalIndent(m, "", "  ")
	if err != nil {
		return nil, err
	}
	if err := atomicfile.WriteBytes(filepath.Join(out, ManifestFile), append(b, '\n')); err != nil {
		return nil, err
	}
	return rec, nil
}

// removeUnlisted removes the files the previous manifest of out listed
// that are not in files, and the folders that leaves empty: outputs of an
// earlier build this one does not write. No other file is touched.
func removeUnlisted(out string, files []string) error {
	m, err := ReadManifest(out)
	if err != nil || m == nil {
		return nil // a foreign or missing manifest lists nothing to remove
	}
	keep := make(map[string]bool, len(files))
	for _, f := range files {
		keep[f] = true
	}
	var errs []error
	for _, f := range m.Files {
		if keep[f.Path] || !local(f.Path) {
			continue
		}
		p := filepath.Join(out, filepath.FromSlash(f.Path))
		if err := os.Remove(p); err != nil && !errors.Is(err, fs.ErrNotExist) {
			errs = append(errs, err)
			continue
		}
		for d := filepath.Dir(p); d != filepath.Clean(out) && strings.HasPrefix(d, filepath.Clean(out)); d = filepath.Dir(d) {
			if os.Remove(d) != nil {
				break
			}
		}
	}
	return errors.Join(errs...)
}

// local reports whether the manifest path p names a file inside the
// output folder (relative, no "..", not the cache or the lock).
func local(p string) bool {
	return p != "" && filepath.IsLocal(filepath.FromSlash(p)) && !strings.HasPrefix(p, CacheDir+"/") && p != LockFile && p != ManifestFile
}

// removeTemporaries removes the temporary files a killed build left in
// out (atomicfile's, by their name), and returns a note when there were
// some. The cache's folder is left to the cache.
func removeTemporaries(out string) []string {
	n := 0
	filepath.WalkDir(out, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return nil
		}
		if d.IsDir() && d.Name() == CacheDir {
			return filepath.SkipDir
		}
		if !d.IsDir() && atomicfile.IsTemp(d.Name()) && os.Remove(p) == nil {
			n++
		}
		return nil
	})
	if n == 0 {
		return nil
	}
	return []string{fmt.Sprintf("removed %s an interrupted build left in %s", plural.Count(n, "temporary file"), out)}
}

// lockOut takes the lock of the output folder out, waiting while another
// process holds it (calling waiting once with its process id) until ctx
// ends. The returned function releases it.
func lockOut(ctx context.Context, out string, waiting func(pid int)) (func(), error) {
	p := filepath.Join(out, LockFile)
	f, err := os.OpenFile(p, os.O_RDWR|os.O_CREATE, 0o644)
	if err != nil {
		return nil, fmt.Errorf("lock %s: %w", out, err)
	}
	told := false
	for {
		ok, err := tryLock(f)
		if err != nil {
			f.Close()
			return nil, fmt.Errorf("lock %s: %w", out, err)
		}
		if ok {
			break
		}
		if !told && waiting != nil {
			b, _ := io.ReadAll(io.NewSectionReader(f, 0, 32))
			pid, _ := strconv.Atoi(strings.TrimSpace(string(b)))
			waiting(pid)
			told = true
		}
		select {
		case <-ctx.Done():
			f.Close()
			return nil, ctx.Err()
		case <-time.After(50 * time.Millisecond):
		}
	}
	f.Truncate(0)
	f.WriteAt([]byte(strconv.Itoa(os.Getpid())+"\n"), 0)
	return func() {
		f.Truncate(0)
		unlock(f)
		f.Close()
	}, nil
}
