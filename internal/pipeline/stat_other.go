//go:build !linux

package pipeline

import (
	"io/fs"
	"os"
	"path/filepath"
)

// sysStat returns zeros where the change time and inode are not known:
// the cache then always looks files up by content.
func sysStat(fs.FileInfo) (change, ino, dev int64) { return 0, 0, 0 }

// tryLock takes no lock where flock is not known: builds into one folder
// at once are not kept apart there.
func tryLock(*os.File) (bool, error) { return true, nil }

// unlock does nothing.
func unlock(*os.File) {}

// openFolder is an open folder.
type openFolder struct {
	f   *os.File
	abs string
}

// openDir opens the folder at abs.
func openDir(abs string) (openFolder, error) {
	f, err := os.Open(abs)
	return openFolder{f, abs}, err
}

// close closes the folder.
func (d openFolder) close() { d.f.Close() }

// list returns the folder's entries, each path prefix and its name.
func (d openFolder) list(prefix string) (listing, error) {
	entries, err := d.f.ReadDir(-1)
	ls := listing{prefix: prefix}
	for _, e := range entries {
		if e.IsDir() {
			ls.dirs = append(ls.dirs, prefix+e.Name())
		} else {
			ls.files = append(ls.files, prefix+e.Name())
		}
	}
	return ls, err
}

// same reports whether the folder is the one with stat data fi.
func (d openFolder) same(fi os.FileInfo) bool {
	own, err := d.f.Stat()
	return err == nil && os.SameFile(own, fi)
}

// regular returns the stat data of the file name in the folder,
// following links, and whether it is a regular file.
func (d openFolder) regular(name string) (fileStat, bool) {
	fi, err := os.Stat(filepath.Join(d.abs, name))
	if err != nil || !fi.Mode().IsRegular() {
		return fileStat{}, false
	}
	return statOfInfo(fi), true
}

// mapFile reads the file at p, where mapping it is not done.
func mapFile(p string) ([]byte, func(), error) {
	b, err := os.ReadFile(p)
	return b, func() {}, err
}

// openRead opens the file at p to read it.
func openRead(p string) (openedFile, error) {
	f, err := os.Open(p)
	if err != nil {
		return nil, err
	}
	return osFile{f}, nil
}

// osFile is an os.File as readCapped reads it.
type osFile struct{ *os.File }

func (f osFile) stat() (int64, fs.FileMode, error) {
	fi, err := f.Stat()
	if err != nil {
		return 0, 0, err
	}
	return fi.Size(), fi.Mode().Type(), nil
}
