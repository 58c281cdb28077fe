package export

// Format is the value of the "format" key of a shape library.
const Format = "shapegen/v1"

// Point is a point on the wire: [x, y].
type Point [2]float64

// Ring is a polygon on the wire: its vertices in order.
type Ring []Point

// Library is a shape library as stored in shapes.json / shapes.yaml: the
// file format of DESIGN.md, key for key.
type Library struct {
	Format    string   `json:"format" yaml:"format"`
	Generator string   `json:"generator,omitempty" yaml:"generator,omitempty"`
	Settings  Settings `json:"settings" yaml:"settings,flow"`
	Sprites   []Sprite `json:"sprites" yaml:"sprites"`
	// Animations are the common bodies of animations, sorted by name:
	// each the shapes of the union of its frames' masks, in the frames'
	// shared untrimmed space, so that a physics body does not change
	// shape from frame to frame. See Animation for its keys.
	Animations []Animation `json:"animations,omitempty" yaml:"animations,omitempty"`
}

// Animation is an animation's common body, one body a game can keep for
// every frame of the animation. On the wire it has these keys, in this
// order:
//
//   - name: the animation's name;
//   - frames: its frames, sprite names of the library, in playing order;
//     all have one untrimmed size;
//   - size: that shared untrimmed size. The body's coordinates are those
//     of the frames' own (untrimmed) space, so a shape of the body and a
//     shape of any of its frames can be compared as they are;
//   - pivot: the first frame's pivot, in that space;
//   - pixels: the opaque pixels of the union of the frames' masks (a
//     pixel counts when it is opaque in some frame);
//   - the shape kinds, the shapes of that union, and quality, their
//     figures against it. Every frame's opaque pixels lie inside every
//     shape (quality's outside is 0 for the union, hence for each frame);
//   - warnings, when there are any.
//
// The body is cut from no one stored rectangle: it has no image, frame,
// offset, rotated, turn, same_as or mask. The writers leave out those
// fields of Sprite whatever they hold, and Read leaves them empty, also
// for a library that has them.
type Animation struct {
	Sprite `yaml:",inline"`
	Frames []string `json:"frames" yaml:"frames,flow"`
}

// Settings records the settings a library was built with.
type Settings struct {
	AlphaThreshold int `json:"alpha_threshold" yaml:"alpha_threshold"`
	MaxVertices    int `json:"max_vertices" yaml:"max_vertices"`
	MaxPieces      int `json:"max_pieces" yaml:"max_pieces"`
	// Shapes lists the shape kinds built, in the order of the table of
	// kinds: a sprite with opaque pixels has each of them.
	Shapes []string `json:"shapes,omitempty" yaml:"shapes,omitempty,flow"`
	// Pivot is the pivot rule of the build: a name ("center",
	// "bottom-center", ...) or "x,y" fractions of the sprite's size.
	// Per-glob overrides in the asset folder's shapegen.yaml may set
	// others.
	Pivot string `json:"pivot,omitempty" yaml:"pivot,omitempty"`
}

// Frame is a frame's rectangle inside its image, in pixels.
type Frame struct {
	X int `json:"x" yaml:"x"`
	Y int `json:"y" yaml:"y"`
	W int `json:"w" yaml:"w"`
	H int `json:"h" yaml:"h"`
}

// AABB is an axis-aligned box on the wire.
type AABB struct {
	Min Point `json:"min" yaml:"min"`
	Max Point `json:"max" yaml:"max"`
}

// Circle is a circle on the wire.
type Circle struct {
	Center Point   `json:"center" yaml:"center"`
	Radius float64 `json:"radius" yaml:"radius"`
}

// Box is an oriented box on the wire: centre, half-extents, angle in
// radians (corners are center + R(angle)*(±hx, ±hy)).
type Box struct {
	Center Point   `json:"center" yaml:"center"`
	Half   Point   `json:"half" yaml:"half"`
	Angle  float64 `json:"angle" yaml:"angle"`
}

// Qualities maps a shape kind's name to its figures.
type Qualities map[string]Quality

