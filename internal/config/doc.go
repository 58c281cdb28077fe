// Package config reads shapegen.yaml, the settings file of an asset folder,
// and resolves the effective settings of each image: the file's top-level
// values, then the matching per-glob overrides in file order, then the
// command-line flags (applied by the caller on the Config before use).
//
// Globs are slash-separated paths relative to the asset folder; "*" matches
// within one path element, "**" matches any number of elements (including
// none), and the rest is path.Match syntax.
//
// Errors in the file name the file, line and column, the key path
// ("overrides[0].pivot"), what was wanted in plain words and what was
// found; an unknown key comes with the valid key probably meant.
package config
