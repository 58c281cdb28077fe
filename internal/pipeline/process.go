package pipeline

import (
	"bytes"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"image"
	"image/png"
	"io"
	"os"
	"path"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"unicode"
	"unicode/utf8"

	"github.com/shapegen/shapegen/collide"
	"github.com/shapegen/shapegen/export"
	"github.com/shapegen/shapegen/export/preview"
	"github.com/shapegen/shapegen/internal/atlas"
	"github.com/shapegen/shapegen/internal/config"
	"github.com/shapegen/shapegen/internal/plural"
	"github.com/shapegen/shapegen/internal/pngmask"
	"github.com/shapegen/shapegen/internal/slice"
	"github.com/shapegen/shapegen/mask"
)

// worker processes images; it is shared by the goroutines of a build.
type worker struct {
	opts  *Options
	cache *store
	// sums memoizes settingsSum by config.Config.Signature.
	mu   sync.Mutex
	sums map[string]sum16
	// tileBytes is the memory the kept contact-sheet tiles take.
	tileBytes atomic.Int64
	// claims says, by sprite name, whose preview files are written.
	claimMu sync.Mutex
	claims  map[string]*previewClaim
	// shared holds the records of sprites by mask key and settings, for
	// computeOnce, and likes the most recent of them that repeated, read.
	shared memo[[]byte]
	likes  memo[*export.RecordLike]
}

// previewClaim records which sprite of a name has written the name's
// preview files. Two sprites with one name are a failure, and the library
// keeps the first in path order; the files must show that one, whichever
// worker gets there first.
type previewClaim struct {
	mu    sync.Mutex // held while the files are written
	rel   string     // the image of the sprite that wrote them
	frame int        // and its index among that image's sprites
}

// claimPreview reports whether the sprite of image rel and index frame
// named name may write the name's preview files: no sprite before it in
// path order has. When it may, the files are its until it calls release.
func (w *worker) claimPreview(name, rel string, frame int) (release func(), ok bool) {
	w.claimMu.Lock()
	c := w.claims[name]
	if c == nil {
		if w.claims == nil {
			w.claims = map[string]*previewClaim{}
		}
		c = &previewClaim{rel: rel, frame: frame}
		w.claims[name] = c
	}
	w.claimMu.Unlock()
	c.mu.Lock()
	if c.rel < rel || c.rel == rel && c.frame < frame {
		c.mu.Unlock()
		return nil, false
	}
	c.rel, c.frame = rel, frame
	return c.mu.Unlock, true
}

// tileBudget is the most memory a build keeps contact-sheet tiles in
// (the corpus' 1,139 take about 23 MB); the tiles of further sprites are
// drawn at the end from their 1x images instead. Tests change it.
var tileBudget int64 = 64 << 20

// tile returns sp's contact-sheet tile over its upright frame pixels px
// (mask m in its own space), or nil when the tiles kept so far fill the budget.
func (w *worker) tile(px image.Image, m *mask.Mask, sp *export.Sprite, threshold int) image.Image {
	if w.tileBytes.Load() >= tileBudget {
		return nil
	}
	opt := tileOptions(threshold)
	opt.Mask = m
	t := preview.Tile(px, sp, opt, 0)
	if w.tileBytes.Add(int64(len(t.Pix))) > tileBudget {
		return nil
	}
	return t
}

// settings returns the effective settings of image rel and their digest.
func (w *worker) settings(rel string) (config.Sprite, sum16) {
	cfg := &w.opts.Config
	sig := cfg.Signature(rel)
	set := cfg.For(rel)
	w.mu.Lock()
	defer w.mu.Unlock()
	sum, ok := w.sums[sig]
	if !ok {
		sum = settingsSum(set, cfg.MaxPixels)
		w.sums[sig] = sum
	}
	return set, sum
}

