"""Round scoring, shared by the engine's score sheet and the public ``score_round`` helper.

Everything here is generic in how players are named: the engine uses seat numbers, the helper the
caller's strings ("A", "B", ...). An award is ``(player, label, points, rule id)``.
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping, Sequence
from typing import Any, TypeVar

from explorer._options import resolve_options

from ._notation import FRUITS
from ._options import OPTIONS

P = TypeVar("P", bound=Hashable)
Award = tuple[P, str, int, str]

FIRST, SECOND, TRUMP_BONUS, TRICK = 5, 2, 1, 2


def _n(count: int, noun: str) -> str:
    return f"{count} {noun}" if count == 1 else f"{count} {noun}s"


def stall_awards(fruit: str, counts: Sequence[tuple[P, int]], trump: bool, trump_tie: str) -> list[Award[P]]:
    """The majority points of one stall; ``counts`` pairs each player with their sellers there."""
    present = [(player, n) for player, n in counts if n > 0]
    if not present:
        return []
    top = max(n for _, n in present)
    firsts = [player for player, n in present if n == top]
    rest = [(player, n) for player, n in present if n < top]
    out: list[Award[P]] = []
    if len(firsts) == 1:
        out.append((firsts[0], f"{fruit} stall: most sellers ({_n(top, 'seller')})", FIRST,
                    "tindahan.score.majority"))
        if trump:
            out.append((firsts[0], f"{fruit} stall is trump: +1 for its majority", TRUMP_BONUS,
                        "tindahan.score.trump-bonus"))
        if rest:
            runner_up = max(n for _, n in rest)
            seconds = [player for player, n in rest if n == runner_up]
            if len(seconds) == 1:
                out.append((seconds[0], f"{fruit} stall: second most sellers ({_n(runner_up, 'seller')})",
                            SECOND, "tindahan.score.second"))
            else:
                share = SECOND // len(seconds)
                for player in seconds:
                    out.append((player, f"{fruit} stall: second place ({_n(runner_up, 'seller')}) shared by "
                                f"{len(seconds)}: {SECOND} points split {len(seconds)} ways, rounded down",
                                share, "tindahan.score.ties"))
        return out
    # A tie for first: the tied players split first and second place; nobody else scores here.
    k = len(firsts)
    bonus_in_pool = trump and trump_tie == "share"
    pool = FIRST + SECOND + (TRUMP_BONUS if bonus_in_pool else 0)
    sum_text = (f"{FIRST} + {TRUMP_BONUS} for trump + {SECOND}" if bonus_in_pool else f"{FIRST} + {SECOND}")
    for player in firsts:
        text = (f"{fruit} stall: first place ({_n(top, 'seller')}) shared by {k}: {sum_text} = {pool} points "
                f"split {k} ways, rounded down")
        out.append((player, text, pool // k, "tindahan.score.ties"))
        if trump and trump_tie == "each":
            out.append((player, f"{fruit} stall is trump: +1 for each tied majority holder", TRUMP_BONUS,
                        "tindahan.score.trump-bonus"))
    return out


def round_awards(
    players: Sequence[P],
    tricks: Mapping[P, int],
    hand_cards: Mapping[P, int],
    stalls: Sequence[tuple[str, Sequence[tuple[P, int]]]],
    trump: str,
    placed: Mapping[P, bool],
    trump_tie: str,
) -> list[Award[P]]:
    """Every award of one round, in the order the rulebook recommends: cards first, then stalls."""
    out: list[Award[P]] = []
    for player in players:
        won = tricks.get(player, 0)
        if won:
            out.append((player, f"{_n(won, 'trick')} taken, {TRICK} points each", TRICK * won,
                        "tindahan.score.trick"))
        held = hand_cards.get(player, 0)
        if held:
            out.append((player, f"{_n(held, 'card')} left in hand, -1 point each", -held,
                        "tindahan.score.hand-card"))
    for fruit, counts in stalls:
        out.extend(stall_awards(fruit, counts, fruit == trump, trump_tie))
    totals = {player: 0 for player in players}
    for player, _, points, _ in out:
        totals[player] += points
    if not totals:
        return out
    # "Best" is read before any empty-round raise; the raised players only reach that same number, so
    # reading it afterwards would give the same result.
    best = max(totals.values())
    for player in players:
        if not placed.get(player, False) and not tricks.get(player, 0):
            out.append((player, f"empty round (no seller sent, no trick taken): raised to the round's best "
                        f"score, {best}", best - totals[player], "tindahan.score.empty-round"))
    return out


def _count(what: str, value: Any) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise ValueError(f"{what} must be a whole number of at least 0, not {value!r}")
    return value


def score_round(
    tricks: Mapping[str, int],
    hand_cards: Mapping[str, int],
    sellers: Mapping[str, Mapping[str, int]],
    trump: str,
    **rules: Any,
) -> dict[str, int]:
    """Total round points per player from the round's end position.

    ``tricks`` and ``hand_cards`` map players to counts, ``sellers`` maps stalls to sellers per player,
    and ``trump`` is the stall under the donkey cart. A player with no seller on any stall and no trick
    counts as having had an empty round. ``rules`` takes Tindahan's options (``trump_bonus_tie``).
    """
    options = resolve_options("tindahan", OPTIONS, rules)
    if trump not in FRUITS:
        raise ValueError(f"trump must be one of {', '.join(FRUITS)}, not {trump!r}")
    players: list[str] = []
    for source in (tricks, hand_cards, *sellers.values()):
        for player in source:
            if player not in players:
                players.append(player)
    for fruit in sellers:
        if fruit not in FRUITS:
            raise ValueError(f"sellers: {fruit!r} is not a stall; the stalls are {', '.join(FRUITS)}")
    won = {p: _count(f"tricks[{p!r}]", n) for p, n in tricks.items()}
    held = {p: _count(f"hand_cards[{p!r}]", n) for p, n in hand_cards.items()}
    stalls = [
        (fruit, [(p, _count(f"sellers[{fruit!r}][{p!r}]", sellers[fruit].get(p, 0))) for p in players])
        for fruit in FRUITS
        if fruit in sellers
    ]
    placed = {p: any(n > 0 for _, counts in stalls for q, n in counts if q == p) for p in players}
    totals = {p: 0 for p in players}
    for player, _, points, _ in round_awards(players, won, held, stalls, trump, placed,
                                             options["trump_bonus_tie"]):
        totals[player] += points
    return totals
