#!/usr/bin/env bash
# Misère play: how far the simplest forms and the genus reach, and a long
# misère sum by theory against plain search.
#
#   bash bench/misere.sh              # LIMIT=60 seconds per code
#   LIMIT=120 CODES="0.77 0.07" bash bench/misere.sh
#
# For each code, `grundy misere genus CODE 0..N` for N = 4, 8, 12, ... until
# one run passes LIMIT seconds (or fails on its form budget); prints the
# largest N done and its time. Then a sum of 20 Kayles heaps in misère play,
# by `analyze` (theory first) and, for comparison, by search alone (the same
# sum written as a `sum` of octal parts, which the theory does not read),
# the search bounded by --max-time.
set -euo pipefail
cd "$(dirname "$0")/.."
cargo build --release -q -p grundy-cli
bin=target/release/grundy
limit=${LIMIT:-60}
codes=${CODES:-"0.77 0.07 0.75 0.137"}

for code in $codes; do
  best=none
  for n in $(seq 4 4 400); do
    start=$(date +%s.%N)
    if ! timeout "$limit" "$bin" misere genus "$code" "0..$n" > /dev/null 2> /tmp/misere_bench_err; then
      echo "$code: heap $n stopped: $(head -c 200 /tmp/misere_bench_err || echo timeout)"
      break
    fi
    secs=$(echo "$(date +%s.%N) - $start" | bc)
    best="0..$n in ${secs}s"
  done
  echo "$code: largest genus run within ${limit}s: $best"
done

heaps="1 2 3 1 2 3 1 2 3 1 2 3 1 2 3 1 2 3 1 2"
echo "20-heap misère Kayles sum: $heaps"
/usr/bin/time -f "  theory: %es, %MKB" "$bin" analyze --misere kayles $heaps | grep -E "outcome|method"
parts=$(for h in $heaps; do printf 'octal:0.77 %s + ' "$h"; done)
parts=${parts% + }
/usr/bin/time -f "  search: %es, %MKB" "$bin" analyze --misere --max-time "${SEARCH_TIME:-60}" sum $parts 2>&1 | grep -E "outcome|method|grundy:" || true

# Issue 45: misère sums by the quotient, misère coin rows by the subset
# array; each row prints the method and the time (goal: under a second).
row() {
  /usr/bin/time -f "  %es, %MKB" "$bin" analyze "$@" 2>&1 | grep -E "^outcome|^method|^engine|s, [0-9]+KB" | tr '\n' ' '
  echo " <- analyze $*"
}
row --misere kayles 5 9 12 17 20
row --misere kayles 5 9 12 17 20 25 30 33 40 41 50 60
row --misere kayles 40 40
row --misere --value-only coins:mock-turtles 6 17 19
row --misere coins:mock-turtles 6 17 19
