package pipeline

import (
	"fmt"
	"io"
	"io/fs"
	"os"
)

// fileStat is what the cache's stat shortcut compares for an image and its
// atlas data file: size, modification time, change time, inode and device.
// A file replaced by one of the same size with its old modification time
// restored (cp -p, rsync -t, tar x, unzip) has a new change time or inode,
// so the shortcut is taken only when all five agree; otherwise the file is
// hashed and looked up by content.
type fileStat struct {
	Size, Mod, Change, Ino, Dev int64
	// The same of the atlas data file, zero when there is none.
	DataSize, DataMod, DataChange, DataIno, DataDev int64
}

// known reports whether st carries the change time and inode, without
// which the stat shortcut is never taken (platforms without them).
func (st fileStat) known() bool { return st.Change != 0 && st.Ino != 0 }

// statOfInfo returns the stat data of fi (of the image) in st's first five
// numbers.
func statOfInfo(fi fs.FileInfo) fileStat {
	st := fileStat{Size: fi.Size(), Mod: fi.ModTime().UnixNano()}
	st.Change, st.Ino, st.Dev = sysStat(fi)
	return st
}

// withData returns st with the data file's stat data d.
func (st fileStat) withData(d fileStat) fileStat {
	st.DataSize, st.DataMod, st.DataChange, st.DataIno, st.DataDev = d.Size, d.Mod, d.Change, d.Ino, d.Dev
	return st
}

// regular returns the stat data of the file at p, following links, and an
// error saying what it is when it is not a regular file (a folder, a named
// pipe, a device, a socket, a link to nowhere or in a loop).
func regular(p string) (fs.FileInfo, error) {
	fi, err := os.Stat(p)
	if err != nil {
		return nil, unwrapPath(err)
	}
	if !fi.Mode().IsRegular() {
		return nil, fmt.Errorf("not a regular file (%s)", kindOfFile(fi.Mode()))
	}
	return fi, nil
}

// openedFile is a file that readCapped opened to read.
type openedFile interface {
	io.ReadCloser
	// stat returns the file's size and type (fs.ModeType bits: none for
	// a regular file).
	stat() (size int64, typ fs.FileMode, err error)
}

// kindOfFile names the kind of a file that is not regular.
func kindOfFile(m fs.FileMode) string {
	switch {
	case m.IsDir():
		return "a folder"
	case m&fs.ModeNamedPipe != 0:
		return "a named pipe"
	case m&fs.ModeSocket != 0:
		return "a socket"
	case m&fs.ModeCharDevice != 0:
		return "a character device"
	case m&fs.ModeDevice != 0:
		return "a device"
	}
	return "not a plain file"
}
