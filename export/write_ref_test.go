package export

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"slices"
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
		lib, err := Read(bytes.NewReader(data))
		if err != nil {
			t.Fatal(err)
		}
		var buf bytes.Buffer
		if err := WriteJSON(&buf, lib); err != nil {
			t.Fatal(err)
		}
		if buf.String() != string(data) {
			t.Errorf("WriteJSON(Read(golden/shapes.json)) differs from the file")
		}
	}
}

// TestAppendFloat checks appendFloat against encoding/json on whole
// numbers about the bound of its integer path, zeros of both signs, and
// random numbers of every magnitude, whole and not.
func TestAppendFloat(t *testing.T) {
	vals := []float64{0, math.Copysign(0, -1), 1, -1, 1e15 - 1, 1e15, 1e15 + 1, -1e15 + 1, -1e15, 1 << 53, 1e20, 1e21 - 65536, 0.5, -0.5, 1e-7, 123.25}
	rng := rand.New(rand.NewPCG(7, 8))
	for range 100000 {
		v := (rng.Float64() - 0.5) * math.Pow(10, float64(rng.IntN(40)-12))
		vals = append(vals, v, math.Trunc(v), math.Round(v*4)/4)
	}
	for _, v := range vals {
		want, err := json.Marshal(v)
		if err != nil {
			t.Fatal(err)
		}
		if got := appendFloat(nil, v); string(got) != string(want) {
			t.Fatalf("appendFloat(%v) = %s, want %s", v, got, want)
		}
	}
}