// process computes the sprites of one image, from the cache when it can,
// and stores their record. A failure of the image or its sprites is in
// the outcome; the error is for the build as a whole (the cache cannot be
// written).
func (w *worker) process(src source) (outcome, error) {
	set, sum := w.settings(src.rel)
	fail := func(err error) (outcome, error) { return outcome{entry: &entry{}, fails: []string{err.Error()}}, nil }
	st, err := w.stat(src)
	if err != nil {
		return fail(err)
	}
	if e, ok := w.cache.lookupStat(src, st, sum); ok && w.previewsExist(e.Facts) {
		return outcome{entry: e, key: e.Key, fails: failsOf(e.Facts)}, nil
	}
	imgData, data, err := w.read(src, readBufs.get())
	defer func() { readBufs.put(imgData) }()
	if err != nil {
		return fail(err)
	}
	key := contentKey(sum, src, imgData, data)
	if e, ok := w.cache.lookupKey(key); ok && w.previewsExist(e.Facts) {
		e.Stat = st
		return outcome{entry: &e, key: key, fails: failsOf(e.Facts)}, nil
	}
	o, sprites := w.compute(src, set, imgData, data)
	if sprites == nil {
		return o, nil
	}
	l, err := w.cache.put(key, sprites)
	if err != nil {
		return outcome{}, err
	}
	o.key = key
	o.entry.Loc = l
	if len(o.fails) == len(failsOf(o.entry.Facts)) { // only verification failures: deterministic, cacheable
		o.entry.Stat, o.entry.Settings, o.entry.Key = st, sum, key
	}
	return o, nil
}

// compute decodes image src (its bytes img, its atlas file's data) and
// computes its sprites: the outcome with their facts and failures, and
// their record forms (export.AppendRecord); nil when the image gave no sprites
// (it failed).
func (w *worker) compute(src source, set config.Sprite, imgData, data []byte) (outcome, [][]byte) {
	cfg := &w.opts.Config
	fail := func(err error) (outcome, [][]byte) {
		return outcome{entry: &entry{}, fails: []string{err.Error()}}, nil
	}
	frames, bad, declared, err := w.frames(src, set, data, imgData)
	if err != nil {
		return fail(err)
	}
	// Without previews the shapes need only the alpha mask, decoded
	// straight from the PNG; previews need the pixels.
	var pix framePixels
	if cfg.Preview {
		img, err := decode(src.rel, imgData, cfg.MaxPixels)
		if err != nil {
			return fail(err)
		}
		pix = imagePixels{img, set.AlphaThreshold}
	} else {
		m, _, err := pngmask.Decode(imgData, uint8(set.AlphaThreshold), cfg.MaxPixels)
		if err != nil {
			return fail(fmt.Errorf("%s: corrupt PNG: %v", quoted(src.rel), err))
		}
		pix = maskPixels{m}
	}
	if w.opts.decoded != nil {
		w.opts.decoded(src.rel)
	}
	var sliced []string // what auto-slicing did, for the image's first sprite
	if frames == nil && set.Slice != config.SliceNone {
		frames, sliced = autoSlice(src.rel, set, pix.whole())
	}
	o := outcome{entry: &entry{}, decoded: true, fails: bad}
	var sprites [][]byte
	var computed []export.Sprite
	var file []byte // the sprite's own 1x image, when it is the whole file
	if frames == nil {
		file = imgData
	}
	var alphas image.Image // the image, decoded again only for an empty sprite's message
	_, sum := w.settings(src.rel)
	outside := eachFrame(src, pix, frames, func(name string, f atlas.Frame, px image.Image, m *mask.Mask) {
		key := maskKey(m, f)
		sp, rec, like := w.computeOnce(name, src.rel, f, m, set, [2]sum16{sum, key})
		// Checked as a reader would, here on all cores, so that the
		// library's writers meet no sprite they refuse; the record holds
		// the sprite (see export.AppendRecord).
		if err := sp.Check(); err != nil {
			o.fails = append(o.fails, fmt.Sprintf("%s: %v", name, err))
			return
		}
		if cfg.Preview {
			o.preview(w, name, src.rel, len(computed), px, m, file, &sp, set.AlphaThreshold)
		}
		o.fails = append(o.fails, violations(&sp)...)
		fa := factOf(&sp)
		if sp.Pixels > 0 {
			fa.MaskKey = key
		}
		fa.Anims = declared[f.Name]
		if set.Animation != "" {
			fa.Anims = append(fa.Anims, animRef{Name: set.Animation, Pos: len(computed)})
		}
		if sp.Pixels == 0 {
			if alphas == nil {
				alphas, _ = png.Decode(bytes.NewReader(imgData))
			}
			if n := emptyNote(name, set.AlphaThreshold, highestAlpha(alphas, f)); n != "" {
				fa.Notes = append(fa.Notes, n)
			}
		}
		if len(o.entry.Facts) == 0 {
			fa.Notes = append(sliced, fa.Notes...)
		}
		o.entry.Facts = append(o.entry.Facts, fa)
		computed = append(computed, sp)
		if rec == nil {
			rec = export.AppendRecordLike(nil, &sp, like)
		}
		sprites = append(sprites, rec)
	})
	o.fails = append(o.fails, outside...)
	if sprites == nil {
		sprites = [][]byte{}
	}
	return o, sprites
}

