"""The klong board for Bangkok Klongs: water spaces, hoods, landings, boats, tracks, hands and stocks.

The browser side (``static/klong_board.js``) draws ``view``: the engine's Klongs view model for the
learner's seat (see ``explorer.klongs``) plus a few widget extras computed here from that same view,
so nothing hidden from the seat can leak through them:

- ``labels``: a sentence per legal action (accessible names and tooltips);
- ``hood_counts`` / ``full_hoods`` / ``hood_limit``: boats per hood, and hoods that take no more;
- ``protected_columns``: columns an inspector guards; ``thief_row`` / ``inspector_column`` while a
  placed thief or inspector is being resolved;
- ``full_landings``: {landing: {value, points {colour: points}, owners}} for every landing whose four
  spaces hold boats, with the points it would pay if scored now (the engine's own formula);
- ``market_due``: the market day the Luk Phat counter has reached, held at the end of this turn;
- ``events``: the latest moves in words (who did what), ``open_hands`` in teaching mode.

The JS never decides legality: a lit space or button is one the engine listed in ``view.legal``; any
other click is sent as it is and the engine's refusal (reason and rule) is shown.
"""

from __future__ import annotations

from collections import Counter
from typing import Any, ClassVar

from explorer import GameState
from explorer.klongs import COLOURS
from explorer.klongs import State as KlongsState
from explorer.klongs._engine import HOOD_LIMIT
from explorer.klongs._scoring import landing_points

from ._assets import STATIC, es_module
from ._session import GameWidget

MAX_EVENTS = 12


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


CODES = {"flowers": "Fl", "shrimps": "Sh", "avocados": "Av", "pineapples": "Pi", "eggplants": "Eg",
         "fish": "Fi", "bananas": "Ba", "thief": "Th", "inspector": "In", "cookshop": "Co"}


def board_text(view: dict[str, Any], area: str | None = None) -> str:
    """The board of a view as text, the codes the widget draws: ``Fi2g*`` is a fish boat with 2
    baskets, a green merchant and the Luk Phat symbol (``n``: printed neutral merchant, ``-``:
    unclaimed); ``|`` and ``-`` lines are the jetties between hoods. ``area`` (``"a1:e4"``) shows
    part of the board.

    >>> import explorer
    >>> state = explorer.klongs.State.from_position(2, {"board": {"b2": "fish:2@red", "c3": "cookshop"}})
    >>> print(board_text(state.view(0), "a1:d4"))
           a     b   |   c     d
      1    .     .   |   .     .
      2    .   Fi2r  |   .     .
        -------------+------------
      3    .     .   | Co0n    .
      4    .     .   |   .     .
    """
    geometry = view["geometry"]
    rows, columns = int(geometry["rows"]), int(geometry["columns"])
    hood = {(s["row"], s["column"]): s["hood"] for s in geometry["spaces"]}
    names = {(s["row"], s["column"]): s["name"] for s in geometry["spaces"]}
    r0, c0, r1, c1 = 0, 0, rows - 1, columns - 1
    if area:
        first, _, last = area.partition(":")
        c0, r0 = ord(first[0]) - ord("a"), int(first[1:]) - 1
        c1, r1 = ord(last[0]) - ord("a"), int(last[1:]) - 1
    col_jetty = {c for c in range(c0 + 1, c1 + 1)
                 if any(hood[r, c - 1] != hood[r, c] for r in range(rows))}
    row_jetty = {r for r in range(r0 + 1, r1 + 1)
                 if any(hood[r - 1, c] != hood[r, c] for c in range(columns))}

    def cell(r: int, c: int) -> str:
        face = view["board"].get(names[r, c])
        if face is None:
            return "  .  "
        owner = face["owner"]
        mark = owner[0] if owner in COLOURS else ("n" if owner == "neutral" else "-")
        return f"{CODES.get(face['kind'], '??')}{face['baskets']}{mark}{'*' if face['lukphat'] else ' '}"

    def line(label: str, cells: list[str]) -> str:
        out = f"{label:>3} "
        for c, text in zip(range(c0, c1 + 1), cells, strict=True):
            out += (" | " if c in col_jetty else " ") + text
        return out.rstrip()

    header = line("", [f"  {chr(ord('a') + c)}  " for c in range(c0, c1 + 1)])
    out = [header]
    for r in range(r0, r1 + 1):
        if r in row_jetty:
            rule = "".join(("-+-" if c in col_jetty else "-") + "-----" for c in range(c0, c1 + 1))
            out.append("    " + rule)
        out.append(line(str(r + 1), [cell(r, c) for c in range(c0, c1 + 1)]))
    return "\n".join(out)


