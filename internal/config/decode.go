package config

import (
	"fmt"
	"math"
	"reflect"
	"regexp"
	"strconv"
	"strings"

	"gopkg.in/yaml.v3"
)

// decoder walks the YAML nodes of shapegen.yaml into a Config, by the
// yaml tags of its fields. yaml.v3's own decoding truncates 8.5 into an
// int, words its errors as "!!float into int" and gives a line but no
// column; walking the nodes lets every message say where (line and
// column), what was wanted in plain words and what was found.
type decoder struct {
	// pos holds the value node of every key path decoded ("max_vertices",
	// "overrides[0].pivot", "shapes[1]"), so that Validate's errors, which
	// name a key path, can be placed in the file.
	pos      map[string]*yaml.Node
	warnings []posMsg
}

// posMsg is a message about a place in the file.
type posMsg struct {
	line, col int
	msg       string
}

func (e *posMsg) Error() string { return fmt.Sprintf("%d:%d: %s", e.line, e.col, e.msg) }

func at(n *yaml.Node, format string, args ...any) *posMsg {
	return &posMsg{n.Line, n.Column, fmt.Sprintf(format, args...)}
}

// obsolete are the keys that were once valid at the top level and in
// overrides: they are ignored with a warning saying why.
var obsolete = map[string]string{
	"samples": "the false-positive figure is exact now",
	"seed":    "the false-positive figure is exact now",
}

// nodeDecoder is a type that decodes itself from a node; key is its key
// path, for messages.
type nodeDecoder interface {
	decodeNode(n *yaml.Node, key string) error
}

// follow resolves aliases; the node it returns has the alias's place,
// where the value is used. (Aliases cannot blow the work up: every level
// of the schema rejects what it does not expect, so the nodes decoded are
// at most a few per byte of the file.)
func follow(n *yaml.Node) *yaml.Node {
	if n.Kind != yaml.AliasNode || n.Alias == nil {
		return n
	}
	t := follow(n.Alias)
	c := *t
	c.Line, c.Column = n.Line, n.Column
	return &c
}

// decode decodes n into v, whose key path is key.
func (d *decoder) decode(n *yaml.Node, key string, v reflect.Value) error {
	n = follow(n)
	d.pos[key] = n
	if u, ok := v.Addr().Interface().(nodeDecoder); ok {
		return u.decodeNode(n, key)
	}
	switch v.Kind() {
	case reflect.Pointer:
		p := reflect.New(v.Type().Elem())
		if err := d.decode(n, key, p.Elem()); err != nil {
			return err
		}
		v.Set(p)
		return nil
	case reflect.Struct:
		return d.mapping(n, key, v)
	case reflect.Slice:
		return d.sequence(n, key, v)
	case reflect.Int, reflect.Int64:
		x, ok := wholeNumber(n)
		if !ok || v.OverflowInt(x) {
			return at(n, "%s: want a whole number, got %s", key, describe(n))
		}
		v.SetInt(x)
		return nil
	case reflect.Float64:
		x, ok := number(n)
		if !ok {
			return at(n, "%s: want a number, got %s", key, describe(n))
		}
		v.SetFloat(x)
		return nil
	case reflect.Bool:
		var b bool
		if n.Kind != yaml.ScalarNode || (n.ShortTag() != "!!bool" && n.ShortTag() != "!!str") || n.Decode(&b) != nil {
			return at(n, "%s: want true or false, got %s", key, describe(n))
		}
		v.SetBool(b)
		return nil
	case reflect.String:
		if n.Kind != yaml.ScalarNode || n.ShortTag() == "!!null" {
			return at(n, "%s: want text, got %s", key, describe(n))
		}
		v.SetString(n.Value)
		return nil
	}
	panic("config: no decoding for " + v.Type().String())
}

// sequence decodes a list; an empty value is an empty list.
func (d *decoder) sequence(n *yaml.Node, key string, v reflect.Value) error {
	if n.Kind == yaml.ScalarNode && n.ShortTag() == "!!null" {
		v.Set(reflect.MakeSlice(v.Type(), 0, 0))
		return nil
	}
	if n.Kind != yaml.SequenceNode {
		return at(n, "%s: want a list, got %s", key, describe(n))
	}
	s := reflect.MakeSlice(v.Type(), len(n.Content), len(n.Content))
	for i, e := range n.Content {
		if err := d.decode(e, key+"["+strconv.Itoa(i)+"]", s.Index(i)); err != nil {
			return err
		}
	}
	v.Set(s)
	return nil
}

