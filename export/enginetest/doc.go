// Package enginetest holds the tests that load shapegen's engine formats
// in the engines themselves (LÖVE, Godot 3, Tiled, Phaser in headless
// Chromium, matter-js and planck.js in node) and check their verdicts
// against collide's, and the float32 guarantee of the float32 formats.
// Each engine test skips, naming the package to install, when its engine
// is missing; .ci/run installs them all.
package enginetest
