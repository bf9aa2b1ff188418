"""``explorer.hint``: the best moves for a seat, with what the search saw put in plain words.

The hint sees what ``state.view(seat)`` shows: the position is copied and every hidden part is dealt
anew for each sample (``explorer._search.determinize``), so the other seats' secrets never reach it. With a
``seed`` the work is a fixed number of roll-outs (what ``seconds`` of one core buys from the position at
hand on the compiled engine core: ``COSTS``), so the same seed gives the same answer on a loaded
machine and in a pure-Python install; without one it stops at the deadline. Roll-outs play at random
to the game's end (the value is the expected final margin); in the trick games every move tried on a
deal meets the same dice in the rounds after the current one (``SYNC_ROUNDS``).
Where a turn offers many moves (Bangkok, Klongs) the search compares the heuristic bot's favourites
(``SHORTLIST``) and the other moves follow in the heuristic's order, unsearched, saying so.

Near-equal moves are settled by a fixed rule (``settle``): the search's leader is compared with every
other move on the deals both met (common random numbers), and among the moves it does not beat by more
than the game's ``TIE_ERRORS`` standard errors of that paired difference the heuristic bot's favourite
is suggested first, its reason saying it is about as good as the leader. Bangkok settles moves within
1.5 standard errors so (many of its moves differ only in which end of a line the card slides in from);
elsewhere a margin above zero did not make a half-second hint agree more often with a long search
(``TIE_ERRORS``), and only moves with identical results on the same deals are settled so (the rule of
thumb's, not the first listed).
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from .._core.bots import heuristic_bot
from .._core.spec import Policy, Prepare
from .._core.state import GameState
from .._core.words import render
from .._registry import spec
from .determinize import determinize
from .search import MoveStats, SearchResult, search

#: Roll-outs per CPU second from the opening (a whole random game, determinization included), measured
#: on the project machine: the strong bot's budget in the trick games (explorer._search.strong).
RATES: dict[str, float] = {"tindahan": 300.0, "bastos": 130.0, "bangkok": 280.0, "klongs": 280.0}
#: Per game, (moves per CPU second, set-up seconds per roll-out) of the hint's own random roll-outs on
#: the compiled engine core (what ``./dev``, a pip install and CI build), fitted by least squares to
#: the CPU per roll-out of seeded hints on 20 positions a game against the probes' length
#: (benchmarks/hint_rates.py): a hint's budget is ``seconds`` over the cost of a roll-out from the
#: position at hand, whose length a few probe roll-outs measure. Every build counts by this table, so
#: a seed gives the same hint in a pure-Python install, which plays the same roll-outs in 1.5-2 times
#: the CPU (benchmarks/README.md).
COSTS: dict[str, tuple[float, float]] = {"tindahan": (877_000.0, 0.000050),
                                         "bastos": (813_000.0, 0.000044),
                                         "bangkok": (350_000.0, 0.000107),
                                         "klongs": (945_000.0, 0.000115)}
#: The share of ``seconds`` a hint gives its roll-outs: the view, the rule of thumb's order and the
#: probes come on top, and a position's roll-outs cost 0.7-1.3 times the fit.
SHARE = 0.8
#: Games whose hint roll-outs play by the strong bot's roll-out policy (the spec's ``Rollout``) rather
#: than at random, to the end of the game all the same (a hint's value is the final margin); and the
#: cost of those roll-outs, as ``COSTS``.
POLICY_GAMES: frozenset[str] = frozenset()
POLICY_COSTS: dict[str, tuple[float, float]] = {"klongs": (5_600_000.0, 0.00204)}
#: The hint measures the points a move gains by the seat's next turn (its reason's "scores about ...")
#: on the first round's deals only, which every searched move meets: that score is a market scoring in
#: Bangkok, which cost more than the roll-out itself.
GAIN_ROUNDS = 1
#: Trick games: every move tried on a deal meets the same dice in the rounds after the current one
#: (``explorer._search.search``'s ``sync_rounds``), so those rounds' noise, most of a random game's,
#: no longer drowns the difference between two cards; each roll-out is still a whole game played at
#: random (the value is the final margin). Measured on 8 positions a game at the hint's budget: the
#: standard error of the paired difference between the two best moves 0.49 times what it was in
#: Bastos! (4 players), 0.62 times in Tindahan (4 players).
SYNC_ROUNDS = True
PROBES = 4
MIN_PLAYOUTS = 8
MAX_SECONDS = 60.0
#: Per game: how many of the heuristic bot's favourite moves the hint's search compares (the rest are
#: ranked by the rule of thumb alone; the strong bot has its own, ``explorer._search.strong.SHORTLIST``).
#: Bangkok offers 10-76 moves a turn and Klongs 2-135 (median 16 and 12, a quarter of turns above 50):
#: half a second of random roll-outs spread over all of them gave each a few deals, so a hint and a
#: search given 20 times as long disagreed on most Klongs positions. Four rather than eight (session
#: 20, the same 50 positions a game, seeds 2000-2049): Klongs 60% -> 76% agreement, within a point of
#: the long search's best 80% -> 94%; Bangkok 66% -> 70%, 100% within a point both ways. The trick
#: games offer a hand of cards at most: every move is searched.
SHORTLIST: dict[str, int] = {"bangkok": 4, "klongs": 4}
#: The tie rule (``settle``), per game: a move the search's leader beats by at most this many standard
#: errors of their paired difference counts as tied with it, and among tied moves the rule of thumb's
#: favourite comes first; moves with the same result on every deal they both met are always tied (a
#: game not listed: only those). Measured with benchmarks/hint_quality.py (agreement of the half-second
#: hint with 20 times the budget, both settled alike). Bangkok with its four-move shortlist (session
#: 20): 0 / 1 / 1.5 / 2 standard errors agreed on 35 / 40 / 41 / 42 of 50 positions (seeds 2000-2049)
#: and 29 / 37 / 43 / 43 of 50 fresh ones (3000-3049), its move within a point of the long search's
#: best in all 100 at every margin: its near-ties are real ones, often the same cards taken with the
#: card sliding in from either end of a line. Klongs: 68 / 65 / 67 / 70 of 100, within a point 91 of
#: 100 at 0 and 66-78 above; Tindahan (session 18, seeds 1000-1019) 15 -> 17 of 20 at one standard
#: error but 18 -> 13 on fresh positions. A near-tie the rule of thumb settles wrongly at half a second
#: is one the long search separates.
TIE_ERRORS: dict[str, float] = {"bangkok": 1.5}


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
    """Roll-outs that fit in ``seconds`` of one core from this position (``roll_out_cost``)."""
    moves = probe_moves(state, seat, rng)
    return max(MIN_PLAYOUTS, int(seconds / roll_out_cost(state.GAME, moves)))


def probe_moves(state: GameState, seat: int, rng: random.Random) -> float:
    """The mean length of ``PROBES`` roll-outs from this position, played as the hint's are."""
    policy, prepare = rollout_policy(state.GAME)
    moves = 0
    for _ in range(PROBES):
        playout = determinize(state, seat, rng).playout()
        if prepare is not None:
            prepare(playout)
        while not playout.is_over:
            playout.apply(rng.randrange(playout.legal()) if policy is None else policy(playout, rng))
            moves += 1
    return moves / PROBES


