"""A heuristic Klongs player that sees only ``view(seat)``.

It builds toward landings it can score (its own baskets next to other boats), keeps its Luk Phat boats
for when a market day pays it more than the others, steals the richest foreign boat, and when it takes
boats into its stock it prefers goods it already collects (the stock pays 1, 2, 3, ... per good).

Its roll-out twin (``rollout_move``, ``rollout_prepare``, ``rollout_leaf``: the spec's ``Rollout``) is
how the strong bot's search plays the moves after a candidate. Random roll-outs are far from how
anyone plays: a random seat declines half the boats it could claim, scores the wrong landing or none
on a market day, throws its thief's catch away and spends its two movement cards on the first turns,
so the margin a few turns ahead said more about random mistakes than about the move. The roll-out
policy plays the choices a placed boat asks for (claim, steal, inspect, score, draw, the optional move)
as this bot does, from the playout's own fields at a few microseconds a choice, and places boats at
random (a hundred placements a turn: judging them is what this bot spends its milliseconds on). Its
leaf value counts each seat's stock as the final stock scoring will, so a boat taken into the stock
counts when it is taken, not only at the very end.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

from .._core.bots import ViewBot
from ._board import PHASES, stock_points


class HeuristicBot(ViewBot):
    name = "heuristic"

    def _choose(self, view: dict[str, Any], legal: list[str]) -> str:
        if len(legal) == 1:
            return legal[0]
        scored = list(zip(self.values(view, legal), legal, strict=True))
        top = max(v for v, _ in scored)
        return self._rng.choice([a for v, a in scored if v >= top - 1e-9])

    def values(self, view: dict[str, Any], legal: list[str]) -> list[float]:
        """What this rule of thumb thinks of each legal action (higher is better), drawing nothing from
        the bot's generator: the strong bot and the hint shortlist the search's moves by it."""
        mind = _Mind(view)
        return [mind.value(a) for a in legal]


class _Mind:
    def __init__(self, view: dict[str, Any]) -> None:
        self.view = view
        self.me = view["colour"]
        self.board: dict[str, dict[str, Any]] = view["board"]
        geometry = view["geometry"]
        self.landings: dict[str, list[str]] = {lnd["name"]: lnd["spaces"] for lnd in geometry["landings"]}
        self.landings_of: dict[str, list[str]] = {}
        for name, spaces in self.landings.items():
            for space in spaces:
                self.landings_of.setdefault(space, []).append(name)
        self.hand = {boat["id"]: boat for boat in view["hand"]}
        seat = view["seat"]
        self.stock = Counter(boat["goods"] for boat in view["stocks"][seat] if boat["goods"])
        self.supply = view["supply"][seat]
        track = view["track"]
        step = view["lukphat"]
        self.next_space = track[step] if step < len(track) else None
        self.placed = view["placed"]

    # ---- evaluation of one landing ------------------------------------------------------------

    def _landing_value(self, spaces: list[str], board: dict[str, dict[str, Any]]) -> tuple[float, float]:
        """(my share, best rival share) of a landing as it stands, discounted by its emptiness."""
        boats = [board.get(s) for s in spaces]
        present = [b for b in boats if b is not None]
        baskets = sum(b["baskets"] for b in present if b["kind"] != "thief")
        if any(b["kind"] == "cookshop" for b in present):
            baskets *= 2
        owners = Counter(b["owner"] for b in present if b["owner"] not in (None, "neutral"))
        fill = (len(present) / 4) ** 2
        mine = baskets * owners.get(self.me, 0)
        rival = max((n for c, n in owners.items() if c != self.me), default=0) * baskets
        return mine * fill, rival * fill

    def _position_value(self, board: dict[str, dict[str, Any]], spaces: set[str]) -> float:
        total = 0.0
        for name in {n for s in spaces for n in self.landings_of.get(s, [])}:
            mine, rival = self._landing_value(self.landings[name], board)
            total += mine - 0.5 * rival
        return total

    def _scorable_now(self, board: dict[str, dict[str, Any]]) -> float:
        """How much better off I am than my best rival if the landings were scored now."""
        best = 0.0
        for spaces in self.landings.values():
            boats = [board.get(s) for s in spaces]
            if any(b is None for b in boats):
                continue
            mine, rival = self._landing_value(spaces, board)
            if mine:
                best = max(best, mine - rival)
        return best

    # ---- actions ------------------------------------------------------------------------------

    def value(self, action: str) -> float:
        # The view names every legal action's parts (``choices``): nothing is read from the notation.
        choice = self.view["choices"][action]
        kind = choice["type"]
        if kind == "place":
            return self._place(self.hand[choice["boat"]], choice["space"])
        if kind == "merchant":
            return self._merchant(choice.get("space", ""))
        if kind == "decline":
            return 0.0
        if kind == "steal":
            return self._steal(choice["space"], choice["to"]) if "space" in choice else 0.0
        if kind == "inspect":
            return 1.0 if choice.get("to") == "hand" else 0.5
        if kind == "score":
            return self._score(choice["landing"], choice["space"])
        if kind == "draw":
            return 1.0 if choice["stack"] == 2 else 0.5
        if kind == "move":
            return -1.0
        return 0.0  # end, pass

    def _place(self, boat: dict[str, Any], space: str) -> float:
        ownable = not boat["neutral"] and self.supply > 0
        after = dict(self.board)
        after[space] = {**boat, "owner": self.me if ownable else ("neutral" if boat["neutral"] else None)}
        near = {space}
        value = self._position_value(after, near) - self._position_value(self.board, near)
        value += 0.3 * boat["baskets"] if ownable else 0.0
        if boat["lukphat"] and self.next_space is not None:
            value += self.next_space["points"]
            if self.next_space["market"]:
                value += 2.0 * self._scorable_now(after) - 4.0
        if boat["special"] == "thief":
            value += 3.0
        return value

    def _merchant(self, space: str) -> float:
        if not space:
            return 5.0
        old = self.board[space]
        new = self.board[self.placed] if self.placed else None
        gain: float = (new["baskets"] if new else 0) - old["baskets"] - 0.5
        return gain

    def _steal(self, space: str, to: str) -> float:
        boat = self.board[space]
        value: float = boat["baskets"] + (3.0 if boat["owner"] not in (self.me, None, "neutral") else -2.0)
        if to == "stock":
            value += self.stock.get(boat["goods"], 0) + (0.5 if boat["goods"] else -1.0)
        return value

    def _score(self, name: str, space: str) -> float:
        mine, rival = self._landing_value(self.landings[name], self.board)
        removed = self.board[space]
        stock_gain = self.stock.get(removed["goods"], 0) + 1 if removed["goods"] else 0
        keep_merchant = 0.5 if removed["owner"] == self.me else 0.0
        total: float = mine - rival + stock_gain + keep_merchant - 0.1 * removed["baskets"]
        return total


# ---- the strong bot's roll-outs --------------------------------------------------------------------

#: Tries at drawing a placement rather than a move on a turn: the moves follow the placements in the
#: legal order, fewer of them, and a rare move played at random does little harm.
_PLACE_TRIES = 3


def rollout_move(playout: Any, rng: random.Random) -> int:
    """A roll-out's move: a random placement, the other choices as the heuristic makes them."""
    n = playout.legal()
    if n <= 1:
        return 0
    k: Any = playout  # Klongs' playout is its kernel (``explorer.klongs._kernel``)
    phase = PHASES[k.phase]
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
    values = [_rollout_value(k, k.act, decode[a], landings) for a in names]
    top = max(values)
    return rng.choice([i for i, v in enumerate(values) if v >= top - 1e-9])


def _rollout_value(k: Any, seat: int, decoded: tuple[str, int, Any],
                  landings: dict[int, tuple[int, dict[int, int]]]) -> float:
    """The heuristic's rating of a claim, steal or scoring (``_Mind.value``), on the kernel's fields."""
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


def rollout_prepare(playout: Any) -> None:
    """Nobody moves a boat in a roll-out (the policy never would): without movement cards the
    playout skips listing the moves every turn and the optional move after each placement, which made
    a roll-out with the policy twice as slow as a random one (random seats spend their cards at once)."""
    k: Any = playout
    k.put_cards_away()


def rollout_leaf(playout: Any) -> list[float]:
    """Each seat's score, with its stock counted as the final stock scoring will count it."""
    k: Any = playout
    scores = [float(s) for s in playout.scores()]
    if playout.is_over:
        return scores  # the stock is scored already
    boats = k.t.ed.boats
    for seat, stock in enumerate(k.stocks):
        counts = Counter(boats[b].goods for b in stock if boats[b].goods)
        scores[seat] += sum(stock_points(n) for n in counts.values())
    return scores
