"""Seat names in learner text: the engine writes who did what with seat markers, and every view,
board text and refusal fills them in with the names its reader knows.

A learner never reads a 0-based seat. Engine texts name seats with markers, rendered per reader:

>>> text = f"{does(0, 'plays', 'play')} banana-3; {whose(1)} turn"
>>> render(text, ["You", "Ben", "Carlo"])
'You play banana-3; Ben’s turn'
>>> render(text, ["Ana", "You", "Carlo"])
'Ana plays banana-3; your turn'

A name equal to ``"You"`` reads in the second person ("you play", "your"), capitalised at the start of
a sentence; any other name reads in the third person.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from functools import lru_cache

YOU = "You"

# ‹3›  the seat's name · ‹3's›  its possessive · ‹3:plays|play›  name and verb, third|second person.
_MARK = re.compile(r"‹(\d+)(?:(’s)|:([^|›]*)\|([^›]*))?›")
_SENTENCE_START = re.compile(r"(?:^|[.!?]\s+|\n)$")


def who(seat: int) -> str:
    """The seat's name: "Ana", or "You"/"you" for the reader."""
    return f"‹{seat}›"


def whose(seat: int) -> str:
    """The seat's possessive: "Ana’s", or "Your"/"your" for the reader."""
    return f"‹{seat}’s›"


def does(seat: int, third: str, second: str) -> str:
    """The seat's name with a verb that agrees: ``does(0, "plays", "play")`` -> "Ana plays" / "You play"."""
    return f"‹{seat}:{third}|{second}›"


def render(text: str, names: Sequence[str]) -> str:
    """``text`` with every seat marker replaced by ``names`` (one per seat)."""
    if "‹" not in text:
        return text
    return _render(text, tuple(names))


@lru_cache(maxsize=16384)
def _render(text: str, names: tuple[str, ...]) -> str:
    def name(match: re.Match[str]) -> str:
        seat = int(match.group(1))
        named = names[seat] if seat < len(names) else f"Player {seat + 1}"
        you = named == YOU
        start = _SENTENCE_START.search(text, 0, match.start()) is not None
        if you:
            named = "You" if start else "you"
        if match.group(2):
            return ("Your" if start else "your") if you else f"{named}’s"
        if match.group(3) is not None:
            return f"{named} {match.group(4) if you else match.group(3)}"
        return named

    return _MARK.sub(name, text)


def joined(items: Iterable[object], last: str = "and") -> str:
    """``a``, ``a and b``, ``a, b and c``: a list in a sentence."""
    words = [str(item) for item in items]
    if len(words) <= 1:
        return "".join(words)
    return f"{', '.join(words[:-1])} {last} {words[-1]}"


def seat_names(defaults: Sequence[str], players: int, reader: int | None = None) -> list[str]:
    """The game's default names for ``players`` seats, with ``reader``'s seat called "You"."""
    names = [defaults[s] if s < len(defaults) else f"Player {s + 1}" for s in range(players)]
    if reader is not None:
        names[reader] = YOU
    return names
