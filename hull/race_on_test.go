//go:build race

package hull

// raceDetector says the tests run under the race detector, which
// allocates for the code it watches and makes sync.Pool drop some of what
// is put back (Outline's scratch comes from one): allocation counts mean
// nothing there.
const raceDetector = true
