"""Bangkok in the browser: the port, the floating markets, and a table that hosts both.

One ES module (``static/bangkok.js``) draws every part; a widget class says which parts it shows:

- :class:`PortWidget`: the port, the two piles with their counts and the 12 ends. Choose a hand card
  and the ends where it may go light up; choose a lit end and every legal collection is offered, the
  forced cards marked with the engine's reason. The shift and the refill (step 2) are animated.
- :class:`MarketWidget`: each floating market with its pontoon (the objective is shown to its owner
  only), the places a chosen card may go, and a scoring overlay: for every chilli card, which cards
  of its area count and the points.
- :class:`BangkokTableWidget`: both, for the play app.

The view is the engine's ``state.view(seat)`` plus extras computed here from public information (or
from the learner's own, such as their objective), so nothing hidden leaks:

- ``parts``: ``["port", "markets"]`` or one of them; ``overlay``: whether the scoring overlay starts on;
- ``scoring``: per seat, the market's score lines with the cells each line looks at and, per cell,
  which goods count and how (the objective only where the viewer may see it);
- ``port_move``: the last placement or renewal (the port before it, the cards taken, the cards
  drawn), so the browser can animate step 2; ``market_move``: the last card laid in a market;
- ``open_hands`` / ``open_objectives``: every hand and objective in teaching mode, else null.

The JS never decides legality: a lit end, collection, market place or button comes from
``view.placements`` and ``view.legal``; any other click is sent as it is, and the engine's refusal
(reason and rule) is shown.
"""

from __future__ import annotations

import asyncio
import json
from typing import Any, ClassVar

import traitlets

from explorer import GameState
from explorer.bangkok import State as BangkokState
from explorer.bangkok import solo_scores
from explorer.bangkok._cards import GOOD_NAMES, Card
from explorer.bangkok._geometry import CELL_INDEX, CELL_NAMES, END_INDEX, ENDS, LINE_LABELS, NEIGHBOURS
from explorer.bangkok._scoring import RULE_COMPLETE, RULE_OBJECTIVE

from ._assets import STATIC, es_module
from ._session import GameWidget

EMPTY = -1
# Which way a line slides when a card is pushed in at an end on that side.
SLIDES = {"L": "right", "R": "left", "T": "down", "B": "up"}

Cell = dict[str, Any] | None


def _square(state: BangkokState, cells: tuple[int, ...],
            gone: frozenset[int] = frozenset()) -> list[list[Cell]]:
    """3 rows of view cells; the cards at places ``gone`` keep their faces but lose their ids (they
    went into a hand or under a pile, where ids are secret)."""
    ed = state.edition

    def card(i: int) -> Cell:
        c = cells[i]
        if c == EMPTY:
            return None
        return {"id": None if i in gone else ed.card_id(c), "card": ed.face_of[c], "chilli": ed.chilli_of[c]}

    return [[card(r * 3 + c) for c in range(3)] for r in range(3)]


def chilli_marks(chilli: Card, area: list[tuple[int, Card]]) -> dict[str, list[dict[str, str]]]:
    """Per area place, each of the chilli card's indicated goods found there and what it does.

    ``effect`` is ``"+1"`` / ``"-1"`` (types 2 and 1, per good), ``"pair"`` (type 3, the good takes part
    in pairs), ``"+2"`` (type 4, a good seen exactly once) or ``"0"`` (it is there but adds nothing).
    """
    counts = {good: sum(card.goods.count(good) for _, card in area) for good in chilli.indicated}
    paired = chilli.kind == 3 and all(counts[g] > 0 for g in chilli.indicated)
    out: dict[str, list[dict[str, str]]] = {}
    for cell, card in area:
        found = []
        for good in card.goods:
            if good not in chilli.indicated:
                continue
            if chilli.kind == 1:
                effect = "-1"
            elif chilli.kind == 2:
                effect = "+1"
            elif chilli.kind == 3:
                effect = "pair" if paired else "0"
            else:
                effect = "+2" if counts[good] == 1 else "0"
            found.append({"good": good, "effect": effect})
        if found:
            out[CELL_NAMES[cell]] = found
    return out


