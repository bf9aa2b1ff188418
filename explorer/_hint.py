"""``explorer.hint``: the best moves for a seat, with what the search saw put in plain words.

The hint sees what ``state.view(seat)`` shows: the position is copied and every hidden part is dealt
anew for each sample (``explorer._determinize``), so the other seats' secrets never reach it. With a
``seed`` the work is a fixed number of roll-outs (``seconds`` times a calibrated rate for the game),
so the same seed gives the same answer on a loaded machine; without one it stops at the deadline.
Where a turn offers many moves (Bangkok, Klongs) the search compares the heuristic bot's favourites
(``SHORTLIST``) and the other moves follow in the heuristic's order, unsearched, saying so.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from ._determinize import determinize
from ._search import MoveStats, SearchResult, search
from ._state import GameState
from ._words import render

#: Roll-outs per CPU second from the opening (a whole random game, determinization included), measured
#: on the project machine: the strong bot's budget in the trick games (explorer._strong).
RATES: dict[str, float] = {"tindahan": 300.0, "bastos": 130.0, "bangkok": 280.0, "klongs": 280.0}
#: Random-playout moves per CPU second, and the set-up cost of one roll-out (a deal, a playout copy),
#: measured on the project machine: a hint's budget is ``seconds`` over the cost of a roll-out from
#: the position at hand, whose length a few probe roll-outs measure (seeded: the same seed, the same
#: budget, on any machine). Measured with the pure-Python playouts (a compiled core only makes a hint
#: quicker); the fruit games' list-based playouts made them about three times the rate of the first.
MOVE_RATES: dict[str, float] = {"tindahan": 150_000.0, "bastos": 140_000.0,
                                 "bangkok": 14_000.0, "klongs": 28_000.0}
SETUP_SECONDS = 0.0003
PROBES = 4
MIN_PLAYOUTS = 8
MAX_SECONDS = 60.0
#: Per game: how many of the heuristic bot's favourite moves the search compares (the rest are ranked
#: by the rule of thumb alone). Bangkok offers 10-76 moves a turn and Klongs 2-135 (median 16 and 12,
#: a quarter of turns above 50): half a second of random roll-outs spread over all of them gave each a
#: few deals, so a hint and a search given 20 times as long disagreed on most Klongs positions, and the
#: strong bot's pick was often a move that did well on random replies only. The trick games offer a
#: hand of cards at most: every move is searched.
SHORTLIST: dict[str, int] = {"bangkok": 8, "klongs": 8}


@dataclass(frozen=True)
class Suggestion:
    """One move the hint weighed: best first in ``hint()``'s list."""

    action: str  # its notation (what state.play takes)
    label: str  # the move in plain words, as the seat's view labels it
    value: float  # expected final score margin over the best opponent
    win_rate: float  # 0..1, share of sampled games won (a shared win counts in part)
    reason: str  # why, in plain words, from what the search saw
    samples: int  # games played out after this move

    def __str__(self) -> str:
        return f"{self.label}: {self.reason}"


def playouts_for(game: str, seconds: float) -> int:
    """The roll-out budget of a seeded search of ``seconds``."""
    return max(MIN_PLAYOUTS, int(seconds * RATES.get(game, 150.0)))


def hint_budget(state: GameState, seat: int, seconds: float, rng: random.Random) -> int:
    """Roll-outs that fit in ``seconds`` of one core from this position (see ``MOVE_RATES``)."""
    moves = 0
    for _ in range(PROBES):
        playout = determinize(state, seat, rng).playout()
        while not playout.is_over:
            playout.apply(rng.randrange(playout.legal()))
            moves += 1
    cost = moves / PROBES / MOVE_RATES.get(state.GAME, 20000.0) + SETUP_SECONDS
    return max(MIN_PLAYOUTS, int(seconds / cost))


def check_seconds(seconds: object) -> float:
    if isinstance(seconds, bool) or not isinstance(seconds, (int, float)) or not math.isfinite(seconds) \
            or not 0 < seconds <= MAX_SECONDS:
        raise ValueError(f"seconds must be a number above 0 and at most {MAX_SECONDS:g}, not {seconds!r}")
    return float(seconds)


def resolve_seat(state: GameState, seat: int | None) -> int:
    current = state.current_player
    if current is None:
        raise ValueError(f"{state.GAME}: the game is over; there is no move to hint")
    if seat is None:
        return current
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < state.players:
        raise ValueError(f"{state.GAME}: seat must be an int from 0 to {state.players - 1}, not {seat!r}")
    if seat != current:
        names = state.seat_names(seat)
        raise ValueError(render(f"{state.GAME}: it is not that seat's turn; {names[current]} is to act",
                                names))
    return seat


