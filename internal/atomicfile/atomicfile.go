// Package atomicfile writes files so that a reader, or a killed run, sees
// either the old content or the new, never a torn file.
package atomicfile

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"sync"
)

// Write creates or replaces the file at path with what write writes: it
// writes to a temporary file in the same folder, syncs it, and renames it
// over path. On any error the temporary file is removed, path is left as it
// was, and the error names path. The new file has mode 0644.
func Write(path string, write func(w io.Writer) error) error {
	return replace(path, write, true)
}

// WriteUnsynced is Write without the sync: a reader or a killed run still
// sees the old file or the new one, but after the machine itself crashes
// the new file may be empty. It is for files a build makes again when they
// are missing or stale, such as previews, where a sync per file would cost
// more than drawing the file. On Linux the old file is removed in the
// background (see swapIn); Settle waits for that.
func WriteUnsynced(path string, write func(w io.Writer) error) error {
	return replace(path, write, false)
}

// tempPrefix starts the name of every temporary file: short, so that a
// file name near the system's limit still has a temporary name, and
// recognisable, so that a build can remove those a killed build left.
const tempPrefix = ".shapegen-tmp-"

// IsTemp reports whether name (a base name) is one of this package's
// temporary files.
func IsTemp(name string) bool { return strings.HasPrefix(name, tempPrefix) }

// replace writes path as Write does, syncing the file when sync is set.
func replace(path string, write func(w io.Writer) error, sync bool) (err error) {
	dir := filepath.Dir(path)
	f, err := os.CreateTemp(dir, tempPrefix+"*")
	if err != nil {
		return fmt.Errorf("write %s: %w", path, err)
	}
	defer func() {
		if err != nil {
			f.Close()
			os.Remove(f.Name())
		}
	}()
	if err = write(f); err != nil {
		return fmt.Errorf("write %s: %w", path, err)
	}
	if err = f.Chmod(0o644); err != nil {
		return fmt.Errorf("write %s: %w", path, err)
	}
	if sync {
		if err = f.Sync(); err != nil {
			return fmt.Errorf("write %s: %w", path, err)
		}
	}
	if err = f.Close(); err != nil {
		return fmt.Errorf("write %s: %w", path, err)
	}
	if err = put(f.Name(), path, sync); err != nil {
		return fmt.Errorf("write %s: %w", path, err)
	}
	return nil
}

// The old files that unsynced replaces set aside (see swapIn) are removed
// one after another by one goroutine, started with the first: oldFiles
// holds those waiting (a replace waits when it is full), and pending
// counts them until removed.
var (
	oldFiles     = make(chan string, 1024)
	pending      sync.WaitGroup
	startRemover sync.Once
)

// removeLater has the file at path removed by the remover.
func removeLater(path string) {
	startRemover.Do(func() {
		go func() {
			for p := range oldFiles {
				os.Remove(p)
				pending.Done()
			}
		}()
	})
	pending.Add(1)
	oldFiles <- path
}

// Settle waits until the old files that unsynced replaces set aside are
// removed. A program that replaced files without a sync calls it before
// it ends, else some may stay, as temporary files (IsTemp) that a later
// run removes.
func Settle() { pending.Wait() }

// put puts the written file tmp in place of path: an unsynced one through
// swapIn, a synced one (its data on disk already) by a rename.
func put(tmp, path string, sync bool) error {
	if sync {
		return os.Rename(tmp, path)
	}
	return swapIn(tmp, path)
}

// File is a file being written in place of another: a temporary file in
// the target's folder that Commit renames over the target. Until then the
// target is untouched; Abort removes the temporary file.
type File struct {
	*os.File
	path string
	done bool
}

// Create starts a File that will replace the file at path.
func Create(path string) (*File, error) {
	f, err := os.CreateTemp(filepath.Dir(path), tempPrefix+"*")
	if err != nil {
		return nil, fmt.Errorf("write %s: %w", path, err)
	}
	return &File{File: f, path: path}, nil
}

// Commit syncs the file when sync is set, closes it and renames it over
// its target; on an error the temporary file is removed and the target
// left as it was.
func (f *File) Commit(sync bool) error {
	if f.done {
		return fmt.Errorf("write %s: already committed or aborted", f.path)
	}
	f.done = true
	err := f.Chmod(0o644)
	if err == nil && sync {
		err = f.Sync()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = put(f.Name(), f.path, sync)
	}
	if err != nil {
		os.Remove(f.Name())
		return fmt.Errorf("write %s: %w", f.path, err)
	}
	return nil
}

// Abort removes the temporary file, unless it was committed.
func (f *File) Abort() {
	if !f.done {
		f.done = true
		f.Close()
		os.Remove(f.Name())
	}
}

// WriteBytes is Write for content already in memory.
func WriteBytes(path string, data []byte) error {
	return Write(path, func(w io.Writer) error {
		_, err := w.Write(data)
		return err
	})
}
