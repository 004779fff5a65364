#!/usr/bin/env bash
# Search, side by side with igsolve (Beling's impartial game solver,
# crates.io): the same instances in one run, CPU time (user + sys) and peak
# memory (max RSS) of each, the ratio, and whether the nimbers agree.
#
#   bench/search.sh                  every instance, 3 runs each (best kept)
#   RUNS=1 bench/search.sh cram:4x9  one instance
#   TIMEOUT=120 bench/search.sh      give up on a run after 120 s
#   METHODS="lvb br" bench/search.sh  only these of igsolve's methods
#
# Instances are GAME:SIZE with GAME one of cram, chomp, grundy (Grundy's
# game, a heap). igsolve is run with --tt hash-map (its default table is
# sized for far larger boards) and each of its methods (def, its plain mex;
# lvb; br; br-asp-set); the best is compared. Ours is `grundy analyze
# --search --value-only` (the pruned search even where a formula is known,
# as for Grundy's game; the nimber alone, the question igsolve answers;
# WHOLE=1 times the whole analysis instead, every move's outcome too).
# The machine may be shared: both run in turn, per instance, so their
# ratio is fairer than the times.
set -euo pipefail
cd "$(dirname "$0")/.."

RUNS=${RUNS:-3}
ONLY=(--value-only)
[ "${WHOLE:-0}" = 1 ] && ONLY=()
TIMEOUT=${TIMEOUT:-600}
read -r -a METHODS <<<"${METHODS:-def lvb br br-asp-set}"
INSTANCES=("$@")
if [ ${#INSTANCES[@]} -eq 0 ]; then
    INSTANCES=(cram:4x9 cram:5x7 cram:5x8 cram:3x14 chomp:10x10 chomp:12x12 grundy:5000 grundy:20000)
fi

if ! command -v igsolve >/dev/null; then
    echo "igsolve is not installed; installing it (cargo install igsolve)" >&2
    cargo install igsolve >&2
fi
cargo build --release -q -p grundy-cli
GRUNDY=target/release/grundy
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT

# Runs a command under /usr/bin/time; prints "SECONDS KB" (user + sys, max
# RSS) and leaves its output in $TMP/out, or prints "- -" if it failed.
# The seconds are the CPU time of the subshell's children as bash's `times`
# reports it, in milliseconds (`time`'s own %U and %S come in steps of
# 0.01 s, a sixth of a 0.06 s run); `timeout` and `time` add well under one.
measure() {
    local clock
    clock=$(
        if timeout "$TIMEOUT" /usr/bin/time -f '%M' -o "$TMP/time" "$@" >"$TMP/out" 2>"$TMP/err"; then
            # Not in a pipe: its subshell would have no children.
            times
        fi
    )
    clock=${clock#*$'\n'}
    if [ -n "$clock" ]; then
        # "0m0.051s 0m0.012s": user, then system.
        awk -v c="$clock" -v kb="$(tail -n 1 "$TMP/time")" 'BEGIN {
            split(c, t, " "); s = 0
            for (i = 1; i <= 2; i++) { split(t[i], p, "m"); s += p[1] * 60 + p[2] }
            printf "%.3f %d\n", s, kb
        }'
    else
        echo "- -"
    fi
}

# The best (least time) of $RUNS runs: "SECONDS KB NIMBER".
best_of() {
    local parse=$1
    shift
    local best="- - -"
    for _ in $(seq "$RUNS"); do
        read -r t kb < <(measure "$@")
        [ "$t" = "-" ] && continue
        local n
        n=$($parse <"$TMP/out")
        if [ "${best%% *}" = "-" ] || awk -v a="$t" -v b="${best%% *}" 'BEGIN { exit !(a < b) }'; then
            best="$t $kb $n"
        fi
    done
    echo "$best"
}

ours_nimber() { sed -n 's/.*"grundy":\([0-9]*\).*/\1/p'; }
igsolve_nimber() { sed -n 's/^Nimber of initial position: \([0-9]*\).*/\1/p'; }

printf '%-13s %9s %9s %4s | %9s %9s %4s %-10s | %6s %6s %s\n' \
    instance "ours s" "ours KB" "g" "igs s" "igs KB" "g" method "time×" "mem×" agree
for inst in "${INSTANCES[@]}"; do
    game=${inst%%:*}
    size=${inst#*:}
    case $game in
    cram | chomp)
        rows=${size%x*}
        cols=${size#*x}
        name=$game
        igs_game=("$game" --rows "$rows" --cols "$cols")
        ;;
    grundy)
        name=grundys-game
        igs_game=(grundy --position "$size")
        ;;
    *)
        echo "unknown instance $inst (write cram:RxC, chomp:RxC or grundy:N)" >&2
        exit 2
        ;;
    esac
    ours=(analyze --search "${ONLY[@]}" --json "$name" "$size")
    if ! "$GRUNDY" list 2>/dev/null | grep -q "^ *$name\b"; then
        printf '%-13s %s\n' "$inst" "not in this build's catalog"
        continue
    fi
    read -r ot okb og < <(best_of ours_nimber "$GRUNDY" "${ours[@]}")
    it=- ikb=- ig=- im=-
    for m in "${METHODS[@]}"; do
        read -r t kb n < <(best_of igsolve_nimber igsolve --tt hash-map -m "$m" "${igs_game[@]}")
        [ "$t" = "-" ] && continue
        if [ "$it" = "-" ] || awk -v a="$t" -v b="$it" 'BEGIN { exit !(a < b) }'; then
            it=$t ikb=$kb ig=$n im=$m
        fi
    done
    ratio() { awk -v a="$1" -v b="$2" 'BEGIN { if (a == "-" || b == "-" || a == 0) print "-"; else printf "%.2f", b / a }'; }
    agree=$([ "$og" != "-" ] && [ "$og" = "$ig" ] && echo yes || echo "NO")
    printf '%-13s %9s %9s %4s | %9s %9s %4s %-10s | %6s %6s %s\n' \
        "$inst" "$ot" "$okb" "$og" "$it" "$ikb" "$ig" "$im" "$(ratio "$ot" "$it")" "$(ratio "$okb" "$ikb")" "$agree"
done
echo "time× and mem×: igsolve's over ours (above 1: ours is faster or smaller)"
