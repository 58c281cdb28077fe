# Shared by the bench scripts: source it after `set -euo pipefail`, from
# the repository's root. It builds the binary into $bin, makes an empty
# output folder $out (both removed on exit) and defines ms and median.
bin=$(mktemp -d)/shapegen
out=$(mktemp -d)
trap 'rm -rf "$(dirname "$bin")" "$out"' EXIT
go build -o "$bin" ./cmd/shapegen

# ms prints the wall time of a command in milliseconds (bash's clock: no
# process started around the command).
ms() {
  local s=$EPOCHREALTIME
  "$@" >/dev/null
  awk -v s="$s" -v e="$EPOCHREALTIME" 'BEGIN {printf "%.1f\n", 1000*(e-s)}'
}

# median prints the median of the numbers on its input, one per line.
median() { sort -g | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }
