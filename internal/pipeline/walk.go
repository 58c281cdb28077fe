package pipeline

import (
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"

	"github.com/shapegen/shapegen/internal/atlas"
	"github.com/shapegen/shapegen/internal/config"
)

// source is one image file to read, with the atlas data file that lists
// its frames (if any).
type source struct {
	// rel is the image's slash-separated path under the asset root.
	rel string
	// data is the slash-separated path of its atlas data file, or "".
	data string
	// size is the image file's size in bytes, when known (for scheduling).
	size int64
	// stat is the stat data of the image and its data file as the walk
	// saw them, or nil.
	stat *fileStat
	// cached is the old cache index's entry of the image, if it has one
	// (set by store.match).
	cached *entry
}

// atlasExts are the atlas data file extensions, in order of preference
// when several files are named after one image.
var atlasExts = []string{".xml", ".json", ".plist", ".atlas", ".txt"}

// Reasons a file of the asset folder is not read, as Ignored says them.
const (
	ignoredNotImage = "not an image"
	ignoredSettings = "settings file"
	ignoredExcluded = "excluded by a glob"
	ignoredOutput   = "in an output folder"
	ignoredHidden   = "hidden"
)

// Ignored is the files of the asset folder a build did not read, for one
// reason: their count, and their paths when Options.Verbose asked for them.
type Ignored struct {
	Reason string
	Count  int
	Paths  []string
}

// walked is what the walk found: the images to read, and the rest.
type walked struct {
	srcs []source
	// files is the number of files in the folder, lists the number of
	// frame lists the images use.
	files, lists int
	ignored      map[string]*Ignored
	// outputs are the output folders skipped, and notes one line each
	// (frame lists that match no image).
	outputs []string
	notes   []string
}

// addTo puts what the walk found in res: its notes, the counts of files
// and frame lists, the output folders and the files it left out.
func (w *walked) addTo(res *Result) {
	res.Notes = append(res.Notes, w.notes...)
	res.Files, res.Lists, res.Outputs = w.files, w.lists, w.outputs
	for _, r := range []string{ignoredSettings, ignoredNotImage, ignoredExcluded, ignoredOutput, ignoredHidden} {
		if ig := w.ignored[r]; ig != nil {
			res.Ignored = append(res.Ignored, *ig)
		}
	}
}

// ignore counts the file p as ignored for reason.
func (w *walked) ignore(reason, p string, verbose bool, n int) {
	ig := w.ignored[reason]
	if ig == nil {
		ig = &Ignored{Reason: reason}
		w.ignored[reason] = ig
	}
	ig.Count += n
	if verbose {
		ig.Paths = append(ig.Paths, p)
	}
}

// walk lists the PNGs under dir that cfg includes, sorted by path, each
// with its atlas data file, and counts what it leaves out: hidden entries,
// files not images (nor frame lists of one), files excluded by a glob,
// and output folders: the folder skip, and any folder that holds a
// shapegen library (its manifest or cache, or a shapes.json of format
// shapegen/v1) with all its files. The folders are read level by level and
// the files' stat data taken on all cores: on a warm build the walk is
// most of the time.
func walk(dir, skip string, cfg *config.Config, verbose bool) (*walked, error) {
	return walkWatching(dir, skip, cfg, verbose, nil)
}

// changeWatch calls fn once, as soon as a walk takes the stat data of a
// file changed (its ctime) at or after since; fired says it did, once the
// walk is over. A build that has the summary of the last one reads the
// cache only when the walk finds something changed: with a watch from
// the summary's time it starts reading it beside the rest of the walk,
// not after it (0.1 s of a rebuild at 100,000 sprites). A file changed
// without a ctime past since (while the last build ran) is still found
// changed at the end of the walk; the watch only starts the read sooner.
type changeWatch struct {
	since int64
	once  sync.Once
	fn    func()
	fired bool
}

