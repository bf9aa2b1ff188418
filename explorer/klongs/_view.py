"""What a seat sees: the view model (also the widgets' model), action labels, events and the text board.

Everything a widget draws is computed here from the state and the rule computations in
``_mechanics``: the legal targets as structured data, landing previews, hood limits, the inspector's
columns, the thief's row. A widget parses no notation and computes no rule values.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from .._core.shell import Presenter
from .._core.words import does, who, whose
from . import _mechanics as mech
from ._explain import explain
from ._mechanics import HOOD_LIMIT
from ._notation import COLOURS, TEMPLATES, boat_words, parse

if TYPE_CHECKING:
    from ._board import Said
    from ._edition import Edition
    from ._state import State

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
_MARKET_TEXT = {
    "little": "In turn, twice round: score one landing with a boat of yours (then take one of your boats "
              "from it into your stock) or decline.",
    "big": "Players score in turn until nobody can or wants to; each scoring takes an own or neutral boat "
           "into the stock. Then the stocks are scored.",
}
_STACKS = {1: "neutral and special boats", 2: "boats you can claim"}
#: The score sheet summed by what scored (the end-of-game table).
_GROUPS = (("Luk Phat track", ("klongs.lukphat",)),
           ("landings", ("klongs.landing.score", "klongs.landing.cookshop")),
           ("stock", ("klongs.stock",)))


def _owner(state: State, boat: int) -> str | None:
    seat = state.owner[boat]
    if seat >= 0:
        return COLOURS[seat]
    return "neutral" if state.ed.boats[boat].neutral else None


def board_faces(state: State) -> dict[str, dict[str, Any]]:
    """The boats on the board by space: face and owner (a colour, ``"neutral"`` or None)."""
    ed = state.ed
    return {ed.spaces[s]: {**ed.boats[b].face(), "owner": _owner(state, b)}
            for s, b in enumerate(state.board) if b >= 0}


def _targets(state: State, seat: int) -> dict[str, dict[str, list[str]]]:
    """Where the seat to act may place each boat, move each boat, and which boat it may take from each
    landing it may score: the engine's own lists, as names."""
    if state.to_act != seat:
        return {}
    ed = state.ed
    out: dict[str, dict[str, list[str]]] = {}
    if state.phase == "turn":
        out["place"] = {ed.boats[b].id: [ed.spaces[s] for s in spaces]
                        for b, spaces in mech.place_options(state, seat).items() if spaces}
    if state.phase in ("turn", "after") and mech.move_now(state, seat):
        for src, dst in mech.moves(state, seat):
            out.setdefault("move", {}).setdefault(ed.spaces[src], []).append(ed.spaces[dst])
    if state.phase == "market":
        for landing, space in mech.scorings(state, seat):
            out.setdefault("score", {}).setdefault(ed.landing_names[landing], []).append(ed.spaces[space])
    return {kind: found for kind, found in out.items() if found}


