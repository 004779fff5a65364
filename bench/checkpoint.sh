#!/bin/sh
# The cost of `grundy analyze --checkpoint` on Cram 5x7 (pruned search):
# the search with its final save, then a resume from the whole table (load,
# the answer from the loaded table, the final save again), with the load
# and the save timed apart from the system calls that open the file for
# reading, create the temporary file and rename it (strace -tt).
#
#   cargo build --release -p grundy-cli && bench/checkpoint.sh [BOARD]
set -eu
G=${GRUNDY:-target/release/grundy}
BOARD=${1:-5x7}
DIR=$(mktemp -d)
F=$DIR/cram.ckpt
/usr/bin/time -f "search + final save: %e s, peak %M KB" \
    "$G" analyze --search cram "$BOARD" --checkpoint "$F" >/dev/null
echo "checkpoint: $(wc -c <"$F") bytes, $(sed -n 's/^entries //p' "$F" | head -1) entries"
/usr/bin/time -f "resume from it: %e s, peak %M KB" \
    "$G" analyze --search cram "$BOARD" --checkpoint "$F" >/dev/null
if command -v strace >/dev/null; then
    strace -f -tt -e trace=openat,rename "$G" analyze --search cram "$BOARD" --checkpoint "$F" 2>&1 \
        >/dev/null | grep -F "$(basename "$F")" | awk '
        { split($0, a, " "); for (i in a) if (a[i] ~ /^[0-9][0-9]:[0-9][0-9]:/) t = a[i];
          split(t, h, ":"); s[NR] = h[1] * 3600 + h[2] * 60 + h[3] }
        END { if (NR >= 3) printf "load + answer: %.2f s, save: %.2f s\n", s[2] - s[1], s[3] - s[2] }'
fi
rm -rf "$DIR"
