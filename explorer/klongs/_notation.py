"""Boat faces and action notation: the names of goods and colours, parsing and formatting actions.

Every action is a string (see the package docstring); :func:`parse` turns one into an :class:`Action`
with named parts, so the state, the refusals and the view read the same fields instead of each
splitting strings. :class:`Tables` keeps the interned notation strings the kernel writes (``str()`` of a
legal action's value).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

GOODS: tuple[str, ...] = ("flowers", "shrimps", "avocados", "pineapples", "eggplants", "fish", "bananas")
SPECIALS: tuple[str, ...] = ("thief", "inspector", "cookshop")
#: Seats play these colours in seat order.
COLOURS: tuple[str, ...] = ("red", "yellow", "green", "blue")
#: The action kinds, as the notation's first word.
KINDS = ("place", "pass", "move", "merchant", "decline", "steal", "inspect", "end", "score", "draw")
#: How a widget forms an action from a click (a boat and a space, two spaces, a landing and a space);
#: the engine still judges it, so a click on a space that is not allowed gets the rule's refusal.
TEMPLATES = {"place": "place:{boat}@{space}", "move": "move:{src}-{dst}", "score": "score:{landing}>{space}"}

_PLACE = re.compile(r"^place:(?P<boat>[^@]+)@(?P<space>[a-z]\d+)$")
_MOVE = re.compile(r"^move:(?P<src>[a-z]\d+)-(?P<dst>[a-z]\d+)$")
_SCORE = re.compile(r"^score:(?P<landing>[^>]+)>(?P<space>[a-z]\d+)$")
_STEAL = re.compile(r"^steal:(?P<space>[a-z]\d+)>(?P<to>stock|hand)$")
_INSPECT = re.compile(r"^inspect:(?:(?P<space>[a-z]\d+)>)?(?P<to>discard|hand)$")
_MERCHANT = re.compile(r"^merchant(?::(?P<space>[a-z]\d+))?$")
_DRAW = re.compile(r"^draw:(?P<stack>[12])$")
_PATTERNS = {"place": _PLACE, "move": _MOVE, "score": _SCORE, "steal": _STEAL, "inspect": _INSPECT,
             "merchant": _MERCHANT, "draw": _DRAW}


@dataclass(frozen=True, slots=True)
class Action:
    """One action's parts; ``ok`` is False when the text has the right first word but a wrong shape
    (the fields are then empty). Spaces, boats and landings are names, not checked against a board."""

    kind: str
    ok: bool = True
    boat: str | None = None
    space: str | None = None
    src: str | None = None
    dst: str | None = None
    landing: str | None = None
    to: str | None = None  # stock/hand (thief), discard/hand (inspector)
    stack: int | None = None

    def parts(self) -> dict[str, Any]:
        """The named parts (for a widget's choices), without the empty ones."""
        # ``space`` is the space the action ends on (a move's destination), ``from`` a move's start.
        fields = {"type": self.kind, "boat": self.boat, "space": self.space or self.dst, "from": self.src,
                  "landing": self.landing, "to": self.to, "stack": self.stack}
        return {key: value for key, value in fields.items() if value is not None}


@lru_cache(maxsize=1 << 16)  # notations repeat (interned per edition); an Action is immutable
def parse(text: str) -> Action | None:
    """The parts of ``text``; ``None`` if its first word is no Klongs action.

    >>> parse("place:boat07@c3").parts()
    {'type': 'place', 'boat': 'boat07', 'space': 'c3'}
    >>> parse("steal:none").space is None and parse("fly:a1") is None
    True
    """
    kind = text.partition(":")[0]
    if kind not in KINDS:
        return None
    if text in ("pass", "end", "decline", "steal:none"):
        return Action(kind)
    pattern = _PATTERNS.get(kind)
    match = pattern.match(text) if pattern is not None else None
    if match is None:
        return Action(kind, ok=False)
    found: dict[str, str | None] = match.groupdict()
    stack = found.pop("stack", None)
    return Action(kind, True, found.get("boat"), found.get("space"), found.get("src"), found.get("dst"),
                  found.get("landing"), found.get("to"), int(stack) if stack else None)


@dataclass(frozen=True, slots=True)
class Boat:
    """One boat card's face. ``goods`` is None for the special boats."""

    id: str
    goods: str | None
    special: str | None
    baskets: int
    neutral: bool
    lukphat: bool

    @property
    def kind(self) -> str:
        return self.goods or self.special or "?"

    def face(self, *, with_id: bool = True) -> dict[str, Any]:
        """The face as plain data. Events leave the id out: a boat seen on the board may later hide
        in a hand, whose ids a seat must not learn."""
        out = {"id": self.id, "kind": self.kind, "goods": self.goods, "special": self.special,
               "baskets": self.baskets, "neutral": self.neutral, "lukphat": self.lukphat}
        if not with_id:
            del out["id"]
        return out


def boat_words(face: dict[str, Any] | None) -> str:
    """A boat face in words: ``"fish boat, 2 baskets, Luk Phat"``, ``"thief, 1 basket"``.

    >>> boat_words({"kind": "fish", "special": None, "baskets": 2, "neutral": True, "lukphat": False})
    'neutral fish boat, 2 baskets'
    """
    if not face:
        return "no boat"
    baskets = int(face.get("baskets", 0))
    kind = str(face.get("kind", "?"))
    words = kind if face.get("special") else ("neutral " if face.get("neutral") else "") + f"{kind} boat"
    words += f", {baskets} basket{'' if baskets == 1 else 's'}"
    if face.get("lukphat"):
        words += ", Luk Phat"
    return words


class Tables:
    """Interned notation strings per edition, so an action's text is found rather than formatted, and
    each notation's parts as numbers (``decode``), so applying an action parses nothing.

    ``decode[notation]`` is ``(kind, a, b)``: place (boat, space), move (from, to), score (landing,
    space), steal (space or -1, "stock"/"hand"), inspect (space or -1, "discard"/"hand"), merchant
    (space or -1, 0), draw (stack, 0); pass, end, decline: (kind, -1, 0)."""

    def __init__(self, spaces: Sequence[str], boats: Sequence[str], landings: Sequence[str]) -> None:
        """An edition's tables, from its space names, boat ids and landing names in order."""
        n = len(spaces)
        self.place = tuple(tuple(f"place:{boat}@{space}" for space in spaces) for boat in boats)
        self.move = tuple(tuple(f"move:{spaces[a]}-{spaces[b]}" for b in range(n)) for a in range(n))
        self.score = tuple(tuple(f"score:{name}>{spaces[s]}" for s in range(n)) for name in landings)
        self.steal = tuple((f"steal:{s}>stock", f"steal:{s}>hand") for s in spaces)
        self.inspect_hand = tuple(f"inspect:{s}>hand" for s in spaces)
        self.inspect_discard = tuple(f"inspect:{s}>discard" for s in spaces)
        self.merchant = tuple(f"merchant:{s}" for s in spaces)
        decode: dict[str, tuple[str, int, Any]] = {
            word: (word, -1, 0) for word in ("pass", "end", "decline")}
        decode.update({"merchant": ("merchant", -1, 0), "steal:none": ("steal", -1, None),
                       "inspect:discard": ("inspect", -1, "discard"), "draw:1": ("draw", 1, 0),
                       "draw:2": ("draw", 2, 0)})
        for boat, row in enumerate(self.place):
            decode.update((text, ("place", boat, s)) for s, text in enumerate(row))
        for a, row in enumerate(self.move):
            decode.update((text, ("move", a, b)) for b, text in enumerate(row))
        for landing, row in enumerate(self.score):
            decode.update((text, ("score", landing, s)) for s, text in enumerate(row))
        for s in range(n):
            decode[self.steal[s][0]] = ("steal", s, "stock")
            decode[self.steal[s][1]] = ("steal", s, "hand")
            decode[self.inspect_hand[s]] = ("inspect", s, "hand")
            decode[self.inspect_discard[s]] = ("inspect", s, "discard")
            decode[self.merchant[s]] = ("merchant", s, 0)
        self.decode = decode
