//go:build linux

package pipeline

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"syscall"

	"golang.org/x/sys/unix"
)

// sysStat returns fi's change time (ns), inode and device.
func sysStat(fi fs.FileInfo) (change, ino, dev int64) {
	st, ok := fi.Sys().(*syscall.Stat_t)
	if !ok {
		return 0, 0, 0
	}
	return int64(st.Ctim.Sec)*1e9 + int64(st.Ctim.Nsec), int64(st.Ino), int64(st.Dev)
}

// tryLock takes an exclusive lock on f without waiting, and reports
// whether it got it.
func tryLock(f *os.File) (bool, error) {
	err := syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB)
	if errors.Is(err, syscall.EWOULDBLOCK) {
		return false, nil
	}
	return err == nil, err
}

// unlock releases the lock on f.
func unlock(f *os.File) { syscall.Flock(int(f.Fd()), syscall.LOCK_UN) }

// folderStats takes the stat data of files in one open folder by name.
type folderStats struct{ fd int }

// statsIn returns a folderStats for the open folder d (at abs).
func statsIn(d *os.File, abs string) folderStats { return folderStats{int(d.Fd())} }

// regular returns the stat data of the file name, following links, and
// whether it is a regular file: what statOfInfo(regular(p)) gives.
func (s folderStats) regular(name string) (fileStat, bool) {
	var st unix.Stat_t
	err := error(unix.EINTR)
	for err == unix.EINTR {
		err = unix.Fstatat(s.fd, name, &st, 0)
	}
	if err != nil || st.Mode&unix.S_IFMT != unix.S_IFREG {
		return fileStat{}, false
	}
	return fileStat{
		Size:   st.Size,
		Mod:    int64(st.Mtim.Sec)*1e9 + int64(st.Mtim.Nsec),
		Change: int64(st.Ctim.Sec)*1e9 + int64(st.Ctim.Nsec),
		Ino:    int64(st.Ino),
		Dev:    int64(st.Dev),
	}, true
}

// mapFile maps the file at p into memory to read it, and returns a
// function that unmaps it. Mapped, a file in the page cache costs no copy
// and few page faults, where reading it into fresh memory faults on every
// page. An empty file is nil.
func mapFile(p string) ([]byte, func(), error) {
	f, err := os.Open(p)
	if err != nil {
		return nil, nil, err
	}
	defer f.Close()
	fi, err := f.Stat()
	if err != nil {
		return nil, nil, err
	}
	switch {
	case !fi.Mode().IsRegular():
		return nil, nil, fmt.Errorf("not a regular file (%s)", kindOfFile(fi.Mode()))
	case fi.Size() == 0:
		return nil, func() {}, nil
	}
	if int64(int(fi.Size())) != fi.Size() {
		return nil, nil, fmt.Errorf("%d bytes is too large to map", fi.Size())
	}
	b, err := unix.Mmap(int(f.Fd()), 0, int(fi.Size()), unix.PROT_READ, unix.MAP_SHARED)
	if err != nil {
		return nil, nil, err
	}
	return b, func() { unix.Munmap(b) }, nil
}

// openRead opens the file at p to read it, without blocking on a named
// pipe. It is a bare descriptor: an os.File would also ask the poller to
// watch it (an epoll_ctl that fails for every regular file) and allocate
// and set a finalizer, for each image a build reads.
func openRead(p string) (openedFile, error) {
	for {
		fd, err := unix.Open(p, unix.O_RDONLY|unix.O_NONBLOCK|unix.O_CLOEXEC, 0)
		switch {
		case err == nil:
			return descriptor(fd), nil
		case err != unix.EINTR:
			return nil, err
		}
	}
}

// descriptor is a file open for reading, by its descriptor.
type descriptor int

func (d descriptor) Read(b []byte) (int, error) {
	for {
		n, err := unix.Read(int(d), b)
		switch {
		case err == unix.EINTR:
			continue
		case err != nil:
			return 0, err
		case n == 0 && len(b) > 0:
			return 0, io.EOF
		}
		return n, nil
	}
}

func (d descriptor) Close() error { return unix.Close(int(d)) }

func (d descriptor) stat() (int64, fs.FileMode, error) {
	var st unix.Stat_t
	err := error(unix.EINTR)
	for err == unix.EINTR {
		err = unix.Fstat(int(d), &st)
	}
	if err != nil {
		return 0, 0, err
	}
	return st.Size, fileType(st.Mode), nil
}

// fileType returns the fs.ModeType bits of a stat mode, as os.Stat sets
// them.
func fileType(mode uint32) fs.FileMode {
	switch mode & unix.S_IFMT {
	case unix.S_IFREG:
		return 0
	case unix.S_IFDIR:
		return fs.ModeDir
	case unix.S_IFIFO:
		return fs.ModeNamedPipe
	case unix.S_IFSOCK:
		return fs.ModeSocket
	case unix.S_IFCHR:
		return fs.ModeDevice | fs.ModeCharDevice
	case unix.S_IFBLK:
		return fs.ModeDevice
	case unix.S_IFLNK:
		return fs.ModeSymlink
	}
	return fs.ModeIrregular
}
