package atomicfile

import (
	"os"

	"golang.org/x/sys/unix"
)

// swapIn puts the unsynced file tmp in place of the regular file path by
// exchanging the two (renameat2 with RENAME_EXCHANGE, as atomic as a
// rename) and then removing tmp, which holds the old file. A plain rename
// over an existing file makes ext4 (auto_da_alloc) write the new file's
// data out before the rename returns: for a 300 MB shapes.json and a
// thousand report pages that was over a second of a rebuild's wall time
// spent waiting on the disk, for files that are deliberately not synced.
// An exchange leaves the writing to the kernel's own pace. Where path is
// not a regular file, or the file system cannot exchange, it renames.
// If tmp cannot be removed it stays, a temporary file that the next build
// removes.
//
// The old file is removed by a goroutine of its own (see Settle): freeing
// a file's blocks takes the kernel a while (0.3 s for 300 MB here, with
// online discard, and about a millisecond for a report page), which the
// caller need not wait for.
func swapIn(tmp, path string) error {
	fi, err := os.Lstat(path)
	if err != nil || !fi.Mode().IsRegular() ||
		unix.Renameat2(unix.AT_FDCWD, tmp, unix.AT_FDCWD, path, unix.RENAME_EXCHANGE) != nil {
		return os.Rename(tmp, path)
	}
	removeLater(tmp)
	return nil
}
