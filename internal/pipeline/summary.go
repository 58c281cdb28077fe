package pipeline

import (
	"context"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"encoding/json"
	"io"
	"os"
	"path/filepath"
	"slices"

	"github.com/shapegen/shapegen/internal/atomicfile"
	"github.com/shapegen/shapegen/internal/config"
)

// summaryName is the cache file holding the summary of the last build.
const summaryName = "summary"

// summary is what a build found, kept so that the next build which finds
// nothing changed can stop after the walk, as make does: the walk's
// digest (the images, their atlas files, their stat data, the settings),
// the cache index and the outputs as the build left them, and the part of
// the Result that comes from the images' outcomes. On a warm build of
// 100,000 sprites the walk is most of the time and the rest (reading the
// index, looking every image up, ranking the sprites) the remainder.
type summary struct {
	Walk    string   // walkDigest
	Index   fileStat // the cache index file
	Outputs string   // outputsSum, as the outputs record holds it
	// Assets is the asset folder as the outputs name it (assetDir): the
	// same files in a folder moved or copied elsewhere make other outputs.
	Assets  string
	Sprites int
	Frames  int
	// Failures and Empty are the Result's; Notes the sprites' own notes.
	Failures, Notes, Empty []string
	Worst                  []Ranked
}

// summarised reports whether a build with opts writes a summary, and,
// unless it recomputes everything (NoCache), may take its Result from
// one: a whole build that writes no previews (whose files the cache
// checks sprite by sprite).
func summarised(opts *Options) bool {
	return opts.Shard.N == 0 && !opts.Config.Preview
}

// walkDigest returns the digest of what a build's outcomes depend on as
// the walk sees it: the generator, the settings, and each image's path,
// atlas data file and the stat data of both; false when an image's stat
// data is missing or incomplete (the stat shortcut is not taken then).
// The images are hashed in parts of digestPart on all cores (a warm build
// at 100,000 sprites hashes 10 MB), and the parts' digests after the
// settings.
func walkDigest(cfg *config.Config, srcs []source) (string, bool) {
	c, err := json.Marshal(cfg)
	if err != nil {
		return "", false
	}
	parts := make([][sha256.Size]byte, (len(srcs)+digestPart-1)/digestPart)
	known := make([]bool, len(parts))
	each(context.Background(), len(parts), 0, func(k int) error {
		parts[k], known[k] = digestSources(srcs[k*digestPart : min((k+1)*digestPart, len(srcs))])
		return nil
	}, nil)
	if slices.Contains(known, false) {
		return "", false
	}
	b := appendPart(appendPart(nil, Generator), c)
	for _, p := range parts {
		b = append(b, p[:]...)
	}
	sum := sha256.Sum256(b)
	return hex.EncodeToString(sum[:]), true
}

// digestPart is the number of images walkDigest hashes in one part.
const digestPart = 8192

// digestSources returns the digest of srcs' paths, data files and stat
// data, and false when an image's stat data is missing or incomplete.
func digestSources(srcs []source) ([sha256.Size]byte, bool) {
	h := sha256.New()
	b := make([]byte, 0, 1<<16)
	for _, s := range srcs {
		if s.stat == nil || !s.stat.known() {
			return [sha256.Size]byte{}, false
		}
		if len(b) > 1<<15 {
			h.Write(b)
			b = b[:0]
		}
		b = appendPart(appendPart(b, s.rel), s.data)
		st := s.stat
		for _, v := range [...]int64{st.Size, st.Mod, st.Change, st.Ino, st.Dev, st.DataSize, st.DataMod, st.DataChange, st.DataIno, st.DataDev} {
			b = binary.LittleEndian.AppendUint64(b, uint64(v))
		}
	}
	h.Write(b)
	return [sha256.Size]byte(h.Sum(nil)), true
}

// readSummary returns the summary in the cache folder dir, if there is
// one that reads, and when it was written (its modification time in
// nanoseconds, as fileStat's times).
func readSummary(dir string) (*summary, int64) {
	f, err := os.Open(filepath.Join(dir, summaryName))
	if err != nil {
		return nil, 0
	}
	defer f.Close()
	fi, err := f.Stat()
	if err != nil {
		return nil, 0
	}
	b, err := io.ReadAll(f)
	if err != nil {
		return nil, 0
	}
	var sm summary
	if json.Unmarshal(b, &sm) != nil || sm.Walk == "" {
		return nil, 0
	}
	return &sm, fi.ModTime().UnixNano()
}

// write writes sm into the cache folder dir, with the stat data of the
// index as it is now.
func (sm *summary) write(dir string) error {
	fi, err := os.Stat(filepath.Join(dir, indexName))
	if err != nil {
		return forgetSummary(dir)
	}
	sm.Index = statOfInfo(fi)
	b, err := json.Marshal(sm)
	if err != nil {
		return err
	}
	return atomicfile.WriteBytes(filepath.Join(dir, summaryName), b)
}

// forgetSummary removes the summary in the cache folder dir, if any.
func forgetSummary(dir string) error {
	if err := os.Remove(filepath.Join(dir, summaryName)); err != nil && !os.IsNotExist(err) {
		return err
	}
	return nil
}

// holds reports whether a build with opts that found the images srcs
// would find what the build that wrote sm found: the same walk digest and
// asset folder, with kept (from sm.kept) saying the cache index and the
// outputs are as that build left them.
func (sm *summary) holds(opts *Options, srcs []source, kept bool) bool {
	if !kept || sm.Assets != assetDir(opts.Out, opts.Dir) {
		return false
	}
	d, ok := walkDigest(&opts.Config, srcs)
	return ok && d == sm.Walk
}

// kept reports whether the cache index in opts.Out is as the build that
// wrote sm left it, and the outputs it recorded still current. It needs
// no walk: a build asks it beside the walk.
func (sm *summary) kept(opts *Options) bool {
	dir := filepath.Join(opts.Out, CacheDir)
	fi, err := os.Stat(filepath.Join(dir, indexName))
	if err != nil || statOfInfo(fi) != sm.Index {
		return false
	}
	b, err := os.ReadFile(filepath.Join(dir, outputsName))
	if err != nil {
		return false
	}
	var rec outputsRecord
	return json.Unmarshal(b, &rec) == nil && rec.current(opts.Out, sm.Outputs, outputFiles(&opts.Config, sm.Sprites))
}

// addTo puts in res what the build of images images that wrote sm found
// from their outcomes.
func (sm *summary) addTo(res *Result, images int) {
	res.Images, res.Sprites, res.Frames = images, sm.Sprites, sm.Frames
	res.Failures, res.Empty, res.worst = sm.Failures, sm.Empty, sm.Worst
	res.Notes = append(res.Notes, sm.Notes...)
}
