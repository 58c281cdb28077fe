package config

import (
	"path"
	"strings"
)

// Match reports whether the slash-separated relative path name matches
// pattern, where "**" as a whole path element matches zero or more
// elements and every other element is matched with path.Match. A malformed
// pattern matches nothing (Validate reports it).
func Match(pattern, name string) bool {
	return matchParts(strings.Split(pattern, "/"), strings.Split(name, "/"))
}

func matchParts(pat, name []string) bool {
	for len(pat) > 0 {
		if pat[0] == "**" {
			for i := 0; i <= len(name); i++ {
				if matchParts(pat[1:], name[i:]) {
					return true
				}
			}
			return false
		}
		if len(name) == 0 {
			return false
		}
		if ok, err := path.Match(pat[0], name[0]); err != nil || !ok {
			return false
		}
		pat, name = pat[1:], name[1:]
	}
	return len(name) == 0
}

// validGlob reports whether every element of pattern is valid path.Match
// syntax.
func validGlob(pattern string) bool {
	if pattern == "" {
		return false
	}
	for _, p := range strings.Split(pattern, "/") {
		if _, err := path.Match(p, ""); err != nil {
			return false
		}
	}
	return true
}
