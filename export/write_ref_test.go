package export

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"os"
	"testing"
)

// refJSON is the reference writer WriteJSON replaced: encoding/json's
// compact output, re-laid out by parsing it. WriteJSON must give the same
// bytes.
func refJSON(lib *Library) (string, error) {
	raw, err := marshal(lib)
	if err != nil {
		return "", err
	}
	var buf bytes.Buffer
	if err := layoutJSON(&buf, raw, nil, ""); err != nil {
		return "", err
	}
	buf.WriteByte('\n')
	return buf.String(), nil
}

// TestWriteJSONMatchesReference checks WriteJSON (direct appends) against
// refJSON on the sample, on thousands of random libraries (numbers of
// every magnitude, odd strings, rotated frames) and on the golden library.
func TestWriteJSONMatchesReference(t *testing.T) {
	check := func(name string, lib *Library) {
		t.Helper()
		want, err := refJSON(lib)
		if err != nil {
			t.Fatalf("%s: reference error %v", name, err)
		}
		var buf bytes.Buffer
		if err := WriteJSON(&buf, lib); err != nil {
			t.Fatalf("%s: WriteJSON error %v", name, err)
		}
		if got := buf.String(); got != want {
			t.Fatalf("%s: WriteJSON =\n%s\nwant (reference)\n%s", name, got, want)
		}
	}
	check("sample", sampleLib())
	odd := []string{"plain", `a "quoted" \ name`, "tab\there", "ünï/çødé", "<html>&amp;", "line\u2028sep", "bad\xffutf8", "ctl\x01"}
	rng := rand.New(rand.NewPCG(5, 6))
	for i := range 3000 {
		lib := randomLib(rng)
		for j := range lib.Sprites {
			s := &lib.Sprites[j]
			s.Name += odd[rng.IntN(len(odd))]
			s.Rotated = rng.IntN(3) == 0
			if rng.IntN(3) == 0 {
				s.Warnings = []string{odd[rng.IntN(len(odd))], odd[rng.IntN(len(odd))]}
			}
			if rng.IntN(4) == 0 {
				s.Quality = map[string]Quality{"only": {0, 1e-7, 1e21}}
			}
		}
		if rng.IntN(4) == 0 {
			lib.Generator, lib.Settings.Shapes, lib.Settings.Pivot = "", nil, ""
		}
		check(fmt.Sprintf("random library %d", i), lib)
	}
	if data, err := os.ReadFile("../golden/shapes.json"); err == nil {
		lib, err := ReadLibrary(bytes.NewReader(data))
		if err != nil {
			t.Fatal(err)
		}
		var buf bytes.Buffer
		if err := WriteJSON(&buf, lib); err != nil {
			t.Fatal(err)
		}
		if buf.String() != string(data) {
			t.Errorf("WriteJSON(ReadLibrary(golden/shapes.json)) differs from the file")
		}
	}
}

// TestWriteJSONSprites checks that assembling sprites encoded one by one
// gives WriteJSON's bytes, and that unsorted or repeated names and invalid
// sprites are refused.
func TestWriteJSONSprites(t *testing.T) {
	lib := sorted(sampleLib())
	var want bytes.Buffer
	if err := WriteJSON(&want, lib); err != nil {
		t.Fatal(err)
	}
	var parts []SpriteJSON
	for i := range lib.Sprites {
		b, err := AppendSpriteJSON(nil, &lib.Sprites[i])
		if err != nil {
			t.Fatal(err)
		}
		parts = append(parts, SpriteJSON{lib.Sprites[i].Name, b})
	}
	var got bytes.Buffer
	if err := WriteJSONSprites(&got, lib, parts); err != nil {
		t.Fatal(err)
	}
	if got.String() != want.String() {
		t.Errorf("WriteJSONSprites =\n%s\nwant (WriteJSON)\n%s", got.String(), want.String())
	}
	for name, bad := range map[string][]SpriteJSON{
		"unsorted": {parts[1], parts[0]},
		"twice":    {parts[0], parts[0]},
	} {
		var buf bytes.Buffer
		if err := WriteJSONSprites(&buf, lib, bad); err == nil || buf.Len() != 0 {
			t.Errorf("WriteJSONSprites(%s) = %v and %d bytes, want an error and nothing written", name, err, buf.Len())
		}
	}
	sp := lib.Sprites[0]
	sp.Circle = &Circle{Radius: -1}
	if b, err := AppendSpriteJSON([]byte("x"), &sp); err == nil || string(b) != "x" {
		t.Errorf("AppendSpriteJSON(negative radius) = %q, %v; want dst unchanged and an error", b, err)
	}
}

// layoutJSON writes the compact JSON value raw at path to b, with the
// layout of block; indent is the current line's indentation.
func layoutJSON(b *bytes.Buffer, raw json.RawMessage, path []string, indent string) error {
	if !mayBlock(path) {
		spaced(b, raw)
		return nil
	}
	switch raw[0] {
	case '{':
		fields, err := objectFields(raw)
		if err != nil {
			return err
		}
		if !block(path, len(fields)) {
			break
		}
		b.WriteString("{\n")
		for i, f := range fields {
			b.WriteString(indent + "  ")
			b.Write(quote(f.key))
			b.WriteString(": ")
			if err := layoutJSON(b, f.val, append(path, f.key), indent+"  "); err != nil {
				return err
			}
			if i < len(fields)-1 {
				b.WriteByte(',')
			}
			b.WriteByte('\n')
		}
		b.WriteString(indent + "}")
		return nil
	case '[':
		elems := splitTop(raw)
		if !block(path, len(elems)) {
			break
		}
		b.WriteString("[\n")
		for i, e := range elems {
			b.WriteString(indent + "  ")
			if err := layoutJSON(b, e, append(path, "#"), indent+"  "); err != nil {
				return err
			}
			if i < len(elems)-1 {
				b.WriteByte(',')
			}
			b.WriteByte('\n')
		}
		b.WriteString(indent + "]")
		return nil
	}
	spaced(b, raw)
	return nil
}

// spaced writes the compact JSON raw to b with a space after each colon
// and comma outside strings: {"x": 0, "y": 1}, [[3, 20], [10, 5]].
func spaced(b *bytes.Buffer, raw []byte) {
	inString, escaped := false, false
	for _, c := range raw {
		b.WriteByte(c)
		switch {
		case escaped:
			escaped = false
		case inString && c == '\\':
			escaped = true
		case c == '"':
			inString = !inString
		case !inString && (c == ':' || c == ','):
			b.WriteByte(' ')
		}
	}
}
