package config

// Template is the commented shapegen.yaml that `shapegen init` writes. It
// decodes to Default().
const Template = `# shapegen.yaml: settings for "shapegen build" in this folder.
# Command-line flags override these values. Unknown keys are errors.

# A pixel is opaque when its 8-bit alpha is >= alpha_threshold (1..255).
alpha_threshold: 128

# Vertex limit of "polygon" (and of each convex piece); 8 is Box2D's limit.
max_vertices: 8

# Most convex pieces per sprite.
max_pieces: 8

# Pivot of each sprite, as a name (center, bottom-center, top-left, ...)
# or [x, y] fractions of the sprite's untrimmed size.
pivot: center

# Shapes to compute, verify and write; add "pieces" for a convex
# decomposition (at most max_pieces pieces of max_vertices each).
shapes: [aabb, circle, box, hull, polygon]

# Library formats to write into the output folder: json, yaml, and for
# engines lua (shapes.lua, LÖVE / Box2D), godot (shapes.tscn, Godot 4),
# godot3 (shapes.godot3.tscn), tiled (tiled/*.tsx tilesets) and phaser
# (shapes.phaser.json, Phaser with Matter). Each engine format leaves out
# what its engine would refuse, and the build's summary says what.
formats: [json]

# Write OUT/preview/<sprite>.png, each sprite with its shapes drawn over it.
preview: false

# Store each sprite's opaque-pixel mask in the library (for pixel-exact
# tests at runtime).
masks: false

# Verification: pair_fp_rate samples this many overlapping placements of
# two copies of each sprite, from a seed (results are deterministic).
samples: 256
seed: 1

# Images whose PNG header announces more pixels than this are refused
# before decoding.
max_pixels: 67108864

# Only images matching some include glob (all when empty) and no exclude
# glob are read. Globs are relative to this folder; "**" matches any depth.
include: []
exclude: []

# Per-glob settings; later matching entries win for the keys they set.
# overrides:
#   - glob: "tiles/**"
#     alpha_threshold: 1
#     pivot: top-left
overrides: []

# Sprite sheets cut into a grid of cells; frames are numbered row by row
# from 0, named <sheet>/<index>.
# grids:
#   - glob: "sheets/explosion.png"
#     cell_width: 64
#     cell_height: 64
#     margin: 0
#     spacing: 0
grids: []

# Atlases need no setting: an image with a sibling <image>.xml (Starling /
# Sparrow), <image>.json (TexturePacker hash or array) or <image>.txt
# ("name = x y w h" lines) is read as its frames, named <image>/<frame>.
`
