"""Action values: what ``state.legal_actions()`` lists (python-chess's ``Move``, OpenSpiel's int actions).

An :class:`Action` is the index of a legal action in the position that listed it (its game's kernel
order) and the means to write its notation: ``str(action)`` asks that position's kernel for the text
the first time and keeps it, so listing the actions writes no text at all (a Bangkok turn offers some
40-50 placements, each a text of several parts). ``state.play(action)`` takes the index straight
away when the action is the one its state listed there (an identity check), and otherwise plays it by
its notation, as ``play("notation")`` does.

What the public contract promises of a value (``/work/shared/ARCHITECTURE.md``, "Action values"), and
what this class does for it: ``str(a)`` is the notation; ``a == "notation"`` and ``"notation" in
state.legal_actions()`` (``__eq__`` compares notations, with a string or another value); a value
hashes as its notation does, so a dict or set keyed by notations finds it; ``repr(a)`` is its
notation's repr, so a printed list of values reads as the list of notations it was. Beyond the
contract, values order as their notations do (``sorted`` keeps working), and pickle as their index and
notation (a state travels to a sweep's worker by pickle).

Compiled by mypyc with the kernels (``explorer._compiled``), pure Python otherwise; the interpreted
build lists values through :func:`listing`'s pure twin in ``explorer._core.shell``.
"""

from __future__ import annotations

from typing import Protocol, final


class Notations(Protocol):
    """What writes a value's notation: the kernel of the position that listed it (never changed after)."""

    def notation(self, index: int) -> str: ...


@final
class Action:
    """One legal action of one position: its ``index`` there and its notation (``str``), written when
    first asked. Immutable as far as anyone can see."""

    __slots__ = ("_source", "_text", "index")

    index: int
    _text: str
    #: The kernel that writes the notation, until it has been written (then ``None``).
    _source: Notations | None

    def __init__(self, index: int = 0, text: str = "", source: Notations | None = None) -> None:
        self.index = index
        self._text = text
        self._source = source

    def __str__(self) -> str:
        source = self._source
        if source is None:
            return self._text
        text = self._text = source.notation(self.index)
        self._source = None  # the position's kernel is no longer kept alive by its values
        return text

    def __repr__(self) -> str:
        return repr(str(self))

    def __hash__(self) -> int:
        return hash(str(self))

    def __eq__(self, other: object) -> bool:
        if other is self:
            return True
        if isinstance(other, str):
            return str(self) == other
        if isinstance(other, Action):
            return str(self) == str(other)
        return NotImplemented

    def __ne__(self, other: object) -> bool:
        if other is self:
            return False
        if isinstance(other, str):
            return str(self) != other
        if isinstance(other, Action):
            return str(self) != str(other)
        return NotImplemented

    def __lt__(self, other: object) -> bool:
        if isinstance(other, (str, Action)):
            return str(self) < str(other)
        return NotImplemented

    def __le__(self, other: object) -> bool:
        if isinstance(other, (str, Action)):
            return str(self) <= str(other)
        return NotImplemented

    def __gt__(self, other: object) -> bool:
        if isinstance(other, (str, Action)):
            return str(self) > str(other)
        return NotImplemented

    def __ge__(self, other: object) -> bool:
        if isinstance(other, (str, Action)):
            return str(self) >= str(other)
        return NotImplemented

    def __reduce__(self) -> tuple[type[Action], tuple[int, str]]:
        return Action, (self.index, str(self))


@final
class ActionTable:
    """The values of one table of notations (a game's card plays, say: texts fixed by the game), shared
    by every position: row ``i`` holds each text's value at index ``i``, made the first time a listing
    reaches that index. A kernel lists ``map(getitem, table.rows(start, stop), codes)``: no text
    written, no value made, and ``str()`` of each is its text at once."""

    __slots__ = ("_rows", "texts")

    def __init__(self, texts: list[str]) -> None:
        self.texts = texts
        self._rows: list[list[Action]] = []

    def rows(self, start: int, stop: int) -> list[list[Action]]:
        """The rows of indices ``start`` to ``stop`` (exclusive)."""
        rows = self._rows
        while len(rows) < stop:
            index = len(rows)
            rows.append([Action(index, text) for text in self.texts])
        return rows[start:stop]


def listing(source: Notations, count: int) -> list[Action]:
    """The values of a position's ``count`` legal actions, their notations written by ``source``."""
    return [Action(index, "", source) for index in range(count)]
