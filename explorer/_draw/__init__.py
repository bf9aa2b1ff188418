"""Static pictures of a game's table, drawn from its public view model alone (python-chess style).

``state.picture()`` is HTML with inline styles and inline SVG: no Jupyter import, no browser, no
widget. A notebook shows it through ``GameState._repr_html_``; exported HTML and nbviewer show it
too. Nothing here runs on ``play()`` or ``view()``: only when a picture is asked for.

>>> import explorer
>>> html = explorer.new_game("tindahan", players=3, seed=1).picture().html
>>> "Tindahan" in html and "You" in html and "Ben" in html  # seen by the seat to act: You
True
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from . import bangkok, fruit, klongs
from ._svg import figure


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


def picture_html(game: str, view: Mapping[str, Any], hands: Sequence[Any], *, teaching: bool = False) -> str:
    """The table a seat's ``view`` shows, with ``hands`` (each seat's hand as its own view shows it,
    ``None`` where hidden) drawn face up; ``teaching`` says so in the title."""
    if game == "bangkok":
        title, body, caption = bangkok.draw(view, hands)
    elif game == "klongs":
        title, body, caption = klongs.draw(view, hands)
    else:
        title, body, caption = fruit.draw(view, hands)
    if teaching:
        title += " (teaching view: every hand face up)"
    return figure(game, title, body, caption=caption)
