"""A table that a tutorial's guide narrows and marks: the same widget as the play apps, with a guide.

``guided(widget_class)`` makes the guided variant of a game's table widget. Before a learner's move
reaches the engine, the guide may refuse it with a sentence saying what to try (while a step narrows
the first moves); every drawing of the table tells the guide where the game stands and outlines the
parts of the table the newest step names (``marks``). Marks are names in the game's terms ("hand",
"stall:mango"), turned here into CSS selectors for the widget's own elements (``MARKS``); the
browser only adds an outline to what they select (``common.js``: ``markGuide``).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

import explorer
from explorer.tutorials import Guide

from ._hints import is_hint_message
from ._intents import IntentError, parse_intent
from ._kinds import widget_for
from ._session import GameWidget

#: The error "rule" of a move the guide holds back (not a rule of the game: the rule text is absent).
GUIDE = "widget.tutorial-step"
#: Per game: a mark's name (before any ":") -> the selector of what it outlines ("{}" takes the part
#: after the colon). "stall:led" takes the fruit led in this trick.
MARKS: dict[str, dict[str, str]] = {
    "trick-table": {"hand": ".re-hand", "stalls": ".re-market", "stall": ".re-stall.re-fruit-{}",
                    "cart": ".re-cart", "trick": ".re-trick", "tricks": ".re-trick", "sellers": ".re-sellers",
                    "scores": "[data-role=score]", "action": 'button[data-action="{}"]',
                    "dealer": '.re-tag[title="dealer"]', "values": ".re-values",
                    "value": ".re-values .re-marker.re-fruit-{}", "value-moves": ".re-value-actions",
                    "colours": '.re-bastos-of, .re-fact[title^="Bastos! colour"]',
                    "won": '.re-fact[title="cards won this round, by fruit"]',
                    "trump": ".re-values th.re-trump, .re-status-row > .re-status:first-child",
                    "trump-cards": 'button[data-action$=":trump"]'},
    # Bangkok's places ("a1") and ends ("R1L") are the view's names, as the widget's data- hooks carry them.
    "bangkok-table": {"hand": ".re-hand", "port": ".re-port-grid", "piles": "[data-role=pile]",
                      "ends": ".re-port-grid button[data-end]", "end": 'button[data-end="{}"]',
                      "port-cell": '.re-port-cell[data-cell="{}"]', "row": '.re-port-cell[data-cell$="{}"]',
                      "column": '.re-port-cell[data-cell^="{}"]', "chillies": ".re-port-cell .re-chilli",
                      "collections": "[data-role=collections]", "renew": ".re-renew",
                      "market": ".re-market.re-big", "market-cell": '.re-market.re-big [data-cell="{}"]',
                      "markets": ".re-market", "pontoon": ".re-market.re-big .re-pontoon",
                      "overlay": "[data-role=overlay]", "token": '.re-tag[title*="first-player token"]',
                      "turns": '.re-header .re-meta, button[data-end][title*="turn counter"]',
                      "covered": ".re-port-grid button[data-end].re-covered", "ending": ".re-ending",
                      "scores": "[data-role=score]", "summary": "[data-role=summary]",
                      "action": 'button[data-action="{}"]'},
    # Klongs' spaces ("a2") are the view's names, as the board's data-space hooks carry them; "placed" is
    # the boat placed this turn, "just-played" what the other players just did (the board's "new" marks).
    # The board is outlined by its wrap: the wrap scrolls sideways and would clip the board's own outline;
    # the hand is its group (a boat tile in it carries the class re-hand too).
    "klong-board": {"hand": ".re-hand-box > .re-hand", "board": ".re-board-wrap",
                    "entries": ".re-space.re-entry",
                    "space": '.re-space[data-space="{}"]', "placed": ".re-space.re-placed",
                    "movable": ".re-space.re-movable",
                    "just-played": ".re-space.re-just-played, .re-landing.re-just-played, "
                                   "[data-role=just-played]",
                    "hoods": ".re-hood", "full-hoods": ".re-hood-full",
                    "landings": ".re-landing.re-landing-full",
                    "thief-row": ".re-space.re-thief-row", "inspector-column": ".re-space.re-inspector-col",
                    "protected": ".re-space.re-protected", "track": ".re-track-box",
                    "market-spaces": ".re-track .re-track-market", "counter": ".re-track .re-counter",
                    "scores": ".re-scores", "players": ".re-players", "stocks": ".re-stock",
                    "merchants": '.re-player .re-facts [title^="merchants"]',
                    "movement-cards": '.re-player .re-facts [title="movement cards left"]',
                    "stack": ".re-header .re-meta", "market": "[data-role=market], [data-role=market-due]",
                    "market-choices": ".re-market-choices", "actions": "[data-role=actions]",
                    "action": 'button[data-action="{}"]', "summary": "[data-role=summary]"},
}
#: What a mark's argument may be: a game's names and notations, never anything that could break out
#: of the attribute selector it fills.
_ARGUMENT = re.compile(r"[A-Za-z0-9_#@:>.+-]*")


class Guided:
    """Mixed in before a ``GameWidget`` class: the guide's narrowing and marks on that table."""

    guide: Guide
    MARK_KIND = "trick-table"
    #: What the table's Restart (and New game) do on a guided table: set by the page.
    start_again: Callable[[], None] | None = None

    def __init__(self, *args: Any, guide: Guide, **kwargs: Any) -> None:
        self.guide = guide  # before the table first draws itself: the drawing asks the guide
        super().__init__(*args, **kwargs)

    def handle_intent(self, content: object) -> bool:
        table: GameWidget = self  # type: ignore[assignment]
        if not is_hint_message(content):
            try:
                intent = parse_intent(content)
            except IntentError:
                intent = None  # the table itself refuses a malformed message, saying why
            if intent is not None and intent.kind in ("restart", "new-game") and self.start_again is not None:
                table.error = {}
                self.start_again()  # the guided deal again, from its first step: never another deal
                return True
            if intent is not None and intent.kind == "play" and intent.action is not None:
                nudge = self.guide.refusal(table.state, str(intent.action))
                if nudge is not None:
                    # Said as the guide's, so it is never taken for a rule of the game.
                    table.error = {"message": f"The guide asks: {nudge} (The rules allow that move; "
                                   "the guide frees your moves after this lesson.)", "rule": GUIDE}
                    return False
        return bool(super().handle_intent(content))  # type: ignore[misc]

    def _changed(self, *, notify: bool, now: bool = True) -> None:
        # A new position of the learner's (a move, a restart) is taken in before the bots answer it.
        table: GameWidget = self  # type: ignore[assignment]
        if notify and table._review is None:
            self.guide.update(table.state)
        super()._changed(notify=notify, now=now)  # type: ignore[misc]

    def _bot_moved(self) -> None:
        # Every position the bots pass through, not only those drawn: with no delay the bots move on
        # to the learner's turn before the table is drawn again, and a step may come in between.
        super()._bot_moved()  # type: ignore[misc]
        table: GameWidget = self  # type: ignore[assignment]
        if table._review is None:
            self.guide.update(table.state)

    def _extras(self, seat: int) -> dict[str, Any]:
        table: GameWidget = self  # type: ignore[assignment]
        extras: dict[str, Any] = super()._extras(seat)  # type: ignore[misc]
        if table._review is None:  # a past position under review is not where the game stands
            self.guide.update(table.state)
        extras["marks"] = selectors(self.MARK_KIND, self.guide.marks, lambda: table.state.view(seat))
        return extras


def selectors(kind: str, marks: tuple[str, ...], view: Callable[[], dict[str, Any]]) -> list[str]:
    """The CSS selectors of ``marks`` on a ``kind`` table (unknown names are left out)."""
    table = MARKS[kind]
    out = []
    for mark in marks:
        name, _, argument = mark.partition(":")
        if argument == "led":
            argument = str(view().get("led") or "")
        pattern = table.get(name)
        if pattern is None or not _ARGUMENT.fullmatch(argument) or ("{}" in pattern) != bool(argument):
            continue
        out.append(pattern.format(argument))
    return out


def guided(game: str) -> Callable[..., GameWidget]:
    """The guided variant of ``game``'s table widget class (it takes ``guide=`` beside the table's
    own arguments)."""
    cls = widget_for(game)
    made: Callable[..., GameWidget] = type(f"Guided{cls.__name__}", (Guided, cls),
                                  {"MARK_KIND": getattr(explorer, game).SPEC.widget})
    return made