// mapping decodes the keys of a mapping into the fields of struct v.
func (d *decoder) mapping(n *yaml.Node, key string, v reflect.Value) error {
	if n.Kind != yaml.MappingNode {
		if key == "" {
			return at(n, "want settings as key: value lines, got %s", describe(n))
		}
		return at(n, "%s: want key: value pairs, got %s", key, describe(n))
	}
	keys := yamlKeys(v.Type())
	seen := map[string]int{}
	for i := 0; i+1 < len(n.Content); i += 2 {
		k := follow(n.Content[i])
		name := k.Value
		path := join(key, name)
		switch {
		case k.Kind != yaml.ScalarNode:
			return at(k, "%swant a key name, got %s", prefix(key), describe(k))
		case name == "<<":
			return at(k, "%smerge keys (<<) are not supported; write the keys out", prefix(key))
		case seen[name] != 0:
			return at(k, "%s: set twice (first on line %d)", path, seen[name])
		}
		seen[name] = k.Line
		if why, ok := obsolete[name]; ok && (v.Type() == configType || v.Type() == overrideType) {
			d.warnings = append(d.warnings, posMsg{k.Line, k.Column, fmt.Sprintf("%s is obsolete (%s) and is ignored", path, why)})
			continue
		}
		f, ok := keys[name]
		if !ok {
			return at(k, "%sunknown key %s%s", prefix(key), name, hint(name, v.Type()))
		}
		if err := d.decode(n.Content[i+1], path, v.Field(f)); err != nil {
			return err
		}
	}
	return nil
}

func join(key, name string) string {
	if key == "" {
		return name
	}
	return key + "." + name
}

func prefix(key string) string {
	if key == "" {
		return ""
	}
	return key + ": "
}

var (
	configType   = reflect.TypeFor[Config]()
	overrideType = reflect.TypeFor[Override]()
	// sections are the mappings of shapegen.yaml, for pointing a key
	// written in the wrong one to where it belongs.
	sections = []struct {
		where string
		t     reflect.Type
	}{
		{"at the top level", configType},
		{"in an overrides entry", overrideType},
		{"in a grids entry", reflect.TypeFor[Grid]()},
		{"in an atlases entry", reflect.TypeFor[Atlas]()},
	}
)

// yamlKeys maps the yaml key of each field of struct type t to its index.
func yamlKeys(t reflect.Type) map[string]int {
	keys := map[string]int{}
	for i := range t.NumField() {
		if name, _, _ := strings.Cut(t.Field(i).Tag.Get("yaml"), ","); name != "" && name != "-" {
			keys[name] = i
		}
	}
	return keys
}

// keyNames lists the yaml keys of struct type t in field order.
func keyNames(t reflect.Type) []string {
	var names []string
	for i := range t.NumField() {
		if name, _, _ := strings.Cut(t.Field(i).Tag.Get("yaml"), ","); name != "" && name != "-" {
			names = append(names, name)
		}
	}
	return names
}

// hint says where an unknown key name belongs, or which valid key of t
// was probably meant, or else lists the valid keys.
func hint(name string, t reflect.Type) string {
	var wheres []string
	for _, s := range sections {
		if _, ok := yamlKeys(s.t)[name]; ok && s.t != t {
			wheres = append(wheres, s.where)
		}
	}
	if len(wheres) > 0 {
		return "; it belongs " + strings.Join(wheres, " or ")
	}
	valid := keyNames(t)
	if c := closest(name, valid); c != "" {
		return "; did you mean " + c + "?"
	}
	return " (valid keys: " + strings.Join(valid, ", ") + ")"
}

