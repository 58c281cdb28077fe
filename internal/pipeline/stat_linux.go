//go:build linux

package pipeline

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"sync"
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

// openFolder is an open folder, read and looked into by its descriptor.
// A folder opened through package os costs four fcntl calls and a
// failed epoll registration beside the open, and each entry it lists an
// allocation; on a warm build at 100,000 sprites the walk opens about
// 2,500 folders and lists 80,000 names, and is most of the time.
type openFolder struct {
	fd  int
	abs string
}

// openDir opens the folder at abs.
func openDir(abs string) (openFolder, error) {
	fd, err := openFD(abs, unix.O_DIRECTORY)
	if err != nil {
		return openFolder{fd: -1}, &fs.PathError{Op: "open", Path: abs, Err: err}
	}
	return openFolder{fd, abs}, nil
}

// close closes the folder.
func (d openFolder) close() { unix.Close(d.fd) }

// lister is what a walker lists folders with: a buffer for getdents and
// an arena for the paths.
type lister struct {
	buf   []byte
	paths arena
}

// listers holds the walkers' listers.
var listers = sync.Pool{New: func() any { return &lister{buf: make([]byte, 16<<10)} }}

// list returns the folder's entries but . and .., in the order the file
// system gives them, each path prefix and its name. An entry whose type
// the file system does not give is looked at, without following a link,
// as os.ReadDir does.
func (d openFolder) list(prefix string) (listing, error) {
	l := listers.Get().(*lister)
	defer listers.Put(l)
	ls := listing{prefix: prefix}
	for {
		n, err := unix.Getdents(d.fd, l.buf)
		if err == unix.EINTR {
			continue
		}
		if err != nil {
			return listing{}, &fs.PathError{Op: "readdirent", Path: d.abs, Err: err}
		}
		if n <= 0 {
			return ls, nil
		}
		if !ls.addDirents(l.buf[:n], &l.paths, d.isDir) {
			return listing{}, &fs.PathError{Op: "readdirent", Path: d.abs, Err: unix.EIO}
		}
	}
}

// addDirents adds to ls the entries of the linux_dirent64 records in buf
// but . and .. and deleted ones, their paths in paths' memory, asking
// isDir about a name whose type the record does not give; false when a
// record is malformed. A record is its inode (8 bytes), offset (8),
// length (2), type (1), then its name, ended by a zero byte and padded.
func (ls *listing) addDirents(buf []byte, paths *arena, isDir func(name string) bool) bool {
	for len(buf) > 0 {
		if len(buf) < 19 {
			return false
		}
		size := int(binary.NativeEndian.Uint16(buf[16:]))
		if size < 19 || size > len(buf) {
			return false
		}
		ino, typ, name := binary.NativeEndian.Uint64(buf), buf[18], buf[19:size]
		buf = buf[size:]
		if i := bytes.IndexByte(name, 0); i >= 0 {
			name = name[:i]
		}
		if ino == 0 || string(name) == "." || string(name) == ".." {
			continue
		}
		p := paths.join(ls.prefix, name)
		if typ == unix.DT_DIR || typ == unix.DT_UNKNOWN && isDir(p[len(ls.prefix):]) {
			ls.dirs = append(ls.dirs, p)
		} else {
			ls.files = append(ls.files, p)
		}
	}
	return true
}

// isDir reports whether name in the folder is a folder, not following a
// link, as os.ReadDir finds out where the file system gives no type.
func (d openFolder) isDir(name string) bool {
	var st unix.Stat_t
	return unix.Fstatat(d.fd, name, &st, unix.AT_SYMLINK_NOFOLLOW) == nil && st.Mode&unix.S_IFMT == unix.S_IFDIR
}

// same reports whether the folder is the one with stat data fi.
func (d openFolder) same(fi os.FileInfo) bool {
	var st unix.Stat_t
	if unix.Fstat(d.fd, &st) != nil {
		return false
	}
	o, ok := fi.Sys().(*syscall.Stat_t)
	return ok && uint64(o.Dev) == uint64(st.Dev) && uint64(o.Ino) == uint64(st.Ino)
}

// regular returns the stat data of the file name in the folder,
// following links, and whether it is a regular file: what
// statOfInfo(regular(p)) gives. It is taken by name in the open folder:
// the kernel then resolves one name rather than the whole path.
func (d openFolder) regular(name string) (fileStat, bool) {
	var st unix.Stat_t
	err := error(unix.EINTR)
	for err == unix.EINTR {
		err = unix.Fstatat(d.fd, name, &st, 0)
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
	fd, err := openFD(p, unix.O_NONBLOCK)
	if err != nil {
		return nil, err
	}
	return descriptor(fd), nil
}

// openFD opens the file at p to read it, with flags besides, as a bare
// descriptor closed on exec.
func openFD(p string, flags int) (int, error) {
	for {
		fd, err := unix.Open(p, unix.O_RDONLY|unix.O_CLOEXEC|flags, 0)
		if err != unix.EINTR {
			return fd, err
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
