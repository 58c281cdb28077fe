package export

import (
	"bytes"
	"encoding/binary"
	"os"
	"reflect"
	"strings"
	"testing"
)

// compactSample is animatedLib as a compact library.
func compactSample(t *testing.T) (*Library, []byte) {
	t.Helper()
	lib := animatedLib()
	var buf bytes.Buffer
	if err := WriteCompact(&buf, lib); err != nil {
		t.Fatal(err)
	}
	return lib, buf.Bytes()
}

// TestCompactRefused: a compact library cut anywhere, with bytes after
// its end, of another version, or with a length past what any sprite
// takes is refused with an error, never a half-read library or a panic.
func TestCompactRefused(t *testing.T) {
	lib, b := compactSample(t)
	if got, err := Read(bytes.NewReader(b)); err != nil || !reflect.DeepEqual(got, lib) {
		t.Fatalf("Read(WriteCompact) = %+v, %v; want %+v", got, err, lib)
	}
	for n := range len(b) {
		if got, err := Read(bytes.NewReader(b[:n])); got != nil || err == nil {
			t.Fatalf("the first %d of %d bytes read as a library", n, len(b))
		}
	}
	for name, tc := range map[string]struct {
		data []byte
		want string
	}{
		"data after":    {append(bytes.Clone(b), 0), "data after the library"},
		"other version": {[]byte(strings.Replace(string(b), "/v1\n", "/v2\n", 1)), `unsupported format "shapegen-compact/v2", want shapegen-compact/v1`},
		"huge length":   {binary.AppendUvarint([]byte(CompactFormat+"\n"), 1<<40), "an item of 1099511627776 bytes"},
		"no head":       {[]byte(CompactFormat + "\n\x00"), "no head"},
		"head not json": {[]byte(CompactFormat + "\n\x02{x"), "head:"},
		"sprite cut":    {cutFirstSprite(t, b), "sprite 0 is not a record"},
	} {
		got, err := Read(bytes.NewReader(tc.data))
		if got != nil || err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: Read = %v, %v; want an error saying %q", name, got, err, tc.want)
		}
	}
}

// TestCompactWriterChecks: the writer refuses what Read would refuse:
// sprites out of order, an invalid sprite, a fragment that is not one.
func TestCompactWriterChecks(t *testing.T) {
	lib := sorted(sampleLib())
	cw, err := NewCompactWriter(&bytes.Buffer{}, lib)
	if err != nil {
		t.Fatal(err)
	}
	if err := cw.Add(&lib.Sprites[1]); err != nil {
		t.Fatal(err)
	}
	if err := cw.Add(&lib.Sprites[0]); err == nil || !strings.Contains(err.Error(), "not sorted") {
		t.Errorf("a sprite out of order: %v", err)
	}
	bad := lib.Sprites[0]
	bad.Hull = Ring{{0, 0}}
	if _, err := AppendSpriteCompact(nil, &bad); err == nil {
		t.Errorf("AppendSpriteCompact of a sprite with a one-point hull: no error")
	}
	cw, _ = NewCompactWriter(&bytes.Buffer{}, lib)
	frag, err := AppendSpriteCompact(nil, &lib.Sprites[0])
	if err != nil {
		t.Fatal(err)
	}
	if err := cw.AddFragment(lib.Sprites[0].Name, frag[:len(frag)-1]); err == nil {
		t.Errorf("AddFragment of a fragment cut short: no error")
	}
}

// TestCompactSize: the compact form of the golden library takes less than
// half the bytes of its shapes.json, and reads back as the same library.
func TestCompactSize(t *testing.T) {
	js, err := readGolden()
	if err != nil {
		t.Skip("no golden library:", err)
	}
	lib, err := Read(bytes.NewReader(js))
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	if err := WriteCompact(&buf, lib); err != nil {
		t.Fatal(err)
	}
	if buf.Len()*2 >= len(js) {
		t.Errorf("compact %d bytes, shapes.json %d: not less than half", buf.Len(), len(js))
	}
	t.Logf("golden library: compact %d bytes, shapes.json %d (%.2f)", buf.Len(), len(js), float64(buf.Len())/float64(len(js)))
	back, err := Read(&buf)
	if err != nil || !reflect.DeepEqual(back, lib) {
		t.Errorf("the golden library does not read back from its compact form: %v", err)
	}
}

// readGolden returns the bytes of the golden shapes.json.
func readGolden() ([]byte, error) { return os.ReadFile("../golden/shapes.json") }

// cutFirstSprite returns the compact library b with its first sprite's
// record one byte short, its length told so: a record cut short.
func cutFirstSprite(t *testing.T, b []byte) []byte {
	t.Helper()
	at := len(CompactFormat) + 1
	n, k := binary.Uvarint(b[at:])
	at += k + int(n) // past the head
	n, k = binary.Uvarint(b[at:])
	end := at + k + int(n)
	out := binary.AppendUvarint(bytes.Clone(b[:at]), n-1)
	out = append(out, b[at+k:end-1]...)
	return append(out, b[end:]...)
}
