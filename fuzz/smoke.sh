#!/usr/bin/env bash
# Builds every libFuzzer target with plain stable cargo (the coverage flags cargo-fuzz
# would pass with `--sanitizer none`, so nothing needs installing) and runs each for
# SECONDS seconds (default 4) from its corpus and regressions, with its
# dictionary (fuzz/dicts/TARGET.dict) where it has one. A crash fails the run and
# leaves its input in fuzz/artifacts/TARGET/. New inputs go to a scratch directory, never
# to the committed corpus. `.ci/run` calls it; by hand:
#
#   fuzz/smoke.sh            # every target, 4 s each
#   SECONDS_EACH=60 fuzz/smoke.sh judge
set -euo pipefail
cd "$(dirname "$0")"
each=${SECONDS_EACH:-4}
host=$(rustc -vV | sed -n 's/^host: //p')
# Coverage instrumentation for libFuzzer, overflow and debug assertions on, no sanitizer
# (the code is safe Rust). With an explicit --target these flags reach the targets'
# code only, not build scripts. Opt level 1 and 16 codegen units build in a fraction of
# release's time; a smoke run needs coverage, not the last executions per second.
export RUSTFLAGS="--cfg fuzzing -Cpasses=sancov-module -Cllvm-args=-sanitizer-coverage-level=4 \
-Cllvm-args=-sanitizer-coverage-inline-8bit-counters -Cllvm-args=-sanitizer-coverage-pc-table \
-Cllvm-args=-sanitizer-coverage-trace-compares -Cllvm-args=-sanitizer-coverage-stack-depth \
-Cdebug-assertions -Coverflow-checks"
export CARGO_PROFILE_RELEASE_OPT_LEVEL=1 CARGO_PROFILE_RELEASE_CODEGEN_UNITS=16
cargo build --quiet --release --target "$host" --bins
targets=("$@")
[ ${#targets[@]} -gt 0 ] || mapfile -t targets < <(sed -n 's/^name = "\(.*\)"$/\1/p' Cargo.toml | grep -v '^grundy-fuzz-targets$')
status=0
for target in "${targets[@]}"; do
  scratch=$(mktemp -d)
  dirs=("corpus/$target")
  [ -d "regressions/$target" ] && dirs+=("regressions/$target")
  extra=()
  [ -f "dicts/$target.dict" ] && extra+=("-dict=dicts/$target.dict")
  mkdir -p "artifacts/$target"
  log="$scratch.log"
  if "target/$host/release/$target" "$scratch" "${dirs[@]}" "${extra[@]}" -artifact_prefix="artifacts/$target/" \
    -max_total_time="$each" -timeout=10 -rss_limit_mb=2048 -max_len=2048 -print_final_stats=1 >"$log" 2>&1; then
    echo "fuzz $target: $(grep -h '^stat::number_of_executed_units' "$log" | tr -s ' ' | cut -d' ' -f2) runs in ${each} s, no crash"
  else
    tail -40 "$log" >&2
    echo "fuzz: $target failed; its input is in fuzz/artifacts/$target/" >&2
    status=1
  fi
  rm -rf "$scratch" "$log"
done
exit "$status"
