#!/usr/bin/env bash
# grundy against ogsolve (the peer) on take-and-break games, side by side:
# our default release build (what `cargo build --release` gives users), our
# build with `-C target-cpu=native`, and ogsolve built with
# `-C target-cpu=native` (its best build). Checks that the values agree
# (Fletcher-32 checksums, as ogsolve prints them) and prints user CPU seconds,
# the best of RUNS interleaved rounds, the ratio peer / ours (default), and
# the peak memory (max RSS) of each.
#
#   bash bench/octal.sh                  # every row (about 10 minutes of CPU)
#   ROWS="0.07 0.6e6" bash bench/octal.sh
#   RUNS=1 SKIP_BUILD=1 bash bench/octal.sh
#
# Rows: 0.07 (10^5 values), 0.6e6, 0.6e7, 0.16, 0.354, 0.376 (until the
# period is proven: the peer computes the same number of values), 4.7e6
# (10^6 values: a split without a take), 0.007e5 (Treblecross, 10^5 values),
# grundy20 and grundy24 (Grundy's game to 2^20 and 2^24: the peer does not
# play it).
# The peer runs -m rc2 on the period rows (its best there; PERIOD_METHODS="rc rc2" for both).
# Times are user CPU seconds (/usr/bin/time %U): on a shared machine they
# move far less than wall time; `uptime` is printed with each row.
set -uo pipefail
cd "$(dirname "$0")/.."
RUNS=${RUNS:-3}
ROWS=${ROWS:-"0.07 0.6e6 0.6e7 0.16 0.354 0.376 4.7e6 0.007e5 grundy20 grundy24"}
DEFAULT=target/release/grundy
NATIVE=${NATIVE_TARGET:-target/native}/release/grundy
PEER=${OGSOLVE:-/tmp/ogsolve-native/bin/ogsolve}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

if [ "${SKIP_BUILD:-0}" != 1 ]; then
  cargo build --release -q -p grundy-cli || exit 2
  RUSTFLAGS="-C target-cpu=native" CARGO_TARGET_DIR=${NATIVE_TARGET:-target/native} \
    cargo build --release -q -p grundy-cli || exit 2
  if [ ! -x "$PEER" ]; then
    RUSTFLAGS="-C target-cpu=native" cargo install -q ogsolve --version 0.0.7 \
      --root "$(dirname "$(dirname "$PEER")")" || exit 2
  fi
fi
for b in "$DEFAULT" "$NATIVE" "$PEER"; do
  [ -x "$b" ] || { echo "$b is missing: run without SKIP_BUILD=1" >&2; exit 2; }
done
echo "instruction set chosen: $("$DEFAULT" sequence 0.07 --len 2 --verbose 2>&1 >/dev/null | sed -n 's/^engine: //p')"

# cpu NAME command...: runs it, keeps the least user time under NAME and the
# largest peak memory (max RSS, MiB), its stdout in $work/NAME.out.
cpu() {
  local name=$1; shift
  /usr/bin/time -f "%U %M" -o "$work/t" "$@" >"$work/$name.out" 2>/dev/null
  local t kb; read -r t kb <"$work/t"
  local best; best=$(cat "$work/$name.best" 2>/dev/null || echo 1e9)
  awk -v a="$t" -v b="$best" 'BEGIN{print (a < b ? a : b)}' >"$work/$name.best"
  local peak; peak=$(cat "$work/$name.mem" 2>/dev/null || echo 0)
  awk -v a="$kb" -v b="$peak" 'BEGIN{print (a / 1024 > b ? sprintf("%.0f", a / 1024) : b)}' >"$work/$name.mem"
}
best() { cat "$work/$1.best"; }
mem() { cat "$work/$1.mem"; }
ratio() { awk -v a="$1" -v b="$2" 'BEGIN{ if (b > 0) printf "%.2f", a / b; else print "-" }'; }

