"""``state.view(seat)``: what one seat may see, shaped for widgets (see the package docstring)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ._geometry import CELL_NAMES, CELLS, END_INDEX, ENDS, LINE_LABELS, SOLO_PILE_ENDS, SOLO_TRACK, SOLO_TURNS

if TYPE_CHECKING:
    from ._state import State

EMPTY = -1


def label(action: str) -> str:
    """A short sentence for an action's notation."""
    kind, _, body = action.partition(":")
    if kind == "place":
        face, _, rest = body.partition("@")
        end, _, taken = rest.partition(">")
        items = [item.replace("=", " (") + ")" for item in taken.split(",")]
        return f"Lay {face} {ENDS[END_INDEX[end]].label} and take {' and '.join(items)}"
    if kind == "market":
        face, _, place = body.partition("@")
        return f"Put {face} in your market at {place}"
    if kind == "renew":
        return f"Renew {LINE_LABELS[body]} of the port"
    if kind == "return":
        return f"Slip {body} back under its pile"
    return "Pass: no card can be placed and no line renewed"


def event(state: State, seat: int, action: str, drawn: tuple[tuple[int, int], ...]) -> str:
    """One happening as a sentence, from the raw event the state keeps."""
    kind, _, body = action.partition(":")
    who = f"Seat {seat}"
    if kind == "place":
        text = f"{who}: {label(action).replace('Lay', 'lays', 1).replace(' and take ', ' and takes ')}"
        if drawn:
            cards = ", ".join(f"{state.edition.face_of[c]} at {CELL_NAMES[cell]}" for cell, c in drawn)
            text += f"; refilled: {cards}"
        return text
    if kind == "market":
        face, _, place = body.partition("@")
        return f"{who} puts {face} in their market at {place}"
    if kind == "renew":
        return f"{who} renews {LINE_LABELS[body]} of the port"
    if kind == "return":
        pile = "chilli" if "!" in body else "boat"  # the face came from a hidden hand: name the pile only
        return f"{who} slips a card under the {pile} pile: it fits nowhere in their market"
    return f"{who} passes: no card can be placed and no line renewed"


def view(state: State, seat: int) -> dict[str, Any]:
    ed = state.edition
    over = state.current_player is None

    def card(c: int) -> dict[str, Any] | None:
        if c == EMPTY:
            return None
        return {"id": ed.card_id(c), "card": ed.face_of[c], "chilli": ed.chilli_of[c]}

    def square(cells: tuple[int, ...]) -> list[list[dict[str, Any] | None]]:
        return [[card(cells[r * 3 + c]) for c in range(3)] for r in range(3)]

    to_act = state.current_player == seat
    legal = [str(a) for a in state.legal_actions()] if to_act else []
    solo = state.players == 1
    token = SOLO_TRACK[state.turns] if solo and state.turns < SOLO_TURNS else None
    usable = {ENDS[e].name for e in state._usable_ends()}
    ends = []
    for end in ENDS:
        covered = None
        if solo and end.name in SOLO_PILE_ENDS:
            covered = SOLO_PILE_ENDS[end.name]
        elif solo and end.name == token:
            covered = "turn counter"
        ends.append({"end": end.name, "label": end.label, "line": end.line,
                     "usable": end.name in usable, "covered_by": covered})
    placements: dict[str, Any] = {}
    if to_act and state.phase == "act":
        # Both ends of a line take the same cards (only the sliding differs): one entry per line.
        for face in dict.fromkeys(ed.face_of[c] for c in state.hands[seat]):
            for end in ENDS:
                if end.name not in usable:
                    continue
                key = f"{face}@{end.line}"
                if key in placements:
                    placements[key]["actions"][end.name] = list(state.collections(face, end.name).actions)
                    continue
                options = state.collections(face, end.name)
                if options.take:
                    placements[key] = {
                        "card": face, "line": end.line, "take": options.take, "summary": options.summary,
                        "actions": {end.name: list(options.actions)},
                        # Places whose card is taken in some collection; the rest stay in the port.
                        "cells": [{"cell": c.cell, "card": c.card, "status": c.status, "reason": c.reason}
                                  for c in options.cells if c.status in ("forced", "choice")],
                    }
    own_tile = state.objectives[seat]
    return {
        "edition": ed.name,
        "first_player": state.first,
        "round": state.round,
        "turn": state.turns + 1 if solo and not over else None,
        "turns": SOLO_TURNS if solo else None,
        "token": token,
        "phase": state.phase,
        "expert": state.rules["expert"],
        "port": square(state.port),
        "piles": {"boat": len(state.boat_pile), "chilli": len(state.chilli_pile)},
        "ends": ends,
        "hand": [card(c) for c in state.hands[seat]],
        "hand_sizes": [len(h) for h in state.hands],
        "objective": {"id": ed.tile_id(own_tile), "good": ed.objectives[own_tile]},
        "objectives": [ed.objectives[t] if over or s == seat else None
                       for s, t in enumerate(state.objectives)],
        "markets": [square(m) for m in state.markets],
        "market_sizes": [CELLS - m.count(EMPTY) for m in state.markets],
        "ending": state.ending,
        "placements": placements,
        "labels": {action: label(action) for action in legal},
        "events": [event(state, *raw) for raw in state.events],
        "sheet": [{"seat": line.seat, "label": line.label, "points": line.points, "rule": line.rule}
                  for line in state.score_sheet()],
    }
