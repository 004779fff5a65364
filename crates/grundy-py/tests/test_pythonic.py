"""The conventions Python users live with: reprs that read as Python, one
exception tree whose messages name the function's own arguments, `==`,
`hash()` and pickling of results, one dtype per kind of array, and
positions given as NumPy arrays."""

import copy
import pickle

import numpy as np
import pytest

import grundy


# ---- reprs ------------------------------------------------------------------------------------------

def test_period_repr_reads_as_python():
    # Source: Winning Ways, ch. 4: Dawson's Kayles (0.07) has period 34 from n = 53.
    assert repr(grundy.period("0.07")) == "Period(rule='0.07', preperiod=53, period=34, proven=True)"


def test_a_period_not_found_is_none_in_the_repr():
    # 0.6 has no known period (Winning Ways, ch. 4): none in 50 values.
    r = repr(grundy.period("0.6", 50))
    assert "Some(" not in r and "preperiod=None, period=None" in r, r


def test_analysis_repr_agrees_with_its_attributes():
    a = grundy.analyze("nim", [3, 4, 5])
    # 3 ^ 4 ^ 5 = 2: a winning move takes heap h to h ^ 2 where that is smaller (3 -> 1 only).
    want = sum(1 for h in (3, 4, 5) if h ^ 2 < h)
    assert len(a.winning_moves) == want
    assert repr(a) == (
        f"Analysis(game='nim', position='3 4 5', outcome='N', grundy=2, len(winning_moves)={want})"
    )
    m = a.winning_moves[0]
    assert repr(m) == f"Move(move={m.move!r}, to={m.to!r})"


def test_table_repr_reads_as_python():
    assert repr(grundy.table("nim", 3, 4)) == "Table(game='nim', shape=(3, 4), first=0)"


# ---- one exception tree -------------------------------------------------------------------------------

def test_every_exception_class_is_a_grundy_error():
    for name in ("BadInputError", "SearchLimitError", "GameError", "DivisionByZeroError"):
        cls = getattr(grundy, name)
        assert issubclass(cls, grundy.GrundyError), name
        assert cls.__module__ == "grundy", name
    assert issubclass(grundy.BadInputError, ValueError)
    assert issubclass(grundy.DivisionByZeroError, ZeroDivisionError)
    assert issubclass(grundy.DivisionByZeroError, grundy.BadInputError)
    assert not issubclass(grundy.SearchLimitError, ValueError)


def test_bad_input_is_caught_as_grundy_error_and_as_value_error():
    with pytest.raises(grundy.GrundyError):
        grundy.analyze("nimm", [3])
    with pytest.raises(ValueError):
        grundy.analyze("nimm", [3])


def test_nim_division_by_zero_is_a_grundy_error():
    with pytest.raises(grundy.DivisionByZeroError):
        grundy.Nimber(3) / 0
    with pytest.raises(ZeroDivisionError):
        1 / grundy.Nimber(0)


@pytest.mark.parametrize(
    "call,argument",
    [
        (lambda: grundy.sequence("0.07", -1), "length"),
        (lambda: grundy.period("0.07", -5), "max"),
        (lambda: grundy.table("nim", -2, 3), "rows"),
        (lambda: grundy.table("nim", 3, -2), "cols"),
        (lambda: grundy.table("nim", 3, 3, first=-1), "first"),
        (lambda: grundy.analyze("nim", [3], max_positions=-1), "max_positions"),
        (lambda: grundy.verify("nim", -1), "up_to"),
        (lambda: grundy.plot([1, -2, 3]), "values"),
        (lambda: grundy.Nimber(-1), "nimber"),
        (lambda: grundy.Nimber(2**128), "nimber"),
    ],
)
def test_a_negative_or_huge_count_is_bad_input_naming_the_argument(call, argument):
    with pytest.raises(grundy.BadInputError, match=argument) as raised:
        call()
    assert not isinstance(raised.value, OverflowError)


@pytest.mark.parametrize(
    "call,words",
    [
        # The table's cells are refused past 4096 × 4096.
        (lambda: grundy.table("nim", 5000, 5000), ["rows and cols"]),
        (lambda: grundy.sequence("nim", 1 << 40), ["length"]),
        (lambda: grundy.analyze("subtraction:1,3,4", [50, 60], misere=True, max_positions=30), ["max_positions"]),
        (lambda: grundy.sequence(TakeOneOrTwo(), 300, max_positions=50), ["max_positions"]),
        (lambda: grundy.verify("nim", 10**9), ["up_to"]),
    ],
)
def test_limit_messages_name_python_arguments_not_flags(call, words):
    with pytest.raises(grundy.SearchLimitError) as raised:
        call()
    text = str(raised.value)
    assert "--" not in text, text
    for w in words:
        assert w in text, text


class TakeOneOrTwo:
    def moves(self, n):
        return [n - k for k in (1, 2) if k <= n]


# ---- ==, hash() and pickling ----------------------------------------------------------------------------

