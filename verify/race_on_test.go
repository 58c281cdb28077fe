//go:build race

package verify

// raceDetector says the tests run under the race detector, which
// allocates for the code it watches and makes sync.Pool drop some of what
// is put back (the checks keep their scratch in pools): allocation counts
// mean nothing there.
const raceDetector = true
