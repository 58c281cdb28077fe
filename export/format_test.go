package export

import (
	"encoding/json"
	"encoding/xml"
	"fmt"
	"math"
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"
)

// numCases returns values for the number formatters' tests: edges (zeros,
// NaN and infinities, the ends of the fast paths at 1e5 and 2^53, the
// tiniest and largest float64s, exponent thresholds), and random values
// of every kind the fast paths take or pass on: integers, multiples of
// 2^-10 and of other powers of two, float32 values, random bits.
func numCases(rng *rand.Rand, n int) []float64 {
	vs := []float64{
		0, math.Copysign(0, -1), math.NaN(), math.Inf(1), math.Inf(-1),
		1, -1, 0.5, 1.0 / 1024, 3.0 / 2048, 1e5, 1e5 - 1.0/1024, 1e5 + 1.0/1024, 99999.9990234375, 65536.0009765625,
		1 << 53, 1<<53 - 1, 1<<53 + 2, -(1<<53 - 1), 1e15, 1e16, 1e21, 1e-6, 1e-7, 9.999999999999999e-7,
		math.SmallestNonzeroFloat64, math.MaxFloat64, 0x1p-1022, math.MaxFloat32, float64(float32(0.1)),
	}
	for range n {
		var v float64
		switch rng.IntN(9) {
		case 0:
			v = float64(rng.Int64N(1<<54) - 1<<53) // integers, both sides of 2^53
		case 1:
			v = float64(rng.Int64N(2e8)-1e8) / 1024 // n/1024 both sides of 1e5
		case 2:
			v = math.Ldexp(float64(rng.Int64N(1<<20)), -rng.IntN(30)) // other powers of two
		case 3:
			v = float64(float32((rng.Float64() - 0.5) * 2000)) // float32 values
		case 4:
			v = math.Float64frombits(rng.Uint64()) // anything
		case 5:
			v = 1e5 + float64(rng.IntN(2048)-1024)/1024 // around 1e5
		case 6:
			v = math.Nextafter(float64(rng.Int64N(1e6))/1024, math.Inf(1-2*rng.IntN(2))) // next to the fast path
		case 7:
			v = float64(rng.Int64N(1<<(1+rng.IntN(50)))) / 1024 // n/1024 of every magnitude up to 2^40
		default:
			v = (rng.Float64() - 0.5) * math.Pow(10, float64(rng.IntN(40)-20))
		}
		if rng.IntN(2) == 0 {
			v = -v
		}
		vs = append(vs, v)
	}
	return vs
}

// TestAppendShortest checks appendShortest against strconv's shortest 'f'
// form, and appendNum against it but for zero.
func TestAppendShortest(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	for _, v := range numCases(rng, 1_000_000) {
		want := strconv.FormatFloat(v, 'f', -1, 64)
		if got := string(appendShortest([]byte("x"), v)); got != "x"+want {
			t.Fatalf("appendShortest(%v) = %q, want %q", v, got[1:], want)
		}
		if v == 0 {
			want = "0"
		}
		if got := num(v); got != want {
			t.Fatalf("num(%v) = %q, want %q", v, got, want)
		}
	}
}

// TestAppendFloatCases checks appendFloat against encoding/json on
// numCases (TestAppendFloat has more of its own).
func TestAppendFloatCases(t *testing.T) {
	rng := rand.New(rand.NewPCG(9, 10))
	for _, v := range numCases(rng, 1_000_000) {
		want, err := json.Marshal(v)
		if err != nil {
			continue // NaN and infinities: not JSON, and never written
		}
		if got := appendFloat([]byte("x"), v); string(got) != "x"+string(want) {
			t.Fatalf("appendFloat(%v) = %q, want %q", v, got[1:], want)
		}
	}
}

// TestAppendNumAllocs: the formatters allocate nothing given room.
func TestAppendNumAllocs(t *testing.T) {
	buf := make([]byte, 0, 64)
	if n := testing.AllocsPerRun(100, func() {
		for _, v := range []float64{25.5, 20.500001907348633, 1e-7, -3} {
			buf = appendFloat(appendNum(buf[:0], v), v)
		}
	}); n != 0 {
		t.Errorf("appendNum and appendFloat: %v allocations, want 0", n)
	}
}

// randomString returns a short string of bytes drawn to hit the string
// formatters' cases: printable ASCII, the bytes JSON, XML, Godot and Lua
// escape, control bytes, UTF-8 (U+2028 among it) and invalid UTF-8.
func randomString(rng *rand.Rand) string {
	pieces := []string{"a", "Z", "0", " ", "/", ".", "\"", "\\", "'", "&", "<", ">", "\n", "\r", "\t", "\x00", "\x01", "\x1f", "\x7f", "é", "\u2028", "\U0001F600", "\xff", "\xc3", "%", "@", ":"}
	var b []byte
	for range rng.IntN(12) {
		b = append(b, pieces[rng.IntN(len(pieces))]...)
	}
	return string(b)
}

// TestStringFormatters checks the writers' string formatters against the
// libraries or the code they replace: appendJSONString against
// json.Marshal, appendAttr against encoding/xml, appendGodotString
// against a strings.Replacer, appendLuaString against \ddd escapes made
// by fmt, on random strings.
func TestStringFormatters(t *testing.T) {
	godot := strings.NewReplacer(`\`, `\\`, `"`, `\"`, "\n", `\n`, "\t", `\t`, "\r", `\r`)
	lua := func(s string) string {
		var b strings.Builder
		b.WriteByte('"')
		for i := 0; i < len(s); i++ {
			switch c := s[i]; {
			case c == '"' || c == '\\':
				b.WriteByte('\\')
				b.WriteByte(c)
			case c < 0x20 || c == 0x7f:
				fmt.Fprintf(&b, "\\%03d", c)
			default:
				b.WriteByte(c)
			}
		}
		b.WriteByte('"')
		return b.String()
	}
	rng := rand.New(rand.NewPCG(17, 18))
	for range 200_000 {
		s := randomString(rng)
		want, err := json.Marshal(s)
		if got, gotErr := appendJSONString([]byte("x"), s); err != nil || gotErr != nil || string(got) != "x"+string(want) {
			t.Fatalf("appendJSONString(%q) = %s, %v; want %s, %v", s, got, gotErr, want, err)
		}
		var x strings.Builder
		x.WriteString(`x"`)
		_ = xml.EscapeText(&x, []byte(s))
		x.WriteString(`"`)
		if got := appendAttr([]byte("x"), s); string(got) != x.String() {
			t.Fatalf("appendAttr(%q) = %s, want %s", s, got, x.String())
		}
		if got, want := string(appendGodotString(nil, s)), `"`+godot.Replace(s)+`"`; got != want {
			t.Fatalf("appendGodotString(%q) = %s, want %s", s, got, want)
		}
		if got, want := string(appendLuaString(nil, s)), lua(s); got != want {
			t.Fatalf("appendLuaString(%q) = %s, want %s", s, got, want)
		}
	}
}
