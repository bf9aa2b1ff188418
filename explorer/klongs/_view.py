"""The per-seat view model (also the widgets' model): everything a seat may see, nothing more."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ._position import COLOURS

if TYPE_CHECKING:
    from ._engine import KlongsState

_PROMPTS = {
    "turn": "place a boat from your hand (a movement card may be used first)",
    "possess": "put one of your merchants on the boat you placed, or decline",
    "thief": "your thief may take one boat from its row: into your stock or your hand",
    "inspect": "your inspector removes the thief in its column: discard it or take it into your hand",
    "after": "you may still use a movement card, or end your turn",
    "market": "score a landing (then take one of its boats into your stock), or decline",
    "draw": "draw from stack 1 (neutral and special boats) or stack 2 (boats you can claim)",
    "over": "the game is over",
}


def _owner(state: KlongsState, boat: int) -> str | None:
    seat = state.owner[boat]
    if seat >= 0:
        return COLOURS[seat]
    return "neutral" if state.ed.boats[boat].neutral else None


def view(state: KlongsState, seat: int) -> dict[str, Any]:
    ed = state.ed
    boats = ed.boats
    legal = [str(a) for a in state.legal_actions()] if state.current_player == seat else []
    targets: dict[str, dict[str, list[str]]] = {}
    for action in legal:
        kind, _, rest = action.partition(":")
        if kind in ("place", "move", "score"):
            src, _, dst = rest.replace("@", ">").replace("-", ">").partition(">")
            targets.setdefault(kind, {}).setdefault(src, []).append(dst)
    market = None
    if state.market is not None:
        kind, causer, order, index, _idle = state.market
        market = {"kind": kind, "causer": causer, "order": list(order), "step": index,
                  "scorer": state.actor}
    on_board = [0] * state.players
    board: dict[str, dict[str, Any]] = {}
    for space, boat in enumerate(state.board):
        if boat >= 0:
            board[ed.spaces[space]] = {**boats[boat].face(), "owner": _owner(state, boat)}
            if state.owner[boat] >= 0:
                on_board[state.owner[boat]] += 1
    return {
        "edition": ed.name,
        "geometry": ed.geometry(),
        "colours": list(COLOURS[: state.players]),
        "colour": COLOURS[seat],
        "phase": state.phase,
        "prompt": _PROMPTS[state.phase] if state.current_player == seat else "",
        "turn": None if state.phase == "over" else state.turn,
        "board": board,
        "placed": ed.spaces[state.placed] if state.placed >= 0 else None,
        "hand": [boats[b].face() for b in state.hands[seat]],
        "hand_sizes": [len(hand) for hand in state.hands],
        "stacks": [len(stack) for stack in state.stacks],
        "stocks": [[boats[b].face() for b in stock] for stock in state.stocks],
        "discard": [boats[b].face() for b in state.discard],
        "supply": list(state.supply),
        "merchants_on_board": on_board,
        "movement_cards": list(state.cards),
        "moved_this_turn": state.moved,
        "entered": list(state.entered),
        "track": [{"points": p, "market": m} for p, m in zip(ed.track_points, ed.track_market, strict=True)],
        "lukphat": state.lukphat,
        "market_days_held": state.market_days,
        "market": market,
        "master": ed.landing_names[state.master] if state.master >= 0 else None,
        "targets": targets,
        "score_sheet": [{"seat": line.seat, "label": line.label, "points": line.points, "rule": line.rule}
                        for line in state.lines],
    }
