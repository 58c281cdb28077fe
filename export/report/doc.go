// Package report writes the HTML report of a build: report.html, which a
// person opens from the output folder (file:// is enough: it fetches
// nothing from the network), and beside it report/, the data it loads
// page by page through <script> elements. The page shows the build's
// totals and settings, a histogram of fp_area per shape kind (a column
// filters the grid to its sprites), and a grid of every sprite with its
// shapes drawn as SVG over its 1x image, its figures and a flag where a
// shape leaves a pixel outside or fits poorly; the grid can be sorted,
// filtered and toggled by kind, and a sprite opened on its own.
//
// A Writer takes the sprites one at a time in name order and holds only
// a page of data, the first cards, totals and counts, so a build's memory
// does not grow with the number of sprites; report.html holds the first
// cards of its opening order, so they show at once whatever that number.
// The report writes only to the io.WriteClosers its caller opens for each
// file (Files lists them); it never touches a file system. All data is
// written with encoding/json. The list of shape kinds, their colours and
// strokes come to the page in its data; the page's script names none.
package report
