"""A position rebuilt from one seat's view: what the strong bot searches from when it has only a view.

``from_view(view)`` builds a state of the view's game whose public table is the view's, whose seat
holds the view's hand and whose other seats hold placeholders of the right sizes: the search deals
those anew for every sample (``explorer._determinize``), as it does for a real state. Nothing hidden
is in a view, so nothing hidden can reach the bot.

Klongs' view carries its whole public table (the board with owners, the stocks, the discard, the
boats every seat saw go into a hand, the market day under way): ``klongs.State.from_view`` builds the
position from it, the unseen boats as placeholders in the other hands and the stacks.

A view carries the whole public table of the trick games (Tindahan, Bastos!): the trick, the stalls or
value table, the score sheet, and the round's plays in its events. Bangkok's view has the port, the
markets, the seat's hand and tile, the piles' sizes and the phase: the table is set up through the
game's own ``start`` option (port and markets by their faces; card ids may differ from the table's,
which nothing but ids tells apart) and the seat's cards put in its hand.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from ._fruit import this_round
from ._registry import new_game
from ._state import GameState, ScoreLine

FromView = Callable[[dict[str, Any]], GameState]


def from_view(view: dict[str, Any]) -> GameState:
    """A state with the view's public table and the viewer's hand; others' hands are placeholders."""
    build = BUILDERS.get(view["game"])
    if build is None:
        raise NotImplementedError(
            f"the strong {view['game']} bot cannot rebuild the table from a view alone yet: give it the "
            "table's state with bot.watch(lambda: table.state) (explorer simulate does)")
    state = build(view)
    state._seen_as(view)
    return state


def _template(view: dict[str, Any]) -> Any:
    rules = {k: v for k, v in view["rules"].items() if k != "start"}
    return new_game(view["game"], players=view["players"], seed=0, **rules)


def _lines(view: dict[str, Any]) -> tuple[ScoreLine, ...]:
    return tuple(ScoreLine(d["seat"], d["label"], d["points"], d["rule"], d.get("round", 0))
                 for d in view["sheet"])


def _hands(view: dict[str, Any]) -> tuple[tuple[str, ...], ...]:
    seat = view["seat"]
    return tuple(tuple(view["hand"]) if s == seat else ("?",) * size
                 for s, size in enumerate(view["hand_sizes"]))


def _round_tricks(events: Sequence[dict[str, Any]]) -> list[tuple[list[str], int | None]]:
    """The finished tricks of the current round: their cards and who took them (None: set aside)."""
    tricks: list[tuple[list[str], int | None]] = []
    current: list[str] = []
    for event in this_round(events):
        kind = event.get("kind")
        if kind in ("card", "lead", "trump") and isinstance(event.get("card"), str):
            current.append(event["card"])
        elif kind == "trick":
            tricks.append((current, event["winner"]))
            current = []
        elif kind == "set-aside":
            tricks.append((current, None))
            current = []
    return tricks


def _last_trick(state: Any, view: dict[str, Any], trick: Any) -> None:
    """The view's last trick: this round's, or (shown for review) the final trick of the round before."""
    last = view["last_trick"]
    if last is not None and last.get("round", view["round"]) != view["round"]:
        state.last_trick, state.round_last_trick = None, trick
    else:
        state.last_trick = trick


def _tindahan(view: dict[str, Any]) -> GameState:
    from .tindahan import State

    built: GameState = State.from_view(view)
    return built


def _bastos(view: dict[str, Any]) -> GameState:
    from .bastos import State

    built: GameState = State.from_view(view)
    return built


def _bangkok(view: dict[str, Any]) -> GameState:
    seat, players = view["seat"], view["players"]

    def rows(cells: list[list[dict[str, Any] | None]]) -> list[str]:
        return [" ".join(cell["card"] if cell else "." for cell in row) for row in cells]

    objective = view["objective"]["good"] if view.get("objective") else "P"
    # Others' tiles are hidden until the end: placeholders here (one tile per good may exist), which
    # the sampler deals anew from the tiles the seat has not seen.
    spare = iter(g for g in ("P", "Z", "B", "F") * players if g != objective)
    # The seat's own cards by their faces (a start's hand holds at most 3: the rest are added after);
    # another seat's hidden hand gets one spare face only when the seat holds none, so that the start
    # is not refused as a game that could never end.
    faces = [card["card"] for card in view["hand"]]
    hands: list[list[str]] = [faces[:3] if s == seat else [] for s in range(players)]
    others = [s for s, size in enumerate(view["hand_sizes"]) if size and s != seat]
    if not hands[seat] and others:
        hands[others[0]] = [_spare_face(view, rows)]
    start = {"port": rows(view["port"]), "hands": hands,
             "markets": [rows(market) for market in view["markets"]],
             "objectives": [objective if s == seat else next(spare) for s in range(players)],
             "first_player": view["first_player"]}
    rules = {k: v for k, v in view["rules"].items() if k != "start"}
    edition = view["edition"] if isinstance(view["edition"], str) else None
    state: Any = new_game("bangkok", players=players, seed=0, edition=edition, start=start, **rules)
    state.rules = {**state.rules, "start": view["rules"].get("start")}
    ed = state.edition
    own = list(state.hands[seat])
    used = ({c for c in state.port if c >= 0} | {c for market in state.markets for c in market if c >= 0}
            | set(own))
    for face in faces[3:]:  # the rest of the seat's cards: unused edition cards of the same faces
        pick = next(c for c in range(len(ed.cards)) if c not in used and ed.face_of[c] == face)
        used.add(pick)
        own.append(pick)
    state.hands = tuple(tuple(own) if s == seat else (0,) * size for s, size in enumerate(view["hand_sizes"]))
    state.boat_pile = (0,) * view["piles"]["boat"]
    state.chilli_pile = (0,) * view["piles"]["chilli"]
    state._phase = {"act": 0, "market": 1, "return": 2}.get(view["phase"], 0)
    state.round, state.ending = view["round"], view["ending"]
    state.turns = (view["turn"] - 1) if view.get("turn") else 0
    built: GameState = state
    return built


def _spare_face(view: dict[str, Any], rows: Callable[[list[list[dict[str, Any] | None]]], list[str]]) -> str:
    """A face of which the view's edition has a card not on the port or in a market."""
    from .bangkok._edition import load_edition

    ed = load_edition(view["edition"] if isinstance(view["edition"], str) else None)
    shown = " ".join(" ".join(rows(cells)) for cells in [view["port"], *view["markets"]]).split()
    left = {face: sum(1 for f in ed.face_of if f == face) for face in set(ed.face_of)}
    for face in shown:
        if face != ".":
            left[face] -= 1
    return next(face for face in sorted(left) if left[face] > 0)


def _klongs(view: dict[str, Any]) -> GameState:
    from .klongs import State

    built: GameState = State.from_view(view)
    return built


BUILDERS: dict[str, FromView] = {"tindahan": _tindahan, "bastos": _bastos, "bangkok": _bangkok,
                                 "klongs": _klongs}