// framePixels is a decoded image: its size, and each frame's upright
// pixels (nil when only the mask was decoded) and sprite mask.
type framePixels interface {
	size() image.Point
	// whole returns the mask of the whole image.
	whole() *mask.Mask
	frame(f atlas.Frame) (image.Image, *mask.Mask, error)
}

// imagePixels is a decoded image and the alpha threshold.
type imagePixels struct {
	img       image.Image
	threshold int
}

func (p imagePixels) size() image.Point { return p.img.Bounds().Size() }

func (p imagePixels) whole() *mask.Mask { return mask.FromImage(p.img, uint8(p.threshold)) }

func (p imagePixels) frame(f atlas.Frame) (image.Image, *mask.Mask, error) {
	px, err := upright(p.img, f)
	if err != nil {
		return nil, nil, err
	}
	return px, placed(mask.FromImage(px, uint8(p.threshold)), f), nil
}

// maskPixels is an image decoded to its mask alone.
type maskPixels struct{ m *mask.Mask }

func (p maskPixels) size() image.Point { return p.m.Size() }

func (p maskPixels) whole() *mask.Mask { return p.m }

func (p maskPixels) frame(f atlas.Frame) (image.Image, *mask.Mask, error) {
	if r := f.Rect; !r.In(image.Rectangle{Max: p.m.Size()}) {
		return nil, nil, fmt.Errorf("frame %q at %v is outside the %dx%d image", f.Name, r, p.m.Width(), p.m.Height())
	}
	var up *mask.Mask
	switch {
	case f.Turn == atlas.Upright && f.Rect == image.Rectangle{Max: p.m.Size()}:
		up = p.m // the whole image (no mask is changed once made)
	case f.Turn == atlas.Upright:
		up = p.m.Sub(f.Rect)
	default:
		s := f.Upright()
		up = mask.New(s.X, s.Y)
		for y := range s.Y {
			for x := range s.X {
				if q := f.Stored(x, y); p.m.Get(q.X, q.Y) {
					up.Set(x, y, true)
				}
			}
		}
	}
	return nil, placed(up, f), nil
}

// placed returns the upright frame mask m in the sprite's own, untrimmed
// space of f.Size, the frame at f.Offset.
func placed(m *mask.Mask, f atlas.Frame) *mask.Mask {
	if f.Offset == (image.Point{}) && m.Size() == f.Size {
		return m
	}
	full := mask.New(f.Size.X, f.Size.Y)
	full.Draw(m, f.Offset.X, f.Offset.Y)
	return full
}

// highestAlpha returns the highest 8-bit alpha of frame f of img (0 when
// img is nil).
func highestAlpha(img image.Image, f atlas.Frame) int {
	if img == nil {
		return 0
	}
	hi := 0
	r := f.Rect.Add(img.Bounds().Min).Intersect(img.Bounds())
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			_, _, _, a := img.At(x, y).RGBA()
			hi = max(hi, int(a>>8))
		}
	}
	return hi
}

// emptyNote says why the sprite called name has no opaque pixel when it
// has some that are not fully transparent, and which setting to change;
// "" when it is transparent all over.
func emptyNote(name string, threshold, highest int) string {
	if highest == 0 {
		return ""
	}
	return fmt.Sprintf("%s: no pixel reaches alpha_threshold %d (highest alpha %d); lower alpha_threshold for this glob", name, threshold, highest)
}

// preview writes the preview files of sprite sp, the next of image rel
// (named name, upright pixels px, mask m in its own space; file holds the
// image's bytes when the sprite is the whole file) unless a sprite of the
// same name before it has, and keeps its contact-sheet tile.
func (o *outcome) preview(w *worker, name, rel string, frame int, px image.Image, m *mask.Mask, file []byte, sp *export.Sprite, threshold int) {
	release, ok := w.claimPreview(name, rel, frame)
	if !ok {
		return
	}
	err := writePreview(w.opts.Out, px, m, file, sp, threshold)
	release()
	if err != nil {
		o.fails = append(o.fails, fmt.Sprintf("%s: preview: %v", name, err))
		return
	}
	if tile := w.tile(px, m, sp, threshold); tile != nil {
		if o.tiles == nil {
			o.tiles = map[string]image.Image{}
		}
		o.tiles[name] = tile
	}
}

// maskAndFrames reads src's image and its frame data from the folder
// and decodes the image straight to its alpha mask, with the frames the
// build cuts from it: an atlas's or grid's, else auto-slicing's. The
// verifier and the animation pass use it so that they see the frames
// the build saw. bad lists the frames that cannot be built.
func (w *worker) maskAndFrames(src source, set config.Sprite) (m *mask.Mask, frames []atlas.Frame, bad []string, err error) {
	m, frames, bad, _, err = w.maskFramesAnims(src, set)
	return m, frames, bad, err
}

