// compact.js: node compact.js shapes.json shapes.compact
// Reads both forms of one library with shapegen.read and compares them
// key by key, numbers with Object.is (so -0 is not 0 and NaN is NaN).
// Prints "same N sprites" or the first difference, and exits 1 on one.
"use strict";
const fs = require("fs");
const shapegen = require("../shapegen.js");

const fromJSON = shapegen.read(fs.readFileSync(process.argv[2], "utf8"));
const fromCompact = shapegen.read(fs.readFileSync(process.argv[3]));

// diff returns the path of the first difference of a and b, or "".
function diff(a, b, path) {
  if (typeof a !== typeof b || (a === null) !== (b === null) || Array.isArray(a) !== Array.isArray(b)) {
    return path + ": " + JSON.stringify(a) + " vs " + JSON.stringify(b);
  }
  if (typeof a === "number") {
    return Object.is(a, b) ? "" : path + ": " + a + " vs " + b;
  }
  if (typeof a !== "object" || a === null) {
    return a === b ? "" : path + ": " + JSON.stringify(a) + " vs " + JSON.stringify(b);
  }
  const ka = Object.keys(a).sort(), kb = Object.keys(b).sort();
  if (ka.join("\n") !== kb.join("\n")) {
    return path + ": keys " + ka + " vs " + kb;
  }
  for (const k of ka) {
    const d = diff(a[k], b[k], path + "." + k);
    if (d) return d;
  }
  return "";
}

const d = diff(fromJSON, fromCompact, "library");
if (d) {
  console.log("differ: " + d);
  process.exit(1);
}
console.log("same " + Object.keys(fromCompact.sprites).length + " sprites");
