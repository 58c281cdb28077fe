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

// folderStats takes the stat data of files in one folder by name.
type folderStats struct{ abs string }

// statsIn returns a folderStats for the open folder d (at abs).
func statsIn(_ *os.File, abs string) folderStats { return folderStats{abs} }

// regular returns the stat data of the file name, following links, and
// whether it is a regular file.
func (s folderStats) regular(name string) (fileStat, bool) {
	fi, err := os.Stat(filepath.Join(s.abs, name))
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
