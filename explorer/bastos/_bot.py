"""A sensible Bastos! player that decides from its own seat's view alone."""

from __future__ import annotations

from typing import Any

from .._core.bots import ViewBot
from ._mechanics import MAX_VALUE, MIN_VALUE, clamp, taker
from ._notation import CARD, TRUMP_SUFFIX


class HeuristicBot(ViewBot):
    """Picks a Bastos! colour it can shed cheaply, takes tricks worth points and dodges costly ones,
    makes trump when that wins a good trick, and spends its value moves on fruit it has taken.

    Every decision is a one-trick look-ahead scored in expected points, so it stays cheap enough
    for thousands of games.
    """

    name = "heuristic"

    def _choose(self, view: dict[str, Any], legal: list[str]) -> str:
        if len(legal) == 1:
            return legal[0]
        phase = view["phase"]
        if phase == "choose":
            return self._best(legal, lambda move: self._pick_score(view, move))
        if phase == "adjust":
            return self._best(legal, lambda move: self._adjust_score(view, move))
        return self._best(legal, lambda move: self._play_score(view, move))

    # ---- picking a Bastos! colour ----------------------------------------------------------------

    @staticmethod
    def _pick_score(view: dict[str, Any], move: str) -> float:
        card = move[len("choose:"):]
        fruit, value = CARD[card]
        same = [CARD[c][1] for c in view["hand"] if CARD[c][0] == fruit and c != card]
        # Cards of one's own colour never win, but each one played buys a value move: the best colour
        # is a long fruit of weak cards (they would rarely have won anyway). Giving up the highest card
        # of that fruit keeps more cards to shed.
        return sum(1.5 - (v - 1) / 8 for v in same) + value / 100

    # ---- playing a card ----------------------------------------------------------------------------

    def _play_score(self, view: dict[str, Any], move: str) -> float:
        seat: int = view["seat"]
        players: int = view["players"]
        colours: list[str] = view["bastos"]
        values: dict[str, int] = dict(view["values"])
        trump: str | None = view["trump"]
        made_trump = move.endswith(TRUMP_SUFFIX)
        card = move[: -len(TRUMP_SUFFIX)] if made_trump else move
        fruit, rank = CARD[card]
        plays = [p for p in view["trick"] if p["kind"] == "card"]
        score = 0.0
        won = view["won_by_fruit"]
        if made_trump:
            trump = fruit
            change = clamp(values[fruit] - 2) - values[fruit]
            values[fruit] += change
            score += change * self._stake(won, seat, fruit)
        seats = [p["seat"] for p in plays] + [seat]
        cards = [p["card"] for p in plays] + [card]
        fruits = [CARD[c][0] for c in cards]
        declared = next((i for i, p in enumerate(plays) if p.get("trump")), len(plays) if made_trump else -1)
        winner = taker(cards, [colours[s] for s in seats], trump, declared, view["rules"])
        later = players - len(cards)
        average = sum(values.values()) / len(values)
        worth = sum(values[f] for f in fruits) + later * average
        if winner is not None and seats[winner] == seat:
            is_trump = trump is not None and fruit == trump
            hold = ((rank - 1) / 8) ** (later * (0.5 if is_trump else 1.0))
            if not is_trump and later and trump is not None:
                hold *= 0.8
            score += hold * worth
        elif winner is None and later == 0:
            score += 0.0  # set aside: nobody scores
        own = fruit == colours[seat]
        if own:
            score += 0.5 + self._best_move(view, values)
        # Keep strong cards for tricks worth taking: spending them costs a little.
        score -= 0.05 * rank * (1 if not own else 0)
        return score

    @staticmethod
    def _stake(won: list[dict[str, int]], seat: int, fruit: str) -> float:
        """How much a one-point change of ``fruit`` is worth to ``seat`` over the others' average."""
        others = [w[fruit] for s, w in enumerate(won) if s != seat]
        return won[seat][fruit] - sum(others) / max(1, len(others))

    def _best_move(self, view: dict[str, Any], values: dict[str, int]) -> float:
        best = 0.0
        for fruit, value in values.items():
            stake = self._stake(view["won_by_fruit"], view["seat"], fruit)
            if (stake > 0 and value < MAX_VALUE) or (stake < 0 and value > MIN_VALUE):
                best = max(best, abs(stake))
        return best

    # ---- the value move ------------------------------------------------------------------------

    def _adjust_score(self, view: dict[str, Any], move: str) -> float:
        kind, _, fruit = move.partition(":")
        value: int = view["values"][fruit]
        delta = clamp(value + (1 if kind == "raise" else -1)) - value  # 0 against a limit
        seat = view["seat"]
        stake = self._stake(view["won_by_fruit"], seat, fruit)
        # Cards of the trick on the table go to whoever is taking it; count them for that seat.
        plays = [p for p in view["trick"] if p["kind"] == "card"]
        in_trick = sum(1 for p in plays if CARD[p["card"]][0] == fruit)
        leading = self._leading_seat(view, plays)
        if leading == seat:
            stake += in_trick * 0.7
        elif leading is not None:
            stake -= in_trick * 0.7 / max(1, view["players"] - 1)
        # Fruit still in hand may come back in tricks this seat takes; a slight pull.
        mine = sum(1 for c in view["hand"] if CARD[c][0] == fruit and fruit != view["bastos"][seat])
        return delta * (stake + 0.15 * mine)

    @staticmethod
    def _leading_seat(view: dict[str, Any], plays: list[dict[str, Any]]) -> int | None:
        if not plays:
            return None
        colours = view["bastos"]
        declared = next((i for i, p in enumerate(plays) if p.get("trump")), -1)
        winner = taker([p["card"] for p in plays], [colours[p["seat"]] for p in plays], view["trump"],
                       declared, view["rules"])
        return None if winner is None else int(plays[winner]["seat"])
