#!/usr/bin/env bash
# The Ebitengine example (examples/ebiten, its own module): check its
# formatting and vet, run its tests, then run the game under xvfb-run for
# one period of its script and compare the verdicts it prints with
# examples/ebiten/testdata/verdicts.txt, the lines its headless test
# computes with collide alone. Exits non-zero on any difference.
#
# It installs nothing. It needs Go, a C compiler, Xvfb and the X11/GL
# headers Ebitengine's cgo build uses (Debian: gcc xvfb xauth
# libgl1-mesa-dri libgl1-mesa-dev libx11-dev libxrandr-dev libxcursor-dev
# libxi-dev libxinerama-dev libxxf86vm-dev).
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="/usr/local/go/bin:$PATH"
command -v xvfb-run >/dev/null || { echo "ci-ebiten: xvfb-run not found (apt-get install xvfb xauth)" >&2; exit 1; }

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# The art: shapegen's own test sprites, built with masks.
go run ./cmd/shapegen build testdata/sprites -o "$tmp/lib" --masks >/dev/null

cd examples/ebiten
unformatted=$(gofmt -l .)
if [ -n "$unformatted" ]; then
  echo "ci-ebiten: gofmt would change:"; echo "$unformatted"; exit 1
fi
go vet ./...
go build -o "$tmp/game" .
# Ebitengine's package needs a display as soon as it is loaded, tests too.
# -count=1: the headless test builds the library with `go run`, which the
# test cache does not see.
xvfb-run -a go test -count=1 ./...

frames=$(($(wc -l <testdata/verdicts.txt) - 1)) # every line but the summary
xvfb-run -a "$tmp/game" -shapes "$tmp/lib/shapes.json" -assets ../../testdata/sprites \
  -frames "$frames" >"$tmp/verdicts.txt" 2>"$tmp/stderr.txt" \
  || { cat "$tmp/stderr.txt" >&2; echo "ci-ebiten: the game failed" >&2; exit 1; }
if ! diff -u testdata/verdicts.txt "$tmp/verdicts.txt" >"$tmp/diff.txt"; then
  head -40 "$tmp/diff.txt"
  echo "ci-ebiten: the game's verdicts differ from testdata/verdicts.txt" >&2
  exit 1
fi
# The game must have drawn, not only stepped.
grep -Eq ' [1-9][0-9]* drawn$' "$tmp/stderr.txt" \
  || { cat "$tmp/stderr.txt" >&2; echo "ci-ebiten: the game drew no frame" >&2; exit 1; }
echo "ci-ebiten: $frames frames, verdicts as computed headless ($(tail -1 "$tmp/stderr.txt" | sed 's/^ebiten example: //'))"
