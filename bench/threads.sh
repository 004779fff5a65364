#!/usr/bin/env bash
# Both cores for `analyze --search`: each move's outcome by the pruned
# search on one thread (`--jobs 1`) and on every core (`--jobs K`, K the
# cores), side by side in one run. Prints wall time, CPU time (user + sys)
# and peak memory (max RSS) of each, the speed-up in wall time, the CPU
# time it costs, and whether the two analyses agree (the same JSON).
#
#   bench/threads.sh                       every instance below, best of 3
#   RUNS=1 bench/threads.sh "cram 5x7"     one instance (the game, then
#                                          its position's words)
#   JOBS=4 bench/threads.sh                4 threads against 1
#
# The threads share no table (see `Pruner::outcomes`), so they look at
# more moves together than one thread alone; this measures what is left.
set -euo pipefail
cd "$(dirname "$0")/.."

RUNS=${RUNS:-3}
JOBS=${JOBS:-$(nproc)}
INSTANCES=("$@")
if [ ${#INSTANCES[@]} -eq 0 ]; then
    INSTANCES=("cram 4x9" "cram 5x7" "cram 3x14" "cram 5x8" "node-kayles grid 5x6"
        "chomp 10x10" "chomp 12x12")
fi

cargo build --release -q -p grundy-cli
GRUNDY=target/release/grundy
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT

# One run of the analysis on $1 threads: "WALL CPU KB", seconds; the
# analysis in $TMP/out.$1.
measure() {
    local jobs=$1
    shift
    local start end
    start=$(date +%s%N)
    /usr/bin/time -f '%U %S %M' -o "$TMP/time" \
        "$GRUNDY" analyze --search --all-moves --json --jobs "$jobs" "$@" >"$TMP/out.$jobs"
    end=$(date +%s%N)
    read -r user sys kb <"$TMP/time"
    awk -v w=$((end - start)) -v u="$user" -v s="$sys" -v kb="$kb" \
        'BEGIN { printf "%.3f %.2f %d\n", w / 1e9, u + s, kb }'
}

# The best (least wall time) of $RUNS runs on $1 threads: "WALL CPU KB".
best_of() {
    local best="- - -"
    for _ in $(seq "$RUNS"); do
        read -r w c kb < <(measure "$@")
        if [ "${best%% *}" = "-" ] || awk -v a="$w" -v b="${best%% *}" 'BEGIN { exit !(a < b) }'; then
            best="$w $c $kb"
        fi
    done
    echo "$best"
}

printf '%-22s %8s %8s %8s | %8s %8s %8s | %7s %7s %s\n' \
    instance "1: wall" "cpu" "KB" "$JOBS: wall" "cpu" "KB" "speed×" "cpu×" agree
for inst in "${INSTANCES[@]}"; do
    read -r -a words <<<"$inst"
    read -r w1 c1 k1 < <(best_of 1 "${words[@]}")
    read -r wk ck kk < <(best_of "$JOBS" "${words[@]}")
    agree=$(cmp -s "$TMP/out.1" "$TMP/out.$JOBS" && echo yes || echo NO)
    printf '%-22s %8s %8s %8s | %8s %8s %8s | %7s %7s %s\n' "$inst" "$w1" "$c1" "$k1" \
        "$wk" "$ck" "$kk" "$(awk -v a="$w1" -v b="$wk" 'BEGIN { printf "%.2f", a / b }')" \
        "$(awk -v a="$c1" -v b="$ck" 'BEGIN { printf "%.2f", b / a }')" "$agree"
done
echo "speed×: wall time on 1 thread over on $JOBS; cpu×: CPU time on $JOBS over on 1"
