#!/usr/bin/env bash
# Huge inputs under an address-space cap: each command must answer (exit 0),
# refuse or stop at a documented limit in one line on stderr (exit 2), or
# still be working when the time is up (exit 124). Anything else (a panic,
# 101; an abort on a failed allocation, 134; a kill, 137) fails the run.
#
#   bash tests/huge-inputs.sh                 # 3 GB cap, 30 s each
#   CAP_KB=1500000 SECONDS_EACH=10 bash tests/huge-inputs.sh
#   GRUNDY=target/debug/grundy bash tests/huge-inputs.sh
#
# Prints one row per command: exit code, wall time, peak memory, the command,
# and the first line of its stderr. Not part of CI (it takes about ten
# minutes); run it after touching a search, a limit or a parser.
set -uo pipefail
cd "$(dirname "$0")/.."
CAP_KB=${CAP_KB:-3000000}
SECONDS_EACH=${SECONDS_EACH:-30}
GRUNDY=${GRUNDY:-target/release/grundy}
if [ "$GRUNDY" = target/release/grundy ]; then
  cargo build --release -q -p grundy-cli || exit 2
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
failed=0
while IFS= read -r line; do
  [ -z "$line" ] && continue
  # shellcheck disable=SC2086 # the command's words are split on purpose
  (ulimit -v "$CAP_KB"; /usr/bin/time -f "%e s %M KB" -o "$work/time" \
    timeout "$SECONDS_EACH" "$GRUNDY" $line >/dev/null 2>"$work/err")
  rc=$?
  lines=$(grep -c . "$work/err")
  verdict=ok
  case $rc in
    0 | 124) ;;
    2) [ "$lines" -eq 1 ] || verdict="FAIL: $lines lines on stderr" ;;
    *) verdict="FAIL: exit $rc" ;;
  esac
  [ "$verdict" = ok ] || failed=$((failed + 1))
  printf '%-4s %-22s %-60s %s\n' "$rc" "$(tail -1 "$work/time")" "$line" \
    "$(head -1 "$work/err" | cut -c1-100)"
  [ "$verdict" = ok ] || echo "     $verdict"
done <<'LIST'
analyze --search nim 1000000 2000000
analyze --misere --search nim 100000 200000 300000
analyze --search subtraction:1,3,4 10000000
analyze --search bash:3 1000000000
analyze --misere moore:3 50 60 70 80 90
analyze moore:3 50 60 70 80 90
analyze --search staircase 1000 1000 1000
analyze grundys-game 20000
analyze kayles 20000
analyze --search grundys-game 20000
analyze --misere kayles 50 60 70
analyze --misere --search kayles 20 30 40
analyze --search fibonacci 100000
analyze --search wythoff 100000 100000
analyze --misere wythoff 100000 100000
analyze --search coins:ruler 100000 99999
analyze --search coins:mock-turtles 1000 2000 3000
analyze cram 8x8
analyze chomp 30x30
analyze node-kayles grid 10x10
analyze --search ed 70000,6
analyze --misere ed 70000,6 3,5
analyze --search ends 1000 1000 1000
analyze --misere ends 1000 1000 1000
analyze --all-moves sum ed 3,5 + wythoff 100000 100000 + nim 5
analyze --misere sum ed 3,5 + wythoff 1000 1000 + kayles 30
analyze --max-positions 1000 sum ed 3,5 + ed 70000,6
misere quotient kayles --max-heap 40
misere genus kayles 0..100000
misere canonical kayles 60
sequence octal:0.6 --len 100000000
sequence grundys-game --len 100000000000
table wythoff --rows 100000 --cols 100000
LIST
echo "$failed of the commands failed"
[ "$failed" -eq 0 ]
