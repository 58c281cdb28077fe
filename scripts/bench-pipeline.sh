#!/usr/bin/env bash
# Figures of the build pipeline on the shared corpus (see README "Figures"):
# cold build vs decode-only in one benchmark run, warm re-run, peak memory.
#   scripts/bench-pipeline.sh [CORPUS]
set -euo pipefail
cd "$(dirname "$0")/.."
corpus=${1:-../shared/corpus/platformer-art}
bin=$(mktemp -d)/shapegen
out=$(mktemp -d)
trap 'rm -rf "$(dirname "$bin")" "$out"' EXIT
go build -o "$bin" ./cmd/shapegen

echo "== cold build / decode-only, same run, GOMAXPROCS=$(nproc)"
go test ./internal/pipeline -run '^$' -bench 'CorpusRatio' -benchtime 10x -count 3 | grep -E '^Benchmark'

echo "== cold build (binary, no previews): wall time and max RSS"
/usr/bin/time -f 'cold: %e s wall, %M KB max RSS' "$bin" build "$corpus" -o "$out" >/dev/null
echo "== warm re-runs, nothing changed"
for i in 1 2 3; do
  /usr/bin/time -f "warm: %e s wall, %M KB max RSS" "$bin" build "$corpus" -o "$out" >/dev/null
done
echo "== cold again (empty output folder) for the warm/cold ratio"
rm -rf "$out" && mkdir -p "$out"
/usr/bin/time -f 'cold: %e s wall, %M KB max RSS' "$bin" build "$corpus" -o "$out" >/dev/null
