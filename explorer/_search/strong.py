"""The strong bot: the hint's determinized search, deciding for its seat.

It searches from a position whose hidden parts it deals anew for every sample, so it uses only what
its seat may see. The position comes from the view itself where a game's view carries all of its
public table (``explorer._search.fromview``), else from the table the bot sits at: ``watch(source)`` gives it
a function returning the table's current state (``explorer simulate`` and the benchmarks do that),
and it checks that this state is the position of the view it was asked about.

Its Klongs roll-outs play the choices a placed boat asks for as the heuristic bot does and place
boats at random (the game's ``Rollout``, in its spec): random roll-outs declined claims, skipped
scorings and spent the movement cards, and the strong bot won 39% of 2-player games against the
heuristic with them.
Its Tindahan roll-outs send sellers and move the cart as often as the heuristic seats do (random
seats sent half as many sellers, so a seller of its own looked cheap to the search).

Its budget is a number of roll-outs for a seed (so its play does not depend on the machine's load
nor on whether the engine core is compiled: ``BUDGET_FACTOR``).

It keeps the heuristic bot's move in the race to the end and plays the search's best move only when
that move did better on the same deals by more than the noise (a paired comparison: one standard error
with two players; with more, two in Klongs and Bastos!, one in Bangkok and Tindahan: ``confidence``),
so a search starved of time plays no worse than the heuristic. In Bangkok and Klongs it compares only
the heuristic's favourite moves (``SHORTLIST``): dozens of moves a turn left a few deals each, and a
move that only random replies favour won too often. Bangkok's search ranks moves by the seat's score
less the opponents' mean (``OBJECTIVES``), the others' by the margin over the best opponent.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from typing import Any

from .._core.bots import Bot, ViewBot, heuristic_bot
from .._core.state import GameState
from .._registry import spec
from .hint import playouts_for, reason, shortlist
from .search import MoveStats, SearchResult, search

#: The paired margin (in standard errors) the search's best move needs over the heuristic's move, with
#: two players and with more: with three or more, random replies misjudge moves (a move that hurts one
#: opponent helps another), so the search must win more clearly (benchmarks/HISTORY.md).
CONFIDENCE = 1.0
CONFIDENCE_MANY = 2.0
#: Per game, the margin with three or more players where it is not ``CONFIDENCE_MANY``: at two, these
#: bots seldom left the heuristic's move and won no more, mostly less, than at one (benchmarks/HISTORY.md).
CONFIDENCE_BY_GAME: dict[str, float] = {"bangkok": 1.0, "tindahan": 1.0}

#: Per game: (horizon, roll-outs per CPU second). Bangkok's and Klongs' random games to the end say
#: little about a move, so the bot plays the horizon's count of its own moves ahead and compares the
#: score margins there (the spec's ``Rollout``); shorter roll-outs buy more deals. Rates measured
#: (benchmarks/HISTORY.md).
SETTINGS: dict[str, tuple[int | None, float | None]] = {"bangkok": (4, 1100.0), "klongs": (10, 800.0)}
#: Roll-outs per CPU second where a game's roll-outs are played at random rather than by its policy
#: (``StrongBot.random_rollouts``): random ones cost less than policy ones (benchmarks/HISTORY.md).
RANDOM_RATES: dict[str, float] = {"klongs": 1300.0, "tindahan": 1150.0}
#: Per game: the trick games' strong bots play each roll-out to the end of the round, not of the game:
#: later rounds are new deals a card played now hardly touches, and were most of the noise. Roll-outs
#: per CPU second, a round's worth, measured (benchmarks/HISTORY.md).
ROUND_RATES: dict[str, float] = {"tindahan": 910.0, "bastos": 950.0}
#: Per game: the budget is the rates above (measured on pure Python) times this factor, what a CPU
#: second buys where the engine core is compiled (``./dev``, a pip install, CI): there more deals won
#: as many games or more, and a move still fits its half second; Klongs and Bastos! meet their goals
#: as they are (benchmarks/HISTORY.md). Every build counts so, so a seed plays alike in a pure-Python
#: install, only more slowly.
BUDGET_FACTOR: dict[str, float] = {"bangkok": 1.5, "tindahan": 2.0}
#: Tables that keep the rates as they are all the same: with twice the deals, three-player Tindahan
#: overruled its rule of thumb more often, on random roll-outs' word, and won fewer games
#: (benchmarks/HISTORY.md).
PLAIN_BUDGET: frozenset[tuple[str, int]] = frozenset({("tindahan", 3)})

#: Per game: how many of the heuristic's favourite moves the strong bot's search compares
#: (``explorer._search.hint.shortlist``; its strength figures were measured with eight).
SHORTLIST: dict[str, int] = {"bangkok": 8, "klongs": 8}

#: Per game: what the strong bot's search ranks moves by (``explorer._search.search``; default "best",
#: the margin over the best opponent). Bangkok's markets hardly touch one another, so the best
#: opponent's score is mostly the others' random markets' noise; "field" (the seat's score less the
#: opponents' mean) did better with 3-4 players (benchmarks/HISTORY.md).
OBJECTIVES: dict[str, str] = {"bangkok": "field"}


def confidence(game: str, players: int) -> float:
    """How many standard errors the search's move must beat the heuristic's by, at this table."""
    return CONFIDENCE if players == 2 else CONFIDENCE_BY_GAME.get(game, CONFIDENCE_MANY)


def budget_factor(game: str, players: int) -> float:
    """The factor on ``game``'s roll-out rate at a table of ``players`` (``BUDGET_FACTOR``)."""
    return 1.0 if (game, players) in PLAIN_BUDGET else BUDGET_FACTOR.get(game, 1.0)