// maskFramesAnims is maskAndFrames with the animations the atlas
// declares, by frame name, as frames returns them.
func (w *worker) maskFramesAnims(src source, set config.Sprite) (m *mask.Mask, frames []atlas.Frame, bad []string, declared map[string][]animRef, err error) {
	img, data, err := w.read(src, nil)
	if err != nil {
		return nil, nil, nil, nil, err
	}
	if frames, bad, declared, err = w.frames(src, set, data, img); err != nil {
		return nil, nil, nil, nil, err
	}
	if m, _, err = pngmask.Decode(img, uint8(set.AlphaThreshold), w.opts.Config.MaxPixels); err != nil {
		return nil, nil, nil, nil, fmt.Errorf("%s: corrupt PNG: %v", quoted(src.rel), err)
	}
	if frames == nil && set.Slice != config.SliceNone {
		frames, _ = autoSlice(src.rel, set, m)
	}
	return m, frames, bad, declared, nil
}

// frames returns the frames of src (its image's bytes img): its grid, its
// atlas, or nil for a plain sprite. The image's header is checked against
// max_pixels before a grid is cut, and every frame's untrimmed size before
// anything is allocated for it: a frame past the limits is a failure of
// its own (in bad), the others go on.
func (w *worker) frames(src source, set config.Sprite, data, img []byte) (frames []atlas.Frame, bad []string, declared map[string][]animRef, err error) {
	maxPixels := w.opts.Config.MaxPixels
	hdr, err := pngmask.DecodeConfig(img)
	if err != nil {
		return nil, nil, nil, fmt.Errorf("%s: not a valid PNG: %v", quoted(src.rel), err)
	}
	if err := sizeProblem(hdr.Width, hdr.Height, maxPixels); err != "" {
		return nil, nil, nil, fmt.Errorf("%s: image %s", quoted(src.rel), err)
	}
	if g := set.Grid; g != nil {
		fs := atlas.GridFrames(hdr.Width, hdr.Height, g.CellWidth, g.CellHeight, g.Margin, g.Spacing)
		if len(fs) == 0 {
			return nil, nil, nil, fmt.Errorf("%s: grid cells %dx%d do not fit the %dx%d image", quoted(src.rel), g.CellWidth, g.CellHeight, hdr.Width, hdr.Height)
		}
		return fs, nil, nil, nil
	}
	if src.data == "" {
		return nil, nil, nil, nil
	}
	a, problems, err := decodeAtlas(src, data, image.Pt(hdr.Width, hdr.Height), maxPixels)
	if err != nil {
		return nil, nil, nil, err
	}
	page := pageIndex(a, src)
	for _, p := range problems {
		// Each page's build reports its own entries' problems; those of
		// the file as a whole are said by every page's.
		if p.Page < 0 || p.Page == page || len(a.Pages) == 1 {
			bad = append(bad, p.Error())
		}
	}
	var stored []atlas.Frame
	if page >= 0 {
		stored = a.Pages[page].Frames
	}
	for _, f := range stored {
		if why := frameProblem(f, maxPixels); why != "" {
			bad = append(bad, fmt.Sprintf("%s: frame %q %s", quoted(src.data), f.Name, why))
			continue
		}
		frames = append(frames, f)
	}
	if frames == nil {
		frames = []atlas.Frame{} // an atlas of bad frames has no sprite, not the whole image
	}
	if set.AtlasAnimations {
		stem := atlas.CleanName(src.rel)
		for _, an := range a.Animations {
			for pos, i := range an.Frames {
				if i >= 0 && i < len(a.Frames) {
					if declared == nil {
						declared = map[string][]animRef{}
					}
					name := a.Frames[i].Name
					declared[name] = append(declared[name], animRef{Name: stem + "/" + an.Name, Pos: pos})
				}
			}
		}
	}
	return frames, bad, declared, nil
}

// decodeAtlas decodes src's atlas data file, checking the frames of
// src's own page against src's image size: those of the other pages
// are checked when their images are built. A single page is src's page
// whatever image it names (see pageIndex).
func decodeAtlas(src source, data []byte, size image.Point, maxPixels int64) (*atlas.Atlas, []atlas.Problem, error) {
	opt := atlas.Options{MaxPixels: maxPixels}
	checked := false
	opt.ImageSize = func(page string) (image.Point, bool) {
		if page == "" || samePage(page, src) {
			checked = true
			return size, true
		}
		return image.Point{}, false
	}
	a, problems, err := atlas.Decode(src.data, data, opt)
	if err == nil && !checked && len(a.Pages) == 1 {
		// The only page names another image (an atlases: entry or the
		// file name tied it to src): read again, checked against src.
		opt.ImageSize = func(string) (image.Point, bool) { return size, true }
		a, problems, err = atlas.Decode(src.data, data, opt)
	}
	return a, problems, err
}