// Quality holds the figures of one shape kind of one sprite.
type Quality struct {
	// Outside counts opaque pixel squares not fully inside the shape; it
	// must be 0.
	Outside int `json:"outside" yaml:"outside"`
	// AreaRatio is the shape's area over the opaque pixel count.
	AreaRatio float64 `json:"area_ratio" yaml:"area_ratio"`
	// FPArea is the exact false-positive figure: over translations spread
	// evenly where two copies of the shape overlap, the probability that
	// their pixels do not, 1 - area(P ⊕ -P) / area(S ⊕ -S) (DESIGN.md,
	// Verification). The outline, which is not convex, has none: its
	// entry is written without the key (see HasFPArea) and reads as 0.
	FPArea float64 `json:"fp_area" yaml:"fp_area"`
}

// Sprite is one sprite (a plain image or one frame of a sheet or atlas)
// with its shapes, all in the frame's own pixel coordinates.
type Sprite struct {
	Name  string `json:"name" yaml:"name"`
	Image string `json:"image" yaml:"image"`
	Frame Frame  `json:"frame" yaml:"frame,flow"`
	// Rotated says the frame is stored in its image turned a quarter turn
	// clockwise, as TexturePacker packs rotated frames: Frame is the
	// rectangle as stored (W and H are the upright height and width), and
	// the upright frame's pixel (x, y), 0 <= x < Frame.H, 0 <= y < Frame.W,
	// is the image's pixel (Frame.X + Frame.W-1-y, Frame.Y + x). Shapes,
	// Offset and Size are upright, as for any sprite.
	Rotated bool `json:"rotated,omitempty" yaml:"rotated,omitempty"`
	// Turn is, for a frame stored turned other than a quarter turn
	// clockwise, the turn in degrees clockwise: 180, or 270 (a quarter
	// turn counter-clockwise, as libGDX and Spine pack rotated regions);
	// 0 otherwise. The upright frame's pixel (x, y) is the image's pixel
	// (Frame.X + Frame.W-1-x, Frame.Y + Frame.H-1-y) for 180, and
	// (Frame.X + y, Frame.Y + Frame.H-1-x) for 270.
	Turn    int     `json:"turn,omitempty" yaml:"turn,omitempty"`
	Offset  *[2]int `json:"offset,omitempty" yaml:"offset,omitempty,flow"`
	Size    [2]int  `json:"size" yaml:"size,flow"`
	Pivot   Point   `json:"pivot" yaml:"pivot,flow"`
	Pixels  int     `json:"pixels" yaml:"pixels"`
	AABB    *AABB   `json:"aabb,omitempty" yaml:"aabb,omitempty,flow"`
	Circle  *Circle `json:"circle,omitempty" yaml:"circle,omitempty,flow"`
	Box     *Box    `json:"box,omitempty" yaml:"box,omitempty,flow"`
	Hull    Ring    `json:"hull,omitempty" yaml:"hull,omitempty"`
	Polygon Ring    `json:"polygon,omitempty" yaml:"polygon,omitempty"`
	Pieces  []Ring  `json:"pieces,omitempty" yaml:"pieces,omitempty"`
	// Outline is the traced outline of each island: its outer ring (positive
	// winding) followed by its holes (negative winding), simplified only
	// outward.
	Outline []Ring `json:"outline,omitempty" yaml:"outline,omitempty"`
	// Quality maps a shape kind ("aabb", "circle", "box", "hull",
	// "polygon", "pieces") to its figures.
	Quality Qualities `json:"quality,omitempty" yaml:"quality,omitempty"`
	// Mask is the opaque-pixel mask, present with --masks.
	Mask *EncodedMask `json:"mask,omitempty" yaml:"mask,omitempty,flow"`
	// SameAs names the first sprite, in name order, with the same mask and
	// frame geometry (size, offset, frame size, turn), when that is not
	// this one: an engine can share the shapes. The shapes are written in
	// full here too.
	SameAs string `json:"same_as,omitempty" yaml:"same_as,omitempty"`
	// Warnings are notes for the user (e.g. a tiny sprite, many islands).
	Warnings []string `json:"warnings,omitempty" yaml:"warnings,omitempty,flow"`
}

// EncodedMask is a sprite's opaque-pixel mask on the wire, in the sprite's
// own pixel coordinates: W and H equal the sprite's size.
type EncodedMask struct {
	W int `json:"w" yaml:"w"`
	H int `json:"h" yaml:"h"`
	// RLE is the rows, top to bottom and each left to right, as run lengths
	// alternating transparent, opaque, transparent, ... starting with a
	// (possibly zero) transparent run, base64 of unsigned varints.
	RLE string `json:"rle" yaml:"rle"`
}
