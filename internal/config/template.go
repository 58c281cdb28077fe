package config

// Template is the commented shapegen.yaml that `shapegen init` writes. It
// decodes to Default(), and sets every key Config has.
const Template = `# shapegen.yaml: settings for "shapegen build" in this folder.
# Command-line flags override these values. Unknown keys are errors.

# A pixel is opaque when its 8-bit alpha is >= alpha_threshold (1..255).
alpha_threshold: 128

# Vertex limit of "polygon" and of each convex piece (3..1024); 8 is
# Box2D's limit.
max_vertices: 8

# Most convex pieces per sprite (1..64).
max_pieces: 8

# A piece is added while it removes at least this share (0..1) of the
# excess area of the convex hull over the pixels; 0 spends the whole
# max_pieces budget.
pieces_gain: 0.1

# Most vertices of each ring (outer ring or hole) of the outline (3..65536).
max_outline_vertices: 64

# Pivot of each sprite, as a name (top-left, top-center, top-right,
# center-left, center, center-right, bottom-left, bottom-center,
# bottom-right) or [x, y] fractions of the sprite's untrimmed size.
pivot: center

# Shapes to compute, verify and write. pieces is a cover by convex pieces
# (at most max_pieces of at most max_vertices each); outline is the traced
# outline of each island, its outer ring and holes.
shapes: [aabb, circle, box, hull, polygon, pieces, outline]

# Library formats to write into the output folder: json, yaml, compact
# (shapes.compact: the same library in less than half the bytes, which
# export.Load reads too), and for engines lua (shapes.lua, LÖVE / Box2D), godot (shapes.tscn, Godot 4),
# godot3 (shapes.godot3.tscn), tiled (tiled/*.tsx tilesets) and phaser
# (shapes.phaser.json, Phaser with Matter). Each engine format leaves out
# what its engine would refuse, and the build's summary says what.
formats: [json]

# Write OUT/preview/<sprite>.png, each sprite with its shapes drawn over it.
preview: false

# Store each sprite's opaque-pixel mask in the library (for pixel-exact
# tests at runtime).
masks: false

# Images whose header announces more pixels than this are refused before
# decoding.
max_pixels: 67108864

# How an image that no atlas file and no grids entry cuts into frames is
# sliced:
#   auto     a grid when the evidence is clear: a cell size in the file
#            name ("_16x16") or regular transparent gutters; else the image
#            stays one sprite
#   none     never: each image is one sprite
#   islands  one frame per 8-connected island of opaque pixels (never
#            inferred; set it here or in an override)
slice: auto
# With slice: islands, islands whose box is smaller than slice_min_size
# pixels both wide and high are left out, and islands whose boxes are
# within slice_merge pixels of each other become one frame.
slice_min_size: 4
slice_merge: 0

# Animations get one common body (the shapes of the union of their
# frames' masks), written under animations: in the library beside the
# frames' own shapes. declared_animations: true takes the animations an
# atlas declares (Aseprite tags, "name x y w h n" list lines, libGDX
# indexes); an override's animation: <name> makes the images it matches
# (or all the frames of the sheets it matches) one animation, in path
# order.
declared_animations: false

# Only images matching some include glob (all when empty) and no exclude
# glob are read. Globs are relative to this folder; "**" matches any depth.
include: []
exclude: []

# Per-glob settings; later matching entries win for the keys they set:
# alpha_threshold, max_vertices, max_pieces, pieces_gain,
# max_outline_vertices, pivot, slice, slice_min_size, slice_merge,
# declared_animations, animation.
# overrides:
#   - glob: "tiles/**"
#     alpha_threshold: 1
#     pivot: top-left
#   - glob: "props/loose_*.png"
#     slice: islands
#   - glob: "hero/run_*.png"
#     animation: hero/run
overrides: []

# Sprite sheets cut into a grid of cells; frames are numbered row by row
# from 0, named <sheet>/<index>. A grids entry wins over slice.
# grids:
#   - glob: "sheets/explosion.png"
#     cell_width: 64
#     cell_height: 64
#     margin: 0
#     spacing: 0
grids: []

# Atlases: an image with a sibling frame list named after it is read as
# its frames, named <image>/<frame>, with no setting: <image>.xml
# (Starling / Sparrow), <image>.json (TexturePacker hash or array,
# Aseprite), <image>.plist (TexturePacker / Cocos2d), <image>.atlas
# (libGDX / Spine; every page it names) or <image>.txt ("name = x y w h"
# or "name x y w h [n]" lines). So is a frame list that names the image in
# the same folder (imagePath, meta.image, a libGDX page). A frame list
# not named after its image is tied to it here:
# atlases:
#   - list: "tiles/tiles_list_v1.4"
#     image: "tiles/tileset_v1.4.png"
atlases: []
`
