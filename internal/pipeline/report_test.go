package pipeline

import (
	"bufio"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestCreateOutput writes an output file through createOutput: nothing is
// visible before Close, the whole file after, and its stat data and
// digest, as the manifest reads them, reach done once it is committed
// (not for a file aborted); a name that would leave the output folder is
// refused.
func TestCreateOutput(t *testing.T) {
	out := t.TempDir()
	var got []outputFile
	done := func(o outputFile) { got = append(got, o) }
	f, err := createOutput(out, "report/cards-0001.js", done)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := f.Write([]byte("shapegenCards(0,[")); err != nil {
		t.Fatal(err)
	}
	bw := bufio.NewWriterSize(f, 16)
	if _, err := io.Copy(bw, strings.NewReader(strings.Repeat("{},", 40)+"]);\n")); err != nil {
		t.Fatal(err)
	}
	if _, err := bw.WriteString(strings.Repeat("//", 30)); err != nil {
		t.Fatal(err)
	}
	if err := bw.Flush(); err != nil {
		t.Fatal(err)
	}
	p := filepath.Join(out, "report", "cards-0001.js")
	if _, err := os.Stat(p); err == nil {
		t.Error("output file visible before Close")
	}
	if len(got) > 0 {
		t.Error("done called before Close")
	}
	if err := f.Close(); err != nil {
		t.Fatal(err)
	}
	want := "shapegenCards(0,[" + strings.Repeat("{},", 40) + "]);\n" + strings.Repeat("//", 30)
	if b, err := os.ReadFile(p); err != nil || string(b) != want {
		t.Fatalf("output file holds %q, %v", b, err)
	}
	fi, sum, err := statDigest(p)
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != 1 || got[0] != (outputFile{statOfInfo(fi), sum}) {
		t.Fatalf("done got %+v, want one %+v", got, outputFile{statOfInfo(fi), sum})
	}
	a, err := createOutput(out, "report/cards-0002.js", done)
	if err != nil {
		t.Fatal(err)
	}
	a.Write([]byte("x"))
	a.Abort()
	if len(got) != 1 {
		t.Fatalf("done called for an aborted file: %+v", got[1:])
	}
	for _, bad := range []string{"../x.js", "/abs/x.js", CacheDir + "/index", ""} {
		if f, err := createOutput(out, bad, nil); err == nil {
			f.Close()
			t.Errorf("createOutput(%q) accepted", bad)
		}
	}
}
