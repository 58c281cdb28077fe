package export

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"strings"
	"unicode"
)

// WriteYAML writes lib to w as YAML with the same keys, order and checks as
// WriteJSON: block style for the library, the sprites, the quality map and
// several pieces or outline rings; flow style ([x, y], {x: 0, ...}) for
// everything WriteJSON puts on one line. Strings are plain when they are
// simple words or paths that cannot read as anything else, and
// double-quoted otherwise.
func WriteYAML(w io.Writer, lib *Library) error {
	raw, err := marshal(lib)
	if err != nil {
		return err
	}
	// The YAML is written straight from the compact JSON with the JSON
	// layout's rule; going through a yaml.Node tree was ten times slower.
	var buf bytes.Buffer
	if err := layoutYAML(&buf, raw, nil, ""); err != nil {
		return err
	}
	_, err = w.Write(buf.Bytes())
	return err
}

// layoutYAML writes the entries of the block object or array raw at path,
// one line each (nested blocks below), each line starting with indent.
func layoutYAML(b *bytes.Buffer, raw json.RawMessage, path []string, indent string) error {
	if raw[0] == '[' {
		for _, e := range splitTop(raw) {
			b.WriteString(indent + "- ")
			if err := yamlValue(b, e, append(path, "#"), indent+"  ", true); err != nil {
				return err
			}
		}
		return nil
	}
	fields, err := objectFields(raw)
	if err != nil {
		return err
	}
	for i, f := range fields {
		if i > 0 || len(path) == 0 || path[len(path)-1] != "#" {
			b.WriteString(indent) // a sequence entry's first key follows its "- "
		}
		yamlString(b, f.key)
		b.WriteByte(':')
		if err := yamlValue(b, f.val, append(path, f.key), indent+"  ", false); err != nil {
			return err
		}
	}
	return nil
}

// yamlValue writes the value raw at path after its key's colon (or after
// "- " when inSeq) and ends the line, writing a block value's entries on
// the following lines at indent.
func yamlValue(b *bytes.Buffer, raw json.RawMessage, path []string, indent string, inSeq bool) error {
	n := 0
	if raw[0] == '{' || raw[0] == '[' {
		n = len(splitTop(raw))
	}
	if !block(path, n) {
		if !inSeq {
			b.WriteByte(' ')
		}
		if err := yamlFlow(b, raw); err != nil {
			return err
		}
		b.WriteByte('\n')
		return nil
	}
	if inSeq { // a block mapping inside a sequence entry starts on its line
		return layoutYAML(b, raw, path, indent)
	}
	b.WriteByte('\n')
	return layoutYAML(b, raw, path, indent)
}

// yamlFlow writes the compact JSON value raw in YAML flow style.
func yamlFlow(b *bytes.Buffer, raw json.RawMessage) error {
	switch raw[0] {
	case '{':
		fields, err := objectFields(raw)
		if err != nil {
			return err
		}
		b.WriteByte('{')
		for i, f := range fields {
			if i > 0 {
				b.WriteString(", ")
			}
			yamlString(b, f.key)
			b.WriteString(": ")
			if err := yamlFlow(b, f.val); err != nil {
				return err
			}
		}
		b.WriteByte('}')
	case '[':
		b.WriteByte('[')
		for i, e := range splitTop(raw) {
			if i > 0 {
				b.WriteString(", ")
			}
			if err := yamlFlow(b, e); err != nil {
				return err
			}
		}
		b.WriteByte(']')
	case '"':
		var s string
		if err := json.Unmarshal(raw, &s); err != nil {
			return err
		}
		yamlString(b, s)
	default: // numbers, true, false, null read the same in YAML
		b.Write(raw)
	}
	return nil
}

// yamlString writes s plain when that is safe in block and flow context
// alike, else double-quoted with every character that is not printable
// (or is a byte-order mark) escaped.
func yamlString(b *bytes.Buffer, s string) {
	if plainSafe(s) {
		b.WriteString(s)
		return
	}
	b.WriteByte('"')
	for _, r := range s {
		switch {
		case r == '"' || r == '\\':
			b.WriteByte('\\')
			b.WriteRune(r)
		case r == '\n':
			b.WriteString(`\n`)
		case r == '\t':
			b.WriteString(`\t`)
		case r < 0x80 && r >= 0x20 && r != 0x7f, r >= 0x80 && unicode.IsPrint(r) && r != 0xfeff:
			b.WriteRune(r)
		case r <= 0xffff:
			fmt.Fprintf(b, `\u%04x`, r)
		default:
			fmt.Fprintf(b, `\U%08x`, r)
		}
	}
	b.WriteByte('"')
}

// plainSafe reports whether s can be written as a plain YAML scalar and
// read back as the same string: it starts with a letter or '_', holds only
// letters, digits, inner spaces and "_./+=-" (none of which is a YAML
// indicator after the first character), and is not a word YAML 1.1 or 1.2
// reads as a boolean or null.
func plainSafe(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		letter := c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c == '_'
		if !letter && (i == 0 || !(c >= '0' && c <= '9' || strings.IndexByte("./+=- ", c) >= 0)) {
			return false
		}
	}
	if s[len(s)-1] == ' ' {
		return false
	}
	switch strings.ToLower(s) {
	case "true", "false", "null", "yes", "no", "on", "off":
		return false
	}
	return true
}