def landing_preview(view: dict[str, Any]) -> dict[str, dict[str, Any]]:
    """Every full landing with the points it would pay each colour if it were scored now."""
    board: dict[str, dict[str, Any]] = view["board"]
    two_cookshops = str(view["rules"].get("two_cookshops", "double"))
    out: dict[str, dict[str, Any]] = {}
    for landing in view["geometry"]["landings"]:
        spaces = landing["spaces"]
        faces = [board.get(s) for s in spaces]
        if any(f is None for f in faces):
            continue
        full = [f for f in faces if f is not None]
        value = landing_points([int(f["baskets"]) for f in full], [f["special"] == "thief" for f in full],
                               sum(f["special"] == "cookshop" for f in full), two_cookshops)
        merchants = Counter(f["owner"] for f in full if f["owner"] in COLOURS)
        out[landing["name"]] = {
            "value": value,
            "points": {colour: value * n for colour, n in merchants.items()},
            "owners": sorted(merchants, key=COLOURS.index),
        }
    return out


class KlongBoardWidget(GameWidget):
    """Play or watch Bangkok Klongs on the klong board.

    >>> w = KlongBoardWidget.new_game("klongs", players=2, seat=0, seed=7, bot_delay=0)
    >>> repr(w)[-59:]
    'learner seat 0, move 0, seat 0 to act, turn, Luk Phat 0/12>'
    >>> sorted(w.view["targets"]["place"])[:1] == sorted(b["id"] for b in w.view["hand"])[:1]
    True

    In teaching mode (``teaching=True``) every hand is shown face up, taken from the engine's
    snapshot; otherwise the learner sees exactly ``state.view(seat)`` plus the extras listed in the
    module docstring.
    """

    GAMES: ClassVar[tuple[str, ...] | None] = ("klongs",)
    _esm = es_module("klong_board")
    _css = STATIC / "klong_board.css"

    def __init__(self, state: GameState, seat: Any = 0, **kwargs: Any) -> None:
        # The event log follows the states the table passes through; it exists before the base
        # class lets the first bots move.
        self._log_state: GameState | None = state
        self._events: list[tuple[int, str]] = []
        super().__init__(state, seat, **kwargs)

    # ---- view extras --------------------------------------------------------------------------

    def _extras(self, seat: int) -> dict[str, Any]:
        extras = super()._extras(seat)
        state = self.state
        view = state.view(seat)
        board: dict[str, dict[str, Any]] = view["board"]
        geometry = view["geometry"]
        counts = [sum(1 for s in hood if s in board) for hood in geometry["hoods"]]
        placed = view["placed"]
        phase = view["phase"]
        extras.update({
            "labels": {action: self._label(view, action) for action in view["legal"]},
            "hood_limit": HOOD_LIMIT,
            "hood_counts": counts,
            "full_hoods": [i for i, n in enumerate(counts) if n >= HOOD_LIMIT],
            "protected_columns": sorted({s[0] for s, f in board.items() if f["special"] == "inspector"}),
            "thief_row": placed[1:] if phase == "thief" and placed else None,
            "inspector_column": placed[0] if phase == "inspect" and placed else None,
            "full_landings": landing_preview(view),
            "market_due": _market_due(view),
            "events": [f"{self._name(who)}: {text}" for who, text in self._events[-MAX_EVENTS:]],
        })
        if self.teaching and isinstance(state, KlongsState):
            extras["open_hands"] = [[state.boat(b) for b in hand] for hand in state.snapshot()["hands"]]
        else:
            extras["open_hands"] = None
        return extras

    def _label(self, view: dict[str, Any], action: str) -> str:
        """What ``action`` does, in a sentence (the button's accessible name)."""
        kind, _, rest = action.partition(":")
        board: dict[str, dict[str, Any]] = view["board"]
        hand = {face["id"]: face for face in view["hand"]}
        phase = view["phase"]
        if kind == "place":
            boat, _, space = rest.partition("@")
            return f"Place your {boat_words(hand.get(boat))} on {space}"
        if kind == "move":
            src, _, dst = rest.partition("-")
            return f"Move your {boat_words(board.get(src))} from {src} to {dst} (uses a movement card)"
        if action == "merchant":
            return "Put one of your merchants on the boat just placed"
        if kind == "merchant":
            return f"Move your merchant from the boat on {rest} onto the boat just placed"
        if action == "decline":
            if phase == "market":
                return "Do not score a landing this time"
            return "Leave the boat just placed without a merchant"
        if action == "steal:none":
            return "The thief takes nothing"
        if kind == "steal":
            space, _, to = rest.partition(">")
            where = "your stock" if to == "stock" else "your hand (instead of drawing)"
            return f"The thief takes the {boat_words(board.get(space))} on {space} into {where}"
        if action == "inspect:discard":
            return "Discard the thieves in the inspector's column"
        if kind == "inspect":
            space, _, to = rest.partition(">")
            if to == "hand":
                return f"Take the thief on {space} into your hand (instead of drawing)"
            return f"Discard the thief on {space}"
        if action == "end":
            return "End your turn without moving a boat"
        if action == "pass":
            return "Pass: you cannot place a boat"
        if kind == "score":
            landing, _, space = rest.partition(">")
            preview = landing_preview(view).get(landing, {})
            points = ", ".join(f"{c} {p}" for c, p in preview.get("points", {}).items())
            return (f"Score landing {landing} ({points or 'no points'}) and take the "
                    f"{boat_words(board.get(space))} on {space} into your stock")
        if kind == "draw":
            which = "neutral and special boats" if rest == "1" else "boats you can claim"
            return f"Draw from stack {rest} ({which})"
        return action

    def _rules_for_new_game(self, rules: dict[str, Any]) -> dict[str, Any]:
        # A start position belongs to one scenario: a fresh game is a normal set-up.
        rules["start"] = None
        return rules

    def _default_names(self, players: int) -> list[str]:
        # Seats play the colours in order: the colour names the seat better than its number.
        if len(self._seats) == 1:
            return [f"You ({COLOURS[s]})" if s == self._seats[0] else COLOURS[s].capitalize()
                    for s in range(players)]
        return [COLOURS[s].capitalize() for s in range(players)]

    # ---- the event log ------------------------------------------------------------------------

    def _notify(self) -> None:
        self._log(self.state)
        super()._notify()

    def _log(self, state: GameState) -> None:
        before = self._log_state
        self._log_state = state
        if before is None:
            return
        done, prior = state.actions(), before.actions()
        if len(done) != len(prior) + 1 or done[:-1] != prior or before.current_player is None:
            self._events = []  # a jump (restart, another step): the log starts again
            return
        self._events.append((before.current_player, _event_words(before, state, done[-1])))
        del self._events[:-MAX_EVENTS]

    def __repr__(self) -> str:
        view = self.view
        track = len(view.get("track", ()))
        return (super().__repr__()[:-1] + f", {view.get('phase', '?')}, "
                f"Luk Phat {view.get('lukphat', 0)}/{track}>")


