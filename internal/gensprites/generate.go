package main

// Regenerate the committed test sprites and corrupt inputs (from the
// repository root: go generate ./internal/gensprites).
//go:generate go run . -o ../../testdata/sprites -bad ../../testdata/bad
