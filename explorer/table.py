"""A table: one game, the seats people play and the bots in the others, moved on step by step.

The command line, the widgets, the tests and the benchmarks all seat bots through this one class,
so a bot's seed follows one policy (:func:`bot_seed`) and a game with the same seed and the same
line-up replays alike wherever it is played.

>>> import explorer
>>> from explorer.table import Table
>>> table = Table(explorer.new_game("bastos", players=3, seed=4), bots="heuristic")
>>> final = table.play_out()
>>> final.is_over, final.actions() == Table(explorer.new_game("bastos", 3, 4)).play_out().actions()
(True, True)
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Mapping
from typing import TYPE_CHECKING

from ._core import bounds as _bounds
from ._errors import TooLong as TooLong  # re-exported: callers catch explorer.table.TooLong
from .bots import Bot, make_bot

if TYPE_CHECKING:
    from ._core.state import GameState

#: A bot for a seat: a kind (``"random"``, ``"heuristic"``) or a ready ``Bot``.
BotChoice = str | Bot
#: Bots for a table: one kind for every seat that is not a person's, or a choice per seat.
BotsSpec = str | Mapping[int, BotChoice] | None


def bot_seed(game_seed: int, seat: int) -> int:
    """The one seeding policy for bots: fixed by the game's seed and the bot's seat."""
    return game_seed * 1000 + seat


def make_bots(state: GameState, spec: BotsSpec, people: Iterable[int] = (),
              source: Callable[[], GameState] | None = None) -> dict[int, Bot]:
    """A bot for every seat that is not a person's, as ``spec`` says, seeded by :func:`bot_seed`.

    ``source`` returns the table's current state: bots that read the public table from it (the
    strong bot where a view does not carry the whole table, as in Klongs) are given it (``watch``).
    """
    people = set(people)
    others = [s for s in range(state.players) if s not in people]
    chosen: Mapping[int, BotChoice]
    if spec is None:
        chosen = {}
    elif isinstance(spec, str):
        chosen = {s: spec for s in others}
    else:
        chosen = spec
    bots: dict[int, Bot] = {}
    for seat, kind in chosen.items():
        if seat not in others:
            raise ValueError(f"seat {seat!r} is a person's or not at this table; it cannot have a bot")
        bots[seat] = make_bot(state.GAME, kind, seed=bot_seed(state.seed, seat)) if isinstance(kind, str) \
            else kind
    missing = [s for s in others if s not in bots]
    if missing:
        raise ValueError(f"seat(s) {', '.join(map(str, missing))} need a bot (bots='heuristic' or "
                         "'random'), or a person to play them")
    if source is not None:
        for bot in bots.values():
            watch = getattr(bot, "watch", None)
            if callable(watch):
                watch(source)
    return bots


class Table:
    """One game at one table: ``state`` (replaced on every move), people's seats and bots.

    ``bots`` is a kind for every seat not in ``people``, or a mapping ``seat -> kind or Bot``; bots
    only ever see ``state.view(seat)``.
    """

    def __init__(self, state: GameState, bots: BotsSpec = "heuristic", *, people: Iterable[int] = ()) -> None:
        _bounds.refuse_endless(state)  # a position nobody can progress from is no game to play out
        self.people: tuple[int, ...] = tuple(sorted(set(people)))
        self.state = state
        self.bots = make_bots(state, bots, self.people, source=lambda: self.state)

    def bot_to_act(self) -> int | None:
        """The seat of the bot to move now, or ``None`` (a person's turn, or the game is over)."""
        current = self.state.current_player
        return current if current is not None and current in self.bots else None

    def choose(self, seat: int) -> str:
        """What the bot at ``seat`` would play now, from its view alone."""
        return self.bots[seat].choose(self.state.view(seat))

    def step(self) -> GameState:
        """Let the bot to act make one move; ``ValueError`` if no bot is to act."""
        seat = self.bot_to_act()
        if seat is None:
            raise ValueError("no bot is to act: the game is over or it is a person's turn")
        self.state = self.state.play(self.choose(seat))
        _bounds.check(self.state)  # TooLong past the game's bound on actions: never a hang
        return self.state

    def play(self, action: Hashable) -> GameState:
        """A person's action (a value or its notation); the engine refuses illegal ones."""
        self.state = self.state.play(action)
        _bounds.check(self.state)
        return self.state

    def play_out(self, *, limit: int | None = None,
                 on_move: Callable[[GameState], object] | None = None) -> GameState:
        """Let bots move until a person is to act or the game is over (``limit`` moves at most);
        ``TooLong`` if the game passes its bound on actions (explorer._core.bounds) instead."""
        moves = 0
        while (limit is None or moves < limit) and self.bot_to_act() is not None:
            self.step()
            moves += 1
            if on_move is not None:
                on_move(self.state)
        return self.state


def play_out(state: GameState, bots: BotsSpec = "heuristic") -> GameState:
    """The final state of ``state`` played to the end by bots in every seat."""
    return Table(state, bots).play_out()
