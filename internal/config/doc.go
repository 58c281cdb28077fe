// Package config reads shapegen.yaml, the settings file of an asset folder,
// and resolves the effective settings of each image: the file's top-level
// values, then the matching per-glob overrides in file order, then the
// command-line flags (applied by the caller on the Config before use).
//
// Globs are slash-separated paths relative to the asset folder; "*" matches
// within one path element, "**" matches any number of elements (including
// none), and the rest is path.Match syntax.
package config
