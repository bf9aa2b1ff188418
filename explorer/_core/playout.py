"""The playout path's base class (imported as ``explorer._core.playout.Playout``): compiled by mypyc
with the playouts that subclass it natively (``explorer._compiled.MODULES``), pure Python otherwise.

``state.playout()`` gives a :class:`Playout`: the same rules as the public API, with actions as small
integers (indices into ``legal()``, whose order is the public ``legal_actions()`` order) applied in
place. The base class wraps the public API (always right, not fast); a game may return its own faster
class, and ``tests/explorer/test_playout.py`` compares every game's playout with the public API move
by move.
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import TYPE_CHECKING, Any, Protocol

try:
    from mypy_extensions import mypyc_attr
except ImportError:  # mypyc reads the decorator as it compiles; the engine needs no mypy to run
    def mypyc_attr(*attrs: str, **kwattrs: object) -> IdentityFunction:
        return lambda cls: cls

if TYPE_CHECKING:
    from _typeshed import IdentityFunction


class Origin(Protocol):
    """What a playout reads of the public state it was made from (``explorer._core.state.GameState``;
    named by its shape here, since the state module imports this one)."""

    @property
    def current_player(self) -> int | None: ...

    def legal_actions(self) -> list[Hashable]: ...

    def play(self, action: Hashable) -> Any: ...

    def scores(self) -> list[int]: ...


# A game without a playout of its own plays the base class (the public API by index); a subclass in
# plain Python (a test's, a new game's first one) may subclass it too.
@mypyc_attr(allow_interpreted_subclasses=True)
class Playout:
    """One game played forward in place. ``legal()`` lists the actions to choose from by index."""

    # ``_pos`` is the position being played (here the public state itself; a game's faster playout
    # keeps a mutable copy there, and may keep the state it started from in ``_state``).
    __slots__ = ("_legal", "_pos", "_state")

    def __init__(self, state: Origin | None, pos: Origin | None = None) -> None:
        # A subclass passes its copy of the position here rather than setting ``_pos`` after this:
        # mypyc compiles an attribute's first assignment in ``__init__`` without releasing the old
        # value, so a second one leaked a reference to ``state`` per playout (every sampled deal of a
        # search stayed in memory: 1 GB after 100 strong-bot games; tests/explorer/test_playout.py).
        # A game's kernel, which is its own position, has no state here (``None``) unless it was
        # copied from a public state to play out (``state()`` replays from it).
        self._state: Origin | None = state
        self._pos: Any = state if pos is None else pos
        self._legal: list[Hashable] | None = None

    @property
    def current_player(self) -> int | None:
        return self._origin(self._pos).current_player

    @property
    def is_over(self) -> bool:
        return self._origin(self._pos).current_player is None

    def _origin(self, state: Origin | None = None) -> Origin:
        """``state``, or the public state this playout was made from (a kernel has none of its own)."""
        found = self._state if state is None else state
        assert found is not None, "this playout was not made from a public state"
        return found

    def legal(self) -> int:
        """How many actions the player to act may choose from (0 once over)."""
        if self._legal is None:
            self._legal = list(self._origin().legal_actions())
        return len(self._legal)

    def notation(self, index: int) -> str:
        """The public notation of legal action ``index``."""
        if self._legal is None:
            self.legal()
        assert self._legal is not None
        return str(self._legal[index])

    def apply(self, index: int, text: str = "") -> None:
        """Play legal action ``index`` in place (``text``: its notation, when the caller has it, so
        that a kernel keeping a log need not write it again)."""
        if self._legal is None:
            self.legal()
        assert self._legal is not None
        self._state = self._pos = self._origin().play(self._legal[index])
        self._legal = None

    def scores(self) -> list[int]:
        return self._origin().scores()

    # What the search watches in a game of rounds and tricks (the others answer as here): the round
    # under way (0: the game has no rounds), the tricks ``seat`` has taken this round (-1: no tricks),
    # whether a trick is open.

    def round_number(self) -> int:
        return 0

    def tricks_taken(self, seat: int) -> int:
        return -1

    def trick_open(self) -> bool:
        return False

    def state(self) -> Origin:
        """The position reached, as an immutable public state."""
        return self._origin()


class KernelCore(Playout):
    """What every game's rules kernel shares as a playout: the seat to act as an int (-1 once over),
    the points so far, and the indices played since it was copied from a public state, which
    ``state()`` replays there. A kernel is its own position: it has no public state until
    ``State.playout()`` gives it the one it was copied from."""

    __slots__ = ("_played", "act", "points")

    act: int
    points: list[int]
    _played: list[int]

    def __init__(self) -> None:
        # The base class's fields set here once, not by its __init__ (see there): a state copies its
        # kernel on every play.
        self._state = self._pos = None
        self._legal = None
        self._played = []

    @property
    def current_player(self) -> int | None:
        return None if self.act < 0 else self.act

    @property
    def is_over(self) -> bool:
        return self.act < 0

    def scores(self) -> list[int]:
        return list(self.points)

    def state(self) -> Origin:
        """The position reached, replayed through the public API from the state this copy began at."""
        start = self._origin()
        for index in self._played:
            start = start.play(start.legal_actions()[index])
        self._state, self._played = start, []
        return start
