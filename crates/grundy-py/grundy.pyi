"""Impartial combinatorial games: Sprague-Grundy values, outcomes, winning
moves, sequences, periods and tables, computed by the grundy engine (Rust).

Every result's ``to_dict()`` equals the command line's ``--json``."""

from os import PathLike
from typing import Any, Dict, List, Optional, Protocol, Sequence, Tuple, Union

import numpy as np
import numpy.typing as npt

__version__: str

Part = Union[int, Tuple[int, ...]]
"""A part of a Python game's position: an int or a tuple of ints."""
Option_ = Union[Part, List[Part]]
"""An option of a Python game: a part, or a list of parts (a sum)."""

class PythonGame(Protocol):
    """A game defined in Python: ``moves(position)`` returns the options of
    a position part. An optional ``name`` attribute names it."""

    def moves(self, position: Any) -> Sequence[Option_]: ...

Game = Union[str, PythonGame]
"""A catalog spec (``"nim"``, ``"subtraction:1,3,4"``, ``"script:x.rhai"``)
or an object with a ``moves`` method."""
Position = Union[
    str, int, Tuple[int, ...], Sequence[Union[str, int, Tuple[int, ...]]], npt.NDArray[np.integer[Any]]
]
"""A position: words (``"3 4 5"``), an int, a tuple (one part of several
numbers), a list of parts, or a NumPy array (each row of a 2-D one a part)."""

class GrundyError(Exception):
    """The base of every error grundy raises; the subclasses say why."""

class BadInputError(GrundyError, ValueError):
    """The request is wrong: an unknown game, a bad parameter, position or
    argument (a negative ``length``, a dtype too narrow for the values)."""

class DivisionByZeroError(BadInputError, ZeroDivisionError):
    """A nimber divided by zero."""

class SearchLimitError(GrundyError):
    """The request exceeds a limit: raise max_positions or ask for less."""

class GameError(GrundyError):
    """The game itself failed: a script error, or a position that recurs."""

class Move:
    """A move, the position it leads to and what is known of that position."""

    @property
    def move(self) -> str: ...
    @property
    def to(self) -> str: ...
    @property
    def outcome(self) -> Optional[str]:
        """``"N"`` or ``"P"``: the outcome of the position after the move."""
    @property
    def remoteness(self) -> Optional[int]: ...
    def to_dict(self) -> Dict[str, Any]: ...
    def __eq__(self, other: object) -> bool: ...
    def __hash__(self) -> int: ...

class Analysis:
    """Everything about one position, as ``grundy analyze`` reports it."""

    @property
    def game(self) -> str: ...
    @property
    def position(self) -> str: ...
    @property
    def play(self) -> str:
        """``"normal"`` or ``"misere"``."""
    @property
    def outcome(self) -> str:
        """``"N"`` (the player to move wins), ``"P"``, or ``"D"`` (a draw, in a loopy game)."""
    @property
    def grundy(self) -> Optional[int]: ...
    @property
    def value(self) -> Optional[str]:
        """A loopy game's generalized Sprague-Grundy value, ``"3"`` or ``"∞{0,2}"``."""
    @property
    def remoteness(self) -> Optional[int]: ...
    @property
    def remoteness_missing(self) -> Optional[str]:
        """Why ``remoteness`` is ``None``: ``"value_only"`` (not looked for) or
        ``"over_budget"`` (more search than the default budget; ``remoteness=True``
        computes it)."""
    @property
    def method(self) -> str:
        """``"formula"`` or ``"search"``."""
    @property
    def winning_moves(self) -> List[Move]: ...
    @property
    def winning_moves_complete(self) -> bool: ...
    @property
    def all_moves(self) -> Optional[List[Move]]: ...
    def to_dict(self) -> Dict[str, Any]:
        """The analysis as ``grundy analyze --json`` prints it."""
    def _repr_html_(self) -> str: ...
    def __eq__(self, other: object) -> bool: ...
    def __hash__(self) -> int: ...

class Period:
    """The period of a one-number game, as ``grundy period`` reports it."""

    @property
    def rule(self) -> str: ...
    @property
    def preperiod(self) -> Optional[int]: ...
    @property
    def period(self) -> Optional[int]: ...
    @property
    def proven(self) -> bool: ...
    @property
    def saltus(self) -> Optional[int]: ...
    @property
    def values_computed(self) -> int: ...
    @property
    def theorem(self) -> Optional[str]: ...
    @property
    def reason(self) -> Optional[str]: ...
    def notation(self, max_shown: int = 200) -> Optional[str]: ...
    def to_dict(self) -> Dict[str, Any]:
        """The report as ``grundy period --json`` prints it."""
    def __eq__(self, other: object) -> bool: ...
    def __hash__(self) -> int: ...

