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

// TestKeepSameWhole writes a page as the report's pages do (writeWhole,
// then Close) over a page written before: the same bytes leave the file
// alone, other bytes of the same length or another length replace it,
// with the digest of what was written, and a Write after writeWhole is
// refused.
func TestKeepSameWhole(t *testing.T) {
	out := t.TempDir()
	name := "report/cards-0001.js"
	p := filepath.Join(out, "report", "cards-0001.js")
	put := func(content string) outputFile {
		t.Helper()
		var o outputFile
		f, err := createOutput(out, name, func(x outputFile) { o = x })
		if err != nil {
			t.Fatal(err)
		}
		if _, err := f.Write([]byte(content)); err != nil {
			t.Fatal(err)
		}
		if err := f.Close(); err != nil {
			t.Fatal(err)
		}
		return o
	}
	whole := func(was outputFile, content string) (outputFile, bool) {
		t.Helper()
		before, err := os.Stat(p)
		if err != nil {
			t.Fatal(err)
		}
		rec := map[string]outputFile{name: was}
		k, ok := keepable(out, name, rec)
		if !ok {
			t.Fatal("a page just written is not keepable")
		}
		var o outputFile
		ks := &keepSame{out: out, name: name, was: k, done: func(x outputFile) { o = x }}
		if err := ks.writeWhole([]byte(content)); err != nil {
			t.Fatal(err)
		}
		if err := ks.Close(); err != nil {
			t.Fatal(err)
		}
		if b, err := os.ReadFile(p); err != nil || string(b) != content {
			t.Fatalf("the page holds %q, %v; want %q", b, err, content)
		}
		after, _ := os.Stat(p)
		return o, os.SameFile(before, after)
	}
	was := put("shapegenCards(0,[{}]);\n")
	if o, kept := whole(was, "shapegenCards(0,[{}]);\n"); !kept || o != (outputFile{}) {
		t.Errorf("the same bytes: kept %v, done %+v; want the file left alone", kept, o)
	}
	for _, content := range []string{"shapegenCards(1,[{}]);\n", "shapegenCards(0,[{},{}]);\n"} { // the same length, another
		o, kept := whole(was, content)
		fi, sum, err := statDigest(p)
		if err != nil {
			t.Fatal(err)
		}
		if kept || o != (outputFile{statOfInfo(fi), sum}) {
			t.Errorf("%q over the old page: kept %v, done %+v; want it replaced, with its digest", content, kept, o)
		}
		was = o
	}
	ks := &keepSame{out: out, name: name, was: was, done: func(outputFile) {}}
	b, _ := os.ReadFile(p)
	if err := ks.writeWhole(b); err != nil {
		t.Fatal(err)
	}
	if _, err := ks.Write([]byte("more")); err == nil {
		t.Error("Write after writeWhole was taken")
	}
}
