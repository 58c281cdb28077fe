#!/usr/bin/env bash
# The scale figures of issue 15, in one run: folders of 10,000 and 100,000
# sprites made from the corpus in a temporary directory (removed on exit),
# then for each folder and for json alone and every format: cold build time
# and peak RSS, a warm re-run, a re-run after changing 1% of the PNGs; the
# --preview and --masks peak RSS at 10,000; cold build against decoding the
# same PNGs with image/png alone (scripts/decodeall), alternating; the
# OpenCV script against `build --no-cache`, alternating; both comparisons
# again after the copies are made distinct (see compare); the output sizes;
# shapes.compact against shapes.json, in bytes and in export.Load's time
# (scripts/loadtime, which also checks that both hold one library).
# A table with the goals beside the figures ends the run.
#
#   scripts/scale.sh [--sizes 10000,100000] [--quick] [--corpus DIR]
#
# --quick: 10,000 sprites only, fewer repeats. A folder holds whole copies
# of the corpus (c000/, c001/, ...: every PNG with its atlas files) until
# `shapegen build` reports at least the asked number of sprites. Peak RSS
# is /usr/bin/time's %M; MB are 10^6 bytes. Times are wall seconds of the
# whole process; medians where a step repeats. 2 cores take many minutes
# for the 100,000 folder.
set -euo pipefail
cd "$(dirname "$0")/.."

usage() { grep -m1 '^#   scripts/scale.sh' "$0" | sed 's/^# *//' >&2; exit 2; }
sizes=10000,100000
quick=0
corpus=../shared/corpus/platformer-art
while [ $# -gt 0 ]; do
  case $1 in
    --sizes) [ $# -ge 2 ] || usage; sizes=$2; shift 2 ;;
    --sizes=*) sizes=${1#*=}; shift ;;
    --quick) quick=1; shift ;;
    --corpus) [ $# -ge 2 ] || usage; corpus=$2; shift 2 ;;
    *) usage ;;
  esac
done
if [ $quick = 1 ]; then
  sizes=10000 warms=2 changes=1 pairs=2
else
  warms=3 changes=3 pairs=3
fi
[ -d "$corpus" ] || { echo "no corpus at $corpus" >&2; exit 2; }
corpus=$(cd "$corpus" && pwd)
opencv=$(cd ../shared/tools && pwd)/opencv_baseline.py
all=json,yaml,compact,lua,godot,godot3,tiled,phaser