// closest returns the candidate that name most probably misspells, or ""
// when none is close. A candidate is compared whole and by its runs of
// words ("min_size" and "slice_min" in "slice_min_size", "left" in
// "top-left"); it is close when one is within 1 edit of name, or, for a
// name of 5 letters or more, within a third of its length (at least 2).
// The fewest edits win, then the fewest to the whole candidate, then the
// earlier candidate.
func closest(name string, candidates []string) string {
	limit := 1
	if len(name) >= 5 {
		limit = max(2, len(name)/3)
	}
	best, bestPart, bestWhole := "", limit+1, 0
	for _, c := range candidates {
		part, whole := math.MaxInt, editDistance(name, c)
		sep := "_"
		if strings.Contains(c, "-") {
			sep = "-"
		}
		words := strings.Split(c, sep)
		for i := range words {
			for j := i + 1; j <= len(words); j++ {
				part = min(part, editDistance(name, strings.Join(words[i:j], sep)))
			}
		}
		part = min(part, whole)
		if part < bestPart || (part == bestPart && whole < bestWhole) {
			best, bestPart, bestWhole = c, part, whole
		}
	}
	return best
}

// editDistance is the optimal string alignment distance between a and b:
// insertions, deletions, substitutions and swaps of adjacent bytes.
func editDistance(a, b string) int {
	prev2 := make([]int, len(b)+1)
	prev := make([]int, len(b)+1)
	cur := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
			if i > 1 && j > 1 && a[i-1] == b[j-2] && a[i-2] == b[j-1] {
				cur[j] = min(cur[j], prev2[j-2]+1)
			}
		}
		prev2, prev, cur = prev, cur, prev2
	}
	return prev[len(b)]
}

// wholeNumber returns the integer a scalar node holds: an integer, or a
// number with no fractional part (1e6), within int64.
func wholeNumber(n *yaml.Node) (int64, bool) {
	if n.Kind != yaml.ScalarNode {
		return 0, false
	}
	switch n.ShortTag() {
	case "!!int":
		var x int64
		return x, n.Decode(&x) == nil
	case "!!float":
		var f float64
		if n.Decode(&f) != nil || f != math.Trunc(f) || math.Abs(f) >= 1<<63 {
			return 0, false
		}
		return int64(f), true
	}
	return 0, false
}

// number returns the number a scalar node holds.
func number(n *yaml.Node) (float64, bool) {
	if n.Kind != yaml.ScalarNode || (n.ShortTag() != "!!int" && n.ShortTag() != "!!float") {
		return 0, false
	}
	var f float64
	return f, n.Decode(&f) == nil
}

// describe words what a node holds, for "got ..." in messages.
func describe(n *yaml.Node) string {
	switch n.Kind {
	case yaml.MappingNode:
		return "key: value pairs"
	case yaml.SequenceNode:
		return "a list"
	}
	v := n.Value
	if n.ShortTag() == "!!null" && (v == "" || v == "~") {
		return "nothing"
	}
	if r := []rune(v); len(r) > 40 {
		v = string(r[:37]) + "..."
	}
	if n.Style&(yaml.DoubleQuotedStyle|yaml.SingleQuotedStyle) != 0 || strings.ContainsAny(v, "\n\t") {
		return strconv.Quote(v)
	}
	return v
}

var yamlLine = regexp.MustCompile(`^yaml: line (\d+): `)

// syntaxError words a yaml.v3 parse error of data for after the file
// name: ":LINE: cause" (the parser gives no column, and no line for the
// first line) or ": cause". A tab in an indentation, the usual cause, is
// named with its line and column.
func syntaxError(data []byte, err error) string {
	msg := err.Error()
	line := 0
	if m := yamlLine.FindStringSubmatch(msg); m != nil {
		line, _ = strconv.Atoi(m[1])
		msg = msg[len(m[0]):]
	} else {
		msg = strings.TrimPrefix(msg, "yaml: ")
	}
	for i, l := range strings.Split(string(data), "\n") {
		indent := l[:len(l)-len(strings.TrimLeft(l, " \t"))]
		if col := strings.IndexByte(indent, '\t'); col >= 0 && (line == 0 || line == i+1 || strings.Contains(msg, "tab")) {
			return fmt.Sprintf(":%d:%d: a tab in the indentation; indent with spaces", i+1, col+1)
		}
	}
	if line > 0 {
		return fmt.Sprintf(":%d: %s", line, msg)
	}
	return ": " + msg
}