def rollout_policy(game: str) -> tuple[Policy | None, Prepare | None]:
    """How the hint's roll-outs play in ``game`` (``POLICY_GAMES``; ``None``: at random)."""
    if game not in POLICY_GAMES:
        return None, None
    rollout = spec(game).rollout
    return rollout.policy, rollout.prepare


def roll_out_cost(game: str, moves: float) -> float:
    """CPU seconds the hint counts for one roll-out of ``moves`` moves (on the compiled core)."""
    rate, setup = (POLICY_COSTS if game in POLICY_GAMES else COSTS).get(game, (300_000.0, 0.0001))
    return (moves / rate + setup) / SHARE


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
    values = getattr(heuristic_bot(game, 0), "values", None)
    if values is None:
        return list(legal)
    scored = values(view, list(legal))
    return [a for _, _, a in sorted(zip(scored, range(len(legal)), legal, strict=True),
                                    key=lambda t: (-t[0], t[1]))]


def prior_order(game: str, view: dict[str, Any]) -> list[str]:
    """The legal moves in the rule of thumb's order, its favourite first: the heuristic bot's values
    where it has them, else its choice and then the legal order (a fresh bot: nothing depends on a
    bot's memory or generator)."""
    legal: list[str] = list(view["legal"])
    bot = heuristic_bot(game, 0)
    if getattr(bot, "values", None) is not None:
        return heuristic_order(game, view, legal)
    choice = bot.choose(view)
    return [choice] + [a for a in legal if a != choice]


def shortlist(game: str, view: dict[str, Any], keep: str | None = None,
              order: Sequence[str] | None = None, sizes: Mapping[str, int] | None = None) -> list[str] | None:
    """The moves the search compares (``None``: every legal move): the heuristic's favourites (from
    ``order`` when given, the heuristic's order of the legal moves), with ``keep`` among them; how
    many per game: ``sizes``, by default the hint's ``SHORTLIST``."""
    size = (SHORTLIST if sizes is None else sizes).get(game)
    legal: list[str] = view["legal"]
    if size is None or len(legal) <= size:
        return None
    chosen = list(order if order is not None else heuristic_order(game, view, legal))[:size]
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
    policy, prepare = rollout_policy(state.GAME)
    return search(state, seat, playouts=budget, rng=rng, deadline=deadline, candidates=candidates,
                  gain_rounds=GAIN_ROUNDS, policy=policy, prepare=prepare, sync_rounds=SYNC_ROUNDS)


