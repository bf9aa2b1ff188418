"""Guided first games: a prepared deal against bots in which each rule is taught when it first applies.

Each game's script is data beside its rules (``explorer/<game>/_tutorial.py``): the deal, and steps
that say when they come, what they say in plain words, which catalogue rules they teach, what on the
table to outline and, for the first moves, which moves the learner may make. The tutorial notebooks
(``notebooks/<game>_tutorial.ipynb``) play them on the same table as the play apps.

>>> from explorer import tutorials
>>> final, guide = tutorials.walk(tutorials.script("tindahan"))
>>> final.is_over, tutorials.untaught(guide)
(True, [])
"""

from __future__ import annotations

from importlib import import_module
from importlib.util import find_spec

from ._learn.tutorial import Guide, Lesson, Script, Step, walk
from ._registry import GAMES

__all__ = ["GAMES", "READY", "TUTORIALS", "Guide", "Lesson", "Script", "Step", "guide", "script", "untaught",
           "walk"]

#: The games whose guided first game is written.
READY = tuple(game for game in GAMES if find_spec(f"explorer.{game}._tutorial") is not None)


def _variants(game: str) -> dict[str, Script]:
    """A game's other guided games, by name (Bangkok's ``VARIANTS = {"solo": ...}``: played alone)."""
    found: dict[str, Script] = getattr(import_module(f"explorer.{game}._tutorial"), "VARIANTS", {})
    return found


#: Every guided game by name: each ready game's own, then its variants as "game-variant" ("bangkok-solo").
TUTORIALS = tuple(name for game in READY for name in (game, *(f"{game}-{v}" for v in _variants(game))))


def script(game: str) -> Script:
    """The guided first game of ``game`` ("tindahan", "bastos", "bangkok", "klongs"), or of a variant
    named "game-variant" (``TUTORIALS``: "bangkok-solo" is Bangkok played alone)."""
    base, _, variant = game.partition("-")
    if base not in GAMES or (variant and game not in TUTORIALS):
        raise ValueError(f"no tutorial for {game!r}: the games are {', '.join(GAMES)}")
    if variant:
        return _variants(base)[variant]
    found: Script = import_module(f"explorer.{base}._tutorial").SCRIPT
    return found


def guide(game: str) -> Guide:
    """A fresh guide through ``game``'s tutorial (``.start()`` deals it)."""
    return Guide(script(game))


def untaught(guide: Guide) -> list[str]:
    """The catalogue rules the guide has not taught (so far) and the script does not set aside."""
    return sorted(set(guide.rules) - set(guide.taught) - set(guide.script.unmet))
