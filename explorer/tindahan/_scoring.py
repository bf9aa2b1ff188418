"""Round scoring by the players' own names: the public ``score_round`` helper and the awards it sums.

The rules are the kernel's (``_kernel.round_awards``, what the engine's score sheet writes); here they
take any player names (the helper's strings "A", "B", ...). An award is ``(player, label, points, rule
id)``.
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping, Sequence
from typing import Any, TypeVar

from explorer._core.options import resolve_options

from ._kernel import AWARD_RULES, TIES, award_text
from ._kernel import round_awards as kernel_round_awards
from ._kernel import stall_awards as kernel_stall_awards
from ._notation import FRUITS
from ._options import OPTIONS

P = TypeVar("P", bound=Hashable)
Award = tuple[P, str, int, str]


def stall_awards(fruit: str, counts: Sequence[tuple[P, int]], trump: bool, trump_tie: str) -> list[Award[P]]:
    """The majority points of one stall; ``counts`` pairs each player with their sellers there."""
    players = [player for player, _ in counts]
    return [(players[p], award_text(kind, fruit, count, ways), points, AWARD_RULES[kind])
            for p, kind, points, _, count, ways in
            kernel_stall_awards([n for _, n in counts], trump, TIES.get(trump_tie, 2))]


def round_awards(
    players: Sequence[P],
    tricks: Mapping[P, int],
    hand_cards: Mapping[P, int],
    stalls: Sequence[tuple[str, Sequence[tuple[P, int]]]],
    trump: str,
    placed: Mapping[P, bool],
    trump_tie: str,
) -> list[Award[P]]:
    """Every award of one round, in the order the rulebook recommends: cards first, then stalls (each
    stall's sellers counted in the players' order), then the empty rounds."""
    counts = [[dict(pairs).get(player, 0) for player in players] for _, pairs in stalls]
    awards = kernel_round_awards([tricks.get(p, 0) for p in players], [hand_cards.get(p, 0) for p in players],
                                 counts, [fruit == trump for fruit, _ in stalls],
                                 [placed.get(p, False) for p in players], TIES.get(trump_tie, 2))
    return [(players[p], award_text(kind, stalls[stall][0] if stall >= 0 else "", count, ways), points,
             AWARD_RULES[kind]) for p, kind, points, stall, count, ways in awards]


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