def results():
    return [
        grundy.analyze("nim", [3, 4, 5]),
        grundy.analyze("cram", "3x4", all_moves=True),
        grundy.analyze("nim", [1, 1, 4], misere=True),
        grundy.analyze("nim", [3, 4, 5]).winning_moves[0],
        grundy.period("0.07"),
        grundy.period("0.6", 40),
        grundy.table("wythoff", 5, 6),
        grundy.Nimber(12345),
    ]


@pytest.mark.parametrize("index", range(8))
def test_equal_results_are_equal_and_hash_alike(index):
    a, b = results()[index], results()[index]
    assert a is not b
    assert a == b and not (a != b) and hash(a) == hash(b)
    assert len({a, b}) == 1


def test_different_results_differ():
    a, b = grundy.analyze("nim", [3, 4, 5]), grundy.analyze("nim", [3, 4, 6])
    assert a != b and not (a == b)
    assert grundy.period("0.07") != grundy.period("0.6", 40)
    assert grundy.table("nim", 3, 3) != grundy.table("nim", 3, 4)
    assert grundy.analyze("nim", [3]) != "nim 3"


@pytest.mark.parametrize("index", range(8))
@pytest.mark.parametrize("protocol", [0, 2, pickle.HIGHEST_PROTOCOL])
def test_results_survive_pickling(index, protocol):
    a = results()[index]
    b = pickle.loads(pickle.dumps(a, protocol=protocol))
    assert type(b) is type(a) and b == a and hash(b) == hash(a) and repr(b) == repr(a)
    assert copy.deepcopy(a) == a
    if hasattr(a, "to_dict"):
        assert b.to_dict() == a.to_dict()


def test_a_pickled_result_keeps_every_attribute():
    a = grundy.analyze("nim", [2, 3], all_moves=True)
    b = pickle.loads(pickle.dumps(a))
    for name in ("game", "position", "play", "outcome", "grundy", "remoteness", "method", "winning_moves_complete"):
        assert getattr(b, name) == getattr(a, name), name
    assert b.winning_moves == a.winning_moves and b.all_moves == a.all_moves
    p = pickle.loads(pickle.dumps(grundy.period("0.07")))
    assert p.notation(5) == grundy.period("0.07").notation(5)
    t = pickle.loads(pickle.dumps(grundy.table("wythoff", 4, 5, first=1)))
    assert t.first == 1 and t.values.tolist() == grundy.table("wythoff", 4, 5, first=1).values.tolist()
    assert t.plot().png()[:8] == b"\x89PNG\r\n\x1a\n"


# ---- dtypes ----------------------------------------------------------------------------------------------

@pytest.mark.parametrize("rule", ["0.07", "0.6", "kayles", "nim", "bash:3"])
def test_a_sequence_is_uint64_whichever_engine_answers(rule):
    assert grundy.sequence(rule, 30).dtype == np.uint64


def test_a_sequence_takes_a_dtype():
    wide = grundy.sequence("0.07", 500)
    for dtype in (np.uint16, "uint32", np.int64, np.dtype("uint8")):
        got = grundy.sequence("0.07", 500, dtype=dtype)
        assert got.dtype == np.dtype(dtype) and np.array_equal(got, wide)


def test_a_dtype_too_narrow_for_the_values_is_bad_input():
    # nim: G(n) = n, so G(299) = 299 does not fit uint8.
    with pytest.raises(grundy.BadInputError, match=r"G\(299\) = 299"):
        grundy.sequence("nim", 300, dtype=np.uint8)
    with pytest.raises(grundy.BadInputError, match="integer"):
        grundy.sequence("nim", 3, dtype=np.float64)


def test_a_table_is_uint64():
    assert grundy.table("nim", 3, 3).values.dtype == np.uint64


# ---- positions as NumPy arrays --------------------------------------------------------------------------

def test_a_numpy_array_is_a_position():
    want = grundy.analyze("nim", [3, 4, 5])
    for position in (np.array([3, 4, 5]), np.array([3, 4, 5], dtype=np.uint8), [np.int64(3), 4, np.uint16(5)]):
        assert grundy.analyze("nim", position) == want
    assert grundy.analyze("nim", np.int32(7)) == grundy.analyze("nim", 7)


def test_a_numpy_array_is_a_chomp_position():
    assert grundy.analyze("chomp", np.array([3, 2, 1])) == grundy.analyze("chomp", [3, 2, 1])


class TwoHeapNim:
    def moves(self, heaps):
        a, b = heaps
        return [(k, b) for k in range(a)] + [(a, k) for k in range(b)]


def test_rows_of_a_2d_array_are_parts_of_several_numbers():
    want = grundy.analyze(TwoHeapNim(), [(2, 3), (1, 1)])
    assert grundy.analyze(TwoHeapNim(), np.array([[2, 3], [1, 1]])) == want
    assert want.grundy == (2 ^ 3) ^ (1 ^ 1)


def test_plot_takes_a_numpy_array():
    values = grundy.sequence("0.07", 40)
    assert grundy.plot(values).png() == grundy.plot(values.tolist()).png()
