"""The trick table for Tindahan and Bastos!: seats, hands, the current trick, stalls or value table.

One widget draws both games from the shared trick-table view model (see ``explorer.tindahan`` and
``explorer.bastos``); keys a game lacks (Bastos! has no stalls, Tindahan no value table) are simply
not drawn. The browser side is ``static/trick_table.js``: it draws and sends intents, the engine
decides.
"""

from __future__ import annotations

from typing import Any, ClassVar

from ._assets import es_module, style_sheet
from ._session import GameWidget

EVENTS_SHOWN = 10  # as many as the table's event list shows


class TrickTableWidget(GameWidget):
    """Play or watch Tindahan or Bastos! at a trick table.

    >>> w = TrickTableWidget.new_game("tindahan", players=4, seat=0, seed=7, bot_delay=0)
    >>> w.view["seat"], w.view["game"]
    (0, 'tindahan')

    In teaching mode (``teaching=True``) every hand is shown face up, taken from the engine's
    snapshot; otherwise the learner sees exactly ``state.view(seat)``.
    """

    GAMES: ClassVar[tuple[str, ...] | None] = ("tindahan", "bastos")
    _esm = es_module("trick_table_keys", "trick_table")
    _css = style_sheet("trick_table")

    def _extras(self, seat: int) -> dict[str, Any]:
        extras = super()._extras(seat)
        state = self.state
        # The table shows the newest happenings only (the bots' latest moves are marked from them);
        # the whole history stays with the engine and the shell's move log. The view being drawn
        # already holds the events, with the table's names.
        drawing = getattr(self, "_drawing", None)
        if drawing is not None and drawing[0] is state and drawing[1] == seat:
            events = drawing[2]
        else:
            events = state.view(seat, names=list(self.names))["events"]
        extras["events"] = events[-EVENTS_SHOWN:]
        if self.teaching:
            hands = state.snapshot().get("hands")
            extras["open_hands"] = [list(map(str, hand)) for hand in hands] if hands is not None else None
            # Every hand is drawn face up: each seat's own view carries the faces of its cards.
            faces: dict[str, Any] = {}
            for other in range(state.players):
                faces.update(state.view(other)["faces"])
            extras["faces"] = faces
        else:
            extras["open_hands"] = None
        return extras

    def _rules_for_new_game(self, rules: dict[str, Any]) -> dict[str, Any]:
        # A fixed start (round 1's hands) belongs to one scenario: a fresh game is dealt from its seed.
        if "start" in rules:
            rules["start"] = None
        return rules