def _market(state: State) -> dict[str, Any] | None:
    if state.market is None:
        return None
    kind, causer, order, index, idle = state.market
    n = state.players
    shown = order if kind == "big" else order[:n]
    round_ = None if kind == "big" else min(2, index // n + 1)
    return {"kind": kind, "causer": causer, "order": list(order), "shown_order": list(shown), "step": index,
            "idle": idle, "scorer": state.to_act, "round": round_, "starter": _starter(state, order),
            "title": "Big Market Day" if kind == "big" else f"Little Market Day, round {round_} of 2",
            "text": _big_text(state.rules) if kind == "big" else _MARKET_TEXT[kind]}


def _starter(state: State, order: Sequence[int]) -> int:
    """Who scored first this market day: the day's order as it began (a decline that is final takes
    its player out of the order, the first one too), else the order's first."""
    node = state.said
    while node is not None:
        if node.raw[2] == "market":
            return int(node.raw[5][0])
        node = node.prev
    return order[0]


def _big_text(rules: Mapping[str, Any]) -> str:
    """The Big Market Day's text under this game's readings (which boats a scorer takes, when it ends)."""
    text = _MARKET_TEXT["big"]
    if rules["big_market_take"] == "unclaimed-too":
        text = text.replace("an own or neutral boat", "an own, neutral or unclaimed boat")
    if rules["big_market_end"] == "decline-is-final":
        text = text.replace("wants to;", "wants to; a player who declines is out of the day (the order "
                            "shows who is still in it);")
    return text


def _prompt(state: State) -> str:
    if state.phase == "turn" and state.rules["move_card"] == "after":
        return "place a boat from your hand (a movement card may be used after placing)"
    return _PROMPTS[state.phase]


def _market_note(state: State) -> str | None:
    due = mech.market_due(state)
    if due is None:
        return None
    # No seat named: view-level texts are not rendered per reader (events, sheet and labels are).
    at_once = state.rules["market_day_timing"] == "immediately"
    when = "as soon as the boat just placed is dealt with" if at_once else "when this turn ends"
    return f"{due.capitalize()} Market Day ahead: the Luk Phat counter reached it; it is held {when}."


def _special_spaces(state: State) -> dict[str, Any]:
    """The inspectors' columns, and the row or column a placed thief or inspector acts on."""
    ed = state.ed
    guarded = mech.protected(state)
    placed = state.placed
    thief = state.phase == "thief" and placed >= 0
    inspector = state.phase == "inspect" and placed >= 0
    return {
        "protected_columns": sorted({ed.spaces[s][0] for s in mech.spaces(ed, guarded)}),
        "protected_spaces": [ed.spaces[s] for s in mech.spaces(ed, guarded)],
        "thief_row": str(ed.row[placed] + 1) if thief else None,
        "thief_spaces": [ed.spaces[s] for s in mech.spaces(ed, ed.row_mask[ed.row[placed]])] if thief else [],
        "inspector_column": ed.spaces[placed][0] if inspector else None,
        "inspector_spaces": [ed.spaces[s] for s in mech.spaces(ed, ed.col_mask[ed.col[placed]])]
        if inspector else [],
    }


def _score_groups(state: State) -> list[dict[str, Any]]:
    """The score sheet summed per seat by what scored, with an "other" row if anything else did."""
    out = []
    known: set[str] = set()
    for label_text, rules in _GROUPS:
        known.update(rules)
        points = [sum(line.points for line in state.lines if line.seat == seat and line.rule in rules)
                  for seat in range(state.players)]
        out.append({"label": label_text, "points": points})
    other = [sum(line.points for line in state.lines if line.seat == seat and line.rule not in known)
             for seat in range(state.players)]
    if any(other):
        out.append({"label": "other", "points": other})
    return out


def _choices(state: State, legal: list[str]) -> dict[str, dict[str, Any]]:
    """Every legal notation's parts (type, boat, space, from, landing, to, stack), so that a widget
    groups its buttons without reading the notation."""
    out = {}
    for notation in legal:
        parsed = parse(notation)
        assert parsed is not None
        out[notation] = parsed.parts()
    return out


def _legend(state: State) -> list[str]:
    ed = state.ed
    entries = "the light ones with two players" if state.players == 2 else "light and dark ones"
    first, last = ed.spaces[0][0], ed.spaces[ed.columns - 1][0]
    return [
        f"Spaces are named by column ({first} to {last}, along the top) and row (1 to {ed.rows}, down the "
        f"side): {first}2 is column {first}, row 2.",
        "A landing is where four spaces meet across a jetty, named L and the space north-west of it: "
        "Lb2 lies between b2, c2, b3 and c3.",
        "On a boat: its goods as two letters and a sign, dots for baskets, a lettered disc for the merchant "
        "on it (R red, Y yellow, G green, B blue, N a printed neutral merchant), \u2726 the Luk Phat symbol.",
        f"\u2192 marks an entry space ({entries}): a player's first boat goes there. A number on a jetty "
        "is what a full landing pays each merchant around it.",
        f"A hood marked \u201cfull\u201d holds {HOOD_LIMIT} boats: its last space stays empty. "
        "Striped columns are guarded by an inspector.",
    ]


def _track_text(state: State) -> str:
    ed = state.ed
    at, size = state.lukphat, len(ed.track_points)
    if at >= size:
        return "Luk Phat track: the counter has reached the end"
    market = ed.track_market[at]
    words = f"Luk Phat track: {at} of {size} spaces passed; the next Luk Phat boat scores "
    words += str(ed.track_points[at])
    return words + (f" and starts the {market.capitalize()} Market Day" if market else "")


def view(state: State, seat: int) -> dict[str, Any]:
    ed = state.ed
    boats = ed.boats
    legal = [str(a) for a in state.legal_actions()] if state.to_act == seat else []
    board = board_faces(state)
    on_board = [0] * state.players
    for boat in state.board:
        if boat >= 0 and state.owner[boat] >= 0:
            on_board[state.owner[boat]] += 1
    counts = mech.hood_counts(state)
    return {
        "edition": ed.name,
        "geometry": ed.geometry(),
        "colours": list(COLOURS[: state.players]),
        "colour": COLOURS[seat],
        "phase": state.phase,
        "prompt": _prompt(state) if state.to_act == seat else "",
        "turn": None if state.phase == "over" else state.turn,
        "board": board,
        "placed": ed.spaces[state.placed] if state.placed >= 0 else None,
        "hand": [boats[b].face() for b in state.hands[seat]],
        "hand_sizes": [len(hand) for hand in state.hands],
        "stacks": [len(stack) for stack in state.stacks],
        "stack_contents": [_STACKS[k + 1] for k in range(len(state.stacks))] if len(state.stacks) > 1 else [],
        "stocks": [[boats[b].face() for b in stock] for stock in state.stocks],
        "discard": [boats[b].face() for b in state.discard],
        "supply": list(state.supply),
        "merchants_on_board": on_board,
        "movement_cards": list(state.cards),
        "moved_this_turn": state.moved,
        # Boats in a hand that everyone saw go there (a thief's or an inspector's catch), per seat.
        "known_in_hands": [[boats[b].face() for b in hand if state.seen >> b & 1] for hand in state.hands],
        "passes_in_a_row": state.passes,
        "next_draw_skipped": state.skip_draw,
        "entered": list(state.entered),
        "entry_spaces": [ed.spaces[s] for s in mech.spaces(ed, ed.entry_mask(state.players))],
        "track": [{"points": p, "market": m} for p, m in zip(ed.track_points, ed.track_market, strict=True)],
        "track_text": _track_text(state),
        "lukphat": state.lukphat,
        "market_days_held": state.market_days,
        "market": _market(state),
        "market_due": mech.market_due(state),
        "market_note": _market_note(state),
        "master": ed.landing_names[state.master] if state.master >= 0 else None,
        "targets": _targets(state, seat),
        "templates": dict(TEMPLATES),
        "choices": _choices(state, legal),
        "hood_limit": HOOD_LIMIT,
        "hood_counts": counts,
        "full_hoods": [hood for hood, n in enumerate(counts) if n >= HOOD_LIMIT],
        **_special_spaces(state),
        "full_landings": mech.landing_previews(state),
        "score_groups": _score_groups(state),
        "legend": _legend(state),
    }


# ---- labels and events ----------------------------------------------------------------------------


def label(state: State, notation: str) -> str:
    """What a legal action does, in a sentence (a button's accessible name)."""
    action = parse(notation)
    if action is None or not action.ok:
        return notation
    ed = state.ed

    def boat_on(space: str | None) -> str:
        # One space's boat in words (a label is built per legal action: no whole-board work here).
        boat = state.board[ed.index[space]] if space in ed.index else -1
        return boat_words(ed.boats[boat].face() if boat >= 0 else None)

    kind = action.kind
    if kind == "place":
        assert action.boat is not None
        face = ed.boats[ed.boat_index[action.boat]].face()
        return f"Place your {boat_words(face)} on {action.space}"
    if kind == "move":
        return (f"Move your {boat_on(action.src)} from {action.src} to {action.dst} "
                "(uses a movement card)")
    if kind == "merchant":
        if action.space is None:
            return "Put one of your merchants on the boat just placed"
        return f"Move your merchant from the boat on {action.space} onto the boat just placed"
    if kind == "decline":
        if state.phase == "market":
            return "Do not score a landing this time"
        return "Leave the boat just placed without a merchant"
    if kind == "steal":
        if action.space is None:
            return "The thief takes nothing"
        where = "your stock" if action.to == "stock" else "your hand (instead of drawing)"
        return f"The thief takes the {boat_on(action.space)} on {action.space} into {where}"
    if kind == "inspect":
        if action.space is None:
            return "Discard the thieves in the inspector's column"
        if action.to == "hand":
            return f"Take the thief on {action.space} into your hand (instead of drawing)"
        return f"Discard the thief on {action.space}"
    if kind == "score":
        value, merchants = mech.landing_value(state, ed.landing_index[str(action.landing)])
        points = ", ".join(f"{does(seat, 'scores', 'score')} {value * merchants[seat]}"
                           for seat in sorted(merchants))
        return (f"Score landing {action.landing} ({points or 'no points'}) and take the "
                f"{boat_on(action.space)} on {action.space} into your stock")
    if kind == "draw":
        assert action.stack is not None
        left = len(state.stacks[action.stack - 1])
        return f"Draw from stack {action.stack} ({_STACKS[action.stack]}, {left} left)"
    return "End your turn without moving a boat" if kind == "end" else "Pass: you cannot place a boat"


def event_entries(state: State, seat: int | None = None) -> list[dict[str, Any]]:
    """The events of ``view["events"]``, oldest first, as every seat sees them (shared between views:
    read, do not change)."""
    pending: list[Said] = []
    node = state.said
    while node is not None and node.entries is None:
        pending.append(node)
        node = node.prev
    written: list[dict[str, Any]] = [] if node is None or node.entries is None else node.entries
    for later in reversed(pending):
        written = [*written, event_entry(state.ed, later.raw)]
        later.entries = written
    return list(written)


def event_entry(ed: Edition, raw: tuple[Any, ...]) -> dict[str, Any]:
    """One event's dict: its data for widgets, then seat, action and the sentence ``text``."""
    seat, action, kind = raw[0], raw[1], raw[2]
    data, words = _EVENT_WRITERS[kind](ed, seat, *raw[3:])
    named = f"{who(seat)} " if seat is not None else ""
    return {**data, "seat": seat, "action": action, "text": named + words}


def _a(words: str) -> str:
    """``words`` with its indefinite article: "an eggplants boat", "a thief"."""
    return f"{'an' if words[:1] in 'aeiou' else 'a'} {words}"


def _gains(points: dict[str, int]) -> str:
    """Points per colour (an event's data) in words, each colour named as its reader knows it."""
    return ", ".join(f"{who(COLOURS.index(colour))} +{p}" for colour, p in points.items() if p)


def _said_place(ed: Edition, seat: int, space: int, boat: int, lukphat: tuple[int, int, Any] | None,
                ) -> tuple[dict[str, Any], str]:
    name = ed.spaces[space]
    words = f"placed {_a(boat_words(ed.boats[boat].face()))} on {name}"
    track = None
    if lukphat is not None:
        step, points, market = lukphat
        track = {"space": step, "points": points, "market": market}
        words += f"; the Luk Phat counter moves to space {step} ({who(seat)} +{points})"
        if market:
            words += f" and calls the {market.capitalize()} Market Day"
    face = ed.boats[boat].face(with_id=False)
    return {"kind": "place", "space": name, "boat": face, "lukphat": track}, words


def _said_claim(ed: Edition, seat: int, space: int, src: int) -> tuple[dict[str, Any], str]:
    where = ed.spaces[space]
    if src < 0:
        return {"kind": "claim", "space": where, "src": None}, f"put a merchant on the boat on {where}"
    return ({"kind": "claim", "space": where, "src": ed.spaces[src]},
            f"moved a merchant from {ed.spaces[src]} onto the boat on {where}")


def _said_unclaimed(ed: Edition, seat: int, space: int) -> tuple[dict[str, Any], str]:
    where = ed.spaces[space]
    return {"kind": "decline", "space": where}, f"left the boat on {where} unclaimed"


def _said_steal(ed: Edition, seat: int, space: int, to: str, boat: int, owner: int,
                ) -> tuple[dict[str, Any], str]:
    if space < 0:
        return {"kind": "steal", "src": None}, "let the thief take nothing"
    src = ed.spaces[space]
    return ({"kind": "steal", "src": src, "to": to, "boat": ed.boats[boat].face(with_id=False),
             "owner": COLOURS[owner] if owner >= 0 else None},
            f"stole {whose(owner) if owner >= 0 else 'the'} {boat_words(ed.boats[boat].face())} on {src} "
            f"into the {to}")


def _said_inspect(ed: Edition, seat: int, removed: tuple[int, ...], kept: int) -> tuple[dict[str, Any], str]:
    names = [ed.spaces[s] for s in removed]
    words = f"had the inspector remove the thief on {', '.join(names)}" if len(names) == 1 else \
        f"had the inspector remove the thieves on {', '.join(names)}"
    kept_name = ed.spaces[kept] if kept >= 0 else None
    if kept_name:
        words += f", taking the one on {kept_name} into the hand"
    return {"kind": "inspect", "removed": names, "kept": kept_name}, words


def _said_move(ed: Edition, seat: int, src: int, dst: int, boat: int) -> tuple[dict[str, Any], str]:
    words = f"moved the {boat_words(ed.boats[boat].face())} from {ed.spaces[src]} to {ed.spaces[dst]}"
    return {"kind": "move", "src": ed.spaces[src], "space": ed.spaces[dst],
            "boat": ed.boats[boat].face(with_id=False)}, words


def _said_score(ed: Edition, seat: int, landing: int, value: int, points: dict[str, int], space: int,
                boat: int) -> tuple[dict[str, Any], str]:
    name = ed.landing_names[landing]
    gains = _gains(points) or "no points"
    words = (f"scored landing {name} ({gains}), taking the {boat_words(ed.boats[boat].face())} on "
             f"{ed.spaces[space]} into the stock")
    return {"kind": "score", "landing": name, "value": value, "points": points, "space": ed.spaces[space],
            "boat": ed.boats[boat].face(with_id=False)}, words


def _said_market(ed: Edition, seat: None, day: str, causer: int, order: tuple[int, ...],
                 ) -> tuple[dict[str, Any], str]:
    return ({"kind": "market", "day": day, "causer": causer, "order": list(order)},
            f"The {day.capitalize()} Market Day begins: {does(order[0], 'scores', 'score')} first")


def _said_stock(ed: Edition, seat: None, totals: dict[str, int]) -> tuple[dict[str, Any], str]:
    words = _gains(totals) or "no points"
    return {"kind": "stock", "points": totals}, f"The Big Market Day is over and the stocks are scored: " \
        f"{words}"


_EVENT_WRITERS: dict[str, Callable[..., tuple[dict[str, Any], str]]] = {
    "place": _said_place, "claim": _said_claim, "unclaimed": _said_unclaimed, "steal": _said_steal,
    "inspect": _said_inspect, "move": _said_move, "score": _said_score, "market": _said_market,
    "stock": _said_stock,
    "end": lambda ed, seat: ({"kind": "end"}, "ended the turn"),
    "pass": lambda ed, seat: ({"kind": "pass"}, "passed: no boat can be placed"),
    "draw": lambda ed, seat, stack: ({"kind": "draw", "stack": stack}, f"drew from stack {stack}"),
    "decline": lambda ed, seat: ({"kind": "decline"}, "scored no landing"),
}


# ---- the board as text ----------------------------------------------------------------------------

CODES = {"flowers": "Fl", "shrimps": "Sh", "avocados": "Av", "pineapples": "Pi", "eggplants": "Eg",
         "fish": "Fi", "bananas": "Ba", "thief": "Th", "inspector": "In", "cookshop": "Co"}


def board_text(state: State, area: str | None = None) -> str:
    """The board as text: ``Fi2g*`` is a fish boat with 2 baskets, a green merchant and the Luk Phat
    symbol (``n``: printed neutral merchant, ``-``: unclaimed); ``|`` and ``-`` lines are the jetties
    between hoods. ``area`` (``"a1:e4"``) shows part of the board. The board is public, so every seat
    sees the same.

    >>> import explorer
    >>> state = explorer.klongs.State.from_position(2, {"board": {"b2": "fish:2@red", "c3": "cookshop"}})
    >>> print(explorer.klongs.board_text(state, "a1:d4"))
           a     b   |   c     d
      1    .     .   |   .     .
      2    .   Fi2r  |   .     .
        -------------+------------
      3    .     .   | Co0n    .
      4    .     .   |   .     .
    """
    ed = state.ed
    hood = {(ed.row[i], ed.col[i]): ed.hood_of[i] for i in range(len(ed.spaces))}
    r0, c0, r1, c1 = 0, 0, ed.rows - 1, ed.columns - 1
    if area:
        first, _, last = area.partition(":")
        if first not in ed.index or last not in ed.index:
            raise ValueError(f"area {area!r}: write two spaces of this board, e.g. 'a1:d4'")
        (r0, c0), (r1, c1) = divmod(ed.index[first], ed.columns), divmod(ed.index[last], ed.columns)
    col_jetty = {c for c in range(c0 + 1, c1 + 1)
                 if any(hood[r, c - 1] != hood[r, c] for r in range(ed.rows))}
    row_jetty = {r for r in range(r0 + 1, r1 + 1)
                 if any(hood[r - 1, c] != hood[r, c] for c in range(ed.columns))}
    faces = board_faces(state)

    def cell(r: int, c: int) -> str:
        face = faces.get(ed.spaces[r * ed.columns + c])
        if face is None:
            return "  .  "
        owner = face["owner"]
        mark = owner[0] if owner in COLOURS else ("n" if owner == "neutral" else "-")
        return f"{CODES.get(face['kind'], '??')}{face['baskets']}{mark}{'*' if face['lukphat'] else ' '}"

    def line(label_text: str, cells: list[str]) -> str:
        out = f"{label_text:>3} "
        for c, text in zip(range(c0, c1 + 1), cells, strict=True):
            out += (" | " if c in col_jetty else " ") + text
        return out.rstrip()

    out = [line("", [f"  {ed.spaces[c][0]}  " for c in range(c0, c1 + 1)])]
    for r in range(r0, r1 + 1):
        if r in row_jetty:
            jetty = "".join(("-+-" if c in col_jetty else "-") + "-----" for c in range(c0, c1 + 1))
            out.append("    " + jetty)
        out.append(line(str(r + 1), [cell(r, c) for c in range(c0, c1 + 1)]))
    if not area:
        # The whole board says whose merchant each letter is (area views stay compact).
        merchants = ", ".join(f"{COLOURS[seat][0]} for {who(seat)}" for seat in range(state.players))
        out.append(f"Merchants: {merchants}; n printed neutral, - unclaimed; * Luk Phat.")
    return "\n".join(out)


def seat_board_text(state: State, seat: int) -> str:
    """The whole board as ``seat`` sees it: as every seat does (the board is public)."""
    return board_text(state)


#: What a reader sees of a Klongs state: the spec hands it to ``State`` (``GameSpec.presenter``).
PRESENTER = Presenter(view=view, explain=explain, label=label, board_text=seat_board_text,
                      event_entries=event_entries)