// TestJSONWriter checks that writing sprites one at a time, as sprites or
// as the JSON AppendSpriteJSON made, gives WriteJSON's bytes, and that
// unsorted or repeated names and invalid sprites are refused.
func TestJSONWriter(t *testing.T) {
	lib := sorted(sampleLib())
	var want bytes.Buffer
	if err := WriteJSON(&want, lib); err != nil {
		t.Fatal(err)
	}
	var got, gotJSON bytes.Buffer
	jw, err := NewJSONWriter(&got, lib)
	if err != nil {
		t.Fatal(err)
	}
	jj, err := NewJSONWriter(&gotJSON, lib)
	if err != nil {
		t.Fatal(err)
	}
	for i := range lib.Sprites {
		if err := jw.Add(&lib.Sprites[i]); err != nil {
			t.Fatal(err)
		}
		b, err := AppendSpriteJSON(nil, &lib.Sprites[i])
		if err != nil {
			t.Fatal(err)
		}
		if err := jj.AddJSON(lib.Sprites[i].Name, b); err != nil {
			t.Fatal(err)
		}
	}
	if err := jw.Close(); err != nil {
		t.Fatal(err)
	}
	if err := jj.Close(); err != nil {
		t.Fatal(err)
	}
	if got.String() != want.String() || gotJSON.String() != want.String() {
		t.Errorf("JSONWriter =\n%s\nwant (WriteJSON)\n%s", got.String(), want.String())
	}
	for name, order := range map[string][]int{"unsorted": {1, 0}, "twice": {0, 0}} {
		var buf bytes.Buffer
		jw, err := NewJSONWriter(&buf, lib)
		if err != nil {
			t.Fatal(err)
		}
		err = jw.Add(&lib.Sprites[order[0]])
		if err == nil {
			err = jw.Add(&lib.Sprites[order[1]])
		}
		if err == nil || jw.Close() == nil {
			t.Errorf("JSONWriter(%s) = %v, want an error that Close repeats", name, err)
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

// The layout rules of the reference, and the splitting of compact JSON.

// marshal validates lib and returns it as compact JSON with the sprites
// sorted by name.
func marshal(lib *Library) ([]byte, error) {
	c, err := prepare(lib)
	if err != nil {
		return nil, err
	}
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(c); err != nil {
		return nil, err
	}
	return bytes.TrimSuffix(buf.Bytes(), []byte("\n")), nil
}

// block reports whether the value at path (object keys, "#" for an array
// element) is laid out one entry per line rather than on one line. n is
// its number of entries.
func block(path []string, n int) bool {
	return n > 0 && mayBlock(path) && (n > 1 || !manyOnly(path))
}

// mayBlock reports whether the value at path is laid out one entry per line
// when it has enough entries: the library, its sprites, each sprite, each
// sprite's quality map, pieces and outline.
func mayBlock(path []string) bool {
	switch len(path) {
	case 0:
		return true
	case 1:
		return path[0] == "sprites"
	case 2:
		return path[0] == "sprites"
	case 3:
		return path[0] == "sprites" && (path[2] == "quality" || manyOnly(path))
	}
	return false
}

// manyOnly reports whether the value at path is laid out one entry per line
// only when it has more than one entry.
func manyOnly(path []string) bool {
	return len(path) == 3 && (path[2] == "pieces" || path[2] == "outline")
}

// field is one key and its value of a JSON object, in order.
type field struct {
	key string
	val json.RawMessage
}

// objectFields returns the fields of the compact JSON object raw, as
// encoding/json wrote it, in order.
func objectFields(raw json.RawMessage) ([]field, error) {
	var fields []field
	for _, kv := range splitTop(raw) {
		colon := valueEnd(kv, 0) // the key is a string: its end is the colon
		var key string
		if err := json.Unmarshal(kv[:colon], &key); err != nil {
			return nil, err
		}
		fields = append(fields, field{key, kv[colon+1:]})
	}
	return fields, nil
}

// splitTop returns the top-level entries of the compact JSON object or
// array raw ("key":value for an object).
func splitTop(raw []byte) [][]byte {
	var parts [][]byte
	if len(raw) <= 2 {
		return nil
	}
	start := 1
	for i := 1; i < len(raw)-1; {
		i = valueEnd(raw, i)
		if raw[i] == ':' {
			i = valueEnd(raw, i+1)
		}
		parts = append(parts, raw[start:i])
		start = i + 1
		i++
	}
	return parts
}

// valueEnd returns the index just past the compact JSON value (or object
// key) that starts at raw[i].
func valueEnd(raw []byte, i int) int {
	depth, inString, escaped := 0, false, false
	for ; i < len(raw); i++ {
		c := raw[i]
		switch {
		case escaped:
			escaped = false
		case inString:
			if c == '\\' {
				escaped = true
			} else if c == '"' {
				inString = false
				if depth == 0 {
					return i + 1
				}
			}
		case c == '"':
			inString = true
		case c == '{' || c == '[':
			depth++
		case c == '}' || c == ']':
			depth--
			if depth == 0 {
				return i + 1
			}
			if depth < 0 {
				return i
			}
		case depth == 0 && (c == ',' || c == ':'):
			return i
		}
	}
	return i
}

// TestWriteJSONPiecesAsPolygon checks the copy of the polygon's bytes for
// one piece that is the polygon (appendShapes) against refJSON, with
// pieces that are the polygon and pieces that differ from it in one bit
// of one number (-0 for 0, the last bit, one vertex more or less).
func TestWriteJSONPiecesAsPolygon(t *testing.T) {
	poly := Ring{{0, 0}, {10.1, 0}, {10.1, 5.333333333333333}, {0, 5.5}}
	vary := map[string]func(Ring) []Ring{
		"same": func(r Ring) []Ring { return []Ring{r} },
		"copy": func(r Ring) []Ring { return []Ring{slices.Clone(r)} },
		"minus zero": func(r Ring) []Ring {
			c := slices.Clone(r)
			c[0][1] = math.Copysign(0, -1)
			return []Ring{c}
		},
		"last bit": func(r Ring) []Ring {
			c := slices.Clone(r)
			c[2][1] = math.Nextafter(c[2][1], 10)
			return []Ring{c}
		},
		"shorter": func(r Ring) []Ring { return []Ring{slices.Clone(r[:3])} },
		"two":     func(r Ring) []Ring { return []Ring{r, r} },
	}
	for name, f := range vary {
		t.Run(name, func(t *testing.T) {
			lib := sampleLib()
			sp := &lib.Sprites[0]
			sp.Polygon = poly
			sp.Pieces = f(poly)
			want, err := refJSON(lib)
			if err != nil {
				t.Fatalf("reference error %v", err)
			}
			var buf bytes.Buffer
			if err := WriteJSON(&buf, lib); err != nil {
				t.Fatalf("WriteJSON error %v", err)
			}
			if got := buf.String(); got != want {
				t.Fatalf("WriteJSON =\n%s\nwant (reference)\n%s", got, want)
			}
		})
	}
}
