"""The klong board for Bangkok Klongs: water spaces, hoods, landings, boats, tracks, hands and stocks.

The browser side (``static/klong_board.js``, the board, ``static/klong_spaces.js``, its spaces, hoods
and landings, ``static/klong_panels.js``, the panels beside it, ``static/klong_marks.js``, its
coordinates, key and the marks of the other players' last moves, with their style sheets, and
``static/klong_draw.js``, which builds only the parts whose slice of the view changed) draws ``view``:
the engine's Klongs view model for the learner's seat (see ``explorer.klongs``: legal targets,
labels, events, landing previews, hood limits, the inspectors' columns and the thief's row are all
the engine's) plus the widget's own extras (names, bots, and ``open_hands`` in teaching mode). The
widget computes no rule values of its own.

The JS never decides legality: a lit space or button is one the engine listed in ``view.legal``; any
other click is sent as it is and the engine's refusal (reason and rule) is shown.
"""

from __future__ import annotations

from typing import Any, ClassVar

from explorer.klongs import COLOURS, State

from ._assets import es_module, style_sheet
from ._session import GameWidget


class KlongBoardWidget(GameWidget):
    """Play or watch Bangkok Klongs on the klong board.

    >>> w = KlongBoardWidget.new_game("klongs", players=2, seat=0, seed=7, bot_delay=0)
    >>> repr(w)[-59:]
    'learner seat 0, move 0, seat 0 to act, turn, Luk Phat 0/12>'
    >>> sorted(w.view["targets"]["place"])[:1] == sorted(b["id"] for b in w.view["hand"])[:1]
    True

    In teaching mode (``teaching=True``) every hand is shown face up, taken from the engine's
    snapshot; otherwise the learner sees exactly ``state.view(seat)`` plus the widget's extras.
    """

    GAMES: ClassVar[tuple[str, ...] | None] = ("klongs",)
    # The drawing's helpers, panels, marks and spaces come first: the board's file ends with the export.
    _esm = es_module("klong_draw", "klong_panels", "klong_marks", "klong_spaces", "klong_board")
    _css = style_sheet("klong_board", "klong_panels", "klong_marks")

    def _extras(self, seat: int) -> dict[str, Any]:
        extras = super()._extras(seat)
        state = self.state
        if self.teaching and isinstance(state, State):
            extras["open_hands"] = [[state.boat(b) for b in hand] for hand in state.snapshot()["hands"]]
        else:
            extras["open_hands"] = None
        return extras

    def _rules_for_new_game(self, rules: dict[str, Any]) -> dict[str, Any]:
        # A start position belongs to one scenario: a fresh game is a normal set-up.
        rules["start"] = None
        return rules

    def _default_names(self, players: int) -> list[str]:
        # The engine's names: the colours, the one learner "You" (the board shows each colour's disc).
        names = [COLOURS[s].capitalize() for s in range(players)]
        if len(self._seats) == 1:
            names[self._seats[0]] = "You"
        return names

    def __repr__(self) -> str:
        view = self.view
        track = len(view.get("track", ()))
        return (super().__repr__()[:-1] + f", {view.get('phase', '?')}, "
                f"Luk Phat {view.get('lukphat', 0)}/{track}>")
