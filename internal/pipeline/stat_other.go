//go:build !linux

package pipeline

import (
	"io/fs"
	"os"
)

// sysStat returns zeros where the change time and inode are not known:
// the cache then always looks files up by content.
func sysStat(fs.FileInfo) (change, ino, dev int64) { return 0, 0, 0 }

// syscallNonblock is 0 where the flag is not known.
const syscallNonblock = 0

// tryLock takes no lock where flock is not known: builds into one folder
// at once are not kept apart there.
func tryLock(*os.File) (bool, error) { return true, nil }

// unlock does nothing.
func unlock(*os.File) {}