// saw looks at the stat data of a file the walk found.
func (c *changeWatch) saw(st fileStat) {
	if c != nil && st.Change >= c.since {
		c.once.Do(func() {
			c.fired = true
			c.fn()
		})
	}
}

// walkWatching is walk, telling watch (when not nil) the stat data of
// every file it takes.
func walkWatching(dir, skip string, cfg *config.Config, verbose bool, watch *changeWatch) (*walked, error) {
	var skipInfo os.FileInfo
	if skip != "" {
		skip = filepath.Clean(skip) // as the folders' paths are
		skipInfo, _ = os.Stat(skip)
	}
	w := &walked{ignored: map[string]*Ignored{}}
	byFolder := map[string]listed{}   // what each folder holds, by its path
	var datas []string                // slash-separated, relative to dir
	dataStat := map[string]fileStat{} // of every regular data file
	for level := []string{"."}; len(level) > 0; {
		found := make([]folder, len(level))
		errs := make([]error, len(level))
		each(context.Background(), len(level), 0, func(i int) error {
			found[i], errs[i] = readFolder(dir, level[i], skip, skipInfo, cfg, watch)
			return nil
		}, nil)
		if err := errors.Join(errs...); err != nil {
			return nil, fmt.Errorf("walk %s: %w", dir, err)
		}
		next := []string{}
		for i, f := range found {
			next = append(next, f.dirs...)
			byFolder[level[i]] = listed{f.pngs, f.dirs}
			datas = append(datas, f.data...)
			for p, st := range f.dataStat {
				dataStat[p] = st
			}
			for _, o := range f.outputs {
				w.outputs = append(w.outputs, o.dir)
				w.ignore(ignoredOutput, o.dir, verbose, o.files)
			}
			for _, h := range f.hidden {
				w.ignore(ignoredHidden, h.dir, verbose, h.files)
			}
			for _, e := range f.excluded {
				w.ignore(ignoredExcluded, e, verbose, 1)
			}
		}
		level = next
	}
	sort.Strings(w.outputs)
	for _, ig := range w.ignored {
		sort.Strings(ig.Paths)
	}
	// The entries are large: they stay where they are.
	pngs := inPathOrder(nil, byFolder, ".")
	sort.Strings(datas)
	names := make([]string, len(pngs))
	for i, p := range pngs {
		names[i] = p.rel
	}
	owner := owners(dir, names, datas, dataStat, cfg, w)
	used := map[string]bool{}
	w.srcs = make([]source, len(pngs))
	for i, p := range pngs {
		d := owner[i]
		w.srcs[i] = source{rel: p.rel, data: d}
		if d == "" {
			if p.ok {
				w.srcs[i].size, w.srcs[i].stat = p.st.Size, &p.st
			}
			continue
		}
		if ds, ok := dataStat[d]; ok && p.ok {
			p.st = p.st.withData(ds)
			w.srcs[i].size, w.srcs[i].stat = p.st.Size, &p.st
		}
		used[d] = true
	}
	for _, d := range datas {
		switch {
		case used[d]:
		case d == config.FileName:
			w.ignore(ignoredSettings, d, verbose, 1)
		default:
			w.ignore(ignoredNotImage, d, verbose, 1)
		}
	}
	w.lists = len(used)
	w.files = len(pngs) + len(datas)
	for _, ig := range w.ignored {
		if ig.Reason != ignoredNotImage && ig.Reason != ignoredSettings {
			w.files += ig.Count
		}
	}
	return w, nil
}

// listed is what a folder holds: its PNGs and subfolders, each sorted
// by name.
type listed struct {
	pngs []statted
	dirs []string
}

