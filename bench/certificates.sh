#!/usr/bin/env bash
# Certificates (issue 43): for each instance, the CPU time and peak memory to
# write the certificate (`grundy analyze --value-only --certificate`, or
# `grundy period --certificate`), its entries and replies, its size as
# text and gzip-compressed on disk, and the time and peak memory of the
# independent checker (`grundy check`) on it. Times are CPU seconds (user +
# system), so that a shared machine's load does not count.
#
#   bench/certificates.sh                   every instance
#   bench/certificates.sh cram:4x9          one instance
#   GRUNDY=target/debug/grundy bench/...    another binary (default: release)
#   TIMEOUT=1200 bench/certificates.sh      give up on a run after 1200 s
#
# Instances: cram:RxC, chomp:RxC, node-kayles:RxC (the grid graph),
# period:CODE. Certificates go to $OUT (default a temporary directory).
set -euo pipefail
cd "$(dirname "$0")/.."

GRUNDY=${GRUNDY:-target/release/grundy}
TIMEOUT=${TIMEOUT:-1800}
OUT=${OUT:-$(mktemp -d)}
INSTANCES=("$@")
if [ ${#INSTANCES[@]} -eq 0 ]; then
    INSTANCES=(cram:4x9 cram:5x7 chomp:10x10 node-kayles:3x14 period:0.16)
fi
[ -x "$GRUNDY" ] || { echo "no $GRUNDY: cargo build --release -p grundy-cli (or set GRUNDY)" >&2; exit 2; }

# `/usr/bin/time` figures of a command: "SECONDS MAX_RSS_KB".
timed() {
    local t
    t=$(mktemp)
    timeout "$TIMEOUT" /usr/bin/time -f "%U %S %M" -o "$t" "$@" >"$t.out" 2>"$t.err" || {
        echo "failed: $* ($(tail -1 "$t.err"))" >&2
        rm -f "$t" "$t.out" "$t.err"
        return 1
    }
    # The command's messages first (the certificate's summary), then the
    # figures: CPU seconds (user + system; the machine may be shared) and KB.
    cat "$t.err" >&2
    tail -1 "$t" | awk '{ printf "%.2f %s\n", $1 + $2, $3 }'
    rm -f "$t" "$t.out" "$t.err"
}

printf '%-18s %9s %8s %9s %9s %11s %10s %8s %8s\n' \
    instance write_cpu_s write_MB entries replies text_bytes gz_bytes check_cpu_s check_MB
for inst in "${INSTANCES[@]}"; do
    game=${inst%%:*}
    arg=${inst#*:}
    file="$OUT/${game}-${arg}.cert.gz"
    case $game in
        period) cmd=(period "$arg" --certificate "$file") ;;
        node-kayles) cmd=(analyze --value-only node-kayles grid "$arg" --certificate "$file") ;;
        *) cmd=(analyze --value-only "$game" "$arg" --certificate "$file") ;;
    esac
    log=$(mktemp)
    figures=$(timed "$GRUNDY" "${cmd[@]}" 2>"$log") || { cat "$log"; continue; }
    read -r ws wk <<<"$figures"
    summary=$(grep '^certificate of' "$log" || true)
    rm -f "$log"
    entries=$(sed -n 's/.*: \([0-9]*\) entries.*/\1/p' <<<"$summary")
    replies=$(sed -n 's/.*, \([0-9]*\) replies.*/\1/p' <<<"$summary")
    text=$(sed -n 's/.*replies, \([0-9]*\) bytes of text.*/\1/p' <<<"$summary")
    gz=$(stat -c %s "$file")
    figures=$(timed "$GRUNDY" check "$file" 2>/dev/null) || continue
    read -r cs ck <<<"$figures"
    printf '%-18s %9s %8.1f %9s %9s %11s %10s %8s %8.1f\n' "$inst" "$ws" "$(bc -l <<<"$wk/1024")" \
        "$entries" "$replies" "$text" "$gz" "$cs" "$(bc -l <<<"$ck/1024")"
done
echo "certificates in $OUT" >&2
