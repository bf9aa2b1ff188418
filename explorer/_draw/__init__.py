"""Static pictures of a game's table, drawn from its public view model alone (python-chess style).

``picture(state)`` is HTML with inline styles and inline SVG: no Jupyter import, no browser, no
widget. A notebook shows it through ``GameState._repr_html_``; exported HTML and nbviewer show it
too. Nothing here runs on ``play()`` or ``view()``: only when a picture is asked for.

>>> import explorer
>>> html = explorer.new_game("tindahan", players=3, seed=1).picture().html
>>> "Tindahan" in html and "You" in html and "Ben" in html  # seen by the seat to act: You
True
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from . import bangkok, fruit, klongs
from ._svg import figure

if TYPE_CHECKING:
    from .._core.state import GameState


class Picture:
    """A drawn table: ``html`` (the figure), shown richly by Jupyter; ``str()`` gives the HTML too."""

    def __init__(self, html: str, text: str = "") -> None:
        self.html = html
        self.text = text

    def _repr_html_(self) -> str:
        return self.html

    def __str__(self) -> str:
        return self.html

    def __repr__(self) -> str:
        return self.text or "<picture>"


def picture_html(state: GameState, seat: int | None = None, *, teaching: bool = False) -> str:
    """The table seen by ``seat`` (default: the seat to act, else the first); with ``teaching`` every
    hand face up (each read from its own seat's view, so nothing is drawn that no view shows)."""
    if seat is None:
        seat = state.current_player if state.current_player is not None else 0
    view = state.view(seat)
    others: list[dict[str, Any]] = [view if s == seat else state.view(s) if teaching else {}
                                    for s in range(state.players)]
    hands = [v.get("hand") if v else None for v in others]
    if state.GAME == "bangkok":
        title, body, caption = bangkok.draw(view, hands)
    elif state.GAME == "klongs":
        title, body, caption = klongs.draw(view, hands)
    else:
        title, body, caption = fruit.draw(view, hands)
    if teaching:
        title += " (teaching view: every hand face up)"
    return figure(state.GAME, title, body, caption=caption)


def picture(state: GameState, seat: int | None = None, *, teaching: bool = False) -> Picture:
    return Picture(picture_html(state, seat, teaching=teaching), repr(state))