// inPathOrder appends the PNGs under folder rel (in byFolder) to pngs,
// sorted by path: a folder's PNGs and the PNGs under each of its
// subfolders, which all follow one another in path order as they share
// a prefix, merged by name, a subfolder's name with its slash. Sorting them
// took seventeen comparisons of long paths a PNG at 100,000, most of a
// warm build's own work; this takes one.
func inPathOrder(pngs []*statted, byFolder map[string]listed, rel string) []*statted {
	f := byFolder[rel]
	dirs := slices.Clone(f.dirs)
	slices.SortFunc(dirs, func(a, b string) int { return strings.Compare(a+"/", b+"/") })
	i := 0
	for _, d := range dirs {
		for under := d + "/"; i < len(f.pngs) && f.pngs[i].rel < under; i++ {
			pngs = append(pngs, &f.pngs[i])
		}
		pngs = inPathOrder(pngs, byFolder, d)
	}
	for ; i < len(f.pngs); i++ {
		pngs = append(pngs, &f.pngs[i])
	}
	return pngs
}

// owners returns the data file of each image of pngs (sorted, as the walk
// finds them), "" where it has none: the list an
// atlases: entry of shapegen.yaml ties to it, else a data file named after
// the image (the first of atlasExts), else one that names the image in
// its own folder (imagePath, meta.image, a libGDX page). Every page a
// data file names is tied to it, also when one image claimed it by name
// or by an atlases: entry (libGDX names its first page like the atlas,
// gdx.atlas with gdx.png, gdx2.png, ...). A data file that looks like a
// frame list but gives no image its frames gets a note saying which
// setting ties it to one.
func owners(dir string, pngs, datas []string, dataStat map[string]fileStat, cfg *config.Config, w *walked) []string {
	data := make(map[string]bool, len(datas))
	named := map[string]string{} // stem -> its data file of the first of atlasExts
	rank := func(d string) int { return slices.Index(atlasExts, path.Ext(d)) }
	for _, d := range datas {
		data[d] = true
		if r := rank(d); r >= 0 {
			stem := strings.TrimSuffix(d, atlasExts[r])
			if o, ok := named[stem]; !ok || r < rank(o) {
				named[stem] = d
			}
		}
	}
	owner := make([]string, len(pngs)) // by image
	taken := map[string]bool{}
	// First the lists shapegen.yaml ties to images (atlases:), then the
	// data files named like their image.
	for i, p := range pngs {
		if len(cfg.Atlases) == 0 {
			break // none to look for
		}
		if list, ok := cfg.ListFor(p); ok {
			if !data[list] {
				w.notes = append(w.notes, fmt.Sprintf("shapegen.yaml: atlases: the list %s of %s is not in the folder", quoted(list), quoted(p)))
				continue
			}
			owner[i] = list
			taken[list] = true
		}
	}
	for i, p := range pngs {
		if len(named) == 0 {
			break // none to look for
		}
		// A PNG's path ends in its extension, four bytes (pngName).
		if d, ok := named[p[:len(p)-4]]; ok && owner[i] == "" {
			owner[i] = d
			taken[d] = true
		}
	}
	// Then the rest that look like frame lists, and those taken that may
	// name more pages, for the images they name in their own folder: read
	// on all cores, then tied in path order.
	lists := make([]pagesOf, len(datas))
	each(context.Background(), len(datas), 0, func(k int) error {
		if d := datas[k]; sniffable(d, dataStat[d]) && (!taken[d] || multiPage(dir, d)) {
			lists[k] = readPages(dir, d)
		}
		return nil
	}, nil)
	for k, d := range datas {
		a := lists[k]
		if !a.list {
			continue
		}
		named := false
		for _, img := range a.pages {
			if i, isPNG := slices.BinarySearch(pngs, img); isPNG && owner[i] == "" {
				owner[i] = d
				named = true
			}
		}
		if named {
			taken[d] = true
		} else if !taken[d] && a.frames > 0 {
			kind := "a frame list"
			if a.format != atlas.List {
				kind += " (" + a.format.String() + ")"
			}
			w.notes = append(w.notes, fmt.Sprintf("%s looks like %s but matches no image; tie it to one with an atlases: entry {list: %s, image: <the image>} in shapegen.yaml", quoted(d), kind, d))
		}
	}
	return owner
}

