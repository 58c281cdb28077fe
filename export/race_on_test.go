//go:build race

package export

// raceDetector says the tests run under the race detector, which slows
// the code it watches several times and allocates for it.
const raceDetector = true
