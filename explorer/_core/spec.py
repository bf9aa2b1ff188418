"""A game as one declaration: every game package ends with ``SPEC = GameSpec(...)``.

The registry (``explorer.new_game``, the CLI, the widgets, the tests) finds a game through its spec
alone, never through naming conventions; the spec also stamps its name, player range, options,
catalogue and presenter (its views and refusals) on the state class, so each fact is written once.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from .options import Option
from .rules import RuleCatalogue
from .shell import Presenter

if TYPE_CHECKING:
    from .examples import Example
    from .positions import Players
    from .state import GameState, ScoreSheet

#: The kinds of table the widgets layer knows how to draw.
WIDGET_KINDS = ("trick-table", "bangkok-table", "klong-board")


#: ``policy(playout, rng)`` -> the index of the action to play (the playout has a choice to make).
Policy = Callable[[Any, random.Random], int]
#: ``prepare(playout)``: set a roll-out's copy up once the candidate move is played.
Prepare = Callable[[Any], None]
#: ``leaf(playout)`` -> per seat, the score to compare where a roll-out stops before the game's end.
Leaf = Callable[[Any], list[float]]
#: ``table(players, position, rules, edition)`` -> the itemised score of a stated end position
#: (``explorer.score_table``): ``players`` the position's ``Players``, ``rules`` the game's options
#: resolved, ``edition`` the components in force.
Table = Callable[["Players", Any, Mapping[str, Any], Any], "ScoreSheet"]


@dataclass(frozen=True, slots=True)
class Rollout:
    """How the strong bot's search plays a game's roll-outs (``explorer._search.search``), on the
    game's playout: a ``policy`` choosing each move (default: uniformly at random), what to
    ``prepare`` in a roll-out's copy after the candidate move, and the ``leaf`` value where a roll-out
    stops at its horizon (default: the scores). Policies draw only from the roll-out's generator and
    read only the sampled position (the search's information-set tests cover them)."""

    policy: Policy | None = None
    prepare: Prepare | None = None
    leaf: Leaf | None = None


@dataclass(frozen=True, slots=True)
class GameSpec:
    name: str  # the game id, e.g. "tindahan"
    title: str  # as a learner reads it, e.g. "Tindahan"
    min_players: int
    max_players: int
    state: type[GameState]
    rules: RuleCatalogue
    options: Mapping[str, Option]
    widget: str  # one of WIDGET_KINDS
    heuristic_bot: Callable[[int | None], Any]
    examples: Sequence[Example] = ()
    #: What learners call the seats (colours or names), in seat order; never a 0-based number.
    seat_names: Sequence[str] = ()
    #: How the strong bot's roll-outs play (default: at random, to the scores).
    rollout: Rollout = field(default_factory=Rollout)
    #: What a reader sees of the game's states (its ``_view`` and ``_explain``): stamped on the state
    #: class, whose module so needs no import of them.
    presenter: Presenter | None = None
    #: How a stated end position is scored (``explorer.score_table``), with the same functions as a game.
    score_table: Table | None = None

    def __post_init__(self) -> None:
        if self.widget not in WIDGET_KINDS:
            raise ValueError(f"{self.name}: widget kind {self.widget!r} is not one of {WIDGET_KINDS}")
        if not 1 <= self.min_players <= self.max_players:
            raise ValueError(f"{self.name}: bad player range {self.min_players}-{self.max_players}")
        if self.rules.game != self.name:
            raise ValueError(f"{self.name}: the rule catalogue is {self.rules.game!r}'s")
        state = self.state
        state.GAME = self.name
        state.RULES = self.rules
        state.OPTIONS = self.options
        state.MIN_PLAYERS = self.min_players
        state.MAX_PLAYERS = self.max_players
        state.SEAT_NAMES = tuple(self.seat_names)
        if self.presenter is not None:
            state.PRESENTER = self.presenter  # type: ignore[attr-defined]  # a KernelShell's
        if len(state.SEAT_NAMES) < self.max_players:
            raise ValueError(f"{self.name}: seat_names must name all {self.max_players} seats")

    @property
    def players(self) -> range:
        return range(self.min_players, self.max_players + 1)
