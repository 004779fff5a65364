"""Errors are typed Python exceptions, never a crash."""

import pytest

import grundy


def test_an_unknown_game_is_bad_input():
    with pytest.raises(grundy.BadInputError, match="nimm"):
        grundy.analyze("nimm", [3])
    assert issubclass(grundy.BadInputError, ValueError)


def test_a_bad_position_is_bad_input():
    with pytest.raises(ValueError, match="nim position"):
        grundy.analyze("nim", ["3", "x"])


def test_value_only_with_every_move_is_bad_input():
    with pytest.raises(grundy.BadInputError, match="value_only lists no move"):
        grundy.analyze("nim", [3], value_only=True, all_moves=True)


def test_a_rule_that_is_no_rule_is_bad_input():
    with pytest.raises(grundy.BadInputError):
        grundy.sequence("0.9x", 10)
    with pytest.raises(grundy.BadInputError):
        grundy.sequence("wythoff", 10)
    with pytest.raises(grundy.BadInputError):
        grundy.sequence("0.07", 10, method="fast")


def test_a_missing_script_is_bad_input(tmp_path):
    with pytest.raises(grundy.BadInputError, match="cannot read"):
        grundy.analyze(f"script:{tmp_path}/none.rhai", [3])


class TakeOneOrTwo:
    def moves(self, n):
        return [n - k for k in (1, 2) if k <= n]


class TwoHeapNim:
    def moves(self, heaps):
        a, b = heaps
        return [(k, b) for k in range(a)] + [(a, k) for k in range(b)]


def test_a_search_past_its_limit_raises_search_limit_error():
    with pytest.raises(grundy.SearchLimitError, match="max_positions"):
        grundy.sequence(TakeOneOrTwo(), 300, max_positions=50)
    with pytest.raises(grundy.SearchLimitError, match="limit of 30 positions"):
        grundy.analyze("subtraction:1,3,4", [50, 60], misere=True, max_positions=30)
    # A table whose cells are not all known is refused, naming a cell.
    with pytest.raises(grundy.SearchLimitError, match=r"\[\d+,\d+\]"):
        grundy.table(TwoHeapNim(), 20, 20, max_positions=20)
    assert issubclass(grundy.SearchLimitError, grundy.GrundyError)


def test_nim_division_by_zero():
    with pytest.raises(ZeroDivisionError):
        grundy.Nimber(3) / 0