// pagesOf is what owners needs of a data file: whether it is a frame
// list, the paths of the images it names (in its own folder), its number
// of frames and its format.
type pagesOf struct {
	list   bool
	pages  []string
	frames int
	format atlas.Format
}

// readPages reads the data file d of dir as a frame list.
func readPages(dir, d string) pagesOf {
	b, err := readCapped(dir, d, nil, atlasCap, false)
	if err != nil || atlas.Sniff(b) == atlas.Unknown {
		return pagesOf{}
	}
	a, _, err := atlas.Decode(d, b, atlas.Options{})
	if err != nil {
		return pagesOf{}
	}
	l := pagesOf{list: true, frames: len(a.Frames), format: a.Format}
	for _, pg := range a.Pages {
		if pg.Image != "" {
			l.pages = append(l.pages, path.Join(path.Dir(d), path.Base(strings.ReplaceAll(pg.Image, `\`, "/"))))
		}
	}
	return l
}

// multiPage reports whether the data file d may name several pages: its
// head looks like a libGDX atlas, the only multi-page format. Files named
// .xml, .json or .plist are not read.
func multiPage(dir, d string) bool {
	switch strings.ToLower(path.Ext(d)) {
	case ".xml", ".json", ".plist":
		return false
	}
	f, err := os.Open(filepath.Join(dir, filepath.FromSlash(d)))
	if err != nil {
		return false
	}
	defer f.Close()
	head := make([]byte, 4096)
	n, _ := io.ReadFull(f, head)
	return atlas.Sniff(head[:n]) == atlas.LibGDX
}

// sniffable reports whether the data file d may be a frame list worth
// reading: an atlas extension, none, or a version-like one ("_v1.4"), and
// not larger than atlasCap.
func sniffable(d string, st fileStat) bool {
	if st.Size > atlasCap {
		return false
	}
	ext := strings.ToLower(path.Ext(d))
	if ext == "" || slices.Contains(atlasExts, ext) {
		return true
	}
	_, err := strconv.Atoi(ext[1:])
	return err == nil
}

// folder is what readFolder found in one folder: its subfolders to read,
// the PNGs cfg includes with their stat data, the other files (possible
// atlas data files) with the stat data of those that are regular files,
// and what it left out, as paths relative to the asset root.
type folder struct {
	dirs, data      []string
	pngs            []statted
	dataStat        map[string]fileStat
	excluded        []string
	outputs, hidden []skipped
}

// statted is a file's path with its stat data, if it is a regular file.
type statted struct {
	rel string
	st  fileStat
	ok  bool
}

// skipped is a folder or file left out, with the number of files in it.
type skipped struct {
	dir   string
	files int
}

// readFolder reads the folder rel of dir, leaving out hidden entries,
// the folder skip (with stat data skipInfo, nil when unknown) and output
// folders, and takes the stat data of the files it keeps, by name in the
// open folder.
func readFolder(dir, rel, skip string, skipInfo os.FileInfo, cfg *config.Config, watch *changeWatch) (folder, error) {
	var f folder
	abs := filepath.Join(dir, filepath.FromSlash(rel))
	d, err := openDir(abs)
	if err != nil {
		return f, err
	}
	defer d.close()
	prefix := rel + "/" // rel is clean and a name holds no slash: no path.Join
	if rel == "." {
		prefix = ""
	}
	ls, err := d.list(prefix)
	if err != nil {
		return f, err
	}
	ls.sort()
	// A subfolder is looked at from inside, by its own listing and open
	// handle, which costs no path lookups: whether it is the output
	// folder or holds a library.
	if rel != "." && outputFolder(d, ls, skip, skipInfo) {
		f.outputs = append(f.outputs, skipped{rel, countFiles(abs)})
		return f, nil
	}
	for _, p := range ls.dirs {
		if name := p[len(prefix):]; !strings.HasPrefix(name, ".") {
			f.dirs = append(f.dirs, p)
		} else if sub := filepath.Join(abs, name); hiddenOutput(sub, skip, skipInfo) {
			f.outputs = append(f.outputs, skipped{p, countFiles(sub)})
		} else {
			f.hidden = append(f.hidden, skipped{p, countFiles(sub)})
		}
	}
	f.pngs = make([]statted, 0, len(ls.files))
	for _, p := range ls.files {
		name := p[len(prefix):]
		switch {
		case strings.HasPrefix(name, "."):
			f.hidden = append(f.hidden, skipped{p, 1})
		case pngName(name):
			if cfg.Included(p) {
				st, ok := d.regular(name)
				f.pngs = append(f.pngs, statted{p, st, ok})
				watch.saw(st)
			} else {
				f.excluded = append(f.excluded, p)
			}
		default:
			f.data = append(f.data, p)
			if st, ok := d.regular(name); ok {
				watch.saw(st)
				if f.dataStat == nil {
					f.dataStat = map[string]fileStat{}
				}
				f.dataStat[p] = st
			}
		}
	}
	return f, nil
}

// pngName reports whether a file's name ends in .png, in any case.
func pngName(name string) bool {
	return len(name) >= 4 && name[len(name)-4] == '.' && strings.EqualFold(name[len(name)-3:], "png")
}

// listing is what a folder holds: the paths of its subfolders (not links
// to them) and of its other entries, each prefix and a name.
type listing struct {
	prefix      string
	dirs, files []string
}

// sort sorts the paths as plain strings, without a function to compare
// with: in the order of their names, as they share the prefix.
func (ls listing) sort() {
	slices.Sort(ls.dirs)
	slices.Sort(ls.files)
}

// has reports whether the sorted folder holds an entry named name.
func (ls listing) has(name string) bool {
	byName := func(p, name string) int { return strings.Compare(p[len(ls.prefix):], name) }
	_, dir := slices.BinarySearchFunc(ls.dirs, name, byName)
	_, file := slices.BinarySearchFunc(ls.files, name, byName)
	return dir || file
}

// outputFolder reports whether the open folder d, listed and sorted as
// ls, is the folder skip (stat data skipInfo, nil when unknown) or holds
// a library.
func outputFolder(d openFolder, ls listing, skip string, skipInfo os.FileInfo) bool {
	return skip != "" && sameDir(d, skip, skipInfo) || holdsOutput(d.abs, ls)
}

// hiddenOutput reports whether the hidden folder at p is an output
// folder (see outputFolder), which is counted as one.
func hiddenOutput(p, skip string, skipInfo os.FileInfo) bool {
	d, err := openDir(p)
	if err != nil {
		return false
	}
	defer d.close()
	ls, err := d.list("")
	ls.sort()
	return err == nil && outputFolder(d, ls, skip, skipInfo)
}

// holdsOutput reports whether the folder at p, listed and sorted as ls,
// holds a shapegen library: the manifest or the cache a build writes, or
// a shapes.json whose format is shapegen/v1.
func holdsOutput(p string, ls listing) bool {
	if ls.has(ManifestFile) || ls.has(CacheDir) {
		return true
	}
	if !ls.has("shapes.json") {
		return false
	}
	f, err := os.Open(filepath.Join(p, "shapes.json"))
	if err != nil {
		return false
	}
	defer f.Close()
	head := make([]byte, 256)
	n, _ := io.ReadFull(f, head)
	return strings.Contains(string(head[:n]), `"format": "shapegen/v1"`)
}

// countFiles returns the number of files under the folder p.
func countFiles(p string) int {
	n := 0
	filepath.WalkDir(p, func(_ string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			n++
		}
		return nil
	})
	return n
}

// sameDir reports whether the open folder d is the folder skip (stat
// data skipInfo, nil when unknown); both paths are clean.
func sameDir(d openFolder, skip string, skipInfo os.FileInfo) bool {
	return d.abs == skip || skipInfo != nil && d.same(skipInfo)
}
