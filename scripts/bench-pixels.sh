#!/usr/bin/env bash
# Pixel overlap against pygame (issue 15): mask.Overlap and
# mask.OverlapArea beside pygame's Mask.overlap and Mask.overlap_area on
# the same masks and offsets, measured in one run, alternating ROUNDS
# times (default 5), and the ratio of the medians (Go / pygame; the target
# is at most 0.7), by wall time and by process CPU time (which other work
# on a shared machine stretches far less).
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
# py.txt: "overlap/64/aligned WALL CPU"; go.txt: "BenchmarkPygameCases/
# overlap/64/aligned-2  N  WALL ns/op  CPU cpu-ns/op ...".
awk '
  FNR == NR { if ($1 == "overhead") { ow = ow " " $2; oc = oc " " $3 } else { pw[$1] = pw[$1] " " $2; pc[$1] = pc[$1] " " $3 }; next }
  /^BenchmarkPygameCases\// { k = $1; sub(/^BenchmarkPygameCases\//, "", k); sub(/-[0-9]+$/, "", k); gw[k] = gw[k] " " $3; gc[k] = gc[k] " " $5 }
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
    print "ns per call, median of the rounds (range); Go/pg is the ratio of the medians (target <= 0.7)"
    printf "%-22s %-26s %-26s %6s | %-24s %-24s %6s\n", "case", "Go wall", "pygame wall", "Go/pg", "Go CPU", "pygame CPU", "Go/pg"
    split("overlap area", ops, " "); split("64 256 1024", ns, " "); split("aligned unaligned", al, " ")
    for (o = 1; o <= 2; o++) for (s = 1; s <= 3; s++) for (l = 1; l <= 2; l++) {
      k = ops[o] "/" ns[s] "/" al[l]
      printf "%-22s %7.0f (%-16s) %7.0f (%-16s) %6.2f | %7.0f (%-14s) %7.0f (%-14s) %6.2f\n", k,
        median(gw[k]), range(gw[k]), median(pw[k]), range(pw[k]), median(gw[k]) / median(pw[k]),
        median(gc[k]), range(gc[k]), median(pc[k]), range(pc[k]), median(gc[k]) / median(pc[k])
    }
    printf "pygame call overhead (Mask.get_size): wall %.0f ns, CPU %.0f ns\n", median(ow), median(oc)
  }' "$tmp/py.txt" "$tmp/go.txt"