TABLE=()
# row LABEL LEN "OURS_ARGS" PEER_CODE PEER_METHODS: LEN values (G(0..LEN-1)).
row() {
  local label=$1 len=$2 ours=$3 code=$4 methods=$5
  rm -f "$work"/*.best "$work"/*.mem
  echo "== $label ==   $(uptime | sed 's/.*load/load/')"
  for _ in $(seq "$RUNS"); do
    # shellcheck disable=SC2086
    cpu default "$DEFAULT" $ours
    # shellcheck disable=SC2086
    cpu native "$NATIVE" $ours
    for m in $methods; do cpu "peer-$m" "$PEER" -m "$m" -n $((len - 1)) "$code"; done
  done
  local d n; d=$(best default); n=$(best native)
  local sum; sum=$(sed -n 's/^checksum //p' "$work/default.out")
  if [ -z "$sum" ]; then # a period row: the checksum of as many values as the proof took
    sum=$("$DEFAULT" sequence "$code" --len "$len" --checksum | sed -n 's/^checksum //p')
  fi
  echo "grundy default  ${d}s $(mem default) MiB   native ${n}s $(mem native) MiB   checksum $sum"
  local peer="" peer_m="" peer_mem="" same=""
  for m in $methods; do
    local t s; t=$(best "peer-$m")
    s=$(sed -n 's/.*checksum: \([0-9A-F]*\).*/\1/p' "$work/peer-$m.out")
    local verdict=DIFFERENT; [ "$s" = "$sum" ] && verdict=same
    same="$same $verdict"
    echo "ogsolve -m $m  ${t}s $(mem "peer-$m") MiB   checksum $s   values $verdict   ratio $(ratio "$t" "$d")x"
    if [ -z "$peer" ] || awk -v a="$t" -v b="$peer" 'BEGIN{exit !(a < b)}'; then peer=$t; peer_m=$m; peer_mem=$(mem "peer-$m"); fi
  done
  if [ -n "$methods" ]; then
    TABLE+=("| $label | ${d} s, $(mem default) MiB | ${n} s | $peer_m ${peer} s, ${peer_mem} MiB | $(ratio "$d" "$peer") | $(ratio "$d" "$n") |")
  else
    TABLE+=("| $label | ${d} s, $(mem default) MiB | ${n} s | (not supported) | - | $(ratio "$d" "$n") |")
  fi
}

# period_row LABEL CODE VALUES: ours stops at the proof (VALUES values); the peer computes VALUES.
period_row() {
  row "$1 until proven ($3 values)" "$3" "period $2 --max $(($3 + 1)) --show 10" "$2" "${PERIOD_METHODS:-rc2}"
  grep -q "after $3 values" "$work/default.out" || echo "WARNING: grundy's proof took $(sed -n 's/.*after \([0-9]*\) values.*/\1/p' "$work/default.out") values, not $3"
}

for r in $ROWS; do
  case $r in
    0.07) row "0.07, 10^5 values" 100000 "sequence 0.07 --len 100000 --checksum" 0.07 "naive" ;;
    0.6e6) row "0.6, 10^6 values" 1000000 "sequence 0.6 --len 1000000 --checksum" 0.6 "rc rc2" ;;
    0.6e7) row "0.6, 10^7 values" 10000000 "sequence 0.6 --len 10000000 --checksum" 0.6 "rc2" ;;
    0.16) period_row 0.16 0.16 509622 ;;
    0.354) period_row 0.354 0.354 20126195 ;;
    0.376) period_row 0.376 0.376 4536507 ;;
    4.7e6) row "4.7, 10^6 values" 1000000 "sequence 4.7 --len 1000000 --checksum" 4.7 "rc rc2" ;;
    0.007e5) row "0.007, 10^5 values" 100000 "sequence 0.007 --len 100000 --checksum" 0.007 "naive rc rc2" ;;
    grundy20) row "Grundy's game, 2^20 values" 1048576 "sequence grundys-game --len 1048576 --checksum" - "" ;;
    grundy24) row "Grundy's game, 2^24 values" 16777216 "sequence grundys-game --len 16777216 --checksum" - "" ;;
    *) echo "unknown row $r (rows: 0.07 0.6e6 0.6e7 0.16 0.354 0.376 4.7e6 0.007e5 grundy20 grundy24)" >&2; exit 2 ;;
  esac
done
echo
echo "| case | grundy, default build (CPU, peak memory) | grundy, target-cpu=native | ogsolve 0.0.7, target-cpu=native (best method) | ours / peer's time | default / native |"
echo "| --- | --- | --- | --- | --- | --- |"
printf '%s\n' "${TABLE[@]}"
