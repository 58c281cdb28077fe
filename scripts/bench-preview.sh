#!/usr/bin/env bash
# What --preview adds to a cold build on the shared corpus (see README
# "Figures"): cold builds with and without previews, alternating, from an
# empty output folder each time, and peak memory.
#   scripts/bench-preview.sh [CORPUS]
# The output folder is made under TMPDIR (default /tmp), so
#   TMPDIR=/dev/shm scripts/bench-preview.sh
# measures the same on tmpfs, where creating a file costs far less.
set -euo pipefail
cd "$(dirname "$0")/.."
corpus=${1:-../shared/corpus/platformer-art}
. scripts/lib.sh

plain="" previews=""
for i in 1 2 3 4 5 6 7; do
  rm -rf "$out" && mkdir -p "$out"
  plain="$plain $(ms "$bin" build "$corpus" -o "$out" --no-cache)"
  rm -rf "$out" && mkdir -p "$out"
  previews="$previews $(ms "$bin" build "$corpus" -o "$out" --no-cache --preview)"
done
echo "output folder on: $(df --output=fstype "$out" | tail -1)"
echo "cold build, ms:                 $plain"
echo "cold build with --preview, ms:  $previews"
rm -rf "$out" && mkdir -p "$out"
/usr/bin/time -f 'peak memory with --preview: %M KB' "$bin" build "$corpus" -o "$out" --no-cache --preview >/dev/null
p=$(echo $plain | tr ' ' '\n' | median)
v=$(echo $previews | tr ' ' '\n' | median)
echo "median cold $p ms, with --preview $v ms: previews and report add $(awk -v p="$p" -v v="$v" 'BEGIN {printf "%.2f", (v-p)/p}')x the cold build (target <= 1)"