#: How many solo games of the heuristic bot a solo score is compared with.
SOLO_BENCHMARK_GAMES = 100
_SOLO_SCORES: dict[str, list[int]] = {}


def _solo_setup(state: GameState) -> tuple[str, Any, dict[str, Any]]:
    edition = state.to_record()["edition"]
    rules = {k: v for k, v in dict(state.rules).items() if k != "position"}
    return json.dumps([edition, rules], sort_keys=True, default=str), edition, rules


def solo_benchmark(state: GameState, games: int = SOLO_BENCHMARK_GAMES) -> list[int]:
    """Final scores of the heuristic bot's first ``games`` solo games (seeds 0, 1, ...) with the
    edition and rules of ``state``; computed once per kernel, possibly ahead (:func:`warm_solo_benchmark`)."""
    key, edition, rules = _solo_setup(state)
    scores = _SOLO_SCORES.setdefault(key, [])
    if len(scores) < games:
        scores.extend(solo_scores(games - len(scores), edition=edition, seed=len(scores), **rules))
    return scores[:games]


def warm_solo_benchmark(state: GameState, games: int = SOLO_BENCHMARK_GAMES) -> None:
    """Play the benchmark's games one at a time on the kernel's loop while the learner plays, so the
    chart at the end does not keep the last click waiting; does nothing outside a running loop."""
    try:
        loop = asyncio.get_running_loop()
    except RuntimeError:
        return
    key, edition, rules = _solo_setup(state)
    scores = _SOLO_SCORES.setdefault(key, [])

    def one_game() -> None:
        if len(scores) < games:
            scores.extend(solo_scores(1, edition=edition, seed=len(scores), **rules))
            loop.call_soon(one_game)

    loop.call_soon(one_game)


def market_scoring(state: BangkokState, seat: int, reveal: bool) -> dict[str, Any]:
    """Seat's market score, line by line, with the places each line looks at and how their goods count.

    ``reveal`` says whether the objective may be shown (the viewer's own, the game is over, or
    teaching mode); otherwise its line is left out and ``objective_hidden`` is true.
    """
    sheet = state.market_sheet(seat, reveal=reveal)
    cells: list[Card | None] = [None if c == EMPTY else state.card(c) for c in state.markets[seat]]
    filled = [(i, card) for i, card in enumerate(cells) if card is not None]
    objective = state.edition.objectives[state.objectives[seat]] if reveal else None
    lines = []
    for line in sheet.lines:
        entry: dict[str, Any] = {"label": line.label, "points": line.points, "rule": line.rule,
                                 "cell": line.cell, "area": [], "marks": {}}
        if line.rule == RULE_OBJECTIVE and objective is not None:
            entry["kind"] = "objective"
            entry["good"] = objective
            entry["area"] = [CELL_NAMES[i] for i, card in filled if objective in card.goods]
            entry["marks"] = {CELL_NAMES[i]: [{"good": objective, "effect": "+1"}]
                              * card.goods.count(objective) for i, card in filled if objective in card.goods}
        elif line.rule == RULE_COMPLETE:
            entry["kind"] = "complete"
            entry["area"] = list(CELL_NAMES)
        elif line.cell is not None:
            index = CELL_INDEX[line.cell]
            chilli = cells[index]
            assert chilli is not None
            area = [(i, card) for i in (index, *NEIGHBOURS[index]) if (card := cells[i]) is not None]
            entry["kind"] = "chilli"
            entry["chilli"] = {"card": chilli.face, "type": chilli.kind, "indicated": chilli.indicated}
            entry["area"] = [CELL_NAMES[i] for i in sorted((index, *NEIGHBOURS[index]))]
            entry["marks"] = chilli_marks(chilli, area)
        else:  # pragma: no cover - every market line is one of the three kinds
            entry["kind"] = "other"
        lines.append(entry)
    return {"seat": seat, "total": sheet.total, "objective_hidden": objective is None, "lines": lines}


