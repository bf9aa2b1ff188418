"""A heuristic Klongs player that sees only ``view(seat)``.

It builds toward landings it can score (its own baskets next to other boats), keeps its Luk Phat boats
for when a market day pays it more than the others, steals the richest foreign boat, and when it takes
boats into its stock it prefers goods it already collects (the stock pays 1, 2, 3, ... per good).
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from .._core.bots import ViewBot


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
