// Package plural writes counts in the lines shapegen says to its user:
// "1 cell", "2 cells".
package plural

import "strconv"

// Count returns n and noun, the noun with an "s" added unless n is 1:
// Count(1, "empty cell") is "1 empty cell", Count(0, "speck") is
// "0 specks". The last word of noun takes the "s"; nouns whose plural is
// not so made use Of.
func Count(n int, noun string) string {
	return Of(n, noun, noun+"s")
}

// Of returns n and one when n is 1, else n and many: Of(2, "vertex",
// "vertices") is "2 vertices".
func Of(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return strconv.Itoa(n) + " " + many
}
