"""What a Bangkok game fixes once, for its rules kernel (``_kernel``): the edition's lookup tables
(``_mechanics.PlaceTables``), the player count and the rules options the kernel reads, in typed
fields (compiled with the kernel by mypyc where a compiler is found). Every copy of a kernel shares
its game's ``Game``. And what the kernel keeps of each action for the public history (``Happened``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ._mechanics import _BLOCKED, PlaceTables, chilli_limits


class Game:
    """What a game fixes once: the edition's tables, the player count and the rules options read (a
    copy of the kernel shares it)."""

    __slots__ = ("blocked", "both", "cards", "chilli_of", "free", "goals", "goods_of_kind", "heads",
                 "kind_chilli", "kind_of", "mask_of", "n", "once", "solo", "starts", "stride", "t", "tails",
                 "takes", "type1", "type4", "wanted")

    t: PlaceTables
    cards: tuple[Any, ...]  # the edition's faces, for scoring
    goals: tuple[str, ...]  # each pontoon tile's good
    kind_of: tuple[int, ...]
    mask_of: tuple[int, ...]
    chilli_of: tuple[bool, ...]
    wanted: list[int]
    goods_of_kind: list[int]
    kind_chilli: list[bool]
    takes: list[dict[int, int]]  # dicts that fill themselves (__missing__)
    both: list[dict[int, int]]
    # Place actions' texts (``PlaceTables``): per face and end, the start ("place:PZ@R1L>") and the
    # starts joined to the first place taken, by place and card (filled as met); ",c1=P" by place and card.
    starts: list[str]
    heads: list[list[str]]
    tails: list[str]
    stride: int  # the cards: a place and card's index is place * stride + card
    n: int
    solo: bool
    free: bool  # solo_slots == "free"
    once: bool  # refill == "once"
    blocked: tuple[int, ...]  # where a chilli card may not go, per bitmask of the market's chilli cards
    type1: bool
    type4: str  # the type-4 chilli cards' reading, as the option says it


def game_of(t: PlaceTables, cards: Sequence[Any], goals: Sequence[str], players: int,
            rules: Mapping[str, Any]) -> Game:
    """The game's constant part. (Built here, not by ``Game(...)``: a compiled class is pickled by
    calling it with no arguments, and a state travels to a sweep's worker process by pickle.)"""
    g = Game()
    g.t, g.cards, g.goals = t, tuple(cards), tuple(goals)
    g.kind_of, g.mask_of, g.chilli_of = t.kind_of, t.mask_of, t.chilli_of
    g.wanted, g.goods_of_kind, g.kind_chilli = t.wanted, t.goods_of_kind, t.kind_chilli
    g.takes, g.both = list(t.takes), list(t.both_ends)
    g.starts, g.heads, g.tails, g.stride = t.starts, t.heads, t.tails, t.stride
    g.n, g.solo = players, players == 1
    g.free, g.once = rules["solo_slots"] == "free", rules["refill"] == "once"
    g.blocked = _BLOCKED[chilli_limits(rules["expert"], rules["expert_reading"])]
    g.type1, g.type4 = bool(rules["type1_below_zero"]), str(rules["type4"])
    return g


class Happened:
    """One action as a public state's kernel keeps it, linked to the one before: raw and cheap to add
    while playing; the view (``_view.entry``) writes its sentence and data once, when first asked,
    and keeps them here (states share the chain). (Every argument has a default: a compiled class is
    pickled by calling it with none.)"""

    __slots__ = ("action", "before", "cards", "entry", "move", "own", "placed", "seat")

    seat: int
    action: str  # its notation
    cards: tuple[tuple[int, int], ...]  # (place, card) drawn into the port by a placement or renewal
    placed: int  # the card a placement laid (an id: shown only while it lies in the port)
    before: Happened | None
    move: int  # 1 for the first action
    entry: dict[str, Any] | None  # the event as every seat but the actor's sees it, once written
    own: dict[str, Any] | None  # a returned card's event as its owner sees it, once written

    def __init__(self, seat: int = -1, action: str = "", cards: tuple[tuple[int, int], ...] = (),
                 placed: int = -1, before: Happened | None = None) -> None:
        self.seat, self.action, self.cards, self.placed, self.before = seat, action, cards, placed, before
        self.move = 1 + (before.move if before is not None else 0)
        self.entry = self.own = None


def history(last: Happened | None) -> list[Happened]:
    """Every action up to ``last``, oldest first."""
    out = []
    while last is not None:
        out.append(last)
        last = last.before
    out.reverse()
    return out
