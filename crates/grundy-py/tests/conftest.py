"""Shared fixtures: the `grundy` binary that the CLI comparisons run."""

import json
import os
import pathlib
import subprocess

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[3]


def _binary():
    """GRUNDY_BIN if set, else the workspace's release or debug build."""
    if "GRUNDY_BIN" in os.environ:
        return pathlib.Path(os.environ["GRUNDY_BIN"])
    for profile in ("release", "debug"):
        path = ROOT / "target" / profile / "grundy"
        if path.exists():
            return path
    raise RuntimeError("build the CLI first (cargo build -p grundy-cli) or set GRUNDY_BIN")


@pytest.fixture(scope="session")
def cli():
    """Runs the CLI with the given arguments (from the workspace root) and returns its stdout."""
    binary = _binary()

    def run(*args):
        out = subprocess.run(
            [str(binary), *args], cwd=ROOT, capture_output=True, text=True, check=True
        )
        return out.stdout

    return run


@pytest.fixture(scope="session")
def cli_json(cli):
    """Runs the CLI and parses its one JSON line."""
    return lambda *args: json.loads(cli(*args))
