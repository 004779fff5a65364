"""Games defined in Python, solved by the engine."""

import numpy as np
import pytest

import grundy


class Kayles:
    """Written from the rules: knock down one pin or two adjacent pins from a
    row; what is left is up to two rows (a sum)."""

    def moves(self, n):
        options = []
        for take in (1, 2):
            for left in range(n - take + 1):
                right = n - take - left
                if left <= right:
                    options.append([left, right])
        return options


class TwoHeapNim:
    """One position part of two numbers: take from either heap."""

    name = "two-heap nim"

    def moves(self, heaps):
        a, b = heaps
        return [(k, b) for k in range(a)] + [(a, k) for k in range(b)]


def test_python_kayles_equals_the_builtin_over_300_heaps():
    ours = grundy.sequence(Kayles(), 300)
    builtin = grundy.sequence("kayles", 300)
    assert ours.tolist() == builtin.tolist()
    # Source: Winning Ways, ch. 4: Kayles G(0..11).
    assert ours[:12].tolist() == [0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6]


def test_a_sum_of_python_positions_is_valued_by_xor():
    a = grundy.analyze(Kayles(), [4, 7])
    assert a.game == "script:Kayles"
    assert a.grundy == 1 ^ 2 and a.outcome == "N"
    for m in a.winning_moves:
        after = grundy.analyze(Kayles(), m.to)
        assert after.outcome == "P"


def test_tuple_positions_and_tables():
    g = TwoHeapNim()
    assert grundy.analyze(g, (3, 5)).grundy == 3 ^ 5
    t = grundy.table(g, 6, 7)
    assert t.game == "script:two-heap nim"
    assert np.array_equal(t.values, np.bitwise_xor.outer(np.arange(6), np.arange(7)))


def test_an_exception_in_moves_is_raised_with_its_traceback():
    class Broken:
        def moves(self, n):
            if n == 5:
                raise ZeroDivisionError("no moves from 5")
            return [n - 1] if n > 0 else []

    with pytest.raises(ZeroDivisionError, match="no moves from 5") as info:
        grundy.sequence(Broken(), 10)
    assert any(entry.name == "moves" for entry in info.traceback)


def test_a_position_that_recurs_is_a_loopy_game():
    class Loop:
        def moves(self, n):
            return [n - 1] if n > 0 else [3]

    # 2 -> 1 -> 0 -> 3 -> 2 and no way out: a draw (the loopy engine).
    a = grundy.analyze(Loop(), 2)
    assert (a.outcome, a.grundy, a.value) == ("D", None, "∞{}")
    # A sequence needs finite values.
    with pytest.raises(grundy.GameError):
        grundy.sequence(Loop(), 5)


def test_moves_that_are_not_positions_are_refused():
    class Bad:
        def moves(self, n):
            return ["x"]

    with pytest.raises(grundy.GameError, match="Bad.moves"):
        grundy.analyze(Bad(), 3)


def test_an_object_without_moves_is_bad_input():
    with pytest.raises(grundy.BadInputError):
        grundy.analyze(object(), 3)
