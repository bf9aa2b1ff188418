"""Determinized Monte-Carlo search: each candidate move is tried on many deals consistent with what the
seat has seen, each deal played to its end on the fast playout path, and the moves compared by the
final score margin over the best opponent.

The search is a flat Monte-Carlo one with sequential halving (Karnin, Koren and Somekh 2013): the
budget is spent in rounds, each round tries every surviving move on the same fresh deals (common
random numbers: a move is compared with the others on the same cards), then the better half survives.
Roll-outs are uniformly random unless a game's policy is given (the spec's ``Rollout``: the strong
bot's Klongs roll-outs make the placed boat's choices as the heuristic does): the heuristic bots
decide from a view (about 0.3-4 ms a move), which would cost 30-100 times a random move, so a random
or state-based roll-out buys far more deals in half a second (measured in benchmarks/HISTORY.md).
With a seed the search is fixed by a budget of roll-outs, not by the clock, so a loaded machine gives
the same answer. In games of rounds ``sync_rounds`` (the hint's) gives each later round dice of its own
(from the deal's roll-out seed and the round's number), so the moves tried on a deal meet the same later
rounds, not rounds that drifted apart with the dice the current round used.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from .._core.playout import Playout
from .._core.spec import Leaf, Policy, Prepare
from .._core.state import GameState
from .determinize import determinize


@dataclass
class MoveStats:
    """What the search saw of one candidate move, summed over the deals it was tried on."""

    action: str
    samples: int = 0
    margin: float = 0.0  # sum of final margins over the best opponent
    wins: float = 0.0  # a shared win counts 1/k
    margin_sq: float = 0.0
    tricks: int = 0  # trick games: deals where the seat took the trick this move was played to
    trick_deals: int = 0  # deals where that trick was finished
    gained: float = 0.0  # points the seat had gained by the time its next turn came (or the end)
    gained_deals: int = 0  # the deals ``gained`` was measured on (all, or the first round's: ``search``)
    margins: list[float] = field(default_factory=list)  # one per deal, in the order of the deals
    #: Per deal, the seat's score less the opponents' mean (the "field" objective: ``search``).
    leads: list[float] = field(default_factory=list)

    @property
    def value(self) -> float:
        return self.margin / self.samples if self.samples else -math.inf

    @property
    def field_value(self) -> float:
        """The mean of ``leads``: the seat's score less the opponents' mean score."""
        return sum(self.leads) / len(self.leads) if self.leads else -math.inf

    def judged(self, objective: str) -> list[float]:
        """The per-deal values the search compares moves by under ``objective``."""
        return self.leads if objective == "field" else self.margins

    def rank_value(self, objective: str) -> float:
        return self.field_value if objective == "field" else self.value

    @property
    def win_rate(self) -> float:
        return self.wins / self.samples if self.samples else 0.0

    @property
    def spread(self) -> float:
        """The standard error of ``value``."""
        if self.samples < 2:
            return math.inf
        mean = self.value
        var = max(0.0, self.margin_sq / self.samples - mean * mean)
        return math.sqrt(var / (self.samples - 1))


@dataclass
class SearchResult:
    seat: int
    stats: list[MoveStats]  # best first
    deals: int  # deals drawn
    playouts: int
    seconds: float
    final: int = 0  # deals of the last round (every survivor met them all: the fairest comparison)
    objective: str = "best"  # what ranked the moves (``search``)

    def stat(self, action: str) -> MoveStats | None:
        return next((s for s in self.stats if s.action == action), None)


def _index_of(playout: Playout, notation: str) -> int:
    for index in range(playout.legal()):
        if playout.notation(index) == notation:
            return index
    raise ValueError(f"{notation} is not legal in a sampled deal")  # pragma: no cover


def _indices(playout: Playout) -> dict[str, int]:
    """The legal moves' indices by notation (one pass, for every move tried on a deal; the first
    index of a notation, as ``_index_of`` finds it)."""
    found: dict[str, int] = {}
    for index in range(playout.legal()):
        found.setdefault(playout.notation(index), index)
    return found


def _margin(scores: Sequence[float], seat: int) -> tuple[float, float]:
    """(final margin over the best opponent, win share) for ``seat``."""
    others = [s for i, s in enumerate(scores) if i != seat]
    if not others:  # solo Bangkok: the score itself
        return float(scores[seat]), 1.0
    best_other = max(others)
    mine = scores[seat]
    if mine > best_other:
        return float(mine - best_other), 1.0
    if mine == best_other:
        return 0.0, 1.0 / (1 + sum(1 for s in others if s == mine))
    return float(mine - best_other), 0.0


def _lead(scores: Sequence[float], seat: int) -> float:
    """The seat's score less the mean of the opponents' (the score itself alone)."""
    others = len(scores) - 1
    return float(scores[seat]) - (sum(scores) - scores[seat]) / others if others else float(scores[seat])


def _round_seed(sync: int, number: int) -> int:
    return sync * 64 + number


def _finish_synced(playout: Playout, rng: random.Random, policy: Policy | None, sync: int,
                   round_now: int) -> None:
    """Play to the end, drawing each new round's dice afresh from ``sync`` and its number."""
    apply, legal, randrange = playout.apply, playout.legal, rng.randrange
    while not playout.is_over:
        if playout.round_number() != round_now:
            round_now = playout.round_number()
            rng.seed(_round_seed(sync, round_now))
        apply(randrange(legal()) if policy is None else policy(playout, rng))


