package update

import (
	"flag"
	"testing"
)

func TestFlagDefined(t *testing.T) {
	f := flag.Lookup("update")
	if f == nil {
		t.Fatal(`flag "update" is not defined`)
	}
	if got, want := Enabled(), f.Value.String() == "true"; got != want {
		t.Errorf("Enabled() = %v, flag value %q", got, f.Value.String())
	}
}
