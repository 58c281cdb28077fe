package atlas

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"strings"
)

// parseList reads a frame list, one entry a line:
//
//	name = x y w h [n]
//	name x y w h [n]
//
// The name may carry an extension; in the first form it runs up to the
// last '=' and may hold spaces, in the second it is the first field. x y
// is the frame's top-left and w h its size. With n, the line is an
// animation of n frames of w x h laid side by side to the right, from x:
// frames name/0 ... name/(n-1) and an Animation named name. Blank lines
// and lines starting with # are skipped.
func parseList(b *builder, text []byte) error {
	sc := bufio.NewScanner(bytes.NewReader(text))
	sc.Buffer(nil, len(text)+1)
	for n := 1; sc.Scan(); n++ {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		name, v, err := listLine(line)
		if err != nil {
			b.problem(n, name, "%v", err)
			continue
		}
		if len(v) == 4 {
			b.add(entry{line: n, name: name, index: -1, x: v[0], y: v[1], w: v[2], h: v[3]})
			continue
		}
		count := v[4]
		switch {
		case count < 1:
			b.problem(n, name, "frame count %d is not positive", count)
			continue
		case v[2] <= 0 || v[3] <= 0:
			b.problem(n, name, "size %dx%d is empty or negative", v[2], v[3])
			continue
		case int64(v[0])+int64(count)*int64(v[2]) > maxCoord:
			b.problem(n, name, "%d frames of width %d from x %d run past x %d", count, v[2], v[0], maxCoord)
			continue
		}
		if !b.room(n, count) {
			continue
		}
		anim := rawAnim{line: n, name: CleanName(name), members: make([]int, 0, count)}
		for i := range count {
			anim.members = append(anim.members, b.add(entry{line: n, name: name, index: i, x: v[0] + i*v[2], y: v[1], w: v[2], h: v[3]}))
		}
		b.anims = append(b.anims, anim)
	}
	return sc.Err()
}

// listLine parses one non-blank list line into its name and its four or
// five numbers.
func listLine(line string) (string, []int, error) {
	var name string
	var fields []string
	if i := strings.LastIndexByte(line, '='); i >= 0 {
		name, fields = strings.TrimSpace(line[:i]), strings.Fields(line[i+1:])
	} else {
		f := strings.Fields(line)
		name, fields = f[0], f[1:]
	}
	if len(fields) != 4 && len(fields) != 5 {
		return name, nil, fmt.Errorf("want \"name x y w h\" or \"name x y w h n\" (with or without '='), got %q", line)
	}
	if name == "" {
		return name, nil, errors.New("no name")
	}
	v := make([]int, len(fields))
	for i, s := range fields {
		var err error
		if v[i], err = whole(s); err != nil {
			return name, nil, err
		}
	}
	return name, v, nil
}
