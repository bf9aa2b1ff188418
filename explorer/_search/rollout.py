"""Roll-out policies and leaf values for the strong bot's search (``explorer._search.search``).

A roll-out after a candidate move used to be uniformly random. In Klongs that is far from how anyone
plays: a random seat declines half the boats it could claim, scores the wrong landing or none on a
market day, throws its thief's catch away and spends its two movement cards on the first turns, so
the margin a few turns ahead said more about random mistakes than about the move. The Klongs policy
here plays the choices a placed boat asks for (claim, steal, inspect, score, draw, the optional move)
the way the heuristic bot does, from the playout's own fields at a few microseconds a choice, and
places boats at random (a hundred placements a turn: judging them is what the heuristic spends its
milliseconds on).

In Tindahan random seats send a seller half as often as the heuristic seats do; the Tindahan policy
sends sellers and moves the cart as often as they do and plays its cards at random.

A leaf value is the score to compare where a roll-out stops before the end (the horizon): Klongs
counts each seat's stock as the final stock scoring will (1 + 2 + ... per good), so a boat taken into
the stock by a thief or a scoring counts when it is taken, not only at the very end.

Policies draw only from the roll-out's generator and read only the sampled position (the search's
information-set test covers them: other seats' secrets never reach a sample).
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable
from typing import Any

from .._core.playout import Playout
from ..klongs._board import PHASES as PHASE_NAMES

#: ``policy(playout, rng)`` -> the index of the action to play (the playout has a choice to make).
Policy = Callable[[Playout, random.Random], int]
#: ``leaf(playout)`` -> per seat, the score to compare where a roll-out stops before the game's end.
Leaf = Callable[[Playout], list[float]]

#: ``prepare(playout)``: set a roll-out's copy up once the candidate move is played.
Prepare = Callable[[Playout], None]

#: Tries at drawing a placement rather than a move on a Klongs turn: the moves follow the placements
#: in the legal order, fewer of them, and a rare move played at random does little harm.
_PLACE_TRIES = 3


def _klongs_move(playout: Playout, rng: random.Random) -> int:
    n = playout.legal()
    if n <= 1:
        return 0
    k: Any = playout  # Klongs' playout is its kernel (``explorer.klongs._kernel``)
    phase = PHASE_NAMES[k.phase]
    if phase == "turn":
        # A random placement; the heuristic keeps its movement cards (a move rates -1 to it).
        places = k.placements()  # counted first
        if places:
            return rng.randrange(places)
        index = 0
        for _ in range(_PLACE_TRIES):
            index = rng.randrange(n)
            if not playout.notation(index).startswith("move:"):
                break
        return index
    names = [playout.notation(i) for i in range(n)]
    if phase == "after":
        return names.index("end")
    if phase == "draw":
        return names.index("draw:2")
    if phase == "inspect":
        to_hand = [i for i, a in enumerate(names) if a.endswith(">hand")]
        return rng.choice(to_hand) if to_hand else rng.randrange(n)
    decode = k.t.ed.tables.decode
    landings: dict[int, tuple[int, dict[int, int]]] = {}  # a market day lists each landing many times
    values = [_klongs_value(k, k.act, decode[a], landings) for a in names]
    top = max(values)
    return rng.choice([i for i, v in enumerate(values) if v >= top - 1e-9])


def _klongs_value(k: Any, seat: int, decoded: tuple[str, int, Any],
                  landings: dict[int, tuple[int, dict[int, int]]]) -> float:
    """The heuristic bot's rating of a claim, steal or scoring (``klongs._bot``), on the kernel's fields."""
    kind, a, b = decoded
    ed, board = k.t.ed, k.board
    if kind == "decline":
        return 0.0
    if kind == "merchant":
        if a < 0:
            return 5.0
        return float(ed.boats[board[k.placed]].baskets - ed.boats[board[a]].baskets) - 0.5
    if kind == "steal":
        if a < 0:
            return 0.0
        boat = board[a]
        owner = k.owner[boat]
        face = ed.boats[boat]
        value: float = face.baskets + (3.0 if owner not in (seat, -1) else -2.0)
        if b == "stock":
            held = sum(1 for x in k.stocks[seat] if ed.boats[x].goods == face.goods)
            value += held + (0.5 if face.goods else -1.0)
        return value
    if kind == "score":
        if a not in landings:
            landings[a] = (k.landing_value(a), k.merchants_at(a))
        value, merchants = landings[a]
        mine = merchants.get(seat, 0) * value
        rival = max((v for s, v in merchants.items() if s != seat), default=0) * value
        face = ed.boats[board[b]]
        held = sum(1 for x in k.stocks[seat] if ed.boats[x].goods == face.goods) + 1 if face.goods else 0
        return float(mine - rival + held)
    return 0.0


def _klongs_prepare(playout: Playout) -> None:
    """Nobody moves a boat in a roll-out (the policy never would): without movement cards the
    playout skips listing the moves every turn and the optional move after each placement, which made
    a roll-out with the policy twice as slow as a random one (random seats spend their cards at once)."""
    k: Any = playout
    k.put_cards_away()


def _klongs_leaf(playout: Playout) -> list[float]:
    k: Any = playout
    scores = [float(s) for s in playout.scores()]
    if playout.is_over:
        return scores  # the stock is scored already
    boats = k.t.ed.boats
    for seat, stock in enumerate(k.stocks):
        counts = Counter(boats[b].goods for b in stock if boats[b].goods)
        scores[seat] += sum(n * (n + 1) // 2 for n in counts.values())
    return scores


#: How often the Tindahan heuristic bot, offered a seller, sends it (0.58 of 853 such turns in six
#: four-player heuristic games), and, leading, moves the cart (0.15 of 302): a random seat sends one a
#: quarter as often as a card (one seller among a handful of cards), so random roll-outs filled the
#: stalls half as fast as the heuristic seats the bot plays against do, and a seller of the bot's
#: looked cheap: with random roll-outs the 4-player strong bot replaced the heuristic's card by a
#: seller 53 times in 20 games and a seller by a card twice; with these 25 and 17 times.
SELLER_CHANCE = 0.58
CART_CHANCE = 0.15


def _tindahan_move(playout: Playout, rng: random.Random) -> int:
    """Sellers and cart moves as often as the heuristic seats make them, cards at random. The legal
    order is the public one (the cards, then the cart's stalls or the seller), so the notations of the
    last few indices say where the cards end, whichever playout plays."""
    n = playout.legal()
    if n <= 1:
        return 0
    first = n
    while first > 0 and ":" in playout.notation(first - 1):
        first -= 1
    if first in (0, n):  # only cards, or no card: nothing to weigh
        return rng.randrange(n)
    seller = playout.notation(first).startswith("seller:")
    if rng.random() < (SELLER_CHANCE if seller else CART_CHANCE):
        return rng.choice(range(first, n))
    return rng.choice(range(first))


#: Per game: the roll-out policy of the strong bot's search (games not listed roll out at random).
POLICIES: dict[str, Policy] = {"klongs": _klongs_move, "tindahan": _tindahan_move}
#: Per game: what to set up in a roll-out's copy after the candidate move.
PREPARES: dict[str, Prepare] = {"klongs": _klongs_prepare}
#: Per game: the leaf value where a roll-out stops at the horizon (games not listed: the scores).
LEAVES: dict[str, Leaf] = {"klongs": _klongs_leaf}
