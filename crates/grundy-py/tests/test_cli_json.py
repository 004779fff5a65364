"""The module's results equal the command line's --json, case by case
(the cases of crates/grundy-cli/tests/suite/cli.rs and sequence.rs)."""

import json

import numpy as np
import pytest

import grundy

ANALYSES = [
    ("nim", "3 4 5", []),
    ("nim", "1 1 4", ["--misere"]),
    ("subtraction:1,3,4", "10 7", []),
    ("subtraction:1,3,4", "5 6", ["--misere"]),
    ("moore:2", "3 5 6 1", []),
    ("staircase", "3 1 4 1 5", []),
    ("sum", "nim 3 + bash:3 10 + staircase 2 1", []),
    ("nim", "2 3", ["--all-moves"]),
    ("sum", "ed 3,5 + ed 7,6 + nim 1", ["--all-moves"]),
    ("wythoff", "3 5", []),
    ("script:examples/kayles.rhai", "4 7", []),
    ("cram", "3x5", ["--value-only"]),
    ("nim", "3 4 5", ["--value-only"]),
    ("grundys-game", "20", ["--value-only"]),
]


@pytest.mark.parametrize("game,position,flags", ANALYSES)
def test_analysis_to_dict_equals_cli_json(cli_json, monkeypatch, game, position, flags):
    from conftest import ROOT

    monkeypatch.chdir(ROOT)  # script paths are relative to the workspace, as for the CLI
    want = cli_json("analyze", "--json", *flags, game, *position.split())
    a = grundy.analyze(
        game,
        position.split(),
        misere="--misere" in flags,
        all_moves="--all-moves" in flags,
        value_only="--value-only" in flags,
    )
    assert a.to_dict() == want
    assert (a.outcome, a.grundy, a.remoteness, a.method) == (
        want["outcome"],
        want["grundy"],
        want["remoteness"],
        want["method"],
    )
    got = [(m.move, m.to, m.outcome, m.remoteness) for m in a.winning_moves]
    assert got == [(m["move"], m["to"], m["outcome"], m["remoteness"]) for m in want["winning_moves"]]


def test_positions_may_be_ints_or_text():
    by_words = grundy.analyze("nim", ["3", "4", "5"]).to_dict()
    assert grundy.analyze("nim", [3, 4, 5]).to_dict() == by_words
    assert grundy.analyze("nim", "3 4 5").to_dict() == by_words


@pytest.mark.parametrize(
    "rule,length",
    [("0.07", 1000), ("kayles", 500), ("subtraction:2..5,9", 40), ("0.6", 3000), ("bash:3", 30), ("nim", 50)],
)
def test_sequence_equals_cli_json(cli_json, rule, length):
    want = cli_json("sequence", rule, "--len", str(length), "--json")
    got = grundy.sequence(rule, length)
    # One dtype whichever engine answers (the take-and-break engine, or search for bash and nim).
    assert isinstance(got, np.ndarray) and got.dtype == np.uint64 and got.shape == (length,)
    assert got.tolist() == want["values"]


@pytest.mark.parametrize("rule", ["0.07", "bash:3", "subtraction:2..5,9", "kayles"])
def test_period_to_dict_equals_cli_json(cli_json, rule):
    want = cli_json("period", rule, "--json")
    p = grundy.period(rule)
    assert p.to_dict() == want
    assert (p.preperiod, p.period, p.proven) == (want["preperiod"], want["period"], want["proven"])


def test_dawsons_kayles_period_from_the_literature():
    # Source: Winning Ways, ch. 4: Dawson's Kayles (0.07) has period 34 from n = 53.
    p = grundy.period("0.07")
    assert (p.preperiod, p.period, p.proven) == (53, 34, True)
    assert p.notation(5).startswith("0 0 1 1 2")


def test_games_equal_cli_list_json(cli):
    want = [json.loads(line) for line in cli("list", "--json").splitlines()]
    assert grundy.games() == want


def test_table_equals_cli_csv(cli):
    rows = cli("table", "wythoff", "--rows", "9", "--cols", "7", "--csv").splitlines()
    want = [[int(v) for v in row.split(",")[1:]] for row in rows[1:]]
    t = grundy.table("wythoff", 9, 7)
    assert t.values.shape == (9, 7) and t.values.dtype == np.uint64
    assert t.values.tolist() == want
    assert np.array_equal(np.asarray(t), t.values)


def test_nimber_arithmetic_equals_cli(cli):
    a, b = 123456789, 987654321
    n = grundy.Nimber(a)
    assert int(n * b) == int(cli("nimber", "mul", str(a), str(b)))
    assert int(n / b) == int(cli("nimber", "div", str(a), str(b)))
    assert int(n + b) == a ^ b
