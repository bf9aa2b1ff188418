"""The strong bot: the hint's determinized search, deciding for its seat.

It searches from a position whose hidden parts it deals anew for every sample, so it uses only what
its seat may see. The position comes from the view itself where a game's view carries all of its
public table (``explorer._fromview``), else from the table the bot sits at: ``watch(source)`` gives it
a function returning the table's current state (``explorer simulate`` and the benchmarks do that),
and it checks that this state is the position of the view it was asked about.

It keeps the heuristic bot's move in the race to the end and plays the search's best move only when
that move did better on the same deals by more than the noise (a paired comparison), so a search
starved of time plays no worse than the heuristic.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from typing import Any

from ._hint import playouts_for
from ._search import MoveStats, SearchResult, search
from ._state import GameState
from .bots import Bot, ViewBot

#: The paired margin (in standard errors) the search's best move needs over the heuristic's move.
CONFIDENCE = 1.0


def paired_gain(best: MoveStats, other: MoveStats) -> tuple[float, float]:
    """Mean and standard error of best's margin minus other's, over the deals both were tried on."""
    n = min(len(best.margins), len(other.margins))
    if n < 2:
        return 0.0, math.inf
    diffs = [a - b for a, b in zip(best.margins[:n], other.margins[:n], strict=True)]
    mean = sum(diffs) / n
    var = sum((d - mean) ** 2 for d in diffs) / (n - 1)
    return mean, math.sqrt(var / n)


class StrongBot(ViewBot):
    name = "strong"

    def __init__(self, game: str, seed: int | None = None, *, seconds: float = 0.5,
                 heuristic: Bot | None = None, horizon: int | None = None, rate: float | None = None) -> None:
        super().__init__(seed)
        from .bots import make_bot

        self.game = game
        self.seed = seed
        self.seconds = seconds
        self.horizon = horizon
        self.rate = rate
        self.heuristic = heuristic if heuristic is not None else make_bot(game, "heuristic", seed)
        self._source: Callable[[], GameState] | None = None
        self.last: SearchResult | None = None  # the latest search, for a "Why?" beside the move
        self.last_choice: str | None = None
        self.last_reason: str = ""

    def watch(self, source: Callable[[], GameState]) -> None:
        """Read the public table from ``source()`` (the table's current state) when asked to choose."""
        self._source = source

    def _position(self, view: dict[str, Any]) -> GameState:
        if self._source is not None:
            state = self._source()
            if view["game"] != state.GAME or state.current_player != view["seat"] \
                    or state._n_actions != view["move_number"]:
                raise ValueError("the watched table is not at the position of this view")
            return state
        from ._fromview import from_view

        return from_view(view)

    def _choose(self, view: dict[str, Any], legal: list[str]) -> str:
        baseline = self.heuristic.choose(view)  # every view goes through it: it keeps its memory
        if len(legal) == 1:
            return legal[0]
        state = self._position(view)
        rng = random.Random(f"strong:{self.seed}:{view['move_number']}")
        budget = playouts_for(self.game, self.seconds) if self.rate is None else int(self.seconds * self.rate)
        result = search(state, view["seat"], playouts=budget, rng=rng, keep=baseline, horizon=self.horizon)
        self.last = result
        best = result.stats[0]
        other = result.stat(baseline)
        choice = best.action
        if other is not None and best is not other:
            gain, error = paired_gain(best, other)
            if gain <= CONFIDENCE * error:
                choice = baseline
        self.last_choice = choice
        return choice
