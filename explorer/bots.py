"""Bots choose an action from ``state.view(seat)`` alone, so they cannot peek at hidden cards."""

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


def make_bot(game: str, kind: str = "heuristic", seed: int | None = None) -> Bot:
    """A bot for ``game``: ``"random"``, ``"heuristic"`` (the game's own sensible player) or
    ``"strong"`` (the hint's search over deals consistent with its seat's view; see
    ``explorer._strong``)."""
    if kind == "random":
        return RandomBot(seed)
    if kind == "strong":
        from ._strong import StrongBot

        return StrongBot(game, seed)
    if kind != "heuristic":
        raise ValueError(f"unknown bot kind {kind!r}; choose one of {', '.join(BOT_KINDS)}")
    module = importlib.import_module(f"explorer.{game}")
    heuristic = getattr(module, "HeuristicBot", None)
    if heuristic is None:
        raise NotImplementedError(f"{game} has no heuristic bot yet")
    bot: Bot = heuristic(seed)
    return bot