def heuristic_order(game: str, view: dict[str, Any], legal: Sequence[str]) -> list[str]:
    """``legal`` ordered by the game's heuristic bot, its favourite first (its own order where it has
    no ``values``): a fresh bot, so nothing depends on a bot's memory or generator."""
    from .bots import make_bot

    values = getattr(make_bot(game, "heuristic", 0), "values", None)
    if values is None:
        return list(legal)
    scored = values(view, list(legal))
    return [a for _, _, a in sorted(zip(scored, range(len(legal)), legal, strict=True),
                                    key=lambda t: (-t[0], t[1]))]


def shortlist(game: str, view: dict[str, Any], keep: str | None = None) -> list[str] | None:
    """The moves the search compares (``None``: every legal move): the heuristic's favourites, with
    ``keep`` among them."""
    size = SHORTLIST.get(game)
    legal: list[str] = view["legal"]
    if size is None or len(legal) <= size:
        return None
    chosen = heuristic_order(game, view, legal)[:size]
    if keep is not None and keep not in chosen:
        chosen.append(keep)
    return chosen


def run_search(state: GameState, seat: int, seconds: float, seed: int | None,
               candidates: Sequence[str] | None = None) -> SearchResult:
    if seed is None:
        rng = random.Random()
        deadline: float | None = time.perf_counter() + seconds
        budget = hint_budget(state, seat, seconds, rng) * 4  # a fast machine may do more, never less
    else:
        rng = random.Random(f"hint:{seed}")
        budget, deadline = hint_budget(state, seat, seconds, rng), None
    return search(state, seat, playouts=budget, rng=rng, deadline=deadline, candidates=candidates)


def _deals(count: int, total: int) -> str:
    return f"{count} of {total} deals"


def _points(value: float) -> str:
    magnitude = abs(value)
    words = f"{magnitude:.1f}".rstrip("0").rstrip(".")
    return f"{words} point{'' if words == '1' else 's'}"


def reason(stat: MoveStats, best: MoveStats, runner_up: MoveStats | None, labels: dict[str, str]) -> str:
    """Plain words from what the search saw of one move."""
    parts: list[str] = []
    if stat.trick_deals:
        parts.append(f"wins this trick in {_deals(stat.tricks, stat.trick_deals)}")
    if stat.samples and abs(stat.gained / stat.samples) >= 0.5:
        parts.append(f"scores about {_points(stat.gained / stat.samples)} before your next turn")
    won = round(stat.wins)
    parts.append(f"won the game in {_deals(won, stat.samples)} played out"
                 if stat.samples else "not tried in the time given")
    margin = stat.value
    if stat.samples:
        side = "ahead of" if margin >= 0 else "behind"
        parts.append(f"finishing on average {_points(margin)} {side} the best opponent")
    if stat is best and runner_up is not None and runner_up.samples:
        gap = stat.value - runner_up.value
        other = labels.get(runner_up.action, runner_up.action)
        if gap > 0.05:
            parts.append(f"{_points(gap)} better than the next best move ({other[:1].lower() + other[1:]})")
        else:
            parts.append(f"about as good as {other[:1].lower() + other[1:]}")
    elif stat is not best and stat.samples:
        parts.append(f"{_points(best.value - stat.value)} worse than the best move")
    text = "; ".join(parts)
    return text[:1].upper() + text[1:]


def hint(state: GameState, seat: int | None = None, *, seconds: float = 0.5,
         seed: int | None = None) -> list[Suggestion]:
    """The moves of ``seat`` (default: the seat to act), best first, from what that seat may see.

    Raises ``ValueError`` when the game is over, when ``seat`` is not to act, or for a bad ``seconds``
    (a number above 0, at most 60). Deterministic for a ``seed``.
    """
    seconds = check_seconds(seconds)
    seat = resolve_seat(state, seat)
    view: dict[str, Any] = state.view(seat)
    labels: dict[str, str] = view["labels"]
    candidates = shortlist(state.GAME, view)
    result = run_search(state, seat, seconds, seed, candidates)
    stats = result.stats
    best = stats[0]
    runner_up = stats[1] if len(stats) > 1 else None
    out = [Suggestion(s.action, labels.get(s.action, s.action), round(s.value, 3) if s.samples else 0.0,
                      round(s.win_rate, 3), reason(s, best, runner_up, labels), s.samples) for s in stats]
    if candidates is not None:  # the moves left off the shortlist, in the rule of thumb's order
        searched = set(candidates)
        why = (f"Not searched: the search compared the {len(candidates)} moves a rule of thumb likes best, "
               "and it likes this one less")
        out += [Suggestion(a, labels.get(a, a), 0.0, 0.0, why, 0)
                for a in heuristic_order(state.GAME, view, view["legal"]) if a not in searched]
    return out
