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
bin=$(mktemp -d)/shapegen
out=$(mktemp -d)
trap 'rm -rf "$(dirname "$bin")" "$out"' EXIT
go build -o "$bin" ./cmd/shapegen

# ms prints the wall time of a command in milliseconds.
ms() {
  local s=$EPOCHREALTIME
  "$@" >/dev/null
  awk -v s="$s" -v e="$EPOCHREALTIME" 'BEGIN {printf "%.1f\n", 1000*(e-s)}'
}
median() { tr ' ' '\n' | sort -g | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }

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
p=$(echo $plain | median)
v=$(echo $previews | median)
echo "median cold $p ms, with --preview $v ms: previews and report add $(awk -v p="$p" -v v="$v" 'BEGIN {printf "%.2f", (v-p)/p}')x the cold build (target <= 1)"