def paired(lead: MoveStats, other: MoveStats) -> tuple[float, float, int]:
    """Mean and standard error of ``lead``'s margin minus ``other``'s over the deals both met (the
    first ones: a move halved away met the first rounds' deals, the same ones as those that stayed),
    and how many."""
    n = min(len(lead.margins), len(other.margins))
    if n < 2:
        return lead.value - other.value, math.inf, n
    diffs = [a - b for a, b in zip(lead.margins[:n], other.margins[:n], strict=True)]
    mean = sum(diffs) / n
    var = sum((d - mean) ** 2 for d in diffs) / (n - 1)
    return mean, math.sqrt(var / n), n


def settle(stats: Sequence[MoveStats], prior: Sequence[str], errors: float = 0.0) -> list[MoveStats]:
    """``stats`` (the search's order, its leader first) with the move to suggest first: among the
    leader and the moves it beats by at most ``errors`` standard errors of the paired difference
    (moves with identical results on every common deal included), the first in ``prior``."""
    lead = stats[0]
    rank = {a: i for i, a in enumerate(prior)}
    tied = [lead] + [s for s in stats[1:] if s.samples >= 2 and _tied(lead, s, errors)]
    chosen = min(tied, key=lambda s: (rank.get(s.action, len(rank)), s is not lead))
    return [chosen] + [s for s in stats if s is not chosen]


def _tied(lead: MoveStats, other: MoveStats, errors: float) -> bool:
    gap, error, _ = paired(lead, other)
    return gap <= errors * error


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
    measured = stat.gained_deals or stat.samples
    if measured and abs(stat.gained / measured) >= 0.5:
        parts.append(f"scores about {_points(stat.gained / measured)} before your next turn")
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
        other = other[:1].lower() + other[1:]
        if gap > 0.05:
            parts.append(f"{_points(gap)} better than the next best move ({other})")
        elif gap < -0.05:
            parts.append(f"about as good as {other}, which did {_points(-gap)} better on average, "
                         "too little to tell apart in the deals tried; a rule of thumb prefers this move")
        else:
            parts.append(f"about as good as {other}")
    elif stat is not best and stat.samples:
        if stat.value > best.value + 0.05:
            parts.append(f"{_points(stat.value - best.value)} better on average than the move suggested "
                         "first, too little to tell apart in the deals tried")
        else:
            parts.append(f"{_points(best.value - stat.value)} worse than the best move")
    text = "; ".join(parts)
    return text[:1].upper() + text[1:]


@dataclass(frozen=True)
class Searched:
    """What a hint's search found, before the tie rule and the words (benchmarks/hint_quality.py
    settles one search with several tie rules)."""

    view: dict[str, Any]
    prior: list[str]  # the legal moves in the rule of thumb's order
    candidates: list[str] | None  # the shortlist, None: every legal move was searched
    result: SearchResult


def searched(state: GameState, seat: int | None = None, *, seconds: float = 0.5,
             seed: int | None = None) -> Searched:
    """The search behind ``hint`` (same arguments, same checks)."""
    seconds = check_seconds(seconds)
    seat = resolve_seat(state, seat)
    view: dict[str, Any] = state.view(seat)
    prior = prior_order(state.GAME, view)
    candidates = shortlist(state.GAME, view, order=prior)
    return Searched(view, prior, candidates, run_search(state, seat, seconds, seed, candidates))


def suggestions(found: Searched, errors: float | None = None) -> list[Suggestion]:
    """The hint's list from its search: the tie rule (``settle``, at ``errors`` standard errors, by
    default the game's ``TIE_ERRORS``) picks the first, every move says why."""
    labels: dict[str, str] = found.view["labels"]
    if errors is None:
        errors = TIE_ERRORS.get(found.view["game"], 0.0)
    stats = settle(found.result.stats, found.prior, errors)
    best = stats[0]
    runner_up = stats[1] if len(stats) > 1 else None
    out = [Suggestion(s.action, labels.get(s.action, s.action), round(s.value, 3) if s.samples else 0.0,
                      round(s.win_rate, 3), reason(s, best, runner_up, labels), s.samples) for s in stats]
    if found.candidates is not None:  # the moves left off the shortlist, in the rule of thumb's order
        searched_ = set(found.candidates)
        why = (f"Not searched: the search compared the {len(found.candidates)} moves a rule of thumb likes "
               "best, and it likes this one less")
        out += [Suggestion(a, labels.get(a, a), 0.0, 0.0, why, 0) for a in found.prior if a not in searched_]
    return out


def hint(state: GameState, seat: int | None = None, *, seconds: float = 0.5,
         seed: int | None = None) -> list[Suggestion]:
    """The moves of ``seat`` (default: the seat to act), best first, from what that seat may see.

    Raises ``ValueError`` when the game is over, when ``seat`` is not to act, or for a bad ``seconds``
    (a number above 0, at most 60). Deterministic for a ``seed``.
    """
    return suggestions(searched(state, seat, seconds=seconds, seed=seed))
