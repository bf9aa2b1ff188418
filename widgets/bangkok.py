"""Bangkok in the browser: the port, the floating markets, and a table that hosts both.

One ES module (``static/bangkok_port.js``, ``static/bangkok_keys.js`` then ``static/bangkok.js``,
after the shared ``common.js``) draws every part; a widget class says which parts it shows:

- :class:`PortWidget`: the port, the two piles with their counts and the 12 ends. Choose a hand card
  and the ends where it may go light up; choose a lit end and every legal collection is offered, the
  forced cards marked with the engine's reason. The shift and the refill (step 2) are animated.
- :class:`MarketWidget`: each floating market with its pontoon (the objective is shown to its owner
  only), the places a chosen card may go, and a scoring overlay: for every chilli card, which cards
  of its area count and the points.
- :class:`BangkokTableWidget`: both, for the play app.

The view is the engine's ``state.view(seat)`` (which carries the cards as structured data, every
legal action read into its parts, the scoring areas and the last port move: see
:mod:`explorer.bangkok`) plus what only the widget knows:

- ``parts``: ``["port", "markets"]`` or one of them; ``overlay``: whether the scoring overlay starts on;
- ``open_hands`` / ``open_objectives``: every hand and objective in teaching mode, else null (and
  then ``scoring`` shows every objective too).

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

from ._assets import es_module, style_sheet
from ._session import GameWidget

#: How many solo games of the heuristic bot a solo score is compared with.
SOLO_BENCHMARK_GAMES = 100
_SOLO_SCORES: dict[str, list[int]] = {}


def _solo_setup(state: GameState) -> tuple[str, Any, dict[str, Any]]:
    edition = state.to_record()["edition"]
    rules = {k: v for k, v in dict(state.rules).items() if k != "start"}
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


class BangkokTableWidget(GameWidget):
    """Play or watch Bangkok: the port and every floating market.

    >>> w = BangkokTableWidget.new_game("bangkok", players=2, seat=0, seed=7, bot_delay=0)
    >>> w
    <BangkokTableWidget bangkok, 2 players, seed 7, learner seat 0, move 2, seat 0 to act, round 1, phase act>
    >>> w.view["parts"], w.view["seat"], len(w.view["scoring"])
    (['port', 'markets'], 0, 2)

    In teaching mode (``teaching=True``) every hand and objective is shown (``open_hands``,
    ``open_objectives``, and each market's scoring with its objective); otherwise the learner sees
    ``state.view(seat)`` plus the extras listed in the module docstring.
    """

    GAMES: ClassVar[tuple[str, ...] | None] = ("bangkok",)
    #: Which parts of the table the browser draws.
    PARTS: ClassVar[tuple[str, ...]] = ("port", "markets")
    # The board in three files (each under 600 lines): cards, port and hand; the key and the bots'
    # moves marked; then markets and the table.
    _esm = es_module("bangkok_port", "bangkok_keys", "bangkok")
    _css = style_sheet("bangkok_port", "bangkok", "bangkok_keys")

    overlay = traitlets.Bool(False, help="start with the markets' scoring overlay shown")

    def __init__(self, state: GameState, seat: Any = 0, **kwargs: Any) -> None:
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
        extras.update({"parts": list(self.PARTS), "overlay": self.overlay, "open_hands": None,
                       "open_objectives": None})
        if self.teaching:
            # Each seat's own view shows its hand and objective: teaching mode puts them side by side.
            views = [state.view(s) for s in range(state.players)]
            extras["open_hands"] = [v["hand"] for v in views]
            extras["open_objectives"] = [v["objective"]["good"] for v in views]
            extras["scoring"] = [state.market_scoring(s, reveal=True) for s in range(state.players)]
        return extras

    def _rules_for_new_game(self, rules: dict[str, Any]) -> dict[str, Any]:
        # A scenario position belongs to one lesson: a fresh game is dealt from its seed.
        rules["start"] = None
        return rules

    def __repr__(self) -> str:
        state = self.state
        assert isinstance(state, BangkokState)
        where = f"turn {state.turns + 1} of 9" if state.players == 1 else f"round {state.round}"
        return super().__repr__()[:-1] + f", {where}, phase {state.phase}>"


class PortWidget(BangkokTableWidget):
    """The port alone: hand cards, the 12 ends, the collections with their reasons, the piles.

    >>> import explorer
    >>> from explorer.bangkok.examples import scenario
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