def describe_place(before: BangkokState, after: BangkokState, action: str) -> dict[str, Any]:
    """What one placement did to the port, for the browser's step-2 animation and its caption."""
    face, _, rest = action[len("place:"):].partition("@")
    end_name, _, taken_text = rest.partition(">")
    end = ENDS[END_INDEX[end_name]]
    taken = [item.partition("=")[0] for item in taken_text.split(",") if item]
    seat = before.current_player
    assert seat is not None
    ed = after.edition
    drawn = [(CELL_NAMES[cell], card) for cell, card in (after.events[-1][2] if after.events else ())]
    placed = next((c for c in after.port if c != EMPTY and c not in before.port
                   and c not in {card for _, card in drawn}), EMPTY)
    piles = {"boat": sum(1 for _, c in drawn if not ed.chilli_of[c]),
             "chilli": sum(1 for _, c in drawn if ed.chilli_of[c])}
    refill = " and ".join(f"{n} from the {pile} pile" for pile, n in piles.items() if n)
    caption = (f"Step 2: {face} is pushed in {end.label}, so {LINE_LABELS[end.line]} slides "
               f"{SLIDES[end_name[-1]]} and keeps its order; "
               + (f"the empty places are refilled, {refill}." if refill else "no place is left empty."))
    return {
        "kind": "place", "move": len(after.actions()), "seat": seat, "action": action, "card": face,
        "placed": ed.card_id(placed) if placed != EMPTY else None, "end": end_name, "line": end.line,
        "before": _square(before, before.port, frozenset(CELL_INDEX[c] for c in taken)), "taken": taken,
        "drawn": [{"cell": cell, "pile": "chilli" if ed.chilli_of[c] else "boat"} for cell, c in drawn],
        "caption": caption,
    }


def describe_renew(before: BangkokState, after: BangkokState, line: str) -> dict[str, Any]:
    swapped = frozenset(i for i in range(9) if before.port[i] != after.port[i])
    changed = [CELL_NAMES[i] for i in sorted(swapped)]
    return {"kind": "renew", "move": len(after.actions()), "seat": before.current_player,
            "action": f"renew:{line}", "line": line, "before": _square(before, before.port, swapped),
            "taken": [], "drawn": [{"cell": c, "pile": "swap"} for c in changed], "placed": None,
            "caption": f"{LINE_LABELS[line].capitalize()} renewed: {len(changed)} card(s) swapped with "
                       "the tops of their piles; the old ones go under."}


