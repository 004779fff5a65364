#!/usr/bin/env bash
# The Python module against the CLI: grundy.sequence("0.6", 10**6) against
# `grundy sequence 0.6 --len 1000000 --checksum` (best of RUNS each), and a
# game defined in Python (positions per second) against the same game as a
# rhai script (examples/kayles.rhai), both on the same engine.
# Needs the module built with `maturin develop --release` into PYTHON's
# environment and `cargo build --release -p grundy-cli`.
set -euo pipefail
cd "$(dirname "$0")/.."
PYTHON=${PYTHON:-python3} GRUNDY_BIN=${GRUNDY_BIN:-target/release/grundy} RUNS=${RUNS:-5} \
  exec "${PYTHON:-python3}" - <<'PY'
import os, subprocess, time
import grundy

runs, cli = int(os.environ["RUNS"]), os.environ["GRUNDY_BIN"]

def best(f):
    times = []
    for _ in range(runs):
        t = time.perf_counter()
        f()
        times.append(time.perf_counter() - t)
    return min(times)

cmd = [cli, "sequence", "0.6", "--len", "1000000", "--checksum"]
c = best(lambda: subprocess.run(cmd, check=True, capture_output=True))
p = best(lambda: grundy.sequence("0.6", 10**6))
print(f"0.6, 10^6 values (best of {runs}): CLI {c:.3f}s, Python {p:.3f}s ({(p / c - 1) * 100:+.1f}%)")

class Kayles:
    """Knock down one pin or two adjacent pins; the row may split in two."""
    def moves(self, n):
        return [[a, n - k - a] for k in (1, 2) if k <= n for a in range((n - k) // 2 + 1)]

n = int(os.environ.get("HEAPS", "3000"))
t = time.perf_counter(); ours = grundy.sequence(Kayles(), n); py = time.perf_counter() - t
t = time.perf_counter(); rhai = grundy.sequence("script:examples/kayles.rhai", n); rh = time.perf_counter() - t
assert ours.tolist() == rhai.tolist()
options = sum(((m - 1) // 2 + 1) + (m // 2 if m >= 2 else 0) for m in range(1, n))
print(f"Kayles, heaps 0..{n - 1} ({n} positions, {options:,} options):")
print(f"  Python class {py:.3f}s: {n / py:,.0f} positions/s, {options / py:,.0f} options/s")
print(f"  rhai script  {rh:.3f}s: {n / rh:,.0f} positions/s, {options / rh:,.0f} options/s")
PY
