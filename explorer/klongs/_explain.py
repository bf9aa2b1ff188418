"""Why an action is refused: the first rule it breaks, in words a learner understands."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from .._errors import IllegalAction
from ._engine import _INSPECT, _MOVE, _PLACE, _SCORE, _STEAL, HOOD_LIMIT
from ._position import COLOURS

if TYPE_CHECKING:
    from ._engine import KlongsState

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


def explain(state: KlongsState, text: str) -> IllegalAction:
    def refuse(rule: str, why: str) -> IllegalAction:
        return IllegalAction(rule, f"{text} refused: {why}", text)

    kind = text.partition(":")[0]
    if kind not in _PHASES:
        return refuse("klongs.notation", "not a Klongs action; actions look like place:boat07@c3, merchant, "
                      "decline, move:c3-d4, steal:e2>stock, inspect:discard, score:Lb2>c3, end, pass, draw:1")
    if state.phase not in _PHASES[kind]:
        return refuse("klongs.turn.phase", f"now {COLOURS[state.actor]} must {_NOW[state.phase]}")
    ed = state.ed
    seat = state.actor
    if kind == "place":
        return _place(state, text, refuse)
    if kind == "move":
        return _move(state, text, refuse)
    if kind == "pass":
        return refuse("klongs.pass", "you can still place a boat, so you may not pass")
    if kind == "merchant":
        if text == "merchant":
            return refuse("klongs.possess.relocate", "all your merchants stand on boats; move one with "
                          "merchant:<space> or decline")
        if state.supply[seat]:
            return refuse("klongs.possess.relocate", "merchants are left in your supply; use 'merchant'")
        space = text.partition(":")[2]
        return refuse("klongs.possess.relocate", f"no boat of yours stands on {space!r}")
    if kind == "steal":
        match = _STEAL.match(text)
        if match is None or match["space"] not in ed.index:
            return refuse("klongs.notation", "write steal:<space>>stock, steal:<space>>hand or steal:none")
        target = ed.index[match["space"]]
        boat = state.board[target]
        if ed.row[target] != ed.row[state.placed]:
            return refuse("klongs.thief", f"a thief takes only from its own row ({ed.row[state.placed] + 1})")
        if boat < 0 or target == state.placed:
            return refuse("klongs.thief", f"there is no boat to take on {match['space']}")
        if ed.boats[boat].special == "inspector":
            return refuse("klongs.thief", "an inspector's boat cannot be taken")
        return refuse("klongs.inspector", f"an inspector protects the boat on {match['space']}")
    if kind == "inspect":
        match = _INSPECT.match(text)
        if match is None:
            return refuse("klongs.notation", "write inspect:discard or inspect:<space>>hand")
        if state.rules["inspector_thieves"] == "one" and not match["space"]:
            return refuse("klongs.inspector", "name the thief: inspect:<space>>discard")
        if match["to"] == "discard" and match["space"]:
            return refuse("klongs.inspector.two-thieves", "all thieves go; write inspect:discard")
        return refuse("klongs.inspector", f"there is no thief on {match['space']} in the inspector's column")
    if kind == "score":
        return _score(state, text, refuse)
    if kind == "draw":
        return refuse("klongs.draw.stack", "the stacks are 1 and 2: draw:1 or draw:2")
    return refuse("klongs.turn.phase", f"now {COLOURS[seat]} must {_NOW[state.phase]}")


def _place(state: KlongsState, text: str, refuse: Refuse) -> IllegalAction:
    ed = state.ed
    seat = state.actor
    match = _PLACE.match(text)
    if match is None or match["boat"] not in ed.boat_index or match["space"] not in ed.index:
        return refuse("klongs.notation", "write place:<boat id>@<space>, e.g. place:boat07@c3")
    boat = ed.boat_index[match["boat"]]
    space = ed.index[match["space"]]
    if boat not in state.hands[seat]:
        return refuse("klongs.place.hand", f"{match['boat']} is not in your hand")
    if state.board[space] >= 0:
        return refuse("klongs.place.free", f"{match['space']} already holds a boat")
    hood = ed.hood_mask[ed.hood_of[space]]
    if (state.occ & hood).bit_count() >= HOOD_LIMIT:
        return refuse("klongs.place.hood-limit",
                      f"the hood of {match['space']} already holds {HOOD_LIMIT} boats")
    if not state.entered[seat] and ed.entry_mask(state.players) & ~state.occ & ~state._blocked():
        entries = [ed.spaces[s] for s in state._spaces(ed.entry_mask(state.players))]
        return refuse("klongs.place.entry",
                      f"your first boat goes onto an entry space ({', '.join(entries)})")
    if ed.boats[boat].special == "thief" and state._protected() & ed.bit[space]:
        return refuse("klongs.place.thief-protected",
                      f"an inspector protects column {ed.spaces[space][0]}")
    return refuse("klongs.place.touch",
                  f"{match['space']} touches no boat, not even corner to corner")


def _move(state: KlongsState, text: str, refuse: Refuse) -> IllegalAction:
    ed = state.ed
    seat = state.actor
    match = _MOVE.match(text)
    if match is None or match["src"] not in ed.index or match["dst"] not in ed.index:
        return refuse("klongs.notation", "write move:<from>-<to>, e.g. move:c3-d4")
    if not state.cards[seat]:
        return refuse("klongs.move", "both your movement cards are used")
    if state.moved:
        return refuse("klongs.move", "a movement card may be used once a turn")
    src, dst = ed.index[match["src"]], ed.index[match["dst"]]
    boat = state.board[src]
    if boat < 0 or state.owner[boat] != seat:
        return refuse("klongs.move", f"no boat of yours stands on {match['src']}")
    if dst not in ed.neighbours[src]:
        return refuse("klongs.move", "a boat moves one space, sideways or diagonally")
    if state.board[dst] >= 0:
        return refuse("klongs.move", f"{match['dst']} already holds a boat")
    if ed.hood_of[dst] != ed.hood_of[src] and (state.occ & ed.hood_mask[ed.hood_of[dst]]).bit_count() >= 3:
        return refuse("klongs.place.hood-limit",
                      f"the hood of {match['dst']} already holds {HOOD_LIMIT} boats")
    return refuse("klongs.move.isolation",
                  f"with moved_boat='must-not-touch' no other boat may touch {match['dst']}")


def _score(state: KlongsState, text: str, refuse: Refuse) -> IllegalAction:
    ed = state.ed
    seat = state.actor
    match = _SCORE.match(text)
    if match is None or match["landing"] not in ed.landing_index or match["space"] not in ed.index:
        return refuse("klongs.notation", "write score:<landing>><space of the boat to take>, e.g. "
                      "score:Lb2>c3")
    landing = ed.landing_index[match["landing"]]
    spaces = ed.landing_spaces[landing]
    if state.occ & ed.landing_mask[landing] != ed.landing_mask[landing]:
        return refuse("klongs.landing.full", f"not all four spaces around {match['landing']} hold boats")
    if not any(state.owner[state.board[s]] == seat for s in spaces):
        return refuse("klongs.landing.own", f"none of the boats around {match['landing']} is yours")
    space = ed.index[match["space"]]
    if space not in spaces:
        return refuse("klongs.landing.remove",
                      f"{match['space']} is not one of the four spaces around {match['landing']}")
    big = state.market is not None and state.market[0] == "big"
    allowed = "your own boat or a neutral one" if big else "one of your own boats"
    return refuse("klongs.landing.remove", f"after scoring you take {allowed}")
