"""The states of games whose rules live in a kernel: an immutable shell over the kernel, and what a
reader sees of it (views, refusals, labels, the text board, events), written by the game's ``_view``
and ``_explain`` modules and declared in its spec: the state's module never imports the modules that
read states, so a game package's layers run one way (kernel, state, then what reads it).
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Mapping
from dataclasses import dataclass
from itertools import repeat
from typing import Any, ClassVar, Generic, Self, TypeVar, overload

from .. import _compiled
from .._errors import IllegalAction
from . import action as _action
from .action import Action, Notations
from .state import GameState

T = TypeVar("T")


if _compiled.is_compiled(_action):
    listing = _action.listing
else:
    def listing(source: Notations, count: int) -> list[Action]:
        """``explorer._core.action.listing`` as the interpreter runs it fastest: each value made
        without a call to ``__init__`` (a Bangkok turn lists some 40-50), its notation unwritten."""
        values = list(map(object.__new__, repeat(Action, count)))
        for index, value in enumerate(values):
            value.index = index
            value._source = source
        return values


def rows(value: Any) -> tuple[tuple[Any, ...], ...]:
    """A kernel's list of lists as a tuple of tuples."""
    return tuple(tuple(row) for row in value)


class Kept(Generic[T]):
    """One of the kernel's fields as a state shows it: ``state.<name>`` reads ``state._k.<field>``
    (the same name unless given) through ``show`` (``tuple`` or ``rows`` where the kernel keeps lists,
    so that nothing reading a state can change its kernel)."""

    __slots__ = ("field", "show")

    def __init__(self, show: Callable[[Any], T] | None = None, field: str = "") -> None:
        self.show, self.field = show, field

    def __set_name__(self, owner: type, name: str) -> None:
        self.field = self.field or name

    @overload
    def __get__(self, state: None, owner: type) -> Kept[T]: ...
    @overload
    def __get__(self, state: object, owner: type) -> T: ...
    def __get__(self, state: object | None, owner: type) -> Kept[T] | T:
        if state is None:
            return self
        value = getattr(state._k, self.field)  # type: ignore[attr-defined]  # a KernelShell's
        return value if self.show is None else self.show(value)


@dataclass(frozen=True, slots=True)
class Presenter:
    """A game's words and views of its states, each a function of the state: ``view(state, seat)``
    the game's part of ``view(seat)``, ``explain(state, text)`` why an action is refused (naming
    the rule), ``label(state, notation)`` a legal action in plain words, ``board_text(state, seat)``
    the table as text; ``event_entries(state, seat)`` the public history where the game keeps its own
    (default: the state's event log), ``event_text(kind, seat, data)`` an event's sentence where the
    game tells its events as data (the fruit games).

    ``explain`` is asked only about a text that is not legal for the seat to act in a game not over;
    its reason speaks to that player (their seat marker renders as "you"), and only a text that is no
    action of the game at all is answered in notation, the form the command line takes. An event's
    sentence writes seats as markers (``explorer._core.words``) that each reader's view renders ("Ben
    plays banana 3" for one, "You play banana 3" for Ben); it is made only when a view reads it."""

    view: Callable[[Any, int], dict[str, Any]]
    explain: Callable[[Any, str], IllegalAction]
    label: Callable[[Any, str], str]
    board_text: Callable[[Any, int], str]
    event_entries: Callable[[Any, int], list[dict[str, Any]]] | None = None
    event_text: Callable[[str, int | None, Mapping[str, Any]], str] | None = None


class KernelShell(GameState):
    """A state that is an immutable shell over its game's rules kernel, as python-chess's board seen
    immutably: ``play()`` copies the kernel and applies the action's index to the copy, and
    ``playout()`` is the kernel copied without a log (what bots and hints simulate with). The kernel
    (``_k``) never changes once its state is made."""

    #: What a reader sees of this game's states (``GameSpec(presenter=...)`` sets it).
    PRESENTER: ClassVar[Presenter]
    _k: Any

    #: Whether the kernel lists its actions' values itself (``kernel.actions()``: a game whose notations
    #: are fixed tables shares one value per index and text, ``explorer._core.action.ActionTable``);
    #: otherwise the shell makes one per legal action, its text written by the kernel when asked.
    KERNEL_VALUES: ClassVar[bool] = False

    def legal_actions(self) -> list[Hashable]:
        legal = self._legal_cache
        if legal is None:  # the kernel counts none once the game is over
            legal = self._legal_cache = self._legal()
        return legal.copy()

    def _legal(self) -> list[Hashable]:
        k = self._k
        values: list[Hashable] = k.actions() if self.KERNEL_VALUES else listing(k, k.legal())  # type: ignore[assignment]
        return values

    def play(self, action: Hashable) -> Self:
        """``GameState.play`` in one call: the kernel copied and played by the action's index, the
        state's dict copied with what changed (no hook is called on the way: a play is what bots,
        clicks and replays pay for, and the interpreter pays for every call)."""
        legal = self._legal_cache
        # A value this state listed (a bot's, a playout's, a click's) is the one at its own index in
        # the listing: legal as it stands. Anything else (a notation, another state's value) is
        # matched by its notation.
        if action.__class__ is Action and legal is not None:
            chosen: Action = action
            index = chosen.index
            if index >= len(legal) or legal[index] is not chosen:
                chosen = self._match(action)  # type: ignore[assignment]
                index = chosen.index
        else:
            chosen = self._match(action)  # type: ignore[assignment]
            index = chosen.index
        text = str(chosen)  # the record's, and the kernel's log's
        k = self._k.copy()
        if self.ADOPTS:
            self._adopt(k)
        k.apply(index, text)
        new = object.__new__(self.__class__)
        fields = new.__dict__ = self.__dict__.copy()  # one copy: half the cost of updating an empty dict
        fields["_k"] = k
        fields["_legal_cache"] = None
        fields["to_act"] = k.current_player
        fields["_history"] = (text, self._history)
        fields["_n_actions"] = self._n_actions + 1
        return new

    def _apply(self, action: Hashable) -> None:
        # ``play`` above does this for every game on a kernel; kept for the base class's contract.
        k = self._k = self._k.copy()
        self._adopt(k)
        k.apply(action.index)  # type: ignore[attr-defined]
        self._applied()

    def playout(self) -> Any:
        """A mutable copy of this position's kernel, without a log, for fast simulation (bots, hints)."""
        k = self._k.copy(log=False)
        self._adopt(k)
        k._state = self
        return k

    #: Whether ``_adopt`` has anything to do (play() skips the call where not).
    ADOPTS: ClassVar[bool] = False

    def _adopt(self, kernel: Any) -> None:
        """What a copy of the kernel takes from this state before it plays (nothing here)."""

    def _applied(self) -> None:
        """After a play: the seat to act, as the kernel has it."""
        self.to_act = self._k.current_player

    # ---- what a reader sees: the game's presenter (its spec hands it to the class) ------------------

    def _view(self, seat: int) -> dict[str, Any]:
        return self.PRESENTER.view(self, seat)

    def _explain(self, action: Hashable) -> IllegalAction:
        return self.PRESENTER.explain(self, str(action))

    def _label(self, notation: str) -> str:
        return self.PRESENTER.label(self, notation)

    def _board_text(self, seat: int) -> str:
        return self.PRESENTER.board_text(self, seat)

    def _event_entries(self, seat: int) -> list[dict[str, Any]]:
        entries = self.PRESENTER.event_entries
        return super()._event_entries(seat) if entries is None else entries(self, seat)
