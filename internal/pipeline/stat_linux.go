//go:build linux

package pipeline

import (
	"errors"
	"io/fs"
	"os"
	"syscall"
)

// sysStat returns fi's change time (ns), inode and device.
func sysStat(fi fs.FileInfo) (change, ino, dev int64) {
	st, ok := fi.Sys().(*syscall.Stat_t)
	if !ok {
		return 0, 0, 0
	}
	return int64(st.Ctim.Sec)*1e9 + int64(st.Ctim.Nsec), int64(st.Ino), int64(st.Dev)
}

// syscallNonblock opens a file without blocking on a named pipe.
const syscallNonblock = syscall.O_NONBLOCK

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
