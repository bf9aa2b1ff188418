"""What one seat may see (``state.view(seat)``), the labels and event sentences, and the table as text.

Everything a widget draws comes from here (see the package docstring, View model): card faces as
structured data with their plain words, the port's ends and lines with their places, each legal
action read into its parts, the last port move (for step 2's animation) and each market's scoring
areas (for the scoring overlay). The browser parses no notation and holds no rule text.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from typing import TYPE_CHECKING, Any

from .._core.shell import Presenter
from .._core.words import does, who, whose
from ._board import Happened, history
from ._explain import explain
from ._mechanics import (
    EMPTY,
    END_INDEX,
    ENDS,
    HAND_SIZE,
    LINE_LABELS,
    LINES,
    SOLO_PILE_ENDS,
    SOLO_TRACK,
    SOLO_TURNS,
)
from ._notation import (
    CELL_INDEX,
    CELL_NAMES,
    CELLS,
    GOOD_NAMES,
    MARKET_PLACES,
    PORT_PLACES,
    card_long_words,
    card_words,
    parse_card,
    read_market,
    read_place,
)
from ._scoring import chilli_texts

if TYPE_CHECKING:
    from ._state import State

Cell = dict[str, Any] | None
#: Which way a line slides when a card is pushed in at an end on that side.
SLIDES = {"L": "right", "R": "left", "T": "down", "B": "up"}
SIDES = {"L": "left", "R": "right", "T": "top", "B": "bottom"}
PLACES = [[CELL_NAMES[r * 3 + c] for c in range(3)] for r in range(3)]
#: Each place name (the browser's hook, never shown) in words, in the port and in a market.
PLACE_WORDS = {"port": dict(zip(CELL_NAMES, PORT_PLACES, strict=True)),
               "market": dict(zip(CELL_NAMES, MARKET_PLACES, strict=True))}


# ---- labels and events ----------------------------------------------------------------------------


def _taken_words(taken: Sequence[tuple[str, str]]) -> str:
    items = [f"the {card_words(card)} ({PORT_PLACES[CELL_INDEX[place]]})" for place, card in taken]
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " and " + items[-1]


def _pile(face: str) -> str:
    return "chilli" if "!" in face else "boat"


def label(state: object, action: str) -> str:
    """A short sentence for an action's notation, in plain words (no notation, no place names); the
    notation says it all, whatever the position."""
    kind, _, body = action.partition(":")
    if kind == "place":
        move = read_place(action)
        return (f"Lay your {card_words(move.face)} {ENDS[END_INDEX[move.end]].label} and take "
                f"{_taken_words(move.taken)}")
    if kind == "market":
        face, place = read_market(action)
        return f"Put the {card_words(face)} in your market, {MARKET_PLACES[CELL_INDEX[place]]}"
    if kind == "renew":
        return f"Renew {LINE_LABELS[body]} of the port"
    if kind == "return":
        return f"Slip the {card_words(body)} back under the {_pile(body)} pile"
    return "Pass: no card can be placed and no line renewed"


def entry(happened: Happened, face_of: Sequence[str], chilli_of: Sequence[bool]) -> dict[str, Any]:
    """The event as every seat but the actor's sees it: ``seat``, ``action``, ``text``, ``kind``,
    ``move`` and the kind's parts (a returned card's face only in ``action``); written once, when
    first asked, and kept on the action (states share the history)."""
    if happened.entry is None:
        happened.entry = _entry(happened, face_of, chilli_of)
    return happened.entry


def own_entry(happened: Happened, face_of: Sequence[str], chilli_of: Sequence[bool]) -> dict[str, Any]:
    """The event as the actor sees it: a returned card keeps its face in ``action``."""
    seen = entry(happened, face_of, chilli_of)
    if seen["kind"] != "return":
        return seen
    if happened.own is None:
        happened.own = {**seen, "action": happened.action}
    return happened.own


def _entry(happened: Happened, face_of: Sequence[str], chilli_of: Sequence[bool]) -> dict[str, Any]:
    # The sentences name the seat with markers (explorer._core.words): each view renders them for its reader.
    seat, action = happened.seat, happened.action
    entry: dict[str, Any] = {"seat": seat, "action": action, "move": happened.move}
    parts = move_parts(action)
    kind = parts["kind"]
    entry["kind"] = kind
    cards = [{"cell": CELL_NAMES[cell], "card": face_of[c], "pile": "chilli" if chilli_of[c] else "boat"}
             for cell, c in happened.cards]
    if kind == "place":
        move = read_place(action)
        entry.update(card=parts["card"], end=parts["end"], line=parts["line"], taken=parts["cells"],
                     drawn=cards)
        text = (f"{does(seat, 'lays', 'lay')} a {card_words(move.face)} {ENDS[END_INDEX[move.end]].label}, "
                f"taking {_taken_words(move.taken)}")
        if cards:
            text += "; the port is refilled with " + ", ".join(
                f"a {card_words(d['card'])} ({PORT_PLACES[CELL_INDEX[d['cell']]]})" for d in cards)
    elif kind == "market":
        entry.update(card=parts["card"], cell=parts["cell"])
        text = (f"{does(seat, 'puts', 'put')} the {card_words(parts['card'])} in {whose(seat)} market, "
                f"{MARKET_PLACES[CELL_INDEX[parts['cell']]]}")
    elif kind == "renew":
        entry.update(line=parts["line"], swapped=[d["cell"] for d in cards])
        text = (f"{does(seat, 'renews', 'renew')} {LINE_LABELS[parts['line']]} of the port: "
                f"{len(cards)} card(s) swapped with the tops of the piles")
    elif kind == "return":  # the face came from a hidden hand: name the pile only
        pile = _pile(parts["card"])
        entry.update(action=None, pile=pile)
        text = (f"{does(seat, 'slips', 'slip')} a card under the {pile} pile: it fits nowhere in "
                f"{whose(seat)} market")
    else:
        text = f"{does(seat, 'passes', 'pass')}: no card can be placed and no line renewed"
    entry["text"] = text
    return entry


def event_entries(state: State, seat: int) -> list[dict[str, Any]]:
    """The public history for ``seat``: a card slipped under a pile keeps its face from the others.

    The entries are the ones each action keeps (shared by every later state), so that the names
    rendered into them are memoised once per game (``GameState._with_names``)."""
    ed = state.edition
    face_of, chilli_of = ed.face_of, ed.chilli_of
    return [own_entry(h, face_of, chilli_of) if h.seat == seat else entry(h, face_of, chilli_of)
            for h in history(state.happened)]


# ---- cards ----------------------------------------------------------------------------------------


@cache
def _face_words(face: str, type4: str) -> str:
    card = parse_card(face)
    if not card.is_chilli:
        return f"A {card_words(face)}"
    return f"A {card_long_words(face)}; it scores {chilli_texts(type4)[card.kind]}"


def face_data(face: str, type4: str = "exactly-once") -> dict[str, Any]:
    """A face as the browser draws it: goods, chilli type and indicated goods, rule and plain words
    (a type-4 card's under the ``type4`` option's reading)."""
    card = parse_card(face)
    return {"card": face, "chilli": card.is_chilli, "goods": list(card.goods), "type": card.kind,
            "indicated": list(card.indicated), "rule": chilli_texts(type4).get(card.kind),
            "words": _face_words(face, type4), "name": card_words(face)}


def card_cell(state: State, card: int, hidden_id: bool = False) -> dict[str, Any]:
    """Physical card ``card`` as a view cell (its id left out when it went where ids are secret)."""
    ed = state.edition
    face = face_data(ed.face_of[card], state.rules["type4"])
    return {"id": None if hidden_id else ed.card_id(card), **face}


def square(state: State, cells: tuple[int, ...], gone: frozenset[int] = frozenset()) -> list[list[Cell]]:
    """3 rows of view cells; the cards at places ``gone`` keep their faces but lose their ids."""
    return [[None if cells[r * 3 + c] == EMPTY else card_cell(state, cells[r * 3 + c], r * 3 + c in gone)
             for c in range(3)] for r in range(3)]


# ---- the port's last move ---------------------------------------------------------------------------


def _last(state: State, kinds: tuple[str, ...]) -> Happened | None:
    happened = state.happened
    while happened is not None and happened.action.partition(":")[0] not in kinds:
        happened = happened.before
    return happened


def port_move(state: State) -> dict[str, Any] | None:
    """The last placement or renewal: the port before it, the cards taken and drawn, and a caption.

    Only a placement or a renewal changes the port, so the cards it left there are still there."""
    happened = _last(state, ("place", "renew"))
    if happened is None:
        return None
    ed = state.edition
    data = entry(happened, ed.face_of, ed.chilli_of)
    if data["kind"] == "renew":
        line, swapped = data["line"], data["swapped"]
        gone = frozenset(CELL_INDEX[c] for c in swapped)
        return {"kind": "renew", "move": data["move"], "seat": happened.seat, "action": happened.action,
                "line": line, "before": square(state, state.port_before, gone), "taken": [], "placed": None,
                "drawn": [{"cell": c, "pile": "swap"} for c in swapped],
                "caption": f"{LINE_LABELS[line].capitalize()} renewed: {len(swapped)} card(s) swapped with "
                           "the tops of their piles; the old ones go under."}
    end = ENDS[END_INDEX[data["end"]]]
    piles = {pile: sum(1 for d in data["drawn"] if d["pile"] == pile) for pile in ("boat", "chilli")}
    refill = " and ".join(f"{n} from the {pile} pile" for pile, n in piles.items() if n)
    caption = (f"Step 2: the {card_words(data['card'])} is pushed in {end.label}, so "
               f"{LINE_LABELS[end.line]} slides {SLIDES[end.name[-1]]} and keeps its order; "
               + (f"the empty places are refilled, {refill}." if refill else "no place is left empty."))
    gone = frozenset(CELL_INDEX[c] for c in data["taken"])
    return {"kind": "place", "move": data["move"], "seat": happened.seat, "action": happened.action,
            "card": data["card"], "placed": ed.card_id(happened.placed), "end": end.name, "line": end.line,
            "before": square(state, state.port_before, gone), "taken": list(data["taken"]),
            "drawn": [{"cell": d["cell"], "pile": d["pile"]} for d in data["drawn"]], "caption": caption}


def market_move(state: State) -> dict[str, Any] | None:
    """The last card laid in a market: when, by whom, where."""
    happened = _last(state, ("market",))
    if happened is None:
        return None
    return {"move": happened.move, "seat": happened.seat, "cell": read_market(happened.action)[1]}


# ---- the view ---------------------------------------------------------------------------------------


def _ends(state: State, token: str | None) -> list[dict[str, Any]]:
    solo = state.players == 1
    usable = {ENDS[e].name for e in state.usable_ends()}
    out = []
    for end in ENDS:
        covered = None
        if solo and end.name in SOLO_PILE_ENDS:
            covered = SOLO_PILE_ENDS[end.name]
        elif solo and end.name == token:
            covered = "turn counter"
        out.append({"end": end.name, "label": end.label, "line": end.line, "side": SIDES[end.name[-1]],
                    "number": int(end.name[1]), "usable": end.name in usable, "covered_by": covered})
    return out


def _placements(state: State, seat: int) -> dict[str, Any]:
    # Both ends of a line take the same cards (only the sliding differs): one entry per line.
    ed = state.edition
    usable = {ENDS[e].name for e in state.usable_ends()}
    placements: dict[str, Any] = {}
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
    return placements


def move_parts(action: str) -> dict[str, Any]:
    """A legal action read into its parts, so the browser never parses notation."""
    kind, _, body = action.partition(":")
    if kind == "place":
        move = read_place(action)
        return {"kind": kind, "card": move.face, "end": move.end, "line": ENDS[END_INDEX[move.end]].line,
                "cells": [place for place, _ in move.taken], "cards": [card for _, card in move.taken],
                "text": " and ".join(PORT_PLACES[CELL_INDEX[place]] for place, _ in move.taken)}
    if kind == "market":
        face, place = read_market(action)
        return {"kind": kind, "card": face, "cell": place}
    if kind == "renew":
        return {"kind": kind, "line": body, "text": LINE_LABELS[body].capitalize()}
    if kind == "return":
        return {"kind": kind, "card": body}
    return {"kind": "pass"}


def view(state: State, seat: int) -> dict[str, Any]:
    ed = state.edition
    over = state.current_player is None
    to_act = state.current_player == seat
    legal = [str(a) for a in state.legal_actions()] if to_act else []
    solo = state.players == 1
    token = SOLO_TRACK[state.turns] if solo and state.turns < SOLO_TURNS else None
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
        "good_names": dict(GOOD_NAMES),
        "chilli_types": {str(kind): text for kind, text in chilli_texts(state.rules["type4"]).items()},
        "places": [list(row) for row in PLACES],
        "place_words": PLACE_WORDS,
        "lines": {name: {"label": LINE_LABELS[name], "cells": [CELL_NAMES[c] for c in cells]}
                  for name, cells in LINES.items()},
        "port": square(state, state.port),
        "piles": {"boat": len(state.boat_pile), "chilli": len(state.chilli_pile)},
        "ends": _ends(state, token),
        "hand": [card_cell(state, c) for c in state.hands[seat]],
        "hand_sizes": [len(h) for h in state.hands],
        "extra_cards": max(0, len(state.hands[seat]) - HAND_SIZE),  # to lay in the market (or return)
        "objective": {"id": ed.tile_id(own_tile), "good": ed.objectives[own_tile]},
        "objectives": [ed.objectives[t] if over or s == seat else None
                       for s, t in enumerate(state.objectives)],
        "markets": [square(state, m) for m in state.markets],
        "market_sizes": [CELLS - m.count(EMPTY) for m in state.markets],
        "ending": state.ending,
        "placements": _placements(state, seat) if to_act and state.phase == "act" else {},
        "moves": {action: move_parts(action) for action in legal},
        "port_move": port_move(state),
        "market_move": market_move(state),
        "scoring": [state.market_scoring(s, reveal=s == seat or over) for s in range(state.players)],
        "tie_note": _tie_note(state),
    }


def _tie_note(state: State) -> str | None:
    """Once over: a sentence when the tie-break on objective points decided among tied seats."""
    outcome = state.outcome()
    if outcome is None or state.players == 1:
        return None
    best = max(outcome.scores)
    if sum(1 for points in outcome.scores if points == best) <= len(outcome.winners):
        return None
    return "Tied on points: the larger objective score breaks the tie."


# ---- the table as text --------------------------------------------------------------------------------


def _rows(state: State, cells: tuple[int, ...], width: int) -> list[str]:
    faces = [("." if c == EMPTY else state.edition.face_of[c]).ljust(width) for c in cells]
    return [" ".join(faces[r * 3:r * 3 + 3]).rstrip() for r in range(3)]


def board_text(state: State, seat: int) -> str:
    """The port, the piles, ``seat``'s hand and objective, and every market, as text for the command
    line: the grids keep the cards' notation (the command line's input), a key below says how to read
    it, and seats are named with markers (``state.board_text`` renders them for the reader)."""
    ed = state.edition
    if state.players == 1:
        where = f"solo, turn {min(state.turns + 1, SOLO_TURNS)} of {SOLO_TURNS}"
    else:
        where = f"round {state.round}"
    if state.is_over:
        status = "the game is over"
    else:
        current = state.current_player
        assert current is not None
        status = f"{whose(current)} turn ({PHASE_WORDS[state.phase]})"
    lines = [f"Bangkok, {state.players} player(s), {where}: {status}"]
    if state.players > 1:
        lines.append(f"{does(state.first, 'holds', 'hold')} the first-player token.")
    lines.append(f"Port (boat pile {len(state.boat_pile)}, chilli pile {len(state.chilli_pile)}):")
    lines += ["  " + row for row in _rows(state, state.port, 7)]
    hand = [ed.face_of[c] for c in state.hands[seat]]
    goal = ed.objectives[state.objectives[seat]]
    lines.append(f"{whose(seat)} hand: {' '.join(hand) or 'nothing'}; objective {GOOD_NAMES[goal]}")
    scores = state.scores()
    for s, market in enumerate(state.markets):
        lines.append(f"{whose(s)} market ({scores[s]} points):")
        lines += ["  " + row for row in _rows(state, market, 7)]
    if state.is_over:
        outcome = state.outcome()
        assert outcome is not None
        lines.append("Winner(s): " + " and ".join(who(w) for w in outcome.winners))
    lines.append(key(state.rules["type4"]))
    return "\n".join(lines)


PHASE_WORDS = {"act": "place a card or renew a line", "market": "lay extra cards in the market",
               "return": "slip extra cards under the piles", "over": "over"}


def key(type4: str = "exactly-once") -> str:
    """How to read the text board's cards (a type-4 card's score under the ``type4`` option's reading)."""
    return ("Key: " + ", ".join(f"{g} {name}" for g, name in GOOD_NAMES.items())
            + "; a boat card is its goods (PZ); a chilli card is its goods, !, its type and the goods it "
            "counts (BB!3BF: carries 2 blue peas, type 3 for blue peas and fish); . is an empty place.\n"
            "Chilli types: "
            + "; ".join(f"{k} scores {text}" for k, text in chilli_texts(type4).items()) + ".")


#: What a reader sees of a Bangkok state: the spec hands it to ``State`` (``GameSpec.presenter``).
PRESENTER = Presenter(view=view, explain=explain, label=label, board_text=board_text,
                      event_entries=event_entries)
