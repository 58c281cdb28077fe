#!/usr/bin/env bash
# Figures of the build pipeline on the shared corpus (see README "Figures"):
# cold build vs decode-only in one benchmark run, warm re-run, peak memory.
#   scripts/bench-pipeline.sh [CORPUS]
# Wall times of the binary are in milliseconds; the warm/cold
# ratio is the median warm run over the median cold run (target < 5%).
set -euo pipefail
cd "$(dirname "$0")/.."
corpus=${1:-../shared/corpus/platformer-art}
. scripts/lib.sh

echo "== cold build / decode-only, same run, GOMAXPROCS=$(nproc)"
go test ./internal/pipeline -run '^$' -bench 'CorpusRatio' -benchtime 10x -count 3 | grep -E '^Benchmark'


echo "== peak memory of a cold build (binary, no previews)"
/usr/bin/time -f 'cold: %e s wall, %M KB max RSS' "$bin" build "$corpus" -o "$out" >/dev/null
echo "== cold builds from an empty output folder, ms"
colds=$(for i in 1 2 3 4 5; do rm -rf "$out" && mkdir -p "$out"; ms "$bin" build "$corpus" -o "$out"; done)
echo $colds
echo "== warm re-runs, nothing changed, ms"
warms=$(for i in $(seq 9); do ms "$bin" build "$corpus" -o "$out"; done)
echo $warms
/usr/bin/time -f 'warm: %e s wall, %M KB max RSS' "$bin" build "$corpus" -o "$out" >/dev/null
c=$(echo "$colds" | tr ' ' '\n' | median)
w=$(echo "$warms" | tr ' ' '\n' | median)
echo "median cold $c ms, median warm $w ms, warm/cold $(awk -v w="$w" -v c="$c" 'BEGIN {printf "%.1f%%", 100*w/c}')"