def paired_gain(best: MoveStats, other: MoveStats, last: int, objective: str = "best") -> tuple[float, float]:
    """Mean and standard error of best's result minus other's (by the search's ``objective``) over the
    last ``last`` deals, which both met: the search's last round, whose deals did not pick the
    survivors (no selection bias)."""
    mine, theirs = best.judged(objective), other.judged(objective)
    n = min(last, len(mine), len(theirs))
    if n < 2:
        return 0.0, math.inf
    diffs = [a - b for a, b in zip(mine[-n:], theirs[-n:], strict=True)]
    mean = sum(diffs) / n
    var = sum((d - mean) ** 2 for d in diffs) / (n - 1)
    return mean, math.sqrt(var / n)


class StrongBot(ViewBot):
    name = "strong"

    def __init__(self, game: str, seed: int | None = None, *, seconds: float = 0.5,
                 heuristic: Bot | None = None) -> None:
        super().__init__(seed)
        self.game = game
        self.seed = seed
        self.seconds = seconds
        self.horizon, self.rate = SETTINGS.get(game, (None, ROUND_RATES.get(game)))
        self.round_end = game in ROUND_RATES
        rollout = spec(game).rollout  # how roll-outs play (the game's own policy; default: at random)
        self.policy, self.leaf, self.prepare = rollout.policy, rollout.leaf, rollout.prepare
        self.heuristic = heuristic if heuristic is not None else heuristic_bot(game, seed)
        self._source: Callable[[], GameState] | None = None
        self.last: SearchResult | None = None  # the latest search, for a "Why?" beside the move
        self.last_choice: str | None = None
        self.last_reason: str = ""  # "Why?": what the search saw of the move it chose, in plain words

    def random_rollouts(self) -> None:
        """Play the roll-outs at random and compare the scores where they stop (the bot before its
        game's roll-out policy), at the random roll-outs' rate: for comparisons."""
        self.policy = self.leaf = self.prepare = None
        self.rate = RANDOM_RATES.get(self.game, self.rate)

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
        from .fromview import from_view

        return from_view(view)

    def _choose(self, view: dict[str, Any], legal: list[str]) -> str:
        baseline = self.heuristic.choose(view)  # every view goes through it: it keeps its memory
        if len(legal) == 1:
            return legal[0]
        state = self._position(view)
        rng = random.Random(f"strong:{self.seed}:{view['move_number']}")
        budget = (playouts_for(self.game, self.seconds) if self.rate is None
                  else int(self.seconds * self.rate * budget_factor(self.game, state.players)))
        candidates = shortlist(self.game, view, baseline, sizes=SHORTLIST)
        result = search(state, view["seat"], playouts=budget, rng=rng, keep=baseline, horizon=self.horizon,
                        candidates=candidates, round_end=self.round_end, policy=self.policy,
                        leaf=self.leaf, prepare=self.prepare, objective=OBJECTIVES.get(self.game, "best"))
        self.last = result
        best = result.stats[0]
        other = result.stat(baseline)
        choice = best.action
        if other is not None and best is not other:
            gain, error = paired_gain(best, other, result.final, result.objective)
            if gain <= confidence(self.game, state.players) * error:
                choice = baseline
        self.last_choice = choice
        labels: dict[str, str] = view["labels"]
        chosen = result.stat(choice) or best
        runner = next((s for s in result.stats if s is not chosen and s.samples), None)
        why = reason(chosen, chosen, runner, labels)
        if choice == baseline and best is not chosen:
            why += ("; the search's favourite did not beat it clearly enough on the same deals, "
                    "so the bot kept its rule of thumb")
        self.last_reason = f"{labels.get(choice, choice)}: {why[:1].lower()}{why[1:]}"
        return choice