tmp=$(mktemp -d "${TMPDIR:-/tmp}/shapegen-scale.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
go build -o "$tmp/bin/shapegen" ./cmd/shapegen
go build -o "$tmp/bin/decodeall" ./scripts/decodeall
go build -o "$tmp/bin/perturb" ./scripts/perturb
go build -o "$tmp/bin/loadtime" ./scripts/loadtime
sg=$tmp/bin/shapegen

declare -A R # results, keyed "size.what"

# timed CMD...: runs CMD with stdout in $tmp/stdout, sets secs and kb
# (wall seconds, peak RSS in KiB). Exit status 1 (some sprite failed) is
# reported and tolerated; anything else stops the script.
timed() {
  local rc=0
  /usr/bin/time -f '%e %M' -o "$tmp/time" "$@" >"$tmp/stdout" 2>"$tmp/stderr" || rc=$?
  if [ $rc -gt 1 ]; then
    echo "failed ($rc): $*" >&2; cat "$tmp/stderr" >&2; exit 1
  fi
  [ $rc = 0 ] || echo "  exit status $rc: $(head -3 "$tmp/stderr")"
  read -r secs kb < <(tail -1 "$tmp/time")
}
median() { tr ' ' '\n' | grep . | sort -g | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }
maxof() { tr ' ' '\n' | grep . | sort -g | tail -1; }
mb() { awk -v k="$1" 'BEGIN {printf "%.0f", k*1024/1e6}'; }
pct() { awk -v a="$1" -v b="$2" 'BEGIN {printf "%.1f%%", 100*a/b}'; }
ratio() { awk -v a="$1" -v b="$2" 'BEGIN {printf "%.2f", a/b}'; }
bytes() { du -sb "$@" 2>/dev/null | awk '{s+=$1} END {print s+0}'; }
human() { awk -v b="$1" 'BEGIN {printf "%.1f MB", b/1e6}'; }
sprites() { grep -oE '^[0-9]+ images, [0-9]+ sprites' "$tmp/stdout" | head -1; }

echo "== shapegen scale: $(date -u '+%Y-%m-%d %H:%M UTC'), $(hostname), $(grep -m1 'model name' /proc/cpuinfo | sed 's/.*: //'), $(nproc) cores, $(free -g | awk '/^Mem:/ {print $2}') GB RAM, $(go env GOVERSION), commit $(git rev-parse --short HEAD)$(git diff --quiet HEAD -- . ':!scripts' || echo +changes), load $(cut -d' ' -f1-3 /proc/loadavg)"

timed "$sg" build "$corpus" -o "$tmp/probe"
per=$(sprites | awk '{print $3}')
echo "corpus: $(sprites) per copy"
rm -rf "$tmp/probe"

# compare KEY DIR: a cold build (fresh OUT, json) against image/png alone
# on the same files, and the OpenCV script against `build --no-cache`, each
# pair alternating; the medians go to R[KEY.dec], R[KEY.deccold], R[KEY.cv]
# and R[KEY.nocache], how many sprites the cold build gave and how many of
# them repeat another's mask ("same_as") to R[KEY.computed].
compare() {
  local k=$1 dir=$2 ds= bs= os= ns= dline oline
  for _ in $(seq $pairs); do
    timed "$tmp/bin/decodeall" "$dir"; ds+=" $secs"; dline=$(cat "$tmp/stdout")
    rm -rf "$tmp/out-dec"
    timed "$sg" build "$dir" -o "$tmp/out-dec"; bs+=" $secs"
  done
  R[$k.computed]="$(sprites | awk '{print $3}') sprites, $(grep -o '"same_as"' "$tmp/out-dec/shapes.json" | wc -l) repeated"
  rm -rf "$tmp/out-dec"
  R[$k.dec]=$(echo $ds | median); R[$k.deccold]=$(echo $bs | median); R[$k.colds]=$bs
  echo "$k decode-only:$ds s ($dline); cold build:$bs s (${R[$k.computed]})"
  for _ in $(seq $pairs); do
    timed /usr/bin/python3 "$opencv" "$dir"; os+=" $secs"; oline=$(cat "$tmp/stdout")
    timed "$sg" build "$dir" -o "$tmp/out-cv" --no-cache; ns+=" $secs"
  done
  rm -rf "$tmp/out-cv"
  R[$k.cv]=$(echo $os | median); R[$k.nocache]=$(echo $ns | median)
  echo "$k opencv:$os s ($oline); build --no-cache:$ns s"
}

change=0 # perturb offset: each 1% change takes files no earlier one took
for n in ${sizes//,/ }; do
  copies=$(( (n + per - 1) / per ))
  dir=$tmp/art-$n
  mkdir -p "$dir"
  for i in $(seq 0 $((copies - 1))); do cp -r "$corpus" "$dir/$(printf c%03d "$i")"; done
  echo "== $n: $copies corpus copies in $dir"

  for f in json all; do
    formats=json; [ $f = all ] && formats=$all
    out=$tmp/out-$n-$f
    timed "$sg" build "$dir" -o "$out" --formats "$formats"
    R[$n.sprites]=$(sprites)
    cold=$secs; R[$n.$f.cold]=$secs; R[$n.$f.coldkb]=$kb; rss=$kb
    echo "$f cold: $secs s, $(mb $kb) MB peak ($(sprites))"
    ws=
    for _ in $(seq $warms); do
      timed "$sg" build "$dir" -o "$out" --formats "$formats"
      ws+=" $secs"; rss+=" $kb"
    done
    R[$n.$f.warm]=$(echo $ws | median)
    echo "$f warm:$ws s"
    cs=
    for _ in $(seq $changes); do
      "$tmp/bin/perturb" -every 100 -offset $change "$dir" >"$tmp/perturbed"
      change=$((change + 1))
      timed "$sg" build "$dir" -o "$out" --formats "$formats"
      cs+=" $secs"; rss+=" $kb"
    done
    R[$n.$f.change]=$(echo $cs | median)
    R[$n.$f.maxkb]=$(echo $rss | maxof)
    echo "$f 1% change ($(cat "$tmp/perturbed")):$cs s"
    R[$n.$f.json]=$(bytes "$out/shapes.json")
    R[$n.$f.cache]=$(bytes "$out/.shapegen-cache")
    R[$n.$f.report]=$(bytes "$out/report" "$out/report.html")
    R[$n.$f.out]=$(bytes "$out")
    if [ $f = all ]; then
      # export.Load of both library forms, which must hold one library.
      "$tmp/bin/loadtime" "$out/shapes.json" "$out/shapes.compact" | tee "$tmp/load"
      R[$n.compact]=$(bytes "$out/shapes.compact"); R[$n.alljson]=$(bytes "$out/shapes.json")
      R[$n.loadjson]=$(awk -F'load ' 'NR==1 {split($2, a, " "); print a[1]}' "$tmp/load")
      R[$n.loadcompact]=$(awk -F'load ' 'NR==2 {split($2, a, " "); print a[1]}' "$tmp/load")
      rm -rf "$out"
    fi
  done

  if [ "$n" = 10000 ]; then
    for flag in --preview --masks; do
      timed "$sg" build "$dir" -o "$tmp/out-$n$flag" $flag
      R[$n$flag.kb]=$kb; R[$n$flag.secs]=$secs; R[$n$flag.out]=$(bytes "$tmp/out-$n$flag")
      echo "cold $flag: $secs s, $(mb $kb) MB peak, OUT $(human "${R[$n$flag.out]}")"
      rm -rf "$tmp/out-$n$flag"
    done
  fi

  compare "$n" "$dir"
  # The json shares are of the median of every cold json build (a shared
  # machine makes one run noisy); every format has one cold build.
  R[$n.json.cold]=$(echo "${R[$n.json.cold]}${R[$n.colds]}" | median)

  # The copies repeat each other's masks, and a build computes a repeated
  # mask once (README, "Repeated frames"), so the same comparisons again
  # after copy i (i >= 1) has the pixel i*7919 (mod its area) of every PNG
  # flipped: no two copies then share a mask but where a sheet's frames
  # miss the flipped pixel. Each copy repeats itself no more than the
  # corpus does.
  for i in $(seq 1 $((copies - 1))); do
    "$tmp/bin/perturb" -every 1 -salt "$i" "$dir/$(printf c%03d "$i")" >/dev/null &
    [ $((i % $(nproc))) = 0 ] && wait
  done
  wait
  compare "$n.distinct" "$dir"
  rm -rf "$dir" "$tmp/out-$n-json"
done

ok() { awk -v a="$1" -v b="$2" 'BEGIN {print (a <= b) ? "ok" : "MISSED"}'; }
echo
echo "== scale figures (goals of issue 15), load $(cut -d" " -f1-3 /proc/loadavg)"
printf '%-9s %-34s %7s %8s %8s %14s %14s\n' size sprites formats "cold s" "peak MB" "warm s" "1% change s"
for n in ${sizes//,/ }; do
  for f in json all; do
    printf '%-9s %-34s %7s %8s %8s %14s %14s\n' "$n" "${R[$n.sprites]}" "$f" "${R[$n.$f.cold]}" \
      "$(mb "${R[$n.$f.maxkb]}")" "${R[$n.$f.warm]} $(pct "${R[$n.$f.warm]}" "${R[$n.$f.cold]}")" \
      "${R[$n.$f.change]} $(pct "${R[$n.$f.change]}" "${R[$n.$f.cold]}")"
  done
done
echo "(peak MB: the highest of the cold, warm and 1% runs; shares of that row's cold s: for json the median of $((pairs + 1)) cold builds)"
echo
printf '%-38s %-12s' goal ""
for n in ${sizes//,/ }; do printf ' %-26s' "$n sprites"; done; echo
row() { # row LABEL GOAL FN: FN n prints "figure verdict"
  printf '%-38s %-12s' "$1" "$2"
  for n in ${sizes//,/ }; do printf ' %-26s' "$($3 "$n")"; done; echo
}
memj() { local m; m=$(mb "${R[$1.json.maxkb]}"); echo "$m MB $(ok "$m" 200)"; }
mema() { local m; m=$(mb "${R[$1.all.maxkb]}"); echo "$m MB $(ok "$m" 200)"; }
warmj() { local p; p=$(pct "${R[$1.json.warm]}" "${R[$1.json.cold]}"); echo "$p $(ok "${p%\%}" 3)"; }
warma() { local p; p=$(pct "${R[$1.all.warm]}" "${R[$1.all.cold]}"); echo "$p $(ok "${p%\%}" 3)"; }
chj() { local p; p=$(pct "${R[$1.json.change]}" "${R[$1.json.cold]}"); [ "$1" = 100000 ] && p+=" $(ok "${p%\%}" 5)"; echo "$p"; }
cha() { local p; p=$(pct "${R[$1.all.change]}" "${R[$1.all.cold]}"); [ "$1" = 100000 ] && p+=" $(ok "${p%\%}" 5)"; echo "$p"; }
dec() { local r; r=$(ratio "${R[$1.deccold]}" "${R[$1.dec]}"); echo "${R[$1.deccold]}/${R[$1.dec]} = $r $(ok "$r" 1.0)"; }
cv() { local r; r=$(ratio "${R[$1.nocache]}" "${R[$1.cv]}"); echo "${R[$1.nocache]}/${R[$1.cv]} = $r $(ok "$r" 0.4)"; }
decd() { dec "$1.distinct"; }
cvd() { cv "$1.distinct"; }
rep0() { :; }
comp() { echo "${R[$1.computed]}"; }
compd() { echo "${R[$1.distinct.computed]}"; }
cache() { echo "$(human "${R[$1.json.cache]}") $(ok "${R[$1.json.cache]}" "${R[$1.json.json]}")"; }
js() { human "${R[$1.json.json]}"; }
compact() { local r; r=$(ratio "${R[$1.compact]}" "${R[$1.alljson]}"); echo "$(human "${R[$1.compact]}") = $r $(ok "$r" 0.5)"; }
loadc() { echo "${R[$1.loadcompact]} vs ${R[$1.loadjson]} $(ok "${R[$1.loadcompact]}" "${R[$1.loadjson]}")"; }
rep() { human "${R[$1.json.report]}"; }
outa() { human "${R[$1.all.out]}"; }
prev() { [ -n "${R[$1--preview.kb]:-}" ] && echo "$(mb "${R[$1--preview.kb]}") MB, ${R[$1--preview.secs]} s" || echo -; }
mask() { [ -n "${R[$1--masks.kb]:-}" ] && echo "$(mb "${R[$1--masks.kb]}") MB, ${R[$1--masks.secs]} s" || echo -; }
row "peak RSS, json" "<= 200 MB" memj
row "peak RSS, every format" "<= 200 MB" mema
row "warm re-run / cold, json" "<= 3%" warmj
row "warm re-run / cold, every format" "<= 3%" warma
row "1% changed / cold, json" "<= 5% @100k" chj
row "1% changed / cold, every format" "<= 5% @100k" cha
row "cold build / decode-only (s)" "<= 1.0" dec
row "build --no-cache / OpenCV (s)" "<= 0.4" cv
row "  the same, copies made distinct" "" rep0
row "cold build / decode-only (s)" "<= 1.0" decd
row "build --no-cache / OpenCV (s)" "<= 0.4" cvd
row "sprites of the cold build, copies" "" comp
row "  copies made distinct" "" compd
row "cache bytes vs shapes.json" "<= json" cache
row "shapes.json" "" js
row "shapes.compact / shapes.json" "<= 0.5" compact
row "export.Load: compact vs json (s)" "not slower" loadc
row "report/ + report.html" "" rep
row "OUT with every format" "" outa
row "cold --preview peak RSS, time" "recorded" prev
row "cold --masks peak RSS, time" "recorded" mask
