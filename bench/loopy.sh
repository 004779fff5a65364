#!/usr/bin/env bash
# The loopy engine on random directed graphs with cycles: `grundy analyze
# --graph FILE graph 0` on graphs of 10^4, 10^5 and 10^6 vertices with
# DEGREE (default 3) random moves each on average (0 to 2·DEGREE, so some
# vertices are dead ends), about 3·10^6 edges at the largest.
# Prints, per size, the file's size, wall time, CPU time (user + sys) and
# peak memory (max RSS) of the whole command: reading the file, labelling
# every vertex and writing up the position's moves.
#
#   bench/loopy.sh                   the three sizes, best of RUNS (3)
#   SIZES="1000000" bench/loopy.sh   one size
#   DEGREE=5 bench/loopy.sh          denser graphs (more value levels)
#   GRUNDY=target/debug/grundy bench/loopy.sh   a binary already built
#
# The graphs come from a fixed linear congruential generator in awk, so
# every run measures the same graphs.
set -euo pipefail
cd "$(dirname "$0")/.."

RUNS=${RUNS:-3}
DEGREE=${DEGREE:-3}
SIZES=${SIZES:-"10000 100000 1000000"}

# GRUNDY=target/debug/grundy runs an already built binary instead (the
# library is built at opt-level 3 in the dev profile too, without LTO).
if [ -z "${GRUNDY:-}" ]; then
    cargo build --release -q -p grundy-cli
    GRUNDY=target/release/grundy
fi
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT

# A graph on $1 vertices 0..n-1 with $DEGREE random moves each on average, as an edge list.
graph() {
    awk -v n="$1" -v d="$DEGREE" 'BEGIN {
        x = 12345
        for (u = 0; u < n; u++) {
            # 0 to 2d moves, d on average: about one vertex in 2d + 1 is a
            # dead end, so values are finite as well as infinite.
            x = (x * 1103515245 + 12345) % 2147483648
            m = int(x / 2147483648 * (2 * d + 1))
            if (m == 0) print u
            for (k = 0; k < m; k++) {
                x = (x * 1103515245 + 12345) % 2147483648
                print u, int(x / 2147483648 * n)
            }
        }
    }'
}

printf '%-9s %-10s %-10s %-9s %-9s %s\n' vertices edges file wall_s cpu_s peak_MB
for n in $SIZES; do
    graph "$n" >"$TMP/g.txt"
    edges=$(awk 'NF == 2' "$TMP/g.txt" | wc -l)
    file=$(du -h "$TMP/g.txt" | cut -f1)
    best=""
    for _ in $(seq "$RUNS"); do
        start=$(date +%s%N)
        /usr/bin/time -f '%U %S %M' -o "$TMP/time" \
            "$GRUNDY" analyze --json --graph "$TMP/g.txt" graph 0 >"$TMP/out"
        end=$(date +%s%N)
        read -r user sys kb <"$TMP/time"
        wall=$(awk -v a="$start" -v b="$end" 'BEGIN { printf "%.2f", (b - a) / 1e9 }')
        cpu=$(awk -v u="$user" -v s="$sys" 'BEGIN { printf "%.2f", u + s }')
        mb=$(awk -v k="$kb" 'BEGIN { printf "%.0f", k / 1024 }')
        if [ -z "$best" ] || awk -v a="$wall" -v b="${best%% *}" 'BEGIN { exit !(a < b) }'; then
            best="$wall $cpu $mb"
        fi
    done
    read -r wall cpu mb <<<"$best"
    printf '%-9s %-10s %-10s %-9s %-9s %s\n' "$n" "$edges" "$file" "$wall" "$cpu" "$mb"
    grep -o '"outcome":"[NPD]"\|"value":"[^"]*"' "$TMP/out" | tr '\n' ' ' >&2
    echo >&2
done