// pageIndex returns the index of the page of a stored in src's image: the
// page that names it (by base name), or the only page; -1 when none.
func pageIndex(a *atlas.Atlas, src source) int {
	if len(a.Pages) == 1 {
		return 0
	}
	for i, pg := range a.Pages {
		if samePage(pg.Image, src) {
			return i
		}
	}
	return -1
}

// samePage reports whether the page image a data file names is src's
// image: the same base name.
func samePage(page string, src source) bool {
	return path.Base(strings.ReplaceAll(page, `\`, "/")) == path.Base(src.rel)
}

// sizeProblem says why an image or frame of w x h pixels is refused, or
// "": more than maxPixels pixels, or a bit mask whose rows, 64 pixels to
// a word, would hold more than 2 x maxPixels pixels (a 1-pixel-wide strip
// would cost 8 bytes a pixel). So a sprite's mask takes at most
// maxPixels/4 bytes.
func sizeProblem(w, h int, maxPixels int64) string {
	n := int64(w) * int64(h)
	padded := (int64(w) + 63) / 64 * 64 * int64(h)
	switch {
	case n > maxPixels:
		return fmt.Sprintf("is %dx%d = %d pixels, over the limit of %d (max_pixels)", w, h, n, maxPixels)
	case padded > 2*maxPixels:
		return fmt.Sprintf("is %dx%d: as a mask, 64 pixels a row word, that is %d pixels, over twice the limit of %d (max_pixels); turn the strip into a sheet", w, h, padded, maxPixels)
	}
	return ""
}

// frameProblem says why frame f cannot be built, or "": its untrimmed size
// over max_pixels, or its trimmed rectangle not inside the untrimmed size
// at its offset.
func frameProblem(f atlas.Frame, maxPixels int64) string {
	w, h := f.Upright().X, f.Upright().Y
	switch {
	case f.Size.X < 0 || f.Size.Y < 0 || w < 0 || h < 0:
		return "has a negative size"
	case sizeProblem(f.Size.X, f.Size.Y, maxPixels) != "":
		return "untrimmed " + sizeProblem(f.Size.X, f.Size.Y, maxPixels)
	case f.Offset.X < 0 || f.Offset.Y < 0 || f.Offset.X+w > f.Size.X || f.Offset.Y+h > f.Size.Y:
		return fmt.Sprintf("at offset %v with size %dx%d does not fit its untrimmed size %dx%d", f.Offset, w, h, f.Size.X, f.Size.Y)
	}
	return ""
}

// eachFrame calls fn with the sprite name, frame, upright pixels (nil
// when pix has only the mask) and sprite mask of every frame of src's
// decoded image pix (the whole image when frames is nil), in frame order.
// It returns a failure line for each frame that lies outside the image.
func eachFrame(src source, pix framePixels, frames []atlas.Frame, fn func(name string, f atlas.Frame, px image.Image, m *mask.Mask)) []string {
	if frames == nil {
		frames = []atlas.Frame{{Rect: image.Rectangle{Max: pix.size()}, Size: pix.size()}}
	}
	var fails []string
	stem := atlas.CleanName(src.rel) // sprite names never hold what the file name may
	for _, f := range frames {
		name := stem
		if f.Name != "" {
			name = stem + "/" + f.Name
		}
		px, m, err := pix.frame(f)
		if err != nil {
			fails = append(fails, fmt.Sprintf("%s: %v", quoted(src.rel), err))
			continue
		}
		fn(name, f, px, m)
	}
	return fails
}

// decode decodes a PNG, refusing before decoding one whose header
// announces more than maxPixels pixels. The header is read by pngmask, as
// the build reads it everywhere: image/png refuses a header whose image
// would not fit an int (on 32-bit platforms) without naming its size.
func decode(rel string, data []byte, maxPixels int64) (image.Image, error) {
	hdr, err := pngmask.DecodeConfig(data)
	if err != nil {
		return nil, fmt.Errorf("%s: not a valid PNG: %v", quoted(rel), err)
	}
	if err := sizeProblem(hdr.Width, hdr.Height, maxPixels); err != "" {
		return nil, fmt.Errorf("%s: image %s", quoted(rel), err)
	}
	img, err := png.Decode(bytes.NewReader(data))
	if err != nil {
		return nil, fmt.Errorf("%s: corrupt PNG: %v", quoted(rel), err)
	}
	return img, nil
}

// readBufs holds the workers' scratch buffers for image files: reusing
// them spares the garbage collector a file's worth of bytes per image.
var readBufs = bufPool{max: 16 << 20}

// atlasCap is the largest atlas data file read (64 MiB).
const atlasCap = 64 << 20

// imageCap is the largest PNG file read for an image limit of maxPixels:
// eight bytes a pixel (16-bit RGBA, stored uncompressed) and a filter byte
// a row, with 1 MiB for other chunks. A larger file cannot be an image
// within the limit.
func imageCap(maxPixels int64) int64 {
	return 8*maxPixels + maxPixels/8 + 1<<20
}

// readCapped reads the file rel under dir into buf's memory (grown as
// needed; what buf held is dropped) and returns it. Only a regular file is read (links are followed), and at
// most limit bytes of it: a named pipe, a device or a file past the limit
// is an error naming the file and the cause, without reading it. When the
// walk found the file regular (seen), it is not stat-ed again by its path
// before it is opened: the path lookup cost as much as the open.
func readCapped(dir, rel string, buf []byte, limit int64, seen bool) ([]byte, error) {
	p := filepath.Join(dir, filepath.FromSlash(rel))
	if !seen {
		fi, err := regular(p)
		if err != nil {
			return buf, fmt.Errorf("%s: %v", quoted(rel), err)
		}
		if fi.Size() > limit {
			return buf, overLimit(rel, fi.Size(), limit)
		}
	}
	// Opened without blocking, so that a file swapped for a named pipe
	// since the stat cannot hang the build; then checked again.
	f, err := openRead(p)
	if err != nil {
		return buf, fmt.Errorf("%s: %v", quoted(rel), unwrapPath(err))
	}
	defer f.Close()
	size, typ, err := f.stat()
	if err != nil {
		return buf, fmt.Errorf("%s: %v", quoted(rel), unwrapPath(err))
	}
	if typ != 0 {
		return buf, fmt.Errorf("%s: not a regular file (%s)", quoted(rel), kindOfFile(typ))
	}
	if size > limit {
		return buf, overLimit(rel, size, limit)
	}
	buf = buf[:0] // the reads below are bounded from its start
	if int64(cap(buf)) < size+1 {
		buf = make([]byte, 0, size+512)
	}
	for {
		if len(buf) == cap(buf) {
			buf = append(buf, 0)[:len(buf)]
		}
		// At most limit+1 bytes: one past the limit tells it is passed.
		n, err := f.Read(buf[len(buf):int(min(int64(cap(buf)), limit+1))])
		buf = buf[:len(buf)+n]
		if int64(len(buf)) > limit {
			return buf, fmt.Errorf("%s: file is over the limit of %d bytes for images of at most max_pixels", quoted(rel), limit)
		}
		if err == io.EOF {
			return buf, nil
		}
		if err != nil {
			return buf, fmt.Errorf("%s: %v", quoted(rel), unwrapPath(err))
		}
	}
}

// read reads src's image, into buf (grown as needed), and its atlas data
// file (nil when it has none), as readCapped does.
func (w *worker) read(src source, buf []byte) (img, data []byte, err error) {
	seen := src.stat != nil // the walk found both files regular
	img, err = readCapped(w.opts.Dir, src.rel, buf, imageCap(w.opts.Config.MaxPixels), seen)
	if err != nil || src.data == "" {
		return img, nil, err
	}
	data, err = readCapped(w.opts.Dir, src.data, nil, atlasCap, seen)
	return img, data, err
}

// overLimit is the error of file rel, size bytes, past limit.
func overLimit(rel string, size, limit int64) error {
	return fmt.Errorf("%s: file is %d bytes, over the limit of %d for images of at most max_pixels", quoted(rel), size, limit)
}

// stat returns the stat data of src's image and atlas file, as the walk
// saw them when it could, following links; an error names a file that
// is missing or not a regular file.
func (w *worker) stat(src source) (fileStat, error) {
	if src.stat != nil {
		return *src.stat, nil
	}
	fi, err := regular(filepath.Join(w.opts.Dir, filepath.FromSlash(src.rel)))
	if err != nil {
		return fileStat{}, fmt.Errorf("%s: %v", quoted(src.rel), err)
	}
	st := statOfInfo(fi)
	if src.data != "" {
		d, err := regular(filepath.Join(w.opts.Dir, filepath.FromSlash(src.data)))
		if err != nil {
			return fileStat{}, fmt.Errorf("%s: %v", quoted(src.data), err)
		}
		st = st.withData(statOfInfo(d))
	}
	return st, nil
}

// unwrapPath drops the path from an *os.PathError: the caller names the
// file already.
func unwrapPath(err error) error {
	var pe *os.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}

// failsOf returns the verification failures of the sprites of facts.
func failsOf(facts []fact) []string {
	var v []string
	for _, f := range facts {
		v = append(v, f.Fails...)
	}
	return v
}

func factOf(sp *export.Sprite) fact {
	q, ok := sp.Quality[collide.KindPolygon.String()]
	return fact{Name: sp.Name, Image: sp.Image, Pixels: sp.Pixels, PolygonFP: q.FPArea, HasPolygon: ok, Fails: violations(sp)}
}

// settingsSum returns a digest of the settings that shape an image's
// sprites.
func settingsSum(s config.Sprite, maxPixels int64) sum16 {
	b, _ := json.Marshal(struct {
		V string
		S config.Sprite
		M int64
	}{Version, s, maxPixels})
	h := sha256.Sum256(b)
	return sum16(h[:16])
}

// digest returns a SHA-256 of parts, each length-prefixed.
func digest(parts ...[]byte) sum32 {
	h := sha256.New()
	for _, part := range parts {
		var n [8]byte
		binary.LittleEndian.PutUint64(n[:], uint64(len(part)))
		h.Write(n[:])
		h.Write(part)
	}
	return sum32(h.Sum(nil))
}

// appendPart appends part to b length-prefixed: digest(a, b, ...) is the
// SHA-256 of appendPart(appendPart(nil, a), b)...
func appendPart[T string | []byte](b []byte, part T) []byte {
	return append(binary.LittleEndian.AppendUint64(b, uint64(len(part))), part...)
}

// contentKey returns the cache key of an image: its settings digest, path,
// atlas file and content.
func contentKey(settings sum16, src source, img, data []byte) sum32 {
	var hs [32]byte
	hex.Encode(hs[:], settings[:]) // as the keys have always been made
	return digest(hs[:], []byte(src.rel), []byte(src.data), data, img)
}

// quoted returns the file path or name s as it is, or Go-quoted when it
// holds a control character, a line or paragraph separator or bytes that
// are not UTF-8: a failure line stays one line, and a crafted file name
// cannot print a line of its own.
func quoted(s string) string {
	for _, r := range s {
		if unicode.IsControl(r) || r == utf8.RuneError || r == 0x2028 || r == 0x2029 {
			return strconv.Quote(s)
		}
	}
	return s
}

// autoSlice cuts the image rel (its mask m), which has no atlas file and no
// grids entry, as set.Slice says: by islands when asked; else (auto) by
// the cell size its file name states, or by regular transparent gutters,
// only when the evidence is clear. Cells without an opaque pixel are
// skipped, keeping the others' indexes. It returns the frames (nil: the
// image stays one sprite) and the lines to say: what it did, or, when the
// evidence is there but not clear, why not and which setting would slice
// the image. An image with no evidence at all gets no line.
func autoSlice(rel string, set config.Sprite, m *mask.Mask) ([]atlas.Frame, []string) {
	say := func(format string, a ...any) []string {
		return []string{quoted(rel) + ": " + fmt.Sprintf(format, a...)}
	}
	var r slice.Result
	switch {
	case set.Slice == config.SliceIslands:
		r = slice.Islands(m, slice.IslandOptions{MinSize: set.SliceMinSize, Merge: set.SliceMerge})
		if !r.Sliced() {
			return nil, say("not sliced by islands: %s", r.Why)
		}
	default:
		if _, _, ok := slice.NameSize(rel, m.Width(), m.Height()); ok {
			r = slice.ByName(rel, m.Width(), m.Height())
			if !r.Sliced() {
				return nil, say("not sliced: %s (or slice: none)", r.Why)
			}
		} else if r = slice.ByGutters(m); !r.Sliced() {
			if ok, why := slice.LooksLikeIslands(m); ok {
				return nil, say("not sliced: %s (slice: islands in an override for this glob)", why)
			}
			return nil, nil
		}
	}
	frames, skipped := slice.SkipEmpty(r.Frames, m)
	why := r.Why
	if skipped > 0 {
		why += fmt.Sprintf("; %s skipped", plural.Count(skipped, "empty cell"))
	}
	if frames == nil {
		frames = []atlas.Frame{}
	}
	return frames, say("%s (slice: none in an override keeps it one sprite)", why)
}

// animRef says that a sprite is the frame at Pos of the animation Name.
type animRef struct {
	Name string
	Pos  int
}

// maskKey returns a digest of sprite mask m and frame f's geometry (size,
// offset, stored size, turn): sprites with one key have the same shapes.
func maskKey(m *mask.Mask, f atlas.Frame) sum16 {
	h := sha256.New()
	var buf [512]byte // the bytes for h, written a bufferful at a time
	b := buf[:0]
	for _, v := range []int{m.Width(), m.Height(), f.Offset.X, f.Offset.Y, f.Rect.Dx(), f.Rect.Dy(), int(f.Turn)} {
		b = binary.AppendVarint(b, int64(v))
	}
	var words [16]uint64
	row := words[:0]
	for y := range m.Height() {
		row = m.AppendRow(row[:0], y)
		for _, w := range row {
			if len(b)+8 > len(buf) {
				h.Write(b)
				b = b[:0]
			}
			b = binary.LittleEndian.AppendUint64(b, w)
		}
	}
	h.Write(b)
	var sum [sha256.Size]byte
	return sum16(h.Sum(sum[:0])[:16])
}

// maxShared bounds the bytes of the records a build keeps to give
// sprites with the same mask (see computeOnce): some 20,000 sprites of
// the corpus's kind, where the sprites themselves took 3 to 4 kB each.
const maxShared = 24 << 20

// maxLikes bounds the repeated sprites a build keeps read (see
// computeOnce): the repeats of a mask mostly come close together, the
// frames of one sheet or copies of one file, which are of one size and
// so side by side in the build's order.
const maxLikes = 64

// computeOnce returns compute's sprite, reusing the shapes and figures of
// an earlier sprite of the build with the same mask, frame geometry and
// settings (key): frames of a sheet that repeat are computed once, and
// so are the same masks in different files, as long as the first's
// record is still kept (the most recent maxShared bytes of them). When it
// computed the sprite it also returns the record it kept (export.AppendRecord),
// which the image's record may hold as well: neither changes it. Else,
// for a repeat, it returns the first's record read (the parts of the
// sprite it shares, for export.AppendRecordLike), or nil.
func (w *worker) computeOnce(name, img string, f atlas.Frame, m *mask.Mask, set config.Sprite, key [2]sum16) (export.Sprite, []byte, *export.RecordLike) {
	if first := w.shared.get(key); first != nil {
		like := w.likes.get(key)
		sp, mine, ok := export.ReadRecordLike(first, false, like, like == nil)
		if ok {
			if mine != nil {
				s := sp
				mine.Sprite, like = &s, mine
				w.likes.put(key, like, 1, maxLikes)
			}
			sp.Name, sp.Image = name, img
			sp.Frame = export.Frame{X: f.Rect.Min.X, Y: f.Rect.Min.Y, W: f.Rect.Dx(), H: f.Rect.Dy()}
			sp.Pivot = pivotOf(set, f)
			return sp, nil, like
		}
	}
	sp := compute(name, img, f, m, set)
	if sp.Pixels == 0 {
		return sp, nil, nil
	}
	rec := export.AppendRecord(nil, &sp)
	w.shared.put(key, rec, len(rec), maxShared)
	return sp, rec, nil
}

// memo holds values by key, the oldest first to go once their sizes
// pass a bound; it may be used from several goroutines at once.
type memo[V any] struct {
	mu    sync.Mutex
	vals  map[[2]sum16]sized[V]
	order [][2]sum16 // the keys, oldest first
	size  int
}

// sized is a value of a memo with its size.
type sized[V any] struct {
	v V
	n int
}

func (c *memo[V]) get(k [2]sum16) V {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.vals[k].v
}

// put keeps v, of size n, under k, then lets go the oldest until the
// sizes of those kept add up to at most max.
func (c *memo[V]) put(k [2]sum16, v V, n, max int) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.vals == nil {
		c.vals = map[[2]sum16]sized[V]{}
	}
	if _, ok := c.vals[k]; ok {
		return // computed twice at once: the first is kept
	}
	c.vals[k] = sized[V]{v, n}
	c.order = append(c.order, k)
	c.size += n
	for c.size > max && len(c.order) > 0 {
		old := c.order[0]
		c.order = c.order[1:]
		c.size -= c.vals[old].n
		delete(c.vals, old)
	}
}

// clear lets go of everything kept.
func (c *memo[V]) clear() {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.vals, c.order, c.size = nil, nil, 0
}
