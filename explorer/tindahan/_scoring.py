"""Round scoring by the players' own names: the public ``score_round`` helper and the awards it sums,
and the score sheet of a stated round end (``explorer.score_table``).

The rules are the kernel's (``_kernel.round_awards``, what the engine's score sheet writes); here they
take any player names (the helper's strings "A", "B", ...). An award is ``(player, label, points, rule
id)``.
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping, Sequence
from typing import Any, TypeVar

from explorer._core.options import resolve_options
from explorer._core.positions import Players, parts, whole
from explorer._core.state import ScoreLine, ScoreSheet
from explorer._core.words import YOU
from explorer._fruitbox.state import check_fruit

from ._kernel import AWARD_RULES, TIES, award_text
from ._kernel import round_awards as kernel_round_awards
from ._kernel import stall_awards as kernel_stall_awards
from ._notation import FRUITS, HAND_SIZE, SELLERS_PER_PLAYER
from ._options import OPTIONS, fruits_in_play

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
    counts as having had an empty round (the stalls are taken as this round's: both readings of
    ``empty_round_sellers`` then agree; ``explorer.score_table`` takes the sellers sent this round
    apart). ``rules`` takes Tindahan's options (``trump_bonus_tie``).
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


def score_table(players: Players, position: Any, rules: Mapping[str, Any], edition: Any) -> ScoreSheet:
    """The score sheet of a stated round end (``explorer.score_table("tindahan", ...)``): ``position``
    holds ``tricks``, ``hand_cards``, ``sellers`` (per stall, per player) and ``trump`` as
    :func:`score_round` takes them (a player left out of a dict has 0), and optionally ``sent`` (the
    sellers each player sent this round, for the empty-round rule; default: their sellers on the
    stalls, exact while sellers return between rounds; under ``empty_round_sellers="on-the-stalls"``
    the rule reads the sellers on the stalls, and ``sent`` is only checked) and ``round`` (1-based,
    default 1).

    Refused, naming the rule: a stall or trump not in play, more than 10 cards in a hand or 9 sellers
    of a player, no empty hand (the round goes on), no trick, more tricks than cards played or fewer
    than a trick a player can hold. The rulebook's own scoring example could not be reached by play
    (one action a player a trick): that is not checked, so the example scores as printed.

    >>> from explorer import score_table
    >>> sheet = score_table("tindahan", ["A", "B", "C"], {
    ...     "tricks": {"A": 3, "B": 4, "C": 2}, "hand_cards": {"A": 5, "B": 0, "C": 7},
    ...     "sellers": {"banana": {"A": 3, "C": 2}, "durian": {"C": 1}, "mango": {"A": 2, "C": 2}},
    ...     "trump": "durian"})
    >>> [sum(line.points for line in sheet if line.seat == seat) for seat in range(3)]
    [9, 8, 8]
    """
    parts("tindahan", position, ("tricks", "hand_cards", "sellers", "trump"), ("sent", "round"))
    n = players.count
    try:
        fruits = fruits_in_play(n, rules["removed_fruits"])
    except ValueError as exc:
        raise players.breaks("tindahan.setup.fruits", str(exc)) from None
    number = whole(position.get("round", 1), "round", 1)
    if number > n:
        raise players.breaks("tindahan.dealer", f"round {number} is past the last of a {n}-player game, "
                                                f"round {n}")
    trump = check_fruit(position["trump"], "trump")
    if trump not in fruits:
        raise players.breaks("tindahan.setup.fruits", f"trump is {trump}, a stall not in play with {n} "
                                                       f"players (the fruits are {', '.join(fruits)})")
    tricks = [whole(count, f"tricks of {players.name(seat)}")
              for seat, count in enumerate(players.per_seat(position["tricks"], "tricks", default=0))]
    held = [whole(count, f"the cards left in {players.whose(seat)} hand")
            for seat, count in enumerate(players.per_seat(position["hand_cards"], "hand_cards", default=0))]
    stalls = _stalls(players, position["sellers"], fruits)
    on_stalls = [sum(counts[seat] for counts in stalls.values()) for seat in range(n)]
    for seat in range(n):
        if held[seat] > HAND_SIZE:
            raise players.breaks("tindahan.setup.deal", f"{players.does(seat, 'holds', 'hold')} {held[seat]} "
                                                        f"cards, but a hand is dealt only {HAND_SIZE}")
        if on_stalls[seat] > SELLERS_PER_PLAYER:
            raise players.breaks("tindahan.setup.sellers",
                                 f"{players.does(seat, 'has', 'have')} {on_stalls[seat]} sellers on the "
                                 f"stalls, but a player has only {SELLERS_PER_PLAYER}")
    sent = _sent(players, position.get("sent"), on_stalls, rules["sellers_between_rounds"] == "return",
                 rules["empty_round_sellers"] == "on-the-stalls")
    _check_tricks(players, tricks, held)
    awards = round_awards(list(range(n)), dict(enumerate(tricks)), dict(enumerate(held)),
                          [(fruit, list(enumerate(counts))) for fruit, counts in stalls.items()], trump,
                          {seat: count > 0 for seat, count in enumerate(sent)}, rules["trump_bonus_tie"])
    return players.sheet([ScoreLine(seat, label, points, rule, number)
                          for seat, label, points, rule in awards])


def _stalls(players: Players, sellers: Any, fruits: Sequence[str]) -> dict[str, list[int]]:
    """Per stall in play (in the fixed order), the sellers of each seat."""
    if not isinstance(sellers, Mapping):
        raise ValueError("sellers must be a dict {stall: sellers per player}, like {'banana': {'A': 3}}")
    given: dict[str, list[int]] = {}
    for fruit, counts in sellers.items():
        check_fruit(fruit, "sellers")
        where = f"the sellers on the {fruit} stall"  # said to learners: not sellers['banana']
        given[fruit] = [whole(count, f"{players.whose(seat)} sellers on the {fruit} stall")
                        for seat, count in enumerate(players.per_seat(counts, where, default=0))]
        if fruit not in fruits and any(given[fruit]):
            raise players.breaks("tindahan.setup.fruits", f"sellers are on the {fruit} stall, but that stall "
                                                           f"is not in play with {players.count} players")
    return {fruit: given.get(fruit, [0] * players.count) for fruit in fruits}


def _sent(players: Players, value: Any, on_stalls: list[int], returned: bool, standing: bool) -> list[int]:
    """The sellers that keep each seat out of the empty round: those it sent this round (``value``
    checked against the stalls, or the stalls' count if not given), or, on the reading where sellers
    from earlier rounds count too (``standing``), all its sellers on the stalls."""
    if value is None:
        return on_stalls
    sent = [whole(count, f"the sellers {players.names[seat]} sent")
            for seat, count in enumerate(players.per_seat(value, "sent", default=0))]
    for seat, count in enumerate(sent):
        has = "have" if players.names[seat] == YOU else "has"
        sent_but = f"{players.names[seat]} sent {count} sellers this round but {has}"
        if returned and count != on_stalls[seat]:
            raise players.breaks("tindahan.round.reset", f"{sent_but} {on_stalls[seat]} on the stalls, and "
                                                         "sellers come back after every round (the "
                                                         "sellers_between_rounds option)")
        if count > on_stalls[seat]:
            raise players.breaks("tindahan.seller.led-stall", f"{sent_but} only {on_stalls[seat]} on the "
                                                              "stalls")
    return on_stalls if standing else sent


def _check_tricks(players: Players, tricks: list[int], held: list[int]) -> None:
    """The round's end as the tricks and the hands tell it: a hand ran out, and the tricks fit the cards
    played (every trick is taken by a card in it, and holds at most one card a player)."""
    n = players.count
    if all(held):
        raise players.breaks("tindahan.round-end", "every player still holds cards, so the round is not over")
    taken = sum(tricks)
    played = HAND_SIZE * n - sum(held)
    if taken == 0:
        raise players.breaks("tindahan.round-end", "nobody took a trick, but a round ends after a trick")
    if taken > played:
        raise players.breaks("tindahan.trick.winner", f"{taken} tricks were taken with only {played} cards "
                                                       "played, and every trick is taken by a card in it")
    if taken * n < played:
        raise players.breaks("tindahan.turn-order", f"{played} cards were played in only {taken} tricks, "
                                                     f"and a trick holds at most one card from each of the "
                                                     f"{n} players")
