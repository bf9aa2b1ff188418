"""What every bot is: it chooses an action from ``state.view(seat)`` alone, so it cannot peek at hidden
cards. The public face (``explorer.bots``: ``make_bot``) builds on these, as do the games' heuristic
bots and the strong bot."""

from __future__ import annotations

import importlib
import random
from collections.abc import Callable, Sequence
from typing import Any, Protocol

BOT_KINDS = ("random", "heuristic", "strong")


class Bot(Protocol):
    name: str

    def choose(self, view: dict[str, Any]) -> str:
        """The notation of a legal action for the seat whose view this is."""
        ...


class ViewBot:
    """A seeded bot deciding from a view: subclasses fill in ``_choose`` for a view with a legal action."""

    name = "bot"

    def __init__(self, seed: int | None = None) -> None:
        self._rng = random.Random(seed)

    def choose(self, view: dict[str, Any]) -> str:
        legal: list[str] = view["legal"]
        if not legal:
            raise ValueError("this view has no legal action: it is not this seat's turn")
        return self._choose(view, legal)

    def _choose(self, view: dict[str, Any], legal: list[str]) -> str:
        raise NotImplementedError

    def _best(self, legal: Sequence[str], value: Callable[[str], float]) -> str:
        """The legal action of highest ``value``; equal values are broken by this bot's seeded rng."""
        scored = [(value(action), action) for action in legal]
        top = max(v for v, _ in scored)
        return str(self._rng.choice([action for v, action in scored if v >= top - 1e-9]))


class RandomBot(ViewBot):
    """Plays a uniformly random legal action; seeded, so games with it replay alike."""

    name = "random"

    def _choose(self, view: dict[str, Any], legal: list[str]) -> str:
        return str(self._rng.choice(legal))


def heuristic_bot(game: str, seed: int | None = None) -> Bot:
    """``game``'s own sensible player (its package's ``HeuristicBot``)."""
    module = importlib.import_module(f"explorer.{game}")
    heuristic = getattr(module, "HeuristicBot", None)
    if heuristic is None:
        raise NotImplementedError(f"{game} has no heuristic bot yet")
    bot: Bot = heuristic(seed)
    return bot
