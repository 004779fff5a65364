#!/usr/bin/env bash
# MPI checks of `grundy census` (.ci/run calls this; it can be run by hand):
# a small census with `mpirun -np 2` and `mpirun --oversubscribe -np 4` writes
# the same files as a single-process run (byte for byte after sorting), and a
# run killed in the middle (one rank, then the whole mpirun, with kill -9)
# resumes and completes with the same files.
#
#   GRUNDY_BIN=target/debug/grundy tests/mpi/run.sh     # a grundy built with --features mpi
set -euo pipefail
bin=${GRUNDY_BIN:?set GRUNDY_BIN to a grundy built with --features mpi}
family=${CENSUS_FAMILY:-octal:2}
max=${CENSUS_MAX:-20000}
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
# Open MPI on a container without a network: stay on the loopback and shared memory.
export OMPI_MCA_btl_tcp_if_include=lo OMPI_MCA_oob_tcp_if_include=lo
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

census() { "$bin" census "$family" --max "$max" --out "$@" >/dev/null; }

# The files of two results directories agree, each sorted line by line.
same() {
  local f
  for f in census.csv census.jsonl classes.txt summary.txt; do
    if ! cmp -s <(sort "$1/$f") <(sort "$2/$f"); then
      echo "mpi census: $1/$f differs from $2/$f" >&2
      diff <(sort "$1/$f") <(sort "$2/$f") | head -5 >&2
      return 1
    fi
  done
  # The first lines of the difference are shown: the folders are removed on exit.
  diff -r "$1/rules" "$2/rules" >/dev/null || {
    echo "mpi census: $1/rules differs from $2/rules" >&2
    diff -r "$1/rules" "$2/rules" | head -5 >&2
    return 1
  }
}

# Starts an MPI census in the background, waits until it has written some
# rules but not all, and kills with -9 what `$2` names: `rank` (one worker
# rank) or `all` (mpirun and every rank). Fails if the run ends first.
kill_midway() {
  local dir=$1 what=$2 pid ranks n
  mpirun -np 2 "$bin" census "$family" --max "$max" --out "$dir" --mpi >/dev/null 2>&1 &
  pid=$!
  for _ in $(seq 600); do
    n=$(ls "$dir/rules" 2>/dev/null | grep -c '\.json$' || true)
    [ "$n" -ge 3 ] && break
    sleep 0.05
  done
  [ -e "$dir/census.csv" ] && { echo "mpi census: the run ended before it could be killed; raise CENSUS_MAX" >&2; return 1; }
  ranks=$(pgrep -P "$pid" || true)
  [ -n "$ranks" ] || { echo "mpi census: no rank of mpirun $pid found" >&2; return 1; }
  if [ "$what" = rank ]; then
    # The worker: the rank whose environment says rank 1.
    local r victim=""
    for r in $ranks; do
      grep -qz '^OMPI_COMM_WORLD_RANK=1$' "/proc/$r/environ" 2>/dev/null && victim=$r
    done
    [ -n "$victim" ] || { echo "mpi census: rank 1 not found among $ranks" >&2; return 1; }
    kill -9 "$victim"
  else
    # shellcheck disable=SC2086
    kill -9 "$pid" $ranks
  fi
  wait "$pid" 2>/dev/null && { echo "mpi census: the killed run reported success" >&2; return 1; }
  # Orphaned ranks of a killed mpirun must not go on writing.
  for r in $ranks; do while kill -0 "$r" 2>/dev/null; do sleep 0.05; done; done
  [ ! -e "$dir/census.csv" ] || { echo "mpi census: a killed run wrote its report" >&2; return 1; }
  echo "mpi census: killed ($what) after $(ls "$dir/rules" | grep -c '\.json$') rules"
}

census "$work/single" --jobs 1
mpirun -np 2 "$bin" census "$family" --max "$max" --out "$work/np2" --mpi >/dev/null
same "$work/single" "$work/np2"
mpirun --oversubscribe -np 4 "$bin" census "$family" --max "$max" --out "$work/np4" --mpi >/dev/null
same "$work/single" "$work/np4"
for what in rank all; do
  kill_midway "$work/killed-$what" "$what"
  mpirun -np 2 "$bin" census "$family" --max "$max" --out "$work/killed-$what" --mpi >/dev/null 2>&1
  same "$work/single" "$work/killed-$what"
done
echo "mpi census: np 2, np 4 and two killed runs agree with the single-process run ($family, --max $max)"