def _roll(sample: Any, seat: int, action: str, rng: random.Random, stats: MoveStats,
          horizon: int | None = None, round_end: bool = False, policy: Policy | None = None,
          leaf: Leaf | None = None, prepare: Prepare | None = None, before: float | None = None,
          gain: bool = True, indices: dict[str, int] | None = None,
          sync: int | None = None) -> float | None:
    """Play ``action`` on ``sample`` and the rest by ``policy`` (default: at random) and add what came of
    it to ``stats``. ``gain``: measure the points gained by the seat's next turn (a score at that turn:
    Bangkok's market scoring costs more than the moves), from ``before``, the seat's score in the
    sample (computed here when ``None``); returns that score for the next move on the same deal.
    ``indices``: the sample's legal moves by notation, where several moves meet the same deal. ``sync``
    (a game of rounds): each new round's dice are drawn afresh from this seed and the round's number,
    so every move tried on a deal meets the same dice in the rounds after this one (``search``)."""
    playout = sample.playout()
    if gain and before is None:
        before = playout.scores()[seat]
    taken = playout.tricks_taken(seat)
    tricks_before = None if taken < 0 else taken
    round_at = playout.round_number()
    playout.apply(indices[action] if indices is not None else _index_of(playout, action))
    if prepare is not None:
        prepare(playout)
    trick_open = tricks_before is not None
    gained_at: float | None = None if gain else 0.0
    watch = horizon is not None or round_end  # a stop before the end to watch for at every move
    rounds = sync is not None and round_at > 0
    round_now = round_at
    turns = 0
    while True:
        if trick_open and (playout.is_over or not playout.trick_open() or playout.round_number() != round_at):
            after = playout.tricks_taken(seat)
            if tricks_before is not None and playout.round_number() == round_at:
                stats.trick_deals += 1
                stats.tricks += after > tricks_before
            trick_open = False
        if gained_at is None and (playout.is_over or playout.current_player == seat):
            gained_at = playout.scores()[seat] - (before or 0.0)
        if playout.is_over or (round_end and playout.round_number() != round_at):
            break
        if horizon is not None and playout.current_player == seat:
            turns += 1  # the seat's own moves after this one (a turn may take several)
            if turns > horizon:
                break
        if rounds and playout.round_number() != round_now:
            round_now = playout.round_number()
            rng.seed(_round_seed(sync or 0, round_now))
        if not watch and not trick_open and gained_at is not None:
            # Nothing left to watch: the rest of the game without the checks (the same dice).
            if rounds:
                _finish_synced(playout, rng, policy, sync or 0, round_now)
            elif policy is None:
                apply, legal, randrange = playout.apply, playout.legal, rng.randrange
                while not playout.is_over:
                    apply(randrange(legal()))
            else:
                while not playout.is_over:
                    playout.apply(policy(playout, rng))
            break
        playout.apply(rng.randrange(playout.legal()) if policy is None else policy(playout, rng))
    if leaf is not None and not playout.is_over:
        scores: Sequence[float] = leaf(playout)
    else:
        scores = playout.scores()
    margin, share = _margin(scores, seat)
    stats.samples += 1
    stats.margin += margin
    stats.margin_sq += margin * margin
    stats.margins.append(margin)
    stats.leads.append(_lead(scores, seat))
    stats.wins += share
    if gain:
        stats.gained += gained_at or 0.0
        stats.gained_deals += 1
    return before