class BangkokTableWidget(GameWidget):
    """Play or watch Bangkok: the port and every floating market.

    >>> w = BangkokTableWidget.new_game("bangkok", players=2, seat=0, seed=7, bot_delay=0)
    >>> w
    <BangkokTableWidget bangkok, 2 players, seed 7, learner seat 0, move 2, seat 0 to act, round 1, phase act>
    >>> w.view["parts"], w.view["seat"], len(w.view["scoring"])
    (['port', 'markets'], 0, 2)

    In teaching mode (``teaching=True``) every hand and objective is shown (``open_hands``,
    ``open_objectives``); otherwise the learner sees ``state.view(seat)`` plus the extras listed in
    the module docstring.
    """

    GAMES: ClassVar[tuple[str, ...] | None] = ("bangkok",)
    #: Which parts of the table the browser draws.
    PARTS: ClassVar[tuple[str, ...]] = ("port", "markets")
    _esm = es_module("bangkok")
    _css = STATIC / "bangkok.css"

    overlay = traitlets.Bool(False, help="start with the markets' scoring overlay shown")

    def __init__(self, state: GameState, seat: Any = 0, **kwargs: Any) -> None:
        # The last placement and market card are found by watching the states the table passes
        # through; this exists before the base class lets the first bots move.
        self._seen: GameState | None = state
        self._port_move: dict[str, Any] | None = None
        self._market_move: dict[str, Any] | None = None
        super().__init__(state, seat, **kwargs)
        if state.players == 1:
            warm_solo_benchmark(state)

    @traitlets.observe("overlay")
    def _overlay_changed(self, _change: Any) -> None:
        if self._ready:
            self._render()

    # ---- view extras --------------------------------------------------------------------------

    def _extras(self, seat: int) -> dict[str, Any]:
        extras = super()._extras(seat)
        state = self.state
        assert isinstance(state, BangkokState)
        over = state.is_over
        extras.update({
            "parts": list(self.PARTS),
            "overlay": self.overlay,
            "scoring": [market_scoring(state, s, s == seat or over or self.teaching)
                        for s in range(state.players)],
            "port_move": self._port_move,
            "market_move": self._market_move,
            "good_names": dict(GOOD_NAMES),
        })
        if self.teaching:
            ed = state.edition
            extras["open_hands"] = [[{"id": ed.card_id(c), "card": ed.face_of[c], "chilli": ed.chilli_of[c]}
                                     for c in hand] for hand in state.hands]
            extras["open_objectives"] = [ed.objectives[t] for t in state.objectives]
        else:
            extras["open_hands"] = None
            extras["open_objectives"] = None
        return extras

    def _rules_for_new_game(self, rules: dict[str, Any]) -> dict[str, Any]:
        # A scenario position belongs to one lesson: a fresh game is dealt from its seed.
        rules["position"] = None
        return rules

    # ---- watching the moves -------------------------------------------------------------------

    def _notify(self) -> None:
        self._watch(self.state)
        super()._notify()

    def _watch(self, state: GameState) -> None:
        before, self._seen = self._seen, state
        if not isinstance(before, BangkokState) or not isinstance(state, BangkokState):
            return
        done, prior = state.actions(), before.actions()
        if len(done) != len(prior) + 1 or done[:-1] != prior:
            # A jump (restart, another walkthrough step): nothing to animate.
            self._port_move = self._market_move = None
            return
        action = done[-1]
        if action.startswith("place:"):
            self._port_move = describe_place(before, state, action)
        elif action.startswith("renew:"):
            self._port_move = describe_renew(before, state, action[len("renew:"):])
        elif action.startswith("market:"):
            self._market_move = {"move": len(done), "seat": before.current_player,
                                 "cell": action.rpartition("@")[2]}

    def __repr__(self) -> str:
        state = self.state
        assert isinstance(state, BangkokState)
        where = f"turn {state.turns + 1} of 9" if state.players == 1 else f"round {state.round}"
        return super().__repr__()[:-1] + f", {where}, phase {state.phase}>"


class PortWidget(BangkokTableWidget):
    """The port alone: hand cards, the 12 ends, the collections with their reasons, the piles.

    >>> import explorer
    >>> from explorer.bangkok._examples import scenario
    >>> w = PortWidget(scenario(["ZB F P", "B ZF BF", "FF F!2P BB"], ["PZ", "F", "B"]), seat=None, bots=None)
    >>> w.view["parts"], sorted(w.view["placements"]["PZ@R1"]["actions"])
    (['port'], ['R1L', 'R1R'])

    Cards laid in the market after a placement are offered as plain buttons, so a lesson can go on.
    """

    PARTS: ClassVar[tuple[str, ...]] = ("port",)


class MarketWidget(BangkokTableWidget):
    """The floating markets alone: pontoons, market places for a chosen card, the scoring overlay.

    >>> import explorer
    >>> w = MarketWidget(explorer.new_game("bangkok", players=2, seed=3), seat=None, bots=None)
    >>> w.view["parts"], w.overlay
    (['markets'], True)

    Placing by the port is not drawn here; renewing and returning are offered as plain buttons.
    """

    PARTS: ClassVar[tuple[str, ...]] = ("markets",)
    overlay = traitlets.Bool(True, help="start with the markets' scoring overlay shown")
