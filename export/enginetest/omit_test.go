package enginetest

import "testing"

func TestOmissionsCorpus(t *testing.T) {
	lib := buildLib(t, corpus)
	for _, f := range []string{"lua", "godot"} {
		_, om := write(t, f, lib, "")
		for _, o := range om {
			t.Log(o)
		}
	}
}
