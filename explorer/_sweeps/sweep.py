"""A sweep of games as plain data: which games to play (``Plan``), and one game played to one row.

Nothing here knows about Dask: ``explorer.analysis`` ships batches of ``GameSpec``-free jobs (plain
tuples) to wherever the games run, and every job replays alike anywhere, because a game's seed and
its bots' seeds follow from the sweep's seed alone.
"""

from __future__ import annotations

import hashlib
import itertools
import json
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from .._core.bots import BOT_KINDS
from .._core.state import GameState
from .._errors import TooLong
from .._registry import GAMES, game_class, new_game
from ..table import Table


@dataclass(frozen=True, slots=True)
class Job:
    """One game of a sweep: everything needed to play it again anywhere."""

    game: str
    players: int
    combo: int  # which combination of player count and varied options
    index: int  # the game's number within its combination
    seed: int
    bots: tuple[str, ...]
    options: tuple[tuple[str, Any], ...]  # the varied options' values (JSON-ready)


@dataclass(frozen=True, slots=True)
class Plan:
    """A validated sweep: every combination of player count and varied options, ``games`` each."""

    game: str
    jobs: tuple[Job, ...]
    varied: tuple[str, ...]
    rules: tuple[str, ...]  # every rule id of the game's catalogue (the per-rule columns)

    @property
    def combos(self) -> int:
        return len({job.combo for job in self.jobs})


def game_seed(seed: int, game: str, players: int, options: Sequence[tuple[str, Any]], index: int) -> int:
    """A game's seed from the sweep's: stable across runs, machines and Python versions."""
    key = json.dumps([seed, game, players, list(options), index], sort_keys=True, default=str)
    return int.from_bytes(hashlib.sha256(key.encode()).digest()[:4], "big") >> 1


def plan(game: str, players: int | Sequence[int], *, bots: str | Sequence[str],
         vary: Mapping[str, Sequence[Any]] | None = None, games: int = 100, seed: int = 0) -> Plan:
    """Check a sweep's arguments (before any game is played) and list its games.

    ``ValueError``/``TypeError`` say which argument is wrong and why.
    """
    if game not in GAMES:
        raise ValueError(f"unknown game {game!r}; the games are {', '.join(GAMES)}")
    cls = game_class(game)
    counts = [players] if isinstance(players, int) else list(players)
    if not counts:
        raise ValueError("players: give at least one player count")
    for count in counts:
        if isinstance(count, bool) or not isinstance(count, int) or count not in range(
                cls.MIN_PLAYERS, cls.MAX_PLAYERS + 1):
            raise ValueError(f"players: {game} is for {cls.MIN_PLAYERS}-{cls.MAX_PLAYERS} players, "
                             f"not {count!r}")
    kinds = [bots] if isinstance(bots, str) else list(bots)
    if not kinds:
        raise ValueError("bots: give a bot kind for every seat, or one kind per seat")
    for kind in kinds:
        if kind not in BOT_KINDS:
            raise ValueError(f"bots: unknown bot kind {kind!r}; choose from {', '.join(BOT_KINDS)}")
    if len(kinds) > 1 and len(kinds) < max(counts):
        raise ValueError(f"bots: {len(kinds)} kinds for {max(counts)} seats; give one kind for every seat "
                         "or one per seat")
    if isinstance(games, bool) or not isinstance(games, int) or games < 1:
        raise ValueError(f"games: a positive number of games per combination, not {games!r}")
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise TypeError(f"seed must be an int, not {type(seed).__name__}")
    vary = dict(vary or {})
    for name, values in vary.items():
        if name not in cls.OPTIONS:
            raise ValueError(f"vary: {game} has no rules option {name!r}; its options are "
                             f"{', '.join(cls.OPTIONS) or '(none)'}")
        if isinstance(values, str) or not isinstance(values, Iterable) or not list(values):
            raise ValueError(f"vary: {name} needs a list of values to compare, not {values!r}")
        for value in values:  # refused values fail here, naming the option, before any game
            new_game(game, players=counts[0], seed=0, **{name: value})
    varied = tuple(vary)
    jobs: list[Job] = []
    combos = itertools.product(counts, *(list(vary[name]) for name in varied))
    for combo, (count, *values) in enumerate(combos):
        options = tuple(zip(varied, values, strict=True))
        line_up = tuple(kinds[0] if len(kinds) == 1 else kinds[s] for s in range(count))
        jobs.extend(Job(game, count, combo, index, game_seed(seed, game, count, options, index), line_up,
                        options) for index in range(games))
    return Plan(game, tuple(jobs), varied, tuple(cls.RULES))


def play(job: Job) -> GameState:
    """The final state of ``job``'s game, its bots seeded by the table's one policy."""
    state = new_game(job.game, players=job.players, seed=job.seed, **dict(job.options))
    try:
        return Table(state, dict(enumerate(job.bots))).play_out()
    except TooLong as exc:  # past the game's bound on actions (explorer._core.bounds): stop, saying where
        raise TooLong(f"sweep game {job.index} of combination {job.combo} (bots {', '.join(job.bots)}, "
                      f"options {dict(job.options)}): {exc}") from None


def row(job: Job, rules: Sequence[str]) -> dict[str, Any]:
    """One game played and described: options, bots, scores, winners, length, points per rule."""
    final = play(job)
    outcome = final.outcome()
    assert outcome is not None, "a played-out game is over"
    out: dict[str, Any] = {
        "game": job.game, "players": job.players, "combo": job.combo, "index": job.index, "seed": job.seed,
        "length": len(final.actions()), "rounds": final.rounds_scored(),
        "winners": ",".join(str(s) for s in outcome.winners),
    }
    for name, value in job.options:
        plain = isinstance(value, str | int | float | bool)
        out[f"option:{name}"] = value if plain else json.dumps(value)  # lists and dicts as JSON text
    for seat, kind in enumerate(job.bots):
        out[f"bot:{seat}"] = kind
        out[f"score:{seat}"] = outcome.scores[seat]
        out[f"win:{seat}"] = (1 / len(outcome.winners)) if seat in outcome.winners else 0.0
    points = dict.fromkeys(rules, 0)
    for line in final.score_sheet():
        points[line.rule] += line.points
    out.update({f"rule:{rule}": total for rule, total in points.items()})
    return out


def play_batch(jobs: Sequence[Job], rules: Sequence[str]) -> list[dict[str, Any]]:
    """Rows for a batch of games (the unit of work sent to a Dask worker)."""
    return [row(job, rules) for job in jobs]