def search(state: GameState, seat: int, *, playouts: int, rng: random.Random,
           deadline: float | None = None, candidates: Sequence[str] | None = None,
           keep: str | None = None, horizon: int | None = None, round_end: bool = False,
           policy: Policy | None = None, leaf: Leaf | None = None,
           prepare: Prepare | None = None, gain_rounds: int | None = None,
           sync_rounds: bool = False, objective: str = "best") -> SearchResult:
    """Compare the legal moves of ``seat`` (to act in ``state``) over determinized deals, spending at
    most ``playouts`` roll-outs (and stopping at ``deadline``, a ``time.perf_counter()`` value, if given:
    then the answer depends on the machine's speed). ``keep`` survives every halving (the strong bot
    keeps its heuristic's move, to compare the best one with it on the same deals). ``horizon`` stops
    each roll-out after that many of the seat's own moves, ``round_end`` when the round is over (the
    margin is then the scores' there). ``policy`` plays the roll-outs' moves (default: uniformly at
    random), ``leaf`` gives the scores to compare where a roll-out stops before the end
    (the spec's ``Rollout``), ``prepare`` sets each roll-out up after the candidate move. The points a
    move gains by the seat's next turn (for its reason) are measured on every deal, or on the first
    ``gain_rounds`` rounds' deals (every move meets the first round's): that score costs a market
    scoring in Bangkok, more than the roll-out's moves. ``sync_rounds`` (games of rounds): the dice of
    every round after the one being played are drawn afresh at its start from the deal's roll-out seed
    and the round's number, so the moves tried on a deal meet the same later rounds (the next round's
    cards come from the sample already): their comparison is not drowned in the later rounds' noise,
    and each move's margin is still that of a game played out at random to its end. ``objective``
    ranks the moves: ``"best"`` by the margin over the best opponent (``value``), ``"field"`` by the
    seat's score less the opponents' mean (``field_value``; the same with two players). With three or
    more the best opponent's score is the largest of several noisy ones, which a move of the seat's
    hardly changes: it drowns the move's own effect (the strong bot's Bangkok search uses "field")."""
    if objective not in ("best", "field"):
        raise ValueError(f"objective must be 'best' or 'field', not {objective!r}")
    start = time.perf_counter()
    moves = list(candidates) if candidates is not None else [str(a) for a in state.legal_actions()]
    stats = {m: MoveStats(m) for m in moves}
    alive = list(moves)
    stop = math.inf if deadline is None else deadline
    rounds = max(1, math.ceil(math.log2(len(alive)))) if len(alive) > 1 else 1
    used = deals = 0
    final = 0
    for r in range(rounds):
        final = 0
        per_move = max(1, (playouts - used) // ((rounds - r) * len(alive)))
        for _ in range(per_move):
            # Every move meets at least one deal, however late the clock.
            if used > 0 and (used + len(alive) > playouts or time.perf_counter() > stop):
                break
            sample = determinize(state, seat, rng)
            deals += 1
            final += 1
            roll_seed = rng.randrange(2**31)
            gain = gain_rounds is None or r < gain_rounds
            before: float | None = None  # the seat's score in the sample, the same for every move
            indices = _indices(sample.playout()) if len(alive) > 2 else None
            for move in alive:
                # Common random numbers: every move meets the same deal and the same roll-out dice.
                before = _roll(sample, seat, move, random.Random(roll_seed), stats[move], horizon,
                               round_end, policy, leaf, prepare, before, gain, indices,
                               roll_seed if sync_rounds else None)
                used += 1
        if r < rounds - 1:
            alive.sort(key=lambda m: (-stats[m].rank_value(objective), moves.index(m)))
            alive = alive[:max(1, math.ceil(len(alive) / 2))]
            if keep is not None and keep in stats and keep not in alive:
                alive.append(keep)
    survivors = set(alive)
    ranked = sorted(moves, key=lambda m: (m not in survivors, -stats[m].samples if m not in survivors else 0,
                                           -stats[m].rank_value(objective), moves.index(m)))
    return SearchResult(seat, [stats[m] for m in ranked], deals, used, time.perf_counter() - start, final,
                        objective)
