"""Why an action is refused: the first rule it breaks, in words a learner understands."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from .._core.words import who
from .._errors import IllegalAction
from . import _mechanics as mech
from ._mechanics import HOOD_LIMIT
from ._notation import Action, boat_words, parse

if TYPE_CHECKING:
    from ._state import State

Refuse = Callable[[str, str], IllegalAction]

_PHASES = {
    "place": ("turn",), "pass": ("turn",), "move": ("turn", "after"), "merchant": ("possess",),
    "decline": ("possess", "market"), "steal": ("thief",), "inspect": ("inspect",), "end": ("after",),
    "score": ("market",), "draw": ("draw",),
}
_NOW = {
    "turn": "place a boat", "possess": "decide on a merchant for the boat just placed",
    "thief": "choose what the thief takes", "inspect": "deal with the thieves the inspector found",
    "after": "move a boat or end the turn", "market": "score a landing or decline",
    "draw": "choose a stack to draw from",
}


def _attempt(state: State, action: Action) -> str:
    """What the refused action would have done, in words (notation stays in the action field)."""
    ed = state.ed
    kind = action.kind
    if kind == "place":
        boat = ed.boat_index.get(str(action.boat))
        words = "that boat" if boat is None else f"the {boat_words(ed.boats[boat].face())}"
        return f"place {words} on {action.space}"
    if kind == "move":
        return f"move the boat on {action.src} to {action.dst}"
    if kind == "merchant":
        return (f"move a merchant from {action.space} onto the boat just placed" if action.space
                else "put a merchant on the boat just placed")
    if kind == "steal":
        return f"let the thief take the boat on {action.space}" if action.space else \
            "let the thief take nothing"
    if kind == "inspect":
        return f"deal with the thief on {action.space}" if action.space else \
            "have the inspector discard the thieves"
    if kind == "score":
        return f"score landing {action.landing}, taking the boat on {action.space}"
    if kind == "draw":
        return f"draw from stack {action.stack}"
    return {"pass": "pass", "end": "end the turn now", "decline": "decline now"}.get(kind, kind)


def explain(state: State, text: str) -> IllegalAction:
    action = parse(text)
    if action is None:
        # Only typed input gets here (a board sends the engine's own templates): answer in notation.
        return IllegalAction("klongs.notation", f"{text!r} is not a Klongs action; actions look like "
                             "place:boat07@c3, merchant, decline, move:c3-d4, steal:e2>stock, "
                             "inspect:discard, score:Lb2>c3, end, pass, draw:1", text)
    seat = state.to_act
    assert seat is not None
    attempt = f"{who(seat)} cannot {_attempt(state, action)}" if action.ok else f"{text!r} is not understood"

    def refuse(rule: str, why: str) -> IllegalAction:
        return IllegalAction(rule, f"{attempt}: {why}", text)

    kind = action.kind
    if state.phase not in _PHASES[kind]:
        return refuse("klongs.turn.phase", f"now {who(seat)} must {_NOW[state.phase]}")
    ed = state.ed
    if kind == "place":
        return _place(state, action, refuse)
    if kind == "move":
        return _move(state, action, refuse)
    if kind == "pass":
        return refuse("klongs.pass", "you can still place a boat, so you may not pass")
    if kind == "merchant":
        if text == "merchant":
            return refuse("klongs.possess.relocate", "all your merchants stand on boats: move one of "
                          "them onto it from another boat, or leave the boat unclaimed")
        if state.supply[seat]:
            return refuse("klongs.possess.relocate", "merchants are left in your supply; use 'merchant'")
        space = text.partition(":")[2]
        return refuse("klongs.possess.relocate", f"no boat of yours stands on {space}")
    if kind == "steal":
        if not action.ok or action.space not in ed.index:
            return refuse("klongs.notation", "write steal:<space>>stock, steal:<space>>hand or steal:none")
        target = ed.index[action.space]
        boat = state.board[target]
        if ed.row[target] != ed.row[state.placed]:
            row = ed.row[state.placed] + 1
            return refuse("klongs.thief", f"a thief takes only from its own row (row {row})")
        if boat < 0 or target == state.placed:
            return refuse("klongs.thief", f"there is no boat to take on {action.space}")
        if ed.boats[boat].special == "inspector":
            return refuse("klongs.thief", "an inspector's boat cannot be taken")
        return refuse("klongs.inspector", f"an inspector protects the boat on {action.space}")
    if kind == "inspect":
        if not action.ok:
            return refuse("klongs.notation", "write inspect:discard or inspect:<space>>hand")
        if state.rules["inspector_thieves"] == "one" and not action.space:
            return refuse("klongs.inspector",
                          "in this game's reading the inspector removes one thief: choose which")
        if action.to == "discard" and action.space:
            return refuse("klongs.inspector.two-thieves", "every thief in the column goes: discard them all")
        return refuse("klongs.inspector", f"there is no thief on {action.space} in the inspector's column")
    if kind == "score":
        return _score(state, action, refuse)
    if kind == "draw":
        return refuse("klongs.draw.stack", "the stacks are 1 and 2: draw:1 or draw:2")
    return refuse("klongs.turn.phase", f"now {who(seat)} must {_NOW[state.phase]}")


def _place(state: State, action: Action, refuse: Refuse) -> IllegalAction:
    ed, seat = state.ed, _seat(state)
    if action.boat not in ed.boat_index or action.space not in ed.index:
        return refuse("klongs.notation", "write place:<boat id>@<space>, e.g. place:boat07@c3")
    boat = ed.boat_index[action.boat]
    space = ed.index[action.space]
    if boat not in state.hands[seat]:
        return refuse("klongs.place.hand", "that boat is not in your hand")
    if state.board[space] >= 0:
        return refuse("klongs.place.free", f"{action.space} already holds a boat")
    if mech.hood_full(state, ed.hood_of[space]):
        return refuse("klongs.place.hood-limit", f"the hood of {action.space} (its block of four spaces) "
                      f"already holds {HOOD_LIMIT} boats, the most a hood takes")
    free_entries = mech.free_entries(state)
    if not state.entered[seat] and free_entries and not free_entries & ed.bit[space]:
        entries = [ed.spaces[s] for s in mech.spaces(ed, ed.entry_mask(state.players))]
        return refuse("klongs.place.entry",
                      f"your first boat goes onto a free entry space, marked \u2192 ({', '.join(entries)})")
    if ed.boats[boat].special == "thief" and mech.protected(state) & ed.bit[space]:
        return refuse("klongs.place.thief-protected",
                      f"an inspector protects column {ed.spaces[space][0]}")
    return refuse("klongs.place.touch",
                  f"{action.space} touches no boat, not even corner to corner")


def _move(state: State, action: Action, refuse: Refuse) -> IllegalAction:
    ed, seat = state.ed, _seat(state)
    if action.src not in ed.index or action.dst not in ed.index:
        return refuse("klongs.notation", "write move:<from>-<to>, e.g. move:c3-d4")
    src, dst = ed.index[action.src], ed.index[action.dst]
    boat = state.board[src]
    hood = ed.hood_of[dst]
    # The first rule the move breaks, in the order a learner checks them.
    problems = (
        (not state.cards[seat], "klongs.move", "both your movement cards are used"),
        (state.moved, "klongs.move", "a movement card may be used once a turn"),
        (state.phase == "turn" and state.rules["move_card"] == "after", "klongs.move.timing",
         "in this game's reading of the rules a movement card is used only after placing the boat"),
        (boat < 0 or state.owner[boat] != seat, "klongs.move", f"no boat of yours stands on {action.src}"),
        (dst not in ed.neighbours[src], "klongs.move", "a boat moves one space, sideways or diagonally"),
        (state.board[dst] >= 0, "klongs.move", f"{action.dst} already holds a boat"),
        (hood != ed.hood_of[src] and mech.hood_full(state, hood), "klongs.place.hood-limit",
         f"the hood of {action.dst} (its block of four spaces) already holds {HOOD_LIMIT} boats"),
    )
    for broken, rule, why in problems:
        if broken:
            return refuse(rule, why)
    return refuse("klongs.move.isolation", "in the reading of the rules chosen for this game a moved boat "
                  f"must not touch any other boat, and a boat lies next to {action.dst}")


def _score(state: State, action: Action, refuse: Refuse) -> IllegalAction:
    ed, seat = state.ed, _seat(state)
    if action.landing not in ed.landing_index or action.space not in ed.index:
        return refuse("klongs.notation", "write score:<landing>><space of the boat to take>, e.g. "
                      "score:Lb2>c3")
    landing = ed.landing_index[action.landing]
    spaces = ed.landing_spaces[landing]
    if state.occ & ed.landing_mask[landing] != ed.landing_mask[landing]:
        return refuse("klongs.landing.full", f"not all four spaces around {action.landing} hold boats")
    if not mech.owns_a_boat_at(state, seat, landing):
        return refuse("klongs.landing.own", f"none of the boats around {action.landing} is yours")
    space = ed.index[action.space]
    if space not in spaces:
        return refuse("klongs.landing.remove",
                      f"{action.space} is not one of the four spaces around {action.landing}")
    big = state.market is not None and state.market[0] == "big"
    unclaimed = big and state.rules["big_market_take"] == "unclaimed-too"
    boat = state.board[space]
    if big and not unclaimed and state.owner[boat] < 0 and not ed.boats[boat].neutral:
        return refuse("klongs.landing.unclaimed", f"the boat on {action.space} is unclaimed, and in the "
                      "reading of the rules chosen for this game you take your own boat or a neutral one")
    allowed = ("your own boat, a neutral one or an unclaimed one" if unclaimed
               else "your own boat or a neutral one" if big else "one of your own boats")
    return refuse("klongs.landing.remove", f"after scoring you take {allowed}")


def _seat(state: State) -> int:
    assert state.to_act is not None
    return state.to_act

