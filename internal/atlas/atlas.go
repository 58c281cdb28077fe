package atlas

import (
	"errors"
	"fmt"
	"image"
	"math"
	"path"
	"sort"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Turn says how a frame was turned when it was packed. The upright sprite
// is the stored rectangle turned back; Frame.Stored says where each upright
// pixel lies in the image.
type Turn uint8

const (
	// Upright frames are stored as drawn.
	Upright Turn = iota
	// Clockwise frames were turned a quarter turn clockwise (on screen,
	// y down): the sprite's top-left pixel is the stored rectangle's
	// top-right one. TexturePacker, Starling, Cocos2d and Aseprite "rotated"
	// frames are stored so; it is DESIGN.md's `rotated: true`.
	Clockwise
	// HalfTurn frames were turned half a turn.
	HalfTurn
	// CounterClockwise frames were turned a quarter turn counter-clockwise:
	// the sprite's top-left pixel is the stored rectangle's bottom-left one.
	// libGDX "rotate: true" and Spine "rotate: 90" regions are stored so.
	CounterClockwise
)

// String returns the turn's name as used in messages.
func (t Turn) String() string {
	switch t {
	case Upright:
		return "upright"
	case Clockwise:
		return "clockwise"
	case HalfTurn:
		return "half turn"
	case CounterClockwise:
		return "counter-clockwise"
	}
	return "Turn(" + strconv.Itoa(int(t)) + ")"
}

// quarter reports whether t swaps width and height.
func (t Turn) quarter() bool { return t == Clockwise || t == CounterClockwise }

// Frame is one sprite of a sheet or atlas. All its coordinates are whole
// pixels with the image conventions: origin at the top-left, y down, and
// rectangles with Min inclusive and Max exclusive.
type Frame struct {
	// Name is the frame's cleaned name (see CleanName), without extension.
	Name string
	// Rect is the frame's rectangle in the image as stored: for a quarter
	// turn its width is the sprite's height and vice versa.
	Rect image.Rectangle
	// Turn says how the frame was turned when packed; Stored turns it back.
	Turn Turn
	// Offset is where the upright stored frame's top-left lies inside the
	// untrimmed sprite; zero for an untrimmed frame.
	Offset image.Point
	// Size is the untrimmed sprite's size. Offset plus Upright() lies
	// inside it, and Size.X*Size.Y is within Options.MaxPixels.
	Size image.Point
	// Pivot is the pivot the atlas gives, as a point (not a pixel index)
	// in the untrimmed sprite's coordinates: (0, 0) is the sprite's
	// top-left corner and Size its bottom-right one. nil when the atlas
	// gives none.
	Pivot *[2]float64
}

// Upright returns the size of the stored frame once turned back: Rect's
// size, swapped for a quarter turn.
func (f Frame) Upright() image.Point {
	s := f.Rect.Size()
	if f.Turn.quarter() {
		return image.Pt(s.Y, s.X)
	}
	return s
}

// Stored returns the image pixel that holds pixel (x, y) of the upright
// stored frame, for 0 <= x < Upright().X and 0 <= y < Upright().Y. With
// r = Rect, the four turns give
//
//	Upright:          (r.Min.X + x,          r.Min.Y + y)
//	Clockwise:        (r.Min.X + r.Dx()-1-y, r.Min.Y + x)
//	HalfTurn:         (r.Max.X-1-x,          r.Max.Y-1-y)
//	CounterClockwise: (r.Min.X + y,          r.Min.Y + r.Dy()-1-x)
//
// The untrimmed sprite's pixel (x, y) is the upright frame's pixel
// (x, y) - Offset.
func (f Frame) Stored(x, y int) image.Point {
	r := f.Rect
	switch f.Turn {
	case Clockwise:
		return image.Pt(r.Min.X+r.Dx()-1-y, r.Min.Y+x)
	case HalfTurn:
		return image.Pt(r.Max.X-1-x, r.Max.Y-1-y)
	case CounterClockwise:
		return image.Pt(r.Min.X+y, r.Min.Y+r.Dy()-1-x)
	}
	return image.Pt(r.Min.X+x, r.Min.Y+y)
}

// Page is one image of an atlas and the frames stored in it.
type Page struct {
	// Image is the image file as the data file names it (imagePath,
	// meta.image, textureFileName, a libGDX page line), or "" when it
	// names none. It is not cleaned: resolve it against the data file's
	// folder and keep it there.
	Image string
	// Size is the page size the data file states, zero when it states
	// none. It is informational: the image's own header is what frames
	// are checked against (Options.ImageSize).
	Size image.Point
	// Frames are the page's frames, a part of Atlas.Frames (its capacity
	// clipped, so appending copies).
	Frames []Frame
}

// Animation is a named sequence of frames that the atlas declares: an
// Aseprite tag, a libGDX region name with indexes, a list line with a
// frame count.
type Animation struct {
	// Name is the animation's name, cleaned like a frame name but keeping
	// any dot (see CleanName).
	Name string
	// Frames are indexes into Atlas.Frames, first to last. Frames that
	// had a problem are left out.
	Frames []int
	// Direction is how the frames play: "forward", "reverse", "pingpong"
	// or "pingpong_reverse" (Aseprite's names); "forward" unless the atlas
	// says otherwise.
	Direction string
}

// Slice is a named rectangle that an Aseprite file keys over its frames
// (meta.slices); the 9-slice centre is ignored.
type Slice struct {
	Name string
	// Keys are in frame order. A key applies from its Frame (an index into
	// Atlas.Frames) up to the next key's, the last one to the last frame.
	Keys []SliceKey
}

// SliceKey is a slice's rectangle from one frame on.
type SliceKey struct {
	Frame int
	// Bounds is the slice's rectangle in the untrimmed sprite's pixels.
	Bounds image.Rectangle
	// Pivot is the slice's pivot as a point in the untrimmed sprite's
	// coordinates (Aseprite stores it relative to Bounds.Min; it is
	// converted), or nil.
	Pivot *[2]float64
}

// Atlas is a parsed frame list.
type Atlas struct {
	// Format is the format the file was read as.
	Format Format
	// Image is the first page's image, for callers of single-page formats.
	Image string
	// Frames are every good frame, page by page, each page in file order
	// (TexturePacker's hash form by name, as a hash has no order).
	Frames []Frame
	// Pages group Frames by image. Single-page formats have one page.
	Pages []Page
	// Animations are the animations the atlas declares, in file order.
	Animations []Animation
	// Slices are an Aseprite file's slices, in file order.
	Slices []Slice
}

// Problem is one bad entry of a data file: the entry is left out and the
// others are kept. It is an error, so a caller can return or wrap it.
type Problem struct {
	// File is the data file's name as given to Decode.
	File string
	// Line is the entry's 1-based line in the file (after a UTF-16 file
	// is converted), or 0 when it is not known.
	Line int
	// Frame is the entry's name as written, or "" when it has none.
	Frame string
	// Cause says what is wrong, in plain words.
	Cause string
	// Page is the index in Atlas.Pages of the page holding the entry, or
	// -1 for a problem of the file as a whole (an animation, the frame
	// limit, a line before the first page): a caller that builds one page
	// at a time reports each problem once.
	Page int
}

// Error returns `file:line: frame "name": cause`, leaving out the line or
// the frame when it is not known.
func (p Problem) Error() string {
	var b strings.Builder
	b.WriteString(p.File)
	if p.Line > 0 {
		b.WriteString(":" + strconv.Itoa(p.Line))
	}
	b.WriteString(": ")
	if p.Frame != "" {
		b.WriteString("frame " + strconv.Quote(p.Frame) + ": ")
	}
	b.WriteString(p.Cause)
	return b.String()
}

// DefaultMaxPixels is the default Options.MaxPixels: shapegen.yaml's
// max_pixels default, 8192 x 8192.
const DefaultMaxPixels = 67108864

// DefaultMaxFrames is the default Options.MaxFrames.
const DefaultMaxFrames = 1 << 16

// maxCoord bounds every number read for a position or size, so that the
// sum of two stays an int even where int has 32 bits.
const maxCoord = 1<<30 - 1

// Options say how to read a data file. The zero Options read by content
// with the default limits.
type Options struct {
	// Format forces the format; Unknown means by content (Sniff), then by
	// the name's extension (FormatOf).
	Format Format
	// ImageSize returns the size of a page's image, as its header gives
	// it, for the image the data file names ("" when it names none); ok
	// false when it is not known. A frame outside its image is a problem.
	// nil means no image size is known.
	ImageSize func(image string) (size image.Point, ok bool)
	// MaxPixels bounds each frame's untrimmed size (width*height); 0 means
	// DefaultMaxPixels. Larger frames are problems, refused before
	// anything is allocated for them.
	MaxPixels int64
	// MaxFrames bounds the number of frames a file may give; 0 means
	// DefaultMaxFrames. The frames past it are left out with one problem.
	MaxFrames int
}

// Decode reads a frame-list data file named name. It returns the good
// frames and one Problem per bad entry (a rectangle outside its image, a
// negative, empty or absurd size, an untrimmed size over MaxPixels, a
// trimmed frame that does not fit its untrimmed size, a duplicate or empty
// name, a line that does not parse), in file order. The error is for a
// file that cannot be read as a whole (not a frame list, broken XML or
// JSON, no frames and no problems); it names the file, and then the atlas
// and problems are nil.
func Decode(name string, data []byte, opt Options) (*Atlas, []Problem, error) {
	text, err := Text(data)
	if err != nil {
		return nil, nil, fmt.Errorf("%s: %w", name, err)
	}
	f := opt.Format
	if f == Unknown {
		if f = sniffText(text); f == Unknown {
			f = FormatOf(name)
		}
	}
	b := newBuilder(name, f, opt)
	switch f {
	case Starling:
		err = parseStarling(b, text)
	case JSON:
		err = parseJSON(b, text)
	case Plist:
		err = parsePlist(b, text)
	case LibGDX:
		err = parseLibGDX(b, text)
	case List:
		err = parseList(b, text)
	default:
		err = errors.New("not a frame list (want Starling XML, TexturePacker or Aseprite JSON, a plist, a libGDX atlas or a list of frames)")
	}
	if err != nil {
		return nil, nil, fmt.Errorf("%s: %w", name, err)
	}
	a := b.finish()
	if len(a.Frames) == 0 && len(b.problems) == 0 {
		return nil, nil, fmt.Errorf("%s: no frames", name)
	}
	sort.SliceStable(b.problems, func(i, j int) bool { return b.problems[i].Line < b.problems[j].Line })
	return a, b.problems, nil
}

// GridFrames cuts a w x h image into cells of cw x ch pixels with margin
// pixels around the sheet and spacing pixels between cells, row by row;
// frame i is named by its index. Cells that do not fit whole are dropped.
func GridFrames(w, h, cw, ch, margin, spacing int) []Frame {
	var fs []Frame
	if cw <= 0 || ch <= 0 || margin < 0 || spacing < 0 {
		return nil
	}
	for y := margin; y+ch <= h-margin; y += ch + spacing {
		for x := margin; x+cw <= w-margin; x += cw + spacing {
			fs = append(fs, Frame{Name: strconv.Itoa(len(fs)), Rect: image.Rect(x, y, x+cw, y+ch), Size: image.Pt(cw, ch)})
		}
	}
	return fs
}

// CleanName turns a name taken from an input (a frame name, a file path)
// into a safe relative slash-separated name without extension: backslashes
// become slashes, ".", ".." and empty elements are dropped (so the name
// cannot climb out of the folder it is placed under nor be absolute), and
// control characters (C0 and C1), line and paragraph separators, bytes
// that are not UTF-8 and ':' become '_'. An extension is a dot and one to
// five letters or digits, or ".aseprite". It returns "" when nothing is
// left.
func CleanName(name string) string {
	name = strings.ReplaceAll(name, `\`, "/")
	if ext := path.Ext(name); (isExt(ext) || strings.EqualFold(ext, ".aseprite")) && ext != name {
		name = strings.TrimSuffix(name, ext)
	}
	return cleanPath(name)
}

// cleanPath is CleanName without the extension rule.
func cleanPath(name string) string {
	name = strings.ReplaceAll(name, `\`, "/")
	var parts []string
	for _, p := range strings.Split(name, "/") {
		p = strings.Map(func(r rune) rune {
			if unicode.IsControl(r) || r == ':' || r == utf8.RuneError || r == 0x2028 || r == 0x2029 {
				return '_'
			}
			return r
		}, strings.TrimSpace(p))
		if p == "" || p == "." || p == ".." {
			continue
		}
		parts = append(parts, p)
	}
	return strings.Join(parts, "/")
}

// isExt reports whether ext looks like a file extension: a dot and one to
// five letters or digits.
func isExt(ext string) bool {
	if len(ext) < 2 || len(ext) > 6 {
		return false
	}
	for _, r := range ext[1:] {
		if !('a' <= r && r <= 'z' || 'A' <= r && r <= 'Z' || '0' <= r && r <= '9') {
			return false
		}
	}
	return true
}

// whole parses a decimal whole number as the formats write them: an
// optional sign, digits and an optional fraction of zeros ("12", "-3",
// "12.0"). It fails for anything else and for a magnitude over maxCoord.
func whole(s string) (int, error) {
	t := strings.TrimSpace(s)
	if i := strings.IndexByte(t, '.'); i >= 0 {
		if strings.Trim(t[i+1:], "0") != "" {
			return 0, fmt.Errorf("%q is not a whole number", s)
		}
		t = t[:i]
	}
	v, err := strconv.ParseInt(t, 10, 64)
	if err != nil {
		if errors.Is(err, strconv.ErrRange) {
			return 0, fmt.Errorf("%s is out of range", s)
		}
		return 0, fmt.Errorf("%q is not a whole number", s)
	}
	if v < -maxCoord || v > maxCoord {
		return 0, fmt.Errorf("%s is out of range (more than %d)", s, maxCoord)
	}
	return int(v), nil
}

// decimal parses a finite decimal number no larger than maxCoord.
func decimal(s string) (float64, error) {
	v, err := strconv.ParseFloat(strings.TrimSpace(s), 64)
	if err != nil || math.IsNaN(v) || math.IsInf(v, 0) {
		return 0, fmt.Errorf("%q is not a number", s)
	}
	if math.Abs(v) > maxCoord {
		return 0, fmt.Errorf("%s is out of range (more than %d)", s, maxCoord)
	}
	return v, nil
}
