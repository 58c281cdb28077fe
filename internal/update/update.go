// Package update defines the one -update test flag of the repository, so
// that `go test ./... -update` refreshes every golden file: a test binary
// rejects a flag it does not define, so every package with tests imports
// this package (blank, `import _ "github.com/shapegen/shapegen/internal/update"`,
// in one _test.go file) and tests with golden files read Enabled.
package update

import "flag"

var update = flag.Bool("update", false, "rewrite golden files instead of comparing with them")

// Enabled reports whether the test run was asked to rewrite golden files.
// Call it from a test (after flag parsing), not at package init.
func Enabled() bool { return *update }