def _market_due(view: dict[str, Any]) -> str | None:
    """The market day (``little``/``big``) the counter has reached but which is not yet held."""
    if view["market"] is not None or view["is_over"]:
        return None
    passed = view["track"][: view["lukphat"]]
    if sum(1 for space in passed if space["market"]) > view["market_days_held"]:
        return str(passed[-1]["market"])
    return None


def _event_words(before: GameState, after: GameState, action: str) -> str:
    """What one public action did, as seen by everybody (boat faces, never hidden boat ids)."""
    seat = before.current_player
    assert seat is not None
    kind, _, rest = action.partition(":")
    prev = before.view(seat)
    board: dict[str, dict[str, Any]] = prev["board"]
    new_lines = after.score_sheet()[len(before.score_sheet()):]
    gains: Counter[int] = Counter()
    for line in new_lines:
        if line.rule != "klongs.stock":  # the final stock scoring is told apart below
            gains[line.seat] += line.points
    points = ", ".join(f"{COLOURS[s]} +{p}" for s, p in sorted(gains.items()) if p)
    words = _action_words(kind, rest, action, prev["phase"], board, after, seat)
    if points:
        words += f" ({points})"
    if after.is_over:
        words += "; the Big Market Day is over and the stocks are scored"
    return words


def _action_words(kind: str, rest: str, action: str, phase: str, board: dict[str, dict[str, Any]],
                  after: GameState, seat: int) -> str:
    if kind == "place":
        _, _, space = rest.partition("@")
        return f"placed a {boat_words(after.view(seat)['board'].get(space))} on {space}"
    if kind == "move":
        src, _, dst = rest.partition("-")
        return f"moved the {boat_words(board.get(src))} from {src} to {dst}"
    if action == "merchant":
        return "put a merchant on the new boat"
    if kind == "merchant":
        return f"moved a merchant from {rest} onto the new boat"
    if action == "decline":
        return "scored no landing" if phase == "market" else "left the new boat unclaimed"
    if action == "steal:none":
        return "let the thief take nothing"
    if kind == "steal":
        space, _, to = rest.partition(">")
        return f"stole the {boat_words(board.get(space))} on {space} into the {to}"
    if kind == "inspect":
        space, _, to = rest.partition(">")
        if space == "discard":
            return "had the inspector discard the thieves in its column"
        return f"had the inspector {'take' if to == 'hand' else 'discard'} the thief on {space}"
    if kind == "score":
        landing, _, space = rest.partition(">")
        taken = boat_words(board.get(space))
        return f"scored landing {landing}, taking the {taken} on {space} into the stock"
    if kind == "draw":
        return f"drew from stack {rest}"
    if action == "end":
        return "ended the turn"
    if action == "pass":
        return "passed"
    return action