class Picture:
    """A heatmap or sequence plot, the command line's."""

    def png(self) -> bytes: ...
    def svg(self) -> str: ...
    def save(self, path: Union[str, "PathLike[str]"]) -> None:
        """SVG if the path ends in ``.svg``, else PNG."""
    def _repr_png_(self) -> bytes: ...

class Table:
    """Grundy values G(i, j); ``values[r, c]`` is G(first + r, first + c)."""

    @property
    def game(self) -> str: ...
    @property
    def first(self) -> int: ...
    @property
    def values(self) -> npt.NDArray[np.uint64]: ...
    @property
    def shape(self) -> Tuple[int, int]: ...
    def __array__(self, dtype: Any = None, copy: Optional[bool] = None) -> np.ndarray: ...
    def plot(self) -> Picture: ...
    def _repr_png_(self) -> bytes: ...
    def __eq__(self, other: object) -> bool: ...
    def __hash__(self) -> int: ...

class Nimber:
    """A nimber below 2**128: ``+`` is XOR, ``*`` the nim product, ``/`` the
    nim quotient (``DivisionByZeroError``, a ``ZeroDivisionError``, for 0).
    Ints mix with nimbers; pickled as ``Nimber(value)``."""

    def __init__(self, value: int) -> None: ...
    @property
    def value(self) -> int: ...
    def __add__(self, other: Union["Nimber", int]) -> "Nimber": ...
    def __radd__(self, other: Union["Nimber", int]) -> "Nimber": ...
    def __sub__(self, other: Union["Nimber", int]) -> "Nimber": ...
    def __rsub__(self, other: Union["Nimber", int]) -> "Nimber": ...
    def __mul__(self, other: Union["Nimber", int]) -> "Nimber": ...
    def __rmul__(self, other: Union["Nimber", int]) -> "Nimber": ...
    def __truediv__(self, other: Union["Nimber", int]) -> "Nimber": ...
    def __rtruediv__(self, other: Union["Nimber", int]) -> "Nimber": ...
    def inverse(self) -> "Nimber": ...
    def __int__(self) -> int: ...
    def __index__(self) -> int: ...
    def __bool__(self) -> bool: ...
    def __eq__(self, other: object) -> bool: ...
    def __hash__(self) -> int: ...

def analyze(
    game: Game,
    position: Position,
    *,
    misere: bool = False,
    all_moves: bool = False,
    value_only: bool = False,
    remoteness: bool = False,
    max_positions: int = 10_000_000,
) -> Analysis:
    """Outcome, Grundy value, winning moves and remoteness of one position;
    with ``value_only``, the outcome and Grundy value alone, fastest (no
    moves listed, remoteness ``None``). Remoteness is given where a search
    within a fixed work budget finds it; ``remoteness=True`` computes it
    exactly by full search, however long that takes."""

def sequence(
    rule: Game,
    length: int,
    *,
    dtype: Optional[npt.DTypeLike] = None,
    method: str = "auto",
    max_positions: int = 10_000_000,
) -> npt.NDArray[np.integer[Any]]:
    """G(0), ..., G(length - 1) as a ``numpy.uint64`` array whichever engine
    answers, or of ``dtype`` (an integer type; ``uint16`` keeps a long octal
    run's array without a copy). Ctrl-C interrupts an engine run."""

def period(
    rule: Game, max: int = 10_000_000, *, method: str = "auto", max_positions: int = 10_000_000
) -> Period:
    """Values until a period is proven (Guy-Smith) or ``max`` are computed."""

def table(
    game: Game,
    rows: int = 16,
    cols: int = 16,
    *,
    first: Optional[int] = None,
    max_positions: int = 10_000_000,
) -> Table:
    """G(i, j) of a two-number game; a cell out of search's reach raises
    SearchLimitError."""

def plot(values: Union[Sequence[int], npt.NDArray[np.integer[Any]]], first: int = 0) -> Picture:
    """A plot of G(n) against n, P-positions marked."""

def games() -> List[Dict[str, Any]]:
    """The catalog, as ``grundy list --json`` prints it."""

def verify(
    game: Optional[str] = None, up_to: Optional[int] = None, *, max_positions: int = 10_000_000
) -> List[Dict[str, Any]]:
    """Closed forms against exhaustive search, one dict per check."""
