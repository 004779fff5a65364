#!/usr/bin/env bash
# Runs `grundy` (release) and `ogsolve` on the same take-and-break game and
# length, checks that the values agree (Fletcher-32 checksums, the one
# ogsolve prints), and prints the CPU-time ratio.
#
#   cargo build --release -p grundy-cli && bench/octal.sh            # all cases
#   bench/octal.sh 0.6 1000000                                       # one case
#
# ogsolve: `cargo install ogsolve`; set OGSOLVE=/path/to/ogsolve if not on PATH.
# Times are user CPU seconds (from /usr/bin/time or bash's times), so other
# load on the machine disturbs them less than wall time; `uptime` is printed.
set -uo pipefail
cd "$(dirname "$0")/.."
G=${GRUNDY:-target/release/grundy}
O=${OGSOLVE:-$(command -v ogsolve || echo /tmp/ogsolve-root/bin/ogsolve)}
METHODS=${METHODS:-rc,rc2}   # add naive for small runs: it is quadratic

cpu() { # command... -> prints "user_seconds" on fd 3, output on stdout
  /usr/bin/time -f "%U" -o /tmp/octal-bench-time "$@"
  cat /tmp/octal-bench-time >&3
}

one() { # code len
  local code=$1 len=$2
  echo "== $code, G(0..$((len - 1))) ==   $(uptime | sed 's/.*load/load/')"
  local ours ours_t
  ours=$( { cpu "$G" sequence "$code" --len "$len" --checksum; } 3>/tmp/octal-bench-ours )
  ours_t=$(cat /tmp/octal-bench-ours)
  echo "grundy:            ${ours#checksum }  ${ours_t}s   ($G sequence $code --len $len --checksum)"
  local best=""
  for m in ${METHODS//,/ }; do
    local out t sum
    out=$( { cpu "$O" -m "$m" -n $((len - 1)) "$code"; } 3>/tmp/octal-bench-theirs )
    t=$(cat /tmp/octal-bench-theirs)
    sum=$(echo "$out" | sed -n 's/.*checksum: \([0-9A-F]*\).*/\1/p')
    local same=DIFFERENT; [ "$sum" = "${ours#checksum }" ] && same=same
    echo "ogsolve -m $m:  $sum  ${t}s   values $same   ratio $(awk -v a="$t" -v b="$ours_t" 'BEGIN{printf "%.2f", (b>0? a/b : 0)}')x"
  done
}

period() { # code max: grundy stops at the proof; ogsolve computes max values
  local code=$1 max=$2
  echo "== $code until its period is proven (ogsolve: $max values) ==   $(uptime | sed 's/.*load/load/')"
  local t
  # ogsolve -n N computes G(0..N), that is N + 1 values.
  { cpu "$G" period "$code" --max $((max + 1)) --show 10; } 3>/tmp/octal-bench-ours
  echo "grundy period: $(cat /tmp/octal-bench-ours)s"
  for m in ${METHODS//,/ }; do
    { cpu "$O" -m "$m" -n "$max" "$code" | grep -E "period|checksum"; } 3>/tmp/octal-bench-theirs
    echo "ogsolve -m $m: $(cat /tmp/octal-bench-theirs)s"
  done
}

if [ $# -eq 2 ]; then one "$1" "$2"; exit; fi
if [ $# -eq 3 ] && [ "$1" = period ]; then period "$2" "$3"; exit; fi
METHODS=naive,rc,rc2 one 0.07 100000
METHODS=rc,rc2 one 0.6 1000000
METHODS=rc,rc2 one 0.6 10000000
METHODS=rc,rc2 period 0.16 509621
echo "== Grundy's game, 2^20 values (ogsolve does not play it) =="
{ cpu "$G" sequence grundys-game --len 1048576 --checksum; } 3>/tmp/octal-bench-ours
echo "grundy: $(cat /tmp/octal-bench-ours)s (goal: under 2.7 s of one core)"
if [ "${LONG:-0}" = 1 ]; then METHODS=rc2 period 0.354 20129999; fi
