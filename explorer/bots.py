"""Bots choose an action from ``state.view(seat)`` alone, so they cannot peek at hidden cards."""

from __future__ import annotations

from ._core.bots import BOT_KINDS, Bot, RandomBot, ViewBot, heuristic_bot
from ._search.strong import StrongBot

__all__ = ["BOT_KINDS", "Bot", "RandomBot", "StrongBot", "ViewBot", "make_bot"]


def make_bot(game: str, kind: str = "heuristic", seed: int | None = None) -> Bot:
    """A bot for ``game``: ``"random"``, ``"heuristic"`` (the game's own sensible player) or
    ``"strong"`` (the hint's search over deals consistent with its seat's view; see
    ``explorer._search.strong``)."""
    if kind == "random":
        return RandomBot(seed)
    if kind == "strong":
        return StrongBot(game, seed)
    if kind != "heuristic":
        raise ValueError(f"unknown bot kind {kind!r}; choose one of {', '.join(BOT_KINDS)}")
    return heuristic_bot(game, seed)
