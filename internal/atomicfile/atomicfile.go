// Package atomicfile writes files so that a reader, or a killed run, sees
// either the old content or the new, never a torn file.
package atomicfile

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
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
// more than drawing the file.
func WriteUnsynced(path string, write func(w io.Writer) error) error {
	return replace(path, write, false)
}

// replace writes path as Write does, syncing the file when sync is set.
func replace(path string, write func(w io.Writer) error, sync bool) (err error) {
	dir, base := filepath.Split(path)
	if dir == "" {
		dir = "."
	}
	f, err := os.CreateTemp(dir, "."+base+".tmp-*")
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
	if err = os.Rename(f.Name(), path); err != nil {
		return fmt.Errorf("write %s: %w", path, err)
	}
	return nil
}

// WriteBytes is Write for content already in memory.
func WriteBytes(path string, data []byte) error {
	return Write(path, func(w io.Writer) error {
		_, err := w.Write(data)
		return err
	})
}
