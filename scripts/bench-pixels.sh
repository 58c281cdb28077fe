#!/usr/bin/env bash
# Pixel overlap against pygame (issue 15): mask.Overlap and
# mask.OverlapArea beside pygame's Mask.overlap and Mask.overlap_area on
# the same masks and offsets, measured in one run, alternating ROUNDS
# times (default 5), and the ratio of the medians (Go / pygame; the target
# is at most 0.7).
#   scripts/bench-pixels.sh [ROUNDS]
# Needs pygame for /usr/bin/python3 (Debian's python3-pygame).
set -euo pipefail
cd "$(dirname "$0")/.."
rounds=${1:-5}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
go test -c -o "$tmp/mask.test" ./mask
for i in $(seq "$rounds"); do
  /usr/bin/python3 scripts/bench-pixels.py 1 >>"$tmp/py.txt"
  (cd mask && "$tmp/mask.test" -test.run '^$' -test.bench 'PygameCases' -test.count 1) >>"$tmp/go.txt"
done
# go.txt: "BenchmarkPygameCases/overlap/64/aligned-2  N  431.6 ns/op ..."
awk '
  FNR == NR { if ($1 == "overhead") oh[++no] = $2; else py[$1] = py[$1] " " $2; next }
  /^BenchmarkPygameCases\// { k = $1; sub(/^BenchmarkPygameCases\//, "", k); sub(/-[0-9]+$/, "", k); go[k] = go[k] " " $3 }
  function median(s,   a, n, i, j, t) {
    n = split(s, a, " ")
    for (i = 2; i <= n; i++) for (j = i; j > 1 && a[j] + 0 < a[j-1] + 0; j--) { t = a[j]; a[j] = a[j-1]; a[j-1] = t }
    return n % 2 ? a[(n+1)/2] : (a[n/2] + a[n/2+1]) / 2
  }
  function range(s,   a, n, i, lo, hi) {
    n = split(s, a, " "); lo = hi = a[1]
    for (i = 2; i <= n; i++) { if (a[i] + 0 < lo + 0) lo = a[i]; if (a[i] + 0 > hi + 0) hi = a[i] }
    return sprintf("%.0f-%.0f", lo, hi)
  }
  END {
    printf "%-24s %20s %20s %8s\n", "case (ns per call)", "Go median (range)", "pygame median (range)", "Go/pg"
    split("overlap area", ops, " "); split("64 256 1024", ns, " "); split("aligned unaligned", al, " ")
    for (o = 1; o <= 2; o++) for (s = 1; s <= 3; s++) for (l = 1; l <= 2; l++) {
      k = ops[o] "/" ns[s] "/" al[l]
      g = median(go[k]); p = median(py[k])
      printf "%-24s %8.0f (%9s) %8.0f (%9s) %8.2f\n", k, g, range(go[k]), p, range(py[k]), g / p
    }
    s = ""; for (i = 1; i <= no; i++) s = s " " oh[i]
    printf "pygame call overhead (Mask.get_size): median %.0f ns\n", median(s)
  }' "$tmp/py.txt" "$tmp/go.txt"
